"""Map pages: prepared GeoDataFrames in, one self-contained, deterministic, offline HTML page out.

The page is built from folium elements (map, feature groups, vector layers, layer control) with
Leaflet 1.9.4 inlined (see ``maps.assets``). A few things are deliberately *not* folium's:

- no CDN bundles: the map class has empty ``default_js``/``default_css``; rendering fails loudly if
  any element asks for an external script or stylesheet;
- no folium ``Popup``/``Tooltip``: they need jQuery and paste HTML into JS template literals.
  Instead every popup is a clone of the matching entry in the page's plain-HTML text version
  (``evm.popup(layer, id)`` in templates/evacmap.js), which jinja autoescaped once; tooltips and
  labels are DOM text nodes (``evm.t(text)``). Data therefore never reaches ``innerHTML`` from JS, except layer names and the
  attribution line, which Leaflet inserts as HTML and which are ``html.escape``d here;
- stable element ids: folium's random ids are replaced by a counter for the duration of a render,
  so the same input gives the same bytes.

Public API: ``MapSpec``, ``MapData``, ``render_map``, ``render_embed_page``, ``embed_snippet``,
``render_index``.
"""

from __future__ import annotations

import html
import itertools
import json
import math
import re
import threading
from collections.abc import Iterable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import folium
import jinja2
from branca.element import CssLink, Element, Figure, JavascriptLink, MacroElement
from folium.template import Template

from evacmap.maps import pages

__all__ = [
    "CONTROLLER_STYLE",
    "ROUTE_COLOURS",
    "MapData",
    "MapSpec",
    "embed_snippet",
    "render_embed_page",
    "render_index",
    "render_map",
]


# --------------------------------------------------------------------------------------------------
# Input contract
# --------------------------------------------------------------------------------------------------


@dataclass
class MapSpec:
    """Which map to draw: ``name`` is a filename-safe slug, ``bounds`` is (minlon, minlat, maxlon, maxlat)."""

    name: str
    title: str
    bounds: tuple[float, float, float, float]
    date: str | None = None
    description: str = ""


@dataclass
class MapData:
    """What to draw on it, as the build prepares it (EPSG:4326 frames; columns as listed in the fields'
    comments and in tests/conftest_browser.py, which builds a realistic example)."""

    title: str
    date: str | None
    outlets: list[str]
    places: Any  # GeoDataFrame of Points
    routes: Any  # GeoDataFrame of LineStrings, one row per leg
    zones: Any  # GeoDataFrame of Polygons
    basemap: dict = field(default_factory=dict)  # "countries", "governorates" -> GeoDataFrame
    attribution: str = ""


# --------------------------------------------------------------------------------------------------
# Style: colour-blind-aware palettes (ColorBrewer RdBu/PRGn/PuOr families), checked against each other
# --------------------------------------------------------------------------------------------------

# controller -> (fill, stroke, legend label)
CONTROLLER_STYLE: dict[str, tuple[str, str, str]] = {
    "government": ("#e0735f", "#b2182b", "Government"),
    "opposition": ("#5aae61", "#1b7837", "Opposition"),
    "contested": ("#f4b35e", "#b35806", "Contested"),
    "besieged": ("#a584c4", "#5e3c99", "Besieged (holder not stated)"),
}
_OTHER_CONTROLLER = ("#bdbdbd", "#636363", "Other / unknown")
CONTROLLER_ORDER = ["government", "opposition", "besieged", "contested"]

# one colour per route; none of them is a zone colour
ROUTE_COLOURS = ["#2166ac", "#1a1a1a", "#01665e", "#c51b7d", "#8c510a", "#4d4d4d"]
PLACE_FILL = "#262626"
RING_COLOUR = "#3d3d3d"
DASHED_STATUSES = {"planned", "optional"}

# CircleMarker radius (px) by place kind
KIND_RADIUS = {
    "country": 8,
    "city": 8,
    "governorate": 7,
    "region": 7,
    "town": 6,
    "crossing": 5,
    "checkpoint": 5,
    "camp": 5,
    "district": 5,
    "neighbourhood": 5,
    "neighborhood": 5,
    "village": 4.5,
}
_DEFAULT_RADIUS = 5
# which places get a label first when labels would collide
_KIND_RANK = {"country": 0, "city": 1, "governorate": 2, "region": 3, "crossing": 4, "town": 5}

# map panes, bottom to top (Leaflet's own: tiles 200, overlay 400, markers 600, tooltips 650)
PANES = [
    ("evm-base", 350),
    ("evm-baselabels", 360),
    ("evm-zones", 410),
    ("evm-halos", 415),
    ("evm-casing", 418),
    ("evm-routes", 420),
    ("evm-arrows", 430),
    ("evm-places", 440),
    ("evm-rings", 445),
]

_VARIANTS = {
    # assumed map size in CSS px, used only to pre-compute the fit zoom and label placement
    "page": {"size": (960, 600), "collapsed": False, "scroll_zoom": True, "popup_width": 340, "popup_height": 320},
    "embed": {"size": (640, 480), "collapsed": True, "scroll_zoom": False, "popup_width": 280, "popup_height": 260},
}


# --------------------------------------------------------------------------------------------------
# Normalising the frames into plain records (lists, strings, floats; no NaN, no numpy)
# --------------------------------------------------------------------------------------------------


def _missing(v: Any) -> bool:
    if v is None:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    try:
        import pandas as pd

        if v is pd.NA or v is pd.NaT:
            return True
    except ImportError:  # pragma: no cover
        pass
    return False


def _text(v: Any) -> str:
    if _missing(v):
        return ""
    if isinstance(v, (list, tuple)):
        return ", ".join(_text(x) for x in v if _text(x))
    return str(v).strip()


def _items(v: Any) -> list:
    if _missing(v):
        return []
    if isinstance(v, (str, bytes, dict)):
        return [v]
    try:
        return list(v)
    except TypeError:
        return [v]


def _bool(v: Any) -> bool:
    if _missing(v):
        return False
    if isinstance(v, str):
        return v.strip().lower() in {"1", "true", "yes", "y"}
    return bool(v)


def _num(v: Any) -> float | None:
    if _missing(v):
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(f) or math.isinf(f) else f


def _rows(gdf: Any) -> list[dict]:
    """The rows of a (Geo)DataFrame as dicts in EPSG:4326, in frame order; [] for None/empty."""
    if gdf is None or len(gdf) == 0:
        return []
    crs = getattr(gdf, "crs", None)
    if crs is not None and hasattr(gdf, "to_crs"):
        try:
            if crs.to_epsg() != 4326:
                gdf = gdf.to_crs(4326)
        except Exception:
            pass
    geom_col = getattr(gdf, "geometry", None)
    geom_name = geom_col.name if geom_col is not None else "geometry"
    out = []
    for rec in gdf.to_dict("records"):
        rec["geometry"] = rec.get(geom_name)
        out.append(rec)
    return out


@dataclass
class Claim:
    outlet: str
    article: str
    url: str | None
    text: str
    speaker: str
    date: str
    quantities: list[str]
    claim_id: str


@dataclass
class Place:
    idx: int
    id: str
    name: str
    kind: str
    lat: float
    lon: float
    precision_m: float | None
    source: str
    citation: str
    approximate: bool
    zone: str
    by_outlet: list[tuple[int, str, list[Claim]]]  # (outlet index, outlet, claims)
    disagree: bool
    disagree_notes: list[str]
    radius: float

    @property
    def dom_id(self) -> str:
        return f"place-{self.idx}"

    def outlet_dom_id(self, outlet_idx: int) -> str:
        return f"place-{self.idx}-o{outlet_idx}"

    @property
    def n_claims(self) -> int:
        return sum(len(c) for _, _, c in self.by_outlet)


@dataclass
class Source:
    outlet: str
    article: str
    url: str | None
    text: str


@dataclass
class Leg:
    idx: int
    leg_id: str
    route_idx: int
    from_name: str
    to_name: str
    via: list[str]
    who: str
    status: str
    sources: list[Source]
    length_km: float | None
    lines: list[list[list[float]]]  # parts, each [[lat, lon], ...]

    @property
    def dom_id(self) -> str:
        return f"leg-{self.idx}"

    @property
    def dashed(self) -> bool:
        return self.status in DASHED_STATUSES

    @property
    def outlets(self) -> list[str]:
        return list(dict.fromkeys(s.outlet for s in self.sources if s.outlet))  # in order, once each


@dataclass
class Route:
    idx: int
    route_id: str
    label: str
    colour: str
    legs: list[Leg]

    @property
    def dom_id(self) -> str:
        return f"route-{self.idx}"

    @property
    def who(self) -> list[str]:
        return list(dict.fromkeys(leg.who for leg in self.legs if leg.who))  # in order, once each


@dataclass
class ZoneClaim:
    outlet: str
    article: str
    text: str


@dataclass
class Zone:
    idx: int
    id: str
    controller: str
    label: str
    valid_from: str
    valid_to: str
    source: str
    confidence: str
    note: str
    approximate: bool
    claims: list[ZoneClaim]
    mismatches: list[str]
    polygons: list[list[list[list[float]]]]  # polygons, each [outer ring, holes...], ring [[lat, lon], ...]

    @property
    def dom_id(self) -> str:
        return f"zone-{self.idx}"

    @property
    def style(self) -> tuple[str, str, str]:
        return CONTROLLER_STYLE.get(self.controller, _OTHER_CONTROLLER)


@dataclass
class Model:
    title: str
    date: str | None
    outlets: list[str]
    places: list[Place]
    routes: list[Route]
    zones: list[Zone]
    attribution: str
    basemap: dict[str, list[dict]]  # layer -> [{"geometry": geojson dict, "name": str, "label_at": (lat, lon)|None}]

    @property
    def legs(self) -> list[Leg]:
        return [leg for r in self.routes for leg in r.legs]

    def outlet_places(self, outlet_idx: int) -> list[Place]:
        return [p for p in self.places if any(j == outlet_idx for j, _, _ in p.by_outlet)]

    def outlet_legs(self, outlet: str) -> list[Leg]:
        return [leg for leg in self.legs if outlet in leg.outlets]

    @property
    def zone_dates(self) -> list[str]:
        ds = sorted({z.valid_from for z in self.zones if z.valid_from} | {z.valid_to for z in self.zones if z.valid_to})
        return ds


def _r(x: float, nd: int = 5) -> float:
    v = round(float(x), nd)
    return 0.0 if v == 0 else v  # no "-0.0"


def _line_parts(geom: Any) -> list[list[list[float]]]:
    if geom is None or getattr(geom, "is_empty", True):
        return []
    gt = geom.geom_type
    if gt == "LineString":
        parts = [geom]
    elif gt in ("MultiLineString", "GeometryCollection"):
        parts = [g for g in geom.geoms if g.geom_type == "LineString" and not g.is_empty]
    else:
        return []
    return [[[_r(y), _r(x)] for x, y, *_ in p.coords] for p in parts if len(p.coords) >= 2]


def _polygons(geom: Any) -> list[list[list[list[float]]]]:
    if geom is None or getattr(geom, "is_empty", True):
        return []
    gt = geom.geom_type
    if gt == "Polygon":
        polys = [geom]
    elif gt in ("MultiPolygon", "GeometryCollection"):
        polys = [g for g in geom.geoms if g.geom_type == "Polygon" and not g.is_empty]
    else:
        return []

    def ring(r):
        return [[_r(y), _r(x)] for x, y, *_ in r.coords]

    return [[ring(p.exterior)] + [ring(h) for h in p.interiors] for p in polys]


def _claim(d: Any, outlet_default: str = "") -> Claim | None:
    if not isinstance(d, dict):
        return None
    return Claim(
        outlet=_text(d.get("outlet")) or outlet_default,
        article=_text(d.get("article")),
        url=pages.safe_url(d.get("url")),
        text=_text(d.get("text")),
        speaker=_text(d.get("speaker")),
        date=_text(d.get("date")),
        quantities=[_text(q) for q in _items(d.get("quantities")) if _text(q)],
        claim_id=_text(d.get("claim_id")),
    )


def prepare(data: MapData) -> Model:
    """Normalise the frames of ``data`` into plain records, in a deterministic order."""
    outlets: list[str] = []
    for o in _items(data.outlets):
        t = _text(o)
        if t and t not in outlets:
            outlets.append(t)
    extra: set[str] = set()

    place_rows = _rows(data.places)
    route_rows = _rows(data.routes)
    zone_rows = _rows(data.zones)

    # outlets that appear only in claims/sources still get a toggle (after the declared ones)
    for rec in place_rows:
        for d in _items(rec.get("claims")):
            if isinstance(d, dict) and _text(d.get("outlet")):
                extra.add(_text(d.get("outlet")))
    for rec in route_rows:
        for d in _items(rec.get("sources")):
            if isinstance(d, dict) and _text(d.get("outlet")):
                extra.add(_text(d.get("outlet")))
    outlets += sorted(extra - set(outlets))
    outlet_index = {o: i for i, o in enumerate(outlets)}

    places: list[Place] = []
    for rec in place_rows:
        g = rec["geometry"]
        if g is None or g.is_empty or g.geom_type != "Point":
            continue
        claims = [c for c in (_claim(d) for d in _items(rec.get("claims"))) if c is not None]
        grouped: dict[str, list[Claim]] = {}
        for c in claims:
            grouped.setdefault(c.outlet, []).append(c)
        by_outlet = sorted(
            ((outlet_index.get(o, len(outlets)), o, cs) for o, cs in grouped.items() if o),
            key=lambda t: t[0],
        )
        kind = _text(rec.get("kind")).lower()
        places.append(
            Place(
                idx=len(places) + 1,
                id=_text(rec.get("id")),
                name=_text(rec.get("name")) or _text(rec.get("id")) or "Unnamed place",
                kind=kind,
                lat=_r(g.y),
                lon=_r(g.x),
                precision_m=_num(rec.get("precision_m")),
                source=_text(rec.get("source")),
                citation=_text(rec.get("citation")),
                approximate=_bool(rec.get("approximate")),
                zone=_text(rec.get("zone")),
                by_outlet=by_outlet,
                disagree=_bool(rec.get("disagree")),
                disagree_notes=[_text(n) for n in _items(rec.get("disagree_notes")) if _text(n)],
                radius=KIND_RADIUS.get(kind, _DEFAULT_RADIUS),
            )
        )

    routes: list[Route] = []
    by_route: dict[str, Route] = {}
    leg_counter = itertools.count(1)
    for rec in route_rows:
        rid = _text(rec.get("route_id")) or _text(rec.get("route_label")) or "route"
        if rid not in by_route:
            ri = len(routes)
            route = Route(
                idx=ri + 1,
                route_id=rid,
                label=_text(rec.get("route_label")) or rid,
                colour=ROUTE_COLOURS[ri % len(ROUTE_COLOURS)],
                legs=[],
            )
            by_route[rid] = route
            routes.append(route)
        route = by_route[rid]
        lines = _line_parts(rec["geometry"])  # empty: the leg is listed in the text but not drawn
        sources = []
        for d in _items(rec.get("sources")):
            if isinstance(d, dict):
                sources.append(
                    Source(
                        outlet=_text(d.get("outlet")),
                        article=_text(d.get("article")),
                        url=pages.safe_url(d.get("url")),
                        text=_text(d.get("text")),
                    )
                )
        route.legs.append(
            Leg(
                idx=next(leg_counter),
                leg_id=_text(rec.get("leg_id")),
                route_idx=route.idx,
                from_name=_text(rec.get("from_name")),
                to_name=_text(rec.get("to_name")),
                via=[_text(v) for v in _items(rec.get("via_names")) if _text(v)],
                who=_text(rec.get("who")),
                status=_text(rec.get("status")).lower() or "happened",
                sources=sources,
                length_km=_num(rec.get("length_km")),
                lines=lines,
            )
        )
    routes = [r for r in routes if r.legs]

    zones: list[Zone] = []
    for rec in zone_rows:
        polys = _polygons(rec["geometry"])
        if not polys:
            continue
        zclaims = []
        for d in _items(rec.get("claims")):
            if isinstance(d, dict):
                zclaims.append(ZoneClaim(_text(d.get("outlet")), _text(d.get("article")), _text(d.get("text"))))
        zones.append(
            Zone(
                idx=len(zones) + 1,
                id=_text(rec.get("id")),
                controller=_text(rec.get("controller")).lower(),
                label=_text(rec.get("label")) or _text(rec.get("id")) or "Area",
                valid_from=_text(rec.get("valid_from")),
                valid_to=_text(rec.get("valid_to")),
                source=_text(rec.get("source")),
                confidence=_text(rec.get("confidence")),
                note=_text(rec.get("note")),
                approximate=_bool(rec.get("approximate")),
                claims=zclaims,
                mismatches=[_text(m) for m in _items(rec.get("mismatches")) if _text(m)],
                polygons=polys,
            )
        )

    return Model(
        title=_text(data.title),
        date=_text(data.date) or None,
        outlets=outlets,
        places=places,
        routes=routes,
        zones=zones,
        attribution=_text(data.attribution),
        basemap={},
    )


# --------------------------------------------------------------------------------------------------
# Geometry in Web Mercator "world units" (0..1, y down): fit zoom, label collisions, arrow angles
# --------------------------------------------------------------------------------------------------


def _mx(lon: float) -> float:
    return (lon + 180.0) / 360.0


def _my(lat: float) -> float:
    lat = max(-85.0511, min(85.0511, lat))
    s = math.sin(math.radians(lat))
    return 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)


def _unmx(x: float) -> float:
    return x * 360.0 - 180.0


def _unmy(y: float) -> float:
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y))))


def fit_zoom(bounds: Sequence[float], width: int, height: int, pad: int = 8, snap: float = 0.25) -> float:
    """The zoom Leaflet's ``fitBounds`` picks for these bounds in a map of this size (given zoomSnap)."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    dx = max(abs(_mx(maxlon) - _mx(minlon)), 1e-9)
    dy = max(abs(_my(minlat) - _my(maxlat)), 1e-9)
    z = math.log2(min((width - 2 * pad) / (dx * 256), (height - 2 * pad) / (dy * 256)))
    z = math.floor(z / snap + 1e-9) * snap
    return max(0.0, min(18.0, z))


LABEL_LEVELS = 6  # zoom steps (z0, z0+1, ...) at which label placement is decided


@dataclass
class Label:
    """A map label to place: beside a marker ("side") or centred on a point ("center")."""

    key: tuple
    x: float  # Web Mercator world units (0..1, y down)
    y: float
    w: float  # px
    h: float  # px
    mode: str = "center"
    r: float = 0.0  # marker radius, "side" labels
    own: int | None = None  # the place whose marker this label belongs to
    extent: tuple[float, float] | None = None  # zone size in world units: the label must fit inside
    level: int = LABEL_LEVELS  # first zoom step (z0 + level) at which it is shown
    side: str = "right"

    def box(self, side: str, scale: float) -> tuple[float, float, float, float]:
        px, py = self.x * scale, self.y * scale
        if side == "right":
            return (px + self.r + 3, py - self.h / 2, px + self.r + 3 + self.w, py + self.h / 2)
        if side == "left":
            return (px - self.r - 3 - self.w, py - self.h / 2, px - self.r - 3, py + self.h / 2)
        return (px - self.w / 2, py - self.h / 2, px + self.w / 2, py + self.h / 2)


def layout_labels(labels: list[Label], markers: list[tuple[float, float, float, int]], z0: float) -> None:
    """Greedy, deterministic label placement by zoom step. ``labels`` come in priority order; each gets
    the first step ``k`` (zoom ``z0 + k``) at which it overlaps no label placed before it and no marker
    (``markers``: x, y, radius px, place idx). Distances only grow when zooming in, so a label shown at
    one zoom still fits at the next."""
    for k in range(LABEL_LEVELS):
        scale = 256 * 2 ** (z0 + k)
        boxes = [lab.box(lab.side, scale) for lab in labels if lab.level <= k]
        for lab in labels:
            if lab.level <= k:
                continue
            if lab.extent is not None and (lab.extent[0] * scale < lab.w + 12 or lab.extent[1] * scale < lab.h + 8):
                continue
            for side in ("right", "left") if lab.mode == "side" else ("center",):
                b = lab.box(side, scale)
                if any(not (b[2] < o[0] or o[2] < b[0] or b[3] < o[1] or o[3] < b[1]) for o in boxes):
                    continue
                hit = False
                for mx, my, mr, idx in markers:
                    if idx == lab.own:
                        continue
                    cx, cy, rr = mx * scale, my * scale, mr + 1
                    if b[0] - rr < cx < b[2] + rr and b[1] - rr < cy < b[3] + rr:
                        hit = True
                        break
                if hit:
                    continue
                lab.level, lab.side = k, side
                boxes.append(b)
                break


def _text_w(text: str, per_char: float) -> float:
    return per_char * len(text) + 6


def plan_labels(model: Model, z0: float) -> dict[tuple, Label]:
    """Labels for places, zones and basemap names, placed together (places first, then zones, then
    countries, then governorates)."""
    from shapely.geometry import Polygon as _Poly

    labels: list[Label] = []
    for p in sorted(model.places, key=lambda p: (-len(p.by_outlet), _KIND_RANK.get(p.kind, 9), -p.n_claims, p.idx)):
        labels.append(Label(("place", p.idx), _mx(p.lon), _my(p.lat), _text_w(p.name, 7.0), 16, "side", p.radius, p.idx))
    zlabels = []
    for z in model.zones:
        ring = z.polygons[0][0]
        if len(ring) < 3:
            continue
        poly = _Poly([(_mx(lon), _my(lat)) for lat, lon in ring])
        if poly.is_empty or poly.area <= 0:
            continue
        c = poly.centroid
        minx, miny, maxx, maxy = poly.bounds
        w = _text_w(z.label, 7.6)
        lines = max(1, math.ceil(w / 150))
        lab = Label(("zone", z.idx), c.x, c.y, min(w, 150), 15 * lines, extent=(maxx - minx, maxy - miny))
        zlabels.append((-poly.area, z.idx, lab))
    labels += [lab for *_, lab in sorted(zlabels, key=lambda t: (t[0], t[1]))]
    for layer, per_char in (("countries", 11.5), ("governorates", 6.6)):
        for i, f in enumerate(model.basemap.get(layer) or []):
            if f["label_at"]:
                lat, lon = f["label_at"]
                labels.append(Label(("base", layer, i), _mx(lon), _my(lat), _text_w(f["name"], per_char), 16))
    markers = [(_mx(p.lon), _my(p.lat), p.radius, p.idx) for p in model.places]
    layout_labels(labels, markers, z0)
    return {lab.key: lab for lab in labels}


def arrow_points(lines: list[list[list[float]]], spacing: float) -> list[list[float]]:
    """Arrow positions along a leg as [lat, lon, screen angle in degrees (0 = east, clockwise)].

    ``spacing`` is in Web Mercator world units; Mercator is conformal, so the angle computed here is
    the on-screen angle at every zoom level."""
    from shapely.geometry import LineString

    out: list[list[float]] = []
    for part in lines:
        merc = LineString([(_mx(lon), _my(lat)) for lat, lon in part])
        length = merc.length
        if length <= 0:
            continue
        n = max(1, min(6, int(length / spacing + 0.5)))
        delta = length / 50
        for k in range(n):
            d = length * (k + 0.5) / n
            a = merc.interpolate(max(0.0, d - delta))
            b = merc.interpolate(min(length, d + delta))
            c = merc.interpolate(d)
            angle = math.degrees(math.atan2(b.y - a.y, b.x - a.x))
            out.append([_r(_unmy(c.y)), _r(_unmx(c.x)), round(angle, 1)])
    return out


def prepare_basemap(basemap: dict, bounds: Sequence[float]) -> dict[str, list[dict]]:
    """Clip the basemap layers to a generous box around ``bounds``, simplify for the map's scale and
    round coordinates (1e-4 degrees, ~10 m), keeping the page small."""
    import shapely
    from shapely.geometry import box, mapping

    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    span = max(maxlon - minlon, maxlat - minlat, 0.01)
    clip = box(minlon - 1.5 * span, minlat - 1.5 * span, maxlon + 1.5 * span, maxlat + 1.5 * span)
    view = box(minlon, minlat, maxlon, maxlat)
    tolerance = span / 1500
    out: dict[str, list[dict]] = {}
    for layer in ("countries", "governorates"):
        gdf = (basemap or {}).get(layer)
        feats = []
        for rec in _rows(gdf):
            g = rec["geometry"]
            if g is None or g.is_empty:
                continue
            try:
                g = g.intersection(clip)
            except Exception:
                g = shapely.make_valid(g).intersection(clip)
            if g.is_empty:
                continue
            g = g.simplify(tolerance, preserve_topology=True)
            g = shapely.set_precision(g, 1e-4)
            if g.is_empty:
                continue
            name = _text(rec.get("name"))
            label_at = None
            inview = g.intersection(view) if g.geom_type.endswith("Polygon") else None
            # name a unit only where the view shows some of its edge (a city map inside one country
            # needs no country name across it)
            if name and inview is not None and not inview.is_empty and 0.02 * view.area < inview.area < 0.85 * view.area:
                pt = inview.representative_point()
                label_at = (_r(pt.y, 4), _r(pt.x, 4))
            feats.append({"geometry": _round_geojson(mapping(g)), "name": name, "label_at": label_at})
        out[layer] = feats
    return out


def _round_geojson(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _round_geojson(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        if obj and all(isinstance(v, (int, float)) for v in obj):
            return [_r(v, 4) for v in obj]
        return [_round_geojson(v) for v in obj]
    return obj


# --------------------------------------------------------------------------------------------------
# folium elements
# --------------------------------------------------------------------------------------------------


def js(obj: Any) -> str:
    """A JSON literal that is safe inside an inline <script> (no '<', '>', '&', quote or line separators)."""
    return (
        json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("'", "\\u0027")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


class EvacMap(folium.Map):
    """A folium Map with no CDN bundles and a lean template (viewport, size and styles come from the page)."""

    default_js: list = []
    default_css: list = []

    _template = Template(
        """
        {% macro html(this, kwargs) %}
<div class="folium-map evm-map" id={{ this.get_name()|tojson }} role="region" aria-label="{{ this.aria_label }}"></div>
        {% endmacro %}
        {% macro script(this, kwargs) %}
var {{ this.get_name() }} = L.map({{ this.get_name()|tojson }}, {{ this.js_options }});
evm.setup({{ this.get_name() }}, {{ this.js_setup }});
        {% endmacro %}
        """
    )

    def __init__(self, *, aria_label: str, js_options: dict, js_setup: dict, **kwargs: Any):
        super().__init__(tiles=None, **kwargs)
        self.aria_label = html.escape(aria_label, quote=True)
        self.js_options = js(js_options)
        self.js_setup = js(js_setup)


class _Call(MacroElement):
    """``evm.<fn>(<parent>, <json args...>)`` — a small call into the page's helper script."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
{{ this.prefix }}evm.{{ this.fn }}({{ this._parent.get_name() }}{% for a in this.args %}, {{ a }}{% endfor %});
        {% endmacro %}
        """
    )

    def __init__(self, fn: str, *args: Any, assign: bool = False, name: str = "Call"):
        super().__init__()
        self._name = name
        self.fn = fn
        self.args = [js(a) for a in args]
        self.prefix = f"var {self.get_name()} = " if assign else ""


def dom_popup(target_id: str, variant: str) -> _Call:
    v = _VARIANTS[variant]
    return _Call("popup", target_id, {"maxWidth": v["popup_width"], "maxHeight": v["popup_height"]}, name="Popup")


def text_tooltip(text: str, options: dict) -> _Call:
    return _Call("tooltip", text, options, name="Tooltip")


class _Finish(MacroElement):
    _template = Template(
        """
        {% macro script(this, kwargs) %}
evm.finish({{ this._parent.get_name() }}, {{ this.cfg }}, {{ this.control }}, {{ this.tiles }}, [{{ this.base|join(", ") }}]);
        {% endmacro %}
        """
    )

    def __init__(self, cfg: dict, control: Element, tiles: Element | None, base: list[Element]):
        super().__init__()
        self._name = "Finish"
        self.cfg = js(cfg)
        self.control = control.get_name()
        self.tiles = tiles.get_name() if tiles is not None else "null"
        self.base = [b.get_name() for b in base]


def _path(el: Element, **extra: Any) -> Element:
    """Add Leaflet path options folium's ``path_options`` does not pass through (pane, interactive)."""
    el.options.update(extra)
    return el


def _layer_name(text: str, swatch: str = "") -> str:
    # Leaflet's layer control inserts names as HTML: escape the data, keep our markup
    return f'<span class="evm-lc">{swatch}{html.escape(text, quote=True)}</span>'


_lock = threading.Lock()


@contextmanager
def stable_ids():
    """Within the block every new folium/branca element gets the next id of a fresh counter, and an element
    made from a string keeps that string as text.

    The second matters for safety: branca wraps each element's *rendered* output in ``Element(output)``, and
    ``Element`` compiles its string as a Jinja template. Output carrying data ("Outlet {{ 6*7 }}" in a
    user's config, a zone label) would be evaluated as a template at build time: template injection, and
    arbitrary Python, since branca's templates are not sandboxed. Every folium/branca call of
    ``Element(string)`` passes already-rendered output, so inside our renders the string is emitted
    verbatim (which also saves a template compile per element)."""
    counter = itertools.count(1)
    original_id = Element.__dict__["_generate_id"]
    original_init = Element.__init__

    def literal_init(self, template=None, template_name=None):
        original_init(self, None, template_name)
        if template is not None:
            self._template_str = template
            self._template = _VERBATIM

    with _lock:
        Element._generate_id = classmethod(lambda cls: f"{next(counter):04d}")  # type: ignore[assignment]
        Element.__init__ = literal_init  # type: ignore[method-assign]
        try:
            yield
        finally:
            Element._generate_id = original_id  # type: ignore[assignment]
            Element.__init__ = original_init  # type: ignore[method-assign]


_VERBATIM = jinja2.Template("{{ this._template_str }}", autoescape=False)


def _fmt_count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def build_map(spec: MapSpec, model: Model, variant: str, online_tiles: bool) -> tuple[Figure, EvacMap]:
    v = _VARIANTS[variant]
    minlon, minlat, maxlon, maxlat = (float(b) for b in spec.bounds)
    width, height = v["size"]
    z0 = fit_zoom(spec.bounds, width, height)
    labels = plan_labels(model, z0)

    def lz(key: tuple) -> str:
        lab = labels.get(key)
        return f"evm-lz{lab.level if lab else LABEL_LEVELS}"
    span_world = math.hypot(_mx(maxlon) - _mx(minlon), _my(minlat) - _my(maxlat))

    m = EvacMap(
        location=[_r((minlat + maxlat) / 2), _r((minlon + maxlon) / 2)],
        zoom_start=z0,
        aria_label=f"Map: {spec.title}. A text version of everything on the map follows it.",
        js_options={
            "center": [_r((minlat + maxlat) / 2), _r((minlon + maxlon) / 2)],
            "zoom": z0,
            "minZoom": max(0, math.floor(z0) - 3),
            "maxZoom": 18,
            "scrollWheelZoom": v["scroll_zoom"],
            "zoomSnap": 0.25,
        },
        js_setup={
            "panes": PANES,
            "attribution": html.escape(model.attribution, quote=True),
        },
    )
    fig = m.get_root()

    # basemap (not in the layer control: it is the paper the map is printed on)
    base_layers: list[Element] = []
    for layer, style in (
        ("countries", {"color": "#8f8f8f", "weight": 1, "fillColor": "#f6f4ef", "fillOpacity": 1, "fill": True}),
        ("governorates", {"color": "#a8a8a8", "weight": 0.8, "dashArray": "4 3", "fill": False}),
    ):
        feats = model.basemap.get(layer) or []
        if not feats:
            continue
        fc = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": f["geometry"]} for f in feats]}
        el = _Call("basemap", fc, style, assign=True, name=f"Basemap_{layer}")
        m.add_child(el)
        base_layers.append(el)
        names = [
            [f["label_at"][0], f["label_at"][1], f["name"], f"evm-{layer}-label {lz(('base', layer, i))}"]
            for i, f in enumerate(feats)
            if f["label_at"]
        ]
        if names:
            lab = _Call("labels", names, assign=True, name=f"Labels_{layer}")
            m.add_child(lab)
            base_layers.append(lab)

    # zones
    zones_fg = None
    if model.zones:
        when = pages.zone_when(model, spec.date)
        zones_fg = folium.FeatureGroup(name=_layer_name(f"Areas of control{' (' + when + ')' if when else ''}"), overlay=True)
        for z in model.zones:
            fill, stroke, _ = z.style
            # one Leaflet polygon per part (with its holes): folium validates at most rings-of-points,
            # so a MultiPolygon whose parts have holes is drawn part by part; the label goes on the
            # part with the most vertices, the popup on every part.
            parts = sorted(z.polygons, key=lambda rings: -sum(len(r) for r in rings))
            for k, rings in enumerate(parts):
                poly = folium.Polygon(
                    locations=rings[0] if len(rings) == 1 else rings,
                    color=stroke,
                    weight=1.5,
                    opacity=0.9,
                    fill_color=fill,
                    fill_opacity=0.3,
                    dash_array="6 4" if z.approximate else None,
                    class_name=f"evm-zone evm-zone-{z.idx} evm-ctl-{re.sub(r'[^a-z0-9]+', '-', z.controller) or 'unknown'}",
                )
                _path(poly, pane="evm-zones")
                poly.add_child(dom_popup(z.dom_id, variant))
                if k == 0:
                    poly.add_child(
                        text_tooltip(z.label, {"permanent": True, "direction": "center",
                                               "className": f"evm-zone-label {lz(('zone', z.idx))}"})
                    )
                zones_fg.add_child(poly)
        m.add_child(zones_fg)

    # routes: casing, line, arrows
    routes_fg = None
    if model.routes:
        routes_fg = folium.FeatureGroup(name=_layer_name("Routes"), overlay=True)
        spacing = span_world / 9
        for route in model.routes:
            for leg in route.legs:
                if not leg.lines:
                    continue
                locs = leg.lines[0] if len(leg.lines) == 1 else leg.lines
                if not leg.dashed:
                    casing = folium.PolyLine(locations=locs, color="#ffffff", weight=7, opacity=0.85, class_name="evm-casing")
                    routes_fg.add_child(_path(casing, pane="evm-casing", interactive=False))
                line = folium.PolyLine(
                    locations=locs,
                    color=route.colour,
                    weight=3 if leg.dashed else 4,
                    opacity=0.7 if leg.dashed else 0.95,
                    dash_array="7 6" if leg.dashed else None,
                    class_name=f"evm-leg evm-leg-{leg.idx} evm-route-{route.idx} evm-status-{re.sub(r'[^a-z0-9]+', '-', leg.status)}",
                )
                _path(line, pane="evm-routes")
                line.add_child(dom_popup(leg.dom_id, variant))
                tip = f"{route.label}: {leg.from_name} → {leg.to_name}" + (f" ({leg.status})" if leg.dashed else "")
                line.add_child(text_tooltip(tip, {"sticky": True, "className": "evm-tip"}))
                routes_fg.add_child(line)
                pts = arrow_points(leg.lines, spacing)
                if pts:
                    routes_fg.add_child(_Call("arrows", pts, route.colour, leg.dashed, name="Arrows"))
        m.add_child(routes_fg)

    # places
    places_fg = None
    if model.places:
        places_fg = folium.FeatureGroup(name=_layer_name("Places"), overlay=True)
        # big markers first so small ones stay clickable on top
        for p in sorted(model.places, key=lambda p: (-p.radius, p.idx)):
            if p.approximate:
                style = dict(color=PLACE_FILL, weight=2, fill_color="#ffffff", fill_opacity=0.9)
            else:
                style = dict(color="#ffffff", weight=1.5, fill_color=PLACE_FILL, fill_opacity=0.95)
            cls = f"evm-place evm-place-{p.idx}" + (" evm-approx" if p.approximate else "") + (" evm-disagree" if p.disagree else "")
            cm = folium.CircleMarker(location=[p.lat, p.lon], radius=p.radius, class_name=cls, **style)
            _path(cm, pane="evm-places")
            cm.add_child(dom_popup(p.dom_id, variant))
            lab = labels[("place", p.idx)]
            cm.add_child(
                text_tooltip(
                    p.name,
                    {
                        "permanent": True,
                        "direction": lab.side,
                        "offset": [p.radius if lab.side == "right" else -p.radius, 0],
                        "className": f"evm-label {lz(('place', p.idx))}",
                    },
                )
            )
            places_fg.add_child(cm)
        m.add_child(places_fg)

    # one toggle per outlet: rings round the places it reported from, halos under the legs it sourced
    outlet_fgs = []
    for j, outlet in enumerate(model.outlets):
        oplaces = model.outlet_places(j)
        olegs = model.outlet_legs(outlet)
        if not oplaces and not olegs:
            continue
        counts = ", ".join(
            x for x in (_fmt_count(len(oplaces), "place") if oplaces else "", _fmt_count(len(olegs), "leg") if olegs else "") if x
        )
        ring_swatch = f'<span class="evm-lc-ring{" evm-lc-first" if not outlet_fgs else ""}"></span>'
        fg = folium.FeatureGroup(name=_layer_name(f"{outlet} ({counts})", ring_swatch), overlay=True)
        for leg in olegs:
            if not leg.lines:
                continue
            locs = leg.lines[0] if len(leg.lines) == 1 else leg.lines
            halo = folium.PolyLine(locations=locs, color=RING_COLOUR, weight=11, opacity=0.11, class_name=f"evm-halo evm-outlet-{j}")
            fg.add_child(_path(halo, pane="evm-halos", interactive=False))
        for p in oplaces:
            k = [jj for jj, _, _ in p.by_outlet].index(j)
            n = len(next(c for jj, _, c in p.by_outlet if jj == j))
            ring = folium.CircleMarker(
                location=[p.lat, p.lon],
                radius=p.radius + 3 + 2.6 * k,
                color=RING_COLOUR,
                weight=1.3,
                opacity=0.85,
                fill=False,
                class_name=f"evm-ring evm-outlet-{j}",
            )
            _path(ring, pane="evm-rings")
            ring.add_child(dom_popup(p.outlet_dom_id(j), variant))
            ring.add_child(text_tooltip(f"{outlet}: {_fmt_count(n, 'statement')} about {p.name}", {"sticky": True, "className": "evm-tip"}))
            fg.add_child(ring)
        m.add_child(fg)
        outlet_fgs.append(fg)

    tiles = None
    if online_tiles:
        tiles = folium.TileLayer(
            tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png",
            attr='&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors',
            name=_layer_name("OpenStreetMap tiles (online)"),
            overlay=True,
            show=False,
            control=True,
            max_zoom=19,
        )
        m.add_child(tiles)

    control = folium.LayerControl(collapsed=v["collapsed"], position="topright")
    m.add_child(control)
    m.add_child(
        _Finish(
            {
                "bounds": [[minlat, minlon], [maxlat, maxlon]],
                # the full page keeps legend and layer toggles beside the map; the embed folds them into it
                "legend": "evm-legend" if variant == "embed" else None,
                "layersInto": "evm-layers" if variant == "page" else None,
                "labelZooms": [z0 + k for k in range(1, LABEL_LEVELS + 1)],
            },
            control,
            tiles,
            base_layers,
        )
    )
    return fig, m


def _render_parts(fig: Figure) -> tuple[str, str]:
    """Render the folium tree to (map HTML, map script), refusing any external script/stylesheet."""
    for child in fig._children.values():
        child.render()
    for name, el in fig.header._children.items():
        if isinstance(el, (JavascriptLink, CssLink)):
            raise RuntimeError(f"folium element asked for an external asset: {name} {el.url}")
    body = fig.html.render()
    script = fig.script.render()
    return _tidy(body), _tidy(script)


def _tidy(text: str) -> str:
    lines = (ln.strip() for ln in text.splitlines())
    return "\n".join(ln for ln in lines if ln) + "\n"


def _render(spec: MapSpec, data: MapData, variant: str, online_tiles: bool) -> str:
    model = prepare(data)
    model.basemap = prepare_basemap(data.basemap, spec.bounds)
    with stable_ids():
        fig, _ = build_map(spec, model, variant, online_tiles)
        map_html, map_script = _render_parts(fig)
    return pages.map_page(spec, model, map_html=map_html, map_script=map_script, variant=variant, online_tiles=online_tiles)


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------


def render_map(spec: MapSpec, data: MapData, *, online_tiles: bool = False) -> str:
    """A full standalone HTML page: header, map, legend, and the same content as plain HTML below."""
    return _render(spec, data, "page", online_tiles)


def render_embed_page(spec: MapSpec, data: MapData) -> str:
    """A compact page for an article column (480 px map, collapsed legend and text version) that posts
    its height to the embedding page (see ``embed_snippet``)."""
    return _render(spec, data, "embed", False)


def embed_snippet(spec: MapSpec, src: str) -> str:
    """An iframe (sandboxed) plus a tiny listener that resizes it to the height its page posts."""
    return pages.embed_snippet(spec, src)


def render_index(
    title: str,
    maps: Iterable[tuple[MapSpec, str, str]],
    exports: Iterable[tuple[str, str]],
) -> str:
    """The site's index page: every map with its page, embeddable page and embed code; the exports."""
    return pages.index_page(title, list(maps), list(exports))
