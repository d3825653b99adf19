"""Routes -> their outputs: a GeoDataFrame of legs (for the map and GeoJSON) and the ``evacmap routes
--json`` contract. Kept apart from the route building so the formats can change without touching it."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import geopandas as gpd
from shapely.geometry import mapping

from evacmap.geo.leg_merge import place_name

if TYPE_CHECKING:
    from evacmap.geo.routes import Route

def routes_geodataframe(routes: Sequence[Route]) -> gpd.GeoDataFrame:
    """One row per merged leg, EPSG:4326. Legs no source gives a destination for have a missing geometry
    (drop them with ``gdf[gdf.geometry.notna()]`` to draw; keep them for the text list)."""
    rows = []
    for r in routes:
        for leg in r.legs:
            rows.append({
                "route_id": r.id, "route_label": r.label, "leg_id": leg.id,
                "from_id": leg.from_id, "to_id": leg.to_id,
                "from_name": leg.from_name or leg.from_id, "to_name": leg.to_name or place_name(None, leg.to_id),
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
                                                "destination_text", "reported_by", "mode")} for s in leg.sources],
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


__all__ = ["routes_geodataframe", "routes_json"]
