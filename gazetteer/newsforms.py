"""Forms of news copy the finder reads beyond single names: the style guides' abbreviations of states
("Ky.", "W.Va."), dotted initialisms ("U.S."), pairs of places joined by a hyphen or slash
("Fargo-Moorhead"), demonyms, lists of counties ("Charlotte, Lee and Collier counties"), a county's bare name
elsewhere in the article, and datelines ("DJIBOUTI, April 24 —")."""
from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re

from evacmap.gazetteer.layers import demonyms
from evacmap.gazetteer.model import Match, Place
from evacmap.gazetteer.normalize import name_key
from evacmap.gazetteer.text import Tokens

__all__ = ["DOTTED_RUN", "abbreviation_table", "abbreviations", "county_lists", "county_sense", "dateline", "demonym_keys",
           "dotted_initialisms", "not_initialisms", "paired_spans"]


@functools.lru_cache(maxsize=1)
def demonym_keys() -> frozenset[str]:
    """The matching keys of the countries' demonyms ("syrian", "turkish")."""
    return frozenset(name_key(d) for d in demonyms())


_DATELINE_ENDS = frozenset({"—", "–", "-", "--", "(", ":"})


@functools.lru_cache(maxsize=1)
def abbreviation_table() -> tuple[dict[str, tuple[str, str, bool]], re.Pattern[str]]:
    """The style guides' abbreviations of first-level regions (gazetteer/data/abbreviations.csv: "Ky." →
    Kentucky), as abbreviation → (full name, country, needs a comma before it), and one pattern for them."""
    import csv
    import importlib.resources
    import io

    resource = importlib.resources.files("evacmap.gazetteer") / "data" / "abbreviations.csv"
    rows = csv.DictReader(io.StringIO(resource.read_text(encoding="utf-8"), newline=""))
    table = {r["abbreviation"]: (r["name"], r["country"], r["needs_comma"] == "true") for r in rows}
    dotted = sorted((a[:-1] for a in table if a.endswith(".")), key=len, reverse=True)
    plain = sorted((a for a in table if not a.endswith(".")), key=len, reverse=True)  # "NY", "NSW"
    # Each form opens with its own first letter, its lookbehind after it ("K(?<![\w.]K)y\.": no word or full
    # stop before the K), so the pattern starts with a literal and `re` skips ahead to the letters that open
    # a form instead of trying the whole alternation at every character of the text.
    def form(abbreviation: str, tail: str) -> str:
        first = re.escape(abbreviation[0])
        return rf"{first}(?<![\w.]{first}){re.escape(abbreviation[1:])}{tail}"

    return table, re.compile("|".join([form(a, r"\.(?!\w)") for a in dotted] + [form(a, r"(?!\w|\.\w)") for a in plain]))


def abbreviations(tokens: Tokens, text: str) -> list[tuple[int, int, str, str]]:
    """(first token, end token, key of the full name, country) of each abbreviation in the text. The forms
    that are also words or titles ("Miss.", "Pa.", "Wash.") and the two-letter postal codes ("NY", "ON")
    count only after a comma and a capitalised word, where the style guides put them: "Jackson, Miss.",
    "Brooklyn, NY"."""
    table, pattern = abbreviation_table()
    out: list[Place] = []
    for m in pattern.finditer(text):
        name, country, needs_comma = table[m.group()]
        i = bisect.bisect_left(tokens.starts, m.start())
        if i > 0 and tokens.words[i - 1].isdigit():
            continue  # "500 B.C.": an era, not British Columbia
        if needs_comma and not (text[max(0, m.start() - 2):m.start()] == ", " and i > 0 and tokens.caps[i - 1]):
            continue
        if not m.group().endswith(".") and 0 < i < len(tokens) - 1 and tokens.words[i - 1].isupper() and \
                tokens.words[i + 1].isupper() and text[m.end():tokens.starts[i + 1]].strip() not in _DATELINE_ENDS:
            continue  # "Brooklyn, NY", "NSW police", "MANSFIELD, OH —"; not a word of a line in capitals ("SAID,
            # IN A STATEMENT")
        out.append((i, bisect.bisect_left(tokens.starts, m.end()), name_key(name), country))
    return out


def paired_spans(spans, tokens: Tokens, text: str) -> frozenset[tuple[int, int]]:
    """Name spans joined to the next by a hyphen or slash ("Fargo-Moorhead", "Dallas/Fort Worth"): a pair of
    places, which the person rules must not read as a double-barrelled name."""
    out = set()
    for (i, j, *_), (k, m, *_) in itertools.pairwise(spans):
        if j == k and text[tokens.ends[j - 1]:tokens.starts[k]] in {"-", "–", "/"}:
            out.update({(i, j), (k, m)})
    return frozenset(out)


# U.S, U.K., U.A.E.: the lookbehind (no word or full stop before) after the first letter, so that `re` skips
# ahead to capitals instead of trying the lookbehind at every character
DOTTED_RUN = re.compile(r"[A-Z](?<![\w.][A-Z])\.(?:[A-Z]\.)*[A-Z](?!\w)")

def dotted_initialisms(tokens: Tokens, text: str) -> list[tuple[int, int, str]]:
    """Runs of single capital letters joined by full stops ("U.S.", "U.K", "U.A.E."), with the key of the
    undotted initialism ("us"): the dotted form's own key ("u s") is too short to index."""
    out = []
    for m in DOTTED_RUN.finditer(text):  # only where the text has one, not a walk over every word
        letters = m.group().replace(".", "")
        i = bisect.bisect_left(tokens.starts, m.start())
        out.append((i, i + len(letters), letters.lower()))
    return out


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
    """Is tokens i..j an all-capitals name opening a line and followed by a comma, a dash or a bracket, or
    run straight into the story's first sentence ("WASHINGTON Barack Obama pardoned")?"""
    start, end = tokens.starts[i], tokens.ends[j - 1]
    if not text[start:end].isupper() or len(text[start:end]) < 3:
        return False
    k = start  # only blanks back to the line's start (walked, not searched: a paragraph may be megabytes long)
    while k > 0 and text[k - 1] != "\n" and text[k - 1].isspace():
        k -= 1
    if k > 0 and text[k - 1] != "\n":
        return False
    if text[end:end + 2] in {", ", " —", " –", " (", " -"}:
        return True
    return (j < len(tokens) and text[end:tokens.starts[j]] == " " and tokens.caps[j]
            and not tokens.words[j].isupper() and text[start:end].replace(" ", "").isalpha())  # not "U.S Secretary"


def not_initialisms(places: list[Place], key: str) -> list[Place]:
    """The places a short word names when it is not written in capitals: those with a name of that key that
    is not an initialism ("EU", "UK" name their unions and countries only so written)."""
    return [p for p in places if any(not n.isupper() and name_key(n) == key for n in p.names)]
