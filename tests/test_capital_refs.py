""""The capital" in legs, control and claims (corpus/capital_refs.py): the capital of the country the article or
its words name, from data, flagged inferred; on written sentences, with the world gazetteer (no focus)."""
from __future__ import annotations

import hashlib

import pytest

from evacmap.corpus.actors import default_actors
from evacmap.corpus.claim_areas import at_described_areas
from evacmap.corpus.claims import extract_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.slots import article_slots
from evacmap.gazetteer.capitals import national_capital
from evacmap.geo.control import control_claims
from evacmap.geo.legs import extract_legs


def _article(text: str) -> Article:
    return Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")


def legs_of(text: str, world):
    a = _article(text)
    return extract_legs(a, split_sentences(text), find_mentions(a, world), world)


def ends(legs, words: str) -> set[tuple[str | None, str | None]]:
    return {(leg.origin, leg.destination) for leg in legs if words in leg.text}


def capital(world, iso2: str) -> str:
    place = national_capital(world, iso2)
    assert place is not None
    return place.id


ETHIOPIA = "Fighting spread across northern Ethiopia on Monday. Aid workers in Mekelle and Gondar said fuel was short.\n"


def test_the_capital_is_the_capital_of_the_country_the_article_names(world):
    legs = legs_of(ETHIOPIA + "More than 2,000 foreigners have left the capital by road since Sunday.\n", world)
    assert {o for o, _d in ends(legs, "left the capital")} == {capital(world, "ET")}


def test_the_capital_city_is_the_capital(world):
    legs = legs_of(ETHIOPIA + "More than 2,000 foreigners have left the capital city by road since Sunday.\n", world)
    assert {o for o, _d in ends(legs, "left the capital city")} == {capital(world, "ET")}


def test_the_countrys_capital_and_a_demonym_name_the_country(world):
    text = ETHIOPIA + "Hundreds of students were flown from the country's capital to the Kenyan capital on Tuesday.\n"
    assert ends(legs_of(text, world), "Kenyan capital") == {(capital(world, "ET"), capital(world, "KE"))}


def test_no_capital_when_two_countries_are_named_as_often(world):
    text = ("Floods hit Kenya and Ethiopia on Monday.\n"
            "More than 2,000 people have left the capital by road since Sunday.\n")
    assert all(o is None for o, _d in ends(legs_of(text, world), "left the capital"))


def test_the_capital_as_a_reference_point_is_no_place(world):
    legs = legs_of(ETHIOPIA + "Buses took 300 families to camps north of the capital on Tuesday.\n", world)
    assert all(capital(world, "ET") not in pair for pair in ends(legs, "north of the capital"))


def test_a_provincial_capital_is_read_only_where_the_paragraph_names_it(world):
    """No data says which city a province's capital is: "the provincial capital" is the place the paragraph
    called that, and nothing without it."""
    named = ("Troops entered Kandahar, the provincial capital, on Friday. "
             "Hundreds of families left the provincial capital for Quetta the next day.\n")
    [kandahar] = {o for o, _d in ends(legs_of(named, world), "left the provincial capital")}
    assert kandahar in {m.place_id for m in find_mentions(_article(named), world) if m.surface == "Kandahar"}
    bare = "Fighting went on across Afghanistan. Hundreds of families left the provincial capital on Saturday.\n"
    assert all(o is None for o, _d in ends(legs_of(bare, world), "left the provincial capital"))


@pytest.mark.parametrize("words", ["the capital's mayor", "the Capital Tribune", "the capital of Kenya",
                                   "the capital markets"])
def test_no_capital_slot_for_an_office_a_name_or_a_capital_named_there(world, words):
    text = ETHIOPIA + f"Officials met {words} on Monday.\n"
    a = _article(text)
    slots = article_slots(a, split_sentences(text), find_mentions(a, world), default_actors(), world)
    assert not [s for sentence in slots for s in sentence if s.note.startswith("the capital of")]


def test_control_of_the_capital(world):
    text = ETHIOPIA + "Rebel fighters said they had taken control of the capital on Wednesday.\n"
    a = _article(text)
    claims = control_claims(a, split_sentences(text), find_mentions(a, world), world)
    assert {(c.place_id, c.controller) for c in claims if "taken control" in c.text} == \
        {(capital(world, "ET"), "opposition")}


def test_a_claim_about_the_capital_takes_it_flagged_inferred(world):
    text = ETHIOPIA + "More than 2,000 foreigners have left the capital by road since Sunday, the UN said.\n"
    a = _article(text)
    sentences, mentions = split_sentences(text), find_mentions(a, world)
    slots = article_slots(a, sentences, mentions, default_actors(), world)
    claims = at_described_areas(text, extract_claims(a, sentences, mentions, lambda p: world.get(p).kind), slots)
    [c] = [c for c in claims if any(q.value == 2000 for q in c.quantities)]
    assert c.inferred_places == (capital(world, "ET"),) and c.place_inferred
