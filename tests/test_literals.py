"""The literal prefilter (corpus/literals.py): every match consumes one of the literals, so a text without
any has no match; patterns that can match without a literal get none."""
from __future__ import annotations

import re

import pytest

from evacmap.corpus.literals import absent, required


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


def test_absent_respects_the_search_bounds():
    text = "buses left the wounded behind"
    assert not absent(("wounded",), text, 0, len(text))
    assert absent(("wounded",), text, 0, 20)  # the word is cut by endpos: no match can consume it
    assert absent(("wounded",), text, 16, 100)
    assert not absent(("wounded",), text, -5, 10**9)  # re clamps negative and huge bounds
    for lo, hi in [(0, 22), (15, 22), (-3, 30), (5, 2)]:
        found = re.compile(r"\bwounded\b").search(text, max(lo, 0), max(hi, 0))
        assert (found is None) or not absent(("wounded",), text, lo, hi)
