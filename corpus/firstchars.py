"""A look-ahead of the characters a match can begin with, in front of a pattern that opens with an assertion.

Python's `re` scans quickly for a pattern's first character when the pattern opens with a literal or a
character class, but a pattern that opens with `\\b`, `^` or a look-behind ("\\b(?:fled|left)",
"(?<![\\w.])\\d+") is tried in full at every position of the text. Most of the rules open that way, and are
searched in every clause of an article. `quick` puts `(?=[...])` in front of such a pattern, the class
holding every character one of its matches can consume first (read from the parsed pattern, compiled with
the pattern's own flags, so that ignoring case widens it as it widens the pattern): positions where no match
can begin are then passed over by a one-character test. The look-ahead consumes nothing and every match
begins with one of its characters, so the matches are the same, at the same positions, with the same groups.
A pattern that can match the empty string, or whose first character may be any ("." or a negated class),
or that sets flags inside it, is left as it is.
"""
from __future__ import annotations

import re
from re import _constants as _c  # type: ignore[attr-defined]  # the parser's op codes
from re import _parser  # type: ignore[attr-defined]  # the parsed pattern, to read its first characters

__all__ = ["first_class", "quick"]

_CATEGORIES = {_c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
               _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W"}
_ZERO_WIDTH = frozenset({_c.AT, _c.ASSERT, _c.ASSERT_NOT})
_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)})
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)
_ANCHORS = frozenset({_c.AT_BEGINNING, _c.AT_BEGINNING_STRING})
_INLINE_FLAGS = re.compile(r"\(\?[aiLmsux]")


class _Unknown(Exception):
    """The first character of a match cannot be bounded (any character, a back-reference, inline flags)."""


def first_class(pattern: re.Pattern[str]) -> str | None:
    """The character class (as pattern text, "[...]") of the characters a match of `pattern` can consume
    first, or None when no such bound is known or a match may be empty."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.VERBOSE or _INLINE_FLAGS.search(pattern.pattern):
        return None
    try:
        parts, nullable = _first(_parser.parse(pattern.pattern, pattern.flags).data)
    except (_Unknown, re.error, RecursionError):
        return None
    if nullable or not parts:
        return None
    return "[" + "".join(sorted(parts)) + "]"


def _first(items) -> tuple[set[str], bool]:
    """(class parts of the first consumed character, whether the sequence can match the empty string)."""
    parts: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is _c.LITERAL:
            parts.add(f"\\U{av:08x}")
            return parts, False
        if op is _c.IN:
            parts |= _members(av)
            return parts, False
        if op is _c.BRANCH:
            found = [_first(branch.data if hasattr(branch, "data") else branch) for branch in av[1]]
            parts = parts.union(*(p for p, _ in found))
            if not any(n for _, n in found):
                return parts, False
            continue
        if op is _c.SUBPATTERN:
            _group, add_flags, del_flags, sub = av
            if add_flags or del_flags & ~re.IGNORECASE:  # a narrower class than the pattern's flags give
                raise _Unknown
            inner, nullable = _first(sub.data)
            parts |= inner
            if not nullable:
                return parts, False
            continue
        if op in _REPEATS:
            low, high, sub = av
            if high == 0:
                continue
            inner, nullable = _first(sub.data)
            parts |= inner
            if low >= 1 and not nullable:
                return parts, False
            continue
        if _ATOMIC is not None and op is _ATOMIC:
            inner, nullable = _first(av.data)
            parts |= inner
            if not nullable:
                return parts, False
            continue
        raise _Unknown  # any character, a negated literal, a back-reference, a conditional group
    return parts, True


def _members(items) -> set[str]:
    out: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL:
            out.add(f"\\U{av:08x}")
        elif op is _c.RANGE:
            out.add(f"\\U{av[0]:08x}-\\U{av[1]:08x}")
        elif op is _c.CATEGORY and av in _CATEGORIES:
            out.add(_CATEGORIES[av])
        else:  # a negated class
            raise _Unknown
    return out


def quick(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` behind a look-ahead of its first characters when it opens with an assertion (see the module
    docstring), else `pattern` itself. The answer matches where `pattern` does, with the same groups."""
    if not _opens_with_assertion(pattern):
        return pattern
    cls = first_class(pattern)
    if cls is None:
        return pattern
    return re.compile(f"(?={cls})(?:{pattern.pattern})", pattern.flags)


def _opens_with_assertion(pattern: re.Pattern[str]) -> bool:
    """Whether `re` gets no quick scan for the pattern's start: a branch or the pattern opens with `\\b`, `^`,
    `$`, a look-around or an optional part; not a pattern anchored at the start (`^`, `\\A`), which `re` tries
    at one position only."""
    if not isinstance(pattern.pattern, str):
        return False
    try:
        items = _parser.parse(pattern.pattern, pattern.flags).data
    except (re.error, RecursionError):
        return False
    return _opens(items)


def _opens(items) -> bool:
    if not items:
        return False
    op, av = items[0]
    if op is _c.AT and av in _ANCHORS:  # `re` tries an anchored pattern at the start alone: nothing to skip
        return False
    if op in _ZERO_WIDTH:
        return True
    if op is _c.BRANCH:
        return any(_opens(branch.data if hasattr(branch, "data") else branch) for branch in av[1])
    if op is _c.SUBPATTERN:
        return _opens(av[3].data)
    if op in _REPEATS:  # an optional part first gives `re` no single start to scan for either
        return av[0] == 0 or _opens(av[2].data)
    return False
