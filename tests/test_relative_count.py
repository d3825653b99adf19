"""A count inside a relative clause that describes someone ("Storm Daniel, which killed 15 people in Greece last
week, reached the coast of Libya") is that clause's: its place is the clause's own, not the main clause's."""
from __future__ import annotations

import hashlib

from evacmap.corpus.claims import extract_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences


def _places(text: str, gaz, focus: str) -> dict:
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    claims = extract_claims(a, split_sentences(text), find_mentions(a, gaz, focus=focus))
    return {q.value: sorted(gaz.get(p).name for p in c.places) for c in claims for q in c.quantities}


def test_a_count_in_a_relative_clause_takes_that_clauses_place(gaz):
    text = "Police closed roads in Aleppo as Storm Zora, which killed 15 people in Cyprus last week, reached the coast."
    assert _places(text, gaz, "SY") == {15: ["Cyprus"]}


def test_a_relative_clause_beside_the_count_is_still_no_place_of_it(gaz):
    text = "Storm Zora, which hit Cyprus last week, forced 300 people to leave Aleppo."
    assert _places(text, gaz, "SY") == {300: ["Aleppo"]}
