"""The rules that give each number of a sentence its own scope, mood, places and day, and the rules of tense,
tallies, periods, nationalities, waypoints and coreference behind them, each tested on sentences written for
the rule (invented places: Ruritania, Borduria, Tall, Oran...), not on any corpus's text."""
from __future__ import annotations

import datetime as dt

import pytest
from helpers import WED
from helpers import claims_in as _claims
from helpers import mentions_at as _mentions

from evacmap.corpus.attribution import find_attribution
from evacmap.corpus.claim_places import claim_places
from evacmap.corpus.dates import find_dates, narrative_dates
from evacmap.corpus.quantities import parse_quantities
from evacmap.corpus.scope import clause_scope, modality
from evacmap.corpus.sentences import split_sentences


def _q(claims, value):
    """(claim, quantity JSON) of the first quantity with this value."""
    return next((c, q) for c in claims for d in [c.to_dict()] for q in d["quantities"] if q["value"] == value)


@pytest.mark.parametrize(("text", "scope"), [
    ("About 200 people have been flown out of the country.", "cumulative"),  # present perfect: as of now
    ("The ministry said it had flown out about 200 people.", None),  # past perfect: backshift, no tally
    ("Officials said 68 people had died in the blast.", None),
    ("Local officials had put the death toll at 20.", "cumulative"),  # a tally stated as such
    ("The commission listed 49 deaths in the county in its latest report.", "cumulative"),
    ("His crews had made 28 rescues since setting out before dawn.", "cumulative"),
    ("The ferry carried 900 people, the largest group to leave the port so far.", None),  # bounds the superlative
    ("Crews had brought in 130 trucks within a day.", None),  # a span, not a rate
    ("The airstrip can handle 500 people a day.", "daily"),
    ("More than 800 people crossed over the weekend.", "total"),
    ("Some 4,100 people came through the crossing between May 2 and May 6.", "total"),
    ("The first of those flights, with 164 passengers, has landed.", "first_batch"),
    ("The first French aircraft landed with 106 passengers.", "first_batch"),
    ("Another 289 nationals will be brought out in a second stage.", "second_batch"),
    ("By 10 p.m., the government said, 1,050 people had entered the country.", "cumulative"),
])
def test_tense_tallies_and_periods_set_the_scope(text, scope):
    assert clause_scope(text, counted=True) == scope


def test_each_coordinated_part_gives_its_numbers_their_own_scope_mood_and_places():
    text = ("The ministry said 300 people were flown out on Monday, and by Wednesday officials had brought "
            "back 1,200 of them.")
    claims = _claims(text)
    assert _q(claims, 300)[1]["scope"] is None and _q(claims, 1200)[1]["scope"] == "cumulative"
    text = "About 60 doctors were already at the hospital, and that 400 more would arrive by Sunday, she said."
    claims = _claims(text)
    assert _q(claims, 60)[1]["modality"] == "reported" and _q(claims, 400)[1]["modality"] == "planned"
    text = ("The agency said at least 7,000 people had fled into Ruritania and about 900 refugees had gone home "
            "to Borduria.")
    claims = _claims(text, {"Ruritania": "r", "Borduria": "b"})
    assert _q(claims, 7000)[1]["places"] == ["r"] and _q(claims, 900)[1]["places"] == ["b"]
    assert set(_q(claims, 7000)[0].places) == {"r", "b"}  # the claim keeps every place of the sentence


def test_counts_in_a_series_of_days_are_day_totals():
    claims = _claims("Most came late, he said: 4,000 people crossed on Monday and 5,200 on Tuesday.")
    assert _q(claims, 4000)[1]["scope"] == "daily" and _q(claims, 5200)[1]["scope"] == "daily"
    assert _q(claims, 5200)[1]["counts"] == "people"


@pytest.mark.parametrize(("text", "names", "kept"), [
    ("Blinken said many of the 16,000 U.S. citizens in Ruritania did not want to leave.",
     {"U.S.": "us", "Ruritania": "r"}, ["r"]),
    ("The flights carried 491 people, among them citizens of 36 countries in Europe, Africa, the Americas and Asia.",
     {"Europe": "eu", "Africa": "af", "Asia": "as"}, []),
    ("Airlifts went on from Ruritania's embattled capital, each bringing out 100 people.", {"Ruritania": "r"}, []),
    ("538 people arrived in Oran after a drive from Tall through Bree, Ost and Weir.",
     {"Oran": "o", "Tall": "t", "Bree": "b", "Ost": "s", "Weir": "w"}, ["o", "t"]),
    ("The air force flew 311 people to Al-Azraq air base in Ruritania.", {"Al-Azraq": "az", "Ruritania": "r"},
     ["az"]),
    ("536 people were flown out by 9 p.m. UK time on Wednesday.", {"UK": "uk"}, []),
    ("India, which says more than 3,000 of its nationals are in Ruritania, launched a rescue.",
     {"India": "in", "Ruritania": "r"}, ["r"]),
    ("Borduria's land ports authority said 8,897 people came through Tall.", {"Borduria": "b", "Tall": "t"}, ["t"]),
    ("The enclave held 120,000 people before Borduria's offensive.", {"Borduria": "b"}, []),
    ("Planes made two round trips between Tall and Oran, each with 100 people.", {"Tall": "t", "Oran": "o"},
     ["t", "o"]),
    ("A truce between Tall and Oran let 100 people leave.", {"Tall": "t", "Oran": "o"}, []),
    ("About 2,000 troops watch the Tall corridor.", {"Tall": "t"}, []),
    ("Some 18,756 vehicles had crossed the Oran bridge into Ruritania.", {"Oran": "o", "Ruritania": "r"}, ["r"]),
])
def test_places_leave_out_nationalities_locators_waypoints_containers_and_zones(text, names, kept):
    assert list(claim_places(text, 0, _mentions(text, names))) == kept


def test_days_time_adjuncts_clause_days_and_other_years():
    refs = find_dates("A ship docked in Oran shortly before 5 a.m. on Wednesday.", WED)
    assert [(r.date, r.background) for r in refs] == [(WED, False)]
    refs = find_dates("The talks resumed after the ship docked on Tuesday.", WED)
    assert refs[0].background
    claims = _claims("The first group sailed on Monday, and the embassy said 557 of its citizens "
                     "disembarked in Oran on Wednesday morning.")
    assert _q(claims, 557)[0].date == WED
    claims = _claims("During the storm of 2017, the county's shelters took in 20,000 people.")
    assert _q(claims, 20000)[0].date is None
    claims = _claims("By Monday the fighting had killed at least 427 people.")
    assert _q(claims, 427)[0].date == dt.date(2024, 5, 6)
    # the story moves on to the latest day a sentence names
    texts = ["It stood at 28,120 on Monday and at 42,500 on Tuesday.", "Some 4,002 people have been housed."]
    assert narrative_dates(texts, WED)[1] == dt.date(2024, 5, 7)


def test_elided_counts_or_so_coordination_tolls_and_plans():
    claims = _claims("Eleven Ruritanians have been evacuated, he said; four more are expected to reach Oran.")
    assert _q(claims, 4)[1]["counts"] == "Ruritanians"
    assert parse_quantities("The remaining 2,000 or so waited.")[0].qualifier == "about"
    qs = parse_quantities("A report put the confirmed storm deaths at 42 in Tall and 58 statewide.")
    assert [(q.value, q.counts) for q in qs] == [(42, "killed"), (58, "killed")]
    qs = parse_quantities("The ministry said 192 of its soldiers had been killed and 512 wounded.")
    assert [(q.value, q.counts) for q in qs] == [(192, "killed"), (512, "wounded")]
    text = "Sheriff Ann Weir put her county's toll at 23."
    assert [(q.value, q.counts) for q in parse_quantities(text)] == [(23, "killed")]
    assert find_attribution(text).speaker.startswith("Ann Weir")
    assert modality("The agency is planning for as many as 270,000 people to cross.") == "expected"
    assert modality("The agency plans to move 270,000 people.") == "planned"
    q = parse_quantities("as part of a new ceasefire expected to last three days.")[0]
    assert (q.value, q.counts) == (3, "days")
    _, qd = _q(_claims("Buses left Tall as part of a new ceasefire expected to last three days."), 3)
    assert qd["modality"] == "expected" and qd["event"] == "ceasefire"


def test_a_definite_number_refers_back_to_the_group_counted_with_it():
    text = ("The envoy said about 10,000 people were likely to be evacuated to Oran.\n\n"
            '"Most will go west," he said, adding the remaining 10,000 were fighters and their families.')
    claims = _claims(text, {"Oran": "o"})
    later = next(c for c in claims if "remaining" in c.text)
    assert later.places == ("o",) and later.place_inferred


def test_a_clock_time_before_a_time_zone_does_not_end_the_sentence():
    texts = [s.text for s in split_sentences("They left by 9 p.m. UK time on Monday, it said. It was 9 p.m. Then "
                                             "the buses left.")]
    assert texts == ["They left by 9 p.m. UK time on Monday, it said.", "It was 9 p.m.", "Then the buses left."]


def test_each_part_dates_its_own_numbers():
    text = ("The ministry said 436 people were evacuated on Monday, and by Wednesday officials had brought back "
            "1,539 of them: 323 flew home, and 1,216 came by road.")
    claims = _claims(text)
    assert _q(claims, 436)[1]["date"] == "2024-05-06"
    assert _q(claims, 1539)[1]["date"] == "2024-05-08" and _q(claims, 1216)[1]["date"] == "2024-05-08"


def test_of_them_names_its_kind_and_a_noun_phrase_is_never_borrowed():
    qs = parse_quantities("Ruritania has let in more than 16,000 foreign nationals, 14,000 of them Bordurians, he said.")
    assert [(q.value, q.counts) for q in qs] == [(16000, "nationals"), (14000, "Bordurians")]
    qs = parse_quantities("The remaining 2,000 came from 50 countries and six international organisations.")
    assert (6, "countries") not in [(q.value, q.counts) for q in qs]  # organisations are not countries


@pytest.mark.parametrize("text, value, low, high, qualifier, counts", [
    # "N or more" is at least N, and "N or so" about N: the noun comes after the phrase
    ("Aid groups prepared for the 40,000 or more people who could still flee.", 40000, 40000, None, "at least", "people"),
    ("Officials said 2,000 or more families had left.", 2000, 2000, None, "at least", "families"),
    ("Some 600 or so residents stayed behind.", 600, None, None, "some", "residents"),
    # a range's own "of them" follows its second number
    ("Between 3,000 and 4,000 of them reached the camps.", None, 3000, 4000, "between", "people"),
])
def test_or_more_or_so_and_a_range_of_them_are_counts(text, value, low, high, qualifier, counts):
    [q] = parse_quantities(text)
    assert (q.value, q.low, q.high, q.qualifier, q.counts) == (value, low, high, qualifier, counts), q


def test_a_clause_opening_with_of_them_counts_parts_in_every_coordinated_part():
    """"Of them, 900 ... and 300 ...": every number of a clause that opens by taking from a group named before
    is a part of it, not a total of its own; a part with a cue of its own keeps it ("every day")."""
    claims = _claims("More than 5,000 people crossed into Borduria since Monday, officials said. Of them, more than "
                     "900 were foreigners and at least 3,100 had come from Tall, the ministry said.")
    assert _q(claims, 900)[1]["scope"] == "part" and _q(claims, 3100)[1]["scope"] == "part"
    claims = _claims("Of those, about 4,000 had left Oran, he said, and 700 people were leaving every day.")
    assert _q(claims, 4000)[1]["scope"] == "part" and _q(claims, 700)[1]["scope"] == "daily"
    claims = _claims("Of the 300 evacuees, 40 were children.")
    assert _q(claims, 300)[1]["scope"] != "part" and _q(claims, 40)[1]["scope"] == "part"


@pytest.mark.parametrize("text, value, dated", [
    ("Officials said nine people had died in the floods since Monday.", 9, True),
    ("More than 14,000 people had been displaced since the offensive began, the agency said.", 14000, True),
    ("Some 3,000 people have left Oran since May 2, the ministry said.", 3000, True),
    ("The war has displaced 300,000 people since 2011, the agency said.", 300000, False),  # a toll over years
    ("Before the storm, 400 people had been killed in the fighting.", 400, False),
])
def test_a_tally_since_a_day_or_the_events_start_is_as_of_the_report(text, value, dated):
    q = _q(_claims(text), value)[1]
    assert (q["date"] == WED.isoformat()) is dated, (q["date"], q["scope"])


def test_clauses_with_sources_or_dates_of_their_own_are_claims_of_their_own():
    """"X put the number at 3,500; local officials spoke of about 3,000": the second figure is the officials',
    of the same thing; "a helicopter flew 21 people on Sunday, and two Sea Stallions carried 43 more on Monday":
    two days, two claims, and the 43 are people (a vehicle's name is no nationality)."""
    claims = _claims("The regional emergency service put the number confined at some 3,500; local officials spoke of "
                     "about 3,000.")
    c, q = _q(claims, 3000)
    assert c.speaker == "local officials" and q["counts"] == "people"
    assert _q(claims, 3500)[0].speaker != "local officials"
    claims = _claims("A helicopter flew 21 people to Oran on Sunday, and two Sea Stallions carried 43 more on Monday.")
    (c21, q21), (c43, q43) = _q(claims, 21), _q(claims, 43)
    assert c21.id != c43.id and q43["counts"] == "people" and (q21["date"], q43["date"]) == ("2024-05-05", "2024-05-06")


@pytest.mark.parametrize("text, value, scope", [
    ("The new arrivals join more than 90,000 people who have fled the valley since March.", 90000, "cumulative"),
    ("Shelters now hold 4,000 residents that have left the coast.", 4000, "cumulative"),
    ("About 300 people who left on Monday reached the camp.", 300, None),  # a relative clause in the past
])
def test_a_count_whose_relative_clause_is_in_the_present_perfect_is_a_running_total(text, value, scope):
    assert _q(_claims(text), value)[1]["scope"] == scope


def test_people_forced_to_leave_are_people_who_left_not_a_population():
    claims = _claims("A wildfire forced about 6,500 residents of the county to leave their homes on Tuesday.")
    assert _q(claims, 6500)[1]["scope"] != "population"
    claims = _claims("The sheriff ordered about 6,500 residents of the county to leave their homes on Tuesday.")
    assert _q(claims, 6500)[1]["scope"] == "population"


def test_a_number_a_perfect_governs_is_done_whatever_modal_follows():
    """"had evacuated 80 ... and would not open its border": the 80 were evacuated; "had expected 750,000 people
    to flee" tells of a number expected, not done."""
    claims = _claims("Ruritania said it had evacuated 80 of its nationals by air and would not open its border.")
    assert _q(claims, 80)[1]["modality"] == "reported"
    claims = _claims("In its worst-case plan the agency had expected 750,000 people to flee.")
    assert _q(claims, 750000)[1]["modality"] != "reported"


def test_a_number_a_past_verb_of_moving_governs_is_done_whatever_plan_follows():
    """"flew 1,900 people out on Tuesday and planned to evacuate 3,000 more": the 1,900 flew; the 3,000 are planned.
    "plans to evacuate 500" and "would have carried 200" are not done."""
    claims = _claims("The airline flew 1,900 people out of Oran on Tuesday and planned to evacuate 3,000 more on "
                     "Wednesday, a spokesman said.")
    assert _q(claims, 1900)[1]["modality"] == "reported"
    assert _q(claims, 3000)[1]["modality"] == "planned"
    claims = _claims("The navy carried 450 people to Tall and will take another 600 on Friday.")
    assert _q(claims, 450)[1]["modality"] == "reported"
    assert _q(claims, 600)[1]["modality"] == "planned"
    assert _q(_claims("The agency plans to evacuate 500 people from Oran."), 500)[1]["modality"] == "planned"
    assert _q(_claims("The ship would have carried 200 people to Tall."), 200)[1]["modality"] != "reported"


def test_a_count_someone_gave_is_reported_whatever_modal_follows():
    claims = _claims("The head of the Red Crescent in Oran had earlier put the toll at 150 and said it could rise.")
    assert _q(claims, 150)[1]["modality"] == "reported"


def test_a_clause_whose_subject_is_a_source_in_lower_case_is_a_claim_of_its_own():
    claims = _claims("More than 12,000 people were evacuated from Oran on Sunday, the governor said, and officials warned "
                     "that a further 5,000 could be moved overnight.")
    (c1, _), (c2, _) = _q(claims, 12000), _q(claims, 5000)
    assert c1.id != c2.id and c2.speaker == "officials"


def test_people_told_to_move_are_the_population_an_order_concerns():
    claims = _claims("The army told the 1.1 million people in the north to move south within 24 hours.")
    assert _q(claims, 1100000)[1]["scope"] == "population"


def test_n_of_them_is_a_part_unless_its_clause_says_what_the_count_is_over():
    claims = _claims("Some 25,000 Borduria nationals live in Ruritania, and about 8,000 of them have asked to leave.")
    assert _q(claims, 8000)[1]["scope"] == "part"
    claims = _claims("Since the operation began, about 122,000 people have been flown out of Oran, 5,400 of them "
                     "foreigners, the general said.")
    assert _q(claims, 5400)[1]["scope"] == "cumulative"
    claims = _claims("The first 101 of them landed in Tall on Monday.")  # the ordinal says more
    assert _q(claims, 101)[1]["scope"] == "first_batch"


@pytest.mark.parametrize(("text", "value", "scope"), [
    # the number the tally is brought to is a running total; what the clause added is not, and a date between
    # the cue and the number does not hide it
    ("Five more planes landed at Oran on Thursday, bringing the number of aircraft sent to eight.", 5, None),
    ("The airlift flew 1,900 people out of Oran, bringing the number evacuated since the city fell on Aug. 15 to "
     "about 8,230.", 8230, "cumulative"),
    ("The new order brings the number of people forced from their homes since the eruption began on Sept. 19 to "
     "around 6,800.", 6800, "cumulative"),
    # "since" after a superlative bounds the superlative, not the count
    ("Ruritania took more than 1,000 people out of Tall on Monday, the largest number in a single day since the "
     "operation began.", 1000, None),
    # "daily" describing a briefing or a service is no rate
    ("An estimated 13,000 nationals have left Tall in the daily sailings, the ministry said.", 13000, "cumulative"),
    ("The ministry said at its daily briefing that 300 people crossed at Oran on Monday.", 300, None),
    ("About 500 people daily were crossing at Oran.", 500, "daily"),
])
def test_tallies_brought_to_a_number_superlatives_and_daily_services(text, value, scope):
    assert _q(_claims(text), value)[1]["scope"] == scope


def test_a_datelines_day_is_the_storys_not_the_day_its_first_sentence_tells_of():
    """The date in "ORAN, May 7 (Wire) -" is when the story was filed: the lede's "on Monday" dates its count; a
    later sentence that names no day is of the story's day, the dateline's."""
    text = ("ORAN, May 7 (Tall Wire) - Ruritania took more than 1,000 people out of Oran on Monday, officials said.\n\n"
            "Some 26 countries have asked Ruritania for help.")
    claims = _claims(text, published=dt.date(2025, 5, 7))  # 7 May 2025 is a Wednesday
    assert _q(claims, 1000)[0].date == dt.date(2025, 5, 5)
    assert _q(claims, 26)[0].date == dt.date(2025, 5, 7)


def test_a_count_whose_own_relative_clause_is_a_perfect_is_done_whatever_the_clause_mood():
    claims = _claims("The UN said that as many as 200,000 more people might try to leave Oran in the coming days, on "
                     "top of nearly 760,000 who had already fled.")
    assert _q(claims, 760000)[1]["modality"] == "reported" and _q(claims, 200000)[1]["modality"] == "possible"


def test_the_numbers_of_a_lede_under_a_dated_dateline_are_of_the_day_the_lede_names():
    text = ("ORAN, May 7 (Tall Wire) - About 179 civilians were rescued from Oran on Monday, the committee said, but as "
            "many as 2,000 people are believed to remain trapped.")
    claims = _claims(text, published=dt.date(2025, 5, 7))
    assert {_q(claims, v)[1]["date"] for v in (179, 2000)} == {"2025-05-05"}


def test_the_cues_of_the_tally_a_clause_brings_a_number_to_are_that_numbers():
    claims = _claims("A second truce on Saturday allowed 134 more residents to leave Oran, bringing the number rescued "
                     "since the start of the siege to 1,100, officials said.")
    assert _q(claims, 134)[1]["scope"] is None and _q(claims, 1100)[1]["scope"] == "cumulative"


def test_each_number_of_a_series_of_days_is_dated_to_its_own_day():
    """"counted 3,400 dead on Tuesday and 8,500 on Wednesday": the 8,500 are Wednesday's, not Tuesday's."""
    claims = _claims("The agency counted 3,400 dead in Oran on Tuesday and 8,500 on Wednesday.", published=dt.date(2023, 2, 27))
    assert _q(claims, 3400)[1].get("date", claims[0].date.isoformat()) == "2023-02-21"
    assert _q(claims, 8500)[1]["date"] == "2023-02-22"
    claims = _claims("About 500 people left Tall on February 3 and 700 on February 5.", published=dt.date(2023, 2, 27))
    assert _q(claims, 700)[1]["date"] == "2023-02-05"


def test_a_tally_since_a_named_pause_began_and_a_part_of_the_roughly_n():
    claims = _claims("The governor said 1,151 people had been evacuated from Oran since the three-day humanitarian pause "
                     "began on Friday.")
    assert _q(claims, 1151)[1]["scope"] == "cumulative" and _q(claims, 3)[1]["scope"] is None  # the pause's length
    claims = _claims("Of the roughly 1,400 people evacuated so far, 336 men and boys were taken to a school in Oran.")
    assert _q(claims, 336)[1]["scope"] == "part"
