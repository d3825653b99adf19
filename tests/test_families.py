"""Rule families (corpus/families.py) and guarded rules (corpus/prefilter.py): a clause is searched only with
the rules whose cue words it holds. The gate must never drop a rule that matches (the outputs would change),
and must drop the others."""
from __future__ import annotations

import gc
import re
from collections import Counter
from re._constants import AT, AT_BEGINNING, AT_END, BRANCH, SUBPATTERN
from re._parser import parse

from helpers import CORPUS_ARTICLES

from evacmap.corpus import (  # noqa: F401  (their families and guarded rules)
    claim_places,
    control_text,
    events,
    movement_clauses,
    movement_cues,
    movements,
    scope,
    slots,
)
from evacmap.corpus.actors import default_actors
from evacmap.corpus.families import Family
from evacmap.corpus.folding import Fast, fast
from evacmap.corpus.prefilter import Guarded
from evacmap.corpus.sentences import split_sentences

TRAPS = ["HELD by REBELS in ALEPPO", "ſide of the Kelvin-\u212a zone, the ﬁrst convoy", "EVACUATED TO İDLİB",
         "They had been FLOWN out; the WOUNDED and the sick were taken by bus to Highway 63"]


def _families() -> list[Family]:
    return [f for f in gc.get_objects() if isinstance(f, Family)]


def _clauses() -> list[str]:
    out = list(TRAPS)
    for path in CORPUS_ARTICLES:
        text = path.read_text(encoding="utf-8")
        out += [s.text for s in split_sentences(text)]
        out += [s.text.upper() for s in split_sentences(text)[:5]]
    return out


def test_every_rule_that_matches_a_clause_is_among_its_possible_rules():
    """The cue sets come from the patterns themselves (literals.required): each is necessary for its rule, so
    no clause of the corpora that a rule matches is kept from it."""
    families = _families()
    assert len(families) >= 5  # classify's, the scope cues', the modal cues', the movers', the modes'
    clauses = _clauses()
    for family in families:
        for text in clauses:
            possible = family.possible(text)
            for n, rule in enumerate(family.rules):
                if rule.search(text) is not None:
                    assert n in possible, (rule.pattern, text)


def test_the_matching_rules_are_those_a_search_of_every_rule_finds():
    """`matching` (what the movers' and the modes' readers ask) gives exactly the rules that match, as searching
    each rule of the family in turn would."""
    clauses = _clauses()
    for family in _families():
        for text in clauses:
            assert family.matching(text) == {rule for rule in family.rules if rule.search(text) is not None}, text


def test_a_family_drops_the_rules_whose_words_a_clause_lacks():
    """The gate is worth having: most clauses leave out most rules of each family."""
    clauses = _clauses()
    for family in _families():
        gated = [n for n, rule in enumerate(family.rules) if isinstance(rule, Fast) and rule.literals]
        assert len(gated) == len(family.rules), [family.rules[n].pattern for n in range(len(family.rules))
                                                 if n not in gated]
        kept = sum(len(family.possible(text)) for text in clauses)
        assert kept < 0.5 * len(family.rules) * len(clauses)


def test_a_rule_without_literals_is_always_searched():
    plain = re.compile(r"\b\w+ed\b", re.I)
    worded = fast(re.compile(r"\bconvoys?\b", re.I))
    family = Family((plain, worded))
    assert family.possible("nothing here") == {0}
    assert family.possible("the CONVOY left") == {0, 1}
    assert family.may("the convoy left") == {plain, worded}


def _guarded() -> list[Guarded]:
    slots.area_patterns(default_actors())
    control_text._rules(default_actors())
    return [g for g in gc.get_objects() if isinstance(g, Guarded)]


def _anchored(items, edge: int) -> bool:
    """Does every branch of the parsed pattern `items` hold to the text's start (edge 0) or end (edge -1)?"""
    if not items:
        return False
    op, av = items[edge]
    if op is AT:
        return av is (AT_BEGINNING if edge == 0 else AT_END)
    if op is BRANCH:
        return all(_anchored(list(branch), edge) for branch in av[1])
    if op is SUBPATTERN:
        return _anchored(list(av[-1]), edge)
    return False


def _held_to(g: Guarded) -> tuple[bool, bool]:
    """(held to the text's end, held to its start): a rule read before a place, or after one."""
    items = list(parse(g._source, g._flags))
    return _anchored(items, -1), _anchored(items, 0)


def test_every_guard_is_found_inside_each_match_of_its_rule():
    """A guarded rule (corpus/prefilter.py) is searched only where its guard is: the guard must match inside
    every match of the rule, or the rule would miss. Checked on whole sentences, and on the texts a rule is
    given there: a rule that ends at the text's end ("<actor>-held |Aleppo") reads the text before a place, so
    it is checked on the text before each capitalised word of the corpora ("... flown via |Larnaca"); one that
    starts at the text's start (", which the army besieged") reads the text after a place, so it is checked on
    the text after each capitalised word; one held to neither end, on both."""
    guarded = _guarded()
    assert len(guarded) >= 15
    clauses = list(dict.fromkeys(_clauses()))
    before = [text[:m.start()] for text in clauses for m in re.finditer(r"\b[A-Z]", text)]
    after = [text[m.end():] for text in clauses for m in re.finditer(r"\b[A-Z]\w*", text)]
    # each text once (a tenth recur): the same check, not made twice
    kinds = {(True, False): list(dict.fromkeys(clauses + before)), (False, True): list(dict.fromkeys(clauses + after)),
             (False, False): list(dict.fromkeys(clauses + before + after))}
    ends = Counter()
    for g in guarded:
        pattern = g.pattern
        end = _held_to(g)
        ends[end] += 1
        for text in kinds.get(end, kinds[False, False]):
            m = pattern.search(text)
            if m is not None:
                assert g.guard.search(text, m.start(), m.end()) is not None, (pattern.pattern, g.guard.pattern, text)
    assert ends[True, False] >= 10 and ends[False, True] >= 5  # the rules before and after a place


def test_a_guards_literal_scan_refuses_only_texts_the_guard_does_not_match():
    """A guard that is a pattern of its own is searched only where one of its literals is (corpus/prefilter.py):
    the answer of `_guarded` must be the guard's own search, on the windows before and after each capitalised
    word of the corpora (as the slot and control rules ask; a rule held to the text's end or start, only the
    windows before or after) and on whole sentences; and the scan must be there for most guards and refuse most
    windows (or it costs without saving)."""
    guarded = _guarded()
    scanned = [g for g in guarded if g._guard_words is not None]
    assert len(scanned) >= 0.8 * len(guarded)
    clauses = _clauses()
    before = [text[max(0, m.start() - 120):m.start()] for text in clauses for m in re.finditer(r"\b[A-Z]", text)]
    after = [text[m.end():] for text in clauses for m in re.finditer(r"\b[A-Z]\w*", text)]
    # each text checked once, counted as often as it recurs (a tenth recur)
    kinds = {(True, False): Counter(clauses + before), (False, True): Counter(clauses + after),
             (False, False): Counter(clauses + before + after)}
    refused = asked = 0
    for g in scanned:
        times = kinds.get(_held_to(g), kinds[False, False])
        for text, n in times.items():
            own = g.guard.search(text) is not None
            assert (g._guarded(text, 0, len(text)) is True) == own, (g.guard.pattern, text)
            refused += n * (g._guard_words.search(text.lower()) is None)
        asked += times.total()
    assert refused > 0.5 * asked
