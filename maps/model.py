"""The renderer's input contract (``MapSpec``, ``MapData``) and the typed records a map is drawn from.

``prepare`` turns the build's GeoDataFrames into those records once, in a deterministic order, with every
value cleaned (no NaN, no numpy, URLs kept only for http(s)), so the map and page builders never read a
frame cell or guess a default themselves.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from evacmap.maps.encoding import line_parts, polygon_rings, round_coord
from evacmap.maps.escape import safe_url
from evacmap.maps.styles import SOLID_STATUSES, controller_label, controller_style, kind_radius, route_colour

__all__ = ["BaseFeature", "Claim", "Leg", "MapData", "MapSpec", "Model", "Place", "PlaceSummary", "Route", "Source",
           "Zone", "ZoneClaim", "brief_chain", "prepare", "rows", "text"]


@dataclass
class MapSpec:
    """Which map to draw: ``name`` is a filename-safe slug, ``bounds`` is (minlon, minlat, maxlon, maxlat).
    ``base_url`` is the site's public address; with it, pages carry absolute canonical and og: links."""
    name: str
    title: str
    bounds: tuple[float, float, float, float]
    date: str | None = None
    description: str = ""
    base_url: str | None = None
    updated: str | None = None  # the latest report's date (ISO) from the corpus, never the clock: the "updated" stamp


@dataclass
class MapData:
    """What to draw on it, as the build prepares it (EPSG:4326 frames; columns as in
    tests/conftest_browser.py, which builds a realistic example). ``route_order`` lists every route id of
    the corpus, so a route keeps its colour on every map."""

    title: str
    date: str | None
    outlets: list[str]
    places: Any  # GeoDataFrame of Points
    routes: Any  # GeoDataFrame of LineStrings, one row per leg
    zones: Any  # GeoDataFrame of Polygons
    basemap: dict = field(default_factory=dict)  # "countries", "divisions", "towns" -> GeoDataFrame
    attribution: str = ""
    route_order: list[str] = field(default_factory=list)
    overflow: Any = None  # maps.summary.Overflow: what a compact page leaves out (None: everything is drawn)


# --- cleaning frame cells --------------------------------------------------------------------------------


def _missing(v: Any) -> bool:
    if v is None:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    import pandas as pd

    return v is pd.NA or v is pd.NaT


def text(v: Any) -> str:
    """A cell as clean text ('' for missing; lists joined)."""
    if _missing(v):
        return ""
    if isinstance(v, (list, tuple)):
        return ", ".join(text(x) for x in v if text(x))
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


def _texts(v: Any) -> list[str]:
    return [text(x) for x in _items(v) if text(x)]


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



def rows(gdf: Any) -> list[dict]:
    """The rows of a (Geo)DataFrame as dicts in EPSG:4326, in frame order; [] for None/empty."""
    if gdf is None or len(gdf) == 0:
        return []
    crs = getattr(gdf, "crs", None)
    if crs is not None and hasattr(gdf, "to_crs") and crs.to_epsg() != 4326:
        gdf = gdf.to_crs(4326)
    geom_col = getattr(gdf, "geometry", None)
    geom_name = geom_col.name if geom_col is not None else "geometry"
    out = []
    for rec in gdf.to_dict("records"):
        rec["geometry"] = rec.get(geom_name)
        out.append(rec)
    return out


# --- records ---------------------------------------------------------------------------------------------


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
    headline: str = ""
    place_inferred: bool = False  # drawn at a place its words do not name
    place_inferred_from: str = ""  # "article": where its article is set; "text": by a rule from the text around it
    time: str = ""  # clock time as written; qualifiers: scope/modality words of a claim without numbers
    qualifiers: list[str] = field(default_factory=list)


@dataclass
class PlaceSummary:
    """A compact page's aggregate for a place (maps.summary): its statements are listed at ``href``."""

    outlets: list[str]
    reports: int
    figures: list[str]
    href: str


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
    summary: PlaceSummary | None = None
    name_local: str = ""  # the name in the local script where the gazetteer has it (lang_local: BCP 47)
    lang_local: str = ""
    statements: list[str] = field(default_factory=list)  # the evacuation orders the text states for it

    @property
    def label(self) -> str:
        """The map label: the name, then the local-script name isolated (U+2068..U+2069) so right-to-left
        text keeps its order inside a left-to-right label."""
        return f"{self.name} \u2068{self.name_local}\u2069" if self.name_local else self.name

    @property
    def dom_id(self) -> str:
        return f"place-{self.idx}"

    def outlet_dom_id(self, outlet_idx: int) -> str:
        return f"place-{self.idx}-o{outlet_idx}"

    @property
    def n_claims(self) -> int:
        return sum(len(c) for _, _, c in self.by_outlet)

    @property
    def outlet_ids(self) -> list[int]:
        return [j for j, _, _ in self.by_outlet]

    @property
    def any_inferred(self) -> bool:
        """Whether some claim here is drawn where its article is set (its words name no place)."""
        return any(c.place_inferred and c.place_inferred_from == "article" for _, _, cs in self.by_outlet for c in cs)

    @property
    def any_inferred_from_text(self) -> bool:
        """Whether some claim here is drawn at a place read by a rule from the text around it."""
        return any(c.place_inferred and c.place_inferred_from == "text" for _, _, cs in self.by_outlet for c in cs)


@dataclass
class Source:
    outlet: str
    article: str
    url: str | None
    text: str
    headline: str = ""


@dataclass
class Leg:
    idx: int
    leg_id: str  # the leg's id in data/routes.geojson
    from_name: str
    to_name: str
    via: list[str]
    who: str
    status: str
    sources: list[Source]
    length_km: float | None
    lines: list[list[list[float]]]  # parts, each [[lat, lon], ...]
    n_sources: int = 0  # sources in all, when a compact page quotes only some

    @property
    def dom_id(self) -> str:
        return f"leg-{self.idx}"

    @property
    def dashed(self) -> bool:
        return self.status not in SOLID_STATUSES

    @property
    def outlets(self) -> list[str]:
        return list(dict.fromkeys(s.outlet for s in self.sources if s.outlet))  # in order, once each


@dataclass
class Route:
    idx: int
    route_id: str  # the route's id in data/routes.geojson
    label: str
    colour: str
    legs: list[Leg]

    @property
    def dom_id(self) -> str:
        return f"route-{self.idx}"

    @property
    def who(self) -> list[str]:
        return list(dict.fromkeys(leg.who for leg in self.legs if leg.who))  # in order, once each

    @property
    def drawn(self) -> bool:
        return any(leg.lines for leg in self.legs)


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
    besieged_by: str = ""

    @property
    def dom_id(self) -> str:
        return f"zone-{self.idx}"

    @property
    def style(self) -> tuple[str, str, str]:
        """(fill, stroke, legend words), the words from this zone's own fields."""
        fill, stroke = controller_style(self.controller)
        return fill, stroke, controller_label(self.controller, self.besieged_by)


@dataclass
class BaseFeature:
    """One basemap feature, ready to draw: GeoJSON geometry, its name and where that name may go."""

    geometry: dict
    name: str
    label_at: tuple[float, float] | None


@dataclass
class Model:
    title: str
    date: str | None
    outlets: list[str]
    places: list[Place]
    routes: list[Route]
    zones: list[Zone]
    attribution: str
    basemap: dict[str, list[BaseFeature]] = field(default_factory=dict)

    @property
    def legs(self) -> list[Leg]:
        return [leg for r in self.routes for leg in r.legs]

    @property
    def rings(self) -> bool:
        """One ring per outlet stays legible for a few outlets on a page that lists every statement."""
        return len(self.outlets) <= 8 and not any(p.summary for p in self.places)

    def outlet_places(self, outlet_idx: int) -> list[Place]:
        return [p for p in self.places if outlet_idx in p.outlet_ids]

    def outlet_legs(self, outlet: str) -> list[Leg]:
        return [leg for leg in self.legs if outlet in leg.outlets]

    @property
    def zone_dates(self) -> list[str]:
        return sorted({z.valid_from for z in self.zones if z.valid_from} | {z.valid_to for z in self.zones if z.valid_to})


# --- frames -> records -----------------------------------------------------------------------------------


def _inferred_from(d: dict) -> str:
    """How an inferred place was found: "text" (a rule reading the text around the claim), else "article"
    (where its article is set: also what older map data, written before the two were told apart, meant)."""
    if not _bool(d.get("place_inferred")):
        return ""
    return "text" if text(d.get("place_inferred_from")) == "text" else "article"


def _claim(d: Any) -> Claim | None:
    if not isinstance(d, dict):
        return None
    return Claim(outlet=text(d.get("outlet")), article=text(d.get("article")), url=safe_url(d.get("url")),
                 text=text(d.get("text")), speaker=text(d.get("speaker")), date=text(d.get("date")),
                 quantities=_texts(d.get("quantities")), claim_id=text(d.get("claim_id")),
                 headline=text(d.get("headline")), place_inferred=_bool(d.get("place_inferred")),
                 place_inferred_from=_inferred_from(d),
                 time=text(d.get("time")), qualifiers=_texts(d.get("qualifiers")))


def _outlets(data: MapData, place_rows: list[dict], route_rows: list[dict]) -> list[str]:
    """Declared outlets first; outlets that appear only in claims or sources still get a toggle, after them."""
    outlets = list(dict.fromkeys(t for t in (text(o) for o in _items(data.outlets)) if t))
    extra = {
        text(d.get("outlet"))
        for rec, key in itertools.chain(((r, "claims") for r in place_rows), ((r, "sources") for r in route_rows))
        for d in _items(rec.get(key))
        if isinstance(d, dict) and text(d.get("outlet"))
    }
    return outlets + sorted(extra - set(outlets))


def _place(rec: dict, idx: int, outlet_index: dict[str, int]) -> Place | None:
    g = rec["geometry"]
    if g is None or g.is_empty or g.geom_type != "Point":
        return None
    grouped: dict[str, list[Claim]] = {}
    for c in (_claim(d) for d in _items(rec.get("claims"))):
        if c is not None and c.outlet:
            grouped.setdefault(c.outlet, []).append(c)
    s = rec.get("summary") if isinstance(rec.get("summary"), dict) else None
    summary = PlaceSummary(_texts(s.get("outlets")), int(s.get("reports") or 0), _texts(s.get("figures")),
                           text(s.get("href"))) if s else None
    for o in [o for o in (summary.outlets if summary else []) if o in outlet_index]:
        grouped.setdefault(o, [])  # every outlet of a summarised place keeps its filter
    by_outlet = sorted(((outlet_index[o], o, cs) for o, cs in grouped.items()), key=lambda t: t[0])
    kind = text(rec.get("kind")).lower()
    return Place(
        idx=idx, id=text(rec.get("id")), name=text(rec.get("name")) or text(rec.get("id")) or "Unnamed place", kind=kind,
        lat=round_coord(g.y), lon=round_coord(g.x), precision_m=_num(rec.get("precision_m")), source=text(rec.get("source")),
        citation=text(rec.get("citation")), approximate=_bool(rec.get("approximate")), zone=text(rec.get("zone")),
        by_outlet=by_outlet, disagree=_bool(rec.get("disagree")), disagree_notes=_texts(rec.get("disagree_notes")),
        radius=kind_radius(kind), name_local=text(rec.get("name_local")), lang_local=text(rec.get("lang_local")),
        summary=summary, statements=_texts(rec.get("statements")),
    )


def _source(d: dict) -> Source:
    return Source(text(d.get("outlet")), text(d.get("article")), safe_url(d.get("url")), text(d.get("text")),
                  text(d.get("headline")))


def _routes(route_rows: list[dict], order: list[str]) -> list[Route]:
    routes: dict[str, Route] = {}
    leg_counter = itertools.count(1)
    for rec in route_rows:
        rid = text(rec.get("route_id")) or text(rec.get("route_label")) or "route"
        if rid not in routes:
            label = brief_chain(text(rec.get("route_label")) or rid)
            routes[rid] = Route(idx=len(routes) + 1, route_id=rid, label=label, colour=route_colour(rid, order), legs=[])
        route = routes[rid]
        route.legs.append(
            Leg(
                idx=next(leg_counter),
                leg_id=text(rec.get("leg_id")),
                from_name=text(rec.get("from_name")),
                to_name=text(rec.get("to_name")),
                via=_texts(rec.get("via_names")),
                who=text(rec.get("who")),
                status=text(rec.get("status")).lower() or "unknown",  # never assume a movement happened
                sources=[_source(d) for d in _items(rec.get("sources")) if isinstance(d, dict)],
                length_km=_num(rec.get("length_km")),
                lines=line_parts(rec["geometry"]),  # empty: the leg is listed in the text but not drawn
                n_sources=int(_num(rec.get("n_sources")) or 0),
            )
        )
    return [r for r in routes.values() if r.legs]


def brief_chain(label: str, keep: int = 6) -> str:
    """A route label naming a long chain of places ("A → B → ... → Z") keeps its ends: the full chain is in
    routes.geojson."""
    parts = label.split(" → ")
    return label if len(parts) <= keep else " → ".join([*parts[:3], "…", *parts[-2:]]) + f" ({len(parts)} places)"


def _zone(rec: dict, idx: int) -> Zone | None:
    polys = polygon_rings(rec["geometry"])
    if not polys:
        return None
    claims = [ZoneClaim(text(d.get("outlet")), text(d.get("article")), text(d.get("text")))
              for d in _items(rec.get("claims")) if isinstance(d, dict)]
    return Zone(
        idx=idx,
        id=text(rec.get("id")),
        controller=text(rec.get("controller")).lower(),
        label=text(rec.get("label")) or text(rec.get("id")) or "Area",
        valid_from=text(rec.get("valid_from")),
        valid_to=text(rec.get("valid_to")),
        source=text(rec.get("source")),
        confidence=text(rec.get("confidence")),
        note=text(rec.get("note")),
        approximate=_bool(rec.get("approximate")),
        claims=claims,
        mismatches=_texts(rec.get("mismatches")),
        polygons=polys,
        besieged_by=text(rec.get("besieged_by")),
    )


def prepare(data: MapData) -> Model:
    """Normalise the frames of ``data`` into typed records, in a deterministic order."""
    place_rows, route_rows = rows(data.places), rows(data.routes)
    outlets = _outlets(data, place_rows, route_rows)
    outlet_index = {o: i for i, o in enumerate(outlets)}
    places: list[Place] = []
    for rec in place_rows:
        p = _place(rec, len(places) + 1, outlet_index)
        if p is not None:
            places.append(p)
    zones: list[Zone] = []
    for rec in rows(data.zones):
        z = _zone(rec, len(zones) + 1)
        if z is not None:
            zones.append(z)
    return Model(
        title=text(data.title),
        date=text(data.date) or None,
        outlets=outlets,
        places=places,
        routes=_routes(route_rows, [text(x) for x in data.route_order]),
        zones=zones,
        attribution=text(data.attribution),
    )
