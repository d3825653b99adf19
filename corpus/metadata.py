"""Metadata an article states about itself: its outlet, dateline, publication date and headline.

Outlets come from the conventions of news copy: a wire code after the dateline ("KHARTOUM, April 24
(Reuters) —", "(UPI)", "(AA)"), a "Source: Meduza" line, a byline's affiliation ("By Jane Doe, Reuters"),
or the outlet's own name in the text ("told CNN"). A code that names a known agency ("AA") is given its
normal name (corpus/data/organisations.json). Dates come from a "Source: X, 27 September 2023" line, a
"Published"/"Updated"/"Posted" stamp or the dateline's "April 24" (the year from `year`).

Only what the text makes explicit is detected, and every detected field is marked as such, so a reader can
tell a value the user gave in evacmap.toml from one the tool inferred.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter

from evacmap.corpus.folding import fast

__all__ = ["detect_dateline", "detect_outlet", "detect_published", "detect_title", "is_caption"]

_OUTLETS = {
    "CNN": [r"\(CNN\)", r"\btold CNN\b", r"\bCNN sources\b", r"\bCNN's\b", r"\bCNN is unable\b"],
    "Al Jazeera": [r"\btold Al Jazeera\b", r"\bAl Jazeera's correspondent\b"],
    "Reuters": [r"\(Reuters\)", r"^[A-Z][A-Z .'-]+\(Reuters\)"],
    "Associated Press": [r"\(AP\)"],
    "AFP": [r"\(AFP\)"],
    "BBC News": [r"\btold the BBC\b", r"\btold BBC\b"],
    "VOA News": [r"\btold VOA\b", r"\bVOA's\b"],
    "The Independent": [r"\btold The Independent\b"],
}
_COMPILED = {outlet: [re.compile(p, re.MULTILINE) for p in pats] for outlet, pats in _OUTLETS.items()}
# The name every signature of an outlet spells out (case and all): a text without it has none of them, and a
# plain substring test is much cheaper than the signatures' word-boundary searches through a long article.
_NAMED = {"CNN": "CNN", "Al Jazeera": "Al Jazeera", "Reuters": "Reuters", "Associated Press": "(AP)", "AFP": "AFP",
          "BBC News": "BBC", "VOA News": "VOA", "The Independent": "The Independent"}
_DATELINE = re.compile(r"^\s*([A-Z][A-Z'.-]+(?: [A-Z][A-Z'.-]+)*)(?:,\s*(?:[A-Z][A-Za-z.]+|\d{1,4})(?:\s+\d{1,2})?)*"
                       r"(?:\s*\([^)\n]{1,40}\))?\s+(?:—|–|--|-)\s")


_HEAD_LINES = 6  # conventions of the masthead: only the first lines of a text are read for them
_WIRE = re.compile(r"^[ \t]*[A-Z][A-Z'.-]+(?:[ ,]+(?:[A-Z][A-Za-z'.-]+|\d{1,4}))*\s*\(([A-Z][\w .&'’-]{0,40})\)\s*"
                   r"(?:—|–|--|-|:)?\s", re.M)
_CODE_ONLY = re.compile(r"^[ \t]*\(([A-Z][\w .&'’-]{0,40})\)\s*(?:—|–|--|-)?\s*[A-Z]", re.M)
_SOURCE_LINE = re.compile(r"^[ \t]*(?:Source|Via|Originally published (?:by|in)|Republished from)\s*:?\s+"
                          r"([A-Z][\w .&'’-]{1,60}?)\s*(?:,\s*(.+?))?\s*$", re.M)
_BYLINE = re.compile(r"^[ \t]*By\s+[A-Z][\w.'’ -]{1,60}?(?:,|\||—|–| for )\s*(?:the\s+)?([A-Z][\w .&'’-]{1,40}?)\s*$",
                     re.M)
_STAMP = re.compile(r"^[ \t]*(?:Published|Updated|Posted|First published)(?:\s+on)?\s*:?\s*(.+?)\s*$", re.M | re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DMY = re.compile(r"\b(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b")
_MDY = re.compile(r"\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_CAPTION = re.compile(r"^\W*(?:(?:a|an|the|this)\s+)?(?:file\s+)?(?:photo(?:graph)?|picture|image|video)s?\s+"
                      r"(?:shows?|taken|from)\b|\((?:photo|picture|image|credit|photograph)s?\s*:[^)]*\)\s*$|"
                      r"^\W*(?:photo|credit|caption|image)\s*:", re.I)


def _head(text: str) -> str:
    return "\n".join([ln for ln in text.split("\n") if ln.strip()][:_HEAD_LINES])


def _normal_outlet(name: str) -> str:
    from evacmap.corpus.attribution import org_name

    name = name.strip(" .,")
    return org_name(name) or name


def _masthead_outlet(text: str) -> str | None:
    """The outlet a wire code, a Source: line or a byline names at the top of the text."""
    head = _head(text)
    for rx in (_WIRE, _CODE_ONLY, _SOURCE_LINE, _BYLINE):
        m = rx.search(head)
        if m:
            return _normal_outlet(re.sub(r"\s+(?:staff|correspondents?|reporters?|writers?|desk)$", "", m.group(1)))
    return None


def is_caption(sentence: str) -> bool:
    """A photo caption or credit ("A file photo shows ...", "(Photo: J. Doe)"): page furniture, not a claim."""
    return bool(_CAPTION.search(sentence))


def _date_in(s: str, year: int | dt.date | None) -> dt.date | None:
    for rx, order in ((_ISO, "ymd"), (_DMY, "dmy"), (_MDY, "mdy")):
        m = rx.search(s)
        if not m:
            continue
        try:
            if order == "ymd":
                return dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            d, mon, y = (m.group(1), m.group(2), m.group(3)) if order == "dmy" else (m.group(2), m.group(1), m.group(3))
            if mon[:3].lower() not in _MONTHS or not (y or year):
                continue
            month = _MONTHS.index(mon[:3].lower()) + 1
            if isinstance(year, dt.date) and not y:
                return _nearest(year, month, int(d))
            return dt.date(int(y) if y else year.year if isinstance(year, dt.date) else int(year or 0), month, int(d))
        except ValueError:
            continue
    return None


def _nearest(around: dt.date, month: int, day: int) -> dt.date:
    """The day and month without a year nearest to `around`: a wire dateline's "Dec 29" in a story of early
    January is the December before, not the one eleven months after (nor "Jan 2" of a late-December story the
    January before). A day no year of the three has (29 February) raises ValueError."""
    found = []
    for y in (around.year - 1, around.year, around.year + 1):
        try:
            found.append(dt.date(y, month, day))
        except ValueError:
            continue
    if not found:
        raise ValueError(f"no {month}-{day} near {around}")
    return min(found, key=lambda d: (abs((d - around).days), d))


def detect_published(text: str, year: int | dt.date | None = None) -> dt.date | None:
    """The publication date the top of the text states: a "Source: X, 27 September 2023" line, a
    "Published"/"Updated" stamp, or the dateline's "April 24" (then the year is `year`; given a day, the
    corpus's, the year that puts the date nearest that day). None otherwise."""
    head = _head(text)
    for rx, group in ((_SOURCE_LINE, 2), (_STAMP, 1)):
        m = rx.search(head)
        if m and m.group(group):
            d = _date_in(m.group(group), year)
            if d:
                return d
    for line in head.split("\n"):
        if len(line.strip()) <= 30 and _date_in(line, year):  # a date line under the headline
            return _date_in(line, year)
    # the dateline ends in a dash, or a hyphen between spaces as ASCII wire copy types it ("(Wire) - Text")
    m = re.search(r"^[ \t]*[A-Z][A-Z'.-]+(?:[ ,]+(?:[A-Z][A-Za-z'.-]+|\d{1,4}))*\s*(?:\([^)\n]{1,40}\))?"
                  r"(?:\s*(?:—|–|--)|\s+-\s)", head, re.M)
    return _date_in(m.group(0), year) if m else None


def detect_outlet(text: str) -> str | None:
    """The outlet the masthead names (wire code, Source: line, byline), else the one whose signature occurs
    most often in the text, or None."""
    masthead = _masthead_outlet(text)
    if masthead:
        return masthead
    hits = Counter({outlet: sum(len(p.findall(text)) for p in pats) if _NAMED[outlet] in text else 0
                    for outlet, pats in _COMPILED.items()})
    best = [o for o, n in hits.most_common() if n > 0]
    return best[0] if best else None


def detect_dateline(text: str) -> str | None:
    """"BEIRUT — Around 1,000 people…" → "BEIRUT" (the dateline may follow a headline)."""
    for line in _head(text).split("\n"):
        m = _DATELINE.match(line)
        if m:
            return m.group(1)
    return None


def detect_title(text: str) -> str | None:
    """A headline: a short first line without a closing full stop, followed by a blank line."""
    first, _, rest = text.lstrip().partition("\n")
    first = first.strip().lstrip("#").strip()
    if first and len(first) <= 160 and not first.endswith((".", "”", '"')) and rest.startswith("\n"):
        return first
    return None


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
_CAPTION = fast(_CAPTION)
