"""Zone files: the sample's zones of 15 December 2016, and broken files that must be refused clearly."""
from __future__ import annotations

import datetime as dt
import itertools
import json
from pathlib import Path

import numpy as np
import pytest
import shapely

from evacmap.geo.zones import (
    ZoneFileError,
    load_zones,
    zone_at,
    zone_index_at,
    zone_status,
    zones_on,
    zones_to_geojson,
)

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus" / "samples" / "aleppo-2016" / "zones" / "control-2016-12-15.geojson"

# points from the curated gazetteer (OCHA neighbourhood centres, GeoNames town points)
AMIRIYAH = (37.1263003, 36.1702369)
RAMOUSEH = (37.1287912, 36.1567261)
FUAH = (36.70351, 35.98262)
KAFRIYA = (36.67816, 35.99029)
IDLIB_CITY = (36.63393, 35.93062)


@pytest.fixture(scope="module")
def sample():
    return load_zones([SAMPLE])


# ------------------------------------------------------------------------------------- the sample

def test_sample_loads_with_the_documented_columns(sample):
    assert list(sample.columns) == ["id", "controller", "besieged_by", "label", "valid_from", "valid_to", "source",
                                    "confidence", "note", "approximate", "file", "area_km2", "geometry"]
    assert sample.crs.to_epsg() == 4326
    assert sample["id"].tolist() == ["aleppo-east-enclave", "aleppo-government", "western-aleppo-countryside",
                                     "idlib-opposition", "fuah-kafriya"]
    assert set(sample["valid_from"]) == {dt.date(2016, 12, 15)}
    assert set(sample["valid_to"]) == {dt.date(2016, 12, 22)}
    assert sample["approximate"].all()
    assert set(sample["file"]) == {SAMPLE.name}
    assert sample.geometry.is_valid.all()
    assert set(sample.geometry.geom_type) <= {"Polygon", "MultiPolygon"}
    for row in sample.itertuples():
        assert row.source.strip() and row.note.strip() and row.label.strip()
    besieged = sample[sample.besieged_by.notna()]
    # who holds each besieged area and who besieges it: the pro-government villages are government-held
    assert sorted(zip(besieged["id"], besieged["controller"], besieged["besieged_by"], strict=True)) == [
        ("aleppo-east-enclave", "opposition", "government"), ("fuah-kafriya", "government", "opposition")]


@pytest.mark.parametrize(
    "name, point, controller, zone_id",
    [
        ("al-Amiriyah", AMIRIYAH, "opposition", "aleppo-east-enclave"),
        ("Sukkari", (37.1420293, 36.1754847), "opposition", "aleppo-east-enclave"),
        ("Ramouseh", RAMOUSEH, "government", "aleppo-government"),
        ("Sheikh Saeed", (37.1537989, 36.1648027), "government", "aleppo-government"),
        ("al-Fu'ah", FUAH, "government", "fuah-kafriya"),
        ("Kafriya", KAFRIYA, "government", "fuah-kafriya"),
        ("Idlib city", IDLIB_CITY, "opposition", "idlib-opposition"),
        ("Binnish, rebel-held next to al-Fu'ah", (36.7138, 35.95664), "opposition", "idlib-opposition"),
        ("Khan al-Asal", (37.03907, 36.17135), "opposition", "western-aleppo-countryside"),
        ("Khan Tuman", (37.05103, 36.11696), "opposition", "western-aleppo-countryside"),
        ("al-Atarib", (36.82504, 36.13907), "opposition", "western-aleppo-countryside"),
    ],
)
def test_key_places_fall_in_the_right_zone(sample, name, point, controller, zone_id):
    row = zone_at(sample, *point)
    assert row is not None, name
    assert (row["controller"], row["id"]) == (controller, zone_id), name


def test_points_outside_every_zone_give_none(sample):
    assert zone_at(sample, 36.29128, 33.5102) is None  # Damascus
    assert zone_at(sample, 37.1528471, 36.2366063) is None  # Sheikh Maqsoud: YPG-held, deliberately unzoned


def test_vectorised_lookup_agrees_with_zone_at(sample):
    points = [AMIRIYAH, RAMOUSEH, FUAH, KAFRIYA, IDLIB_CITY, (36.29128, 33.5102)]
    idx = zone_index_at(sample, [p[0] for p in points], [p[1] for p in points])
    expected = [sample.index.get_loc(zone_at(sample, *p).name) if zone_at(sample, *p) is not None else -1
                for p in points]
    assert idx.tolist() == expected
    assert idx[-1] == -1


def test_sample_zones_do_not_overlap_and_the_enclave_borders_government_ground(sample):
    geoms = dict(zip(sample["id"], sample.geometry, strict=False))
    for a, b in itertools.combinations(geoms, 2):
        assert geoms[a].intersection(geoms[b]).area < 1e-9, (a, b)
    # the convoy crossed straight from the enclave into government-held Ramouseh: the two zones share a border
    shared = geoms["aleppo-east-enclave"].boundary.intersection(geoms["aleppo-government"].boundary)
    assert shared.length > 0.005


def test_sample_file_is_small_and_simplified():
    assert SAMPLE.stat().st_size < 60_000
    doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    for feature in doc["features"]:
        n = shapely.get_num_coordinates(shapely.geometry.shape(feature["geometry"]))
        assert 10 <= n <= 400, feature["properties"]["id"]
        coords = shapely.get_coordinates(shapely.geometry.shape(feature["geometry"]))
        assert np.allclose(coords, np.round(coords, 5))


def test_zones_on_keeps_only_zones_in_force(sample):
    assert len(zones_on(sample, dt.date(2016, 12, 15))) == 5
    assert len(zones_on(sample, dt.date(2016, 12, 22))) == 5  # valid_to is the last day in force
    assert len(zones_on(sample, dt.date(2016, 12, 14))) == 0
    assert len(zones_on(sample, dt.date(2016, 12, 23))) == 0
    assert len(zones_on(sample, "2016-12-18")) == 5


def test_zones_on_with_open_ended_and_consecutive_zones(tmp_path):
    path = write(tmp_path, "timeline.geojson", [
        feature(valid_from="2015-03-28", valid_to=None, id="open"),
        feature(valid_from="2016-12-01", valid_to="2016-12-14", id="before"),
        feature(valid_from="2016-12-15", valid_to="2016-12-22", id="during"),
    ])
    zones = load_zones([path])
    assert zones_on(zones, dt.date(2016, 12, 14))["id"].tolist() == ["open", "before"]
    assert zones_on(zones, dt.date(2016, 12, 15))["id"].tolist() == ["open", "during"]
    assert zones_on(zones, dt.date(2030, 1, 1))["id"].tolist() == ["open"]
    assert zones_on(zones, dt.date(2015, 1, 1)).empty


def test_the_smallest_containing_zone_wins(tmp_path):
    big = square(36.0, 35.0, 2.0)
    small = square(36.5, 35.5, 0.2)
    path = write(tmp_path, "nested.geojson", [
        feature(geometry=small, controller="besieged", besieged_by="opposition", id="enclave"),
        feature(geometry=big, controller="opposition", id="province"),
    ])
    zones = load_zones([path])
    assert zone_at(zones, 36.6, 35.6)["id"] == "enclave"
    assert zone_at(zones, 37.5, 36.5)["id"] == "province"
    assert zone_at(zones, 36.5, 35.55)["id"] == "enclave"  # on the enclave's border: still the enclave


def test_ids_default_to_file_stem_and_number_and_must_be_unique(tmp_path):
    a = write(tmp_path, "a.geojson", [feature(), feature(id="named")])
    assert load_zones([a])["id"].tolist() == ["a-1", "named"]
    b = write(tmp_path, "b.geojson", [feature(id="named")])
    with pytest.raises(ZoneFileError, match=r"b\.geojson: feature 1: duplicate id 'named'"):
        load_zones([a, b])


def test_a_folder_is_read_in_name_order(tmp_path):
    write(tmp_path, "2.geojson", [feature(id="second")])
    write(tmp_path, "1.geojson", [feature(id="first")])
    assert load_zones([tmp_path])["id"].tolist() == ["first", "second"]


def test_geojson_round_trip(sample, tmp_path):
    path = tmp_path / "again.geojson"
    path.write_text(json.dumps(zones_to_geojson(sample)), encoding="utf-8")
    again = load_zones([path])
    cols = ["id", "controller", "besieged_by", "label", "valid_from", "valid_to", "source", "confidence", "note",
            "approximate"]
    assert again[cols].equals(sample[cols])
    assert all(a.equals_exact(b, 1e-9) or a.normalize().equals_exact(b.normalize(), 1e-9)
               for a, b in zip(again.geometry, sample.geometry, strict=False))


def test_no_files_gives_an_empty_frame_with_the_columns():
    empty = load_zones([])
    assert empty.empty and "controller" in empty.columns and empty.crs.to_epsg() == 4326
    assert zone_at(empty, 37.0, 36.0) is None


# ----------------------------------------------------------------------------------- broken files

def test_not_json(tmp_path):
    path = tmp_path / "notjson.geojson"
    path.write_text('{"type": "FeatureCollection", "features": [', encoding="utf-8")
    err = refused(path)
    assert "notjson.geojson" in err and "not valid JSON" in err and "line 1" in err


def test_not_a_feature_collection(tmp_path):
    path = tmp_path / "single.geojson"
    path.write_text(json.dumps(feature()), encoding="utf-8")
    assert "single.geojson: not a GeoJSON FeatureCollection (type is 'Feature')" in refused(path)


def test_missing_controller(tmp_path):
    f = feature()
    del f["properties"]["controller"]
    path = write(tmp_path, "nocontroller.geojson", [feature(), f])
    assert refused(path) == f"{path}: feature 2: missing property 'controller'"


def test_any_actor_may_hold_a_zone(tmp_path):
    path = write(tmp_path, "actors.geojson", [feature(controller="Russia", id="a"),
                                              feature(controller="Taliban", besieged_by="ISIS-K", id="b")])
    zones = load_zones(path)
    assert zones["controller"].tolist() == ["Russia", "Taliban"]
    assert [zone_status(r.controller, r.besieged_by) for r in zones.itertuples()] == [
        "held by Russia", "held by Taliban, besieged by ISIS-K"]


def test_blank_controller_is_refused(tmp_path):
    path = write(tmp_path, "blank.geojson", [feature(controller="  ")])
    assert "blank.geojson: feature 1: controller" in refused(path)


@pytest.mark.parametrize("controller, besieged_by, words", [
    ("government", "opposition", "government-held, besieged by the opposition"),
    ("opposition", "government", "opposition-held, besieged by the government"),
    ("government", None, "government-held"),
    ("besieged", "opposition", "besieged by the opposition (holder not stated)"),
    ("contested", None, "contested"),
    ("Rapid Support Forces", None, "held by Rapid Support Forces"),
    # an evacuation order covers an area; nobody holds it by the order
    ("mandatory evacuation", None, "under a mandatory evacuation order"),
    ("mandatory evacuation zones A and B", None, "under a mandatory evacuation order (zones A and B)"),
    ("voluntary evacuation order", None, "under a voluntary evacuation order"),
    ("evacuation ordered", None, "under an evacuation order"),
])
def test_zone_status_words_follow_the_fields(controller, besieged_by, words):
    assert zone_status(controller, besieged_by) == words


def test_sample_besieged_villages_read_government_held(sample):
    row = sample.set_index("id").loc["fuah-kafriya"]
    words = zone_status(row["controller"], row["besieged_by"])
    assert words == "government-held, besieged by the opposition"
    assert "government-held" in row["label"] and "opposition-held" not in row["label"]


@pytest.mark.parametrize("value, expected", [
    ("15/12/2016", "valid_from: '15/12/2016' is not an ISO date (YYYY-MM-DD)"),
    ("2016-02-30", "valid_from: '2016-02-30' is not a valid date"),
])
def test_bad_date(tmp_path, value, expected):
    path = write(tmp_path, "baddate.geojson", [feature(), feature(), feature(valid_from=value)])
    err = refused(path)
    assert err.startswith(f"{path}: feature 3: ") and expected in err


def test_valid_to_before_valid_from(tmp_path):
    path = write(tmp_path, "backwards.geojson", [feature(valid_from="2016-12-22", valid_to="2016-12-15")])
    assert refused(path) == f"{path}: feature 1: valid_to 2016-12-15 is before valid_from 2016-12-22"


def test_besieged_needs_besieged_by(tmp_path):
    path = write(tmp_path, "siege.geojson", [feature(controller="besieged")])
    assert refused(path) == f"{path}: feature 1: missing property 'besieged_by'"


def test_point_geometry_is_refused(tmp_path):
    path = write(tmp_path, "point.geojson", [feature(), feature(geometry={"type": "Point", "coordinates": [36.7, 35.98]})])
    err = refused(path)
    assert err.startswith(f"{path}: feature 2: geometry.type: 'Point' is not one of Polygon, MultiPolygon")


def test_swapped_or_out_of_range_coordinates(tmp_path):
    path = write(tmp_path, "range.geojson", [feature(geometry=square(36.0, 95.0, 1.0))])
    assert "range.geojson: feature 1: geometry: coordinates outside longitude" in refused(path)


def test_bow_tie_with_a_tiny_twist_is_repaired(tmp_path, caplog):
    # a 10x10 (x 0.01 degree) square whose last corner is twisted into a small loop: 0.2% of the area
    ring = [(0, 0), (10, 0), (10, 10), (0, 10), (0, 1), (0.5, -0.5), (0, 0)]
    geom = {"type": "Polygon", "coordinates": [[[36 + x / 100, 35 + y / 100] for x, y in ring]]}
    assert not shapely.geometry.shape(geom).is_valid
    path = write(tmp_path, "twisted.geojson", [feature(geometry=geom)])
    zones = load_zones([path])
    repaired = zones.geometry.iloc[0]
    assert repaired.is_valid and repaired.geom_type in ("Polygon", "MultiPolygon")
    assert repaired.area == pytest.approx(shapely.geometry.shape(geom).area, rel=0.01)
    assert "repaired invalid geometry" in caplog.text and "twisted.geojson: feature 1" in caplog.text


def test_true_bow_tie_cannot_be_kept(tmp_path):
    # two equal lobes: the rings as drawn enclose no area, so there is no telling what was meant
    ring = [(0, 0), (1, 1), (1, 0), (0, 1), (0, 0)]
    geom = {"type": "Polygon", "coordinates": [[[36 + x / 10, 35 + y / 10] for x, y in ring]]}
    path = write(tmp_path, "bowtie.geojson", [feature(), feature(geometry=geom)])
    err = refused(path)
    assert err.startswith(f"{path}: feature 2: invalid geometry (Self-intersection")
    assert "not kept" in err


def test_collapsed_polygon_cannot_be_kept(tmp_path):
    geom = {"type": "Polygon", "coordinates": [[[36, 35], [36.5, 35.5], [37, 36], [36, 35]]]}
    path = write(tmp_path, "flat.geojson", [feature(geometry=geom)])
    err = refused(path)
    assert err.startswith(f"{path}: feature 1: invalid geometry (") and "leaves no polygon" in err


def test_ring_too_short_to_be_a_polygon(tmp_path):
    geom = {"type": "Polygon", "coordinates": [[[36, 35], [37, 35], [36, 35]]]}
    path = write(tmp_path, "short.geojson", [feature(geometry=geom)])
    err = refused(path)
    assert err.startswith(f"{path}: feature 1: invalid geometry (Too few points") and "leaves no polygon" in err


def test_malformed_coordinates(tmp_path):
    geom = {"type": "Polygon", "coordinates": [[36, 35], [37, 35], [37, 36], [36, 35]]}  # a ring, not a list of rings
    path = write(tmp_path, "flat-list.geojson", [feature(geometry=geom)])
    assert refused(path).startswith(f"{path}: feature 1: geometry: malformed Polygon coordinates")


def test_missing_file():
    err = refused(Path("/nonexistent/zones.geojson"))
    assert err.startswith("/nonexistent/zones.geojson: cannot read the file")


# ------------------------------------------------------------------------------------------ helpers

def square(x: float, y: float, size: float) -> dict:
    return {"type": "Polygon", "coordinates": [[[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]]]}


def feature(geometry: dict | None = None, **props) -> dict:
    p = {"controller": "opposition", "label": "test zone", "valid_from": "2016-12-15", "valid_to": "2016-12-22",
         "source": "written for the test", "confidence": "low", "approximate": True}
    p.update(props)
    return {"type": "Feature", "properties": p, "geometry": geometry or square(36.0, 35.0, 1.0)}


def write(folder: Path, name: str, features: list[dict]) -> Path:
    path = folder / name
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(ZoneFileError) as info:
        load_zones([path])
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message
