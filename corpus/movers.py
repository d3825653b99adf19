"""Who moves, as of a sentence: the movers the latest sentence naming any names, for a later clause's "they"."""
from __future__ import annotations

from evacmap.corpus.movement_cues import WHO, WHO_FAMILY

__all__ = ["Movers"]


class Movers:
    """Who the latest sentence naming movers names ("civilians, wounded"), as of a given sentence: what "they"
    of a later clause may be. Worked out only when a clause asks (one with such a pronoun), and then only for
    the sentences not yet read, so most sentences of a long article are never searched for movers."""

    def __init__(self, texts: list[str]) -> None:
        self._texts, self._read, self._who = texts, 0, ""

    def before(self, n: int) -> str:
        """The movers named last in the sentences before sentence n (asked in sentence order)."""
        while self._read < n:
            text = self._texts[self._read]
            matching = WHO_FAMILY.matching(text)
            found = [name for name, rx in WHO if rx in matching]
            self._who = ", ".join(found) if found else self._who
            self._read += 1
        return self._who
