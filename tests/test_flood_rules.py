"""Rules of news English that a flood evacuation's reports lean on, each on written sentences of an invented story
(Australian towns, none from our corpora): an order to the people of part of a town or of a list of towns is a
planned movement out of each; a flood's toll counts villages, districts, bridges and policemen; a place naming the
body a helicopter belongs to is not where its passengers were; "the planning minister" plans nothing."""
from __future__ import annotations

import hashlib

import pytest
from helpers import place_id_of
from test_claims_rules import _mentions

from evacmap.corpus.claim_places import claim_places, dateline_end
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.quantities import parse_quantities
from evacmap.corpus.scope import modality
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer
from evacmap.geo.legs import extract_legs


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load(focus="AU")


def legs_of(text: str, gaz) -> set[tuple[str | None, str | None, str]]:
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return {(leg.origin, leg.destination, leg.status)
            for leg in extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus="AU"), gaz)}


def test_people_of_low_lying_parts_of_a_town_ordered_to_leave_leave_it(gaz):
    lismore = place_id_of(gaz, "Lismore")
    text = "Police ordered residents of low-lying parts of Lismore to leave their homes on Friday."
    assert legs_of(text, gaz) == {(lismore, None, "planned")}


def test_residents_of_a_list_of_towns_directed_to_evacuate_leave_each_of_them(gaz):
    lismore, casino = place_id_of(gaz, "Lismore"), place_id_of(gaz, "Casino")
    text = "The council on Tuesday directed the residents of Lismore, Casino and Woodburn Flats to evacuate to safe places."
    found = legs_of(text, gaz)
    assert {(lismore, None, "planned"), (casino, None, "planned")} <= found
    assert all(status == "planned" for _o, _d, status in found)


@pytest.mark.parametrize(("text", "value", "counts"), [
    ("Three cuts have flooded about 150 villages south of the lake.", 150, "villages"),
    ("Twenty-three districts have been declared calamity-hit.", 23, "districts"),
    ("More than 3,400 km of roads were destroyed and 157 bridges washed away.", 157, "bridges"),
    ("Two policemen on the embankment were swept away.", 2, "policemen"),
])
def test_a_floods_toll_counts_villages_districts_bridges_and_policemen(text, value, counts):
    assert [(q.value, q.counts) for q in parse_quantities(text) if q.counts] == [(value, counts)]


def test_the_place_owning_a_government_helicopter_is_not_where_its_passengers_were():
    text = "A New South Wales government helicopter airlifted 35 people from Mallacoota."
    names = {"New South Wales": "nsw", "Mallacoota": "m"}
    assert list(claim_places(text, 0, _mentions(text, names), dateline_end(text, 0))) == ["m"]


@pytest.mark.parametrize("text", [
    "The planning minister, Ann Weir, had earlier given a figure of 30 million.",
    "The planning commission said 2,000 homes were lost.",
])
def test_a_planning_office_plans_nothing(text):
    assert modality(text) == "reported"


def test_families_from_two_towns_left_both(gaz):
    lismore, casino, grafton = (place_id_of(gaz, n) for n in ("Lismore", "Casino", "Grafton"))
    assert legs_of("Families from Lismore and Casino have fled to Grafton.", gaz) == {
        (lismore, grafton, "happened"), (casino, grafton, "happened")}
    # a state after a comma only says where the town is
    assert legs_of("Families from Lismore, New South Wales, have fled to Grafton.", gaz) == {(lismore, grafton, "happened")}


def test_where_movers_are_now_sheltering_is_their_destination(gaz):
    lismore, stanthorpe = place_id_of(gaz, "Lismore"), place_id_of(gaz, "Stanthorpe")
    text = "Families from Lismore have crossed into Queensland and are sheltering in and around Stanthorpe."
    assert legs_of(text, gaz) == {(lismore, stanthorpe, "happened")}
