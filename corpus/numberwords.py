"""Numbers written as words or digits in news prose: "twenty-nine", "two dozen", "3.5 million", "12 lakh".

No number-words package is used: the vocabulary news text needs (up to "two dozen", "twenty-nine",
"three hundred thousand") fits in the small parser below.
"""
from __future__ import annotations

import re

__all__ = ["DIGIT_SCALES", "NUMWORD", "SCALES", "TENS", "UNITS", "digits_value", "word_number", "words_to_number"]

UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
# "lakh" (100,000) and "crore" (10 million) are the scale words of South Asian English news ("12 lakh people");
# their plurals stand after a number too ("3 lakhs").
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000,
          "lakh": 100_000, "lakhs": 100_000, "crore": 10_000_000, "crores": 10_000_000}
#: the scale words that may follow digits ("3.5 million", "1.3 lakh"), for a regular expression
DIGIT_SCALES = "million|billion|thousand|lakhs?|crores?"
NUMWORD = "|".join(sorted([*UNITS, *TENS, *SCALES, "dozen"], key=len, reverse=True))


def words_to_number(phrase: str) -> float | None:
    """'twenty-nine' -> 29, 'two dozen' -> 24, 'a hundred and fifty' -> 150; None if not a number."""
    total = current = 0
    seen = False
    for w in re.split(r"[\s-]+", phrase.lower().strip()):
        if w in ("and", ""):
            continue
        if w in ("a", "an"):
            current, seen = current or 1, True
        elif w in UNITS:
            current += UNITS[w]
            seen = True
        elif w in TENS:
            current += TENS[w]
            seen = True
        elif w == "dozen":
            current = (current or 1) * 12
            seen = True
        elif w == "hundred":
            current = (current or 1) * 100
            seen = True
        elif w in SCALES:
            total += (current or 1) * SCALES[w]
            current, seen = 0, True
        else:
            return None
    return float(total + current) if seen else None


def digits_value(s: str) -> float:
    s = s.replace(",", "")
    m = re.match(rf"([\d.]+)\s*({DIGIT_SCALES})?", s, re.I)
    assert m is not None  # the caller matched digits
    value = float(m.group(1))
    if m.group(2):
        value *= SCALES[m.group(2).lower()]
    return value


def word_number(word: str) -> float | None:
    w = word.lower()
    if w.isdigit():
        return float(w)
    if w in UNITS or w in TENS:
        return float(UNITS.get(w, TENS.get(w, 0)))
    parts = w.split("-")
    if len(parts) == 2 and parts[0] in TENS and parts[1] in UNITS:
        return float(TENS[parts[0]] + UNITS[parts[1]])
    return None
