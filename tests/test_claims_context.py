"""Rules of news English that read a claim's field from around its number: which of a sentence's places a
count is about, what an elided count counts, and who speaks. Each is tested on sentences written for the rule
(other evacuations, other places; none taken from the corpora or the sample)."""
from __future__ import annotations

import pytest
from helpers import claims_in as _claims
from helpers import mentions_at as _mentions

from evacmap.corpus.claim_places import claim_places


def _q(text: str, value: float, names: dict[str, str] | None = None) -> tuple[dict, dict]:
    """(claim JSON, quantity JSON) of the first quantity with this value."""
    return next((d, q) for c in _claims(text, names) for d in [c.to_dict()] for q in d["quantities"]
                if q["value"] == value)


@pytest.mark.parametrize(("text", "names", "kept"), [
    # a place that only locates the one before it
    ("The flood reached Awasi, north of Kisumu, where 40 homes were swept away.",
     {"Awasi": "aw", "Kisumu": "ks"}, ["aw"]),
    ("Evacuees are flown from Bagram, an airbase about 60 kilometres from Kabul, to Doha.",
     {"Bagram": "bg", "Kabul": "kb", "Doha": "dh"}, ["bg", "dh"]),
    # one member of the whole the count is about
    ("Some 3,000 people are staying in school gyms, including at Ridgecrest.", {"Ridgecrest": "rc"}, []),
    # a party handing over an operation
    ("The port can take 900 people a day, as Dutch marines prepare to take over the pier from Belgium.",
     {"Belgium": "be"}, []),
    # but a place to the south of which people went is still theirs
    ("About 500 people fled south of Mosul.", {"Mosul": "ms"}, ["ms"]),
    # a body in a speaker's title, whatever words come between it and the title's noun
    ("An African Union peace and security official said 1,200 people had been flown out of Niamey.",
     {"African Union": "au", "Niamey": "nm"}, ["nm"]),
    # the words of a clause are no title: the place where officials spoke of the count is the count's
    ("In Goma, where officials said 300 people had sheltered, the camps were full.", {"Goma": "gm"}, ["gm"]),
    # a state named as the nationality of its forces, or as the one leading or running an airlift
    ("About 2,000 U.S. troops guard the airport in Niamey.", {"U.S.": "us", "Niamey": "nm"}, ["nm"]),
    ("Some 900 evacuees wait at two U.S. bases in Italy.", {"U.S.": "us", "Italy": "it"}, ["it"]),
    ("France-led convoys carried 600 people out of Bangui on Monday.", {"France": "fr", "Bangui": "bg"}, ["bg"]),
    ("Spain's own airlift has flown 900 people out of Juba.", {"Spain": "es", "Juba": "jb"}, ["jb"]),
    # a state that moved people out of another place is the mover, not the place
    ("Japan had evacuated 320 people from Bamako by Sunday.", {"Japan": "jp", "Bamako": "bm"}, ["bm"]),
    # but a state people are flown to is theirs, and a town that empties is where the count is
    ("Flights to the U.S. carried 700 evacuees.", {"U.S.": "us"}, ["us"]),
    ("Mopti evacuated 3,000 residents on Friday.", {"Mopti": "mp"}, ["mp"]),
])
def test_reference_points_members_and_handing_over_parties_are_not_the_claims_places(text, names, kept):
    assert list(claim_places(text, 0, _mentions(text, names))) == kept


def test_a_count_whose_part_names_its_own_place_is_not_about_an_earlier_parts():
    text = ("When the cyclone hit in 2019, it missed Beira and tore into Dondo, and about 4,000 people ended up "
            "in Nhamatanda shelters.")
    _, q = _q(text, 4000, {"Beira": "be", "Dondo": "do", "Nhamatanda": "nh"})
    assert q["places"] == ["nh"]


@pytest.mark.parametrize(("text", "value", "counts"), [
    # a nationality is part of what is counted: Turkish citizens are not Saudi citizens
    ("About 900 Filipino passport holders have asked to leave.", 900, "Filipino nationals"),
    ("The ferry carried 310 Greek citizens and 40 others.", 310, "Greek nationals"),
    ("The ship took 75 U.S. citizens to Djibouti.", 75, "U.S. nationals"),
    ("The embassy said 60 nationals of 12 countries were on board.", 60, "nationals"),
    # each group of a convoy counts the thing sent
    ("Police let the trucks out in batches of 30 through the night.", 30, "trucks"),
    # a population is the people living there
    ("The valley had a pre-flood population of about 14,000.", 14000, "population"),
    ("Its population was estimated at 40,000 before the war.", 40000, "population"),
    # nouns of other things a report counts
    ("Floodwater cut four sections of the coast road.", 4, "sections"),
    ("Shelters are open in 9 counties.", 9, "counties"),
    ("Staff of 14 humanitarian organisations were flown out.", 14, "organisations"),
    # killed or wounded of a named group: both
    ("The ministry said 31 of its soldiers had been killed and 80 wounded in the clashes.", 31,
     ["killed", "soldiers"]),
    ("The ministry said 31 of its soldiers had been killed and 80 wounded in the clashes.", 80,
     ["wounded", "soldiers"]),
    ("The blast killed 20 and 290 were injured.", 290, "wounded"),
])
def test_what_a_number_counts_keeps_the_words_that_say_whose_it_is(text, value, counts):
    _, q = _q(text, value)
    assert q["counts"] == counts


def test_a_population_figure_is_no_running_total_of_the_clause_it_sits_in():
    text = "Officials said 8,200 people had now left the island, out of a population estimated at about 9,000."
    claim = _claims(text)[0].to_dict()
    scopes = {q["value"]: q["scope"] for q in claim["quantities"]}
    assert scopes == {8200: "cumulative", 9000: None}


@pytest.mark.parametrize(("text", "value", "speaker"), [
    # pictures as the source of what a sentence reports
    ("Drone footage broadcast by state television on Sunday showed dozens of trucks at the crossing.", None,
     "Drone footage broadcast by state television"),
    ("Satellite images show 40 trucks near the border post.", 40, "Satellite images"),
    # reported speech going on in its backshifted tense with "also"
    ("Governor Ana Ruiz said on Monday that 60 buses were waiting. Crews would clear the road, she said. The "
     "state had also sent 25 ambulances to the coast.", 25, "Ana Ruiz (Governor)"),
])
def test_who_a_sentence_is_credited_to_when_no_verb_of_saying_is_its_own(text, value, speaker):
    claims = [c.to_dict() for c in _claims(text)]
    claim = next(c for c in claims if value is None or any(q["value"] == value for q in c["quantities"]))
    assert claim["speaker"] == speaker


def test_a_narrative_past_perfect_without_also_is_nobodys():
    text = "Governor Ana Ruiz said 60 buses were waiting. The road had flooded twice, cutting off 300 homes."
    assert _q(text, 300)[0]["speaker"] is None


def test_the_count_before_another_in_a_second_stage_is_the_first_stage():
    text = ("Kenya is bringing its nationals home in two phases. The ministry said 212 Kenyans reached Mombasa on "
            "Monday. Another 90 Kenyans will follow in a second phase, it said.\n\nSome 400 Kenyans remain in Juba.")
    assert _q(text, 212)[1]["scope"] == "first_batch"
    assert _q(text, 400)[1]["scope"] is None  # another paragraph


def test_without_a_second_stage_the_count_before_another_keeps_no_scope():
    text = "The ministry said 212 Kenyans reached Mombasa on Monday. Another 90 Kenyans arrived on Tuesday."
    assert _q(text, 212)[1]["scope"] is None


@pytest.mark.parametrize(("text", "value", "day"), [
    # a reported state of the operation holds as of the report (published Wednesday 8 May)
    ("The first ferry docked at Mombasa late on Sunday with 300 passengers. Navy officials said about 80 soldiers "
     "were taking part.", 80, "2024-05-08"),
    ("The camp opened on Monday. It can take in as many as 700 people a day, the manager said.", 700, "2024-05-08"),
    # an event told after a dated one stays on its day
    ("The first ferry docked at Mombasa late on Sunday. Navy officials said 80 soldiers were injured.", 80,
     "2024-05-05"),
])
def test_a_reported_state_is_as_of_the_report_not_the_day_before_it(text, value, day):
    assert _q(text, value)[1]["date"] == day


def test_a_claim_that_adds_to_a_background_claim_is_background_too():
    text = ("The truce came after months of shelling that had killed hundreds of people.\n\n"
            "Militias in the south also shelled the port, killing civilians there, too.")
    claims = [c.to_dict() for c in _claims(text)]
    assert [c["date"] for c in claims] == [None, None]


def test_a_claim_that_adds_to_a_dated_one_keeps_its_day():
    text = ("Army shelling killed 12 people in the port on Monday.\n\n"
            "Militias in the south also shelled the harbour, killing civilians there, too.")
    claims = [c.to_dict() for c in _claims(text)]
    assert [c["date"] for c in claims] == ["2024-05-06", "2024-05-06"]


def test_beginning_with_the_wounded_goes_on_with_the_evacuation_before_it():
    text = ("As night fell over the valley, the evacuations continued.\n"
            "They are starting with the sick and the elderly, a Red Crescent official said.")
    events = [c.to_dict()["event"] for c in _claims(text)]
    assert events == ["evacuated", "evacuated"]
    # without an evacuation before it, starting with someone is no event
    assert [c.event for c in _claims("They are starting with the sick and the elderly, an official said.")] == []


@pytest.mark.parametrize(("text", "value", "scope"), [
    # a toll as of the report
    ("The coroner said 31 people had died in the province.", 31, "cumulative"),
    # one event's toll
    ("The coroner said 31 people had died in the bridge collapse.", 31, None),
    ("The coroner said 31 people had died in the blast.", 31, None),
])
def test_a_backshifted_toll_is_a_running_total_unless_an_event_bounds_it(text, value, scope):
    assert _q(text, value)[1]["scope"] == scope


def test_a_projected_outcome_is_expected():
    _, q = _q("Officials said up to 9,000 residents could end up leaving the island.", 9000)
    assert q["modality"] == "expected"


def test_every_item_of_a_colons_list_details_the_count_before_it():
    text = ("The ministry said by Friday it had brought home 900 Kenyans: 300 flew from Juba airport, and 600 came "
            "by road.")
    quantities = {q["value"]: q for c in _claims(text, {"Juba": "jb"}) for q in c.to_dict()["quantities"]}
    assert quantities[600]["counts"] == quantities[300]["counts"] == "Kenyans"
    assert quantities[600]["scope"] == quantities[900]["scope"] == "cumulative"
    assert quantities[600]["places"] == []  # the airport is the 300's, not the road's


def test_others_of_a_later_clause_are_of_the_kind_counted_first():
    text = "Twelve Ghanaians have been evacuated, she said; five more are due on Friday, while three others left by bus."
    assert _q(text, 3)[1]["counts"] == "Ghanaians"


def test_a_state_as_of_an_undated_start_is_undated():
    text = "About 4,000 Britons were living in the country when the war began, the embassy said."
    assert _q(text, 4000)[1]["date"] is None
    assert _q("About 4,000 Britons were living in the country, the embassy said.", 4000)[1]["date"] == "2024-05-08"


def test_the_total_of_a_later_sentence_counts_what_the_sentence_before_counted():
    text = ("Officials said 3,100 residents had been bused out by noon.\n\n"
            "A county statement issued later had put the total at 3,450. By night the mayor gave a figure of 3,900.")
    assert _q(text, 3450)[1]["counts"] == "residents"
    assert _q(text, 3900)[1]["counts"] == "residents"


@pytest.mark.parametrize(("text", "value", "counts"), [
    ("Shelling killed 4 soldiers and 9 civilians.", 9, ["killed", "civilians"]),
    ("Gunmen killed 3 guards, 2 women and 6 children.", 6, ["killed", "children"]),
    # a later count with a verb of its own is its own
    ("The raid killed 5 people and 40 children were evacuated.", 40, "children"),
])
def test_a_later_object_of_a_verb_of_killing_is_killed_too(text, value, counts):
    assert _q(text, value)[1]["counts"] == counts


def test_a_possessive_figure_counts_what_the_sentence_before_counted():
    """"... flew 150 people out on Monday. Local radio put Monday's total at more than 200": a figure named with a
    possessive ("Monday's total", "the agency's count") is of what the previous sentence counted, as "the total"
    is."""
    _, q = _q("The army flew 150 people out on Monday. Local radio put Monday's total at more than 200.", 200)
    assert q["counts"] == "people"


def test_an_earlier_level_a_count_is_set_against_counts_the_same():
    """"31 people were unaccounted for in the valley, up from 12 earlier in the day": 12 is the earlier level of
    the same count (people)."""
    _, q = _q("Rangers said 31 people were unaccounted for in the valley, up from 12 earlier in the day.", 12)
    assert q["counts"] == "people"
