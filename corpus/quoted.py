"""Whether a position of a sentence is inside a quotation, asked at position after position.

A sentence is searched for the places it may be cut (", and", ";"), and a cut inside a quotation is none.
Counting the quotation marks of everything before each candidate is quadratic in the candidates of one long
sentence (issue 14); `Quoted` counts only the text between one candidate and the next.
"""
from __future__ import annotations

__all__ = ["Quoted"]


class Quoted:
    """`quoted(pos)`: more curly quotations opened than closed before `pos`, or an odd number of straight
    quotation marks there. Asked at positions that never decrease."""

    __slots__ = ("_at", "_closed", "_opened", "_straight", "_text")

    def __init__(self, text: str) -> None:
        self._text, self._at = text, 0
        self._opened = self._closed = self._straight = 0

    def __call__(self, pos: int) -> bool:
        text, at = self._text, self._at
        if pos < at:
            raise ValueError("positions must not decrease")
        self._opened += text.count("“", at, pos)
        self._closed += text.count("”", at, pos)
        self._straight += text.count('"', at, pos)
        self._at = pos
        return self._opened > self._closed or self._straight % 2 == 1
