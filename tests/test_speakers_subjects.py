"""The faster search for a sentence's state subjects ("Norway sent", "Turkey's") finds what the one pattern finds."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.speakers import _STATE_SUBJECT, _state_subjects, attribute

# words and joints around the rule's edges: a capital after a word character ("OHoms"), after a non-ASCII
# letter ("éHoms"), at the start with and without an opening phrase ("On Monday, Norway said"), possessives
_WORDS = ["Norway", "Aleppo", "OHoms", "éHoms", "_Homs", "On", "By", "early", "Monday", "said", "has", "sent",
          "'s", "’s", "announced", "flew", "was", "Kerry", "x", "1", ",", ".", "(", "\"", "—"]


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_WORDS), st.sampled_from(["", " ", "  ", "\n", ", "])), max_size=14))
def test_state_subjects_are_the_patterns_matches(parts):
    text = "".join(word + joint for word, joint in parts)
    expected = [(m.start(), m.end(), m.group(1)) for m in _STATE_SUBJECT.finditer(text)]
    assert [(m.start(), m.end(), m.group(1)) for m in _state_subjects(text)] == expected


def test_its_embassy_is_of_the_state_named_as_subject_after_the_first_word():
    text = ("Relief flights resumed on Monday. Officials said Norway sent a plane to Beirut. "
            "Its embassy said 120 people were aboard.")
    sentences = split_sentences(text)
    assert attribute(text, sentences, frozenset({"norway", "beirut"}))[-1] == "Norway's embassy"
