"""French and Italian spellings of Arabic place names: a silent final -e for the final vowel ("Sousse" for Susa,
"Derne" for Derna). Where the story's country has the place under its English spelling and only a namesake abroad
is spelt the French way, the story's place is meant."""
from __future__ import annotations

from evacmap.gazetteer import Gazetteer
from evacmap.gazetteer.normalize import name_key, respellings

STORM = "Storm Daniel flooded streets in Benghazi, Sousse and al-Bayda on Sunday, and a road near Shahat collapsed."


def _place(gaz: Gazetteer, text: str, surface: str):
    return next(m.place for m in gaz.find(text) if m.surface == surface)


def test_a_french_spelling_is_the_focus_countrys_place(evacmap_env):
    sousse = _place(Gazetteer.load(focus="LY"), STORM, "Sousse")
    assert sousse is not None and sousse.country == "LY" and abs(sousse.lat - 32.9) < 0.1, sousse


def test_the_french_spelling_stays_abroad_where_the_story_is_not_in_that_country(evacmap_env):
    assert _place(Gazetteer.load(focus="TN"), STORM, "Sousse").country == "TN"
    assert _place(Gazetteer.load(), "Tourists flew home from Sousse on Monday.", "Sousse").country == "TN"


def test_only_a_final_silent_e_is_respelt():
    assert respellings(name_key("Sousse")) == ("susa", "sus")
    assert respellings(name_key("Susa")) == ()
    assert respellings(name_key("Benghazi")) == ()
    assert respellings(name_key("Port Sudan")) == ()


def test_a_wire_services_name_in_a_dateline_is_no_place(world):
    """An outlet's name opens with a region's ("North Africa Wire", "Maghreb Dispatch", "Sahel Bulletin", "Balkan
    Monitor"): it names the outlet, not a place the story is about."""
    text = ("BENGHAZI, Libya, Sept 10 (North Africa Wire) - Rain fell on Benghazi.\n"
            "TUNIS, Sept 19 (Maghreb Dispatch) - Aid reached Tripoli, the Sahel Bulletin and the Balkan Monitor said.")
    found = {m.surface for m in world.find(text)}
    assert {"Benghazi", "Tripoli"} <= found
    assert not found & {"North Africa", "Maghreb", "Sahel", "Balkan"}, found
