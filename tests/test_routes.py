"""Routes: legs merged across the sample's outlets, their geometry, lengths, crossings and exports; the
schematic line and road snapping on a tiny road file written here."""
from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import geopandas as gpd
import numpy as np
import pytest
import shapely
from helpers import place_id_of
from shapely.geometry import LineString, Point, shape

from evacmap.corpus.articles import load_corpus
from evacmap.geo.geometry import RoadGraph, country_entry_point, distance_km, leg_line, length_km, lengths_km, schematic_line
from evacmap.geo.legs import Leg
from evacmap.geo.routes import build_routes, corpus_legs, routes_geodataframe, routes_json

ROOT = Path(__file__).resolve().parents[1]
ZONES = ROOT / "corpus" / "samples" / "aleppo-2016" / "zones" / "control-2016-12-15.geojson"
RAMOUSEH = (37.1287912, 36.1567261)
ALEPPO = (37.16117, 36.20124)
IDLIB = (36.63393, 35.93062)


@pytest.fixture(scope="module")
def legs(gaz):
    return corpus_legs(load_corpus(), gaz)


@pytest.fixture(scope="module")
def routes(legs, gaz, zones):
    return build_routes(legs, gaz, zones)


def by_label(routes, words):
    found = [r for r in routes if words in r.label]
    assert found, [r.label for r in routes]
    return found[0]


def articles(leg):
    return {s["article"][:3] for s in leg.sources}


# ------------------------------------------------------------------------------------------ the sample

def test_the_sample_has_the_three_routes_and_the_government_side(routes):
    labels = [r.label for r in routes]
    assert "eastern Aleppo → Ramouseh → western Aleppo countryside → Idlib" in labels
    assert "Possible onward route to Turkey" in labels
    assert any("al-Fu'ah and Kafriya" in label for label in labels)
    # de Mistura's "will go to west Aleppo": planned, drawn as such; the Globe's buses "returning to the
    # government-held side" are vehicles going back, not a movement of people
    west = by_label(routes, "eastern Aleppo → western Aleppo")
    assert west.status == "planned" and {leg.status for leg in west.legs} == {"planned"}
    assert articles(west.legs[0]) == {"004"}
    assert len({r.id for r in routes}) == len(routes)


def test_main_route_is_one_connected_line(routes):
    """Each drawn leg of the main route starts where the previous one ends: eastern Aleppo -> Ramouseh ->
    western countryside, then on to Idlib (not restarting in eastern Aleppo across government ground)."""
    main = by_label(routes, "→ Ramouseh →")
    drawn = [leg for leg in main.legs if leg.geometry is not None]
    drawn.sort(key=lambda leg: leg.length_km if leg.drawn_from is None else 1e9)
    assert len(drawn) == 2
    first, second = drawn
    assert second.drawn_from == first.to_id == "western_aleppo_countryside"
    assert first.geometry.coords[-1] == second.geometry.coords[0]
    assert any("where the previous leg ends" in n for n in second.notes)
    assert main.waypoints == ("amiriyah", "ramouseh", "western_aleppo_countryside", "idlib_city")


def test_fua_kafriya_is_reported_by_state_media_alone(routes):
    fua = by_label(routes, "al-Fu'ah and Kafriya")
    [leg] = fua.legs
    assert leg.reported_by is not None and "state" in leg.reported_by.lower()
    assert any("only by" in n for n in leg.notes)


def test_nothing_planned_or_disputed_is_drawn_as_happened(routes):
    for r in routes:
        for leg in r.legs:
            if leg.status == "happened":
                assert any(s["status"] == "happened" for s in leg.sources), leg.id


def test_amiriyah_ramouseh_leg_attributed_to_al_jazeera(routes):
    main = by_label(routes, "→ Ramouseh →")
    [leg] = [leg for leg in main.legs if leg.via]
    assert (leg.from_id, leg.via, leg.to_id) == ("amiriyah", ("ramouseh",), "western_aleppo_countryside")
    assert "004" in articles(leg)
    aj = [s for s in leg.sources if s["article"].startswith("004")]
    assert "snaked out of Al-Amiriyah" in aj[0]["text"] and aj[0]["outlet"] == "Al Jazeera"
    # VOA's "out of besieged eastern Aleppo ... another rebel-held part of the province": named, not located
    unplaced = [leg for leg in main.legs if leg.to_id is None]
    assert unplaced and "another rebel-held part of the province" in unplaced[0].to_texts
    assert "another rebel-held part of the province" in unplaced[0].to_name


def test_east_aleppo_to_idlib_from_several_outlets(routes):
    main = by_label(routes, "→ Ramouseh →")
    [leg] = [leg for leg in main.legs if leg.to_family == "idlib_city"]
    assert leg.from_family == "aleppo"
    assert articles(leg) >= {"000", "001", "003", "004"}
    assert len({s["outlet"] for s in leg.sources}) >= 4
    assert leg.status == "happened"  # the Independent: "reported to have reached"; others under way or planned
    assert any("happened or is planned" in n for n in leg.notes)
    for s in leg.sources:
        assert s["text"] and s["outlet"] and s["status"] in {"happened", "under_way", "planned"}


def test_fua_kafriya_from_the_globe_and_cnn_not_drawn(routes):
    fua = by_label(routes, "al-Fu'ah and Kafriya")
    [leg] = fua.legs
    assert leg.from_id in {"fuah", "kafriya"} and set(leg.from_ids) == {"fuah", "kafriya"}
    assert articles(leg) == {"002", "003"}
    assert leg.to_id is None and leg.geometry is None and leg.length_km is None
    assert any("no source says where" in n for n in leg.notes)
    assert fua.crossings == []


def test_turkey_is_optional_and_drawn_to_the_border(routes):
    turkey = by_label(routes, "Possible onward route to Turkey")
    [leg] = turkey.legs
    assert leg.status == "optional" and turkey.status == "optional"
    assert leg.to_id == "turkey" and articles(leg) == {"000", "003"}
    end = Point(leg.geometry.coords[-1])
    assert 20 < leg.length_km < 120  # to the border, not to Turkey's label point 500 km away
    assert any("border" in n for n in leg.notes)
    assert distance_km(end.coords[0], country_entry_point("TR", (37.147, 36.177))) < 1


def test_sources_disagree_about_west_aleppo(routes):
    main = by_label(routes, "→ Ramouseh →")
    west = by_label(routes, "eastern Aleppo → western Aleppo")
    for r in (main, west):
        note = r.notes[0]
        assert note.startswith("sources disagree about where people leaving eastern Aleppo go")
        assert "western Aleppo, government-held" in note and "will go to west Aleppo" in note
        assert "opposition-held" in note


def test_enclave_route_crosses_into_government_ground_near_ramouseh(routes):
    main = by_label(routes, "→ Ramouseh →")
    into_gov = [c for c in main.crossings if c.from_zone == "aleppo-east-enclave" and c.to_controller == "government"]
    assert into_gov
    assert min(distance_km(c.point.coords[0], RAMOUSEH) for c in into_gov) < 5
    first = next(c for c in main.crossings if c.leg_id == "aleppo-western-aleppo-countryside")
    assert (first.from_controller, first.to_controller) == ("opposition", "government")
    # crossings of a leg are in order along it
    for leg in main.legs:
        d = [c.distance_km for c in main.crossings if c.leg_id == leg.id]
        assert d == sorted(d)


def test_lengths_are_positive_and_plausible(routes):
    main = by_label(routes, "→ Ramouseh →")
    assert 55 <= main.length_km <= 90
    [idlib] = [leg for leg in main.legs if leg.to_family == "idlib_city"]
    assert 30 <= idlib.length_km <= 60  # drawn on from the western countryside
    for r in routes:
        for leg in r.legs:
            if leg.geometry is not None:
                assert leg.length_km > 0
                chord = distance_km(leg.geometry.coords[0], leg.geometry.coords[-1])
                assert chord <= leg.length_km <= 1.6 * chord + 2


def test_build_is_deterministic(legs, gaz, zones, routes):
    again = build_routes(list(reversed(legs)), gaz, zones)
    assert json.dumps(routes_json(again), sort_keys=True) == json.dumps(routes_json(routes), sort_keys=True)


def test_routes_json_contract(routes):
    data = json.loads(json.dumps(routes_json(routes)))
    for r in data:
        assert {"id", "label", "legs", "crossings", "length_km"} <= set(r)
        for leg in r["legs"]:
            assert {"from", "to", "via", "who", "status", "sources", "length_km", "geometry"} <= set(leg)
            assert all({"article", "outlet", "text"} <= set(s) for s in leg["sources"])
            if leg["geometry"] is not None:
                assert leg["geometry"]["type"] == "LineString"
                line = shape(leg["geometry"])
                assert line.is_valid and len(line.coords) >= 2
                assert all(round(x, 5) == x for xy in leg["geometry"]["coordinates"] for x in xy)
        for c in r["crossings"]:
            assert c["point"]["type"] == "Point" and {"from_zone", "to_zone"} <= set(c)


def test_routes_geodataframe(routes):
    gdf = routes_geodataframe(routes)
    assert gdf.crs.to_epsg() == 4326
    assert len(gdf) == sum(len(r.legs) for r in routes)
    for col in ("route_id", "route_label", "leg_id", "from_name", "to_name", "via_names", "who", "status",
                "sources", "length_km", "geometry"):
        assert col in gdf.columns
    main = gdf[gdf.route_label.str.contains("→ Ramouseh →")]
    assert "al-Amiriyah" in set(main.from_name) and ["Ramouseh"] in list(main.via_names)
    assert "destination not stated" in set(gdf.to_name)
    drawn = gdf[gdf.geometry.notna()]
    assert set(drawn.geometry.geom_type) == {"LineString"}
    assert (drawn["length_km"] > 0).all()


def test_without_zones_there_are_no_crossings_and_no_side_split(legs, gaz):
    routes = build_routes(legs, gaz, None)
    assert all(r.crossings == [] for r in routes)
    east = [r for r in routes if r.id.startswith("aleppo") and r.status != "optional"]
    assert len(east) == 1  # without zones the destinations' sides are unknown: one route


# ------------------------------------------------------------------------------------- merging, by hand

def mk(article, origin, dest, status="happened", via=(), *, who="civilians", outlet=None, start=0, mode=None):
    return Leg(article=article, outlet=outlet or article, start=start, end=start + 10, text=f"{article} text",
               origin=origin, via=tuple(via), destination=dest, destination_text=None, who=who, status=status,
               verb="to", mode=mode)


def test_merge_by_family_representative_and_status(gaz):
    legs = [mk("a", "eastern_aleppo", "idlib_city", "planned"), mk("b", "eastern_aleppo", "idlib_governorate"),
            mk("c", "aleppo", "idlib_governorate", who="fighters"), mk("d", "amiriyah", "turkey", "optional")]
    routes = build_routes(legs, gaz, None)
    main = next(r for r in routes if r.status != "optional")
    [leg] = main.legs
    assert (leg.from_id, leg.to_id) == ("eastern_aleppo", "idlib_governorate")  # the ids most sources use
    assert leg.status == "happened" and leg.who == ("civilians", "fighters")
    assert [s["article"] for s in leg.sources] == ["a", "b", "c"]
    optional = next(r for r in routes if r.status == "optional")
    assert optional.legs[0].to_id == "turkey"


def test_tie_goes_to_the_more_specific_place(gaz):
    legs = [mk("a", "eastern_aleppo", "western_aleppo_countryside"),
            mk("b", "amiriyah", "western_aleppo_countryside", via=["ramouseh"])]
    [route] = build_routes(legs, gaz, None)
    assert route.legs[0].from_id == "amiriyah" and route.legs[0].via == ("ramouseh",)


# ------------------------------------------------------------------------------------------- geometry

def test_schematic_line_is_smooth_deterministic_and_rounded():
    a = schematic_line([ALEPPO, IDLIB])
    b = schematic_line([ALEPPO, IDLIB])
    assert a.wkb == b.wkb
    assert a.coords[0] == ALEPPO and a.coords[-1] == IDLIB
    assert all(round(v, 5) == v for xy in a.coords for v in xy)
    assert 10 <= len(a.coords) <= 60
    straight = distance_km(ALEPPO, IDLIB)
    assert 50 < straight < 62
    assert straight < length_km(a) < 1.05 * straight
    # smooth: no sharp turns between consecutive segments
    xy = np.asarray(a.coords)
    d = np.diff(xy, axis=0)
    ang = np.degrees(np.abs(np.diff(np.unwrap(np.arctan2(d[:, 1], d[:, 0])))))
    assert ang.max() < 10


def test_spline_passes_through_every_waypoint():
    pts = [(37.1263, 36.17024), RAMOUSEH, (36.92685, 36.16593), IDLIB]
    line = schematic_line(pts)
    for p in pts:
        assert Point(p).distance(line) < 1e-5
    assert schematic_line([ALEPPO]) is None and schematic_line([ALEPPO, ALEPPO]) is None


def test_lengths_in_km_use_a_metric_crs():
    line = LineString([(37.0, 36.0), (37.0, 36.1)])  # 0.1 degree of latitude
    assert math.isclose(lengths_km([line])[0], 11.09, abs_tol=0.05)
    assert math.isnan(lengths_km([None])[0])


def write_roads(tmp_path: Path) -> Path:
    # an L along the south and west of a box, a diagonal shortcut crossing a spur without a shared vertex,
    # and a far-away road that is not connected to anything
    features = [
        {"type": "Feature", "properties": {"name": "south"},
         "geometry": {"type": "LineString", "coordinates": [[37.00, 36.00], [37.05, 36.00], [37.10, 36.00]]}},
        {"type": "Feature", "properties": {"name": "east"},
         "geometry": {"type": "LineString", "coordinates": [[37.10, 36.00], [37.10, 36.10]]}},
        {"type": "Feature", "properties": {"name": "spur"},
         "geometry": {"type": "MultiLineString", "coordinates": [[[37.02, 36.05], [37.08, 36.05]]]}},
        {"type": "Feature", "properties": {"name": "cross"},
         "geometry": {"type": "LineString", "coordinates": [[37.05, 36.00], [37.05, 36.10]]}},
        {"type": "Feature", "properties": {"name": "island"},
         "geometry": {"type": "LineString", "coordinates": [[38.00, 36.50], [38.05, 36.50]]}},
    ]
    path = tmp_path / "roads.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    return path


def test_snapping_follows_the_road_graph(tmp_path):
    graph = RoadGraph.read(write_roads(tmp_path))
    start, end = (37.0, 36.0005), (37.1003, 36.1)
    line, how = leg_line([start, end], graph)
    assert how == "roads"
    assert line.coords[0] == start and line.coords[-1] == end
    assert (37.1, 36.0) in [tuple(c) for c in line.coords]  # round the corner of the L
    # along the south road (10 km of longitude * cos 36) then up the east road (11 km)
    assert 18 < length_km(line) < 22
    # the spur crosses the "cross" road mid-way without a shared vertex: noding connects them
    line2, how2 = leg_line([(37.02, 36.05), (37.05, 36.0)], graph)
    assert how2 == "roads" and (37.05, 36.05) in [tuple(c) for c in line2.coords]
    # deterministic
    assert leg_line([start, end], RoadGraph.read(tmp_path / "roads.geojson"))[0].wkb == line.wkb


def test_snapping_falls_back_to_schematic(tmp_path):
    graph = RoadGraph.read(write_roads(tmp_path))
    far = (36.5, 35.5)  # tens of km from every road
    line, how = leg_line([(37.0, 36.0), far], graph)
    assert how == "schematic" and line.coords[-1] == far
    # two roads that are not connected: schematic for that span
    _line, how = leg_line([(37.0, 36.0), (38.02, 36.5)], graph, max_snap_km=200)
    assert how == "schematic"
    line, how = leg_line([(37.0, 36.0), (37.1, 36.1), far], graph)
    assert how == "roads+schematic"


def test_build_routes_with_a_road_layer(tmp_path, gaz):
    # a road from al-Amiriyah through Ramouseh to the western countryside point
    road = gpd.GeoDataFrame(geometry=[LineString([(37.1263, 36.17024), RAMOUSEH, (37.0, 36.16),
                                                  (36.92685, 36.16593)])], crs="EPSG:4326")
    path = tmp_path / "r.gpkg"
    road.to_file(path)
    legs = [mk("004", "amiriyah", "western_aleppo_countryside", via=["ramouseh"])]
    [route] = build_routes(legs, gaz, None, roads=gpd.read_file(path))
    [leg] = route.legs
    assert leg.drawn == "roads"
    assert (37.0, 36.16) in [tuple(c) for c in leg.geometry.coords]
    assert shapely.equals_exact(shapely.set_precision(leg.geometry, 1e-5),
                                shapely.set_precision(LineString(road.geometry[0].coords), 1e-5), 1e-5)


# ------------------------------------------------------------------------------- geodesic lengths anywhere

WORLD_LINES = {  # (lon, lat) waypoints on several continents and latitudes
    "kabul-islamabad": [(69.2075, 34.5553), (73.0479, 33.6844)],
    "haiti": [(-72.3388, 18.5944), (-72.1946, 19.7570)],
    "florida": [(-82.4572, 27.9506), (-83.2785, 30.8327), (-84.5855, 33.3968)],
    "sudan-djibouti": [(32.5324, 15.5518), (43.1450, 11.5890)],
    "karabakh": [(46.7519, 39.8156), (46.0260, 39.5036)],
    "oslo-tromso": [(10.7522, 59.9139), (18.9553, 69.6492)],
    "santiago-punta-arenas": [(-70.6693, -33.4489), (-70.9171, -53.1638)],
    "fiji-antimeridian": [(178.4419, -18.1416), (-178.0, -17.0)],
}


@pytest.mark.parametrize("name", sorted(WORLD_LINES))
def test_lengths_are_geodesic_on_every_continent(name):
    """A drawn leg's length is within 1 % of the geodesic length of the same vertices (pyproj Geod), and a
    straight two-point line within 1 % of the geodesic distance, wherever on Earth it lies."""
    from pyproj import Geod

    geod = Geod(ellps="WGS84")
    pts = WORLD_LINES[name]
    line = schematic_line(pts)
    assert line is not None
    truth = geod.geometry_length(line) / 1000.0
    assert abs(lengths_km([line])[0] - truth) <= 0.01 * truth
    straight = LineString(pts)
    chord = sum(geod.inv(*a, *b)[2] for a, b in itertools.pairwise(pts)) / 1000.0
    assert abs(length_km(straight) - chord) <= max(0.01 * chord, 0.05)
    assert abs(distance_km(pts[0], pts[-1]) - geod.inv(*pts[0], *pts[-1])[2] / 1000.0) < 1e-6
    # the schematic curve stays close to the geodesic: a gentle arc, not a detour (at most ~3 % longer)
    direct = sum(geod.inv(*a, *b)[2] for a, b in itertools.pairwise(pts)) / 1000.0
    assert direct * 0.999 <= lengths_km([line])[0] <= direct * 1.03


def test_legs_chain_when_one_ends_where_the_next_begins(gaz):
    """Two movements reported apart, the second starting where the first ends, are one route and one line."""
    legs = [mk("a", "eastern_aleppo", "khan_al_asal"), mk("b", "khan_al_asal", "idlib_city", start=20)]
    [route] = build_routes(legs, gaz, None)
    assert route.waypoints == ("eastern_aleppo", "khan_al_asal", "idlib_city")
    first, second = sorted((leg for leg in route.legs), key=lambda leg: leg.from_id != "eastern_aleppo")
    assert first.geometry.coords[-1] == second.geometry.coords[0]
    assert route.label == "eastern Aleppo → Khan al-Asal → Idlib"


def test_a_planned_leg_is_not_the_start_of_a_reported_one(gaz):
    """Chaining never draws a reported movement on from a merely planned one."""
    legs = [mk("a", "eastern_aleppo", "western_aleppo", "planned"), mk("b", "eastern_aleppo", "idlib_city")]
    routes = build_routes(legs, gaz, None)
    idlib = next(leg for r in routes for leg in r.legs if leg.to_id == "idlib_city")
    assert idlib.drawn_from is None


# ---------------------------------------------------------------------------- one route, one line away from its origin

@pytest.fixture(scope="module")
def ke(gaz):
    """The gazetteer's ids of some Kenyan towns (looked up, not written in), and the gazetteer."""
    return {name: place_id_of(gaz, name) for name in ("Nairobi", "Mombasa", "Garissa", "Lamu", "Voi")}, gaz


def test_movements_that_go_different_ways_are_different_routes(ke):
    """North-east to Garissa and south-east to Mombasa: Garissa is nearer Mombasa than Nairobi is, but going
    through it is a 60 % detour, so these are two lines, not one through both."""
    ids, world = ke
    legs = [mk("a", ids["Nairobi"], ids["Mombasa"]), mk("b", ids["Nairobi"], ids["Garissa"])]
    routes = build_routes(legs, world, None)
    assert sorted(r.waypoints for r in routes) == sorted([(ids["Nairobi"], ids["Mombasa"]),
                                                          (ids["Nairobi"], ids["Garissa"])])


def test_a_leg_that_goes_on_from_the_last_stop_extends_the_route(ke):
    ids, world = ke
    legs = [mk("a", ids["Nairobi"], ids["Mombasa"]), mk("b", ids["Mombasa"], ids["Lamu"], start=20)]
    [route] = build_routes(legs, world, None)
    assert route.waypoints == (ids["Nairobi"], ids["Mombasa"], ids["Lamu"])


def test_a_leg_that_turns_back_toward_the_origin_is_a_movement_of_its_own(ke):
    """Buses going back from the coast for more people do not make the coast route zigzag."""
    ids, world = ke
    legs = [mk("a", ids["Nairobi"], ids["Mombasa"]), mk("a", ids["Mombasa"], ids["Nairobi"], "planned", start=20)]
    routes = build_routes(legs, world, None)
    assert len(routes) == 2
    assert all(len(set(r.waypoints)) == len(r.waypoints) == 2 for r in routes)


@pytest.mark.parametrize("modes, lines", [
    ((None, None), 1),  # a stop on the road to the coast: one movement, one line through it
    (("road", "road"), 1),
    (("air", "air"), 2),  # a flight to Voi and a flight to Mombasa are two airlifts, not one line
    (("road", "air"), 2),  # a convoy to Voi is no stage of a flight to Mombasa
])
def test_a_stop_on_the_way_joins_the_route_only_by_land_and_the_same_means(ke, modes, lines):
    ids, world = ke
    legs = [mk("a", ids["Nairobi"], ids["Mombasa"], mode=modes[0]),
            mk("b", ids["Nairobi"], ids["Voi"], mode=modes[1], start=20)]
    routes = build_routes(legs, world, None)
    assert len(routes) == lines, [r.waypoints for r in routes]
    if lines == 1:
        assert routes[0].waypoints == (ids["Nairobi"], ids["Voi"], ids["Mombasa"])


# ------------------------------------------------------------------------------ stops of a route, in order

def _written_legs(text: str, gaz) -> list[Leg]:
    import hashlib

    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.model import Article
    from evacmap.corpus.sentences import split_sentences
    from evacmap.geo.legs import extract_legs

    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    return extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz)


def test_a_country_entered_comes_before_the_towns_reached_inside_it(gaz):
    """"Overland to Ethiopia", then towns inside Ethiopia: the route enters the country first, however far
    the country's own point lies (Ethiopia's is beyond Addis Ababa), and no later leg is drawn from that point."""
    text = ("Turkey has taken hundreds of its citizens out of Sudan overland to Ethiopia, the foreign minister said. "
            "They were then driven to Gondar and flown to Addis Ababa. "
            "They will then be flown home from Addis Ababa to Istanbul.")
    legs = _written_legs(text, gaz)
    route = next(r for r in build_routes(legs, gaz) if "Istanbul" in r.label)
    names = [gaz.get(pid).name for pid in route.waypoints]
    assert names.index("Ethiopia") < names.index("Addis Ababa") < names.index("Istanbul"), names
    ethiopia = gaz.get(next(pid for pid in route.waypoints if gaz.get(pid).name == "Ethiopia"))
    centre = (ethiopia.lon, ethiopia.lat)
    for leg in route.legs:
        assert leg.geometry is None or centre not in [tuple(c) for c in leg.geometry.coords], leg.notes


def test_a_flight_on_from_a_country_continues_the_one_that_landed_there_not_one_still_flying(gaz):
    """"landed at Doha's airport" (done), "a second plane was on its way to Qatar" (under way), "carrying the
    first 100 of them on from Qatar landed in Madrid" (done): the onward flight goes on from the airport where
    the first plane landed, since a flight reported as done cannot go on from one still in the air."""
    text = ("The first Spanish plane left Kabul on Monday with 110 evacuees and landed at Doha's Hamad "
            "International Airport in the evening. A second Spanish plane was on its way from Kabul to Qatar on "
            "Tuesday evening. A chartered airliner carrying the first 100 of them on from Qatar landed in Madrid "
            "on Tuesday morning, the Spanish Defence Ministry said.")
    routes = {r.label: r for r in build_routes(_written_legs(text, gaz), gaz)}
    assert set(routes) == {"Kabul → Hamad International Airport → Madrid", "Kabul → Qatar"}, list(routes)
    onward = next(lg for lg in routes["Kabul → Hamad International Airport → Madrid"].legs
                  if gaz.get(lg.to_id).name == "Madrid")
    airport = gaz.get(onward.drawn_from)
    assert airport.name == "Hamad International Airport"
    assert onward.geometry.coords[0] == pytest.approx((airport.lon, airport.lat))


# ------------------------------------------------------------------------------ where people arrived

def _ends(text: str, gaz) -> list[tuple[str | None, str | None]]:
    """(origin id, destination id) of each leg of a written text."""
    return [(leg.origin, leg.destination) for leg in _written_legs(text, gaz)]


@pytest.mark.parametrize("text, origin, destination", [
    # the scene a sentence opens with is where an arrival with no place of its own happened
    ("At a sports centre in Yamagata, people from the coast arrived through falling snow this week.",
     None, "Yamagata"),
    ("In the mountain district of Iwaki, about 10,000 people had arrived by nightfall, officials said.",
     None, "Iwaki"),
    ("In Iwaki, 300 people arrived from Okuma on Monday.", "Okuma", "Iwaki"),
    # a facility in a place: the place is where the movement went, the words between are no obstacle
    ("The last bus of patients from Okuma reached a high school in Iwaki late on Monday.", "Okuma", "Iwaki"),
    ("Soldiers began moving patients by bus, with the first group taken to a health office in Iwaki.",
     None, "Iwaki"),
])
def test_where_people_arrived_when_the_place_is_set_apart_from_the_verb(gaz, text, origin, destination):
    ends = _ends(text, gaz)
    want = (origin and place_id_of(gaz, origin), place_id_of(gaz, destination))
    assert any(d == want[1] and (origin is None or o == want[0]) for o, d in ends), (ends, want)


def test_a_scene_where_someone_speaks_is_no_destination(gaz):
    """"In Washington, officials said 300 people had arrived": where they spoke, not where people arrived."""
    text = "In Washington, officials said 300 people had arrived."
    assert all(d != place_id_of(gaz, "Washington") for _o, d in _ends(text, gaz))


def test_an_arrival_at_this_port_goes_to_the_dateline_place(gaz):
    """"MERSIN, Turkey - Hundreds came ashore at this Turkish port": the reporter's place is where they
    arrived; with no dateline, "this port" names nothing."""
    text = "Hundreds of Canadians who fled Beirut came ashore at this Turkish port on Monday."
    mersin = place_id_of(gaz, "Mersin")
    assert (place_id_of(gaz, "Beirut"), mersin) in _ends("MERSIN, Turkey - " + text, gaz)
    assert all(d != mersin for _o, d in _ends(text, gaz))
