"""Case-insensitive searches run without IGNORECASE on folded text (corpus/folding.py): the matches must be the
original pattern's, on real article text and on the characters IGNORECASE treats specially."""
from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest

from evacmap.corpus import (  # noqa: F401  (their patterns)
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

ROOT = Path(__file__).resolve().parents[1]
ARTICLES = sorted((ROOT / "corpus" / "samples").rglob("articles/*")) + sorted((ROOT / "tests" / "corpora").rglob("articles/*"))
TRAPS = ["HELD by REBELS in ALEPPO", "Kurdish-held DİSTRİCTS", "ſide of the Kelvin-\u212a zone",
         "the government-ıheld areas of the province of Idlib", "Rebel-held PARTS of the city of Homs"]


def _texts() -> list[str]:
    texts = [p.read_text(encoding="utf-8") for p in ARTICLES]
    return texts + TRAPS + [t.upper() for t in texts[:3]]


def _guarded() -> list[Guarded]:
    slots.area_patterns(default_actors())
    return [g for g in gc.get_objects() if isinstance(g, Guarded)]


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


def test_guarded_patterns_match_as_with_ignorecase():
    guarded = _guarded()
    assert sum(g._fast is not None for g in guarded) >= 5  # the fast path is taken for most of them
    for g in guarded:
        for text in _texts():
            for lo in range(0, len(text), 97):
                for hi in (len(text), min(len(text), lo + 150)):
                    want = g.pattern.search(text, lo, hi) if g.guard.search(text, lo, hi) else None
                    got = g.search(text, lo, hi)
                    assert (got and (got.span(), got.groupdict())) == (want and (want.span(), want.groupdict()))
                    m_want = g.pattern.match(text, lo, hi) if g.guard.search(text, lo, hi) else None
                    m_got = g.match(text, lo, hi)
                    assert (m_got and m_got.span()) == (m_want and m_want.span())


def _fast_patterns() -> list[Fast]:
    modules = (events, quantities, scope, movement_cues, movement_clauses, claim_places, claims, slots, metadata,
               attribution)
    found = [v for module in modules for v in vars(module).values() if isinstance(v, Fast)]
    return found + [rx for rx, _ in [*scope._CLAUSE_CUES, *movement_cues.WHO] if isinstance(rx, Fast)]


def test_fast_patterns_search_as_with_ignorecase():
    patterns = _fast_patterns()
    assert len(patterns) >= 20
    for rx in patterns:
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
