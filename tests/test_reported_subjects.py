"""Two readings of what is to come: numbers coordinated after a verb of saying share the one predicate that follows
them ("said 400 foreign passport holders and 60 wounded were expected": both expected), while two clauses each with
their own verb stay apart ("said 400 people left and 60 were wounded"); and a place "due to receive" people has them
coming, not arrived. Written sentences."""
from __future__ import annotations

import hashlib

from evacmap.corpus.claims import extract_claims
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences


def _moods(text: str) -> dict[float, str]:
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return {q.value: q.modality or c.modality for c in extract_claims(a, split_sentences(text), []) for q in c.quantities}


def test_numbers_coordinated_after_said_share_the_predicate_that_follows():
    assert _moods("On Thursday the official said 400 foreign passport holders and 60 wounded were expected.") == \
        {400: "expected", 60: "expected"}


def test_two_clauses_after_said_keep_their_own_moods():
    moods = _moods("The official said 400 people left on Monday and 60 more would leave on Tuesday.")
    assert moods[400] == "reported" and moods[60] == "planned"


def test_a_place_due_to_receive_people_has_them_coming():
    assert _moods("The hospital was due to receive 30 wounded on Monday.") == {30: "planned"}
    assert _moods("The hospital received 30 wounded on Monday.") == {30: "reported"}
