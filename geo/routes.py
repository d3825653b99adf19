"""Legs from many articles -> routes: merged legs with per-source attribution, geometry, zone crossings.

1. **Merge.** Legs with the same origin *family* and destination *family* (and the same optional-ness) are
   one :class:`MergedLeg`. Families put together the places sources use interchangeably for one end of a
   movement: al-Amiriyah / eastern Aleppo / Aleppo ("the Aleppo buses") are "East Aleppo"; Idlib city / Idlib
   province are "Idlib" (:data:`FAMILIES`). The merged leg's ``from_id``/``to_id`` is the id most sources use,
   the more specific place on a tie (a district before a region), then the first in the corpus. Every
   source sentence is kept, with what it says (its own origin, destination, status, who).
2. **Group into routes.** Optional legs ("others may opt to go to Turkey") are a route of their own. The other
   legs of one origin family form one route per *side* of their destinations (the controller of the zone the
   destination lies in, when zones are given): opposition-held western Aleppo countryside and Idlib are one
   route, government-held west Aleppo another. Legs whose destination no source states join their family's
   main route (or make a route of their own, as al-Fu'ah and Kafriya do: they are not drawn).
3. **Notes.** Where sources disagree — on where people go (destinations on different sides), on whether a
   movement happened or is planned — and what could not be placed, the route says so in words.
4. **Geometry.** Each merged leg is a line through its waypoints (from, vias, to): schematic, or along the
   user's roads (:mod:`geo.geometry`); a country as a destination is drawn to its nearest border point.
   Crossings between zones come from :func:`geo.joins.leg_crossings`.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import geopandas as gpd
from shapely.geometry import LineString, mapping

from evacmap.geo.geometry import RoadGraph, country_entry_point, distance_km, leg_line, length_km
from evacmap.geo.joins import Crossing, leg_crossings
from evacmap.geo.legs import Leg
from evacmap.geo.zones import zone_index_at

#: places sources use interchangeably for one end of a movement -> family id
FAMILIES: dict[str, tuple[str, ...]] = {
    "east_aleppo": ("eastern_aleppo", "aleppo", "amiriyah", "sukkari", "mashhad", "ansari_east", "salaheddine",
                    "bustan_al_qasr", "zebdiyeh", "sheikh_saeed"),
    "idlib": ("idlib_city", "idlib_governorate"),
    "fuah_kafriya": ("fuah", "kafriya"),
    "western_aleppo_countryside": ("western_aleppo_countryside", "khan_al_asal", "khan_tuman", "atarib",
                                   "rashidin"),
}
FAMILY_LABELS = {"east_aleppo": "East Aleppo", "idlib": "Idlib"}
_FAMILY_OF = {pid: fam for fam, members in FAMILIES.items() for pid in members}

#: how specific a kind of place is (lower = more specific): a tie between two ids goes to the more specific
SPECIFICITY = {"district": 0, "crossing": 0, "camp": 0, "village": 1, "town": 1, "city": 1, "region": 2,
               "governorate": 3, "country": 4}
STATUS_RANK = {"happened": 0, "planned": 1, "optional": 2}
PEOPLE = ("wounded", "civilians", "residents", "fighters", "people", "evacuees", "convoy")


@dataclass
class MergedLeg:
    id: str
    from_id: str | None
    to_id: str | None
    via: tuple[str, ...]
    who: tuple[str, ...]
    status: str
    sources: list[dict[str, Any]]
    geometry: LineString | None
    length_km: float | None
    from_ids: tuple[str, ...] = ()  # every origin id the sources give (al-Fu'ah *and* Kafriya)
    to_ids: tuple[str, ...] = ()
    drawn: str = "schematic"  # schematic | roads | roads+schematic | none
    notes: list[str] = field(default_factory=list)
    from_name: str = ""
    to_name: str = ""  # "destination not stated" when no source says
    via_names: tuple[str, ...] = ()


@dataclass
class Route:
    id: str
    label: str
    legs: list[MergedLeg]
    crossings: list[Crossing]
    length_km: float | None
    notes: list[str]
    status: str = "happened"
    waypoints: tuple[str, ...] = ()  # the chain the label names (place ids)
    geometry: LineString | None = None  # schematic line through the chain; its length is length_km


def family(place_id: str | None) -> str | None:
    return None if place_id is None else _FAMILY_OF.get(place_id, place_id)


def _name(gazetteer, pid: str | None) -> str:
    if pid is None:
        return "destination not stated"
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place.name if place is not None else pid


def _family_label(gazetteer, fam: str | None, ids: Sequence[str]) -> str:
    if fam is None:
        return "destination not stated"
    if fam in FAMILY_LABELS:
        return FAMILY_LABELS[fam]
    names = list(dict.fromkeys(_name(gazetteer, i) for i in ids))
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _specificity(gazetteer, pid: str) -> int:
    place = gazetteer.get(pid) if gazetteer is not None else None
    return SPECIFICITY.get(place.kind, 5) if place is not None else 5


def _representative(ids: list[str], gazetteer) -> str | None:
    """The id most sources use; on a tie the more specific place, then the first in the corpus."""
    if not ids:
        return None
    counts = Counter(ids)
    first = {pid: n for n, pid in reversed(list(enumerate(ids)))}
    return min(counts, key=lambda pid: (-counts[pid], _specificity(gazetteer, pid), first[pid]))


def _point(gazetteer, pid: str | None) -> tuple[float, float] | None:
    """Where a leg's end is drawn. A governorate ("bound for Idlib province") is drawn to its capital of the
    same name, where convoys arrive; the governorate's own point is only a geometric interior point."""
    place = gazetteer.get(pid) if (gazetteer is not None and pid) else None
    if place is None or place.lat is None or place.lon is None:
        return None
    if place.kind == "governorate":
        base = re.sub(r"\s+(governorate|province)$", "", place.name, flags=re.IGNORECASE)
        for candidate in gazetteer.candidates(base):
            if candidate.parent == place.id and candidate.kind == "city" and candidate.resolved:
                return (candidate.lon, candidate.lat)
    return (place.lon, place.lat)


def _source(leg: Leg) -> dict[str, Any]:
    return {"article": leg.article, "outlet": leg.outlet, "text": leg.text, "start": leg.start, "end": leg.end,
            "status": leg.status, "who": leg.who, "origin": leg.origin, "destination": leg.destination,
            "destination_text": leg.destination_text, "verb": leg.verb}


def _slug(*parts: str) -> str:
    return "-".join(p.replace("_", "-") for p in parts if p)


def _outlets(sources: Iterable[dict]) -> str:
    return ", ".join(dict.fromkeys(s["outlet"] for s in sources))


# ------------------------------------------------------------------------------------------------- merge

def _merge(legs: Sequence[Leg], gazetteer) -> list[MergedLeg]:
    groups: dict[tuple, list[Leg]] = {}
    for leg in sorted(legs, key=lambda l: (l.article, l.start, l.origin or "", l.destination or "")):
        if leg.origin is None:
            continue
        key = (family(leg.origin), family(leg.destination), leg.status == "optional")
        groups.setdefault(key, []).append(leg)
    merged = []
    for (ofam, dfam, optional), members in groups.items():
        from_ids = [l.origin for l in members]
        to_ids = [l.destination for l in members if l.destination]
        vias = tuple(dict.fromkeys(v for l in members for v in l.via))
        who_terms = list(dict.fromkeys(w.strip() for l in members for w in l.who.split(",") if w.strip()))
        people = [w for w in who_terms if w not in ("convoy", "evacuees")]
        who = tuple(sorted(people or who_terms, key=lambda w: PEOPLE.index(w) if w in PEOPLE else 99))
        status = min((l.status for l in members), key=STATUS_RANK.__getitem__)
        sources, seen = [], set()
        for l in members:
            if (l.article, l.start) not in seen:
                seen.add((l.article, l.start))
                sources.append(_source(l))
        leg_id = _slug(ofam, dfam or "unstated", "optional" if optional else "")
        notes = _leg_notes(members, status, gazetteer)
        merged.append(MergedLeg(
            id=leg_id, from_id=_representative(from_ids, gazetteer), to_id=_representative(to_ids, gazetteer),
            via=vias, who=who, status=status, sources=sources, geometry=None, length_km=None,
            from_ids=tuple(dict.fromkeys(from_ids)), to_ids=tuple(dict.fromkeys(to_ids)), notes=notes))
    return merged


def _leg_notes(members: Sequence[Leg], status: str, gazetteer) -> list[str]:
    notes = []
    statuses = {l.status for l in members}
    if len(statuses) > 1:
        parts = []
        for st in ("happened", "planned", "optional"):
            outlets = _outlets(_source(l) for l in members if l.status == st)
            if outlets:
                parts.append(f"{st}: {outlets}")
        notes.append("sources differ on whether this happened or is planned (" + "; ".join(parts) + ")")
    for l in members:
        for text in l.via_text:
            notes.append(f"{l.outlet}: via '{text}' (not placed: the text does not say where)")
        if l.destination is None and l.destination_text:
            notes.append(f"{l.outlet}: destination '{l.destination_text}' (not placed: the text does not say where)")
    dest_ids = list(dict.fromkeys(l.destination for l in members if l.destination))
    if len(dest_ids) > 1:
        by = "; ".join(f"{_name(gazetteer, d)}: {_outlets(_source(l) for l in members if l.destination == d)}"
                       for d in dest_ids)
        notes.append(f"sources name the destination differently ({by}); drawn to the one most use")
    origin_ids = list(dict.fromkeys(l.origin for l in members if l.origin))
    if len(origin_ids) > 1:
        by = "; ".join(f"{_name(gazetteer, o)}: {_outlets(_source(l) for l in members if l.origin == o)}"
                       for o in origin_ids)
        notes.append(f"sources name the origin differently ({by})")
    return list(dict.fromkeys(notes))


# --------------------------------------------------------------------------------------------- geometry

def _draw(leg: MergedLeg, gazetteer, graph: RoadGraph | None) -> None:
    if leg.to_id is None:
        leg.drawn = "none"
        leg.notes.append("not drawn: no source says where this movement went")
        return
    ids = [leg.from_id, *leg.via, leg.to_id]
    pts = [_point(gazetteer, pid) for pid in ids]
    missing = [pid for pid, p in zip(ids, pts, strict=False) if p is None]
    if _point(gazetteer, leg.from_id) is None or _point(gazetteer, leg.to_id) is None:
        leg.drawn = "none"
        leg.notes.append("not drawn: no coordinates for " + ", ".join(m for m in missing if m))
        return
    if missing:
        leg.notes.append("via without coordinates, left out of the line: " + ", ".join(m for m in missing if m))
    waypoints = [p for p in pts if p is not None]
    dest = gazetteer.get(leg.to_id) if gazetteer is not None else None
    if dest is not None and dest.kind == "country" and dest.country:
        entry = country_entry_point(dest.country, waypoints[-2])
        if entry is not None:
            waypoints[-1] = entry
            leg.notes.append(f"drawn to the nearest point of the {dest.name} border (Natural Earth 1:10m): "
                             "the sources name only the country")
    line, method = leg_line(waypoints, graph)
    leg.geometry, leg.drawn = line, method
    leg.length_km = length_km(line)


def _side(zones: gpd.GeoDataFrame | None, gazetteer, pid: str | None) -> str | None:
    """The controller of the zone a place lies in (None without zones or outside them)."""
    p = _point(gazetteer, pid)
    if zones is None or len(zones) == 0 or p is None:
        return None
    i = int(zone_index_at(zones, p[0], p[1])[0])
    return None if i < 0 else str(zones.iloc[i]["controller"])


# ---------------------------------------------------------------------------------------------- routes

def build_routes(legs: Sequence[Leg], gazetteer, zones: gpd.GeoDataFrame | None = None,
                 roads: gpd.GeoDataFrame | RoadGraph | None = None) -> list[Route]:
    """Merge the legs of all articles into routes (see the module docstring). ``zones`` (the zones in force)
    give the sides of destinations and the crossings; ``roads`` (a GeoDataFrame of lines) snaps the lines."""
    graph = roads if isinstance(roads, RoadGraph) or roads is None else RoadGraph.from_frame(roads)
    merged = _merge(legs, gazetteer)
    for leg in merged:
        leg.from_name, leg.to_name = _name(gazetteer, leg.from_id), _name(gazetteer, leg.to_id)
        leg.via_names = tuple(_name(gazetteer, v) for v in leg.via)
        _draw(leg, gazetteer, graph)

    # group merged legs into routes
    buckets: dict[tuple, list[MergedLeg]] = {}
    unstated: list[MergedLeg] = []
    for leg in merged:
        ofam = family(leg.from_id)
        if leg.to_id is None:
            unstated.append(leg)
        elif leg.status == "optional":
            buckets.setdefault((ofam, "optional", family(leg.to_id)), []).append(leg)
        else:
            buckets.setdefault((ofam, "main", _side(zones, gazetteer, leg.to_id)), []).append(leg)
    for leg in unstated:
        ofam = family(leg.from_id)
        mains = sorted((k for k in buckets if k[0] == ofam and k[1] == "main"),
                       key=lambda k: (-_n_articles(buckets[k]), str(k)))
        if mains:
            buckets[mains[0]].append(leg)
        else:
            buckets.setdefault((ofam, "unstated", None), []).append(leg)

    routes = [_route(key, members, gazetteer, zones, graph) for key, members in buckets.items()]
    _disagreements(routes, buckets, gazetteer)
    return sorted(routes, key=lambda r: (r.status == "optional", -_n_articles(r.legs), r.id))


def _n_articles(legs: Sequence[MergedLeg]) -> int:
    return len({s["article"] for leg in legs for s in leg.sources})


def _route(key: tuple, members: list[MergedLeg], gazetteer, zones, graph: RoadGraph | None) -> Route:
    ofam, kind, _side_or_dest = key
    drawn = [l for l in members if l.to_id is not None]
    origin_ids = [i for l in members for i in l.from_ids]
    origin_label = _family_label(gazetteer, ofam, origin_ids)
    # the chain the label names: the most specific origin of a drawn leg with vias, its vias, then the
    # destinations from the nearest to the farthest
    chain_origin = (next((l.from_id for l in drawn if l.via), None) or
                    _representative([l.from_id for l in drawn], gazetteer) or members[0].from_id)
    vias = list(dict.fromkeys(v for l in drawn for v in l.via))
    start = _point(gazetteer, chain_origin)
    dests = list(dict.fromkeys(l.to_id for l in drawn))
    if start is not None:
        dests.sort(key=lambda d: distance_km(start, _point(gazetteer, d)) if _point(gazetteer, d) else 1e9)
    dest_fams = list(dict.fromkeys(family(d) for d in dests))
    dest_labels = [_family_label(gazetteer, f, [d for d in dests if family(d) == f]) for f in dest_fams]
    via_labels = [_name(gazetteer, v) for v in vias]
    if kind == "optional":
        label = f"Possible onward route to {' / '.join(dest_labels)}"
        rid = _slug(ofam, "to", *dest_fams, "optional")
    elif kind == "unstated":
        label = f"{origin_label} (destination not stated)"
        rid = _slug(ofam)
    else:
        label = " → ".join([origin_label, *via_labels, *dest_labels])
        rid = _slug(ofam, "to", dest_fams[-1] if dest_fams else "unstated")
    chain = [chain_origin, *vias, *[d for d in dests]]
    # route line: the chain with one point per destination family (its representative)
    chain_pts = [p for p in (_point(gazetteer, c) for c in chain) if p is not None]
    line = leg_line(chain_pts, graph)[0] if kind != "optional" else None
    if kind == "optional" and drawn:
        line = max(drawn, key=lambda l: l.length_km or 0).geometry
    notes = [f"{l.id}: {n}" for l in members for n in l.notes]
    crossings = [c for l in members for c in leg_crossings(l.id, l.geometry, zones)]
    status = min((l.status for l in members), key=STATUS_RANK.__getitem__)
    return Route(id=rid, label=label, legs=sorted(members, key=_leg_order), crossings=crossings,
                 length_km=length_km(line), notes=notes, status=status, waypoints=tuple(chain), geometry=line)


def _leg_order(leg: MergedLeg) -> tuple:
    return (leg.to_id is None, leg.status == "optional", -len(leg.via), -len(leg.sources), leg.id)


def _disagreements(routes: list[Route], buckets: dict, gazetteer) -> None:
    """Where sources send people from one origin to different sides: say so on every route concerned."""
    by_origin: dict[str, list[tuple[Route, tuple]]] = {}
    for route, key in zip(routes, buckets, strict=False):
        if key[1] == "main":
            by_origin.setdefault(key[0], []).append((route, key))
    for ofam, items in by_origin.items():
        if len(items) < 2:
            continue
        sides = []
        for route, key in items:
            srcs = [s for l in route.legs if l.to_id for s in l.sources]
            sides.append((route, key, srcs))
        most = max(len(srcs) for _r, _k, srcs in sides)
        parts = []
        for route, key, srcs in sides:
            dests = " / ".join(dict.fromkeys(_family_label(gazetteer, family(l.to_id), [l.to_id])
                                              for l in route.legs if l.to_id))
            if len(srcs) < most:  # the minority view: quote it
                said = "; ".join(f"{s['outlet']} ({s['status']}): “{_snippet(s)}”" for s in srcs)
            else:
                said = _outlets(srcs)
            parts.append(f"{key[2] or 'unknown'}-held {dests} ({said})")
        note = ("sources disagree about where people leaving " + _family_label(gazetteer, ofam, []) +
                " go: " + " vs ".join(parts))
        for route, _key in items:
            route.notes.insert(0, note)


def _snippet(source: dict, before: int = 50, after: int = 60) -> str:
    """The words around the movement cue of a source sentence ("…buses and ambulances returning to the
    government-held side of the city.")."""
    text = " ".join(source["text"].split())
    cue = (source.get("verb") or "").split(" / ")[-1]
    at = text.find(cue) if cue and "..." not in cue else -1
    if at < 0 or len(text) <= before + after:
        return text if len(text) <= before + after else text[: before + after] + "…"
    lo, hi = max(0, at - before), min(len(text), at + len(cue) + after)
    lo = text.rfind(" ", 0, lo) + 1 if lo > 0 else 0
    hi = (text.find(" ", hi) if text.find(" ", hi) > 0 else len(text)) if hi < len(text) else hi
    return ("…" if lo > 0 else "") + text[lo:hi] + ("…" if hi < len(text) else "")


# ---------------------------------------------------------------------------------------------- outputs

def routes_geodataframe(routes: Sequence[Route]) -> gpd.GeoDataFrame:
    """One row per merged leg, EPSG:4326. Legs no source gives a destination for have a missing geometry
    (drop them with ``gdf[gdf.geometry.notna()]`` to draw; keep them for the text list)."""
    rows = []
    for r in routes:
        for leg in r.legs:
            rows.append({
                "route_id": r.id, "route_label": r.label, "leg_id": leg.id,
                "from_id": leg.from_id, "to_id": leg.to_id,
                "from_name": leg.from_name or leg.from_id, "to_name": leg.to_name or _name(None, leg.to_id),
                "via": list(leg.via), "via_names": list(leg.via_names or leg.via),
                "who": ", ".join(leg.who), "status": leg.status, "sources": leg.sources,
                "length_km": leg.length_km, "drawn": leg.drawn, "notes": list(leg.notes),
                "geometry": leg.geometry})
    columns = ["route_id", "route_label", "leg_id", "from_id", "to_id", "from_name", "to_name", "via",
               "via_names", "who", "status", "sources", "length_km", "drawn", "notes", "geometry"]
    return gpd.GeoDataFrame(rows, columns=columns, geometry="geometry", crs="EPSG:4326")


def routes_json(routes: Sequence[Route]) -> list[dict[str, Any]]:
    """The ``evacmap routes --json`` contract: per route id, label, length_km, notes, legs (from, to, via as
    place ids, who, status, sources with article/outlet/text, length_km, geometry as a GeoJSON LineString or
    null) and crossings (point as a GeoJSON Point, from_zone, to_zone, their controllers)."""
    out = []
    for r in routes:
        out.append({
            "id": r.id, "label": r.label, "status": r.status, "length_km": r.length_km,
            "waypoints": list(r.waypoints), "notes": list(r.notes),
            "legs": [{
                "id": leg.id, "from": leg.from_id, "to": leg.to_id, "via": list(leg.via),
                "from_name": leg.from_name, "to_name": leg.to_name, "via_names": list(leg.via_names),
                "from_all": list(leg.from_ids), "to_all": list(leg.to_ids),
                "who": list(leg.who), "status": leg.status,
                "sources": [{k: s[k] for k in ("article", "outlet", "text", "start", "end", "status", "who",
                                                "destination_text")} for s in leg.sources],
                "length_km": leg.length_km, "drawn": leg.drawn, "notes": list(leg.notes),
                "geometry": _geojson(leg.geometry)} for leg in r.legs],
            "crossings": [c.to_json() for c in r.crossings],
        })
    return out


def _geojson(geom) -> dict | None:
    if geom is None:
        return None
    gj = mapping(geom)
    return {"type": gj["type"], "coordinates": [list(c) for c in gj["coordinates"]]}


def corpus_legs(corpus, gazetteer, mentions_for=None) -> list[Leg]:
    """Every leg of every article of a loaded corpus (``corpus.articles.load_corpus``).
    ``mentions_for(article)`` may supply cached mentions; by default they are found with the gazetteer."""
    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.sentences import split_sentences
    from evacmap.geo.legs import extract_legs

    focus = getattr(getattr(corpus, "config", None), "focus", None)
    legs: list[Leg] = []
    for article in corpus.articles:
        mentions = mentions_for(article) if mentions_for else find_mentions(article, gazetteer, focus=focus)
        legs.extend(extract_legs(article, split_sentences(article.text), mentions, gazetteer))
    return legs


__all__ = [
    "FAMILIES",
    "MergedLeg",
    "Route",
    "build_routes",
    "corpus_legs",
    "family",
    "routes_geodataframe",
    "routes_json",
]
