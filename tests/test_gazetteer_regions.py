"""Names of areas larger or stranger than one town: regions of several countries ("West Africa", "the EU"),
provinces written in English with a compass word ("West Java"), and names hyphened around a lowercase
particle ("Port-au-Prince"). Sentences written for these tests, from several continents."""
from __future__ import annotations

import pytest
from helpers import km


def places(world, text: str) -> dict:
    return {m.surface: m.place for m in world.find(text)}


@pytest.mark.parametrize("text,surface,lat,lon", [
    ("Ebola spread across West Africa, the health ministry in Accra said.", "West Africa", 11, -5),
    ("Drought has hit East Africa, aid agencies warned on Monday.", "East Africa", 0, 37),
    ("Oil prices rose on fears of war in the Middle East.", "Middle East", 29, 45),
    ("Haze from fires covered much of Southeast Asia in October.", "Southeast Asia", 10, 108),
    ("Zika cases were reported across Latin America and the Caribbean.", "Latin America", 5, -70),
    ("Zika cases were reported across Latin America and the Caribbean.", "Caribbean", 18, -70),
    ("Leaders of the EU met in Brussels to discuss migration.", "EU", 49, 10),
    ("The European Union said on Friday that talks would resume.", "European Union", 49, 10),
    ("Measles returned to Eastern Europe, where vaccination rates fell.", "Eastern Europe", 50, 25),
])
def test_region_of_several_countries_is_that_region(world, text, surface, lat, lon):
    place = places(world, text).get(surface)
    assert place is not None and place.kind == "region", place
    assert km(place.lat, place.lon, lat, lon) < 1200, place  # a region is one point near its middle
    assert place.country is None  # no one country's: it must not pull the article's countries


def test_region_name_is_not_a_village_or_a_country_named_within_it(world):
    got = places(world, "Officials in the Middle East warned. Latin America was calm.")
    assert got["Middle East"].kind == "region"  # not Middle East, Maryland
    assert got["Latin America"].kind == "region"  # not "America", the United States
    assert "America" not in got


def test_region_before_a_speech_verb_is_still_the_region(world):
    # a person's name says things; so do regions in news copy, and no person is called "West Africa"
    got = places(world, "West Africa warned that the outbreak was not over.")
    assert got["West Africa"] is not None and got["West Africa"].kind == "region"


def test_initialism_counts_only_in_capitals(world):
    assert places(world, "The EU said so.")["EU"].kind == "region"
    got = places(world, "We drove to Eu, in Normandy, France.")
    assert got["Eu"] is not None and got["Eu"].country == "FR"  # the town, not the union
    assert "Eu" not in places(world, "Eu Lee met the mayor.") or places(world, "Eu Lee met the mayor.")["Eu"] is None


@pytest.mark.parametrize("text,surface,country", [
    ("Dengue cases rose in West Java, the provincial health office said.", "West Java", "ID"),
    ("Fighting spread through North Kivu and South Kivu last week.", "North Kivu", "CD"),
    ("Fighting spread through North Kivu and South Kivu last week.", "South Kivu", "CD"),
    ("Water boards in North Holland raised the dikes.", "North Holland", "NL"),
])
def test_province_written_in_english_with_a_compass_word(world, text, surface, country):
    place = places(world, text).get(surface)
    assert place is not None and place.kind == "governorate" and place.country == country, place


def test_compass_word_and_an_english_word_is_still_no_place(world):
    # the compass rule reads only a province's English alternate name: "White House" stays the phrase
    got = places(world, "The White House said the show was cancelled.")
    assert "White House" not in got


@pytest.mark.parametrize("text,surface,country", [
    ("Aid reached Port-au-Prince on Monday after the earthquake.", "Port-au-Prince", "HT"),
    ("Students in Aix-en-Provence marched on Thursday.", "Aix-en-Provence", "FR"),
    ("Flooding closed roads around Stratford-upon-Avon.", "Stratford-upon-Avon", "GB"),
    ("Protesters gathered in Châlons-en-Champagne.", "Châlons-en-Champagne", "FR"),
    ("Surfers met in Saint-Jean-de-Luz on Sunday.", "Saint-Jean-de-Luz", "FR"),  # particle after a particle
])
def test_name_hyphened_around_a_lowercase_particle(world, text, surface, country):
    place = places(world, text).get(surface)
    assert place is not None and place.country == country, places(world, text)


def test_lowercase_hyphened_words_are_still_no_name(world):
    got = places(world, "A well-to-do family from Dallas bought a run-of-the-mill house.")
    assert set(got) == {"Dallas"}


@pytest.mark.parametrize("text,surface,region", [
    ("Cases were reported in Brooklyn, NY, on Monday.", "NY", "New York"),
    ("The plant near Portland, OR, closed.", "OR", "Oregon"),
    ("Police in Atlanta, GA. said the road was open.", "GA", "Georgia"),
    ("Snow fell on Ottawa, ON, overnight.", "ON", "Ontario"),
    ("MANSFIELD, OH — A man was held on Tuesday.", "OH", "Ohio"),
    ("Bushfires burned west of Sydney, NSW police said.", "NSW", "New South Wales"),
    ("Floods cut roads across QLD on Friday.", "QLD", "Queensland"),
])
def test_postal_code_after_a_town_names_the_state(world, text, surface, region):
    place = places(world, text).get(surface)
    assert place is not None and place.kind == "governorate" and place.name == region, places(world, text)


@pytest.mark.parametrize("text", [
    "HE SAID, IN A STATEMENT, THAT OR ME.",  # a line in capitals: words, not states
    "Turn it ON and OR is a word; ME too.",  # no town and comma before them
])
def test_capital_words_are_no_postal_codes(world, text):
    assert not [m for m in world.find(text) if m.place is not None and m.place.kind == "governorate"]


def test_ambiguous_code_is_left_out(world):
    # WA is Washington and Western Australia: the table holds no such code rather than guess
    got = places(world, "It was hot in Perth, WA, on Sunday.")
    assert "WA" not in got and got["Perth"].country == "AU"


@pytest.mark.parametrize("text,surface,lat,lon,country", [
    ("Thousands fled Darfur for camps across the border in Chad.", "Darfur", 13, 24.5, "SD"),
    ("Shelling continued across the Donbas overnight, Kyiv said.", "Donbas", 48.3, 38.5, "UA"),
    ("Nearly all of Nagorno-Karabakh's people left for Armenia within a week.", "Nagorno-Karabakh", 39.8, 46.7, "AZ"),
    ("Tourists were flown out of the Sinai after the attack.", "Sinai", 29.5, 33.8, "EG"),
    ("Families from Mosul found shelter in Iraqi Kurdistan.", "Iraqi Kurdistan", 36, 44.5, "IQ"),
    ("Wildfires forced evacuations in Patagonia, officials in Buenos Aires said.", "Patagonia", -45, -69, None),
    ("Drought and insurgency have displaced millions across the Sahel.", "Sahel", 15, 0, None),
    ("Migrants walked through the Balkans towards Hungary.", "Balkans", 43, 21, None),
])
def test_region_of_first_level_regions_or_countries_is_that_region(world, text, surface, lat, lon, country):
    place = places(world, text).get(surface)
    assert place is not None and place.kind == "region", place
    assert km(place.lat, place.lon, lat, lon) < 900, place
    assert place.country == country  # inside one country: it is that country's; across several: no one's


def test_region_outranks_a_village_or_a_first_level_region_that_shares_its_name(world):
    got = places(world, "Fires burned in Patagonia. Drought hit the Sahel.")
    assert got["Patagonia"].id == "wr:patagonia"  # not Patagonia, Arizona
    assert got["Sahel"].id == "wr:sahel"  # not the Sahel region of Burkina Faso alone


@pytest.mark.parametrize("text,surface,lat,lon", [
    ("The quake struck off Sumatra, and a tsunami warning went out across Aceh.", "Sumatra", -0.5, 101.5),
    ("Haze from fires on Borneo closed schools in Kuching and Pontianak.", "Borneo", 0.9, 114.5),
    ("Typhoon evacuations began across Luzon and the Visayas.", "Luzon", 16, 121),
    ("Fighting in Mindanao forced families from Marawi.", "Mindanao", 7.5, 125),
    ("Boko Haram attacks emptied villages around Lake Chad.", "Lake Chad", 13, 14),
    ("Rockets fell across the Negev, the army said.", "Negev", 30.8, 34.8),
    ("Russian troops remain in Transnistria, Chisinau said.", "Transnistria", 47.2, 29.4),
])
def test_island_or_area_named_by_its_provinces_is_that_area(world, text, surface, lat, lon):
    place = places(world, text).get(surface)
    assert place is not None and place.kind == "region", place
    assert km(place.lat, place.lon, lat, lon) < 300, place


def test_island_named_like_a_word_is_not_added(world):
    # "Java" is a programming language and coffee before it is an island in most text: no row for it
    assert "Java" not in places(world, "Oracle released a new version of Java. Java developers met in Berlin.")


def test_region_name_inside_an_organisation_or_a_hospital_is_not_the_region(world):
    # guards for the new rows' names: a party, a hospital and a stadium named after a region are bodies
    got = places(world, "Fighters of the Kurdistan Workers' Party withdrew. She was taken to Mount Sinai "
                        "Hospital in New York.")
    assert "Kurdistan" not in got and "Sinai" not in got, got
    assert got["New York"].country == "US"


@pytest.mark.parametrize("text,surface,country,lat,lon", [
    ("The agency delivered rice to 40,000 families in Lanao del Sur and Lanao del Norte.", "Lanao del Sur", "PH", 7.9, 124.3),
    ("The agency delivered rice to 40,000 families in Lanao del Sur and Lanao del Norte.", "Lanao del Norte", "PH", 8.0, 124.0),
    ("Flood warnings were issued for Cumbria after a month's rain fell in a day.", "Cumbria", "GB", 54.6, -2.8),
])
def test_a_second_level_division_is_one_place_not_the_towns_its_words_match(world, text, surface, country, lat, lon):
    """A province or county named in full is that division (world layer, gazetteer.admin2), not "Lanao" and
    "Sur" in Oman, nor a town that lists its name among alternates (Cumberland, Maryland, as "Cumbria")."""
    found = places(world, text)
    place = found.get(surface)
    assert place is not None and place.kind == "county" and place.country == country, (place, found)
    assert km(place.lat, place.lon, lat, lon) < 30
    assert "Sur" not in found


def test_a_division_named_like_its_seat_is_left_to_the_town(world):
    place = places(world, "Thousands fled to Jaffna after the fighting.").get("Jaffna")
    assert place is not None and place.kind == "city"
