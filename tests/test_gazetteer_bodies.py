"""A place named before the capitalised words of its own public body ("Ontario Provincial Police", "Fargo
Fire Department") is the place, not a first name before a surname; and a city at a sentence start before an
irregular past tense ("Toronto sent help") is the city acting, not an adjective. Sentences written for these
tests, from several countries."""
from __future__ import annotations

import pytest


def found(world, text: str) -> dict:
    return {m.surface: m.place for m in world.find(text, associative=True)}


@pytest.mark.parametrize("text,surface,country", [
    ("Ontario Provincial Police said the highway was closed.", "Ontario", "CA"),
    ("Queensland Fire Department crews worked through the night.", "Queensland", "AU"),
    ("Bavaria State Police said two men were held.", "Bavaria", "DE"),
    ("Kentucky State Police said the driver survived.", "Kentucky", "US"),
])
def test_place_before_its_public_body_is_the_place(world, text, surface, country):
    place = found(world, text).get(surface)
    assert place is not None and place.country == country, found(world, text)


def test_first_name_before_a_surname_is_still_a_person(world):
    # "Kerry Washington" and "Paris Hilton" are people: no public body's word follows
    assert found(world, "Kerry Washington said she would attend. Paris Hilton arrived late.") == {}


@pytest.mark.parametrize("text,surface,country", [
    ("Toronto sent help to the north on Friday.", "Toronto", "CA"),
    ("Nairobi took the lead in the talks.", "Nairobi", "KE"),
    ("Manila won praise for its response.", "Manila", "PH"),
])
def test_city_before_an_irregular_past_tense_is_the_city(world, text, surface, country):
    place = found(world, text).get(surface)
    assert place is not None and place.country == country, found(world, text)


def test_common_word_before_its_noun_is_still_the_word(world):
    # the verbs added are past tenses, not nouns: "Mobile homes", "Reading glasses" stay words
    assert found(world, "Mobile homes were lost. Reading glasses were found.") == {}


@pytest.mark.parametrize("text,surface,country", [
    ("Manitoba Hydro said power was out. Crews across Manitoba worked overnight.", "Manitoba", "CA"),
    ("The Kentucky Derby was run on Saturday. Kentucky officials praised the crowd.", "Kentucky", "US"),
    ("Queensland Rail cancelled trains. Floods cut roads across Queensland.", "Queensland", "AU"),
    ("The Calgary Stampede opened on Friday. Hotels in Calgary were full.", "Calgary", "CA"),
    ("Mumbai Indians won the final. Fans in Mumbai celebrated.", "Mumbai", "IN"),
])
def test_area_named_elsewhere_is_the_area_before_a_capitalised_word(world, text, surface, country):
    first = [m for m in world.find(text, associative=True) if m.surface == surface]
    assert len(first) == 2 and all(m.place is not None and m.place.country == country for m in first)
    assert first[0].fields.get("associative")  # it opens a body's or an event's name
    assert len([m for m in world.find(text) if m.surface == surface]) == 1  # the map shows the place only


def test_area_before_a_capitalised_word_alone_is_still_doubtful(world):
    # named nowhere else, "Manitoba Hydro" may as well be a name: one sense per article needs a second use
    assert found(world, "Manitoba Hydro said power was out.") == {}
    assert found(world, "Paris Hilton arrived late.") == {}
