"""A place emptied by the authorities ("X was being evacuated", "the army evacuated residents from the city") and an
order for the place a sentence opens with ("In X, police urged families on the seafront to leave") are evacuation
orders for that place, though the text names no order; people counted as "evacuated from X" are a movement, not an
order for X."""
from __future__ import annotations

from test_control import claims_in


def _orders(text, gaz, focus):
    return {(gaz.get(c.place_id).name, c.controller) for c in claims_in(text, gaz, focus)}


def test_a_place_being_evacuated_is_under_an_order(gaz):
    text = "The emergency service said late on Thursday that Lismore was being evacuated and only rescuers would stay."
    assert _orders(text, gaz, "AU") == {("Lismore", "evacuation ordered")}


def test_the_city_evacuated_of_its_residents_is_the_articles_city(gaz):
    text = ("Floods swept through Lismore on Monday. A police spokesman said the army had evacuated residents and "
            "journalists from the city to make room for rescue teams.")
    assert ("Lismore", "evacuation ordered") in _orders(text, gaz, "AU")


def test_the_place_a_sentence_opens_with_is_the_one_people_were_urged_to_leave(gaz):
    text = "In Lismore, 30 km inland, the police urged families on the river flats to leave before dark."
    assert _orders(text, gaz, "AU") == {("Lismore", "evacuation advised")}


def test_people_evacuated_from_a_place_are_no_order_for_it(gaz):
    assert _orders("About 300 people were evacuated from Lismore to Casino on Monday.", gaz, "AU") == set()
    assert _orders("In Lismore, the mayor said 300 people had left.", gaz, "AU") == set()
