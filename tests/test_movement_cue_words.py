"""Words of movement news uses for ships and planes: a ship "landed" those it carried at a port, a vessel "was due
in" a port, planes "took off from X for Y", aircraft "shuttle(d)" people between two places. Written sentences of
an invented story (none from the corpora), with a negative case."""
from __future__ import annotations

import pytest
from helpers import legs_in, place_id_of


@pytest.mark.parametrize("text, origin, destination", [
    ("A navy patrol ship landed 300 foreigners at the port of Mombasa on Wednesday, after a night crossing from "
     "Kisumu.", "Kisumu", "Mombasa"),
    ("The ferry evacuated 200 people from Kisumu and was due in Mombasa on Monday afternoon.", "Kisumu", "Mombasa"),
    ("In the evening, two transport planes took off from Nairobi for Mombasa with 300 passengers.", "Nairobi",
     "Mombasa"),
    ("The aircraft will keep shuttling between Kisumu and Nairobi over the next few days.", "Kisumu", "Nairobi"),
    ("Once cleared, the jets are to shuttle people from Kisumu to Nairobi.", "Kisumu", "Nairobi"),
    # "those reaching X": the pronoun names people, so "reaching" is their destination's cue
    ("People who landed at Lamu had sailed from Kisumu, and those reaching Mombasa had left from Nairobi.", "Nairobi",
     "Mombasa"),
])
def test_a_ship_or_plane_moving_people_gives_the_leg(gaz, text, origin, destination):
    got = [(leg.origin, leg.destination) for leg in legs_in(text, gaz)]
    assert (place_id_of(gaz, origin), place_id_of(gaz, destination)) in got, got


def test_planes_that_took_off_went_by_air(gaz):
    legs = legs_in("In the evening, two Hercules took off from Nairobi for Mombasa with 300 passengers.", gaz)
    assert legs and all(leg.mode == "air" for leg in legs)


def test_a_ship_landing_at_a_port_with_nobody_named_is_still_an_arrival_not_a_new_origin(gaz):
    got = [(leg.origin, leg.destination) for leg in legs_in("The plane landed safely in Mombasa on Monday.", gaz)]
    assert all(o is None for o, _d in got) and (None, place_id_of(gaz, "Mombasa")) in got, got


@pytest.mark.parametrize("text, origin, destination", [
    ("Hundreds of refugees left Kisumu on Friday to go back to Mombasa.", "Kisumu", "Mombasa"),
    ("About 1,000 families have gone back to Mombasa since the floods receded.", None, "Mombasa"),
    ("Most of the students went back to Nairobi from Kisumu by bus.", "Kisumu", "Nairobi"),
])
def test_going_back_to_a_place_is_a_movement_to_it(gaz, text, origin, destination):
    """"to go back to X", "have gone back to X": a return names its destination; "back to normal" names no place."""
    got = [(leg.origin, leg.destination) for leg in legs_in(text, gaz)]
    assert (place_id_of(gaz, origin) if origin else None, place_id_of(gaz, destination)) in got, got
    assert not legs_in("Life in Mombasa went back to normal on Monday.", gaz)


def test_a_movement_people_want_to_make_is_not_done(gaz):
    """"Many want to go to X": a wish, like "hope to", is no movement that happened."""
    for text in ("Many families want to go to Mombasa when the water falls.",
                 "Most of the students wanted to go back to Nairobi before the exams."):
        assert all(leg.status != "happened" for leg in legs_in(text, gaz)), text


@pytest.mark.parametrize("text, destination", [
    ("About 1,800 refugees have gone back to north-western Kenya since the rules were eased.", "Kenya"),
    ("About 500 people fled to south-eastern Kenya.", "Kenya"),
    ("About 500 people fled to northeastern Kenya.", "Kenya"),
])
def test_a_compass_adjective_between_the_cue_and_the_place_keeps_the_place(gaz, text, destination):
    """"to north-western Syria" as "to northern Syria": the part of the country names the country as destination."""
    assert (None, place_id_of(gaz, destination)) in [(leg.origin, leg.destination) for leg in legs_in(text, gaz)]
