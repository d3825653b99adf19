"""Polygons for the page in the encoded polyline format (Google's: signed deltas of coordinates scaled to
integers, five bits per character from "?"), decoded by ``evm.basemap``. A basemap vertex then takes three
to five bytes of page instead of about eighteen as a GeoJSON pair, which keeps a country-wide map's
background, islands and all, inside the page budget. The alphabet ("?" to "~") holds no character that
could end an inline script.
"""
from __future__ import annotations

import math
from typing import Any

__all__ = ["decode_ring", "encode_polygons", "encode_ring"]


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
