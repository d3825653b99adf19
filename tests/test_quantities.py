"""Quantities: real sentences from the sample articles, one written sentence per rule, and fuzzing."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evacmap.corpus.quantities import parse_quantities, words_to_number


def one(text, **kw):
    qs = [q for q in parse_quantities(text, **kw) if q.counts]
    assert len(qs) == 1, qs
    return qs[0]


def summary(text, context=""):
    return [(q.value, q.low, q.high, q.qualifier, q.counts) for q in parse_quantities(text, context=context)
            if q.counts]


# --- real sentences -----------------------------------------------------------------------------

def test_who_buses_and_ambulances():
    s = "According to the World Health Organization, 21 buses and 19 ambulances were involved in the evacuation."
    assert summary(s) == [(21, None, None, None, "buses"), (19, None, None, None, "ambulances")]


def test_elided_noun_and_later_noun_in_the_independent():
    s = ("Approximately 200 left in the first batch of 17 buses, and a second convoy left in the afternoon, "
         "but the slow pace means it could be days before the target of 5,000 people is reached.")
    assert summary(s) == [(200, None, None, "approximately", "people"), (17, None, None, None, "buses"),
                          (5000, None, None, None, "people")]  # "the target of" is scope, not a qualifier


def test_the_figure_takes_its_noun_from_the_previous_sentence():
    prev = "It is unclear how many people are left in the last slivers of rebel-held territory in the east of the city."
    s = "The UN has put the figure as high as 50,000, but critics say that is an overestimate."
    assert summary(s, context=prev) == [(50000, None, 50000, "as high as", "people")]
    assert summary(s) == []  # without the question there is nothing to say what the figure counts


def test_remained_after_an_almost():
    q = one("Despite the evacuation, the UN warned almost 50,000 remained in the war-torn Syrian city.")
    assert (q.value, q.high, q.qualifier, q.counts) == (50000, 50000, "almost", "people")


def test_de_mistura_sentence_with_range_and_remaining():
    s = ('"There are about 50,000 people, including 40,000 civilians, that will go to west Aleppo," de Mistura '
         'said, adding the remaining 10,000 were made up of between 1,500 to 5,000 fighters and their families.')
    assert summary(s) == [(50000, None, None, "about", "people"), (40000, None, None, None, "civilians"),
                          (10000, None, None, None, "people"), (None, 1500, 5000, "between", "people")]
    assert parse_quantities(s)[-1].kinds == ("fighters", "families")  # a list counts every kind it names


def test_cnn_people_and_more_than_40_wounded():
    s = ("Approximately 3,000 people and more than 40 wounded were brought out of eastern Aleppo during the "
         "first two evacuations on Thursday, the head of the International Committee of the Red Cross in Syria, "
         "Marianne Gasser, said in a statement.")
    assert summary(s) == [(3000, None, None, "approximately", "people"), (40, 40, None, "more than", "wounded")]


def test_number_words_capitalised_and_dozen():
    assert summary("Twenty-nine buses started evacuations in those two cities Thursday.") == [
        (29, None, None, None, "buses")]
    assert summary("A slow-moving convoy of two dozen vehicles snaked out of Al-Amiriyah district.") == [
        (24, None, None, "about", "vehicles")]  # "two dozen" is a round figure


def test_vague_amounts_are_ranges_without_a_point_value():
    q = one('"There hasn\'t been fighting since the morning," he told Al Jazeera, explaining "hundreds of '
            'families" have gathered at the departure point for the buses.')
    assert (q.value, q.low, q.high, q.qualifier, q.counts) == (None, 200, 999, "hundreds", "families")
    q = one("But there remains tens of thousands of lives that are now concentrated into a very small area.")
    assert (q.low, q.high, q.counts) == (20000, 99999, "people")


def test_foreign_fighters_and_estimated():
    assert summary("said the presence of 250 foreign fighters among those to be evacuated") == [
        (250, None, None, None, "foreign fighters")]
    assert summary("said an estimated 50,000 people had fled eastern Aleppo.") == [
        (50000, None, None, "estimated", "people")]


def test_killed_and_wounded_roles_from_the_verb():
    s = ("said pro-government forces had opened fire on rescue workers who were clearing rubble from the road "
         "to allow buses and ambulances to pass, killing one person and wounding three others.")
    assert summary(s) == [(1, None, None, None, "killed"), (3, None, None, None, "wounded")]
    s = "Earlier, one person was killed and four others injured when a truck carrying volunteer rescuers was shot at."
    assert summary(s) == [(1, None, None, None, "killed"), (4, None, None, None, "wounded")]
    q = one("At least one White Helmets volunteer was shot and killed by a sniper while clearing the road.")
    assert (q.value, q.low, q.counts) == (1, 1, "killed")
    assert summary("killed hundreds in the divided city")[0][4] == "killed"
    assert summary("shooting up to 82 civilians, including women and children")[0] == (82, None, 82, "up to", "killed")


def test_about_10000_people_including_fighters():
    s = "UN envoy for Syria Staffan de Mistura said about 10,000 people, including fighters, were likely to be evacuated."
    assert summary(s) == [(10000, None, None, "about", "people")]


# --- one written sentence per rule ----------------------------------------------------------------

@pytest.mark.parametrize("text,expected", [
    ("about 1,000 evacuees", (1000, None, None, "about", "evacuees")),
    ("around 1,000 people", (1000, None, None, "around", "people")),
    ("at least 3,000 civilians", (3000, 3000, None, "at least", "civilians")),
    ("more than 250,000 people", (250000, 250000, None, "more than", "people")),
    ("up to 82 civilians", (82, None, 82, "up to", "civilians")),
    ("nearly 2,000 rebels", (2000, None, 2000, "nearly", "rebels")),
    ("some 300 evacuees", (300, None, None, "some", "evacuees")),
    ("a dozen ambulances", (12, None, None, "about", "ambulances")),
    ("a hundred and fifty buses", (150, None, None, None, "buses")),
    ("three hundred thousand residents", (300000, None, None, None, "residents")),
    ("1.5 million people", (1500000, None, None, None, "people")),
    ("between 1,500 and 5,000 fighters", (None, 1500, 5000, "between", "fighters")),
    ("from 10 to 20 buses", (None, 10, 20, "between", "buses")),
    ("150-200 people", (None, 150, 200, "between", "people")),
    ("fewer than 10 buses", (10, None, 10, "fewer than", "buses")),
    ("dozens of deaths", (None, 24, 99, "dozens", "killed")),
    ("thousands of civilians", (None, 2000, 9999, "thousands", "civilians")),
    ("hundreds of thousands of people", (None, 200000, 999999, "hundreds of thousands", "people")),
    ("2016 people were evacuated", (2016, None, None, None, "people")),  # a count, not a year
])
def test_qualifiers_ranges_and_words(text, expected):
    assert summary(text) == [expected]


@pytest.mark.parametrize("text", [
    "WhatsApp or SMS us on +44 7435 939 154 to share your experiences.",
    "eastern Aleppo, which opposition fighters seized in 2012.",
    "had been split between a rebel-controlled east and government-held west since 2012.",
    "the Syria crisis that broke out in 2011.",
    "an English teacher and activist with a 9-month-old daughter.",
    "urged the 15-member countries to do all we can",
    "However, the six-year-long war is far from over",
    "the brutal five-year civil war",
    "It started six years ago when the crisis and war started",
    "Rebels ruled eastern Aleppo for four years before the regime offensive.",
    "stepped up the campaign two weeks ago",
    "the talks collapsed in less than 12 hours",
    "It took 4,000 years, hundreds of generations, to build Aleppo.",
    "Aleppo, for 3,000 years, gave to world civilization",
    "crossing at 2:30pm local time (1230GMT).",
    "the first convoy and the 2nd convoy",
    'someone had written "one day we will return".',
    "One generation managed to tear it down",
    "On the dusty window of one of the buses",
    "on December 15, 2016, in Aleppo",
    "100% of the aid and $50 million",
])
def test_non_counts_are_not_quantities(text):
    assert summary(text) == []


def test_phone_numbers_leave_no_number_at_all():
    assert parse_quantities("SMS us on +44 7435 939 154 to share") == []


def test_offsets_point_into_the_article():
    article = "Intro.\nApproximately 3,000 people left."
    start = article.index("Approximately")
    q = one(article[start:], offset=start)
    assert article[q.start:q.end] == q.text == "Approximately 3,000 people"


def test_words_to_number():
    assert words_to_number("twenty-nine") == 29
    assert words_to_number("two dozen") == 24
    assert words_to_number("a hundred and fifty") == 150
    assert words_to_number("three hundred thousand") == 300000
    assert words_to_number("banana") is None


# --- nothing crashes ----------------------------------------------------------------------------

_numberish = st.lists(st.sampled_from([
    "1", "12", "1,000", "2,5", "3.", ".5", "-", "–", "to", "and", "between", "about", "at least", "+44",
    "2016", "dozen", "two", "twenty-", "hundred", "thousands", "of", "people", "buses", ":", "pm", "GMT",
    " ", ",", "(", ")", "9-month-old", "years", "\n", "“", "”", "one", "a",
]), max_size=25).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), _numberish), st.integers(min_value=0, max_value=10_000))
def test_parse_quantities_never_crashes_and_offsets_hold(text, offset):
    for q in parse_quantities(text, offset=offset, context=text):
        assert offset <= q.start <= q.end <= offset + len(text)
        assert text[q.start - offset:q.end - offset] == q.text
        assert q.value is not None or q.low is not None or q.high is not None


@pytest.mark.parametrize(("text", "value", "unit", "qualifier"), [
    ("The two sides agreed to a nationwide ceasefire lasting 72 hours.", 72, "hours", None),
    ("A 24-hour pause agreed for April 18 collapsed.", 24, "hours", None),
    ("The militia announced a three-day truce for the holiday.", 3, "days", None),
    ("as part of a new cease-fire expected to last three days .", 3, "days", None),
    ("But the deal collapsed in less than 12 hours.", 12, "hours", "less than"),
])
def test_a_truces_length_is_a_claim(text, value, unit, qualifier):
    (q,) = parse_quantities(text)
    assert (q.value, q.counts, q.qualifier) == (value, unit, qualifier)


def test_other_durations_are_not_counts():
    assert parse_quantities("They lived there for three days and waited 72 hours.") == []


@pytest.mark.parametrize("sentence, counted", [
    ("Police escorted evacuees south through the city on Highway 63.", []),
    ("Traffic backed up on Interstate 75 and I-4 as 2 million people left.", [2_000_000]),
    ("They drove along Route 9, State Road 82 and U.S. 41 with 300 cars.", [300]),
    ("A Category 4 storm forced 2.5 million people to leave.", [2_500_000]),
    ("About 300 people boarded Flight 370 at Gate 3.", [300]),
    ("Security Council Resolution 2254 allowed 200 people to go.", [200]),
    ("A convoy of 75 buses left with 300 people.", [75, 300]),  # a count before a noun is still a count
])
def test_a_number_that_names_a_road_flight_or_category_is_not_a_count(sentence, counted):
    assert [q.value for q in parse_quantities(sentence)] == counted


@pytest.mark.parametrize("sentence, counts", [
    # "of them" looks back to the nearest count: fires are not people, buses stay buses
    ("More than 1,100 firefighters were battling 49 fires, seven of them out of control.",
     ["firefighters", None, None]),
    ("About 200 buses left, 40 of them for Idlib.", ["buses", "buses"]),
    ("Eleven Cypriots have been evacuated and four more are expected.", ["Cypriots", "Cypriots"]),
    ("12 structures were destroyed.", ["buildings"]),
])
def test_of_them_counts_what_the_nearest_number_counted(sentence, counts):
    assert [q.counts for q in parse_quantities(sentence)] == counts


def test_of_them_after_a_participle_looks_back_to_the_people():
    text = ("Five flights had landed with 391 evacuees, and two flights carrying 281 of them had left for the "
            "United Kingdom.")
    assert [q.counts for q in parse_quantities(text)] == ["flights", "evacuees", "flights", "evacuees"]


def test_a_bare_total_that_names_the_people_it_includes_counts_people():
    qs = parse_quantities("The navy put the total since the sailing began on June 2 at 3,100, among them 900 Chileans.")
    assert [(q.value, q.counts) for q in qs] == [(3100, "people"), (900, "Chileans")]
    # a total of things stays uncounted when what it includes is no people
    assert parse_quantities("The depot listed 310, including 40 trucks.")[0].counts is None


def test_a_vehicle_counted_with_its_kind_or_model():
    qs = parse_quantities("At dawn six C-130 transport planes landed, and 14 coalition flights and two allied flights left.")
    assert [(q.value, q.counts) for q in qs] == [(6, "aircraft"), (14, "flights"), (2, "flights")]


@pytest.mark.parametrize(("text", "counts"), [
    # the counted noun before a participle and a verb of reaching, the number bare after it
    ("The number of families evacuated climbed to 4,600 on Sunday.", "families"),
    ("The number of residents moved out of the delta has reached 4,600.", "residents"),
    ("The number evacuated since March 9 rose to 4,600.", "people"),
    ("Those airlifted so far total 4,600, the navy said.", "people"),
    ("Civilians relocated from the camps now number 4,600.", "civilians"),
    # people kept where they are, counted the same way: "the number confined", "those trapped"
    ("Officials put the number confined at some 3,500.", "people"),
    ("Those trapped in the old city now number 4,600.", "people"),
    # a number with a noun of its own keeps it, or stays uncounted: not the people moved
    ("Residents evacuated to 12 shelters.", "shelters"),
    ("Officials said the families moved to 40 plots.", None),
])
def test_a_count_named_before_its_participle_and_a_verb_of_reaching(text, counts):
    assert parse_quantities(text)[0].counts == counts


@pytest.mark.parametrize("text,context,expected", [
    ("The death toll rose to 200 on Tuesday.", "", [(200, "killed")]),
    ("The death toll in Lee County reached 42, and 58 statewide.", "", [(42, "killed"), (58, "killed")]),
    ("The toll stood at 19 on Saturday, the civil defence said.", "", [(19, "killed")]),
    ("It stood at 42 on Friday.", "The death toll from the storm climbed again.", [(42, "killed")]),
    # not of the dead: an injury toll, a toll with a noun of its own, and a bare "it" with no toll before it
    ("The injury toll rose to 50.", "", []),
    ("It stood at 42 on Friday.", "The water kept rising.", []),
])
def test_a_toll_that_stands_at_or_rises_to_a_number_counts_the_dead(text, context, expected):
    """A death toll is news English's commonest count of the dead, with the number bare after a verb of
    reaching ("rose to", "stood at", "reached"), or in the next sentence's "It stood at N"."""
    assert [(q.value, q.counts) for q in parse_quantities(text, context=context) if q.counts] == expected


@pytest.mark.parametrize("text,expected", [
    ("The governor said 5,000 National Guard troops had been deployed.", [(5000, "soldiers")]),
    ("About 300 Red Cross workers arrived.", [(300, "workers")]),
    # a title-case headline: the capitalised noun is the one counted, not one further on
    ("500 Residents Flee As Troops advance", [(500, "residents")]),
])
def test_a_capitalised_noun_that_opens_a_name_is_not_what_is_counted(text, expected):
    assert [(q.value, q.counted()) for q in parse_quantities(text) if q.counts] == expected


def test_lakh_and_crore_are_scale_words_of_south_asian_english():
    # Written sentences in the style of Indian and Bangladeshi reports: "lakh" is 100,000, "crore" ten million.
    assert summary("The state moved 12 lakh people to cyclone shelters in 24 hours.") == [
        (1_200_000, None, None, None, "people")]
    assert summary("More than 1.3 lakh residents were evacuated from the district.") == [
        (130_000, 130_000, None, "more than", "residents")]
    assert summary("Nearly two lakh people were shifted to safer places.") == [
        (200_000, None, 200_000, "nearly", "people")]
    assert summary("About 3 lakhs people live in the low-lying wards.")[0][0] == 300_000
    assert words_to_number("one crore") == 10_000_000


def test_estimated_at_is_an_estimate_like_an_estimated():
    # Written sentence: the number follows "estimated at", not "an estimated"; it is no exact count.
    assert summary("The number of people told to leave the coast was estimated at 2.5 million.") == [
        (2_500_000, None, None, "estimated", "people")]
    assert summary("The crowd at the shelter was estimated at about 3,000 people.") == [
        (3_000, None, None, "about", "people")]  # the nearer qualifier still governs


def test_trains_and_villagers_are_counted_and_special_is_a_modifier():
    # Written sentences: trains carry evacuees as buses do; villagers are residents; "special" names a service.
    assert summary("Three special trains carried tourists out of the town on Thursday.") == [
        (3, None, None, None, "trains")]
    assert summary("The railways said 223 trains had been cancelled.") == [(223, None, None, None, "trains")]
    assert summary("About 5,000 villagers were moved to school buildings.") == [(5_000, None, None, "about", "residents")]


def test_kitchens_and_camps_opened_are_counted():
    # Written sentences: what a relief operation opens for the people it moves is counted as such.
    assert summary("Some 9,000 shelters and 7,000 kitchens were opened overnight.") == [
        (9_000, None, None, "some", "shelters"), (7_000, None, None, None, "kitchens")]
    assert summary("More than 200 relief camps were set up.") == [(200, 200, None, "more than", "camps")]


def test_inpatients_relatives_and_parents_are_counted_people():
    # Written sentences: a hospital's inpatients are patients; a family's relatives and a group's parents are people.
    assert summary("The hospital had about 340 inpatients when the earthquake struck.") == [
        (340, None, None, "about", "patients")]
    assert summary("He was heading west with 18 relatives in four cars.") == [
        (18, None, None, None, "relatives"), (4, None, None, None, "vehicles")]
    assert summary("The bus carried 36 parents out of the city.") == [(36, None, None, None, "parents")]


def test_a_ships_trips_are_counted_as_sailings():
    """Written sentence: sailings and voyages are counted as flights are, a ship's trips."""
    qs = parse_quantities("The ferry company added three sailings a day and two extra voyages on Sunday.")
    assert [(q.value, q.counts) for q in qs] == [(3, "sailings"), (2, "sailings")]


@pytest.mark.parametrize("text, kinds", [
    # the number after a toll counts who died or was hurt, not people in general
    ("The company said four workers were hurt and nine were missing.", [("wounded", "workers"), "workers"]),
    ("Three soldiers were killed and 11 were wounded.", [("killed", "soldiers"), ("wounded", "soldiers")]),
    ("Two people were killed and 40 fled.", ["killed", "people"]),
])
def test_a_count_after_a_toll_counts_who_the_toll_counted(text, kinds):
    got = [q.kinds[:2] if len(q.kinds) == 2 else q.counts for q in parse_quantities(text)]
    assert got == kinds


@pytest.mark.parametrize("text, value", [
    ("Officials warned that a further 5,000 could be moved overnight if the water kept rising.", 5000),
    ("Another 300 will leave on Friday, the mayor said.", 300),
    ("Up to 1,200 more might still be evacuated.", 1200),
])
def test_a_bare_number_before_a_modal_verb_of_moving_counts_people(text, value):
    assert [(q.value, q.counts) for q in parse_quantities(text)] == [(value, "people")]


@pytest.mark.parametrize("text, counts", [
    ("The Coast Guard moved 14 crew members from a disabled freighter.", "crews"),
    ("Rescuers pulled 30 crew from the ship.", "crews"),
    ("Some 40 family members were flown out.", "relatives"),  # people, not 40 families
])
def test_members_of_a_group_count_people_of_that_group(text, counts):
    assert [q.counts for q in parse_quantities(text)] == [counts]


@pytest.mark.parametrize("text, counts", [
    ("The ministry raised the death toll to 4,218 from 3,556.", ["killed", "killed"]),
    ("It raised the death toll to 4,218, from 3,556 the day before.", ["killed", "killed"]),
    ("The agency counted 3,432 dead on the first day and 8,574 the day after that.", ["killed", "killed"]),
    ("The army evacuated 500 people from 12 villages.", ["people", "villages"]),  # a noun of its own
])
def test_a_bare_level_a_count_changed_from_or_a_later_day_counts_the_same(text, counts):
    """"rose to 4,218 from 3,556", "8,574 the day after that": the bare number counts what the count beside it
    counts."""
    assert [q.counts for q in parse_quantities(text)] == counts
