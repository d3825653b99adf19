"""An order for the people on one side of a line a named feature draws ("everyone living north of Wadi Gaza should
relocate", "residents south of the Litani River were told to leave") covers the places the article names on that
side of the feature, near it and in its country; not the feature, not the places beyond it, not a country or a
first-level division. "The area north of the river includes X and Y" after an order extends it to X and Y. The
feature comes from a user's places.csv (the shipped index holds no rivers), as a newsroom would declare it."""
from __future__ import annotations

import hashlib

import pytest

from evacmap.corpus.articles import Article
from evacmap.corpus.control_text import control_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer

_RIVER = ("id,name,name_ar,variants,kind,lat,lon,precision_m,parent,country,source_id,citation,approximate,note\n"
          "litani,Litani River,,Litani,water,33.33,35.30,5000,,LB,test,written for this test,true,a point on its lower course\n")


@pytest.fixture(scope="module")
def river_gaz(tmp_path_factory):
    path = tmp_path_factory.mktemp("river") / "places.csv"
    path.write_text(_RIVER, encoding="utf-8")
    return Gazetteer.load(overrides=path, focus="LB")


def _orders(text, gaz):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    claims = control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="LB"), gaz)
    return {(gaz.get(c.place_id).name, c.controller, c.text.split()[0]) for c in claims}


def test_an_order_for_one_side_of_a_river_covers_the_articles_places_on_that_side(river_gaz):
    text = ("The army said on Monday that everyone living south of the Litani River should move north within a day. "
            "Families fled Tyre and Naqoura for Sidon and Nabatieh, and some crossed into Syria.")
    got = _orders(text, river_gaz)
    south = "evacuation ordered, south of Litani River"
    assert {(name, ctrl) for name, ctrl, _ in got} == {("Tyre", south), ("En Nâqoûra", south)}


def test_an_order_read_from_a_passive_and_advice_are_worded_as_such(river_gaz):
    text = "Residents north of the Litani were urged to leave. Many drove from Nabatieh and Sidon to Beirut."
    got = {(name, ctrl) for name, ctrl, _ in _orders(text, river_gaz)}
    # Beirut lies 55 km north of the river's point: beyond the reach of a zone the river bounds
    assert got == {("Nabatîyé et Tahta", "evacuation advised, north of Litani"), ("Sidon", "evacuation advised, north of Litani")}


def test_no_zone_without_the_feature_in_the_gazetteer(gaz):
    a_text = "The army said everyone living south of the Zahrani valley should leave. Families fled Tyre on Monday."
    a = Article(id="t", path="t.txt", text=a_text, sha256=hashlib.sha256(a_text.encode()).hexdigest(), outlet="T")
    assert control_claims(a, split_sentences(a_text), find_mentions(a, gaz, focus="LB"), gaz) == []


def test_the_area_an_order_names_extends_it_to_the_places_it_is_said_to_include(river_gaz):
    text = ("The army told residents south of the Litani River to leave by noon. "
            "The area south of the river, which reaches the border, includes Bint Jbeil, Naqoura and much of the "
            "South Governorate.")
    named = {(name, first) for name, _, first in _orders(text, river_gaz)}
    assert ("Bent Jbaïl", "The") in named and ("En Nâqoûra", "The") in named
    assert not {n for n, _ in named} & {"Al Janūb", "Lebanon"}  # an order never covers a whole division


def test_who_told_of_the_order_issued_it(river_gaz):
    text = ("The army told the United Nations late on Thursday that everyone living south of the Litani River should "
            "move north. Families fled Tyre.")
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    claims = control_claims(a, split_sentences(text), find_mentions(a, river_gaz, focus="LB"), river_gaz)
    assert {c.issued_by for c in claims} == {"army"}
