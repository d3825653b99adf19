"""Numbers in news prose, with their qualifier and what they count.

"Approximately 200 left in the first batch of 17 buses" gives two quantities: about 200 (people,
the noun is elided) and 17 buses. Numbers that do not count anything in the story are dropped at
the source, so that no later stage can mistake them for claims: years, ages and compound
adjectives ("9-month-old", "15-member", "six-year-long"), durations ("four years", "for 3,000
years"), clock times, ordinals and phone numbers.

A quantity whose counted noun cannot be found keeps ``counts=None``; callers that want claims
keep only counted ones. Vague amounts ("hundreds of families", "tens of thousands") carry a range
(low/high) and no point value; "between 1,500 to 5,000" likewise.

No number-words package is used: the vocabulary news text needs (up to "two dozen", "twenty-nine",
"three hundred thousand") fits in the small parser below.
"""
from __future__ import annotations

import math
import re

from evacmap.corpus.model import Quantity

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_NUMWORD = "|".join(sorted([*_UNITS, *_TENS, *_SCALES, "dozen"], key=len, reverse=True))

# Vague amounts: (low, high) of the range the phrase conventionally means.
_VAGUE = {
    "hundreds of thousands": (200_000, 999_999), "tens of thousands": (20_000, 99_999),
    "several hundred": (300, 900), "several thousand": (3_000, 9_000),
    "a few hundred": (200, 500), "a few thousand": (2_000, 5_000), "a few dozen": (24, 60),
    "several dozen": (36, 100), "millions": (2_000_000, 9_999_999), "thousands": (2_000, 9_999),
    "hundreds": (200, 999), "dozens": (24, 99), "scores": (40, 99),
}

# What can be counted, with the normal form the comparison uses.
_NOUNS = {
    "people": "people", "person": "people", "persons": "people", "individuals": "people",
    "lives": "people", "civilians": "civilians", "civilian": "civilians",
    "residents": "residents", "inhabitants": "residents", "citizens": "residents",
    "evacuees": "evacuees", "evacuee": "evacuees", "fighters": "fighters", "fighter": "fighters",
    "gunmen": "fighters", "militants": "fighters", "combatants": "fighters",
    "militiamen": "fighters", "rebels": "rebels", "rebel": "rebels",
    "soldiers": "soldiers", "troops": "soldiers",
    "wounded": "wounded", "injured": "wounded", "casualties": "casualties",
    "dead": "killed", "killed": "killed", "deaths": "killed", "bodies": "killed",
    "children": "children", "child": "children", "orphans": "orphans", "women": "women",
    "men": "men", "families": "families", "family": "families", "patients": "patients",
    "volunteers": "volunteers", "volunteer": "volunteers", "workers": "workers",
    "doctors": "doctors", "refugees": "refugees", "hostages": "hostages", "prisoners": "prisoners",
    "buses": "buses", "bus": "buses", "busses": "buses", "coaches": "buses",
    "ambulances": "ambulances", "ambulance": "ambulances", "vehicles": "vehicles",
    "vehicle": "vehicles", "cars": "vehicles", "trucks": "trucks", "truck": "trucks",
    "lorries": "trucks", "convoys": "convoys", "convoy": "convoys",
}
HUMAN = frozenset({"people", "civilians", "residents", "evacuees", "fighters", "rebels",
                   "foreign fighters", "soldiers", "wounded", "killed", "casualties", "children",
                   "orphans", "women", "men", "families", "patients", "volunteers", "workers",
                   "doctors", "refugees", "hostages", "prisoners"})

_TIME_UNITS = (r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centur(?:y|ies)"
               r"|generations?|nights?|mornings?|afternoons?|evenings?|times|am|pm|a\.m\.|p\.m\.|gmt)")
_QUALIFIERS = (
    "approximately", "about", "around", "roughly", "some", "an estimated", "estimated",
    "nearly", "almost", "close to", "just under", "just over", "at least", "more than",
    "over", "upwards of", "no fewer than", "no less than", "fewer than", "less than",
    "up to", "as many as", "as high as", "as much as", "at most", "no more than", "exactly",
    "target of",
)
_QUAL_RE = re.compile(r"(?:^|(?<=[\s(\"“]))({})\s+$".format("|".join(
    sorted((re.escape(q) for q in _QUALIFIERS), key=len, reverse=True))), re.I)

_NUMBER = re.compile(
    r"(?P<phone>\+\d[\d ()-]{{6,}}\d|\b\d{{2,4}}(?: \d{{3,4}}){{2,}}\b)"
    r"|(?P<vague>\b(?:{})\b)".format("|".join(re.escape(v) for v in _VAGUE))
    + r"|(?P<digits>(?<![\w.,:/+#-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.,:/+#-])\d+(?:\.\d+)?"
      r"(?:\s+(?:million|billion|thousand))?)"
    + rf"|(?P<words>\b(?:an?\s+(?=(?:dozen|hundred|thousand|million)\b))?(?:{_NUMWORD})(?:(?:[\s-]+(?:and\s+)?)(?:{_NUMWORD}))*\b)",
    re.I,
)
_PLAIN = re.compile(r"(?P<phone>(?!))|(?P<vague>(?!))|(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                    rf"|(?P<words>(?:{_NUMWORD})(?:(?:[\s-]+(?:and\s+)?)(?:{_NUMWORD}))*\b)", re.I)
_MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
           r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_RANGE_JOIN = re.compile(r"\s*(?:to|and|-|–|or)\s*", re.I)
_HUMAN_VERB = re.compile(
    r"(?:were|was|are|have|had|has)?\s*(?:left|remain(?:ed|s)?|fled|escaped|died|arrived|crossed|"
    r"boarded|departed|gathered|stayed|were|are|had|have)\b", re.I)
_KILL_BEFORE = re.compile(r"\b(?:kill(?:ed|ing|s)?|shot dead|shooting(?: dead)?|massacred|massacring|"
                          r"executed|executing)\s+$", re.I)
_WOUND_BEFORE = re.compile(r"\b(?:wound(?:ed|ing|s)?|injur(?:ed|ing|es)?)\s+$", re.I)
_KILL_AFTER = re.compile(r"^\s*(?:others?\s+|more\s+)?(?:(?:were|was|have been|had been|are)\s+)?"
                         r"(?:(?:shot and )?killed|shot dead|died|dead)\b", re.I)
_WOUND_AFTER = re.compile(r"^\s*(?:others?\s+|more\s+)?(?:(?:were|was|have been|had been|are)\s+)?"
                          r"(?:wounded|injured|hurt)\b", re.I)
_FIGURE = re.compile(r"\bthe (?:figure|number|toll|total|estimate|tally)\b", re.I)
_HOW_MANY = re.compile(r"\bhow many (\w+)", re.I)
_MODIFIER = re.compile(r"^(?:[A-Z][\w'’-]*|foreign|rebel|other|more|green|government|wounded|"
                       r"injured|sick|local|young|armed|opposition|Shia|Shi'ite|Sunni|new|small|"
                       r"slow-moving|white|red|civilian|additional|extra|further|of|the|their)$")


def words_to_number(phrase: str) -> float | None:
    """'twenty-nine' -> 29, 'two dozen' -> 24, 'a hundred and fifty' -> 150; None if not a number."""
    total = current = 0
    seen = False
    for w in re.split(r"[\s-]+", phrase.lower().strip()):
        if w in ("and", ""):
            continue
        if w in ("a", "an"):
            current, seen = current or 1, True
        elif w in _UNITS:
            current += _UNITS[w]
            seen = True
        elif w in _TENS:
            current += _TENS[w]
            seen = True
        elif w == "dozen":
            current = (current or 1) * 12
            seen = True
        elif w == "hundred":
            current = (current or 1) * 100
            seen = True
        elif w in _SCALES:
            total += (current or 1) * _SCALES[w]
            current, seen = 0, True
        else:
            return None
    return float(total + current) if seen else None


def _digits(s: str) -> float:
    s = s.replace(",", "")
    m = re.match(r"([\d.]+)\s*(million|billion|thousand)?", s, re.I)
    value = float(m.group(1))
    if m.group(2):
        value *= _SCALES[m.group(2).lower()]
    return value


def _value(m: re.Match) -> float | None:
    if m.group("digits"):
        value = _digits(m.group("digits"))
        return value if math.isfinite(value) else None  # 310+ digits: no count, and no valid JSON
    if m.group("words"):
        return words_to_number(m.group("words"))
    return None


def _is_not_a_count(text: str, m: re.Match) -> bool:
    """Years, ages/compound adjectives, durations, times, ordinals, 'one of', 'one day'."""
    after = text[m.end():]
    before = text[: m.start()]
    raw = m.group(0)
    if re.match(rf"-(?!(?:{_NUMWORD})\b)[A-Za-z]", after, re.I):  # 9-month-old, 15-member
        return True
    if re.match(r"(?:st|nd|rd|th)\b|:\d|\s*(?:am|pm|a\.m\.|p\.m\.)\b|\s*gmt\b", after, re.I):
        return True
    if re.match(rf"\s+(?:(?:more|long|full|straight|consecutive|whole|entire|short)\s+)?{_TIME_UNITS}\b", after, re.I):
        return True
    if re.search(r"[:]\s*$", before) and re.match(r"\d", raw):
        return True
    if re.match(r"\s*(?:%|per ?cent\b)", after, re.I) or re.search(r"[$£€]\s*$", before):
        return True  # shares and money are not head counts
    if re.search(rf"\b{_MONTHS}\s*$", before, re.I) or re.match(rf"\s+{_MONTHS}\b", after, re.I):
        return True  # "December 15", "15 December"
    if m.group("digits") and re.fullmatch(r"\d{4}", raw) and 1800 <= int(raw) <= 2100:
        return True  # a year, unless a counted noun follows (checked by the caller)
    if m.group("words") and raw.lower() in ("one", "a", "an"):
        return bool(re.match(r"\s+(?:of|another|day|time|way|side|another|last|thing|hand)\b",
                             after, re.I)) or not _noun_after(after)[0]
    return False


def _noun_after(after: str) -> tuple[str | None, int]:
    """The counted noun within a few modifier words after the number: (normal form, end offset)."""
    pos = 0
    for _ in range(5):
        m = re.match(r"\s*([A-Za-z][A-Za-z'’-]*)", after[pos:])
        if not m:
            return None, 0
        word = m.group(1)
        lw = word.lower()
        end = pos + m.end()
        if lw == "foreign" and re.match(r"\s+fighters?\b", after[end:], re.I):
            return "foreign fighters", end + re.match(r"\s+fighters?", after[end:], re.I).end()
        if lw in _NOUNS and not (lw in ("wounded", "injured", "killed", "dead") and pos == 0
                                 and re.match(r"\s+(?:by|in|when|after|as)\b", after[end:])):
            return _NOUNS[lw], end
        if lw in ("of",) and pos == 0:
            pos = end
            continue
        if not _MODIFIER.match(word) or (lw in ("more", "other") and pos):
            return None, 0
        pos = end
    return None, 0


def _qualifier(text: str, start: int) -> tuple[str | None, int]:
    """The qualifier right before a number ("at least", "an estimated") and where it starts."""
    window_start = max(0, start - 20)
    m = _QUAL_RE.search(text, window_start, start)
    if not m:
        return None, start
    q = m.group(1).lower()
    return {"an estimated": "estimated", "target of": "target"}.get(q, q), m.start(1)


def _elided(text: str, m: re.Match, context: str, found: list[Quantity]) -> str | None:
    """What a number with no noun counts: 'the figure' asked about in the previous sentence, the
    first head count earlier in the sentence ("the remaining 10,000"), or people when a verb of
    people follows ("200 left", "50,000 remained"). None when nothing says."""
    after = text[m.end():]
    asked = _HOW_MANY.search(context)
    if _FIGURE.search(text) and asked and asked.group(1).lower() in _NOUNS:
        return _NOUNS[asked.group(1).lower()]
    people_verb = _HUMAN_VERB.match(after.lstrip())
    if not people_verb and not re.match(r"\s+(?:in|from|at|on|to|inside|by|during|who|that|whom)\b|[,.;]",
                                        after):
        return None
    for q in found:
        if q.counts in HUMAN and q.counts not in ("killed", "wounded"):
            return q.counts
    return "people" if people_verb else None


def _role(text: str, qstart: int, nend: int, counts: str | None) -> str | None:
    """Killed or wounded when a verb around the count says so ('killing one person')."""
    before, after = text[:qstart], text[nend:]
    if counts not in (None, "people", "civilians", "volunteers", "workers", "children", "fighters",
                      "soldiers", "rebels", "residents", "men", "women"):
        return counts
    if _KILL_BEFORE.search(before) or _KILL_AFTER.match(after):
        return "killed"
    if _WOUND_BEFORE.search(before) or _WOUND_AFTER.match(after):
        return "wounded"
    return counts


def parse_quantities(text: str, offset: int = 0, context: str = "") -> list[Quantity]:
    """All quantities in `text` (one sentence); offsets are `offset` + position in `text`.

    `context` is the previous sentence, used when the counted noun is 'the figure' of something
    asked there ("how many people are left ... The UN has put the figure as high as 50,000").
    """
    out: list[Quantity] = []
    pos = 0
    while True:
        m = _NUMBER.search(text, pos)
        if not m:
            break
        pos = m.end()
        if m.group("phone"):
            continue
        qualifier, qstart = _qualifier(text, m.start())
        low = high = value = None
        end = m.end()
        if m.group("vague"):
            low, high = map(float, _VAGUE[m.group("vague").lower()])
            qualifier = qualifier or m.group("vague").lower()
            om = re.match(r"\s+of\b", text[end:], re.I)
            noun_from = end + (om.end() if om else 0)
        else:
            value = _value(m)
            if value is None:
                continue
            if m.group(0).lower() == "one" and re.match(r"\s+of\b", text[end:], re.I):
                continue  # "one of the buses" picks one out, it counts nothing
            noun, _ = _noun_after(text[end:])
            if _is_not_a_count(text, m) and noun is None:
                continue
            if m.group("digits") and re.fullmatch(r"\d{4}", m.group(0)) and 1800 <= value <= 2100 \
                    and noun is None:
                continue
            # a range: "between 1,500 to 5,000", "1,500-5,000", "from 10 to 20"
            rj = _RANGE_JOIN.match(text, end)
            m2 = _PLAIN.match(text, rj.end()) if rj else None
            joiner = rj.group(0).strip().lower() if rj else ""
            if m2 and not m2.group("phone") and not m2.group("vague") and (_value(m2) or -1.0) >= value and (
                    qualifier in ("between",) or joiner in ("to", "-", "–")
                    or re.search(r"\b(?:between|from)\s+$", text[:m.start()], re.I)) \
                    and (joiner != "and" or re.search(r"\bbetween\s+$", text[:m.start()], re.I)):
                low, high, value = value, _value(m2), None
                bm = re.search(r"\b(between|from)\s+$", text[:m.start()], re.I)
                qualifier = "between"
                if bm:
                    qstart = bm.start(1)
                end = pos = m2.end()
            noun_from = end
        if qualifier in ("at least", "more than", "over", "upwards of", "no fewer than",
                         "no less than", "just over"):
            low = value
        elif qualifier in ("up to", "as many as", "as high as", "as much as", "at most",
                           "no more than", "fewer than", "less than", "almost", "nearly",
                           "just under", "close to"):
            high = value
        counts, nend = _noun_after(text[noun_from:])
        nend = noun_from + nend if counts else end
        if counts is None:
            counts = _elided(text, m, context, out)
        counts = _role(text, qstart, nend, counts)
        if counts is None and m.group("words") and m.group(0).lower() in ("one", "a", "an"):
            continue
        out.append(Quantity(value=value, low=low, high=high, qualifier=qualifier, counts=counts,
                            text=text[qstart:nend], start=offset + qstart, end=offset + nend))
    return out
