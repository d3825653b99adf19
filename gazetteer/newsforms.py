"""Forms of news copy the finder reads beyond single names: lists of counties ("Charlotte, Lee and Collier
counties"), a county's bare name elsewhere in the article, and datelines ("DJIBOUTI, April 24 —")."""
from __future__ import annotations

import bisect
import dataclasses
import re

from evacmap.gazetteer.model import Match, Place
from evacmap.gazetteer.normalize import name_key
from evacmap.gazetteer.text import Tokens

__all__ = ["county_lists", "county_sense", "dateline"]

_COUNTY_PLURAL = re.compile(r"\b(counties|parishes|boroughs)\b")
_COUNTY_SINGULAR = {"counties": "County", "parishes": "Parish", "boroughs": "Borough"}


def county_lists(tokens: Tokens, text: str) -> list[tuple[int, int, str]]:
    """"Charlotte, Lee and Collier counties": each capitalised word of a list before a lowercase plural of
    county, parish or borough, with the key of its full name ("lee county")."""
    out: list[tuple[int, int, str]] = []
    if "counties" not in text and "parishes" not in text and "boroughs" not in text:
        return out
    for m in _COUNTY_PLURAL.finditer(text):
        end = bisect.bisect_left(tokens.starts, m.start())
        while end > 0:
            start = end - 1
            while start > 0 and tokens.caps[start - 1] and text[tokens.ends[start - 1]:tokens.starts[start]] == " ":
                start -= 1
            if not all(tokens.caps[start:end]) or text[tokens.ends[end - 1]:tokens.starts[end]].strip() not in {"", ","}:
                break
            out.append((start, end, name_key(" ".join(tokens.words[start:end]) + " " + _COUNTY_SINGULAR[m.group()])))
            if start >= 2 and tokens.words[start - 1] in {"and", "or"}:
                end = start - 1  # "Lee and Collier", "Lee, and Collier"
            elif start >= 1 and text[tokens.ends[start - 1]:tokens.starts[start]] == ", ":
                end = start  # "Charlotte, Lee"
            else:
                break
    return out


def county_sense(matches: list[Match]) -> list[Match]:
    """One sense per article: where the article names "Charlotte County", a bare "Charlotte" that would go
    to a place in another state (Charlotte, North Carolina) or stay unresolved is that county. A place of
    the name in the county's own state (the city of Sarasota beside Sarasota County) is kept."""
    counties: dict[str, Place] = {}
    for m in matches:
        if m.place is not None and m.place.kind == "county":
            counties.setdefault(name_key(m.place.name.rsplit(" ", 1)[0]), m.place)
    if not counties:
        return matches
    out = []
    for match in matches:
        county = counties.get(name_key(match.surface))
        if county is not None and match.place is not county and (match.place is None
                                                                 or match.place.parent != county.parent):
            out.append(dataclasses.replace(match, place=county, reason=f"the article's {county.name}; {match.reason}"))
        else:
            out.append(match)
    return out


def dateline(tokens: Tokens, text: str, i: int, j: int) -> bool:
    """Is tokens i..j an all-capitals name opening a line and followed by a comma, a dash or a bracket?"""
    start, end = tokens.starts[i], tokens.ends[j - 1]
    line_start = text.rfind("\n", 0, start) + 1
    return (text[line_start:start].strip() == "" and text[start:end].isupper()
            and text[end:end + 2] in {", ", " —", " –", " ("})
