"""The article's own geography decides for small and word-like names: a village named like an English word is a
place where the article names a town near it or its region, a common word at a sentence start before a noun it
modifies is the word, and in a story with a declared focus a small town far from everything the article names
is left unresolved rather than drawn on another continent. Texts written for these tests."""
from __future__ import annotations

import pytest

from evacmap.gazetteer import Gazetteer


@pytest.fixture(scope="module")
def unfocused(gazetteer) -> Gazetteer:
    """The same layers with no corpus focus (the benchmark's setting)."""
    return Gazetteer(gazetteer.indexes, focus=None)


def found(gazetteer: Gazetteer, text: str, focus: str | None = None) -> dict[str, list]:
    out: dict[str, list] = {}
    for m in gazetteer.find(text, focus=focus):
        out.setdefault(m.surface, []).append(m.place)
    return out


def test_a_word_like_village_is_a_place_beside_a_town_the_article_names(gazetteer):
    text = "Crews who had left Fort McMurray on Tuesday regrouped in Anzac, south of the city."
    places = found(gazetteer, text, focus="CA")
    assert [p.id for p in places["Anzac"]] == ["gn:5886316"]  # Anzac, Alberta (506 people)


def test_a_word_like_village_is_a_place_inside_the_region_the_article_names(gazetteer):
    text = "The order covered Anzac, and officials in Alberta said buses were on their way."
    assert [p.id for p in found(gazetteer, text, focus="CA")["Anzac"]] == ["gn:5886316"]


def test_a_word_like_village_without_support_stays_a_word(unfocused):
    text = "Veterans marched on the morning of the Anzac service and laid wreaths at the memorial."
    assert "Anzac" not in found(unfocused, text)


def test_a_headline_ending_in_a_village_is_not_joined_to_the_dateline(gazetteer):
    text = ("Flames reach Anzac\n\nEDMONTON (Prairie Gazette) — Fire crews south of Fort McMurray said on "
            "Friday that a dozen homes were lost.")
    assert [p.id for p in found(gazetteer, text, focus="CA")["Anzac"]] == ["gn:5886316"]


@pytest.mark.parametrize("text", [
    "Mobile homes in the trailer park were the first to burn.",
    "Reading glasses and medicine were left behind in the rush.",
])
def test_a_sentence_initial_word_before_the_noun_it_modifies_is_no_place(unfocused, text):
    first = text.split()[0]
    assert first not in found(unfocused, text)


@pytest.mark.parametrize("text", [
    "Mobile police closed the causeway as the storm came ashore.",
    "Mobile residents were told to leave before noon.",
    "Mobile flooded overnight as the bay rose.",
])
def test_a_sentence_initial_town_that_acts_is_still_the_town(unfocused, text):
    places = found(unfocused, text)
    assert [p.id for p in places["Mobile"]] == ["gn:4076598"]  # Mobile, Alabama


def test_with_a_focus_a_small_far_homonym_is_left_unresolved(gazetteer):
    text = "Residents of Fort McMurray fled past Centennial Park as the fire jumped the highway near Edmonton."
    # a Canadian story: hamlets thousands of km away, in countries the article never names, are not what it means
    match = next(m for m in gazetteer.find(text, focus="CA") if m.surface == "Centennial Park")
    assert match.place is None and "far from the story" in match.reason
    assert match.candidates  # the candidate stays listed for the reader


def test_with_a_focus_a_far_homonym_in_a_country_the_article_names_still_resolves(gazetteer):
    text = ("Evacuees from Fort McMurray flew on to Arizona, where relatives in Centennial Park took them in.")
    match = next(m for m in gazetteer.find(text, focus="CA") if m.surface == "Centennial Park")
    assert match.place is not None and match.place.country == "US"


def test_a_name_never_runs_across_a_dash(unfocused):
    # the dateline's abbreviation, then the sentence: not "Mo In", a spelling of a Polish town
    matches = unfocused.find("ST. LOUIS, Mo. — In a statement, the mayor said the river had crested.")
    assert [(m.surface, m.place.name) for m in matches if m.place] == [("ST. LOUIS", "St. Louis"), ("Mo.", "Missouri")]


def test_a_state_of_the_articles_country_outweighs_its_namesake_towns(unfocused):
    text = "The storm moved from Ohio into Delaware on Tuesday, closing schools."
    match = next(m for m in unfocused.find(text) if m.surface == "Delaware")
    assert match.place is not None and match.place.kind == "governorate" and match.place.country == "US"


def test_a_town_tied_to_its_state_is_still_the_town(unfocused):
    match = next(m for m in unfocused.find("Voters in Delaware, Ohio, chose a new mayor.") if m.surface == "Delaware")
    assert match.place is not None and match.place.kind != "governorate"


def test_a_small_homonym_near_two_of_the_articles_towns_is_the_one_meant(unfocused):
    """Two towns of the name are too close to call by size and country (Tomioka, Fukushima, 2,128 people in
    GeoNames; Tomioka, Gunma, 47,911); the article lists it with two villages named with one meaning that lie
    within 100 km of the small one and of nothing near the other: the small one. One such neighbour is not
    enough (it can be chance), and the name stays unresolved."""
    text = "Buses left the towns of Okuma, Tomioka and Naraha on Saturday morning."
    assert [p.id if p else None for p in found(unfocused, text)["Tomioka"]] == ["gn:2110749"]
    text = "Buses left Okuma and Tomioka on Saturday morning."
    assert [p.id if p else None for p in found(unfocused, text)["Tomioka"]] == [None]


def test_a_hyphened_name_of_two_words_is_found_written_as_one(unfocused):
    """GeoNames spells the town "Minami-Soma" (also "Minami-Sōma"); news write "Minamisoma". A name of two
    capitalised words joined by a hyphen is also keyed as one word; a name whose second word is lowercase
    ("Port-au-Prince") is not."""
    assert [p.id for p in found(unfocused, "Buses reached Minamisoma on Monday.")["Minamisoma"]] == ["gn:6822149"]
    assert [p.id for p in found(unfocused, "Buses reached Minami-Soma on Monday.")["Minami-Soma"]] == ["gn:6822149"]
    assert "Portauprince" not in found(unfocused, "Buses reached Portauprince on Monday.")


@pytest.mark.parametrize("text, name", [
    ("On Friday Chennai evacuated 4,000 people from the coast.", "Chennai"),
    ("Yesterday Odisha moved 12,000 people to shelters.", "Odisha"),
    ("BHUBANESWAR - Odisha moved 12,000 people to shelters.", "Odisha"),
])
def test_a_day_word_or_a_dateline_dash_before_a_place_makes_no_persons_name(unfocused, text, name):
    """Written sentences: a weekday or "yesterday" before a place is no first name, and the dash after a dateline
    separates the dateline from the story (a hyphen with no spaces would join a double name)."""
    assert [p is not None for p in found(unfocused, text).get(name, [])] == [True]


def test_the_word_after_a_dateline_dash_starts_the_story(unfocused):
    """Written sentence: after "KOCHI - " the next word is read as a sentence's first word, so a number word
    starting the story ("Nine-year-old ...") is the word, not a village named Nine."""
    assert "Nine" not in found(unfocused, "KOCHI - Nine-year-old Anu Thomas walked to the relief camp.")


@pytest.mark.parametrize("headline, town", [
    ("Lismore told to leave as the Wilsons River rises", "Lismore"),
    ("Mallacoota urged to evacuate before the fire front arrives", "Mallacoota"),
])
def test_a_town_told_to_leave_in_a_headline_is_no_speaker(headline, town):
    """Headlinese drops "is": "<Town> told to leave" says who is told, not who speaks ("Kerry told reporters"), so
    it is no evidence that the name is a person's, and the town stays a place all through the article."""
    gazetteer = Gazetteer.load(focus="AU")
    text = f"{headline}\n\nSYDNEY, Feb 28 (Wire) - Residents of low-lying parts of {town} were ordered to leave on Monday."
    assert len(found(gazetteer, text).get(town, [])) == 2


def test_the_one_namesake_in_the_story_country_beats_small_towns_far_abroad():
    """In a story focused on Britain that names Inverness and Glasgow, "Camberwell" is the London district (a
    GeoNames village with no population figure), not the Melbourne suburb of 22,000: the only namesake in the
    story's country wins when every other one is a small town far from the story, instead of being left
    unresolved on population alone."""
    gazetteer = Gazetteer.load(focus="GB")
    text = ("Troops flew from Inverness and Glasgow on Monday. Police also evacuated families from Camberwell as the "
            "river rose.")
    assert [p.country for p in found(gazetteer, text)["Camberwell"]] == ["GB"]
