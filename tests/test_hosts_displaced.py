"""A town that "hosts", "received" or "shelters" people displaced from another is where they went: the movement
"displaced from X" has its destination in the clause's subject."""
from __future__ import annotations

import pytest
from helpers import legs_in


def _legs(text: str, gaz, focus: str):
    return [(gaz.get(lg.origin).name if lg.origin else None, gaz.get(lg.destination).name if lg.destination else None)
            for lg in legs_in(text, gaz, focus)]


@pytest.mark.parametrize("text", [
    "Lismore hosts around 285 people displaced from Casino, among 800 displaced in the town in all.",
    "Lismore is hosting 300 families displaced from Casino.",
    "Lismore received some 285 people displaced from Casino.",
    "Lismore shelters 120 residents evacuated from Casino.",
])
def test_the_town_that_hosts_people_displaced_from_another_is_where_they_went(gaz, text):
    assert _legs(text, gaz, "AU") == [("Casino", "Lismore")]


def test_a_town_that_hosts_no_people_is_no_destination(gaz):
    assert _legs("Lismore hosts a music festival that draws visitors from Casino.", gaz, "AU") == []


def test_a_foreign_departure_is_no_evacuation_origin_for_the_storys_arrivals(gaz):
    """The article's evacuation origin (its most named origin) is lent to arrivals that name none, but only from the
    story's country: aid "took off from Ankara" for a Syria story is no origin of the Qatari planes landing in Aleppo."""
    text = ("Aid flights land in Aleppo.\n\nA Turkish transport plane took off from Ankara on Tuesday. "
            "Five Qatari planes landed in Aleppo on Thursday.")
    assert ("Ankara", "Aleppo") not in _legs(text, gaz, "SY")
    assert (None, "Aleppo") in _legs(text, gaz, "SY")
    text = "Thousands of families fled Aleppo on Monday. By nightfall the buses had reached Idlib."
    assert ("Aleppo", "Idlib") in _legs(text, gaz, "SY")
