"""A place after "via" is a stop on the way ("flew from Cairo to Sofia via Athens", "flew home via Istanbul."), while
"via" before an outlet's name of several capitalised words ("via Sydney Morning Herald") still names a source, not a
location. Texts written for this test."""
from __future__ import annotations


def _found(gazetteer, text: str) -> dict[str, object]:
    return {m.surface: m.place for m in gazetteer.find(text, focus="BG")}


def test_a_place_after_via_is_a_stop_on_the_way(gazetteer):
    got = _found(gazetteer, "A family of three flew from Cairo to Sofia via Athens; others came home via Istanbul.")
    assert got["Athens"] is not None and got["Athens"].country == "GR"
    assert got["Istanbul"] is not None and got["Istanbul"].country == "TR"


def test_via_before_an_outlets_name_is_still_a_source(gazetteer):
    got = _found(gazetteer, "The figures were shared via Sydney Morning Herald reporters on Monday.")
    assert got.get("Sydney") is None
