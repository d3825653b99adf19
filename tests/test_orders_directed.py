"""Orders worded with "directed" ("the district administration directed the residents of X and Y to evacuate") and
orders "of the immediate (urgent, full) evacuation of" people in a place are evacuation orders for those places,
with the issuer the sentence names. Texts written for these tests."""
from __future__ import annotations

from test_control import claims_in


def _orders(text, gaz, focus):
    return {(gaz.get(c.place_id).name, c.controller) for c in claims_in(text, gaz, focus)}


def test_residents_directed_to_evacuate_are_under_an_order(gaz):
    text = "The district administration on Tuesday directed the residents of Lismore and Casino to evacuate to safe places."
    assert _orders(text, gaz, "AU") == {("Lismore", "evacuation ordered"), ("Casino", "evacuation ordered")}


def test_an_immediate_evacuation_ordered_covers_the_place_of_the_people(gaz):
    text = ("The premier on Wednesday ordered the immediate evacuation of around 700 tourists who are still stuck in "
            "Mallacoota.")
    assert _orders(text, gaz, "AU") == {("Mallacoota", "evacuation ordered")}
    text = "The council ordered the urgent evacuation of Lismore's riverside streets."
    assert _orders(text, gaz, "AU") == {("Lismore", "evacuation ordered")}


def test_the_issuer_of_a_directed_order_is_its_subject(gaz):
    text = "The State Emergency Service directed people in Lismore to leave before midnight."
    assert _orders(text, gaz, "AU") == {("Lismore", "evacuation ordered")}
    assert {c.issued_by for c in claims_in(text, gaz, "AU")} == {"the State Emergency Service"}
