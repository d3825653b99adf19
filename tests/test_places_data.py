"""Checks on the curated gazetteer data file gazetteer/data/places.csv (schema: gazetteer/data/PLACES.md).

Reads only the file shipped inside the gazetteer package, through importlib.resources, so it checks what an
installed `evacmap` would load.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import defaultdict
from importlib import resources

import pytest
from helpers import km_between as km

HEADER = [
    "id", "name", "name_ar", "variants", "kind", "lat", "lon", "precision_m", "parent", "country",
    "source_id", "citation", "approximate", "note",
]
KINDS = {"country", "governorate", "region", "city", "town", "village", "district", "crossing", "camp"}
SYRIA_BBOX = (32.3, 37.4, 35.6, 42.4)  # lat_min, lat_max, lon_min, lon_max
SOURCE_ID = re.compile(r"^(geonames:\d+|ocha:N\d{4}|wof:\d+|naturalearth:[A-Z]{3}|wikipedia:[a-z]{2}:\S+)$")
ID = re.compile(r"^[a-z][a-z0-9_]*$")
ARABIC = re.compile(r"[\u0600-\u06ff]")
# Variants must not be ordinary English words (the canonical name may be, e.g. "Turkey": that is the
# matcher's problem, not a spelling we add). A small list of the words that bite in news text.
COMMON_WORDS = {
    "us", "most", "of", "mobile", "may", "will", "can", "bad", "bat", "ban", "sham", "gate", "camp", "city",
    "west", "east", "north", "south", "new", "old", "centre", "center", "more", "homes", "dare", "harem",
    "turkey", "china", "jordan", "georgia", "reading", "nice", "split", "bath", "mark",
}

# Known true positions (from the shared reference: OCHA neighbourhood centres, GeoNames points).
KEY_POSITIONS = {
    "amiriyah": (36.1702, 37.1263),
    "ramouseh": (36.1567, 37.1288),
    "fuah": (35.9826, 36.7035),
    "kafriya": (35.9903, 36.6782),
    "idlib_city": (35.9306, 36.6339),
}


def load_text() -> str:
    return (resources.files("evacmap.gazetteer") / "data" / "places.csv").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return list(csv.DictReader(io.StringIO(load_text())))


@pytest.fixture(scope="module")
def by_id(rows) -> dict[str, dict]:
    return {r["id"]: r for r in rows}


def normalise(name: str) -> str:
    s = unicodedata.normalize("NFKD", name)
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"['’‘`ʿʾ]", "", s)
    s = re.sub(r"\b(al|el)[- ]", "", s)
    s = s.replace("-", " ")
    return re.sub(r"\s+", " ", s).strip()


def names_of(row: dict) -> list[str]:
    return [row["name"]] + [v for v in row["variants"].split("|") if v]


def point(row: dict) -> tuple[float, float]:
    return float(row["lat"]), float(row["lon"])


def test_header_is_exact():
    first = load_text().splitlines()[0]
    assert first == ",".join(HEADER)


def test_every_row_has_every_column(rows):
    assert len(rows) >= 90
    for r in rows:
        assert None not in r, f"{r.get('id')}: extra columns"
        assert all(r[k] is not None for k in HEADER), f"{r.get('id')}: missing columns"


def test_ids_unique_and_slugs(rows):
    ids = [r["id"] for r in rows]
    dupes = {i for i in ids if ids.count(i) > 1}
    assert not dupes, dupes
    bad = [i for i in ids if not ID.match(i)]
    assert not bad, bad


def test_kinds_allowed(rows):
    bad = {r["id"]: r["kind"] for r in rows if r["kind"] not in KINDS}
    assert not bad, bad


def test_every_row_cites_its_source(rows):
    assert not [r["id"] for r in rows if len(r["citation"].strip()) < 15]


def test_source_ids_well_formed_and_present_unless_approximate(rows):
    for r in rows:
        if r["source_id"]:
            assert SOURCE_ID.match(r["source_id"]), (r["id"], r["source_id"])
        else:
            assert r["approximate"] == "true", f"{r['id']}: no source_id, so the point must be marked approximate"


def test_names_and_arabic(rows):
    for r in rows:
        assert r["name"].strip() == r["name"] and r["name"], r["id"]
        assert ARABIC.search(r["name_ar"]), f"{r['id']}: name_ar is not Arabic"
        variants = r["variants"].split("|") if r["variants"] else []
        assert all(v.strip() == v and v for v in variants), f"{r['id']}: empty or padded variant"


def test_lat_lon_parse_and_in_range(rows):
    for r in rows:
        if not r["lat"] and not r["lon"]:
            assert r["approximate"] == "true" and r["note"], f"{r['id']}: blank point must be explained"
            continue
        lat, lon = point(r)
        assert -90 <= lat <= 90 and -180 <= lon <= 180, r["id"]
        for v in (r["lat"], r["lon"]):
            decimals = len(v.split(".")[1]) if "." in v else 0
            if r["kind"] == "country":  # a country's reference centre is given in whole or few degrees
                assert decimals <= 7, f"{r['id']}: {v} carries more than 7 decimals"
            else:
                assert 5 <= decimals <= 7, f"{r['id']}: {v} should carry 5-7 decimals"


def test_precision_is_a_positive_integer_that_fits_the_kind(rows):
    floor = {"district": 500, "village": 500, "crossing": 500, "camp": 300, "town": 1000, "city": 2000,
             "region": 2000, "governorate": 5000, "country": 40000}
    for r in rows:
        p = int(r["precision_m"])
        assert p >= floor[r["kind"]], f"{r['id']}: precision {p} m is too tight for a {r['kind']}"


def test_country_codes(rows):
    for r in rows:
        assert re.fullmatch(r"[A-Z]{2}", r["country"]), (r["id"], r["country"])


def test_syrian_rows_inside_syria_bbox(rows):
    lat0, lat1, lon0, lon1 = SYRIA_BBOX
    for r in rows:
        if r["country"] == "SY" and r["lat"]:
            lat, lon = point(r)
            assert lat0 <= lat <= lat1 and lon0 <= lon <= lon1, f"{r['id']} ({lat},{lon}) is outside Syria"


def test_parents_exist_without_cycles(rows, by_id):
    for r in rows:
        seen = {r["id"]}
        p = r["parent"]
        while p:
            assert p in by_id, f"{r['id']}: parent {p} is not a row"
            assert p not in seen, f"{r['id']}: parent cycle through {p}"
            seen.add(p)
            p = by_id[p]["parent"]


def test_children_lie_near_their_parent(rows, by_id):
    # A child's point must be within twice the parent's radius (plus its own): catches a town filed under the
    # wrong governorate or a homonym's coordinates.
    for r in rows:
        if r["parent"] and r["lat"]:
            parent = by_id[r["parent"]]
            d = km(point(r), point(parent))
            limit = (2 * int(parent["precision_m"]) + int(r["precision_m"])) / 1000
            assert d <= limit, f"{r['id']} is {d:.1f} km from its parent {parent['id']} (limit {limit:.0f} km)"


def test_syrian_children_have_syrian_parents(rows, by_id):
    for r in rows:
        if r["parent"]:
            assert by_id[r["parent"]]["country"] == r["country"], r["id"]


def test_approximate_flag_is_boolean_and_explained(rows):
    for r in rows:
        assert r["approximate"] in {"true", "false"}, r["id"]
        if r["approximate"] == "true":
            assert len(r["note"]) > 40, f"{r['id']}: say why the point is approximate"


def test_normalised_names_unique_unless_homonym_explained(rows):
    owners: dict[str, set[str]] = defaultdict(set)
    for r in rows:
        for n in names_of(r):
            owners[normalise(n)].add(r["id"])
    notes = {r["id"]: r["note"] for r in rows}
    for n, ids in owners.items():
        if len(ids) > 1:
            for i in ids:
                others = ids - {i}
                assert all(o in notes[i] for o in others), (
                    f"name {n!r} is shared by {sorted(ids)}; the note of {i} must name the other row(s)")


def test_variants_are_not_common_english_words(rows):
    for r in rows:
        for v in r["variants"].split("|"):
            if v:
                assert normalise(v) not in COMMON_WORDS, f"{r['id']}: variant {v!r} is a common English word"


def test_daraa_is_not_a_spelling_of_darayya(by_id):
    assert "daraa" not in {normalise(n) for n in names_of(by_id["darayya"])}
    assert km(point(by_id["darayya"]), point(by_id["daraa"])) > 80


@pytest.mark.parametrize("place_id", sorted(KEY_POSITIONS))
def test_key_positions_within_3_km(by_id, place_id):
    assert km(point(by_id[place_id]), KEY_POSITIONS[place_id]) <= 3.0


@pytest.mark.parametrize(
    "spelling, place_id",
    [
        ("Fua", "fuah"), ("Al-Foua", "fuah"), ("al-Fu'ah", "fuah"), ("Foua", "fuah"),
        ("Kfraya", "kafriya"), ("Kefreia", "kafriya"), ("Kefraya", "kafriya"), ("Kafraya", "kafriya"),
        ("Ramussa", "ramouseh"), ("Ramousah", "ramouseh"), ("Ramouseh", "ramouseh"),
        ("Al-Amiriyah", "amiriyah"), ("Amiriya", "amiriyah"),
        ("Darayya", "darayya"), ("Daraya", "darayya"),
        ("eastern Aleppo", "eastern_aleppo"), ("east Aleppo", "eastern_aleppo"),
        ("Idlib province", "idlib_governorate"), ("Damascus suburbs", "rif_dimashq_governorate"),
        ("Britain", "united_kingdom"), ("U.K.", "united_kingdom"), ("U.S.", "united_states"),
        ("Palmyra", "palmyra"), ("Srebrenica", "srebrenica"),
    ],
)
def test_sample_spellings_are_listed(by_id, spelling, place_id):
    assert normalise(spelling) in {normalise(n) for n in names_of(by_id[place_id])}


def test_places_named_in_the_sample_articles_are_rows(by_id):
    for i in ["aleppo", "eastern_aleppo", "western_aleppo", "amiriyah", "ramouseh", "western_aleppo_countryside",
              "idlib_city", "idlib_governorate", "fuah", "kafriya", "damascus", "rif_dimashq_governorate",
              "palmyra", "beirut", "geneva", "london", "brussels", "berlin", "srebrenica", "turkey", "syria",
              "russia", "iran", "iraq", "lebanon", "france", "united_kingdom", "united_states", "china", "germany"]:
        assert i in by_id, i


def test_all_fourteen_governorates(rows):
    govs = [r for r in rows if r["kind"] == "governorate" and r["country"] == "SY"]
    assert len(govs) == 14
    assert all(r["parent"] == "syria" and r["source_id"].startswith("wof:") for r in govs)


def test_rashidin_is_placed_and_marked_approximate(by_id):
    r = by_id["rashidin"]
    assert r["approximate"] == "true" and r["lat"]
    # west of the city, short of Khan al-Asal's far side: between the two on the documented route
    assert float(r["lon"]) < float(by_id["new_aleppo"]["lon"])
    assert km(point(r), point(by_id["aleppo"])) < 12
    assert km(point(r), point(by_id["khan_al_asal"])) < 6
