"""A country named like its own capital ("Kuwait", "Djibouti"): a flight or a sailing to it ends at the capital's
airport or port, so the leg goes to the capital; a journey by road into the country, or a stay in it, keeps the
country. Written sentences of an invented story (none from the corpora)."""
from __future__ import annotations

import hashlib

import pytest
from helpers import legs_in

from evacmap.corpus.capitals import capital_of_same_name
from evacmap.corpus.model import Article


def _kind(gaz, pid):
    place = gaz.get(pid or "")
    return (place.kind, place.country) if place else None


def test_the_gazetteer_knows_the_capitals_named_like_their_countries(gaz):
    kuwait = next(p for p in gaz.candidates("Kuwait") if p.kind == "country")
    assert _kind(gaz, capital_of_same_name(kuwait.id, gaz)) in {("city", "KW"), ("town", "KW")}
    kenya = next(p for p in gaz.candidates("Kenya") if p.kind == "country")
    assert capital_of_same_name(kenya.id, gaz) is None  # Nairobi does not go by the country's name


def test_a_flight_to_a_country_named_like_its_capital_lands_at_the_capital(gaz):
    legs = legs_in("The stranded workers were flown from Basra to Kuwait on Tuesday.", gaz)
    ends = [_kind(gaz, leg.destination) for leg in legs if leg.destination]
    assert ends and all(kind != "country" and country == "KW" for kind, country in ends), ends


def test_a_warship_sailing_to_it_docks_at_the_capital(gaz):
    legs = legs_in("A navy frigate carried 200 foreigners from Bushehr to Kuwait on Monday.", gaz)
    assert [leg.mode for leg in legs] and all(leg.mode == "sea" for leg in legs)
    ends = [_kind(gaz, leg.destination) for leg in legs if leg.destination]
    assert ends and all(kind != "country" and country == "KW" for kind, country in ends), ends


@pytest.mark.parametrize("text", [
    "Thousands of families drove across the border into Kuwait on Tuesday.",
    "The convoy of buses drove the workers from Basra to Kuwait.",
])
def test_a_journey_by_road_keeps_the_country(gaz, text):
    ends = [_kind(gaz, leg.destination) for leg in legs_in(text, gaz) if leg.destination]
    assert ends and all(kind == "country" for kind, _c in ends), ends


def test_a_count_of_people_flown_there_is_placed_at_the_capital(gaz):
    """The claim's places follow its legs: 351 people landed at the capital's airport, not in the country."""
    from evacmap.maps.pipeline import analyse_article
    text = "The two jets flew 351 workers from Basra to Kuwait on Friday."
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    claims = analyse_article(a, gaz, None).claims
    places = [_kind(gaz, p) for c in claims for p in c.places]
    assert ("country", "KW") not in places and any(k != "country" and c == "KW" for k, c in places), places
    assert all(_kind(gaz, p) != ("country", "KW") for c in claims for q in c.quantities for p in (q.places or ()))


def test_a_count_of_people_who_crossed_by_road_stays_in_the_country(gaz):
    from evacmap.maps.pipeline import analyse_article
    text = "About 2,000 families drove across the border into Kuwait on Tuesday."
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    places = [_kind(gaz, p) for c in analyse_article(a, gaz, None).claims for p in c.places]
    assert ("country", "KW") in places, places
