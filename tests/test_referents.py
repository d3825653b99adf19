"""Definite descriptions ("the airport", "the county's shelters") give a claim the place the article named as
that kind before, flagged inferred; and nothing where the reading is doubtful (corpus/referents.py)."""
from __future__ import annotations

import pytest
from helpers import claims_in


def _claim(text: str, names: dict[str, str], number: float):
    return next(c for c in claims_in(text, names) for q in c.quantities if q.value == number)


def test_the_airport_is_the_airport_named_before_and_is_flagged_inferred():
    text = ("Flights resumed at Kabul airport on Tuesday.\n\n"
            "Overnight, nine transport planes landed at the airport with about 1,000 more troops, officials said.")
    c = _claim(text, {"Kabul": "kabul"}, 1000)
    assert "kabul" in c.places and c.inferred_places == ("kabul",) and c.place_inferred


@pytest.mark.parametrize("text, names", [
    ("Evacuees were driven to the airport at Gondar.\n\nOn Tuesday 164 people flew out of the airport, officials said.",
     {"Gondar": "gondar"}),
    ("The airlift runs from Wadi Seidna, an airfield north of the capital.\n\n"
     "On Tuesday 164 people flew out of the airfield, officials said.", {"Wadi Seidna": "wadi"}),
    ("A blast hit the Fukushima Daiichi nuclear power plant.\n\n"
     "More than 180,000 people have now left the area around the plant, officials said.",
     {"Fukushima Daiichi": "daiichi"}),
    ("Sarasota County opened eight shelters.\n\nOn Wednesday there were 2,600 people in the county's shelters.",
     {"Sarasota County": "sarasota"}),
    ("The storm cut the bridge to Pine Island.\n\nThe island's 9,000 residents were without power, he said.",
     {"Pine Island": "pine"}),
])
def test_each_way_of_naming_a_place_as_its_kind(text, names):
    number = 164 if "164" in text else 180000 if "180,000" in text else 2600 if "2,600" in text else 9000
    assert _claim(text, names, number).inferred_places == tuple(names.values())


@pytest.mark.parametrize("text, names, number", [
    # the paragraph names another place first: "the island" may be Sanibel, which was never called one
    ("The storm cut the bridge to Pine Island.\n\nAbout 6,300 people live on Sanibel. Roughly 200 households "
     "stayed on the island, the mayor said.", {"Pine Island": "pine", "Sanibel": "sanibel"}, 200),
    # a name after "this"/"a" modifies the noun: the base is the United States', not in it
    ("The planes touched down at this U.S. air base in southwestern Germany.\n\n"
     "The commander said the base could hold 5,000 evacuees.", {"U.S.": "usa"}, 5000),
    # a distance measured from the plant locates the count; the count is not about the plant
    ("A blast hit the Fukushima Daiichi nuclear power plant.\n\n"
     "Some 30 km from the plant, about 10,000 people had arrived by nightfall, officials said.",
     {"Fukushima Daiichi": "daiichi"}, 10000),
    # the county's order: the county as actor, not where the households are
    ("Sarasota County opened eight shelters.\n\nSome 200 households ignored the county's evacuation order, "
     "officials said.", {"Sarasota County": "sarasota"}, 200),
    # no place was named as a base: "the base" of a hill is no facility
    ("Troops moved into Kherson.\n\nAbout 300 people sheltered at the base of the hill, officials said.",
     {"Kherson": "kherson"}, 300),
    # "Larnaca airport in Cyprus": Cyprus is where the airport is, not an airport
    ("Evacuees flew to Larnaca airport in Cyprus on Monday.\n\nMore than 230 people flew out of the airstrip "
     "on Tuesday, he said.", {"Cyprus": "cyprus"}, 230),
])
def test_no_place_where_the_description_is_doubtful(text, names, number):
    c = _claim(text, names, number)
    assert c.inferred_places == () and not c.place_inferred


@pytest.mark.parametrize("text", [
    "MERSIN, Turkey - Several hundred Canadians came ashore at this Turkish port on Monday, officials said.",
    "Evacuees arrive by sea\n\nMERSIN, Turkey - About 300 people came ashore at this Turkish port on Monday.",
])
def test_this_port_is_where_the_dateline_stands(text):
    c = next(c for c in claims_in(text, {"MERSIN": "mersin", "Turkey": "turkey"}) if c.quantities)
    assert c.inferred_places == ("mersin",) and "turkey" not in c.places


@pytest.mark.parametrize("text", [
    "About 300 people came ashore at this Turkish port on Monday, officials said.",  # no dateline
    "MERSIN, Turkey - About 300 people left Beirut this week, officials said.",  # "this week" is no place
])
def test_no_dateline_place_without_a_dateline_or_a_place_word(text):
    names = {k: v for k, v in {"MERSIN": "mersin", "Turkey": "turkey", "Beirut": "beirut"}.items() if k in text}
    c = next(c for c in claims_in(text, names) if c.quantities)
    assert c.inferred_places == ()
