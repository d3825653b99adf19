"""A siege reported as over (corpus/siege_lifted.py): "the siege of X was lifted", "X's siege ended" are control
statements (``siege lifted``); a demand, a hope or a negation is none. Written sentences, any conflict."""
from __future__ import annotations

import pytest
from helpers import control_in

from evacmap.geo.control import ControlClaim, _agrees


def claims_in(text, gaz, focus):
    return control_in(text, gaz, focus)


@pytest.mark.parametrize("focus, text, name", [
    ("UA", "The siege of Chernihiv was lifted on Thursday after Russian troops pulled back.", "Chernihiv"),
    ("UA", "The month-long siege of Chernihiv, which had cut the city off from Kyiv, was finally broken.", "Chernihiv"),
    ("SY", "Deir ez-Zor's siege ended in September when army units reached the garrison.", "Deir ez-Zor"),
    ("UA", "Ukrainian forces broke the siege of Chernihiv in early April.", "Chernihiv"),
    ("SY", "Residents celebrated the end of the siege of Deir ez-Zor on Tuesday.", "Deir ez-Zor"),
])
def test_a_siege_stated_as_over_is_a_control_statement(gaz, focus, text, name):
    claims = claims_in(text, gaz, focus)
    assert [(gaz.get(c.place_id).name, c.controller) for c in claims] == [(name, "siege lifted")], claims


@pytest.mark.parametrize("focus, text", [
    ("UA", "The siege of Chernihiv was not lifted despite the talks."),
    ("UA", "Aid groups called for the end of the siege of Chernihiv."),
    ("UA", "Officials hope the siege of Chernihiv could be lifted within days."),
])
def test_a_siege_wanted_over_or_still_on_is_not_lifted(gaz, focus, text):
    assert [c for c in claims_in(text, gaz, focus) if c.controller == "siege lifted"] == []


def test_a_place_whose_siege_ended_is_not_also_besieged(gaz):
    """"The siege of X, besieged by Y since May, was lifted": the sentence says the siege is over."""
    claims = claims_in("The siege of Chernihiv, encircled by Russian forces since March, was lifted.", gaz, "UA")
    assert {c.controller for c in claims} == {"siege lifted"}


def test_a_lifted_siege_agrees_with_a_zone_nobody_besieges():
    claim = ControlClaim(id="t#c1", article="t", outlet="T", start=0, end=1, text="x", place_id="p",
                         controller="siege lifted", phrase="the siege of X was lifted")
    assert _agrees(claim, "Ukraine", None)
    assert not _agrees(claim, "besieged", None)
    assert not _agrees(claim, "Ukraine", "Russia")
