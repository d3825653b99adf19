"""Legs from many articles -> routes: merged legs with per-source attribution, geometry, zone crossings.

1. **Merge.** Legs whose ends are the same *place family* (and the same optional-ness) are one
   :class:`MergedLeg`. A family is what the gazetteer says belongs together, never a table of names: a
   district, neighbourhood or part of a city belongs to its city ("eastern <city>", a district of it); a
   province to its capital of the same name; the places of one group ("two villages, X and Y") to the group.
   The merged leg's ``from_id``/``to_id`` is the id most sources use, the more specific place on a tie.
2. **Group into routes.** Optional legs ("others may opt to go to <country>") are a route of their own. The
   other legs of one origin family form one route per *side* of their destinations (the controller of the
   zone the destination lies in, when zones are given). A route whose origin is where another route's leg
   ends joins that route (legs chain when one ends where the next begins). Legs whose destination no source
   states join their family's main route, or make a route of their own.
3. **One line.** Inside a route the drawn legs chain: legs are ordered by how far their destination lies
   from the origin, and a leg that restarts at the route's origin is drawn from where the previous leg ends,
   with a note, so the route is one connected line through its waypoints.
4. **Status and notes.** A merged leg is ``happened`` when a source reports it done, else ``under_way``,
   ``planned``, ``disputed`` or ``optional``; when every source that reports it done credits the same party
   ("according to state TV"), the leg says so (``reported_by``). Disagreements and unplaced places are
   notes in words; a destination named but not located is listed by its name.
5. **Geometry.** Each merged leg is a line through its waypoints (from, vias, to): schematic, or along the
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
from evacmap.geo.zones import zone_index_at, zone_status

#: how specific a kind of place is (lower = more specific): a tie between two ids goes to the more specific
SPECIFICITY = {"district": 0, "crossing": 0, "camp": 0, "village": 1, "town": 1, "city": 1, "region": 2,
               "governorate": 3, "country": 4}
STATUS_RANK = {"happened": 0, "under_way": 1, "planned": 2, "disputed": 3, "optional": 4}
#: kinds of place that are part of a settlement: they belong to their parent city's family
PART_KINDS = {"district", "region", "neighbourhood", "neighborhood", "quarter", "crossing", "camp", "facility",
              "airport", "checkpoint"}
SETTLEMENT_KINDS = {"city", "town", "village"}
ADMIN_KINDS = {"governorate", "province", "state", "county", "region"}
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
    to_name: str = ""  # "destination not stated" when no source says; the words when not located
    via_names: tuple[str, ...] = ()
    reported_by: str | None = None  # the one party every "happened" source credits, when there is one
    drawn_from: str | None = None  # where the line starts when it chains on the previous leg
    from_family: str | None = None
    to_family: str | None = None
    to_texts: tuple[str, ...] = ()  # destinations named but not located, as written


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


def family(place_id: str | None, gazetteer=None) -> str | None:
    """The place family of an id (see the module docstring): a part of a settlement -> the settlement, a
    province -> its capital of the same name, else the place itself."""
    if place_id is None or gazetteer is None:
        return place_id
    place = gazetteer.get(place_id)
    seen = {place_id}
    while place is not None and place.kind in PART_KINDS and place.parent and place.parent not in seen:
        parent = gazetteer.get(place.parent)
        if parent is None or parent.kind not in SETTLEMENT_KINDS | PART_KINDS:
            break
        seen.add(parent.id)
        place = parent
    if place is not None and place.kind in ADMIN_KINDS:
        capital = _capital(gazetteer, place)
        if capital is not None:
            return capital
    return place.id if place is not None else place_id


def _capital(gazetteer, place) -> str | None:
    """A province's city of the same name ("<X> province" -> the city <X>), when the gazetteer has one."""
    base = re.sub(r"\s+(governorate|province|state|oblast|region|county)$", "", place.name, flags=re.IGNORECASE)
    if base == place.name:
        return None
    for candidate in gazetteer.candidates(base):
        if candidate.parent == place.id and candidate.kind in SETTLEMENT_KINDS and candidate.resolved:
            return candidate.id
    return None


def _leg_family(leg: Leg, gazetteer) -> str | None:
    if leg.origin_group:
        return "+".join(sorted(leg.origin_group))
    return family(leg.origin, gazetteer)


def _name(gazetteer, pid: str | None) -> str:
    if pid is None:
        return "destination not stated"
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place.name if place is not None else pid


def _family_label(gazetteer, fam: str | None, ids: Sequence[str]) -> str:
    if fam is None:
        return "destination not stated"
    members = fam.split("+") if "+" in fam else [fam]
    names = list(dict.fromkeys(_name(gazetteer, i) for i in members))
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
    """Where a leg's end is drawn. A province ("bound for <X> province") is drawn to its capital of the same
    name, where convoys arrive; the province's own point is only a geometric interior point."""
    place = gazetteer.get(pid) if (gazetteer is not None and pid) else None
    if place is None or place.lat is None or place.lon is None:
        return None
    if place.kind in ADMIN_KINDS:
        capital = gazetteer.get(_capital(gazetteer, place) or "")
        if capital is not None and capital.lat is not None and capital.lon is not None:
            return (capital.lon, capital.lat)
    return (place.lon, place.lat)


def _source(leg: Leg) -> dict[str, Any]:
    return {"article": leg.article, "outlet": leg.outlet, "text": leg.text, "start": leg.start, "end": leg.end,
            "status": leg.status, "who": leg.who, "origin": leg.origin, "destination": leg.destination,
            "destination_text": leg.destination_text, "verb": leg.verb, "reported_by": leg.reported_by}


def _slug(*parts: str) -> str:
    return "-".join(p.replace("_", "-") for p in parts if p)


def _outlets(sources: Iterable[dict]) -> str:
    return ", ".join(dict.fromkeys(s["outlet"] for s in sources))


# ------------------------------------------------------------------------------------------------- merge

def _merge(legs: Sequence[Leg], gazetteer) -> list[MergedLeg]:
    groups: dict[tuple, list[Leg]] = {}
    for leg in sorted(legs, key=lambda lg: (lg.article, lg.start, lg.origin or "", lg.destination or "")):
        if leg.origin is None:
            continue
        key = (_leg_family(leg, gazetteer), family(leg.destination, gazetteer), leg.status == "optional")
        groups.setdefault(key, []).append(leg)
    merged = []
    for (ofam, dfam, optional), members in groups.items():
        from_ids = [lg.origin for lg in members]
        to_ids = [lg.destination for lg in members if lg.destination]
        vias = tuple(dict.fromkeys(v for lg in members for v in lg.via))
        who_terms = list(dict.fromkeys(w.strip() for lg in members for w in lg.who.split(",") if w.strip()))
        people = [w for w in who_terms if w not in ("convoy", "evacuees")]
        who = tuple(sorted(people or who_terms, key=lambda w: PEOPLE.index(w) if w in PEOPLE else 99))
        status = min((lg.status for lg in members), key=STATUS_RANK.__getitem__)
        sources, seen = [], set()
        for lg in members:
            if (lg.article, lg.start) not in seen:
                seen.add((lg.article, lg.start))
                sources.append(_source(lg))
        leg_id = _slug(ofam, dfam or "unstated", "optional" if optional else "")
        notes = _leg_notes(members, status, gazetteer)
        party = _one_party(members)
        if party:
            notes.append(f"reported as happened only by {party}: no other source confirms it")
        merged.append(MergedLeg(
            id=leg_id, from_id=_representative(from_ids, gazetteer), to_id=_representative(to_ids, gazetteer),
            via=vias, who=who, status=status, sources=sources, geometry=None, length_km=None,
            from_ids=tuple(dict.fromkeys(from_ids)), to_ids=tuple(dict.fromkeys(to_ids)), notes=notes,
            reported_by=party, from_family=ofam, to_family=dfam,
            to_texts=tuple(dict.fromkeys(" ".join(lg.destination_text.split()) for lg in members
                                         if lg.destination is None and lg.destination_text))))
    return merged


def _party(speaker: str | None) -> str | None:
    """A speaker reduced to the party behind it: "Syrian state TV" and "Syrian state media" are one."""
    if not speaker:
        return None
    words = re.sub(r"\b(?:news\s+)?(?:tv|television|media|news agency|agency|broadcaster)\b", "media", speaker,
                   flags=re.IGNORECASE)
    return " ".join(words.split()).lower()


def _one_party(members: Sequence[Leg]) -> str | None:
    """The one party behind every report of the movement as done, or None. An article's unattributed
    sentences about the movement rest on the party its other sentences about it credit; an article that
    credits nobody is an independent report."""
    done = [leg for leg in members if leg.status == "happened"]
    per_article: dict[str, set[str]] = {}
    first: dict[str, str] = {}
    for leg in done:
        party = _party(leg.reported_by)
        per_article.setdefault(leg.article, set())
        if party:
            per_article[leg.article].add(party)
            first.setdefault(party, str(leg.reported_by))
    parties = set().union(*per_article.values()) if per_article else set()
    if not done or len(parties) != 1 or any(not p for p in per_article.values()):
        return None
    return first[next(iter(parties))]


def _leg_notes(members: Sequence[Leg], status: str, gazetteer) -> list[str]:
    notes = []
    statuses = {lg.status for lg in members}
    if len(statuses) > 1:
        parts = []
        for st in STATUS_RANK:
            outlets = _outlets(_source(lg) for lg in members if lg.status == st)
            if outlets:
                parts.append(f"{st}: {outlets}")
        notes.append("sources differ on whether this happened or is planned (" + "; ".join(parts) + ")")
    for lg in members:
        for text in lg.via_text:
            notes.append(f"{lg.outlet}: via '{text}' (not placed: the text does not say where)")
        if lg.destination is None and lg.destination_text:
            notes.append(f"{lg.outlet}: destination '{' '.join(lg.destination_text.split())}' "
                         "(named, not located: the text does not say where)")
    dest_ids = list(dict.fromkeys(lg.destination for lg in members if lg.destination))
    if len(dest_ids) > 1:
        by = "; ".join(f"{_name(gazetteer, d)}: {_outlets(_source(lg) for lg in members if lg.destination == d)}"
                       for d in dest_ids)
        notes.append(f"sources name the destination differently ({by}); drawn to the one most use")
    origin_ids = list(dict.fromkeys(lg.origin for lg in members if lg.origin))
    if len(origin_ids) > 1:
        by = "; ".join(f"{_name(gazetteer, o)}: {_outlets(_source(lg) for lg in members if lg.origin == o)}"
                       for o in origin_ids)
        notes.append(f"sources name the origin differently ({by})")
    return list(dict.fromkeys(notes))


# --------------------------------------------------------------------------------------------- geometry

def _draw(leg: MergedLeg, gazetteer, graph: RoadGraph | None, start: str | None = None) -> None:
    """The leg's line from ``start`` (default: its own origin) through its vias to its destination."""
    if leg.to_id is None:
        leg.drawn = "none"
        if leg.to_texts:
            leg.notes.append("not drawn: the destination is named but not located ("
                             + "; ".join(f"'{t}'" for t in leg.to_texts) + ")")
        else:
            leg.notes.append("not drawn: no source says where this movement went")
        return
    ids = [start or leg.from_id, *[v for v in leg.via if v != start], leg.to_id]
    pts = [_point(gazetteer, pid) for pid in ids]
    missing = [pid for pid, p in zip(ids, pts, strict=False) if p is None]
    if _point(gazetteer, ids[0]) is None or _point(gazetteer, leg.to_id) is None:
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
        if leg.to_id is None and leg.to_texts:
            leg.to_name = " / ".join(leg.to_texts)
        leg.via_names = tuple(_name(gazetteer, v) for v in leg.via)
        _draw(leg, gazetteer, graph)
    buckets = _directions(_buckets(merged, gazetteer, zones), gazetteer)
    routes = [_route(key, members, gazetteer, zones, graph) for key, members in buckets.items()]
    _disagreements(routes, buckets, gazetteer)
    return sorted(routes, key=lambda r: (r.status == "optional", -_n_articles(r.legs), r.id))


def _buckets(merged: list[MergedLeg], gazetteer, zones) -> dict[tuple, list[MergedLeg]]:
    """Merged legs grouped into routes: by origin family and destination side; a route that starts where
    another's leg ends joins it; legs with no destination join their family's main route."""
    buckets: dict[tuple, list[MergedLeg]] = {}
    unstated: list[MergedLeg] = []
    for leg in merged:
        if leg.to_id is None:
            unstated.append(leg)
        elif leg.status == "optional":
            buckets.setdefault((leg.from_family, "optional", leg.to_family), []).append(leg)
        else:
            buckets.setdefault((leg.from_family, "main", _side(zones, gazetteer, leg.to_id)), []).append(leg)
    for key in sorted((k for k in buckets if k[1] == "main"), key=str):
        ends_here = [k for k in buckets if k != key and k[1] == "main" and k[0] != key[0]
                     and any(lg.to_family == key[0] for lg in buckets[k])]
        if key in buckets and ends_here and not any(lg.to_family == ends_here[0][0] for lg in buckets[key]):
            buckets[ends_here[0]].extend(buckets.pop(key))
    for leg in unstated:
        mains = sorted((k for k in buckets if k[0] == leg.from_family and k[1] == "main"),
                       key=lambda k: (-_n_articles(buckets[k]), str(k)))
        if mains:
            buckets[mains[0]].append(leg)
        else:
            buckets.setdefault((leg.from_family, "unstated", None), []).append(leg)
    return buckets


def _on_the_way(gazetteer, origin, d1: str | None, d2: str | None) -> bool:
    """Whether ``d1`` lies on the way from ``origin`` to ``d2`` (closer to d2 than the origin is)."""
    a, b = _point(gazetteer, d1), _point(gazetteer, d2)
    return bool(origin and a and b) and distance_km(a, b) < distance_km(origin, b)


def _direction_groups(members: list[MergedLeg], ofam: str | None, gazetteer) -> list[list[MergedLeg]]:
    """The legs of one origin split into movements that go one way: a leg joins a group when the group's
    farthest destination lies on its way; legs that start elsewhere follow the group that reaches their start."""
    origin = _point(gazetteer, _representative([lg.from_id for lg in members if lg.from_family == ofam
                                                and lg.from_id], gazetteer))
    direct = sorted((lg for lg in members if lg.from_family == ofam and lg.to_id),
                    key=lambda lg: (distance_km(origin, _point(gazetteer, lg.to_id) or origin) if origin else 0, lg.id))
    groups: list[list[MergedLeg]] = []
    for leg in direct:
        home = next((g for g in groups if g[-1].to_family == leg.to_family
                     or _on_the_way(gazetteer, origin, g[-1].to_id, leg.to_id)), None)
        if home is None:
            groups.append([leg])
        else:
            home.append(leg)
    rest = [lg for lg in members if lg not in direct]
    for _ in range(len(rest) + 1):  # a chained leg may start where another chained leg ends
        for leg in list(rest):
            home = next((g for g in groups if any(x.to_family == leg.from_family for x in g)), None)
            if home is not None:
                home.append(leg)
                rest.remove(leg)
    if groups:
        groups[0].extend(rest)
    return groups or [members]


def _directions(buckets: dict[tuple, list[MergedLeg]], gazetteer) -> dict[tuple, list[MergedLeg]]:
    """A main route that goes several ways from its origin is one route per way ("X to A" and "X to B" in
    opposite directions are not one line through A and B); the first keeps the key (and the comparison of
    sides), the others are routes of kind ``direction``."""
    out: dict[tuple, list[MergedLeg]] = {}
    for key, members in buckets.items():
        groups = _direction_groups(members, key[0], gazetteer) if key[1] == "main" else [members]
        groups.sort(key=lambda g: (-_n_articles(g), min(lg.id for lg in g)))
        out[key] = groups[0]
        for i, group in enumerate(groups[1:], start=2):
            out[(key[0], "direction", f"{key[2]}#{i}")] = group
    return out


def _n_articles(legs: Sequence[MergedLeg]) -> int:
    return len({s["article"] for leg in legs for s in leg.sources})


def _chain(drawn: list[MergedLeg], ofam: str | None, gazetteer, graph: RoadGraph | None) -> None:
    """Legs in order of their destination's distance from the origin; a leg that restarts at the route's
    origin, and states no path of its own, is drawn on from where the previous leg ends when that is on its
    way (no detour) and no less certain (a reported movement is not drawn on from a planned one)."""
    prev: MergedLeg | None = None
    for leg in drawn:
        if (prev is not None and leg.from_family == ofam and prev.to_id != leg.to_id and not leg.via
                and STATUS_RANK[prev.status] <= STATUS_RANK[leg.status]):
            a, b, c = (_point(gazetteer, leg.from_id), _point(gazetteer, prev.to_id), _point(gazetteer, leg.to_id))
            if a and b and c and distance_km(b, c) < distance_km(a, c):
                _draw(leg, gazetteer, graph, start=prev.to_id)
                leg.drawn_from = prev.to_id
                leg.notes.append(f"drawn on from {prev.to_name}, where the previous leg ends: the sources say "
                                 f"this movement starts at {leg.from_name}")
        prev = leg if leg.geometry is not None else prev


def _route(key: tuple, members: list[MergedLeg], gazetteer, zones, graph: RoadGraph | None) -> Route:
    ofam, kind, _side_or_dest = key
    drawn = [lg for lg in members if lg.to_id is not None and lg.geometry is not None]
    said = [str(src["origin"]) for lg in members if lg.from_family == ofam for src in lg.sources if src["origin"]]
    origin_label = (_family_label(gazetteer, ofam, []) if ofam is None or "+" in ofam or not said
                    else _name(gazetteer, _representative(said, gazetteer)))
    chain_origin = (next((lg.from_id for lg in drawn if lg.via and lg.from_family == ofam), None) or
                    _representative([lg.from_id for lg in drawn if lg.from_family == ofam and lg.from_id], gazetteer)
                    or members[0].from_id)
    start = _point(gazetteer, chain_origin)
    if start is not None:
        drawn.sort(key=lambda lg: (distance_km(start, _point(gazetteer, lg.to_id)), lg.id))
    if kind in ("main", "direction"):
        _chain(drawn, ofam, gazetteer, graph)
    chain: list[str] = [chain_origin] if chain_origin else []
    for leg in drawn:
        for pid in (leg.from_id if leg.from_family != ofam else None, *leg.via, leg.to_id):
            if pid and pid not in chain:
                chain.append(pid)
    dest_fams = list(dict.fromkeys(lg.to_family for lg in drawn))
    labels = [_name(gazetteer, c) for c in chain[1:]]
    if kind == "optional":
        label = "Possible onward route to " + " / ".join(dict.fromkeys(_name(gazetteer, lg.to_id) for lg in drawn))
        rid = _slug(ofam or "", "to", *[f or "" for f in dest_fams], "optional")
    elif kind == "unstated":
        label = f"{origin_label} (destination not stated)"
        rid = _slug(ofam or "")
    else:
        label = " → ".join(dict.fromkeys([origin_label, *labels]))
        rid = _slug(ofam or "", "to", (dest_fams[-1] or "") if dest_fams else "unstated")
    chain_pts = [p for p in (_point(gazetteer, c) for c in chain) if p is not None]
    line = leg_line(chain_pts, graph)[0] if kind != "optional" else None
    if kind == "optional" and drawn:
        line = max(drawn, key=lambda lg: lg.length_km or 0).geometry
    notes = [f"{lg.id}: {n}" for lg in members for n in lg.notes]
    crossings = [c for lg in members for c in leg_crossings(lg.id, lg.geometry, zones)]
    status = min((lg.status for lg in members), key=STATUS_RANK.__getitem__)
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
    for items in by_origin.values():
        if len(items) < 2:
            continue
        sides = []
        for route, key in items:
            srcs = [s for lg in route.legs if lg.to_id for s in lg.sources]
            sides.append((route, key, srcs))
        most = max(len(srcs) for _r, _k, srcs in sides)
        parts = []
        for route, key, srcs in sides:
            dests = " / ".join(dict.fromkeys(_name(gazetteer, lg.to_id) for lg in route.legs if lg.to_id))
            if len(srcs) < most:  # the minority view: quote it
                said = "; ".join(f"{s['outlet']} ({s['status']}): “{_snippet(s)}”" for s in srcs)
            else:
                said = _outlets(srcs)
            parts.append(f"{dests}, {zone_status(key[2]) if key[2] else 'outside the zones'} ({said})")
        note = ("sources disagree about where people leaving " + items[0][0].label.split(" → ")[0] +
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
                "reported_by": leg.reported_by, "drawn_from": leg.drawn_from, "geometry": leg.geometry})
    columns = ["route_id", "route_label", "leg_id", "from_id", "to_id", "from_name", "to_name", "via",
               "via_names", "who", "status", "sources", "length_km", "drawn", "notes", "reported_by", "drawn_from",
               "geometry"]
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
                "reported_by": leg.reported_by, "drawn_from": leg.drawn_from, "to_named": list(leg.to_texts),
                "who": list(leg.who), "status": leg.status,
                "sources": [{k: s[k] for k in ("article", "outlet", "text", "start", "end", "status", "who",
                                                "destination_text", "reported_by")} for s in leg.sources],
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
    "MergedLeg",
    "Route",
    "build_routes",
    "corpus_legs",
    "family",
    "routes_geodataframe",
    "routes_json",
]
