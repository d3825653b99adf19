"""Rules of news English that read a claim's field from around its number: which of a sentence's places a
count is about, what an elided count counts, and who speaks. Each is tested on sentences written for the rule
(other evacuations, other places; none taken from the corpora or the sample)."""
from __future__ import annotations

import datetime as dt

import pytest

from evacmap.corpus.claim_places import claim_places
from evacmap.corpus.claims import extract_claims
from evacmap.corpus.model import Article, Mention
from evacmap.corpus.sentences import split_sentences

WED = dt.date(2024, 5, 8)  # a Wednesday


def _mentions(text: str, names: dict[str, str]) -> list[Mention]:
    return [Mention("a", text.index(s), text.index(s) + len(s), s, pid) for s, pid in names.items()]


def _claims(text: str, names: dict[str, str] | None = None, published: dt.date = WED):
    a = Article("a", "a.txt", text, "x", published=published)
    return extract_claims(a, split_sentences(text), _mentions(text, names or {}))


def _q(text: str, value: float, names: dict[str, str] | None = None) -> tuple[dict, dict]:
    """(claim JSON, quantity JSON) of the first quantity with this value."""
    return next((d, q) for c in _claims(text, names) for d in [c.to_dict()] for q in d["quantities"]
                if q["value"] == value)


@pytest.mark.parametrize(("text", "names", "kept"), [
    # a place that only locates the one before it
    ("The flood reached Awasi, north of Kisumu, where 40 homes were swept away.",
     {"Awasi": "aw", "Kisumu": "ks"}, ["aw"]),
    ("Evacuees are flown from Bagram, an airbase about 60 kilometres from Kabul, to Doha.",
     {"Bagram": "bg", "Kabul": "kb", "Doha": "dh"}, ["bg", "dh"]),
    # one member of the whole the count is about
    ("Some 3,000 people are staying in school gyms, including at Ridgecrest.", {"Ridgecrest": "rc"}, []),
    # a party handing over an operation
    ("The port can take 900 people a day, as Dutch marines prepare to take over the pier from Belgium.",
     {"Belgium": "be"}, []),
    # but a place to the south of which people went is still theirs
    ("About 500 people fled south of Mosul.", {"Mosul": "ms"}, ["ms"]),
])
def test_reference_points_members_and_handing_over_parties_are_not_the_claims_places(text, names, kept):
    assert list(claim_places(text, 0, _mentions(text, names))) == kept


def test_a_count_whose_part_names_its_own_place_is_not_about_an_earlier_parts():
    text = ("When the cyclone hit in 2019, it missed Beira and tore into Dondo, and about 4,000 people ended up "
            "in Nhamatanda shelters.")
    _, q = _q(text, 4000, {"Beira": "be", "Dondo": "do", "Nhamatanda": "nh"})
    assert q["places"] == ["nh"]
