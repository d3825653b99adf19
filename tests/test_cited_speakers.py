"""Whose figures a sentence gives when a body cites another ("OCHA cited the Red Crescent as saying ...", "it cited
the WHO instead: ...") and when a quotation is closed by "the agency said" after the agency was named."""
from __future__ import annotations

from evacmap.corpus.attribution import find_attribution
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.speakers import attribute


def test_the_cited_body_is_the_speaker():
    a = find_attribution("In one report the U.N. office OCHA cited the Libyan Red Crescent as saying 11,300 people had died.")
    assert a is not None and a.speaker == "Libyan Red Crescent"
    a = find_attribution("In a later update it cited the World Health Organization instead: 3,958 dead and 9,000 missing.")
    assert a is not None and a.speaker == "WHO"
    assert find_attribution("The figures were cited in the report on Monday.") is None


def test_the_agency_is_the_organisation_last_credited():
    text = ("More than 43,000 people have been displaced, the International Organization for Migration said on Thursday. "
            "\"The floods have led to an estimated 43,059 individuals being displaced,\" the agency said.")
    speakers = attribute(text, split_sentences(text))
    assert speakers == ["IOM", "IOM"], speakers


def test_a_ministry_is_the_last_body_only_when_that_body_is_a_ministry():
    text = ("The health ministry said 40 people had died. The Red Crescent said 200 families had left. "
            "The ministry said 12 more bodies were found.")
    speakers = attribute(text, split_sentences(text))
    assert speakers[2] != speakers[1], speakers


def test_a_body_that_counted_or_recorded_a_figure_gives_it():
    assert find_attribution("Hospitals recorded 40 deaths on Monday.").speaker == "Hospitals"
    a = find_attribution("Last week it counted at least 30,000 displaced in the valley.")
    assert a is not None and a.pronoun == "it"
    assert find_attribution("About 3,000 people were counted at the camp.") is None  # a passive names nobody


def test_an_official_of_a_body_named_in_capitals_is_credited_to_the_whole_name():
    """Not to its last capitalised word as if that were a name ("Affairs")."""
    a = find_attribution("The jets carried 351 Indians to Djibouti, a spokesman of the Ministry of External Affairs said.")
    assert a is not None and a.speaker == "spokesman (Ministry of External Affairs)"
    a = find_attribution("Some 600 left, a spokeswoman for the Department of Foreign Affairs and Trade said.")
    assert a is not None and a.speaker == "spokeswoman (Department of Foreign Affairs and Trade)"
    a = find_attribution("Some 600 left, a spokesman for Save the Children said.")
    assert a is not None and a.speaker == "spokesman (Save the Children)"
    a = find_attribution("Some 600 left, a spokesman for John Smith said.")  # a person is no body
    assert a is not None and a.speaker == "spokesman"


def test_the_statement_is_whoever_the_text_said_issued_it():
    text = ("INS Sumitra entered Aden harbour on Tuesday, the Indian Navy said in a statement. The ship evacuated 349 "
            "Indians from Aden, the statement said. Another 20 left on Wednesday, the report said.")
    assert attribute(text, split_sentences(text)) == ["Indian Navy", "Indian Navy", None]  # no report was named
    text = ("The foreign ministry put the first group at 122. The Red Cross said 40 more had left. "
            "A total of 571 will be flown home, the statement said.")
    assert attribute(text, split_sentences(text))[2] is None  # a statement no one was said to issue


def test_a_body_that_expects_or_predicts_a_figure_gives_it():
    a = find_attribution("Officials expect 5,000 people to leave by Friday.")
    assert a is not None and a.speaker == "Officials"
    a = find_attribution("Forecasters predict a surge of up to 4 metres.")
    assert a is not None and a.speaker == "Forecasters"


def test_a_body_whose_name_runs_on_through_and_is_one_source():
    a = find_attribution("More than 180,000 residents have fled Oran, according to the Department of Social Welfare "
                         "and Development.")
    assert a is not None and a.speaker == "Department of Social Welfare and Development"
    a = find_attribution("Some 300 left, according to the Red Cross and the UN.")  # two sources stay two
    assert a is not None and a.speaker == "Red Cross; UN"
    a = find_attribution("Some 300 left, according to Ruritania and Borduria.")
    assert a is not None and a.speaker == "Ruritania; Borduria"


def test_the_military_and_officials_who_estimate_are_sources():
    a = find_attribution("The military said 120 militants and 38 soldiers had been killed.")
    assert a is not None and a.speaker == "military"
    a = find_attribution("Local officials estimate that 300 to 500 civilians are still inside.")
    assert a is not None and a.speaker == "Local officials"
    assert find_attribution("Their latest estimate of 500 people is low.") is None  # the noun


def test_an_intention_is_the_reporting_sources_claim():
    a = find_attribution("Once the airfield is running at full pace, the military expects to fly out between 5,000 "
                         "and 9,000 passengers a day, Taylor told reporters.")
    assert a is not None and a.speaker == "Taylor"


def test_an_office_of_a_place_is_the_speaker_not_the_place():
    a = find_attribution("The team managed to bring out 611 people, the governor of Homs said.")
    assert a is not None and a.speaker == "governor of Homs"
