"""A claim that names no place but describes an area ("arrived from the region") is at the area the movement
rules resolve that description to (corpus/claim_areas.py), flagged inferred; not where the description is the
speakers' own ("officials in the region have said"), nor "the region's largest town". Sentences written for
the rule; the region is the world gazetteer's own (looked up, not written into the test)."""
from __future__ import annotations

import hashlib

from helpers import place_id_of

from evacmap.corpus.model import Article
from evacmap.maps.pipeline import analyse_article


def _claims(world, text: str):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return analyse_article(a, world, None).claims


def _claim_of(claims, value):
    return next(c for c in claims for q in c.quantities if q.value == value)


def test_a_count_from_the_region_is_at_the_region(world):
    darfur = place_id_of(world, "Darfur")
    claims = _claims(world, "Fighting spread across Darfur on Monday, aid groups said.\n\n"
                            "The agency said 13,000 people had arrived from the region by Tuesday.")
    c = _claim_of(claims, 13000)
    assert c.places == (darfur,) and c.place_inferred
    # the speakers' region and a place inside the region are not the claim's
    claims = _claims(world, "Fighting spread across Darfur on Monday, aid groups said.\n\n"
                            "Officials in the region have said that 200 people were killed.\n\n"
                            "Nearly 9,000 people left the region's largest town on Tuesday.")
    assert not _claim_of(claims, 200).places and not _claim_of(claims, 9000).places


def test_statewide_and_nationwide_are_the_state_or_country_named_before(world):
    florida, sudan = place_id_of(world, "Florida"), place_id_of(world, "Sudan")
    claims = _claims(world, "The storm hit Florida on Wednesday.\n\n"
                            "Statewide, at least 1,100 rescues had been carried out so far, the governor said.")
    c = _claim_of(claims, 1100)
    assert c.places == (florida,) and c.place_inferred
    claims = _claims(world, "Fighting went on in Sudan on Sunday.\n\n"
                            "The army agreed to a nationwide ceasefire lasting 72 hours, mediators said.")
    c = _claim_of(claims, 72)
    assert c.places == (sudan,) and c.place_inferred
    # an article that named no state before infers none
    claims = _claims(world, "Statewide, at least 1,100 rescues had been carried out so far, the governor said.")
    assert not _claim_of(claims, 1100).places


def test_a_state_or_county_named_before_the_island_is_no_rival_for_it(world):
    from helpers import WED, mentions_at

    from evacmap.corpus.claims import extract_claims
    from evacmap.corpus.sentences import split_sentences

    def kind_of(pid: str):
        place = world.get(pid)
        return place.kind if place is not None else None

    def claims(text: str, names: dict[str, str]):
        a = Article("a", "a.txt", text, "x", published=WED)
        return extract_claims(a, split_sentences(text), mentions_at(text, names), kind_of)

    florida, lee = place_id_of(world, "Florida"), place_id_of(world, "Lee County")
    text = ("Boats ferried residents off Bree Island on Sunday. The storm cut the road across Weir Pass, the "
            "island's only link to the mainland.\n\nThe governor told Florida to help Lee County restore access to "
            "the island. He said the island's 9,000 residents were without power.")
    names = {"Bree Island": "bree", "Weir Pass": "weir", "Florida": florida, "Lee County": lee}
    c = _claim_of(claims(text, names), 9000)  # not Weir Pass: "the island's" names no island
    assert c.places == ("bree",) and c.place_inferred
    # a town named in the paragraph may be the island meant: no inference
    text = ("Boats ferried residents off Bree Island on Sunday.\n\nAbout 6,300 people live on Tall. The mayor said "
            "200 households had stayed on the island.")
    assert not _claim_of(claims(text, {"Bree Island": "bree", "Tall": "t"}), 200).places


def test_a_state_that_evacuates_is_where_its_people_were_moved_a_country_is_not(world):
    florida, bamako = place_id_of(world, "Florida"), place_id_of(world, "Bamako")
    claims = _claims(world, "Florida evacuated 20,000 people to safer places on Tuesday, officials said.")
    assert _claim_of(claims, 20000).places == (florida,)
    claims = _claims(world, "Japan evacuated 320 people from Bamako on Tuesday, officials said.")
    assert _claim_of(claims, 320).places == (bamako,)


def test_a_measure_before_the_noun_still_describes_the_feature_named_before():
    from helpers import claims_in
    text = ("With the Bree Causeway broken, the only way off the island was by boat.\n\nThe storm washed away at "
            "least five sections of the three-mile causeway, officials said.")
    c = _claim_of(claims_in(text, {"Bree Causeway": "bc"}), 5)
    assert c.places == ("bc",) and c.place_inferred
