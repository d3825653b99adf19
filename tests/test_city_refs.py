""""The city" / "the town" in legs and control (corpus/city_refs.py): the settlement the article is about, on
written sentences (Syrian places, the session gazetteer focused on Syria)."""
from __future__ import annotations

import hashlib

from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.geo.control import control_claims
from evacmap.geo.legs import Leg, extract_legs


def _article(text: str) -> Article:
    return Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")


def legs_of(text: str, gaz) -> list[Leg]:
    a = _article(text)
    return extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), gaz)


def ends(legs: list[Leg], words: str) -> set[tuple[str | None, str | None]]:
    return {(leg.origin, leg.destination) for leg in legs if words in leg.text}


HOMS = "Shelling hit Homs on Monday. Aid workers in Homs said food was running out. A convoy of aid reached Hama.\n"


def test_the_city_is_the_settlement_the_article_names_most(gaz):
    """Not the last city named (Hama, where the aid went): the one the article is about."""
    legs = legs_of(HOMS + "More than 5,000 people have left the city since Sunday, the U.N. said.\n", gaz)
    assert {o for o, _d in ends(legs, "have left the city")} == {"homs"}


def test_a_part_of_the_city_stands_for_it(gaz):
    legs = legs_of(HOMS + "Many families head for the east of the city to stay with relatives.\n", gaz)
    assert {d for _o, d in ends(legs, "head for the east of the city")} == {"homs"}


def test_the_city_as_a_reference_point_is_no_place(gaz):
    """"camps north of the city" lie outside it: the city is neither the origin nor the destination."""
    legs = legs_of(HOMS + "Buses took 300 people to camps north of the city on Tuesday.\n", gaz)
    assert all("homs" not in pair for pair in ends(legs, "camps north of the city"))


def test_no_antecedent_when_two_settlements_are_named_as_often(gaz):
    text = ("Shelling hit Homs and Hama on Monday.\n"
            "More than 5,000 people have left the city since Sunday, the U.N. said.\n")
    assert all(o is None for o, _d in ends(legs_of(text, gaz), "have left the city"))


def test_the_dateline_is_not_what_the_city_refers_to(gaz):
    """The dateline is where the reporter stands ("this city"); without it Homs is named most."""
    text = ("DAMASCUS, Syria (Test) — Shelling hit Homs on Monday, aid workers said.\n"
            "More than 5,000 people have left the city since Sunday, the U.N. said.\n")
    assert {o for o, _d in ends(legs_of(text, gaz), "have left the city")} == {"homs"}


def test_a_city_the_paragraph_names_as_one_comes_first(gaz):
    """"Hama, Syria's fourth city" in the same paragraph is what "the city" then means, though Homs is the
    article's most named settlement."""
    text = (HOMS + "Power was cut in Homs again on Tuesday.\n"
            "Families reached Hama, Syria's fourth city, on Tuesday, and 2,000 people later left the city for Idlib.\n")
    assert ends(legs_of(text, gaz), "later left the city") == {("hama", "idlib_city")}


def test_control_over_a_part_of_the_city(gaz):
    text = HOMS + "Families went back to the east of the city, which government forces recaptured in January.\n"
    a = _article(text)
    claims = control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), gaz)
    assert {(c.place_id, c.controller) for c in claims if "recaptured" in c.text} == {("homs", "government")}


def test_the_citys_districts_are_the_city(gaz):
    """"out of the city's eastern districts": a part of the city, by the possessive."""
    text = HOMS + "Families have also been brought out of the city's eastern districts in trucks arranged by the army.\n"
    assert ends(legs_of(text, gaz), "eastern districts") == {("homs", None)}


def test_the_district_restates_the_district_just_named(gaz):
    """"The army retook the district": al-Sukkari, a district (the gazetteer's kind), named in the sentence before."""
    text = ("Nearly 400 families escaped from al-Sukkari on Monday as troops fought rebels there. "
            "The army retook the district later that day.\n")
    a = _article(text)
    claims = control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), gaz)
    assert {(c.place_id, c.controller) for c in claims if "retook the district" in c.text} == {("sukkari", "government")}


def test_displaced_from_both_halves_of_the_city(gaz):
    """"displaced from X" says where people left (corpus/movement_cues.py ORIGIN_CUES); "both halves of the city"
    is the city. "displaced from their homes" names no place and gives no leg."""
    text = HOMS + "Officials said 355,000 people had been displaced from both halves of the city since January.\n"
    assert ends(legs_of(text, gaz), "both halves of the city") == {("homs", None)}
    assert not ends(legs_of(HOMS + "Thousands were displaced from their homes by the fighting.\n", gaz), "their homes")


def test_the_actor_held_city_says_who_holds_the_city(gaz):
    """"the rebel-held city" is the article's settlement, held by the rebels (as "rebel-held Homs" would be)."""
    text = HOMS + "Troops shelled the rebel-held city again on Tuesday.\n"
    a = _article(text)
    claims = control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), gaz)
    assert {(c.place_id, c.controller) for c in claims if "rebel-held city" in c.text} == {("homs", "opposition")}


def _claims(text: str, gaz):
    from evacmap.corpus.claims import extract_claims
    a = _article(text)
    return extract_claims(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), lambda pid: gaz.get(pid).kind)


def test_a_claim_about_the_city_takes_the_city_flagged_inferred(gaz):
    text = HOMS + "More than 5,000 people have left the city since Sunday, the U.N. said.\n"
    [c] = [c for c in _claims(text, gaz) if any(q.value == 5000 for q in c.quantities)]
    assert c.inferred_places == ("homs",) and "homs" in c.places


def test_a_city_passed_through_is_not_where_a_claims_count_is(gaz):
    """"convoys took 7,500 evacuees south through the city": the count is not in the city."""
    text = HOMS + "Convoys took some 7,500 evacuees south through the city on Friday, officials said.\n"
    [c] = [c for c in _claims(text, gaz) if any(q.value == 7500 for q in c.quantities)]
    assert "homs" not in c.inferred_places
