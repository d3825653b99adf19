"""Polygons for the page in the encoded polyline format (Google's: signed deltas of coordinates scaled to
integers, five bits per character from "?"), decoded by ``evm.basemap``. A basemap vertex then takes three
to five bytes of page instead of about eighteen as a GeoJSON pair, which keeps a country-wide map's
background, islands and all, inside the page budget. The alphabet ("?" to "~") holds no character that
could end an inline script.

Lines and zones go to the page as [lat, lon] lists (``line_parts``, ``polygon_rings``), rounded to what the
map can show.
"""
from __future__ import annotations

import math
from typing import Any

__all__ = ["decode_ring", "encode_polygons", "encode_ring", "line_parts", "polygon_rings", "round_coord"]


def round_coord(x: float, nd: int = 5) -> float:
    """``x`` rounded to ``nd`` decimals, never "-0.0" (the same bytes for the same place on every page)."""
    v = round(float(x), nd)
    return 0.0 if v == 0 else v


def _number(v: int) -> str:
    v = ~(v << 1) if v < 0 else v << 1
    out = []
    while v >= 0x20:
        out.append(chr((0x20 | (v & 0x1F)) + 63))
        v >>= 5
    out.append(chr(v + 63))
    return "".join(out)


def encode_ring(ring: list, digits: int) -> str:
    """A ring of GeoJSON (lon, lat) positions as one polyline string of (lat, lon) at ``digits`` decimals."""
    factor = 10**digits
    out, plat, plon = [], 0, 0
    for lon, lat, *_ in ring:
        ilat, ilon = round(lat * factor), round(lon * factor)
        out.append(_number(ilat - plat) + _number(ilon - plon))
        plat, plon = ilat, ilon
    return "".join(out)


def _digits(geoms: list[dict]) -> int:
    """The fewest decimals the coordinates were rounded to (at most 5)."""
    most = 0
    for g in geoms:
        for poly in _polys(g):
            for ring in poly:
                for lon, lat, *_ in ring[:50]:
                    for v in (lon, lat):
                        text = repr(float(v))
                        most = max(most, len(text.split(".")[1].rstrip("0")) if "." in text and "e" not in text else 5)
    return min(5, most)


def _polys(g: dict) -> list:
    """A geometry's parts as lists of rings; a line is one part holding one open "ring"."""
    if g.get("type") == "Polygon":
        return [g["coordinates"]]
    if g.get("type") == "MultiPolygon":
        return list(g["coordinates"])
    if g.get("type") == "LineString":
        return [[g["coordinates"]]]
    if g.get("type") == "MultiLineString":
        return [[line] for line in g["coordinates"]]
    return []


def encode_polygons(geoms: list[dict]) -> dict[str, Any]:
    """GeoJSON (Multi)Polygons as ``{"f": 10**digits, "p": [[[ring, hole...] per part] per geometry]}``."""
    digits = _digits(geoms)
    return {"f": 10**digits, "p": [[[encode_ring(r, digits) for r in poly] for poly in _polys(g)] for g in geoms]}


def decode_ring(text: str, factor: float) -> list[tuple[float, float]]:
    """The inverse of :func:`encode_ring`, as (lat, lon) pairs (for tests; the page decodes in JS)."""
    values, shift, acc = [], 0, 0
    for ch in text:
        b = ord(ch) - 63
        acc |= (b & 0x1F) << shift
        shift += 5
        if b < 0x20:
            values.append(~(acc >> 1) if acc & 1 else acc >> 1)
            shift, acc = 0, 0
    out, lat, lon = [], 0, 0
    for i in range(0, len(values) - 1, 2):
        lat, lon = lat + values[i], lon + values[i + 1]
        out.append((lat / factor, lon / factor))
    return out if not math.isnan(factor) else []


def line_parts(geom: Any) -> list[list[list[float]]]:
    if geom is None or getattr(geom, "is_empty", True):
        return []
    gt = geom.geom_type
    parts = [geom] if gt == "LineString" else [g for g in getattr(geom, "geoms", []) if g.geom_type == "LineString"
                                                and not g.is_empty] if gt in ("MultiLineString", "GeometryCollection") else []
    return [_line_coords(list(p.coords)) for p in parts if len(p.coords) >= 2]


def _line_coords(pts: list) -> list[list[float]]:
    """[[lat, lon], ...]: the ends as precise as the places they join; the schematic curve between them to
    ~10 m, or ~100 m on a line over 1 degree long (a page with many legs stays under its size budget)."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    nd = 3 if max(max(xs) - min(xs), max(ys) - min(ys)) > 1 else 4
    return [[round_coord(p[1], 5 if i in (0, len(pts) - 1) else nd), round_coord(p[0], 5 if i in (0, len(pts) - 1) else nd)]
            for i, p in enumerate(pts)]


def polygon_rings(geom: Any) -> list[list[list[list[float]]]]:
    if geom is None or getattr(geom, "is_empty", True):
        return []
    gt = geom.geom_type
    if gt == "Polygon":
        polys = [geom]
    elif gt in ("MultiPolygon", "GeometryCollection"):
        polys = [g for g in geom.geoms if g.geom_type == "Polygon" and not g.is_empty]
    else:
        return []

    def ring(r: Any) -> list[list[float]]:
        return [[round_coord(y), round_coord(x)] for x, y, *_ in r.coords]

    return [[ring(p.exterior)] + [ring(h) for h in p.interiors] for p in polys]
