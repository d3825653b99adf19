"""Where people left from or went to when the text names the place by a description ("the Red Sea city of X", "the
Syrian city of X"), names somewhere at the place ("to safer locations on the outskirts of X"), or names the people of
the place as the subject of a passive move ("Residents of X were taken by boat to Y"; "shifted", the verb South Asian
English news uses for moving people). Sentences written for these tests; places looked up in the gazetteer (the
session's unfocused `world`), not written in."""
from __future__ import annotations

import pytest
from helpers import legs_in


@pytest.fixture
def gaz(world):
    return world


def _names(gaz, legs):
    return [(gaz.get(leg.origin).name if leg.origin else None, gaz.get(leg.destination).name if leg.destination
             else None) for leg in legs]


@pytest.mark.parametrize("text", [
    "On Monday, 449 people left the Syrian city of Homs for Hama.",  # five words between "left" and "for"
    "On Monday, 449 people left the Red Sea city of Homs for Hama.",  # a sea locating the city is no slot
    "On Monday, 449 people were evacuated from the Red Sea town of Homs to Hama.",
])
def test_a_place_named_by_its_kind_and_a_locator_is_the_origin(gaz, text):
    assert _names(gaz, legs_in(text, gaz)) == [("Homs", "Hama")]


@pytest.mark.parametrize("text", [
    "Residents of Lismore were taken by boat to Goonellabah.",
    "Hundreds of residents of Lismore were moved to Goonellabah on Monday.",
])
def test_the_people_of_a_place_moved_by_others_left_it(gaz, text):
    assert _names(gaz, legs_in(text, gaz)) == [("Lismore", "Goonellabah")]


def test_residents_taken_to_hospital_name_no_place_left(gaz):
    assert _names(gaz, legs_in("Residents of Lismore were taken to hospital on Monday.", gaz)) == []


def test_somewhere_at_a_place_is_that_place(gaz):
    legs = legs_in("Rescuers shifted people stranded in flooded homes to safer locations on the outskirts of Larkana "
                   "and Sukkur.", gaz)
    assert _names(gaz, legs) == [(None, "Larkana"), (None, "Sukkur")]
    assert _names(gaz, legs_in("Families from Mehar were moved to safer places near Sukkur.", gaz)) == [
        ("Mehar", "Sukkur")]


def test_the_wind_shifting_moves_no_one(gaz):
    assert _names(gaz, legs_in("The wind shifted to the north-east over Larkana on Monday.", gaz)) == []
