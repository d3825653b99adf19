"""Sentences with character offsets, in one linear pass, so every claim can point back into its article.

News English puts one thought per line, so paragraphs ("\\n") always end a sentence. Inside a paragraph a
single regular-expression scan finds each run of terminal punctuation (". ! ? …", with any closing quotes or
brackets) followed by a space; a small set of general rules of English orthography then decides whether it
ends the sentence: titles and abbreviations ("Dr.", "Gen.", "Jan. 5", "No. 4"), initials ("J. Smith"),
initialisms ("U.N.", "U.S."), and clock times ("a.m.", which ends a sentence only before a capital). These
are the cases pysbd (used before) handled; pysbd with character spans was quadratic in paragraph length and
ran at 0.3 MB/s, this runs at well over 5 MB/s and is linear: each character is looked at a bounded number
of times.

A run-on "sentence" (no terminal punctuation for MAX_SENTENCE characters: a table, a list, a pasted dump) is
cut at the last space before the limit, so every later per-sentence step works on bounded pieces.
"""
from __future__ import annotations

import re

from evacmap.corpus.model import Sentence

__all__ = ["MAX_SENTENCE", "split_sentences"]

MAX_SENTENCE = 2_000  # characters: no news sentence is longer; a longer run is cut at a space

# A run of terminators, optional closing quotes/brackets, then whitespace (the next sentence's start follows).
_END = re.compile(r"(?:[.!?\u2026]+)[\"'\u201d\u2019)\]]*(?=\s)")
MAX_QUOTE = 1_000  # characters: a quotation or parenthesis longer than this is taken as stray marks
_PAIRED = re.compile(rf'"[^"]{{0,{MAX_QUOTE}}}"|\u201c[^\u201c\u201d]{{0,{MAX_QUOTE}}}\u201d'
                     rf"|\([^()]{{0,{MAX_QUOTE}}}\)|\[[^\[\]]{{0,{MAX_QUOTE}}}\]")
_LEAD = re.compile(r"\s*\([^()]{1,40}\)(?=\s+[A-Z])")
_WORD_SPLIT = re.compile(r"[\s\"'\u201c\u2018(\[]")
# Words that take a period and are normally followed by more of the same sentence (a name, a number).
_TITLES = frozenset("""mr mrs ms messrs dr prof gen lt col maj capt cpt sgt cpl pvt adm brig cmdr gov sen rep
pres rev fr hon amb st mt ft jr sr gens cols supt insp det""".split())
_BEFORE_NUMBER = frozenset("""no nos vol art sec fig p pp ch jan feb mar apr jun jul aug sep sept oct nov dec
approx est""".split())
_MIDSENTENCE = frozenset("""vs etc al cf inc corp co ltd bros dept univ assn govt""".split())
_CLOCK = frozenset({"a.m", "p.m"})
_DATELINE = re.compile(r", [A-Z][a-z]{1,3}$")  # "FORT MYERS, Fla. (Wire) —": a state or province after a comma
_INITIALISM = re.compile(r"^(?:[A-Za-z]\.)+[A-Za-z]$")
# "9 p.m. UK time", "5 a.m. GMT": a time zone goes on with the clock time, capital or not.
_ZONE = re.compile(r"\s+(?:(?:[A-Z]{2,4}|[A-Z][a-z]+)\s+time\b|(?:GMT|UTC|ET|EST|EDT|CET|CEST|BST|PT|PST|PDT|CT|CST|"
                   r"CDT|MT|MSK|EAT|CAT|WAT|AST)\b)")

# "as of 8 a.m. Tuesday", "by 10 p.m. Friday": the clock time's day goes on with it.
_CLOCK_DAY = re.compile(r"\s+(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")

# "By 10 p.m. Nazeli Baghdasaryan ... gave": a sentence that would be only a time adverbial goes on.
_CLOCK_LEAD = re.compile(r"(?:^|(?<=[.!?]\s))(?:By|At|Until|Before|After|Around|Since|From)\s+\d{1,2}(?:[:.]\d\d)?\s*"
                         r"[ap]\.m$")


def _opens_with_clock(para: str, end: int) -> bool:
    """Whether the text before `end` (the period of a clock time) opens a sentence with only a time adverbial."""
    lo = max(0, end - 30)
    m = _CLOCK_LEAD.search(para, lo, end)
    return m is not None and (m.start() > lo or lo == 0)


def _next_start(para: str, pos: int) -> str:
    """The first non-space character at or after `pos` ("" at the end of the paragraph)."""
    n = len(para)
    while pos < n and para[pos].isspace():
        pos += 1
    return para[pos] if pos < n else ""


def _period_ends(word: str, nxt: str) -> bool:
    """Does a period after `word` end the sentence, given the next sentence would start with `nxt`?"""
    bare = word.rstrip(".")
    low = bare.lower()
    if not bare:
        return True
    if low in _CLOCK:  # "9 a.m. The buses left" ends; "5 p.m. local time" does not
        return nxt.isupper()
    if _INITIALISM.match(bare):  # U.N., U.S., e.g., i.e.
        return False
    if len(bare) == 1 and bare.isupper():  # an initial: "J. Smith"
        return False
    if low in _TITLES and bare[0].isupper():
        return not (nxt.isupper() or nxt.isdigit())
    if low in _BEFORE_NUMBER:
        return not nxt.isdigit()
    if low in _MIDSENTENCE:
        return nxt.isupper() and low == "etc"
    return True


def _ends_here(para: str, match: re.Match[str]) -> bool:
    run = match.group(0)
    nxt = _next_start(para, match.end())
    if not nxt or nxt.islower() or run.endswith(")"):
        return False
    if "." not in run or "!" in run or "?" in run:
        return True
    if run.startswith("...") or run.startswith("\u2026"):
        return nxt.isupper()
    before = para[max(0, match.start() - 40):match.start()]  # a bounded look-back
    if nxt in "([" and _DATELINE.search(before):
        return False
    word = _WORD_SPLIT.split(before)[-1]
    if word.rstrip(".").lower() in _CLOCK and (_ZONE.match(para, match.end()) or _CLOCK_DAY.match(para, match.end())
                                               or _opens_with_clock(para, match.start())):
        return False
    return _period_ends(word, nxt)


def _protected(para: str) -> list[tuple[int, int]]:
    """Spans of matched quotations and brackets: a sentence end inside one ends only the quoted part, so
    `"We left. It was late," she said.` stays one sentence with its speaker. Unmatched marks protect
    nothing, and a pair further apart than MAX_QUOTE characters is not a quotation."""
    return [m.span() for m in _PAIRED.finditer(para)]


def _cuts(para: str) -> list[int]:
    """End offsets (exclusive) of the sentences of one paragraph, the last one included."""
    cuts: list[int] = []
    lead = _LEAD.match(para)  # "(CNN) Evacuations began..." : the wire credit stands alone
    if lead:
        cuts.append(lead.end())
    spans, k = _protected(para), 0
    for match in _END.finditer(para):
        while k < len(spans) and spans[k][1] <= match.start():
            k += 1
        inside = k < len(spans) and spans[k][0] < match.start() and match.end() < spans[k][1]
        if not inside and _ends_here(para, match):
            cuts.append(match.end())
    if not cuts or cuts[-1] != len(para):
        cuts.append(len(para))
    return _bounded(para, cuts)


def _bounded(para: str, cuts: list[int]) -> list[int]:
    """Cut any piece longer than MAX_SENTENCE at its last space before the limit."""
    bounded, start = [], 0
    for end in cuts:
        while end - start > MAX_SENTENCE:
            space = para.rfind(" ", start + 1, start + MAX_SENTENCE)
            cut = space if space > start else start + MAX_SENTENCE
            bounded.append(cut)
            start = cut
        bounded.append(end)
        start = end
    return bounded


def split_sentences(text: str) -> list[Sentence]:
    """Split on paragraphs first, then on sentence ends inside each.

    Offsets are exact: text[s.start:s.end] == s.text, with surrounding whitespace trimmed.
    """
    out: list[Sentence] = []
    pos = 0
    for para in text.split("\n"):
        if para.strip():
            begin = 0
            for end in _cuts(para):
                start, stop = pos + begin, pos + end
                while start < stop and text[start].isspace():
                    start += 1
                while stop > start and text[stop - 1].isspace():
                    stop -= 1
                if stop > start:
                    out.append(Sentence(start, stop, text[start:stop]))
                begin = end
        pos += len(para) + 1
    return out
