"""Rules of English news text behind misses on the test corpora, each on sentences written here (corpus/slots.py,
corpus/control_text.py, corpus/orders.py, corpus/movement_cues.py)."""
from __future__ import annotations

import hashlib

from helpers import control_in

from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.geo.legs import extract_legs


def _article(text: str) -> Article:
    return Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")


def legs_of(text: str, gaz, focus: str = "SY"):
    a = _article(text)
    return extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus=focus), gaz)


def claims_of(text: str, gaz, focus: str = "SY"):
    return control_in(text, gaz, focus)


def test_a_held_district_of_a_side_of_a_city_is_that_city(gaz):
    """"out of a rebel-held district of north Homs": the described area (an indefinite one, the city's side named
    before it) is Homs, held by the rebels, and the movement's origin."""
    text = "The two brothers crept out of a rebel-held district of north Homs before dawn.\n"
    assert {(leg.origin, leg.destination) for leg in legs_of(text, gaz)} == {("homs", None)}
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz)} == {("homs", "opposition")}


def test_the_side_that_raises_its_flag_over_a_place_holds_it(gaz):
    text = "On Sunday Ukrainian soldiers raised the national flag over the town hall in Kherson.\n"
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz, "UA")} == {
        (m.place_id, "Ukraine") for m in find_mentions(_article(text), gaz, focus="UA") if m.surface == "Kherson"}
    # a flag raised by people who hold nothing there says nothing of control
    assert claims_of("Protesters waved the national flag in Kherson.\n", gaz, "UA") == []


def test_an_order_to_the_residents_of_a_place_the_relative_clause_describes(gaz):
    """"X, a town near Y whose residents were ordered to leave": the order covers X, which the clause describes,
    not Y, named inside the description."""
    text = "The fire burned into Paradise, a town east of Chico whose 26,000 residents were ordered to leave.\n"
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="US")}
    assert named["Paradise"] and named["Chico"]
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz, "US")} == {(named["Paradise"], "evacuation ordered")}
    text = "Crews reached Redding, whose residents were told on Monday to leave.\n"
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="US")}
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz, "US")} == {(named["Redding"], "evacuation ordered")}


def test_people_who_leave_their_lodging_in_the_scene_the_sentence_opens_with(gaz):
    """"In X, 40 students from Y were asked to leave their hostel": they left X (the hostel is there), not Y,
    where they come from; planned, since they were asked to. Nothing where the place is only where people spoke."""
    text = "In Cuttack, more than 40 students from Kerala were asked to leave their hostel on Thursday.\n"
    cuttack = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="IN")}["Cuttack"]
    legs = legs_of(text, gaz, "IN")
    assert [(leg.origin, leg.destination, leg.status) for leg in legs] == [(cuttack, None, "planned")]
    assert legs_of("In Cuttack, officials said 40 students fled their homes on Thursday.\n", gaz, "IN") == []
    assert legs_of("Officials in Cuttack said 40 students fled their homes on Thursday.\n", gaz, "IN") == []


def test_them_goes_on_from_where_the_people_of_the_sentence_before_left(gaz):
    """"In X, 40 students were asked to leave their hostel. A train was arranged to take them to Y": X -> Y, planned
    (a train laid on to take them is no movement done), not from the article's other evacuation origin."""
    text = ("Officials in Bhubaneswar told tourists to leave Gopalpur on Wednesday.\n"
            "In Cuttack, more than 40 students were asked to leave their hostel on Thursday. The Kerala government "
            "arranged a special train to take them to Chennai, a minister said.\n")
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="IN")}
    legs = [leg for leg in legs_of(text, gaz, "IN") if "special train" in leg.text]
    assert [(leg.origin, leg.destination, leg.status, leg.mode) for leg in legs] == [
        (named["Cuttack"], named["Chennai"], "planned", "rail")]


def test_them_in_another_paragraph_takes_no_origin_from_it(gaz):
    text = ("In Cuttack, more than 40 students were asked to leave their hostel on Thursday.\n"
            "The Kerala government arranged a special train to take them to Chennai, a minister said.\n")
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="IN")}
    legs = [leg for leg in legs_of(text, gaz, "IN") if "special train" in leg.text]
    assert all(leg.origin is None or "sentence before" not in leg.note for leg in legs)
    assert named["Chennai"] in {leg.destination for leg in legs}


def test_people_still_in_a_place_who_are_flown_out_leave_it(gaz):
    """"About 140 people still in X who wanted to leave were expected to be airlifted out": X, planned; "were
    airlifted out on Monday" happened. Where someone speaking is ("Pilots in X said ...") is no origin."""
    for words, status in (("still in Paradise who wanted to leave were expected to be airlifted out", "planned"),
                          ("in Paradise were airlifted out on Monday", "happened")):
        text = f"About 140 people {words}.\n"
        place = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="US")}["Paradise"]
        assert [(leg.origin, leg.destination, leg.status) for leg in legs_of(text, gaz, "US")] == [(place, None, status)]
    assert legs_of("Pilots in Paradise said 140 people were airlifted out on Monday.\n", gaz, "US") == []


def test_those_districts_restate_x_and_other_suburbs(gaz):
    """"Families came from X and other suburbs on the edge of Y. Those districts are now under the control of
    <demonym> security forces": the districts are X (not Y), held by the side the demonym names."""
    text = ("Families came from Douma and other suburbs east of Damascus. Those districts are now under the control "
            "of Russian security forces.\n")
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="SY")}
    claims = claims_of(text, gaz)
    assert {(c.place_id, c.controller) for c in claims if "Those districts" in c.text} == {(named["Douma"], "Russia")}


def test_the_side_that_declares_a_place_retaken_holds_it(gaz):
    text = "Ukrainian forces declared the town of Lyman liberated on Saturday.\n"
    lyman = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="UA")}["Lyman"]
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz, "UA")} == {(lyman, "Ukraine")}
    # taken by another side, or a declaration of something else, says nothing of the declaring side
    taken = claims_of("Ukrainian forces declared Lyman captured by Russian troops.\n", gaz, "UA")
    assert all(c.controller != "Ukraine" for c in taken)
    assert claims_of("Ukrainian forces declared Lyman a disaster zone.\n", gaz, "UA") == []


HOMS = "Shelling hit Homs on Monday. Aid workers in Homs said food was running out. A convoy of aid reached Hama.\n"


def test_people_besieged_in_a_corner_of_the_city_besiege_the_city(gaz):
    """"The fighters are besieged in the southern corner of the city": the city (a part of it is it) is besieged."""
    text = HOMS + "The fighters are besieged in the southern corner of the city, aid workers said.\n"
    assert {(c.place_id, c.controller) for c in claims_of(text, gaz) if "corner" in c.text} == {("homs", "besieged")}


def test_a_resident_of_a_place_heading_for_another_leaves_it(gaz):
    """"Ahmad, 52, a resident of X whose shop stands 1.5 km from the front, was heading for Y": X -> Y, the
    subject's own place, past a relative clause (with a decimal in it) about him."""
    text = ("Ahmad Saleh, 52, a resident of Zabadani whose shop stands 1.5 km from the front, was heading for Homs "
            "with his family.\n")
    named = {m.surface: m.place_id for m in find_mentions(_article(text), gaz, focus="SY")}
    assert {(leg.origin, leg.destination) for leg in legs_of(text, gaz)} == {(named["Zabadani"], named["Homs"])}
