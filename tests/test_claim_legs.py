"""A departure counted without a place ("The first plane left on Sunday with 101 evacuees") is at the one
origin of the movements its sentence states (corpus/claim_legs.py), read from the legs the movement rules
extract; not when the sentence's movements start at two places. Sentences written for the rule, places from
the world gazetteer (looked up, not written into the test)."""
from __future__ import annotations

import hashlib

from helpers import place_id_of

from evacmap.corpus.model import Article
from evacmap.maps.pipeline import analyse_article


def _places(world, text: str, value):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    c, q = next((c, q) for c in analyse_article(a, world, None).claims for q in c.quantities if q.value == value)
    return (c.places if q.places is None else q.places), c


def test_a_departure_without_a_place_is_at_its_sentences_one_origin(world):
    khartoum = place_id_of(world, "Khartoum")
    text = ("The first plane left on Sunday with 101 evacuees and the second with 113, officials said, and by "
            "Monday the air force had flown 311 people from Khartoum to Amman on three flights.")
    places, _ = _places(world, text, 101)
    assert places == (khartoum,)
    places, _ = _places(world, text, 113)
    assert places == (khartoum,)
    # two origins in the sentence: which one the plane left from is not said
    text = ("The first plane left on Sunday with 101 evacuees, and by Monday flights had carried 311 people from "
            "Khartoum to Amman and 200 people from Port Sudan to Jeddah.")
    places, _ = _places(world, text, 101)
    assert not places
