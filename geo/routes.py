"""Legs from many articles -> routes: merged legs with per-source attribution, geometry, zone crossings.

1. **Merge.** Legs whose ends are the same *place family* (and the same optional-ness) are one
   :class:`MergedLeg`. A family is what the gazetteer says belongs together, never a table of names: a
   district, neighbourhood or part of a city belongs to its city ("eastern <city>", a district of it); a
   province to its capital of the same name; the places of one group ("two villages, X and Y") to the group.
   The merged leg's ``from_id``/``to_id`` is the id most sources use, the more specific place on a tie
   (:mod:`geo.leg_merge`).
2. **Group into routes.** Optional legs ("others may opt to go to <country>") are a route of their own. The
   other legs of one origin family form one route per *side* of their destinations (the controller of the
   zone the destination lies in, when zones are given). A route whose origin is where another route's leg
   ends joins that route (legs chain when one ends where the next begins). Legs whose destination no source
   states join their family's main route, or make a route of their own. A movement that branches off a route at
   one of its stops is a route of its own, named and drawn from the origin it shares (:mod:`geo.branches`).
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
6. **Outputs.** The GeoDataFrame and JSON forms are in :mod:`geo.route_export` (re-exported here).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import geopandas as gpd
from shapely.geometry import LineString

from evacmap.geo.branches import leads_to, shared_stages
from evacmap.geo.geometry import RoadGraph, country_entry_point, distance_km, leg_line, length_km
from evacmap.geo.joins import Crossing, leg_crossings
from evacmap.geo.leg_merge import (
    STATUS_RANK,
    MergedLeg,
    family,
    family_label,
    merge_legs,
    outlet_list,
    place_name,
    place_point,
    representative,
    slug,
)
from evacmap.geo.legs import Leg
from evacmap.geo.route_export import routes_geodataframe, routes_json
from evacmap.geo.zones import zone_index_at, zone_status


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



# --------------------------------------------------------------------------------------------- geometry

def _draw(leg: MergedLeg, gazetteer, graph: RoadGraph | None, start: str | None = None,
          start_at: tuple[float, float] | None = None) -> None:
    """The leg's line from ``start`` (default: its own origin; ``start_at``, a point, overrides where that
    is) through its vias to its destination."""
    if leg.to_id is None:
        leg.drawn = "none"
        if leg.to_texts:
            leg.notes.append("not drawn: the destination is named but not located ("
                             + "; ".join(f"'{t}'" for t in leg.to_texts) + ")")
        else:
            leg.notes.append("not drawn: no source says where this movement went")
        return
    vias = [v for v in leg.via if v != start]
    areas = [v for v in vias if _is_area(gazetteer, v)]
    if areas:  # "crossed into <country> at X and drove on to Y": the line does not go to the country's centre
        leg.notes.append("via " + ", ".join(place_name(gazetteer, v) for v in areas)
                         + ": a country or province, not a point on the way; not drawn as a waypoint")
    ids = [start or leg.from_id, *[v for v in vias if v not in areas], leg.to_id]
    pts = [place_point(gazetteer, pid) for pid in ids]
    if start_at is not None:
        pts[0] = start_at
    missing = [pid for pid, p in zip(ids, pts, strict=False) if p is None]
    if place_point(gazetteer, ids[0]) is None or place_point(gazetteer, leg.to_id) is None:
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


#: kinds of place that are whole countries or their first-level divisions (not a described "region")
FIRST_LEVEL = {"country", "governorate", "province", "state"}


def _is_area(gazetteer, pid: str | None) -> bool:
    """A country or first-level division: a via of that kind names where a movement went, not a point."""
    place = gazetteer.get(pid) if (gazetteer is not None and pid) else None
    return place is not None and place.kind in FIRST_LEVEL


def _side(zones: gpd.GeoDataFrame | None, gazetteer, pid: str | None) -> str | None:
    """The controller of the zone a place lies in (None without zones or outside them)."""
    p = place_point(gazetteer, pid)
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
    merged = merge_legs(legs, gazetteer)
    for leg in merged:
        leg.from_name, leg.to_name = place_name(gazetteer, leg.from_id), place_name(gazetteer, leg.to_id)
        if leg.to_id is None and leg.to_texts:
            leg.to_name = " / ".join(leg.to_texts)
        leg.via_names = tuple(place_name(gazetteer, v) for v in leg.via)
        _draw(leg, gazetteer, graph)
    buckets, shared = _directions(_buckets(merged, gazetteer, zones), gazetteer)
    routes = [_route(key, members, gazetteer, zones, graph, shared=shared.get(key, [])) for key, members in buckets.items()]
    _disagreements(routes, buckets, gazetteer)
    out = sorted(routes, key=lambda r: (r.status == "optional", -_n_articles(r.legs), r.id))
    # two routes between the same origin and last stop (a chain through Cairo, a direct flight) are two routes: each
    # keeps an id of its own, the later ones numbered, or a map would fold one into the other
    seen: dict[str, int] = {}
    for r in out:
        seen[r.id] = seen.get(r.id, 0) + 1
        if seen[r.id] > 1:
            r.id = f"{r.id}-{seen[r.id]}"
    return out


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
        if key not in buckets:
            continue
        reach = {k: r for k in buckets if k != key and k[1] == "main" and k[0] != key[0]
                 and (r := _reach(buckets[k], buckets[key], key[0], gazetteer)) is not None}
        ends_here = sorted(reach, key=reach.__getitem__)  # stable: the first in key order among equals
        if ends_here and not any(lg.to_family == ends_here[0][0] for lg in buckets[key]):
            buckets[ends_here[0]].extend(buckets.pop(key))
    for leg in unstated:
        mains = sorted((k for k in buckets if k[0] == leg.from_family and k[1] == "main"),
                       key=lambda k: (-_n_articles(buckets[k]), str(k)))
        if mains:
            buckets[mains[0]].append(leg)
        else:
            buckets.setdefault((leg.from_family, "unstated", None), []).append(leg)
    return buckets


def _reach(legs: list[MergedLeg], onward: list[MergedLeg], start: str | None, gazetteer) -> tuple[int, int] | None:
    """How well a route's legs lead to where another route starts (lower is better; None: they don't): a
    leg ending at that very place, or, when it is a country, at a place inside it ("landed at an air base in
    Jordan ... on from Jordan"); a movement reported as done does not go on from one still under way."""
    need = min(STATUS_RANK[lg.status] for lg in onward)
    ranks = [(int(STATUS_RANK[lg.status] > need), int(lg.to_family != start))
             for lg in legs if leads_to(lg, start, gazetteer)]
    return min(ranks) if ranks else None


def _country(start: str | None, gazetteer) -> bool:
    """Whether a place is a country with a code: only such a start is reached by ending inside it."""
    place = gazetteer.get(start) if (gazetteer is not None and start) else None
    return place is not None and place.kind == "country" and bool(place.country)


#: a stop lies on the way to a farther one when going through it is at most this much longer than going straight
DETOUR = 1.25


def _on_the_way(gazetteer, origin, d1: str | None, d2: str | None) -> bool:
    """Whether ``d1`` lies on the way from ``origin`` to ``d2``: closer to d2 than the origin is, and going
    through it costs at most ``DETOUR`` times the straight way (Port Sudan is no stop on the way from
    Khartoum to Djibouti although it is nearer Djibouti)."""
    a, b = place_point(gazetteer, d1), place_point(gazetteer, d2)
    if not (origin and a and b):
        return False
    straight = distance_km(origin, b)
    return distance_km(a, b) < straight and distance_km(origin, a) + distance_km(a, b) <= DETOUR * straight


def _modes(leg: MergedLeg) -> set[str]:
    return {s["mode"] for s in leg.sources if s.get("mode")}


def _same_means(a: MergedLeg, b: MergedLeg) -> bool:
    """Whether a leg's destination lying on the way to another's makes them stages of one line: not when the
    text says they travel by different means (a land crossing is no stop of an airlift that happens to lie
    under its flight path), nor when either is a flight (a flight to B and a flight to C are two airlifts,
    however close B lies to the line to C; a flight's stops are what the text says it flew through)."""
    ma, mb = _modes(a), _modes(b)
    if ma == {"air"} or mb == {"air"}:  # every source that says how calls it a flight
        return False
    return not (ma and mb and not ma & mb)


def _extends(group: list[MergedLeg], leg: MergedLeg, origin, gazetteer) -> bool:
    """Whether a leg that starts away from the route's origin continues this group as one line: it starts
    at one of the group's stops and goes where the group goes (the same destination), or, going away from the
    origin, from the group's last stop or on beyond it."""
    ends = {x.to_family for x in group}
    if not _country(leg.from_family, gazetteer):  # then a leg leads there only by ending there
        if leg.from_family not in ends:
            return False
    elif not any(leads_to(x, leg.from_family, gazetteer) for x in group):
        return False
    if leg.to_family in ends:
        return True
    # where the group reached the leg's start: a country is reached at its border, not its centre
    reached = next((x for x in group if leads_to(x, leg.from_family, gazetteer) and x.geometry is not None), None)
    a = _reached_at(reached, gazetteer) if reached is not None else place_point(gazetteer, leg.from_id)
    b = place_point(gazetteer, leg.to_id)
    if origin and a and b and distance_km(origin, b) <= distance_km(origin, a):
        return False  # it turns back toward the origin (buses returning for more people): a movement of its own
    last = group[-1]
    return leads_to(last, leg.from_family, gazetteer) or _on_the_way(gazetteer, origin, last.to_id, leg.to_id)


def _direction_groups(members: list[MergedLeg], ofam: str | None, gazetteer) -> list[list[MergedLeg]]:
    """The legs of one origin split into movements that each make one line: a leg from the origin joins a
    group when the group's farthest destination lies on its way; a leg that starts elsewhere joins the group
    it continues (see ``_extends``); a leg that branches off a group, or starts where no group goes, is a
    movement of its own."""
    origin = place_point(gazetteer, representative([lg.from_id for lg in members if lg.from_family == ofam
                                                and lg.from_id], gazetteer))
    direct = sorted((lg for lg in members if lg.from_family == ofam and lg.to_id),
                    key=lambda lg: (distance_km(origin, place_point(gazetteer, lg.to_id) or origin) if origin else 0, lg.id))
    groups: list[list[MergedLeg]] = []
    for leg in direct:
        home = next((g for g in groups if g[-1].to_family == leg.to_family
                     or (_on_the_way(gazetteer, origin, g[-1].to_id, leg.to_id) and _same_means(g[-1], leg))), None)
        if home is None:
            groups.append([leg])
        else:
            home.append(leg)
    placed = {id(lg) for lg in direct}
    rest = [lg for lg in members if id(lg) not in placed]
    for _ in range(len(rest) + 1):  # a chained leg may start where another chained leg ends
        before = len(rest)
        for leg in list(rest):
            home = next((g for g in groups if _extends(g, leg, origin, gazetteer)), None)
            if home is not None:
                home.append(leg)
                rest.remove(leg)
        if len(rest) == before:  # a pass that placed nothing changes nothing: the next would do the same
            break
    undrawn = [lg for lg in rest if lg.to_id is None]
    if groups and undrawn:  # "left X" with no destination: part of the origin's main movement
        groups[0].extend(undrawn)
    for leg in (lg for lg in rest if lg.to_id is not None):
        home = next((g for g in groups if g[0].from_family == leg.from_family and g[0].from_family != ofam), None)
        if home is None:
            groups.append([leg])
        else:
            home.append(leg)
    return groups or [members]


def _directions(buckets: dict[tuple, list[MergedLeg]], gazetteer) -> tuple[dict[tuple, list[MergedLeg]],
                                                                             dict[tuple, list[MergedLeg]]]:
    """A main route that goes several ways from its origin is one route per way ("X to A" and "X to B" in
    opposite directions are not one line through A and B); the first keeps the key (and the comparison of
    sides), the others are routes of kind ``direction``. Also, per route that branches off another at one of
    its stops, the other's stages up to that stop (see ``branches.shared_stages``)."""
    out: dict[tuple, list[MergedLeg]] = {}
    shared: dict[tuple, list[MergedLeg]] = {}
    for key, members in buckets.items():
        groups = _direction_groups(members, key[0], gazetteer) if key[1] == "main" else [members]
        groups.sort(key=lambda g: (-_n_articles(g), min(lg.id for lg in g)))
        stages = shared_stages(groups, key[0], gazetteer) if key[1] == "main" else {}
        for i, group in enumerate(groups):
            gkey = key if i == 0 else (key[0], "direction", f"{key[2]}#{i + 1}")
            out[gkey] = group
            if id(group) in stages:
                shared[gkey] = stages[id(group)]
    return out, shared


def _n_articles(legs: Sequence[MergedLeg]) -> int:
    return len({s["article"] for leg in legs for s in leg.sources})


def _chain(drawn: list[MergedLeg], ofam: str | None, gazetteer, graph: RoadGraph | None) -> None:
    """Legs in order of their destination's distance from the origin; a leg that restarts at the route's
    origin, and states no path of its own, is drawn on from where the previous leg ends when that is on its
    way (no detour) and no less certain (a reported movement is not drawn on from a planned one)."""
    prev: MergedLeg | None = None
    for i, leg in enumerate(drawn):
        entered = next((x for x in drawn[:i] if x.geometry is not None and leads_to(x, leg.from_id, gazetteer)),
                       None) if _is_area(gazetteer, leg.from_id) else None
        if entered is not None:
            # "overland to Ethiopia ... from the border they are driven to Gondar", "landed at an air base in
            # Jordan ... on from Jordan": the line goes on from where the route reached the country, not from
            # the country's centre
            _draw(leg, gazetteer, graph, start_at=_reached_at(entered, gazetteer))
            where = "where the route enters it" if entered.to_id == leg.from_id else entered.to_name
            if entered.to_id != leg.from_id:
                leg.drawn_from = entered.to_id
            leg.notes.append(f"drawn from {where}: the sources say only that this movement starts in {leg.from_name}")
        if (prev is not None and leg.from_family == ofam and prev.to_id != leg.to_id and not leg.via
                and STATUS_RANK[prev.status] <= STATUS_RANK[leg.status]):
            a, b, c = (place_point(gazetteer, leg.from_id), place_point(gazetteer, prev.to_id), place_point(gazetteer, leg.to_id))
            if a and b and c and distance_km(b, c) < distance_km(a, c):
                _draw(leg, gazetteer, graph, start=prev.to_id)
                leg.drawn_from = prev.to_id
                leg.notes.append(f"drawn on from {prev.to_name}, where the previous leg ends: the sources say "
                                 f"this movement starts at {leg.from_name}")
        # a country's leg ends at its border, not at a place a later leg could start from
        prev = leg if leg.geometry is not None and not _is_area(gazetteer, leg.to_id) else prev


def _reached_at(leg: MergedLeg, gazetteer) -> tuple[float, float]:
    """Where a drawn leg arrives, to order a route's stops: a leg to a country ends where it enters the
    country (its line's end at the border), so "overland to Ethiopia" comes before the Ethiopian towns that
    later legs reach, however far the country's centre lies."""
    if _is_area(gazetteer, leg.to_id) and leg.geometry is not None:
        x, y = leg.geometry.coords[-1][:2]
        return (float(x), float(y))
    return place_point(gazetteer, leg.to_id)  # a drawn leg has a point


def _route(key: tuple, members: list[MergedLeg], gazetteer, zones, graph: RoadGraph | None, *,
           shared: Sequence[MergedLeg] = ()) -> Route:
    ofam, kind, _side_or_dest = key
    drawn = [lg for lg in members if lg.to_id is not None and lg.geometry is not None]
    if not any(lg.from_family == ofam for lg in members):  # a branch: it starts where another movement went
        ofam = members[0].from_family
    said = [str(src["origin"]) for lg in members if lg.from_family == ofam for src in lg.sources if src["origin"]]
    origin_label = (family_label(gazetteer, ofam, []) if ofam is None or "+" in ofam or not said
                    else place_name(gazetteer, representative(said, gazetteer)))
    chain_origin = (next((lg.from_id for lg in drawn if lg.via and lg.from_family == ofam), None) or
                    representative([lg.from_id for lg in drawn if lg.from_family == ofam and lg.from_id], gazetteer)
                    or members[0].from_id)
    start = place_point(gazetteer, chain_origin)
    if start is not None:
        drawn.sort(key=lambda lg: (distance_km(start, _reached_at(lg, gazetteer)), lg.id))
    if kind in ("main", "direction"):
        _chain(drawn, ofam, gazetteer, graph)
    chain: list[str] = [chain_origin] if chain_origin else []
    if shared:  # a branch: the stages it shares with the route it branches off come first
        chain = list(dict.fromkeys(p for s in shared for p in (s.from_id, *s.via, s.to_id) if p))
        origin_label = place_name(gazetteer, shared[0].from_id)
    for leg in drawn:
        # a leg "on from Jordan" after one that landed at a base in Jordan: the base is the stop, not Jordan
        opening = leg.from_id if leg.from_family != ofam and leg.drawn_from is None else None
        for pid in (opening, *leg.via, leg.to_id):
            if pid and pid not in chain:
                chain.append(pid)
    dest_fams = list(dict.fromkeys(lg.to_family for lg in drawn))
    labels = [place_name(gazetteer, c) for c in chain[1:]]
    if kind == "optional":
        label = "Possible onward route to " + " / ".join(dict.fromkeys(place_name(gazetteer, lg.to_id) for lg in drawn))
        rid = slug(ofam or "", "to", *[f or "" for f in dest_fams], "optional")
    elif kind == "unstated":
        label = f"{origin_label} (destination not stated)"
        rid = slug(ofam or "")
    else:
        label = " → ".join(dict.fromkeys([origin_label, *labels]))
        rid = slug(ofam or "", "to", (dest_fams[-1] or "") if dest_fams else "unstated")
    # a country or province inside the chain is no point of the line (its centre is not on the way)
    chain_pts = [p for i, c in enumerate(chain) if (i == len(chain) - 1 or not _is_area(gazetteer, c))
                 and (p := place_point(gazetteer, c)) is not None]
    line = leg_line(chain_pts, graph)[0] if kind != "optional" else None
    if kind == "optional" and drawn:
        line = max(drawn, key=lambda lg: lg.length_km or 0).geometry
    notes = [f"{lg.id}: {n}" for lg in members for n in lg.notes]
    if shared:
        notes.append("shares its first stages with another route: " + " → ".join(place_name(gazetteer, c) for c in
                     dict.fromkeys(p for s in shared for p in (s.from_id, s.to_id) if p)) + " (legs listed there)")
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
            dests = " / ".join(dict.fromkeys(place_name(gazetteer, lg.to_id) for lg in route.legs if lg.to_id))
            if len(srcs) < most:  # the minority view: quote it
                said = "; ".join(f"{s['outlet']} ({s['status']}): “{_snippet(s)}”" for s in srcs)
            else:
                said = outlet_list(srcs)
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
