"""Words of a text with their offsets and keys, and the Aho-Corasick scan of their keys for place names.

The text is turned into a stream " key1 key2 key3 " of the same normalised keys the names are indexed by,
so one automaton pass finds every name at word boundaries, however it is spelt, in linear time.
"""
from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from gazetteer.normalize import _APOSTROPHES, _token_key, fold

_WORD = re.compile(r"[^\W_]+(?:['’`ʿʾ][^\W_]+)*")
_SENTENCE_END = set('.!?"“”:;\n') | {"—", "–"}


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    key: str
    capitalised: bool
    sentence_initial: bool

    @property
    def word(self) -> str:
        """The word in lowercase, for comparing with word lists (keys are phonetic: "council" → "cuncil")."""
        return self.text.lower()


@functools.lru_cache(maxsize=262_144)
def _key(word: str) -> str:
    """A word's matching key; cached, since news text repeats a small vocabulary."""
    folded = _APOSTROPHES.sub("", fold(word))
    if folded.startswith("ال") and len(folded) > 3:
        folded = folded[2:]
    return _token_key(folded)


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    prev_end, prev_upper = 0, False
    for m in _WORD.finditer(text):
        word, start, end = m.group(), m.start(), m.end()
        if len(word) > 3 and word[-1] in "sS" and word[-2] in "'’":  # possessive: "Syria's" → "Syria"
            word, end = word[:-2], end - 2
        gap = text[prev_end:start]
        if tokens and gap == " ":  # the common case: the next word of the same sentence
            initial = False
        else:
            before = text[max(0, start - 3):start].rstrip(" \t(\"'“‘")
            initial = not before or before[-1] in _SENTENCE_END or start == 0
            if tokens and not initial:
                initial = any(ch in ".!?\n" for ch in gap) and not prev_upper
        first = word[0]
        tokens.append(Token(start, end, word, _key(word), first.isupper() or "\u0600" <= first <= "\u06ff",
                            initial))
        prev_end, prev_upper = end, word.isupper()
    return tokens


class Stream:
    """The keys of a token list joined by spaces, with a map back from stream offsets to tokens."""

    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.offsets: list[int] = []
        parts, pos = [" "], 1
        for tok in tokens:
            self.offsets.append(pos)
            parts.append(tok.key + " ")
            pos += len(tok.key) + 1
        self.string = "".join(parts)

    def scan(self, automaton) -> list[tuple[int, int, str]]:
        """Every (first token, end token, key) whose key sequence is a name in the automaton."""
        hits = []
        if len(automaton) == 0:
            return hits
        for end_pos, (key, _) in automaton.iter(self.string):
            start_pos = end_pos - len(key) - 1  # position of the leading space
            i = bisect.bisect_left(self.offsets, start_pos + 1)
            j = bisect.bisect_right(self.offsets, end_pos - 1)
            if i < j:
                hits.append((i, j, key))
        return hits
