"""Rule families: the rules one clause is searched with in turn, and one pass that tells which of them can match.

Each rule made by `folding.fast` carries the literals one of which every match of it consumes on folded text
(`literals.required`). A `Family` puts the literals of all its rules in one Aho-Corasick automaton: one pass
over a clause's folded form gives every literal in it (overlapping ones too), hence the rules that may match;
the others cannot, and are not searched at all. Their own literal scan would have said the same (it is made
from the same literals), so the answers do not change, only the number of searches per clause: a family of
twenty rules costs one pass and the searches of the few rules whose cue words the clause holds.

A rule without such literals (not folded, or one that can match without any) is always searched. The sets are
derived from the patterns themselves, so editing a rule cannot leave its family's cues behind.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

import ahocorasick

from evacmap.corpus.folding import Fast, fold

__all__ = ["Family"]


class Family:
    """Rules searched in turn on one text: `possible(text)` is the set of those that may match it."""

    __slots__ = ("_always", "_automaton", "rules")

    def __init__(self, rules: Iterable[re.Pattern[str]]) -> None:
        self.rules = tuple(rules)
        by_literal: dict[str, set[int]] = {}
        always = set()
        for n, rule in enumerate(self.rules):
            literals = rule.literals if isinstance(rule, Fast) else None
            if literals is None:
                always.add(n)
            for literal in literals or ():
                by_literal.setdefault(literal, set()).add(n)
        self._always = frozenset(always)
        self._automaton = ahocorasick.Automaton()
        for literal, ids in by_literal.items():
            self._automaton.add_word(literal, frozenset(ids))
        if by_literal:
            self._automaton.make_automaton()
        else:
            self._automaton = None

    def possible(self, text: str) -> frozenset[int]:
        """The positions (in `rules`) of the rules that may match somewhere in `text`: those one of whose
        literals lies in its folded form, and those that have none."""
        if self._automaton is None:
            return self._always
        found = set(self._always)
        for _end, ids in self._automaton.iter(fold(text)):
            found |= ids
        return frozenset(found)

    def may(self, text: str) -> set[re.Pattern[str]]:
        """The rules themselves that may match somewhere in `text` (by identity: `rx in family.may(text)`)."""
        rules = self.rules
        return {rules[n] for n in self.possible(text)}

    def matching(self, text: str) -> set[re.Pattern[str]]:
        """The rules that match somewhere in `text`: each searched only if it may (`rx in family.matching(text)`)."""
        return {rx for rx in self.may(text) if rx.search(text) is not None}
