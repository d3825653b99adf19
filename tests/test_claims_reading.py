"""Rules of news English behind a claim's speaker, scope, modality and date, each tested on sentences written
for the rule (none taken from the corpora or the sample): who a later clause credits, when a past perfect is a
running total, when "May" is a month, which adverbs sit between a subject and its speech verb."""
from __future__ import annotations

import datetime as dt

import pytest

from evacmap.corpus.attribution import find_attribution
from evacmap.corpus.claims import extract_claims
from evacmap.corpus.model import Article
from evacmap.corpus.scope import clause_scope, modality, subject_tally
from evacmap.corpus.sentences import split_sentences

WED = dt.date(2024, 5, 8)  # a Wednesday


def _claims(text: str, published: dt.date = WED):
    a = Article("a", "a.txt", text, "x", published=published)
    return extract_claims(a, split_sentences(text), [])


def _q(text: str, value: float, published: dt.date = WED) -> tuple[dict, dict]:
    """(claim JSON, quantity JSON) of the first quantity with this value."""
    return next((d, q) for c in _claims(text, published) for d in [c.to_dict()] for q in d["quantities"]
                if q["value"] == value)


@pytest.mark.parametrize(("text", "value", "speaker"), [
    # a second source after a semicolon takes its own figure
    ("Police have said 6,000 people were moved out of the valley; the Valley Herald put the figure at 5,500.",
     5500, "Valley Herald"),
    ("Police have said 6,000 people were moved out of the valley; the Valley Herald put the figure at 5,500.",
     6000, "Police"),
    ("The agency counted 41 deaths in the north, while the regional health office had last put the figure at 45.",
     45, "regional health office"),
    ("The agency counted 41 deaths in the north, while the regional health office gave a figure of 45.",
     45, "regional health office"),
])
def test_a_later_clause_with_its_own_source_is_that_sources(text, value, speaker):
    claim, _ = _q(text, value)
    assert claim["speaker"] == speaker


@pytest.mark.parametrize(("text", "speaker"), [
    ("For Marin County the board listed six deaths.", "board"),
    ("In Ontario the transport ministry said 140 buses were sent.", "transport ministry"),
    ("The Texas Division of Emergency Management said 300 people were rescued.",
     "Texas Division of Emergency Management"),
    ("The city's fire service had previously put the number at 12.", "city's fire service"),
])
def test_fronted_place_and_adverbs_are_not_part_of_the_subject(text, speaker):
    a = find_attribution(text)
    assert a is not None and a.speaker == speaker


@pytest.mark.parametrize(("text", "mood"), [
    ("About 3,000 residents left the valley when the water rose on Friday, May 10.", "reported"),
    ("Some 400 people were taken to shelters in early May.", "reported"),
    ("Some residents may stay behind.", "possible"),
    ("May 2 saw the first 50 families leave.", "reported"),
])
def test_may_the_month_is_no_modal(text, mood):
    assert modality(text) == mood


@pytest.mark.parametrize(("text", "number", "tally"), [
    ("The agency said on Monday that about 9,000 people had crossed into the neighbouring state.", "9,000", True),
    ("The governor said more than 700 families had already been housed in schools.", "700", True),
    ("Thursday only 420 people had checked into the county's shelters.", "420", True),
    ("Officials said 15,000 refugees had now reached the capital.", "15,000", True),
    ("Officials said 31 people had died in the blast.", "31", False),  # one event's toll
    ("The ministry said it had flown out 120 people.", "120", False),  # the count is not the subject
    ("Two ferries carrying 350 of them had left for the mainland that afternoon.", "350", False),  # one departure
    ("They said 350 of them had left on Tuesday.", "350", False),
])
def test_a_past_perfect_with_the_count_as_subject_is_a_running_total(text, number, tally):
    i = text.index(number)
    assert subject_tally(text, i + len(number)) is tally


def test_running_total_scope_reaches_the_claim_and_each_part_keeps_its_own():
    text = ("The agency said on Monday that 9,000 people had crossed into the neighbouring state and about 1,200 "
            "others had gone back to their villages.")
    assert _q(text, 9000)[1]["scope"] == "cumulative"
    assert _q(text, 1200)[1]["scope"] == "cumulative"
    # a clause's own scope cue still wins over the tense
    assert _q("The first convoy's 240 passengers had arrived at the port.", 240)[1]["scope"] == "first_convoy"


def test_a_total_over_this_week_is_as_of_the_report():
    claim, q = _q("The county has said 4,500 people were moved to shelters this week.", 4500)
    assert (q["scope"], claim["date"]) == ("total", "2024-05-08")
    claim, q = _q("The county said 4,500 people were moved to shelters earlier this week.", 4500)
    assert (q["scope"], claim["date"]) == (None, None)  # a day this week, not said which: no day


@pytest.mark.parametrize("joint", ["; ", ". "])
def test_another_sources_figure_for_the_same_count_keeps_its_scope_day_and_event(joint):
    text = (f"The first boat docked in Nowhere Bay on Tuesday with 61 people, a port official said{joint}"
            "The coastguard had put the number at about 65.")
    claim, q = _q(text, 65)
    assert (q["scope"], claim["date"], claim["event"], claim["speaker"]) == (
        "first_batch", "2024-05-07", "arrived", "coastguard")
    claim, q = _q("Police said 9,000 people left this week; the Daily Courier put the figure at 8,000.", 8000)
    assert (q["scope"], claim["date"], claim["speaker"]) == ("total", "2024-05-08", "Daily Courier")
    # an indefinite "a figure" or a toll without a count before it keeps its own reading
    _, q = _q("Local officials had put the death toll at 14.", 14)
    assert q["scope"] == "cumulative"


def test_a_count_in_a_clause_set_in_another_year_is_that_events_total():
    claim, q = _q("During the floods of 2011, the town's schools housed 3,200 people.", 3200)
    assert (q["scope"], claim["date"]) == ("total", None)
    _, q = _q("Since 2019, 3,200 people have left the valley.", 3200)
    assert q["scope"] == "cumulative"  # a running total since then, not a past event's


def test_the_latest_figures_are_as_of_publication_and_the_story_moves_on_to_that_day():
    text = ("On Monday the mayor said 17 people had died. The coroner listed 15 deaths in its latest report. "
            "The hospital counted 16 deaths.")
    assert _q(text, 17)[0]["date"] == "2024-05-06"
    assert _q(text, 15)[0]["date"] == "2024-05-08"
    assert _q(text, 16)[0]["date"] == "2024-05-08"


def test_a_passive_toll_keeps_its_day_and_an_active_one_over_time_has_none():
    assert _q("Local radio reported that 31 people had been killed or hurt.", 31)[0]["date"] == "2024-05-08"
    assert _q("The conflict has killed 31,000 people.", 31000)[0]["date"] is None


def test_a_sentence_that_adds_to_a_reported_count_is_still_the_speakers():
    text = ("Minister Ana Ruiz told reporters that 4,000 people had crossed. Most came on Monday, she said: 2,500 "
            "people crossed that day. Another 700 arrived overnight.")
    assert _q(text, 700)[0]["speaker"] == _q(text, 2500)[0]["speaker"] is not None


@pytest.mark.parametrize(("text", "mood"), [
    ("The camp is ready to cope with up to 9,000 people.", "expected"),
    ("Schools were prepared to take in 2,000 evacuees.", "expected"),
])
def test_capacity_readied_for_a_number_is_expected_not_reported(text, mood):
    assert modality(text) == mood


@pytest.mark.parametrize(("text", "scope"), [
    ("About 600 soldiers were clearing roads as of Friday morning.", None),  # a snapshot
    ("Some 2,100 people remained in the shelters as of noon.", None),
    ("Some 2,100 people had reached the shelters as of noon.", "cumulative"),  # a running total
    ("As of Friday, 2,100 people have been moved to safety.", "cumulative"),
])
def test_a_state_as_of_a_moment_is_a_snapshot_not_a_running_total(text, scope):
    assert clause_scope(text, counted=True) == scope


def test_a_capacity_is_expected_not_possible():
    assert modality("The stadium could accommodate as many as 8,000 people.") == "expected"
    assert modality("Some residents could return next week.") == "possible"


@pytest.mark.parametrize(("text", "speaker"), [
    ("A two-day truce, announced by the Northern Army and accepted by rebels, was broken within hours.",
     "Northern Army"),
    ("Figures released by the health ministry on Monday showed 40 dead.", "health ministry"),
])
def test_the_source_of_a_passive_verb_of_telling(text, speaker):
    a = find_attribution(text)
    assert a is not None and a.speaker == speaker
    assert find_attribution("The convoy was stopped by soldiers at the checkpoint.") is None


def test_a_clock_times_day_and_a_lone_time_adverbial_stay_in_their_sentence():
    text = ("Some 4,100 people had arrived as of 6 a.m. Monday. The agency gave the figure for the same hour as "
            "4,300. It closed at 9 p.m. Later the road reopened. By 10 p.m. Jane Roe, the agency's spokeswoman, "
            "gave a figure of 5,000.")
    assert [s.text for s in split_sentences(text)] == [
        "Some 4,100 people had arrived as of 6 a.m. Monday.", "The agency gave the figure for the same hour as 4,300.",
        "It closed at 9 p.m.", "Later the road reopened.",
        "By 10 p.m. Jane Roe, the agency's spokeswoman, gave a figure of 5,000."]
    assert _q(text, 4300)[1]["counts"] == "people"  # the figure of the count just given


def test_numbers_after_a_colon_detail_the_count_before_it():
    from evacmap.corpus.quantities import parse_quantities
    qs = parse_quantities("Medics said 40 of the injured were moved on Sunday: 25 by air, and 15 by road.")
    assert [(q.value, q.counts) for q in qs] == [(40, "wounded"), (25, "wounded"), (15, "wounded")]
    assert 5550 not in [q.value for q in parse_quantities("Hotline: 5550 1234.")]  # a number, no count


def test_an_elliptical_and_number_by_means_is_no_new_clause():
    text = ("Medics said 40 of the injured were moved on Sunday: 25 by air, some in army craft, and 15 by ambulances "
            "escorted by police.")
    assert [q["value"] for c in _claims(text) for q in c.to_dict()["quantities"]] == [40, 25, 15]
    assert len(_claims(text)) == 1


@pytest.mark.parametrize(("text", "speaker"), [
    ("Ruritania's state news agency RNA, citing the interior ministry, gave the figure as 3,100.",
     "RNA (Ruritania's state media)"),
    ("The agency, quoting local officials, said 300 people left.", "agency"),
])
def test_a_named_state_agency_and_a_citing_phrase(text, speaker):
    a = find_attribution(text)
    assert a is not None and a.speaker == speaker


def test_an_event_the_article_dated_keeps_its_day_when_told_of_again():
    text = ("Officials said on Wednesday that 14 people had died in Monday's bridge collapse.\n\n"
            "The collapse happened as hundreds of cars were queuing to cross. Photos showed dozens of trucks "
            "stranded on the far bank.")
    assert _q(text, 14)[0]["date"] == "2024-05-08"
    day = next(c.to_dict()["date"] for c in _claims(text) if "queuing" in c.text)
    assert day == "2024-05-06"
    assert next(c.to_dict()["date"] for c in _claims(text) if "Photos" in c.text) == "2024-05-06"


def test_a_named_witness_quoted_on_the_operation_itself_makes_a_claim():
    told = _claims('"The first trucks with the injured have arrived at the field hospital," said Lena Park, a medic.')
    assert [(c.event, c.speaker) for c in told] == [("arrived", "Lena Park")]
    # a quotation's colour, or the speaker's own arrival in a side clause, is no claim
    assert _claims('"When we arrived, the camp was silent. Nobody spoke," said Lena Park, a medic.') == []
    assert _claims('"It was a massacre," said Lena Park, a medic.') == []


@pytest.mark.parametrize(("text", "day"), [
    # a plan is the claim of the day it was told (the paper's, or the told day the clause names), not of the day
    # it is for: its modality says it has not happened
    ("About 2,000 people will be evacuated by Friday, the governor said.", dt.date(2024, 5, 8)),
    ("The governor said on Monday that 2,000 people would be moved out by Friday.", dt.date(2024, 5, 6)),
    ("The ferry will carry 400 people to the mainland on Friday.", dt.date(2024, 5, 8)),
    # what happened keeps its own day
    ("On Monday, 2,000 people left the valley.", dt.date(2024, 5, 6)),
])
def test_a_plan_is_dated_to_when_it_was_told_not_the_day_it_is_for(text, day):
    [claim] = _claims(text)
    assert claim.date == day and all(q.date in (None, day) for q in claim.quantities)


def test_every_item_of_an_including_list_is_a_part_but_a_new_clause_is_not():
    [c] = _claims("The port counted 2,300 people, including 530 Chileans and 1,400 Peruvians.")
    assert [q.scope for q in c.quantities] == ["total", "part", "part"]
    [c] = _claims("The camp holds 900 people, including 300 children, and 200 more arrived on Monday.")
    assert [q.scope for q in c.quantities][-1] != "part"


@pytest.mark.parametrize("text", ["The ferry is due to carry 400 people to the mainland on Friday.",
                                  "Officials hope to fly out 3,000 people before Sunday."])
def test_due_to_and_hope_to_are_plans(text):
    assert _claims(text)[0].modality == "planned"
