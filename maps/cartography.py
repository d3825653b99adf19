"""Cartography in Web Mercator "world units" (0..1, y down): the zoom Leaflet will fit, label placement
by zoom step, and arrow positions and angles along a route.

Pre-computing these at build time keeps the page deterministic and its script small.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evacmap.maps.encoding import round_coord
from evacmap.maps.model import Model

__all__ = [
    "LABEL_LEVELS",
    "LABEL_STEP",
    "Label",
    "arrow_points",
    "fit_zoom",
    "label_start",
    "label_zooms",
    "layout_labels",
    "mx",
    "my",
    "plan_labels",
    "ring_levels",
    "shown_at",
    "text_w",
    "unmx",
    "unmy",
    "weighted_median",
]

# Labels are placed for every width a map is read at, not only the 960 px page it is built for: Leaflet fits
# the same bounds into a 320 px phone two zoom steps lower, so placement starts LABEL_BACK below the built
# zoom z0 and goes up in half steps; a label of level k is shown from zoom label_start(z0) + k * LABEL_STEP.
LABEL_BACK = 2.0
LABEL_STEP = 0.25
LABEL_LEVELS = 32  # steps from z0 - 2 to z0 + 5.75; a label never placed is shown from z0 + 6
# which places get a label first when labels would collide
_KIND_RANK = {"country": 0, "city": 1, "governorate": 2, "region": 3, "crossing": 4, "town": 5}

Box = tuple[float, float, float, float]
SCREEN_MARGIN = 16.0  # px: a map fitted to its bounds shows at least this much beyond them (padding, snapping)


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



def fit_zoom(bounds: Sequence[float], width: int, height: int, pad: int = 8, snap: float = 0.25) -> float:
    """The zoom Leaflet's ``fitBounds`` picks for these bounds in a map of this size (given zoomSnap)."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    dx = max(abs(mx(maxlon) - mx(minlon)), 1e-9)
    dy = max(abs(my(minlat) - my(maxlat)), 1e-9)
    z = math.log2(min((width - 2 * pad) / (dx * 256), (height - 2 * pad) / (dy * 256)))
    z = math.floor(z / snap + 1e-9) * snap
    return max(0.0, min(18.0, z))


def label_start(z0: float) -> float:
    """The zoom of label level 0 for a map built at zoom ``z0``."""
    return z0 - LABEL_BACK


def label_zooms(z0: float) -> list[float]:
    """The zoom from which each label level 1..LABEL_LEVELS shows (the page's ``cfg.labelZooms``)."""
    return [label_start(z0) + k * LABEL_STEP for k in range(1, LABEL_LEVELS + 1)]


def shown_at(level: int, z0: float, z: float) -> bool:
    """Whether a label of ``level`` shows at zoom ``z`` on a map built at ``z0``."""
    return level < LABEL_LEVELS and label_start(z0) + level * LABEL_STEP <= z + 1e-9


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
    lead: float = 0.0  # px between the anchor and the box, bridged by a leader line (zone callouts)
    # zone labels: the anchors to try in order, (side, x, y, lead); "center" inside the zone, "right"/"left"
    # etc. a callout beside it, ``lead`` px away. ``fits(side, box in world units, scale)`` says whether a
    # placement is allowed.
    alts: tuple[tuple[str, float, float, float], ...] = ()
    fits: Callable[[str, Box, float], bool] | None = None
    # a zone's name inside it replaces its callout from the step it fits: the callout shows from ``level``
    # to ``until`` - 1, and the inside label ignores its own callout when it is placed
    until: int = LABEL_LEVELS
    replaces: Label | None = None

    def candidates(self) -> list[tuple[str, float, float, float]]:
        return list(self.alts) or [(side, self.x, self.y, 0.0) for side in _SIDES[self.mode]]

    def box(self, side: str, scale: float, at: tuple[float, float] | None = None, lead: float | None = None) -> Box:
        px, py = (at or (self.x, self.y))[0] * scale, (at or (self.x, self.y))[1] * scale
        d = self.r + 3 + (self.lead if lead is None else lead)
        if side == "right":
            return (px + d, py - self.h / 2, px + d + self.w, py + self.h / 2)
        if side == "left":
            return (px - d - self.w, py - self.h / 2, px - d, py + self.h / 2)
        if side == "top":
            return (px - self.w / 2, py - d - self.h, px + self.w / 2, py - d)
        if side == "bottom":
            return (px - self.w / 2, py + d, px + self.w / 2, py + d + self.h)
        return (px - self.w / 2, py - self.h / 2, px + self.w / 2, py + self.h / 2)

    def parts(self, side: str | None = None, lead: float | None = None) -> list[Box]:
        """The box's offsets in px from its anchor and, for a callout on a leader line, the line's strip."""
        side, lead = side or self.side, self.lead if lead is None else lead
        b = self.box(side, 1.0, (0.0, 0.0), lead)
        if not lead:
            return [b]
        reach = self.r + 3 + lead
        strip = {"right": (0.0, -1.0, reach, 1.0), "left": (-reach, -1.0, 0.0, 1.0),
                 "bottom": (-1.0, 0.0, 1.0, reach), "top": (-1.0, -reach, 1.0, 0.0)}[side]
        return [b, strip]

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


def layout_labels(labels: list[Label], markers: list[tuple[float, float, float, int]], z0: float,
                  step: float = LABEL_STEP) -> None:
    """Greedy, deterministic label placement by zoom step, in priority order: each label in ``labels`` gets
    the first step ``k`` (zoom ``z0 + k * step``) at which it overlaps no marker (``markers``: x, y, radius px,
    place idx) and no label placed before it, wherever that one shows from ``k`` on. Distances only grow
    when zooming in, so two boxes beside their anchors apart at one step stay apart at the next: it is
    enough to compare them at the first step both show (a callout on a leader line is compared over every
    step, see ``_meet``). A label never waits for one of lower priority. The steps are quarter zooms, the
    page's zoomSnap: a map opens at a quarter step that depends on the screen's width, and a name planned
    for the half step above waited a zoom in on a phone."""
    scales = [256 * 2 ** (z0 + k * step) for k in range(LABEL_LEVELS)]
    done: list[Label] = []
    for i, lab in enumerate(labels):
        for k in range(min(lab.until, LABEL_LEVELS)):
            if lab.too_big(scales[k]) or not _place_at(lab, k, scales, done, markers, later=labels[i + 1:]):
                continue
            break
        if lab.replaces is not None:  # the label it replaces shows until this one does
            lab.replaces.until = min(lab.level, lab.until)
        done.append(lab)


def _place_at(lab: Label, k: int, scales: list[float], done: list[Label],
              markers: list[tuple[float, float, float, int]], *, later: Sequence[Label] = ()) -> bool:
    """Place ``lab`` at step ``k`` on its first candidate that fits, if any. A callout that may stand off on a
    leader line takes, of the places that fit, the one that leaves the most room to the places' names over
    the steps it shows (then the nearest): a leader gives it many places to stand, and the first of them is
    often where the name of the town it stands by would go."""
    fitting = []
    for side, x, y, lead in lab.candidates():
        b = lab.box(side, scales[k], (x, y), lead)
        if lab.fits and not lab.fits(side, b, scales[k]):
            continue
        if _hits_marker(b, markers, lab.own, scales[k]):
            continue
        clash = False
        for o in done:
            j = max(k, o.level)
            if o is lab.replaces or o.replaces is lab or j >= min(o.until, lab.until, LABEL_LEVELS):
                continue
            if lead or o.lead:
                # a box a leader line away from its anchor can close on a box beside another anchor as the
                # map zooms in: checked over every step both show, not only the first
                # (and its line may cross no other name)
                end = scales[min(o.until, lab.until, LABEL_LEVELS) - 1]
                clash = any(_meet(a, (x, y), b, (o.x, o.y), (scales[j], end))
                            for a in lab.parts(side, lead) for b in o.parts())
            else:
                clash = _overlaps(lab.box(side, scales[j], (x, y), lead), [o.box(o.side, scales[j])])
            if clash:
                break
        if not clash:
            fitting.append((side, x, y, lead))
            if not any(alt[3] for alt in lab.alts):
                break
    if not fitting:
        return False
    places = [o for o in later if o.key[0] == "place"]
    steps = scales[k:min(lab.until, LABEL_LEVELS)]

    def blocked(cand: tuple[str, float, float, float]) -> int:
        """Later places' names this candidate leaves no room for, summed over the steps it shows."""
        n = 0
        for scale in steps:
            b = lab.box(cand[0], scale, cand[1:3], cand[3])
            n += sum(all(_overlaps(o.box(side, scale, (x, y), lead), [b]) for side, x, y, lead in o.candidates())
                     for o in places)
        return n

    lab.side, lab.x, lab.y, lab.lead = min(fitting, key=lambda c: (blocked(c), c[3])) if len(fitting) > 1 else fitting[0]
    lab.level = k
    return True


def _meet(a: Box, pa: tuple[float, float], b: Box, pb: tuple[float, float], span: tuple[float, float]) -> bool:
    """Whether two boxes, each at fixed pixel offsets ``a``/``b`` from an anchor (world units ``pa``/``pb``),
    overlap at some scale in ``span`` (lo, hi). Each edge moves linearly with the scale, so the scales at which they
    overlap form one interval, found exactly."""
    dx, dy = pa[0] - pb[0], pa[1] - pb[1]
    lo, hi = span
    if lo > hi:
        return False
    # overlap: a0 <= b2, b0 <= a2, a1 <= b3, b1 <= a3, i.e. c * s + d <= 0 for each (c, d)
    for c, d in ((dx, a[0] - b[2]), (-dx, b[0] - a[2]), (dy, a[1] - b[3]), (-dy, b[1] - a[3])):
        if c > 0:
            hi = min(hi, -d / c)
        elif c < 0:
            lo = max(lo, -d / c)
        elif d > 0:
            return False
        if lo > hi:
            return False
    return True


def text_w(text: str, per_char: float) -> float:
    return per_char * len(text) + 6


BASE_LABEL_WIDTH = {"countries": 11.5, "divisions": 6.6, "towns": 6.6}


def _within(bounds: Sequence[float]) -> Callable[[str, Box, float], bool]:
    """A label box lies inside the map's bounds, which every screen width shows whole (a place near the
    left edge of a phone's map takes its name on the right, or waits for a closer zoom)."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    x0, y0, x1, y1 = mx(minlon), my(maxlat), mx(maxlon), my(minlat)

    def fits(_side: str, b: Box, scale: float) -> bool:
        m = SCREEN_MARGIN / scale
        return b[0] / scale >= x0 - m and b[2] / scale <= x1 + m and b[1] / scale >= y0 - m and b[3] / scale <= y1 + m

    return fits


def plan_labels(model: Model, z0: float, bounds: Sequence[float]) -> dict[tuple, Label]:
    """Labels for places, zones and basemap names, placed together for a map built at zoom ``z0`` showing
    ``bounds``: the zones under siege first (the people an evacuation is about), then the story's places,
    the other zones, then countries, first-level divisions and towns."""
    from evacmap.maps.zonelabels import zone_labels  # zonelabels builds on Label

    besieged, other_zones = zone_labels(model, bounds)
    labels: list[Label] = list(besieged)
    on_screen = _within(bounds)
    for p in sorted(model.places, key=lambda p: (-len(p.by_outlet), _KIND_RANK.get(p.kind, 9), -p.n_claims, p.idx)):
        labels.append(Label(("place", p.idx), mx(p.lon), my(p.lat), text_w(p.label, 7.0), 16, "side", p.radius, p.idx,
                            fits=on_screen))
    labels += other_zones
    for layer, per_char in BASE_LABEL_WIDTH.items():
        for i, f in enumerate(model.basemap.get(layer) or []):
            if f.label_at:
                lat, lon = f.label_at
                mode, r = ("right", 2.5) if layer == "towns" else ("center", 0.0)  # town names sit right of the dot
                labels.append(Label(("base", layer, i), mx(lon), my(lat), text_w(f.name, per_char), 16, mode, r))
    markers = [(mx(p.lon), my(p.lat), p.radius, p.idx) for p in model.places]
    layout_labels(labels, markers, label_start(z0), LABEL_STEP)
    return {lab.key: lab for lab in labels}


RING_GAP = 2.6  # px between two outlets' rings round a place


def ring_levels(places: Sequence, rings: dict[int, int], z0: float) -> dict[int, int]:
    """The label level (see ``label_zooms``) from which each place's outlet rings show: the first step at
    which its outermost ring touches no other place's rings or marker. Where places crowd at the opening
    view (a city's districts on a regional map) their stacks of rings would merge into one grey blot that
    says nothing about who reported what; they appear as the reader zooms in. ``rings``: place idx -> number
    of rings."""
    def outer(p: Any) -> float:
        n = rings.get(p.idx, 0)
        return p.radius + 3 + RING_GAP * (n - 1) + 1 if n else p.radius + 1

    out = {}
    start = label_start(z0)
    for p in places:
        if not rings.get(p.idx):
            continue
        level = LABEL_LEVELS
        for k in range(LABEL_LEVELS):
            scale = 256 * 2 ** (start + k * LABEL_STEP)
            if all(math.hypot((mx(p.lon) - mx(q.lon)) * scale, (my(p.lat) - my(q.lat)) * scale) >= outer(p) + outer(q)
                   for q in places if q.idx != p.idx):
                level = k
                break
        out[p.idx] = level
    return out


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
            out.append([round_coord(unmy(c.y)), round_coord(unmx(c.x)), round(angle, 1)])
    return out


def weighted_median(values: list[float], weights: list[int]) -> float:
    """The value that half the weight lies at or below: a map's centre that a few far-off mentions cannot drag.

    >>> weighted_median([1.0, 2.0, 10.0], [2, 2, 1])
    2.0
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    half, acc = sum(weights) / 2, 0
    for i in order:
        acc += weights[i]
        if acc >= half:
            return values[i]
    return values[order[-1]]
