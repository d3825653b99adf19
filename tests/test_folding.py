"""Case-insensitive searches run without IGNORECASE on folded text (corpus/folding.py): the matches must be the
original pattern's, on real article text and on the characters IGNORECASE treats specially."""
from __future__ import annotations

import functools
import re

import pytest
from helpers import CORPUS_ARTICLES

from evacmap.corpus import (
    attribution,
    claim_places,
    claims,
    control_text,
    events,
    metadata,
    movement_clauses,
    movement_cues,
    movements,
    quantities,
    scope,
    slots,
)
from evacmap.corpus.actors import default_actors
from evacmap.corpus.folding import Fast, fast, fold, folded, loosened
from evacmap.corpus.prefilter import Guarded

TRAPS = ["HELD by REBELS in ALEPPO", "Kurdish-held DİSTRİCTS", "ſide of the Kelvin-\u212a zone",
         "the government-ıheld areas of the province of Idlib", "Rebel-held PARTS of the city of Homs"]


@functools.cache
def _texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in CORPUS_ARTICLES]
    return texts + TRAPS + [t.upper() for t in texts[:3]]


def _guarded() -> list[Guarded]:
    """Every guarded rule: the modules' own, and the area and control rules of the default lexicon, each once.
    (Other lexicons, e.g. a corpus's [actors], give the same rules with other names in the alternations; which
    of them a worker holds depends on the tests it ran before, so they are not collected from memory.)"""
    actors = default_actors()
    built = [*slots.area_patterns(actors)]
    for rule in vars(control_text._rules(actors)).values():
        built.extend(r for r in (rule if isinstance(rule, tuple) else [rule]) if isinstance(r, Guarded))
    modules = (attribution, claim_places, claims, control_text, events, metadata, movement_clauses, movement_cues, movements,
               quantities, scope, slots)
    found = [g for module in modules for g in vars(module).values() if isinstance(g, Guarded)]
    unique: dict[tuple[str, int, str], Guarded] = {}
    for g in [*found, *built]:  # by source: a rule given as source is compiled by its test, not at collection
        unique.setdefault((g._source, g._flags, g.guard.pattern), g)
    return list(unique.values())


def test_folding_keeps_length_and_offsets():
    for text in _texts():
        low = fold(text)
        assert len(low) == len(text)
        assert low == text.translate({0x130: "i", 0x131: "i", 0x17F: "s", 0x212A: "k"}).translate(
            str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"))


@pytest.mark.parametrize("source", [r"[A-Z]\w+", r"(?-i:abc)", r"s", r"\u017f", r"[\u0100-\u0200]x", r"(?i)x",
                                     r"é"])
def test_patterns_folding_would_change_are_left_alone(source):
    if source == "s":
        assert folded(re.compile(source, re.I)) is not None  # 'ſ' and 'S' in the text fold to it
    else:
        assert folded(re.compile(source, re.I)) is None


GUARDED = _guarded()


def test_the_fast_path_is_taken_for_several_guarded_rules():
    assert sum(g._fast is not None for g in GUARDED) >= 5


@pytest.mark.parametrize("g", GUARDED, ids=[f"rule{i}" for i in range(len(GUARDED))])
def test_guarded_patterns_match_as_with_ignorecase(g):
    """Each rule on its own (xdist spreads them over the workers), on every text, from every 97th offset."""
    for text in _texts():
        for lo in range(0, len(text), 97):
            for hi in (len(text), min(len(text), lo + 150)):
                guarded = g.guard.search(text, lo, hi)
                want = g.pattern.search(text, lo, hi) if guarded else None
                got = g.search(text, lo, hi)
                assert (got and (got.span(), got.groupdict())) == (want and (want.span(), want.groupdict()))
                m_want = g.pattern.match(text, lo, hi) if guarded else None
                m_got = g.match(text, lo, hi)
                assert (m_got and m_got.span()) == (m_want and m_want.span())


def _fast_patterns() -> list[Fast]:
    modules = (events, quantities, scope, movement_cues, movement_clauses, claim_places, claims, slots, metadata,
               attribution)
    found = [v for module in modules for v in vars(module).values() if isinstance(v, Fast)]
    return found + [rx for rx, _ in [*scope._CLAUSE_CUES, *movement_cues.WHO] if isinstance(rx, Fast)]


FAST = _fast_patterns()


def test_there_are_fast_patterns():
    assert len(FAST) >= 20


@pytest.mark.parametrize("rx", FAST, ids=[f"fast{i}" for i in range(len(FAST))])
def test_fast_patterns_search_as_with_ignorecase(rx):
    """Each pattern on its own (xdist spreads them over the workers)."""
    assert rx._fast is not None
    for text in _texts():
        for lo in range(0, len(text), 601):
            for hi in (len(text), min(len(text), lo + 200)):
                got, want = rx.search(text, lo, hi), rx.pattern.search(text, lo, hi)
                assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups()))
        got_all = [(m.span(), m.groups()) for m in rx.finditer(text)]
        assert got_all == [(m.span(), m.groups()) for m in rx.pattern.finditer(text)]
        assert rx.sub(" ", text) == rx.pattern.sub(" ", text)


@pytest.mark.parametrize("source", [r"\b(?-i:[A-Z])\w+ said\b", r",\s+and\s+(?=(?-i:[a-z\d]))", r"(?-i:North|South) of \w+",
                                     r"\bthe (?:(?-i:[A-Z])[\w.-]*\s+){1,3}?(?:road|highway)\b",
                                     # named groups keep their names' case: "(?P<Who>" is no "(?p<who>"
                                     r"\b(?P<Who>told|ordered)\s+(?:the\s+)?(?P<whom>(?-i:[A-Z])\w+)\s+to\b"])
def test_loosened_patterns_search_as_the_original(source):
    """A pattern with case-sensitive parts is searched with a wider one on folded text, each position it finds
    checked with the original: the matches are the original's, where the case of those parts decides."""
    rx = re.compile(source, re.I)
    loose = fast(rx)
    assert isinstance(loose, Fast) and not loose._exact
    texts = ["maria said it, Maria said it", "x, and The y, and the z, and 5", "north of here, North of there",
             "NORTH OF X", "take the Old Coast road, the old coast road or THE MAIN HIGHWAY",
             "police told Residents to leave and ORDERED the people to go; Told Maria to", *_texts()[:4]]
    for text in texts:
        for lo in range(0, len(text), 7):
            got, want = loose.search(text, lo), rx.search(text, lo)
            assert (got and (got.span(), got.groupdict())) == (want and (want.span(), want.groupdict()))
        assert [m.span() for m in loose.finditer(text)] == [m.span() for m in rx.finditer(text)]


@pytest.mark.parametrize("source", [r"(?-i:[^A-Z])x", r"(?!(?-i:Foo))\w+", r"(?-i:(?!Foo))\w+", r"(a)(?-i:B)\1"])
def test_patterns_lower_casing_could_narrow_are_not_loosened(source):
    assert loosened(re.compile(source, re.I)) is None


def test_a_guarded_rule_given_as_source_is_compiled_only_when_its_word_turns_up():
    source = (r"\b(?P<who>rebel|government)[- ]held\s+$", re.I)
    lazy, eager = Guarded(source, "held"), Guarded(re.compile(*source), "held")
    assert lazy.search("They fled the town.") is None and lazy.match("nothing here") is None
    assert list(lazy.finditer("no guard word")) == []
    assert lazy._compiled is None  # no text held the word: nothing compiled
    text = "They fled the Rebel-held "
    got, want = lazy.search(text), eager.search(text)
    assert got is not None and want is not None and (got.span(), got["who"]) == (want.span(), want["who"]) == ((14, 25), "Rebel")
    assert lazy._compiled is not None
