"""How the maps look: colour-blind-aware palettes (ColorBrewer RdBu/PRGn/PuOr families), marker sizes,
map panes and the two page variants. Pure data and tiny functions, so the page and map builders share one
source of truth for every colour and legend word."""

from __future__ import annotations

import hashlib
import re
from typing import Any

__all__ = [
    "CONTROLLER_ORDER",
    "CONTROLLER_STYLE",
    "KIND_RADIUS",
    "OTHER_CONTROLLER",
    "PANES",
    "PLACE_FILL",
    "RING_COLOUR",
    "ROUTE_COLOURS",
    "SOLID_STATUSES",
    "STATUS_WORDS",
    "VARIANTS",
    "controller_label",
    "controller_style",
    "css_token",
    "kind_radius",
    "route_colour",
]

# controller -> (fill, stroke)
CONTROLLER_STYLE: dict[str, tuple[str, str]] = {
    "government": ("#e0735f", "#b2182b"),
    "opposition": ("#5aae61", "#1b7837"),
    "contested": ("#f4b35e", "#b35806"),
    "besieged": ("#a584c4", "#5e3c99"),
}
OTHER_CONTROLLER = ("#bdbdbd", "#636363")
CONTROLLER_ORDER = ["government", "opposition", "besieged", "contested"]

# one colour per route; none of them is a zone colour
ROUTE_COLOURS = ["#2166ac", "#1a1a1a", "#01665e", "#c51b7d", "#8c510a", "#4d4d4d"]
PLACE_FILL = "#262626"
RING_COLOUR = "#3d3d3d"
# Only a movement reported as done is drawn solid; every other status is dashed and named in the legend.
SOLID_STATUSES = frozenset({"happened"})
STATUS_WORDS = {"planned": "planned", "optional": "optional", "under_way": "under way", "disputed": "disputed",
                "unknown": "status not stated"}

# CircleMarker radius (px) by place kind
KIND_RADIUS = {
    "country": 8,
    "city": 8,
    "governorate": 7,
    "region": 7,
    "town": 6,
    "crossing": 5,
    "checkpoint": 5,
    "camp": 5,
    "district": 5,
    "neighbourhood": 5,
    "neighborhood": 5,
    "village": 4.5,
}
_DEFAULT_RADIUS = 5.0

# map panes, bottom to top (Leaflet's own: tiles 200, overlay 400, markers 600, tooltips 650)
PANES = [
    ("evm-base", 350),
    ("evm-baselabels", 360),
    ("evm-zones", 410),
    ("evm-halos", 415),
    ("evm-casing", 418),
    ("evm-routes", 420),
    ("evm-arrows", 430),
    ("evm-places", 440),
    ("evm-rings", 445),
    ("evm-hits", 450),
    ("evm-clusters", 455),
]

# assumed map size in CSS px, used only to pre-compute the fit zoom and label placement
VARIANTS: dict[str, dict[str, Any]] = {
    "page": {"size": (960, 600), "collapsed": False, "scroll_zoom": True, "popup_width": 340, "popup_height": 320},
    "embed": {"size": (640, 480), "collapsed": True, "scroll_zoom": False, "popup_width": 280, "popup_height": 260},
}


def kind_radius(kind: str) -> float:
    return float(KIND_RADIUS.get(kind, _DEFAULT_RADIUS))


def controller_style(controller: str) -> tuple[str, str]:
    """(fill, stroke) for a zone's controller."""
    return CONTROLLER_STYLE.get(controller, OTHER_CONTROLLER)


def controller_label(controller: str, besieged_by: str = "") -> str:
    """The legend words for a zone, from the zone's own fields only (who holds it and, if besieged, by
    whom), worded as everywhere else by ``geo.zones.zone_status``. Nothing is assumed about who besieges whom."""
    from evacmap.geo.zones import zone_status

    words = zone_status(controller, besieged_by or None)
    return words[:1].upper() + words[1:]


def route_colour(key: str, order: list[str] | None = None) -> str:
    """One colour per route across every map of a site: by the route's place in the corpus-wide ``order``
    when given, else from a stable hash of its id."""
    if order and key in order:
        return ROUTE_COLOURS[order.index(key) % len(ROUTE_COLOURS)]
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return ROUTE_COLOURS[digest[0] % len(ROUTE_COLOURS)]


def css_token(text: str) -> str:
    """A class-name-safe token for a data value."""
    return re.sub(r"[^a-z0-9]+", "-", (text or "").lower()).strip("-") or "unknown"
