"""The literal strings a regular expression cannot match without: a quick scan for them skips the regular
expression where none of them is in the text.

A rule family searches each clause with dozens of patterns, and most patterns match in few clauses. Python's
`re` tries a pattern at every position of the text (an alternation of words, or one that opens with `\\b` or
a look-behind, gets no fast scan for a first character); an alternation of plain strings gets one.
`required` reads a compiled pattern's parsed form and returns a set of literals such that every match
consumes one of them: a run of literal characters in sequence, one literal of each branch of an alternation,
or those of a part repeated at least once. Look-arounds and anchors are left out (they consume nothing, and a
look-behind may read before the search's start), so if no literal is between the search's bounds there is no
match, and the search's answer is the same without running it. `scanner` makes that check one search.
Case is not folded here: the patterns given are the ones `folding.folded` compiled without IGNORECASE, for
text folded to lower case.
"""
from __future__ import annotations

import re
from re import _constants as _c  # type: ignore[attr-defined]  # the parser's op codes
from re import _parser  # type: ignore[attr-defined]  # the parsed pattern, to read its literals

__all__ = ["also_required", "required", "scanner"]

_MIN_LENGTH = 2  # a one-letter literal is in almost every clause: no use as a filter
_MAX_COUNT = 64  # beyond this many literals, checking them costs about what the search does
_REPEATS = frozenset({_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", _c.MAX_REPEAT)})
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)


def required(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Literals one of which every match of `pattern` consumes, or None when the pattern has no useful set
    (too short, too many, or a part that can match without any: `\\w+`, an optional word, an empty branch)."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.IGNORECASE:
        return None
    try:
        found = _need(_parser.parse(pattern.pattern, pattern.flags))
    except (re.error, RecursionError):
        return None
    if not found or min(map(len, found)) < _MIN_LENGTH or len(found) > _MAX_COUNT:
        return None
    return tuple(sorted(found))


def also_required(pattern: re.Pattern[str], limit: int = 2) -> tuple[tuple[str, ...], ...]:
    """Other literal sets than `required`'s, each of which every match also consumes one of, best first, at most
    `limit`: the parts of a pattern in sequence are each necessary ("(?P<within>[A-Z]...), ... whose ...
    (?:residents|people)" needs "whose" as well as a word for the people). A text that holds a literal of the
    first set but none of another's has no match either, and a scan for each set says so before the pattern
    runs (a loosened pattern, corpus/folding.py, would otherwise be tried at every lower-case word)."""
    if not isinstance(pattern.pattern, str) or pattern.flags & re.IGNORECASE:
        return ()
    try:
        sets = _every_need(_parser.parse(pattern.pattern, pattern.flags))
    except (re.error, RecursionError):
        return ()
    first = required(pattern)
    useful = {tuple(sorted(s)) for s in sets if min(map(len, s)) >= _MIN_LENGTH and len(s) <= _MAX_COUNT}
    useful.discard(first)
    return tuple(sorted(useful, key=lambda s: (-min(map(len, s)), len(s), s))[:limit])


def _every_need(items) -> list[frozenset[str]]:
    """Every literal set of this sequence of parsed items that a match consumes one of: each run of literal
    characters, each branch's set (_item_need), and those of each group or repeat (at least once) within it."""
    out: list[frozenset[str]] = []
    run: list[str] = []
    for op, av in items:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            out.append(frozenset({"".join(run)}))
            run = []
        if op is _c.SUBPATTERN:
            out.extend(_every_need(av[3]))
        elif op in _REPEATS and av[0] >= 1:
            out.extend(_every_need(av[2]))
        elif _ATOMIC is not None and op is _ATOMIC:
            out.extend(_every_need(av))
        elif (need := _item_need(op, av)) is not None:
            out.append(need)
    if run:
        out.append(frozenset({"".join(run)}))
    return out


def scanner(literals: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern of the literals alone, which `re` scans for with a quick test of each position's first
    character (a pattern opening with `\\b` or a look-behind gets none), so `scanner(lits).search(text, pos,
    endpos) is None` exactly when no literal lies wholly in text[pos:endpos]. The alternation is written as a
    trie of the literals ("evacuat(?:ed|ing)|b(?:rought|used) out"): at a position whose first character
    passes, `re` tries one branch per distinct next character instead of every literal in turn."""
    return re.compile(_trie({literal: {} for literal in literals}))


def _trie(words: dict[str, dict]) -> str:
    """The alternation of `words` (the keys; "" for an ending) as a pattern grouped by shared first
    characters. Which literal matches does not matter to a scan, only whether one does: any trie of the same
    words matches at the same positions."""
    by_first: dict[str, dict[str, dict]] = {}
    ends = False
    for word in words:
        if word:
            by_first.setdefault(word[0], {})[word[1:]] = {}
        else:
            ends = True
    branches = [re.escape(first) + _trie(rest) for first, rest in sorted(by_first.items())]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if ends else body


def _better(a: frozenset[str], b: frozenset[str] | None) -> bool:
    """Is literal set `a` a better filter than `b`: longer shortest literal, then fewer literals."""
    return b is None or (min(map(len, a)), -len(a)) > (min(map(len, b)), -len(b))


def _need(items) -> frozenset[str] | None:
    """The best literal set one of which every match of this sequence of parsed items consumes, or None: the best
    of _every_need's sets (a group's or a repeat's best is the best of the sets within it)."""
    best: frozenset[str] | None = None
    for need in _every_need(items):
        best = _pick(need, best)
    return best


def _pick(candidate: frozenset[str] | None, best: frozenset[str] | None) -> frozenset[str] | None:
    return candidate if candidate is not None and _better(candidate, best) else best


def _item_need(op, av) -> frozenset[str] | None:
    """The literal set of one parsed item that is not a literal character: a branch, a group, a repeat."""
    if op is _c.BRANCH:
        parts = [_need(branch) for branch in av[1]]
        if any(part is None for part in parts):
            return None
        return frozenset().union(*parts)  # type: ignore[arg-type]
    if op is _c.SUBPATTERN:
        return _need(av[3])
    if op in _REPEATS and av[0] >= 1:
        return _need(av[2])
    if _ATOMIC is not None and op is _ATOMIC:
        return _need(av)
    return None  # a class, any character, an anchor, a look-around, a back-reference: nothing certain
