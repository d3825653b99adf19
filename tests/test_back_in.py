"""People who "were back in X" have reached X ("30 of the 36 Bulgarians who left Gaza ... were back in Bulgaria"),
while "Back in X, officials said ..." sets a scene and moves no one there. Written sentences (Kenyan towns)."""
from __future__ import annotations

from helpers import place_id_of
from test_movement_rules import legs_of


def test_people_back_in_a_place_have_reached_it(gazetteer):
    nairobi, mombasa = place_id_of(gazetteer, "Nairobi"), place_id_of(gazetteer, "Mombasa")
    legs = legs_of("Officials said 30 of the 36 people who left Mombasa on Monday were back in Nairobi.", gazetteer)
    assert (mombasa, nairobi) in {(o, d) for o, d, _s in legs}, legs


def test_back_in_a_place_that_opens_a_sentence_is_a_scene(gazetteer):
    nairobi = place_id_of(gazetteer, "Nairobi")
    legs = legs_of("Back in Nairobi, officials said 300 people had left Mombasa.", gazetteer)
    assert all(d != nairobi for _o, d, _s in legs), legs
