"""Words of a text with their offsets and keys, and the Aho-Corasick scan of their keys for place names.

The text is turned into a stream " key1 key2 key3 " of the same normalised keys the names are indexed by,
so one automaton pass finds every name at word boundaries, however it is spelt, in linear time.
"""
from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass

from evacmap.gazetteer.normalize import _APOSTROPHES, ARTICLES, _token_key, fold

_WORD = re.compile(r"[^\W_]+(?:['’`ʿʾ][^\W_]+)*")
_WORD_SPLIT = re.compile(f"({_WORD.pattern})")
_POSSESSIVE = re.compile(r"['’][sS](?![^\W_])")
_ARABIC = re.compile("[\u0600-\u06ff]")
_SENTENCE_END = set('.!?"“”:;\n') | {"—", "–"}


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    key: str
    capitalised: bool
    sentence_initial: bool
    # The word in lowercase, for comparing with word lists (keys are phonetic: "council" → "cuncil"); set when
    # the token is made, since the traps ask nearly every made token's word, several times (a cached_property
    # costs a lock per first access).
    word: str = dataclasses.field(compare=False, repr=False)


@functools.lru_cache(maxsize=262_144)
def _key(word: str) -> str:
    """A word's matching key; cached, since news text repeats a small vocabulary."""
    folded = fold(word)
    if not (folded.isascii() and folded.isalpha()):  # plain letters have no apostrophe to drop
        folded = _APOSTROPHES.sub("", folded)
    if folded.startswith("ال") and len(folded) > 3:
        folded = folded[2:]
    return _token_key(folded)


class Tokens(Sequence):
    """The words of a text, built in bulk (offsets, words, keys, capitalisation as flat lists); a Token object
    is made only for a word someone looks at, since most words of an article are never near a name."""

    def __init__(self, text: str):
        self.text = text
        # split at the words: [gap, word, gap, word, ..., gap], with each part's offset from the sum of the
        # lengths before it (no match object per word)
        parts = _WORD_SPLIT.split(text)
        bounds = list(itertools.accumulate(map(len, parts), initial=0))
        words, starts, ends = parts[1::2], bounds[1:-1:2], bounds[2::2]
        # Possessives ("Syria's" → "Syria"): only where the text has an apostrophe and s ending a word.
        for m in _POSSESSIVE.finditer(text):
            k = bisect.bisect_left(ends, m.end())
            if k < len(ends) and ends[k] == m.end() and len(words[k]) > 3:
                words[k], ends[k] = words[k][:-2], ends[k] - 2
        self.starts, self.ends, self.words = starts, ends, words
        # each word in lowercase (Token.word), for the rules that read the words beside a name from these flat
        # lists instead of making a Token for each
        self.lowers = list(map(str.lower, words))
        keys = {word: _key(word) for word in set(words)}  # an article repeats a small vocabulary
        self.keys = list(map(keys.__getitem__, words))
        # capitalised: a capital first letter, or an Arabic one (a script without case; test only when the text
        # has Arabic letters)
        self.caps = list(map(str.isupper, map(operator.itemgetter(0), words)))
        if _ARABIC.search(text):
            self.caps = [w[0].isupper() or "\u0600" <= w[0] <= "\u06ff" for w in words]
        self._made: dict[int, Token] = {}

    def __len__(self) -> int:
        return len(self.words)

    def __getitem__(self, i):
        if type(i) is int:
            token = self._made.get(i)  # most lookups: a token made before (raising KeyError cost more)
            if token is not None:
                return token
        elif isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        n = len(self.words)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        token = self._made.get(i)
        if token is None:
            word = self.words[i]
            token = self._made[i] = Token(self.starts[i], self.ends[i], word, self.keys[i], self.caps[i],
                                          self.initial(i), self.lowers[i])
        return token

    def initial(self, i: int) -> bool:
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
        if gap.strip(" )") in _DATELINE_DASHES and self.words[i - 1].isupper():
            return True  # "INNISFAIL - Nine-year-old ...", "WASHINGTON (AP) — The ...": the story's first word
        return any(ch in ".!?\n" for ch in gap) and not self.words[i - 1].isupper()


_DATELINE_DASHES = frozenset({"-", "--", "–", "—"})


def tokenize(text: str) -> Tokens:
    return Tokens(text)


class Stream:
    """The keys of a token list joined by spaces, with a map back from stream offsets to tokens. The string and
    the offsets are made when an automaton first scans the stream: the world index walks the keys instead."""

    def __init__(self, tokens: Tokens, keys: list[str] | None = None):
        self.tokens = tokens
        self.keys = tokens.keys if keys is None else keys

    @functools.cached_property
    def string(self) -> str:
        return " " + " ".join(self.keys) + " "

    @functools.cached_property
    def offsets(self) -> list[int]:
        """Where each token's key starts in the string: after k spaces and the keys before it, 1 + k + their
        lengths."""
        return list(map(operator.add, itertools.accumulate(map(len, self.keys[:-1]), initial=0),
                        range(1, len(self.keys) + 1)))

    def scan(self, automaton) -> list[tuple[int, int, str]]:
        """Every (first token, end token, key) whose key sequence is a name in the automaton."""
        hits: list[tuple[int, int, str]] = []
        if len(automaton) == 0:
            return hits
        offsets = None  # made at the first match: a small layer matches nothing in most texts
        for end_pos, (key, _) in automaton.iter(self.string):
            # The match is " key ": its first token's key starts after the space before it, and its tokens are
            # those whose keys start before the space that ends it (a search of the offsets: far fewer
            # matches than words)
            if offsets is None:
                offsets = self.offsets
            i = bisect.bisect_left(offsets, end_pos - len(key))
            j = bisect.bisect_right(offsets, end_pos - 1)
            if i < j:
                hits.append((i, j, key))
        return hits


def hyphen_inner(tokens: Tokens, k: int) -> bool:
    """A lowercase word hyphened on both sides to capitalised words is a particle inside one name
    ("Port-au-Prince", "Aix-en-Provence", "Stratford-upon-Avon"), not a lowercase word in running text."""
    if k == 0 or k + 1 >= len(tokens) or not tokens.caps[k - 1] or tokens.caps[k]:
        return False
    text, starts, ends = tokens.text, tokens.starts, tokens.ends
    return text[ends[k - 1]:starts[k]] == "-" and text[ends[k]:starts[k + 1]] == "-"


def in_longer_name(tokens: Tokens, n: int) -> bool:
    """Is word n one of several capitalised words in a row ("Gulf War", "Hamas Political Bureau")? Fuzzy
    matching never reaches into such a name: the exact forms already said it is no place."""
    text = tokens.text
    before = n > 0 and tokens.caps[n - 1] and text[tokens.ends[n - 1]:tokens.starts[n]] == " " \
        and not tokens[n].sentence_initial
    after = n + 1 < len(tokens) and tokens.caps[n + 1] and text[tokens.ends[n]:tokens.starts[n + 1]] == " "
    before = before and tokens.keys[n - 1] not in ARTICLES
    after = after and tokens.keys[n + 1] not in ARTICLES
    return bool(before or after)


def with_article(tokens: Tokens, i: int, text: str) -> int:
    """Include a leading Arabic article in the surface: "Al-Amiriyah", not "Amiriyah"."""
    if i > 0 and tokens.keys[i - 1] in ARTICLES:
        gap = text[tokens.ends[i - 1]:tokens.starts[i]]
        if gap == "-" or (gap == " " and tokens.caps[i - 1] and not tokens.initial(i - 1)):
            return tokens.starts[i - 1]
    return tokens.starts[i]


# the lookbehind after the hyphen, so that `re` skips ahead to hyphens instead of trying it at every character
_HYPHEN_PARTICLE = re.compile(r"-(?<=[^\W\d_]-)([^\W\d_]+)(?=-[^\W\d_])")


def hyphen_particles(tokens: Tokens) -> list[int]:
    """The token indexes of the particles inside hyphened names (see hyphen_inner), found by one search of the
    text rather than a test of every lowercase word."""
    if "-" not in tokens.text:
        return []
    out = []
    for m in _HYPHEN_PARTICLE.finditer(tokens.text):
        k = bisect.bisect_left(tokens.starts, m.start(1))
        if k < len(tokens) and tokens.starts[k] == m.start(1) and hyphen_inner(tokens, k):
            out.append(k)
    return out


#: Lowercase particles inside Romance, Dutch and German place names written with spaces ("Santa Cruz de la Palma",
#: "Las Palmas de Gran Canaria", "Bergen op Zoom", "Frankfurt am Main"); English function words pass the gate anyway.
NAME_PARTICLES = frozenset("de del della delle di da das do dos du des la las los le les lo am op aan der den".split())
_SPACED_PARTICLE = re.compile(r"(?<= )(?:" + "|".join(sorted(NAME_PARTICLES)) + r")(?= )", re.IGNORECASE)


def spaced_inner(tokens: Tokens, k: int) -> bool:
    """A lowercase particle (or a run of two, "de la") between capitalised words, each gap one space, is part of
    one name ("Santa Cruz de La Palma", "Los Llanos de Aridane"), not a lowercase word in running text."""
    if tokens.caps[k] or tokens.lowers[k] not in NAME_PARTICLES:
        return False
    text, starts, ends = tokens.text, tokens.starts, tokens.ends

    def reaches_capital(step: int) -> bool:
        n, j = k, k + step
        for _ in range(2):
            if not 0 <= j < len(tokens):
                return False
            gap = text[ends[j]:starts[n]] if step < 0 else text[ends[n]:starts[j]]
            if gap != " ":
                return False
            if tokens.caps[j]:
                return True
            if tokens.lowers[j] not in NAME_PARTICLES:
                return False
            n, j = j, j + step
        return False
    return reaches_capital(-1) and reaches_capital(1)


def spaced_particles(tokens: Tokens) -> list[int]:
    """The token indexes of the particles inside names written with spaces (see spaced_inner)."""
    out = []
    for m in _SPACED_PARTICLE.finditer(tokens.text):
        k = bisect.bisect_left(tokens.starts, m.start())
        if k < len(tokens) and tokens.starts[k] == m.start() and spaced_inner(tokens, k):
            out.append(k)
    return out
