"""Cheap necessary conditions in front of costly regular expressions, so that a long article pays for a rule
only where it can match.

Many rules end in ``$`` and are searched over a window of text before a place ("<actor>-held <place>"); a
search tries the whole pattern (often a long alternation of actors) at every position of the window, for every
place of every sentence. Each of those patterns consumes a word that is rarer than the pattern is long:
"held", "stronghold", "besieged". `Guarded` looks for such a word first, with the pattern's own flags, and
runs the pattern only when one is there. Since every match of the pattern contains one of the words (they are
taken from its consumed parts, never from a look-around), the answer is the same; only the cost changes.

Python's `re` is slow on case-insensitive alternations (about 15 times slower than the same search without
IGNORECASE: it cannot skip ahead to a first letter). `folded` compiles such a pattern without the flag for a
text whose letters are folded to lower case (`fold`, same length, same offsets), where it matches at exactly
the positions where the original matches the original text; a search then finds the position on the folded
text and takes the match object from the original pattern there.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from evacmap.corpus.firstchars import quick
from evacmap.corpus.folding import fold, folded
from evacmap.corpus.literals import required, scanner

__all__ = ["Guarded"]


def _quick(pattern: re.Pattern[str] | None) -> re.Pattern[str] | None:
    """A folded pattern behind a look-ahead of its first characters (corpus/firstchars.py), or None."""
    return quick(pattern) if pattern is not None else None


class Guarded:
    """A pattern behind a search for words every match of it contains. Given as (source, flags), the pattern
    (and its folded variant) is compiled only when a guard word first turns up: a rule family whose words a
    corpus never uses (the control rules in a hurricane story) costs no compilation."""

    __slots__ = ("_compiled", "_fast_guard", "_flags", "_guard_words", "_source", "guard", "literals")

    def __init__(self, pattern: re.Pattern[str] | tuple[str, int], words: str) -> None:
        """`pattern`: compiled, or (source, flags) to compile when first needed. `words`: a regular expression
        (usually an alternation of literal words) that matches inside every match of `pattern`; it is compiled
        with the pattern's flags."""
        self._compiled: tuple[re.Pattern[str], re.Pattern[str] | None] | None
        if isinstance(pattern, re.Pattern):
            self._source, self._flags = pattern.pattern, pattern.flags
            self._compiled = (pattern, _quick(folded(pattern)))
        else:
            (self._source, self._flags), self._compiled = pattern, None
        self.guard = re.compile(words, self._flags)
        fast_guard = folded(self.guard)
        # the guard is itself a pattern ("held\\s+(?:the\\s+)?areas"), searched in a window before every place:
        # a scan for the literals one of which each of its matches holds comes first (corpus/literals.py)
        literals = required(fast_guard) if fast_guard is not None else None
        self.literals = literals  # on folded text: a text holding none of them holds no match (None: no such set)
        self._guard_words = scanner(literals) if literals is not None else None
        self._fast_guard = _quick(fast_guard)

    def _patterns(self) -> tuple[re.Pattern[str], re.Pattern[str] | None]:
        """The pattern and its folded variant (None where folding does not apply), compiled once."""
        if self._compiled is None:
            pattern = re.compile(self._source, self._flags)
            self._compiled = (pattern, _quick(folded(pattern)))
        return self._compiled

    @property
    def pattern(self) -> re.Pattern[str]:
        return self._patterns()[0]

    @property
    def _fast(self) -> re.Pattern[str] | None:
        return self._patterns()[1]

    def _guarded(self, text: str, pos: int, end: int) -> bool | None:
        """True when a guard word is in text[pos:end], else None."""
        if self._fast_guard is None:
            found = self.guard.search(text, pos, end)
        else:
            low = fold(text)
            if self._guard_words is not None and self._guard_words.search(low, pos, end) is None:
                return None
            found = self._fast_guard.search(low, pos, end)
        return True if found is not None else None

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else endpos
        if self._guarded(text, pos, end) is None:
            return None
        pattern, fast = self._patterns()
        if fast is None:
            return pattern.search(text, pos, end)
        at = fast.search(fold(text), pos, end)
        return None if at is None else pattern.match(text, at.start(), end)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else endpos
        if self._guarded(text, pos, end) is None:
            return None
        return self.pattern.match(text, pos, end)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        end = len(text) if endpos is None else endpos
        if self._guarded(text, pos, end) is None:
            return iter(())
        return self.pattern.finditer(text, pos, end)
