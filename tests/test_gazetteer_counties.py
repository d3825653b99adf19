"""US counties in the world layer: the committed CSV is sound, and news forms of a county resolve to it,
with the state named nearby choosing among homonyms."""
from __future__ import annotations

import csv
import importlib.util
from pathlib import Path

import pytest
from helpers import km

ROOT = Path(__file__).resolve().parent.parent
CSV = ROOT / "gazetteer" / "data" / "us_counties.csv"


def test_csv_has_every_state_and_sound_rows():
    rows = list(csv.DictReader(CSV.open(encoding="utf-8", newline="")))
    assert len(rows) > 3100
    assert len({r["fips"] for r in rows}) == len(rows)
    assert len({r["state"] for r in rows}) >= 51
    for r in rows:
        assert len(r["fips"]) == 5 and r["fips"].isdigit(), r
        assert -90 <= float(r["lat"]) <= 90 and -180 <= float(r["lon"]) <= 180, r
        assert int(r["precision_m"]) > 0, r


def test_decode_arcs_and_ring_of_a_tiny_topology():
    spec = importlib.util.spec_from_file_location("make_us_counties", ROOT / "tools" / "make_us_counties.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    # a unit square as two arcs, quantised with scale 1 and translate (10, 20), the second used reversed
    topology = {"transform": {"scale": [1, 1], "translate": [10, 20]},
                "arcs": [[[0, 0], [1, 0], [0, 1]], [[0, 0], [0, 1], [1, 0]]]}
    arcs = tool.decode_arcs(topology)
    assert arcs[0] == [(10, 20), (11, 20), (11, 21)]
    geom = tool.geometry({"type": "Polygon", "arcs": [[0, ~1]]}, arcs)
    assert geom.area == pytest.approx(1.0)
    assert geom.contains(geom.centroid)


@pytest.mark.parametrize("text,surface,expected", [
    ("Flooding hit Lee County, Fla., on Wednesday.", "Lee County", ("FL", 26.58, -81.84)),
    ("Water rose in Lee County and Charlotte County, Florida officials said.", "Charlotte County", ("FL", 26.9, -81.9)),
    ("Shelters opened in Rapides Parish on Friday.", "Rapides Parish", ("LA", 31.2, -92.5)),
    ("Evacuations were ordered in Washington County, Ore., overnight.", "Washington County", ("OR", 45.56, -123.1)),
    ("Fire crews in Oregon asked Washington County residents to leave.", "Washington County", ("OR", 45.56, -123.1)),
    ("Fire crews in Maine asked Washington County residents to leave.", "Washington County", ("ME", 45.0, -67.6)),
])
def test_county_resolves_with_its_state(gazetteer, text, surface, expected):
    state, lat, lon = expected
    got = {m.surface: m.place for m in gazetteer.find(text)}
    place = got.get(surface)
    assert place is not None, got
    assert place.kind == "county" and place.note == f"county of {state}", place
    assert km(place.lat, place.lon, lat, lon) < 40, place


def test_county_with_no_state_is_left_unresolved(gazetteer):
    # twelve Lee Counties and nothing to choose by: say so rather than guess
    got = {m.surface: m for m in gazetteer.find("Buses left Lee County on Thursday.")}
    assert got["Lee County"].place is None
    assert len(got["Lee County"].candidates) >= 8


def test_county_list_names_each_county(gazetteer):
    got = {m.surface: m.place for m in gazetteer.find("Orders covered Charlotte, Lee and Collier counties in Florida.")}
    assert {k: v.id if v else None for k, v in got.items() if k != "Florida"} == {
        "Charlotte": "fips:12015", "Lee": "fips:12071", "Collier": "fips:12021"}, got


def test_bare_name_of_the_articles_county_is_that_county(gazetteer):
    text = "Charlotte County, Fla., opened shelters. Later, the storm cut off Charlotte. The city of Sarasota flooded."
    got = [(m.surface, m.place.id if m.place else None) for m in gazetteer.find(text)]
    assert ("Charlotte", "fips:12015") in got, got  # not Charlotte, North Carolina
    assert ("Sarasota", "gn:4172131") in got, got  # a city with no county named: the city


def test_county_name_before_a_speech_verb_is_not_a_person(gazetteer):
    got = {m.surface: m.place for m in gazetteer.find("Lee County told residents of Fort Myers, Fla., to leave.")}
    assert got.get("Lee County") is not None and got["Lee County"].id == "fips:12071", got


def test_county_carries_its_geonames_id(gazetteer):
    """The county is the same entity as GeoNames' admin2 place (FIPS 21169 is US.KY.169, GeoNames 4300606)."""
    from evacmap.gazetteer.evaluation import geonameid_of

    got = {m.surface: m.place for m in gazetteer.find("A hunter died in Metcalfe County, Kentucky.")}
    assert got["Metcalfe County"].id == "fips:21169" and geonameid_of(got["Metcalfe County"]) == 4300606
