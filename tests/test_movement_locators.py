"""Where people left from when the text names the place by a description ("the Red Sea city of X", "the Syrian
city of X") or names the people of the place as the subject of a passive move ("Residents of X were taken by boat
to Y"). Sentences written for these tests; places looked up in the gazetteer, not written in."""
from __future__ import annotations

import pytest
from helpers import legs_in

from evacmap.gazetteer import Gazetteer


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load()


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
