"""People "sent" somewhere move though no count is given ("sent other patients to hospitals in X", "sent the
wounded to X"); aid, teams and troops sent somewhere are no evacuation. Written sentences (Kenyan towns)."""
from __future__ import annotations

from helpers import place_id_of
from test_movement_rules import legs_of


def test_people_sent_somewhere_without_a_count_move_there(gazetteer):
    mombasa = place_id_of(gazetteer, "Mombasa")
    for text in ("The army set up a field hospital near the border and sent other patients to hospitals in Mombasa.",
                 "Officials sent the wounded to Mombasa on Monday.",
                 "The county sent families to schools in Mombasa."):
        assert any(d == mombasa for _o, d, _s in legs_of(text, gazetteer)), text


def test_aid_teams_and_troops_sent_somewhere_are_no_evacuation(gazetteer):
    for text in ("The government sent aid to Mombasa on Monday.",
                 "Kenya sent medical teams to Mombasa.",
                 "The army sent more troops to Mombasa."):
        assert legs_of(text, gazetteer) == [], text
