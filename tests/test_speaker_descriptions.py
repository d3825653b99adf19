"""Sources described rather than named: a body followed by where it sits ("the health ministry in the Hamas-run
strip says ..."), an official who "revised Wednesday's figures: 361 ...", "he" after an unnamed official, and a body
named in lower case after its owner ("A Russian emergencies ministry plane ..., the ministry said")."""
from __future__ import annotations

from evacmap.corpus.attribution import find_attribution
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.speakers import attribute


def test_a_body_described_by_where_it_sits_is_the_source():
    a = find_attribution("The health ministry in the Hamas-run strip says more than 8,500 people have been killed.")
    assert a is not None and a.speaker == "health ministry in the Hamas-run strip"
    a = find_attribution("The interior ministry in the breakaway region said 300 families had left.")
    assert a is not None and a.speaker == "interior ministry in the breakaway region"
    # people somewhere are no body: a description of where they are makes none of them
    assert find_attribution("Families in the north of the country said 300 people had left.") is None


def test_a_source_that_revised_or_updated_a_figure_gives_it():
    a = find_attribution("An Egyptian official at the crossing revised Wednesday's figures: 361 foreigners had crossed.")
    assert a is not None and a.speaker == "Egyptian official"
    a = find_attribution("The ministry updated its toll to 10,022 on Monday.")
    assert a is not None and a.speaker == "ministry"
    assert find_attribution("The figures were revised on Monday to 361.") is None  # a passive names nobody


def test_he_after_an_unnamed_official_is_that_official():
    text = ("Ismail Khairat told diplomats that 7,000 people would leave. An Egyptian official at the crossing revised "
            "the first count: 361 people had crossed. The 76 wounded he had reported were 46 patients and 30 "
            "companions, he said.")
    assert attribute(text, split_sentences(text))[1:] == ["Egyptian official", "Egyptian official"]


def test_the_ministry_is_one_named_in_lower_case_after_its_owner():
    text = ("The health ministry said 40 people had died. A Russian emergencies ministry plane carrying 70 people "
            "landed in Moscow on Monday, the ministry said.")
    assert attribute(text, split_sentences(text))[1] == "Russian emergencies ministry"
    text = ("Earlier on Monday the foreign ministry had put the figure at 388. Later the ministry said 400 had left.")
    assert attribute(text, split_sentences(text))[1] != "Monday the foreign ministry"
