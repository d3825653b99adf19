"""Dates and clock times against the article's published date, on real and written sentences."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evacmap.corpus.dates import find_dates, find_times, narrative_dates, story_day
from evacmap.corpus.sentences import split_sentences

THU = dt.date(2016, 12, 15)
FRI = dt.date(2016, 12, 16)
ARTICLES = Path(__file__).resolve().parents[1] / "corpus" / "samples" / "aleppo-2016" / "articles"


def first(text, published=THU, anchor=None):
    refs = find_dates(text, published, anchor)
    assert refs, text
    return refs[0]


@pytest.mark.parametrize("published", [THU, FRI])
def test_on_thursday_is_the_last_thursday_on_or_before_publication(published):
    assert first("Around 1,000 people were evacuated on Thursday", published).date == THU


def test_weekday_with_part_of_day_and_modifiers():
    assert first("a ceasefire deal was struck on Wednesday night", THU).date == dt.date(2016, 12, 14)
    assert first("a ceasefire deal was struck on Wednesday night").text == "on Wednesday night"
    assert first("shooting up to 82 civilians on Monday").date == dt.date(2016, 12, 12)
    assert first("the resumption of fighting early Wednesday").date == dt.date(2016, 12, 14)
    assert first("they met last Thursday").date == dt.date(2016, 12, 8)  # 'last' excludes today


def test_future_weekday_is_the_next_one():
    assert first("The United Nations Security Council is due to meet Friday for discussions").date == FRI
    assert first("Evacuations are expected to continue throughout the night and into Friday").date == FRI
    assert first("talks will resume Monday").date == dt.date(2016, 12, 19)
    assert first("talks resume next Thursday").date == dt.date(2016, 12, 22)


def test_relative_words():
    assert first("she will try again tomorrow").date == FRI
    assert first("the bombing yesterday").date == dt.date(2016, 12, 14)
    assert first("clearing the road this morning").date == THU


def test_anchored_to_the_story_day_not_publication():
    ref = first("Evacuation attempts had been halted a day earlier due to heavy fighting.", FRI, anchor=THU)
    assert (ref.date, ref.kind) == (dt.date(2016, 12, 14), "anchored")
    ref = first("an initial plan collapsed the previous day", THU)
    assert ref.date == dt.date(2016, 12, 14)


def test_week_phrases_span_a_week():
    ref = first("The U.N. body held an emergency meeting earlier this week")
    assert (ref.kind, ref.date, ref.last) == ("week", dt.date(2016, 12, 12), THU)
    ref = first("launching a surprise attack to retake the ancient city of Palmyra last week")
    assert (ref.date, ref.last) == (dt.date(2016, 12, 5), dt.date(2016, 12, 11))


def test_explicit_dates():
    assert first("on December 15, 2016").date == THU
    assert first("on 14 December").date == dt.date(2016, 12, 14)
    assert find_dates("on 31 February", THU) == []


def test_background_clause_and_quotation_are_marked():
    refs = find_dates("Evacuations began on Thursday after a ceasefire deal was struck on Wednesday night.", THU)
    assert [(r.date, r.background) for r in refs] == [(THU, False), (dt.date(2016, 12, 14), True)]
    assert first('"She will try again tomorrow," he said.').background
    assert first("The evacuations began with a convoy after previous attempts failed on Wednesday.").background


def test_no_published_date_means_no_dates():
    assert find_dates("on Thursday", None) == []
    assert narrative_dates(["on Thursday", "then"], None) == [None, None]


def test_clock_times():
    s = ("The evacuation began with a convoy of ambulances and buses crossing into a government-held district "
         "in southern Aleppo at 2:30pm local time (1230GMT).")
    assert [t for t, *_ in find_times(s)] == ["2:30pm local time (1230GMT)"]
    assert [t for t, *_ in find_times("at 10 a.m. and by midday")] == ["10 a.m.", "midday"]
    assert find_times("21 buses and 19 ambulances") == []  # '19 am' is not a time


def test_narrative_dates_carry_the_day_and_reset_per_paragraph():
    texts = ["Evacuations began on Thursday after a ceasefire deal was struck on Wednesday night.",
             "Approximately 200 left in the first batch of 17 buses.",
             "A first truce was brokered on Tuesday night.",
             "However, the deal collapsed in less than 12 hours.",
             "Many are treating the second attempt with caution."]
    days = narrative_dates(texts, THU, paragraphs=[0, 0, 1, 1, 2])
    assert days == [THU, THU, dt.date(2016, 12, 13), dt.date(2016, 12, 13), THU]


def test_friday_paper_keeps_thursday_for_undated_sentences():
    text = (ARTICLES / "002_42f7b2695aa7c251.txt").read_text(encoding="utf-8")
    sentences = split_sentences(text)
    texts = [s.text for s in sentences]
    assert story_day(texts, FRI) == THU
    days = narrative_dates(texts, FRI, [text.count("\n", 0, s.start) for s in sentences])
    i = next(i for i, t in enumerate(texts) if "about 1,000 evacuees" in t)
    assert days[i] == THU  # its own dates are in an 'After ...' clause: it inherits the lede's Thursday


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=60), st.lists(st.sampled_from(
    ["on", "Thursday", "last", "week", "12:30pm", "(1230GMT)", "a", "day", "earlier", "after", ",", '"', "’",
     "31", "February", "December", "2016", "tomorrow", "will", "next"]), max_size=12).map(" ".join)), max_size=5))
def test_dates_never_crash(texts):
    assert len(narrative_dates(texts, THU, list(range(len(texts))))) == len(texts)
    for t in texts:
        find_times(t)


@pytest.mark.parametrize("sentence, day", [
    # the tense sits in an earlier clause of the sentence: "will lead ..., the only road out, at first light on Friday"
    ("If conditions allow, the police will lead a first convoy south on Highway 63, the only road out of the area, "
     "at first light on Friday, the premier said.", "2016-05-06"),
    ("On Friday, the convoy will leave for Edmonton.", "2016-05-06"),  # the verb follows the date
    ("Road convoy set for Friday", "2016-05-06"),  # a headline's plan
    ("On Monday, the first buses left.", "2016-05-02"),
    ("The convoy, the first of its kind, arrived on Tuesday.", "2016-05-03"),
])
def test_a_weekday_takes_the_tense_of_its_sentence(sentence, day):
    published = dt.date(2016, 5, 5)  # a Thursday
    refs = find_dates(sentence, published)
    assert [r.date.isoformat() for r in refs] == [day]


def test_a_later_clause_does_not_lend_its_tense_to_an_opening_date():
    refs = find_dates("On Friday, 300 people left and more will follow.", dt.date(2016, 5, 5))
    assert [r.date.isoformat() for r in refs] == ["2016-04-29"]


def test_the_comma_of_a_thousand_is_no_clause_break_that_hides_the_future_tense():
    wed = dt.date(2024, 5, 8)
    [r] = find_dates("The navy will have moved 5,000 people by Friday, officials said.", wed)
    assert r.date == dt.date(2024, 5, 10)
    [r] = find_dates("The navy said 5,000 people left on Monday.", wed)
    assert r.date == dt.date(2024, 5, 6)


def test_would_of_reported_speech_puts_a_weekday_ahead():
    """Reported speech moves "will" to "would": the day it names is still ahead of the report."""
    thu = dt.date(2006, 7, 20)
    [r] = find_dates("He said more than 6,000 would have been moved by Friday.", thu)
    assert r.date == dt.date(2006, 7, 21)
    [r] = find_dates("Ottawa said a chartered ship would pick up 1,000 people from the port on Wednesday.", thu)
    assert r.date == dt.date(2006, 7, 26)
    [r] = find_dates("Ottawa said a chartered ship picked up 1,000 people from the port on Wednesday.", thu)
    assert r.date == dt.date(2006, 7, 19)


def test_a_relative_clause_tying_in_an_earlier_event_dates_that_event_not_the_sentence():
    """"..., which followed a similar explosion at Unit 1 on Saturday": Saturday is the earlier blast's day; a
    relative clause about the reported event itself ("which left on Monday") still dates it."""
    wed = dt.date(2024, 5, 8)
    refs = find_dates("Seven were missing after the blast at Unit 3, which followed a similar explosion at Unit 1 on "
                      "Saturday.", wed)
    assert [r.background for r in refs] == [True]
    refs = find_dates("The convoy, which left on Monday, carried 300 people.", wed)
    assert [(r.date, r.background) for r in refs] == [(dt.date(2024, 5, 6), False)]


def test_a_deadline_given_with_an_instruction_is_the_day_to_come():
    """"Were told to leave by Monday" on a Thursday: the Monday after, whatever the tense of the telling; a past
    "had left by Monday" stays the Monday before."""
    assert first("Campers were told to leave by Monday, rangers said.").date == dt.date(2016, 12, 19)
    assert first("Residents were advised to get out by noon on Saturday.").date == dt.date(2016, 12, 17)
    assert first("About 200 families had left by Monday evening.").date == dt.date(2016, 12, 12)
    assert first("The campers left by bus on Monday.").date == dt.date(2016, 12, 12)
    # the deadline is not the day of the telling: the sentence stays on the story's day
    assert narrative_dates(["Campers were told to leave by Monday, rangers said."], THU) == [THU]


def test_the_same_day_opening_a_paragraph_is_the_day_the_last_one_told_of():
    """"On the same day, ..." opening a paragraph: the day the paragraph before ended on (Monday), not the story's
    day the new paragraph starts from."""
    texts = ["Ferries carried 300 people off the island on Wednesday.", "Helicopters flew out 90 more on Monday.",
             "On the same day, 40 patients were driven to the coast."]
    assert narrative_dates(texts, THU, paragraphs=[0, 1, 2])[2] == dt.date(2016, 12, 12)


@pytest.mark.parametrize("text, day", [
    ("Three weeks ago the agency said 800 people had fled.", dt.date(2024, 4, 24)),
    ("Two days ago police counted 12 buses.", dt.date(2024, 5, 13)),
    ("A week ago the camp held 300 people.", dt.date(2024, 5, 8)),
])
def test_days_and_weeks_ago_count_back_from_publication(text, day):
    """"N days/weeks ago" is a day counted back from the day the article was published (Wednesday 15 May)."""
    [ref] = find_dates(text, dt.date(2024, 5, 15))
    assert (ref.date, ref.kind) == (day, "relative")


def test_where_people_are_staying_now_is_of_the_report_day():
    """"Some 1,200 evacuees were staying at shelters in X, the Red Cross said" in a paragraph of its own: a state
    as of the report, not the day of the lede's flight (Monday)."""
    texts = ["More than 2,000 people fled the town on Monday.",
             "Some 1,200 evacuees were staying at shelters in the city, the Red Cross said."]
    assert narrative_dates(texts, THU, paragraphs=[0, 1]) == [dt.date(2016, 12, 12), THU]


def test_a_sentence_opening_with_when_is_dated_by_that_clause():
    """Written sentences: "When X happened on <day>, Y ..." puts Y at that day (the same time); "after", "since" and a
    "when" inside the sentence still set their day in the background."""
    r = first("When the lava reached the sea on Dec. 12, the government confined 2,864 residents.")
    assert (r.date, r.background) == (dt.date(2016, 12, 12), False)
    assert first("The city had 300,000 people when the war began on Dec. 12.").background
    assert first("When buses arrived after the ceasefire on Wednesday, 300 people left.").background


def test_the_future_in_the_past_counts_its_weekday_from_the_day_told_of():
    """"were due to leave on Monday" after a Sunday is the Monday after it; "will leave on Monday" in a
    Thursday paper is the Monday to come."""
    thu, sun = dt.date(2024, 5, 9), dt.date(2024, 5, 5)
    assert [r.date for r in find_dates("another 400 were due to leave on Monday.", thu, anchor=sun)] == \
        [dt.date(2024, 5, 6)]
    assert [r.date for r in find_dates("another 400 would leave on Monday.", thu, anchor=sun)] == [dt.date(2024, 5, 6)]
    assert [r.date for r in find_dates("another 400 will leave on Monday.", thu, anchor=sun)] == [dt.date(2024, 5, 13)]
    # what was planned for a day before publication: that day, counted from the day told of
    fri, sat = dt.date(2024, 5, 10), dt.date(2024, 5, 11)
    assert [r.date for r in find_dates("four sorties were planned for Friday.", sat, anchor=fri)] == [fri]


def test_the_day_a_forecast_looks_ahead_to_is_not_when_things_happened():
    """"urged to leave ahead of hot weather forecast for Saturday": Saturday is to come, and is not the day of the
    urging (a background day, as a deadline is)."""
    fri = dt.date(2020, 1, 3)
    (ref,) = find_dates("Up to 100,000 people have been urged to leave ahead of hot, windy weather forecast for "
                        "Saturday.", fri)
    assert ref.date == dt.date(2020, 1, 4) and ref.background
    (ref,) = find_dates("Thousands were evacuated ahead of landfall on Saturday.", fri)
    assert ref.date == dt.date(2020, 1, 4) and ref.background
    (ref,) = find_dates("Thousands were evacuated on Thursday.", fri)
    assert ref.date == dt.date(2020, 1, 2) and not ref.background


def test_a_count_rising_to_a_number_on_a_day_is_of_that_day_whatever_after_phrase_its_subject_has():
    """"The number confirmed dead after Cyclone Idai rose to 417 on Saturday": Saturday dates the count; "after the
    blast on Monday" still dates only the blast."""
    sat = dt.date(2019, 3, 23)
    (ref,) = find_dates("The number of people confirmed dead after Cyclone Idai rose to 417 on Saturday.", sat)
    assert ref.date == sat and not ref.background
    (ref,) = find_dates("Officials said 68 people had died after the blast on Monday.", sat)
    assert ref.background
