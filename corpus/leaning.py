"""Counts whose words lean on another count of the same clause for where they are.

A coordinated part of a clause that names no place of its own usually says nothing of where its number is
(claims._placed then gives it none). Two forms of news English say it all the same, by pointing at the count
before them:

- an elliptical continuation: "12,000 Americans had left Lebanon and about 1,000 more were expected to leave",
  "flew 21 people to Cyprus on Sunday, and two helicopters carried 43 more on Monday", "25,000 Americans live
  in Lebanon, and about 8,000 of them have asked to leave", "another 200", "a further 300": the number is
  more of, or part of, the count just made, at its place;
- an item of a list a colon opens: "168 of the wounded were taken to hospitals in Armenia: 96 by helicopter
  ..., and 72 by ambulances": each item details the count before the colon, at the places that count's own
  words name (not the places an earlier item names: "brought back 1,539: 323 flew home from Port Sudan, and
  1,216 came by road" gives 1,216 no airport).

Both are read in the clause itself, so the places are stated, not inferred.

An adverb and a participle before a noun ("43 internationally recruited UN staff and 29 employees") modify
the noun: they are no verb of the words before "and 29", so the clause is not parted there.
"""
from __future__ import annotations

import re

__all__ = ["ATTRIBUTIVE", "colon_head", "leans_back"]

_NUMBER = (r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens|hundreds|"
           r"thousands)")
_LEANING = re.compile(rf"\b(?:(?:another|a\s+further|an\s+additional)\s+(?:\w+\s+)?{_NUMBER}\b|"
                      rf"{_NUMBER}\s+(?:more|others|of\s+them|of\s+those|of\s+whom)\b)", re.I)
_COUNT_FIRST = re.compile(rf"^\W*(?:(?:about|around|some|nearly|almost|roughly|another|the\s+other|the\s+remaining|"
                          rf"the\s+rest|more\s+than|at\s+least)\s+)?{_NUMBER}\b", re.I)
#: "internationally recruited", "newly arrived" before a noun: a modifier, not a finite verb
ATTRIBUTIVE = re.compile(r"\b\w+ly\s+\w+ed\s+(?=[A-Za-z])")


def leans_back(part: str) -> bool:
    """Whether a part of a clause counts more of, or part of, a count made before it ("1,000 more",
    "8,000 of them", "another 200")."""
    return _LEANING.search(part) is not None


def colon_head(text: str, lo: int) -> tuple[int, int] | None:
    """For a part starting at `lo` of the clause `text` that is an item of a list a colon opens, the span of
    the words before the colon back to the start of the clause part holding it (as offsets into `text`),
    else None. The caller narrows the span to its part."""
    colon = text.rfind(":", 0, lo)
    if colon < 0 or not _COUNT_FIRST.match(text[lo:]) or re.search(r"[.;]", text[colon:lo]):
        return None
    return 0, colon
