"""Cartography in Web Mercator "world units" (0..1, y down): the zoom Leaflet will fit, label placement
by zoom step, and arrow positions and angles along a route.

Pre-computing these at build time keeps the page deterministic and its script small.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from evacmap.maps.model import Model

__all__ = [
    "LABEL_LEVELS",
    "Label",
    "arrow_points",
    "fit_zoom",
    "layout_labels",
    "mx",
    "my",
    "plan_labels",
    "unmx",
    "unmy",
]

LABEL_LEVELS = 6  # zoom steps (z0, z0+1, ...) at which label placement is decided
# which places get a label first when labels would collide
_KIND_RANK = {"country": 0, "city": 1, "governorate": 2, "region": 3, "crossing": 4, "town": 5}

Box = tuple[float, float, float, float]


def mx(lon: float) -> float:
    return (lon + 180.0) / 360.0


def my(lat: float) -> float:
    lat = max(-85.0511, min(85.0511, lat))
    s = math.sin(math.radians(lat))
    return 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)


def unmx(x: float) -> float:
    return x * 360.0 - 180.0


def unmy(y: float) -> float:
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y))))


def _r(x: float, nd: int = 5) -> float:
    v = round(float(x), nd)
    return 0.0 if v == 0 else v


def fit_zoom(bounds: Sequence[float], width: int, height: int, pad: int = 8, snap: float = 0.25) -> float:
    """The zoom Leaflet's ``fitBounds`` picks for these bounds in a map of this size (given zoomSnap)."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    dx = max(abs(mx(maxlon) - mx(minlon)), 1e-9)
    dy = max(abs(my(minlat) - my(maxlat)), 1e-9)
    z = math.log2(min((width - 2 * pad) / (dx * 256), (height - 2 * pad) / (dy * 256)))
    z = math.floor(z / snap + 1e-9) * snap
    return max(0.0, min(18.0, z))


@dataclass
class Label:
    """A map label to place: beside a marker ("side") or centred on a point ("center")."""

    key: tuple
    x: float  # Web Mercator world units (0..1, y down)
    y: float
    w: float  # px
    h: float  # px
    mode: str = "center"  # "center", "side" (right or left of a marker) or "right" (right only)
    r: float = 0.0  # marker radius, "side" labels
    own: int | None = None  # the place whose marker this label belongs to
    extent: tuple[float, float] | None = None  # zone size in world units: the label must fit inside
    level: int = LABEL_LEVELS  # first zoom step (z0 + level) at which it is shown
    side: str = "right"

    def box(self, side: str, scale: float) -> Box:
        px, py = self.x * scale, self.y * scale
        if side == "right":
            return (px + self.r + 3, py - self.h / 2, px + self.r + 3 + self.w, py + self.h / 2)
        if side == "left":
            return (px - self.r - 3 - self.w, py - self.h / 2, px - self.r - 3, py + self.h / 2)
        return (px - self.w / 2, py - self.h / 2, px + self.w / 2, py + self.h / 2)

    def too_big(self, scale: float) -> bool:
        return self.extent is not None and (self.extent[0] * scale < self.w + 12 or self.extent[1] * scale < self.h + 8)


def _overlaps(b: Box, boxes: list[Box]) -> bool:
    return any(not (b[2] < o[0] or o[2] < b[0] or b[3] < o[1] or o[3] < b[1]) for o in boxes)


def _hits_marker(b: Box, markers: list[tuple[float, float, float, int]], own: int | None, scale: float) -> bool:
    for mx_, my_, mr, idx in markers:
        if idx == own:
            continue
        cx, cy, rr = mx_ * scale, my_ * scale, mr + 1
        if b[0] - rr < cx < b[2] + rr and b[1] - rr < cy < b[3] + rr:
            return True
    return False


_SIDES = {"side": ("right", "left"), "right": ("right",), "center": ("center",)}


def layout_labels(labels: list[Label], markers: list[tuple[float, float, float, int]], z0: float) -> None:
    """Greedy, deterministic label placement by zoom step. ``labels`` come in priority order; each gets
    the first step ``k`` (zoom ``z0 + k``) at which it overlaps no label placed before it and no marker
    (``markers``: x, y, radius px, place idx). Distances only grow when zooming in, so a label shown at
    one zoom still fits at the next."""
    for k in range(LABEL_LEVELS):
        scale = 256 * 2 ** (z0 + k)
        boxes = [lab.box(lab.side, scale) for lab in labels if lab.level <= k]
        for lab in labels:
            if lab.level <= k or lab.too_big(scale):
                continue
            for side in _SIDES[lab.mode]:
                b = lab.box(side, scale)
                if _overlaps(b, boxes) or _hits_marker(b, markers, lab.own, scale):
                    continue
                lab.level, lab.side = k, side
                boxes.append(b)
                break


def _text_w(text: str, per_char: float) -> float:
    return per_char * len(text) + 6


def _zone_labels(model: Model) -> list[Label]:
    from shapely.geometry import Polygon

    zlabels = []
    for z in model.zones:
        ring = z.polygons[0][0]
        if len(ring) < 3:
            continue
        poly = Polygon([(mx(lon), my(lat)) for lat, lon in ring])
        if poly.is_empty or poly.area <= 0:
            continue
        c = poly.centroid
        minx, miny, maxx, maxy = poly.bounds
        w = _text_w(z.label, 7.6)
        lines = max(1, math.ceil(w / 150))
        lab = Label(("zone", z.idx), c.x, c.y, min(w, 150), 15 * lines, extent=(maxx - minx, maxy - miny))
        zlabels.append((-poly.area, z.idx, lab))
    return [lab for *_, lab in sorted(zlabels, key=lambda t: (t[0], t[1]))]


BASE_LABEL_WIDTH = {"countries": 11.5, "divisions": 6.6, "towns": 6.6}


def plan_labels(model: Model, z0: float) -> dict[tuple, Label]:
    """Labels for places, zones and basemap names, placed together (the story's places first, then zones,
    then countries, first-level divisions and towns)."""
    labels: list[Label] = []
    for p in sorted(model.places, key=lambda p: (-len(p.by_outlet), _KIND_RANK.get(p.kind, 9), -p.n_claims, p.idx)):
        labels.append(Label(("place", p.idx), mx(p.lon), my(p.lat), _text_w(p.label, 7.0), 16, "side", p.radius, p.idx))
    labels += _zone_labels(model)
    for layer, per_char in BASE_LABEL_WIDTH.items():
        for i, f in enumerate(model.basemap.get(layer) or []):
            if f.label_at:
                lat, lon = f.label_at
                mode, r = ("right", 2.5) if layer == "towns" else ("center", 0.0)  # town names sit right of the dot
                labels.append(Label(("base", layer, i), mx(lon), my(lat), _text_w(f.name, per_char), 16, mode, r))
    markers = [(mx(p.lon), my(p.lat), p.radius, p.idx) for p in model.places]
    layout_labels(labels, markers, z0)
    return {lab.key: lab for lab in labels}


def arrow_points(lines: list[list[list[float]]], spacing: float) -> list[list[float]]:
    """Arrow positions along a leg as [lat, lon, screen angle in degrees (0 = east, clockwise)].

    ``spacing`` is in Web Mercator world units; Mercator is conformal, so the angle computed here is
    the on-screen angle at every zoom level."""
    from shapely.geometry import LineString

    out: list[list[float]] = []
    for part in lines:
        merc = LineString([(mx(lon), my(lat)) for lat, lon in part])
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
            out.append([_r(unmy(c.y)), _r(unmx(c.x)), round(angle, 1)])
    return out
