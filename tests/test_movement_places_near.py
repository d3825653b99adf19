"""Where people were taken when the text names somewhere at a place rather than the place ("to safer locations on
the outskirts of X", "to safe places near X"), and "shifted", the verb South Asian English news uses for moving
people. Sentences written for these tests; places looked up in the gazetteer, not written in."""
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


def test_somewhere_at_a_place_is_that_place(gaz):
    legs = legs_in("Rescuers shifted people stranded in flooded homes to safer locations on the outskirts of Larkana "
                   "and Sukkur.", gaz)
    assert _names(gaz, legs) == [(None, "Larkana"), (None, "Sukkur")]
    assert _names(gaz, legs_in("Families from Mehar were moved to safer places near Sukkur.", gaz)) == [
        ("Mehar", "Sukkur")]


def test_the_wind_shifting_moves_no_one(gaz):
    assert _names(gaz, legs_in("The wind shifted to the north-east over Larkana on Monday.", gaz)) == []
