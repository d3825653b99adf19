"""Spatial joins: which zone each place (and each control claim) falls in, and where a route's line crosses
from one zone into another.

Zones may nest (the al-Fu'ah/Kafriya enclave inside opposition-held Idlib): a point belongs to the *most
specific* (smallest) zone containing it, as :func:`geo.zones.zone_index_at` decides, vectorised with shapely 2.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import geopandas as gpd
import numpy as np
import shapely
from shapely.geometry import LineString, Point, mapping

from evacmap.geo.geometry import metric_crs_for, to_metric
from evacmap.geo.zones import zone_index_at, zones_to_geojson

EPS_DEG = 2e-5  # ~2 m: how far before/after a boundary point the zone on either side is sampled
MERGE_KM = 0.01  # boundary points closer than 10 m along the line are one crossing


@dataclass(frozen=True)
class Crossing:
    """The point where a leg's line passes from one zone into another (zone ids; None = outside every zone)."""

    leg_id: str
    point: Point
    distance_km: float  # along the leg from its start
    from_zone: str | None
    to_zone: str | None
    from_controller: str | None
    to_controller: str | None

    def to_json(self) -> dict[str, Any]:
        return {"leg": self.leg_id, "point": mapping(self.point), "distance_km": self.distance_km,
                "from_zone": self.from_zone, "to_zone": self.to_zone,
                "from_controller": self.from_controller, "to_controller": self.to_controller}


def _zone_values(zones: gpd.GeoDataFrame, idx: np.ndarray, column: str) -> list:
    values = zones[column].to_numpy(dtype=object)
    return [None if i < 0 else _clean(values[i]) for i in idx]


def _clean(value):
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    return value


def places_in_zones(places: Iterable, zones: gpd.GeoDataFrame) -> dict[str, str | None]:
    """place id -> id of the most specific zone containing the place's point (None: outside every zone, or
    the place has no coordinates). One vectorised query for all places."""
    places = list(places)
    with_xy = [p for p in places if p.lat is not None and p.lon is not None]
    out: dict[str, str | None] = {p.id: None for p in places}
    if not with_xy or zones is None or len(zones) == 0:
        return out
    idx = zone_index_at(zones, [p.lon for p in with_xy], [p.lat for p in with_xy])
    for place, zid in zip(with_xy, _zone_values(zones, idx, "id"), strict=False):
        out[place.id] = zid
    return out


def claims_in_zones(claims: Iterable, zones: gpd.GeoDataFrame, gazetteer) -> dict[str, str | None]:
    """control claim id -> id of the most specific zone containing its place's point (None: outside every
    zone or no coordinates). geo.control.check_against_zones adds the verdict."""
    claims = list(claims)
    places = {c.place_id: gazetteer.get(c.place_id) for c in claims}
    inside = places_in_zones([p for p in places.values() if p is not None], zones)
    return {c.id: inside.get(c.place_id) for c in claims}


def leg_crossings(leg_id: str, line: LineString | None, zones: gpd.GeoDataFrame | None) -> list[Crossing]:
    """Where `line` crosses from one zone to another, in order along the line.

    The candidate points are the intersections of the line with every zone boundary (vectorised over the
    zones); the zone on each side is the most specific zone a couple of metres before and after the point.
    Points where the zone does not change (a line touching a border, or the shared border of two zones
    counted twice) are dropped.
    """
    if line is None or line.is_empty or zones is None or len(zones) == 0:
        return []
    boundaries = np.asarray(zones.geometry.boundary.array)
    hits = shapely.intersection(line, boundaries)
    parts = shapely.get_parts(hits[~shapely.is_empty(hits)])
    if len(parts) == 0:
        return []
    # a line running along a border gives segments: take their ends as candidate points
    coords = shapely.get_coordinates(parts)
    points = shapely.points(coords)
    along = shapely.line_locate_point(line, points)
    order = np.argsort(along, kind="stable")
    along, points = along[order], points[order]
    before = shapely.line_interpolate_point(line, np.clip(along - EPS_DEG, 0, line.length))
    after = shapely.line_interpolate_point(line, np.clip(along + EPS_DEG, 0, line.length))
    zb = zone_index_at(zones, shapely.get_x(before), shapely.get_y(before))
    za = zone_index_at(zones, shapely.get_x(after), shapely.get_y(after))
    ids_b, ids_a = _zone_values(zones, zb, "id"), _zone_values(zones, za, "id")
    ctl_b, ctl_a = _zone_values(zones, zb, "controller"), _zone_values(zones, za, "controller")
    # distance along the line in km, measured on the line projected to a metric CRS centred on it
    crs = metric_crs_for(line)
    metric_line = to_metric(line, crs)
    km = shapely.line_locate_point(metric_line, to_metric(points, crs)) / 1000.0
    out: list[Crossing] = []
    for i in range(len(points)):
        if ids_b[i] == ids_a[i]:
            continue
        if out and abs(out[-1].distance_km - km[i]) < MERGE_KM and out[-1].to_zone == ids_a[i]:
            continue
        pt = Point(round(points[i].x, 5), round(points[i].y, 5))
        out.append(Crossing(leg_id, pt, round(km[i], 2), ids_b[i], ids_a[i], ctl_b[i], ctl_a[i]))
    return out


def zones_json(zones_in_force: gpd.GeoDataFrame, places: Iterable, control_checks: Sequence[dict]) -> dict:
    """The zones in force as a GeoJSON FeatureCollection (the zone file format, see geo.zones), each feature's
    properties extended with ``places`` (ids of the places whose point lies in it, most specific zone),
    ``claims`` (ids of the control claims checked against it) and ``mismatches`` (those claims that disagree,
    with outlet, phrase, what they claim and why it disagrees)."""
    collection = zones_to_geojson(zones_in_force)
    inside = places_in_zones(places, zones_in_force)
    by_zone: dict[str, list[str]] = {}
    for pid, zid in sorted(inside.items()):
        if zid is not None:
            by_zone.setdefault(zid, []).append(pid)
    claims: dict[str, list[str]] = {}
    mismatches: dict[str, list[dict]] = {}
    for check in control_checks:
        zid = check.get("zone_id")
        if zid is None:
            continue
        claims.setdefault(zid, []).append(check["claim"])
        if check.get("agree") is False:
            mismatches.setdefault(zid, []).append({
                "claim": check["claim"], "article": check.get("article"), "outlet": check.get("outlet"),
                "phrase": check.get("phrase"), "place": check.get("place_id"),
                "claimed": check.get("claimed"), "zone_controller": check.get("zone_controller"),
                "reason": check.get("reason")})
    for feature in collection["features"]:
        props = feature["properties"]
        zid = props["id"]
        props["places"] = by_zone.get(zid, [])
        props["claims"] = claims.get(zid, [])
        props["mismatches"] = mismatches.get(zid, [])
    return collection


__all__ = ["Crossing", "claims_in_zones", "leg_crossings", "places_in_zones", "zones_json"]
