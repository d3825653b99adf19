"""Airports as places: "Heathrow Airport" is the airport west of London, not Heathrow, Florida. The forms
news write are made from each airport's name by a general rule (datafiles.airport_names); sentences written
for these tests, from several countries."""
from __future__ import annotations

import pytest
from helpers import km

from evacmap.gazetteer.datafiles import airport_names


@pytest.mark.parametrize("name,city,expected", [
    ("London Heathrow Airport", "London", {"Heathrow Airport"}),
    ("Chicago O'Hare International Airport", "Chicago", {"O'Hare International Airport", "O'Hare Airport"}),
    ("Amsterdam Airport Schiphol", "Amsterdam", {"Schiphol Airport"}),
    ("Los Angeles International Airport", "Los Angeles", {"Los Angeles Airport"}),
])
def test_news_forms_of_an_airport_name(name, city, expected):
    forms = airport_names(name, city)
    assert forms[0] == name and expected <= set(forms)
    assert all(f == name or f.endswith("Airport") for f in forms)
    assert "International Airport" not in forms and "Airport" not in forms  # no form of generic words alone


@pytest.mark.parametrize("text,surface,lat,lon", [
    ("Flights were cancelled at Heathrow Airport after the snow.", "Heathrow Airport", 51.47, -0.46),
    ("Passengers waited for hours at O'Hare International Airport.", "O'Hare International Airport", 41.98, -87.9),
    ("The plane landed safely at Schiphol Airport on Sunday.", "Schiphol Airport", 52.31, 4.76),
    ("Crowds gathered outside Jomo Kenyatta International Airport.", "Jomo Kenyatta International Airport",
     -1.32, 36.93),
])
def test_airport_named_in_text_is_the_airport(world, text, surface, lat, lon):
    got = {m.surface: m.place for m in world.find(text)}
    place = got.get(surface)
    assert place is not None and place.kind == "facility", got
    assert km(place.lat, place.lon, lat, lon) < 5


def test_a_bare_airport_word_is_not_an_airport(world):
    # only forms ending in "Airport" are the airport's: "Kennedy" alone is a person before it is an airport
    got = {m.surface: m.place for m in world.find("Kennedy said the airport would reopen.")}
    assert not any(p is not None and p.kind == "facility" for p in got.values())
