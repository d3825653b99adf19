"""Where a zone's name goes: on the part of the zone the reader sees at the opening view, or beside it.

A zone's label used to sit at the centre of its whole polygon and show only once the polygon's bounding box
held it. That hid the names a story needs most: a large zone mostly outside the view put its name off
screen, and a small one (a besieged enclave a few blocks wide) showed its name only at street zoom. Here a
label gets, in order:

1. the pole of inaccessibility of the zone's visible part (the point farthest inside it), or of one of its
   halves, if the label's box lies within the zone there at that zoom;
2. until then, if the zone is small on screen (not much larger than its name) but a few pixels across, a
   callout beside its visible part (right, left, below or above, anchored on its outermost point there), so
   the name shows at the opening view and the tooltip's pointer says which area it names. The callout gives
   way to the inside label from the zoom step at which that fits.

Every candidate goes through the same greedy layout as the place and basemap labels
(``maps.cartography.layout_labels``), so nothing overlaps at any zoom step.
"""
from __future__ import annotations

import math
from typing import Any

import shapely
from shapely.geometry import Polygon, box
from shapely.ops import polylabel

from evacmap.maps.cartography import Label, mx, my, text_w
from evacmap.maps.model import Model

__all__ = ["LEADS", "MAX_WIDTH", "MIN_CALLOUT_PX", "lead_css", "zone_labels"]

# widths narrow enough that a zone's name fits beside or inside it on a 375 px phone, which opens the map a
# zoom step below the 960 px layout: at 190 and 150 px the names of the zones under siege waited for a zoom in
MAX_WIDTH = 110.0  # px: a zone label wraps at this width (page.css .evm-zone-label max-width)
LINE = 15.0  # px per line of a zone label
MIN_CALLOUT_PX = 4.0  # a zone smaller than this on screen is too small to point at
PER_CHAR = 7.6  # px per character of the upper-case, letter-spaced zone label
CALLOUT_WIDTH = 120.0  # px: a callout (sentence case, page.css .evm-callout) wraps at this width
CALLOUT_CHAR = 6.4
# px: where the places crowding round a small zone leave no room for its callout beside it, the callout
# stands this far off, joined to the zone by a leader line (page.css .evm-lead-N)
LEADS = (24.0, 48.0)
CALLOUT_MAX = 1.0  # a zone wider or taller on screen than its callout gets none: it waits for room inside


def _mercator(z: Any) -> Any:
    """The zone's polygons in Web Mercator world units (x east, y down), as one valid geometry."""
    parts = []
    for rings in z.polygons:
        if not rings or len(rings[0]) < 3:
            continue
        outer = [(mx(lon), my(lat)) for lat, lon in rings[0]]
        holes = [[(mx(lon), my(lat)) for lat, lon in r] for r in rings[1:] if len(r) >= 3]
        parts.append(Polygon(outer, holes))
    return shapely.make_valid(shapely.union_all(parts)) if parts else Polygon()


def _largest(g: Any) -> Any:
    polys = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and p.area > 0]
    return max(polys, key=lambda p: (p.area, p.bounds)) if polys else None


def _fits(shape: Any, extent: float, view: Any) -> Any:
    """The test a candidate box must pass: inside the map's bounds (which every width shows whole), and
    inside the zone for a centred label; for a callout, the zone's visible part must be a few pixels across."""
    prepared = shape.buffer(0)
    shapely.prepare(prepared)
    vx0, vy0, vx1, vy1 = view.bounds

    def fits(side: str, b: tuple[float, float, float, float], scale: float) -> bool:
        if extent * scale < MIN_CALLOUT_PX:
            return False
        m = 4.0 / scale  # a little margin round the text, in world units
        x0, y0, x1, y1 = b[0] / scale - m, b[1] / scale - m, b[2] / scale + m, b[3] / scale + m
        # on screen: every width shows the map's bounds whole (and a box inside them stays inside at
        # every closer zoom, since it shrinks towards its anchor in world units)
        if x0 < vx0 or x1 > vx1 or y0 < vy0 or y1 > vy1:
            return False
        if side != "center":  # a callout only for a zone too small for its name: a large one waits for room inside
            return extent * scale <= CALLOUT_MAX * (b[2] - b[0])
        return bool(prepared.contains(box(x0, y0, x1, y1)))

    return fits


def _inside_points(part: Any) -> list[tuple[float, float]]:
    """Where a name may sit inside the visible part: its pole of inaccessibility, then the poles of its
    left, right, upper and lower halves and of its quarters (the middle may be taken by a place's label)."""
    minx, miny, maxx, maxy = part.bounds
    tol = max(maxx - minx, maxy - miny) / 100
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    out = []
    halves = [box(minx, miny, cx, maxy), box(cx, miny, maxx, maxy), box(minx, miny, maxx, cy), box(minx, cy, maxx, maxy)]
    # then its quarters: on a phone a zone's middle and halves are often taken by the places' names
    quarters = [box(minx, miny, cx, cy), box(cx, miny, maxx, cy), box(minx, cy, cx, maxy), box(cx, cy, maxx, maxy)]
    for piece in (part, *(part.intersection(b) for b in (*halves, *quarters))):
        big = _largest(piece) if not piece.is_empty else None
        if big is not None:
            pt = polylabel(big, tolerance=tol)
            if (pt.x, pt.y) not in out:
                out.append((pt.x, pt.y))
    return out


def _labels(z: Any, view: Any) -> tuple[float, list[Label]] | None:
    seen = _mercator(z).intersection(view)
    part = _largest(seen) if not seen.is_empty else None
    if part is None:
        return None
    minx, miny, maxx, maxy = part.bounds
    inner = _inside_points(part)
    coords = list(part.exterior.coords)
    east = max(coords, key=lambda c: (c[0], -c[1]))
    west = min(coords, key=lambda c: (c[0], c[1]))
    north = min(coords, key=lambda c: (c[1], c[0]))
    south = max(coords, key=lambda c: (c[1], -c[0]))
    w = text_w(z.label, PER_CHAR)
    lines = max(1, math.ceil(w / MAX_WIDTH))
    fits = _fits(part, max(maxx - minx, maxy - miny), view)
    size = (min(w, MAX_WIDTH), LINE * lines)
    cw = text_w(z.label, CALLOUT_CHAR) + 8  # + padding and border
    sides = (("right", east), ("left", west), ("bottom", south), ("top", north))
    callout_size = (min(cw, CALLOUT_WIDTH), LINE * math.ceil(cw / CALLOUT_WIDTH) + 4)
    # the callout on a leader line stands in while places crowd the zone's sides; the callout beside the
    # zone takes over from the step it fits, the name inside from the step that fits
    far = Label(("zonelead", z.idx), east[0], east[1], *callout_size, r=5.0, fits=fits,
                alts=tuple((side, *at, lead) for lead in LEADS for side, at in sides))
    callout = Label(("zonecall", z.idx), east[0], east[1], *callout_size, r=5.0, fits=fits,
                    alts=tuple((side, *at, 0.0) for side, at in sides), replaces=far)
    inside = Label(("zone", z.idx), *inner[0], *size, alts=tuple(("center", x, y, 0.0) for x, y in inner), fits=fits,
                   replaces=callout)
    return part.area, [inside, callout, far]


def zone_labels(model: Model, bounds: Any) -> tuple[list[Label], list[Label]]:
    """(labels of the zones under siege, labels of the other zones), each largest visible part first, for a
    map showing ``bounds`` (min lon, min lat, max lon, max lat). A zone outside the view gets no label."""
    minlon, minlat, maxlon, maxlat = (float(b) for b in bounds)
    view = box(mx(minlon), my(maxlat), mx(maxlon), my(minlat))
    besieged: list[tuple[float, int, list[Label]]] = []
    other: list[tuple[float, int, list[Label]]] = []
    for z in model.zones:
        found = _labels(z, view)
        if found is None:
            continue
        area, labs = found
        (besieged if z.besieged_by else other).append((-area, z.idx, labs))
    return ([lab for *_, labs in sorted(besieged, key=lambda t: t[:2]) for lab in labs],
            [lab for *_, labs in sorted(other, key=lambda t: t[:2]) for lab in labs])


def lead_css() -> str:
    """The leader line of a callout that stands ``lead`` px off its zone (class evm-lead-N): from the tip of
    the tooltip's pointer back to the zone, in the callout's text colour."""
    out = [",".join(f".evm-lead-{int(lead)}::after" for lead in LEADS)
           + '{content:"";position:absolute;border:0 solid currentColor}\n']
    for lead in LEADS:
        n, far = int(lead), int(lead) + 7  # + the pointer (6 px) and the callout's border
        for side, where in (("bottom", f"left:50%;top:-{far}px;height:{n}px;border-left-width:1px"),
                            ("top", f"left:50%;bottom:-{far}px;height:{n}px;border-left-width:1px"),
                            ("right", f"top:50%;left:-{far}px;width:{n}px;border-top-width:1px"),
                            ("left", f"top:50%;right:-{far}px;width:{n}px;border-top-width:1px")):
            out.append(f".evm-lead-{n}.leaflet-tooltip-{side}::after{{{where}}}\n")
    return "".join(out)
