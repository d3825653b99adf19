"""Words of a text with their offsets and keys, and the Aho-Corasick scan of their keys for place names.

The text is turned into a stream " key1 key2 key3 " of the same normalised keys the names are indexed by,
so one automaton pass finds every name at word boundaries, however it is spelt, in linear time.
"""
from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
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


class Tokens(Sequence):
    """The words of a text, built in bulk (offsets, words, keys, capitalisation as flat lists); a Token object
    is made only for a word someone looks at, since most words of an article are never near a name."""

    def __init__(self, text: str):
        self.text = text
        starts, ends, words = [], [], []
        for m in _WORD.finditer(text):
            word = m.group()
            start, end = m.span()
            if len(word) > 3 and word[-1] in "sS" and word[-2] in "'’":  # possessive: "Syria's" → "Syria"
                word, end = word[:-2], end - 2
            starts.append(start)
            ends.append(end)
            words.append(word)
        self.starts, self.ends, self.words = starts, ends, words
        self.keys = list(map(_key, words))
        self.caps = [w[0].isupper() or "\u0600" <= w[0] <= "\u06ff" for w in words]
        self._made: dict[int, Token] = {}

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, i):
        made = self._made.get(i) if isinstance(i, int) else None
        if made is not None:
            return made
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self.words)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        token = self._made.get(i)
        if token is None:
            token = self._made[i] = Token(self.starts[i], self.ends[i], self.words[i], self.keys[i], self.caps[i],
                                          self._initial(i))
        return token

    def _initial(self, i: int) -> bool:
        """Does word i start a sentence (or the text, a line, a quotation after a full stop)?"""
        start, text = self.starts[i], self.text
        if i == 0:
            return True
        gap = text[self.ends[i - 1]:start]
        if gap == " ":  # the common case: the next word of the same sentence
            return False
        before = text[max(0, start - 3):start].rstrip(" \t(\"'“‘")
        if not before or before[-1] in _SENTENCE_END:
            return True
        return any(ch in ".!?\n" for ch in gap) and not self.words[i - 1].isupper()


def tokenize(text: str) -> Tokens:
    return Tokens(text)


class Stream:
    """The keys of a token list joined by spaces, with a map back from stream offsets to tokens."""

    def __init__(self, tokens: Tokens):
        self.tokens = tokens
        self.offsets: list[int] = []
        pos = 1
        for key in tokens.keys:
            self.offsets.append(pos)
            pos += len(key) + 1
        self.string = " " + " ".join(tokens.keys) + " "

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
