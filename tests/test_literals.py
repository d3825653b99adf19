"""The literal prefilter (corpus/literals.py): every match consumes one of the literals, so a text without
any has no match; patterns that can match without a literal get none."""
from __future__ import annotations

import re

import pytest

from evacmap.corpus.literals import also_required, required, scanner


@pytest.mark.parametrize(("source", "want"), [
    (r"\bwounded\b|\binjured\b", ("injured", "wounded")),
    (r"\b(?:evacuat(?:ed|ing)|brought out)\b", ("brought out", "evacuat")),
    (r"(?P<x>abc)|de", ("abc", "de")),
    (r"(?:ab){2}x", ("ab",)),
    (r"\d+ people\b", (" people",)),
    (r"(?:held|hold)s?\s+by\b", ("eld", "old")),  # the parser takes out the shared "h"; longer wins
])
def test_required_literals(source, want):
    assert required(re.compile(source)) == want


@pytest.mark.parametrize("source", [r"\w+", r"(?:a|)bc?", r"(?<=abcd)e", r"(?=abc)\w", r"x", r"(?:ab)?c",
                                     r"(?:word)*", r"(a)\1"])
def test_no_literals_where_a_match_can_do_without(source):
    assert required(re.compile(source)) is None


def test_case_insensitive_patterns_get_none():
    assert required(re.compile(r"held", re.I)) is None  # literals are for the folded, flag-free pattern


def test_scanner_respects_the_search_bounds():
    text = "buses left the wounded behind"
    scan = scanner(("wounded", "behind"))
    assert scan.search(text) is not None
    assert scan.search(text, 0, 20) is None  # "wounded" is cut by endpos: no match can consume it
    assert scan.search(text, 16, 28) is None
    assert scan.search(text, -5, 10**9) is not None  # re clamps negative and huge bounds
    rx = re.compile(r"\bwounded\b|\bbehind\b")
    for lo in range(-2, len(text) + 2):
        for hi in range(lo, len(text) + 3):
            if rx.search(text, lo, hi) is not None:
                assert scan.search(text, lo, hi) is not None


def test_scanner_is_a_trie_of_the_literals_with_the_plain_alternations_answers():
    """The scan groups literals by shared first characters (re then tries one branch per distinct next
    character, not every literal in turn), and finds a literal at exactly the positions the plain alternation
    of the same literals does, including a literal that is the start of another ("fr", "from")."""
    literals = ("evacuated", "evacuating", "brought out", "bused out", "from", "fr", "r", "ro", "road")
    scan = scanner(literals)
    assert scan.pattern.count("evacuat") == 1 and scan.pattern.count("from") == 0  # shared starts written once
    plain = re.compile("|".join(re.escape(x) for x in sorted(literals, key=lambda x: (-len(x), x))))
    texts = ["they were evacuating from the road", "evacuate frr", "bused ou", "no literal at all here: xyz",
             "brought outside", "f", "", "r"]
    for text in texts:
        for lo in range(-1, len(text) + 2):
            for hi in range(lo, len(text) + 2):
                a, b = plain.search(text, lo, hi), scan.search(text, lo, hi)
                assert (a is None) == (b is None) and (a is None or a.start() == b.start()), (text, lo, hi)


def test_also_required_gives_the_other_sets_each_match_consumes():
    """Each part of a sequence is needed: the rarer "whose" as well as the words for the people or the verb."""
    rx = re.compile(r"(?P<within>[a-z]\w*), (?:an? [^,]+ )?whose (?:residents|people) (?:were|was) (?:told|ordered) "
                    r"to leave")
    assert required(rx) == (" to leave",)
    assert also_required(rx) == (("whose ",), ("people", "residents"))  # best first (then ", ", "told|ordered")
    assert also_required(rx, limit=3) == (("whose ",), ("people", "residents"), ("ordered", "told"))
    assert also_required(re.compile(r"\bwounded\b|\binjured\b")) == ()  # one alternation: no other set


def test_fast_rules_find_what_their_patterns_find_on_every_corpus():
    """Every loosened rule made by `folding.fast` in the corpus modules, gated by all its literal sets, finds the same
    matches as its own pattern in every article of every corpus and the sample (the gate keeps every match)."""
    import importlib
    import pkgutil
    from pathlib import Path

    import evacmap.corpus
    from evacmap.corpus.folding import Fast

    rules = {id(rx): rx for info in pkgutil.iter_modules(evacmap.corpus.__path__)
             for rx in vars(importlib.import_module(f"evacmap.corpus.{info.name}")).values() if isinstance(rx, Fast)}
    gated = [rx for rx in rules.values() if rx._also]
    assert len(gated) >= 5  # the loosened rules (corpus/folding.py)
    root = Path(__file__).resolve().parents[1]
    paths = sorted([*root.glob("tests/corpora/*/articles/*.txt"), *root.glob("corpus/samples/*/articles/*.txt")])
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for rx in gated:
            assert [m.span() for m in rx.finditer(text)] == [m.span() for m in rx.pattern.finditer(text)], \
                (path.name, rx.pattern.pattern[:80])
