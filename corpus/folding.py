"""Case-insensitive searches without IGNORECASE: a text folded to lower case once, and a pattern compiled
without the flag that matches the folded text exactly where the original matches the original text.

Python's `re` cannot skip ahead to a first letter when IGNORECASE is set, so a case-insensitive alternation of
words is tried in full at every position (about 15 times slower than the same search without the flag). For
patterns that name no upper-case letter, no cased letter outside ASCII and no inline flag, ignoring case is
the same as folding the text: ASCII letters to lower case, and the four characters that IGNORECASE equates
with an ASCII letter (U+0130, U+0131, U+017F, U+212A) to that letter. Folding keeps the length, so offsets are
the text's own.
"""
from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from re import _parser  # type: ignore[attr-defined]  # the parsed pattern, to check the characters it names
from typing import cast

from evacmap.corpus.firstchars import quick
from evacmap.corpus.literals import also_required, required, scanner

__all__ = ["Fast", "fast", "fold", "folded", "loosened"]

_TABLE = str.maketrans({**{c: c.lower() for c in string.ascii_uppercase},
                        "\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_SPECIAL = frozenset({0x130, 0x131, 0x17F, 0x212A})
_INLINE_FLAGS = re.compile(r"\(\?[aiLmsux-]")
_BIG = 4096  # texts at least this long (a whole article) are kept apart from a clause's
# The last long text folded and its folding, and the same for a short one (a clause): the rules of a family
# search one clause with pattern after pattern, and the article between clauses, so each is folded once.
_last_long: list[str] = ["", ""]
_last_short: list[str] = ["", ""]


def fold(text: str) -> str:
    """`text` with its letters folded as IGNORECASE equates them with ASCII lower case; same length."""
    last = _last_long if len(text) >= _BIG else _last_short
    if last[0] is text:  # the very object (kept alive here), so its folding is the one kept
        return last[1]
    low = text.lower() if text.isascii() else text.translate(_TABLE)
    last[0], last[1] = text, low
    return low


def folded(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """`pattern` without IGNORECASE, for folded text; None when the pattern is not case-insensitive or names a
    character that folding would not treat as IGNORECASE does."""
    if not pattern.flags & re.IGNORECASE or not isinstance(pattern.pattern, str):
        return None
    if _INLINE_FLAGS.search(pattern.pattern):
        return None
    try:
        parsed = _parser.parse(pattern.pattern, pattern.flags)
    except re.error:
        return None
    if not _caseless(parsed):
        return None
    return re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)


def loosened(pattern: re.Pattern[str]) -> re.Pattern[str] | None:
    """For a case-insensitive pattern with case-sensitive parts ("(?-i:[A-Z])\\w+"), which `folded` refuses: a
    pattern for folded text that matches at every position where the original matches the original text, and
    perhaps at others (its case-sensitive parts lower-cased: "[a-z]\\w+"), so every position it finds must be
    checked with the original. None where lower-casing could also narrow it: a negation inside a
    case-sensitive part, a case-sensitive part inside a negative look-around, a back-reference."""
    source = pattern.pattern
    if not pattern.flags & re.IGNORECASE or not isinstance(source, str) or "(?-i:" not in source:
        return None
    if _INLINE_FLAGS.search(source.replace("(?-i:", "")):
        return None
    try:
        if not _widens(_parser.parse(source, pattern.flags).data, sensitive=False, negated=False):
            return None
        loose = re.compile(_lower_letters(source.replace("(?-i:", "(?:")), pattern.flags & ~re.IGNORECASE)
        if not _caseless(_parser.parse(loose.pattern, loose.flags)):
            return None
    except (re.error, RecursionError):
        return None
    return loose


def _lower_letters(source: str) -> str:
    """The pattern text with its ASCII letters in lower case, escapes ("\\W", "\\B") and the syntax of named
    groups ("(?P<kind>", "(?P=kind)") kept as written."""
    out, k = [], 0
    while k < len(source):
        if source[k] == "\\":
            out.append(source[k:k + 2])
            k += 2
            continue
        if source.startswith("(?P", k):
            end = source.find(">" if source.startswith("(?P<", k) else ")", k) + 1
            if end > k:
                out.append(source[k:end])
                k = end
                continue
        out.append(source[k].lower() if source[k].isascii() else source[k])
        k += 1
    return "".join(out)


def _widens(items, *, sensitive: bool, negated: bool) -> bool:
    """Can every case-sensitive part of these parsed items be lower-cased into a wider pattern (see loosened)?"""
    for op, av in items:
        name = str(op)
        if name in {"GROUPREF", "GROUPREF_EXISTS"} or (sensitive and name in {"NOT_LITERAL", "ASSERT_NOT"}):
            return False
        if sensitive and name == "IN" and any(str(o) == "NEGATE" for o, _ in av):
            return False
        if name == "SUBPATTERN":
            inner = sensitive or bool(av[2] & re.IGNORECASE)
            if (inner and negated) or not _widens(av[3].data, sensitive=inner, negated=negated):
                return False
        elif name == "BRANCH":
            if not all(_widens(b.data, sensitive=sensitive, negated=negated) for b in av[1]):
                return False
        elif name in {"ASSERT", "ASSERT_NOT"}:
            if not _widens(av[1].data, sensitive=sensitive, negated=negated or name == "ASSERT_NOT"):
                return False
        elif name in {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}:
            if not _widens(av[2].data, sensitive=sensitive, negated=negated):
                return False
        elif name == "ATOMIC_GROUP" and not _widens(av.data, sensitive=sensitive, negated=negated):
            return False
    return True


def _cased(code: int) -> bool:
    """A character IGNORECASE would match with another: an upper-case ASCII letter, a letter outside ASCII
    with a case, or one of the four equated with an ASCII letter."""
    ch = chr(code)
    return ch in string.ascii_uppercase or code in _SPECIAL or (code >= 128 and ch.lower() != ch.upper())


def _caseless(node) -> bool:
    """Whether a parsed pattern names only characters that fold to themselves (lower-case ASCII letters,
    caseless characters) and sets no flag of its own."""
    if isinstance(node, _parser.SubPattern):
        return all(_caseless(item) for item in node.data)
    if isinstance(node, (list, tuple)):
        if len(node) == 2 and type(node[0]).__name__ == "_NamedIntConstant":
            op, av = node
            name = str(op)
            if name in {"LITERAL", "NOT_LITERAL"}:
                return not _cased(av)
            if name == "RANGE":
                lo, hi = av
                return not any(_cased(c) for c in range(lo, hi + 1))
            if name == "SUBPATTERN" and (av[1] or av[2]):
                return False
            return _caseless(av)
        return all(_caseless(item) for item in node)
    return True


class Fast:
    """A case-insensitive pattern whose `search` runs without IGNORECASE on the folded text and takes the
    match object from the pattern itself at the position found (the same match: see the module docstring).
    `sub` skips a text without the pattern's literals; everything else (match, split, ...) is the pattern's own.
    With a `loosened` pattern (`exact`
    False), a position found is only a candidate: the search goes on past it until the pattern matches."""

    __slots__ = ("_also", "_exact", "_fast", "_literals", "_nonempty", "literals", "pattern")

    def __init__(self, pattern: re.Pattern[str], without_case: re.Pattern[str] | None = None, *,
                 exact: bool = True) -> None:
        """`without_case`: `folded(pattern)` when the caller has it already (`fast` does), or `loosened(pattern)`
        with `exact=False`."""
        self.pattern, self._fast, self._exact = pattern, without_case or folded(pattern), exact
        # literals one of which every match holds (corpus/literals.py): most clauses hold none, and then the
        # answer is known without running the pattern
        literals = required(self._fast) if self._fast is not None else None
        # and, for a loosened pattern (tried at every position its case-free form finds), the other sets every
        # match also holds one of, scanned for only where the first set is there
        self._also = tuple(scanner(s) for s in also_required(self._fast)) if literals is not None and not exact else ()
        # where the clause holds them, the search passes over positions no match can begin at (firstchars.py)
        self._fast = quick(self._fast) if self._fast is not None else None
        self.literals = literals  # on folded text (corpus/families.py gates rule families on them)
        self._literals = scanner(literals) if literals is not None else None
        # finditer may take the match objects from the pattern only where no match is empty: after an empty
        # match, finditer asks for a non-empty one at the same position, which `match` would not give
        self._nonempty = self._fast is not None and _parser.parse(pattern.pattern, pattern.flags).getwidth()[0] > 0

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if self._fast is None:
            return self.pattern.search(text, pos, endpos)
        low = fold(text)
        if self._lacks(low, pos, endpos):
            return None
        at = self._fast.search(low, pos, endpos)
        if self._exact:
            return None if at is None else self.pattern.match(text, at.start(), endpos)
        while at is not None:  # the pattern cannot match before a position the loosened one finds
            found = self.pattern.match(text, at.start(), endpos)
            if found is not None:
                return found
            at = self._fast.search(low, at.start() + 1, endpos)
        return None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        if self._fast is None or not self._nonempty:
            return self.pattern.finditer(text, pos, endpos)
        match, low = self.pattern.match, fold(text)
        if self._lacks(low, pos, endpos):
            return iter(())
        if not self._exact:
            return self._searches(text, pos, endpos)
        return (cast("re.Match[str]", match(text, at.start(), endpos))
                for at in self._fast.finditer(low, pos, endpos))

    def sub(self, repl, string: str, count: int = 0) -> str:
        """The pattern's own `sub`, skipped where the text holds none of the literals every match holds."""
        if self._lacks(fold(string), 0, sys.maxsize):
            return string
        return self.pattern.sub(repl, string, count)

    def _lacks(self, low: str, pos: int, endpos: int) -> bool:
        """Whether the folded text holds, between the bounds, no literal of one of the sets every match needs."""
        if self._literals is None:
            return False
        if self._literals.search(low, pos, endpos) is None:
            return True
        return any(also.search(low, pos, endpos) is None for also in self._also)

    def _searches(self, text: str, pos: int, endpos: int) -> Iterator[re.Match[str]]:
        """finditer as repeated searches, each from the end of the last match (no match is empty)."""
        while (found := self.search(text, pos, endpos)) is not None:
            yield found
            pos = found.end()

    def __getattr__(self, name: str):
        return getattr(self.pattern, name)


def fast(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` with a faster `search` where folding allows it (Fast), typed as the pattern it stands for."""
    without_case = folded(pattern)
    if without_case is not None:
        return cast("re.Pattern[str]", Fast(pattern, without_case))
    loose = loosened(pattern)
    return cast("re.Pattern[str]", Fast(pattern, loose, exact=False)) if loose is not None else pattern
