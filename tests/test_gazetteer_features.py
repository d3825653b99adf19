"""A town's or a country's name inside a water body's or a mountain range's name ("Lake Chad", "the Dnipro
River", "the Gulf of Mexico") names the feature, far from the town's or the country's point; and a town's
spelling after "the" and before a verb or the clause's end ("the Duma approved") names a body, not the town.
Sentences written for these tests, from several countries."""
from __future__ import annotations

import pytest


def found(world, text: str) -> dict:
    return {m.surface: m.place for m in world.find(text)}


@pytest.mark.parametrize("text,inner", [
    ("Villages around Lake Chad were emptied by the fighting.", "Chad"),
    ("Floods along the Dnipro River forced thousands to leave.", "Dnipro"),
    ("Refugees waded across the Jordan River at dawn.", "Jordan"),
    ("Ships in the Sea of Japan were told to stay in port.", "Japan"),
    ("Oil rigs in the Gulf of Mexico were evacuated before the storm.", "Mexico"),
])
def test_place_inside_a_feature_name_is_not_the_place(world, text, inner):
    got = found(world, text)
    assert inner not in got, got


def test_gulf_before_of_is_not_a_province_named_gulf(world):
    got = found(world, "Oil rigs in the Gulf of Mexico were evacuated, officials in Louisiana said.")
    assert "Gulf" not in got and got["Louisiana"].country == "US"  # not Gulf Province, Papua New Guinea


def test_the_same_name_outside_a_feature_name_is_the_place(world):
    got = found(world, "Migrants crossed from Chad into Sudan. Residents of Lake Charles were told to leave.")
    assert got["Chad"].kind == "country" and got["Sudan"].kind == "country"
    assert got["Lake Charles"].country == "US"  # a town whose own name opens with "Lake"
    assert found(world, "Evacuees from Mount Lebanon reached Beirut.")["Mount Lebanon"].country == "LB"


@pytest.mark.parametrize("text", [
    "The Duma approved the law on Tuesday.",
    "Deputies in the Duma voted for the bill.",
    "He spoke in the Duma.",
])
def test_a_body_after_the_is_not_the_town_spelt_like_it(world, text):
    assert "Duma" not in found(world, text)


def test_a_town_after_the_as_a_modifier_or_with_the_in_its_name_is_the_town(world):
    assert found(world, "The Douma attack killed dozens.")["Douma"].country == "SY"
    assert found(world, "Rebels left the Douma enclave for Idlib.")["Douma"].country == "SY"
    assert found(world, "Officials in The Hague said the court would rule.")["The Hague"].country == "NL"


def test_bodies_and_units_named_after_places_stay_off_the_map(world):
    # guards (these passed before this change too): a unit, a movement or an alliance is not its namesake town
    text = ("Fighters of the Azov regiment held the plant. Hamas said the convoy was hit. NATO said it would "
            "help. The Duma approved the law.")
    assert not {"Azov", "Hamas", "NATO", "Duma"} & set(found(world, text)), found(world, text)


def test_mountain_named_for_a_country_is_not_the_country(world):
    # a mountain named for a town rises beside it, and the town stays a fair point; one named for a country
    # is not the country's point ("Mount Kenya"), and a lake named for a town is not the town ("Lake Victoria")
    got = found(world, "Climbers died on Mount Kenya. Fishermen drowned in Lake Victoria.")
    assert "Kenya" not in got and "Victoria" not in got, got


@pytest.mark.parametrize("text, craft", [
    ("The army sent Black Hawk and Chinook helicopters to the valley.", {"Black Hawk", "Chinook"}),
    ("Two Chinook helicopters landed at dawn.", {"Chinook"}),
    ("The frigate HMNZS Wanaka reached Limassol.", {"Wanaka"}),
    ("Sailors on the Wanaka's deck waved.", {"Wanaka"}),
    ("The Wanaka' crew handed out water.", {"Wanaka"}),
    # a name right after a vessel's noun, and one joined to it by "and", names the ship
    ("The missile frigate Wanaka reached Limassol.", {"Wanaka"}),
    ("The ferries Wanaka and Chinook reached Limassol.", {"Wanaka", "Chinook"}),
    # the prefix itself is no place ("INS" is not the Swiss village Ins), at a paragraph's start too
    ("The destroyer INS Wanaka sailed.", {"INS", "Wanaka"}),
    ("Crews waited.\n\nINS Wanaka, pulled off patrol, entered Limassol harbour.", {"INS", "Wanaka"}),
])
def test_a_ship_or_an_aircraft_model_is_not_the_village_named_like_it(world, text, craft):
    """A name after a ship's prefix ("HMNZS Wanaka"), after "the" as a possessive ("the Wanaka's deck"), or
    before a craft's noun ("Black Hawk and Chinook helicopters") names a ship or a model, not a town."""
    assert not craft & set(found(world, text)), found(world, text)


def test_the_town_named_like_a_ship_or_a_model_is_still_the_town(world):
    assert found(world, "Buses reached Wanaka on Friday.")["Wanaka"].country == "NZ"
    assert found(world, "The ship sailed to Wanaka and Limassol.")["Wanaka"].country == "NZ"
    assert "Chinook" in found(world, "Families from Chinook drove to Havre.")
    assert found(world, "Kenya helicopters flew to Lodwar.").get("Kenya") is not None
    # a country right after a vessel's noun is the country acting, in a relative clause: not a ship's name
    assert found(world, "The last ship Canada had scheduled out of Lebanon left.").get("Canada") is not None
    assert found(world, "There were 3,767 on ships Australia chartered.").get("Australia") is not None


def test_the_port_of_a_town_is_the_town(world):
    """"the Port of Lamu" lies in Lamu (as "the Sea of Azov" does not lie at Azov): the town is its point."""
    assert found(world, "The ferry docked at the Port of Lamu on Friday.")["Lamu"].country == "KE"
    assert "Azov" not in found(world, "Fishing boats crossed the Sea of Azov.")


def test_a_ship_named_with_its_prefix_is_the_ship_by_its_bare_name_too(world):
    """An article that names "HMNZS Wanaka" means the ship by "Wanaka" alone, in its headline too; a large place's
    name is still the place ("HMAS Sydney returned to Sydney")."""
    text = "Wanaka brings 300 home\n\nLIMASSOL - The frigate HMNZS Wanaka docked at Limassol on Friday."
    assert "Wanaka" not in found(world, text), found(world, text)
    assert found(world, "HMAS Sydney returned to Sydney on Friday.")["Sydney"].country == "AU"
