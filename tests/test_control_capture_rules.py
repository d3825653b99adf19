"""Control statements in the words news uses for a capture and for a last stronghold, and actor names written
with hyphens, on written sentences of an invented story (none from the corpora), with negative cases."""
from __future__ import annotations

import hashlib

import pytest
from helpers import place_id_of

from evacmap.corpus.actors import corpus_actors, default_actors
from evacmap.corpus.control_text import control_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load()


def _claims(text: str, gaz, actors=None) -> list[tuple[str, str]]:
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    found = control_claims(a, split_sentences(text), find_mentions(a, gaz), gaz, actors)
    return [(c.place_id, c.controller) for c in found]


@pytest.mark.parametrize("text, claim", [
    ("The rebels, who seized Kandahar in August, have been fighting their way into Herat.", ("Kandahar", "opposition")),
    ("Before the Taliban took Kandahar in August, some 3,000 foreigners lived there.", ("Kandahar", "Taliban")),
    ("Rebels had taken over Kisumu, and the evacuees were told to go to Nairobi instead.", ("Kisumu", "opposition")),
    ("The fighters have been pushing into Mombasa, the last stronghold of the government.", ("Mombasa", "government")),
    # the side that says it took a place: "rebels said on Friday they had captured X"
    ("NAIROBI - Rebels said on Friday they had captured Kisumu after weeks of fighting.", ("Kisumu", "opposition")),
    ("The Taliban said that it now controlled Kandahar.", ("Kandahar", "Taliban")),
])
def test_a_capture_or_a_last_stronghold_names_who_holds_the_place(gaz, text, claim):
    assert (place_id_of(gaz, claim[0]), claim[1]) in _claims(text, gaz)


@pytest.mark.parametrize("text", [
    "The army took Kisumu residents to Nairobi on Monday.",
    "Rebels said they had captured Kisumu residents and taken them to Nairobi.",
    "The bus took 40 people to Mombasa on Monday.",
])
def test_taking_people_from_a_place_is_no_capture(gaz, text):
    assert _claims(text, gaz) == []


def test_an_actor_named_with_hyphens_is_known_by_its_name():
    assert default_actors().canonical("al-Shabab") == "al-Shabab"
    actors = corpus_actors({"government": ["General Jean-Paul Okello"]})
    assert actors.canonical("General Jean-Paul Okello") == "government"


def test_a_last_stronghold_of_a_ruler_the_corpus_names(gaz):
    actors = corpus_actors({"government": ["General Jean-Paul Okello"]})
    assert (place_id_of(gaz, "Mombasa"), "government") in _claims(
        "Rebels pushed into Mombasa, the last stronghold of General Jean-Paul Okello.", gaz, actors)
