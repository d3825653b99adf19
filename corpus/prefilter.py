"""Cheap necessary conditions in front of costly regular expressions, so that a long article pays for a rule
only where it can match.

Many rules end in ``$`` and are searched over a window of text before a place ("<actor>-held <place>"); a
search tries the whole pattern (often a long alternation of actors) at every position of the window, for every
place of every sentence. Each of those patterns consumes a word that is rarer than the pattern is long:
"held", "stronghold", "besieged". `Guarded` looks for such a word first, with the pattern's own flags, and
runs the pattern only when one is there. Since every match of the pattern contains one of the words (they are
taken from its consumed parts, never from a look-around), the answer is the same; only the cost changes.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["Guarded"]


class Guarded:
    """A compiled pattern behind a search for words every match of it contains."""

    __slots__ = ("guard", "pattern")

    def __init__(self, pattern: re.Pattern[str], words: str) -> None:
        """`words`: a regular expression (usually an alternation of literal words) that matches inside
        every match of `pattern`; it is compiled with the pattern's flags."""
        self.pattern = pattern
        self.guard = re.compile(words, pattern.flags)

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else endpos
        if self.guard.search(text, pos, end) is None:
            return None
        return self.pattern.search(text, pos, end)

    def match(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else endpos
        if self.guard.search(text, pos, end) is None:
            return None
        return self.pattern.match(text, pos, end)

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None) -> Iterator[re.Match[str]]:
        end = len(text) if endpos is None else endpos
        if self.guard.search(text, pos, end) is None:
            return iter(())
        return self.pattern.finditer(text, pos, end)
