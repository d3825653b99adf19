"""Marker clusters, planned at build time: where place markers crowd, one numbered marker stands for them.

Like the labels (``maps.cartography.layout_labels``), clusters are decided per zoom step of the opening view
(``z0 + k``), greedily and deterministically: the places reported most come first, and each place joins the
first cluster whose first place lies within ``RADIUS`` px at that zoom. The page only switches between these
precomputed sets on zoom (``evm.finish``), so it needs no clustering library: Leaflet.markercluster would add
about 36 KB to every page, a tenth of the page budget. A map draws clusters once it holds more than
``MIN_PLACES`` places; a smaller map shows every place.
"""
from __future__ import annotations

from evacmap.maps.cartography import mx, my
from evacmap.maps.encoding import round_coord
from evacmap.maps.model import Model

__all__ = ["MIN_PLACES", "RADIUS", "plan_clusters"]

RADIUS = 20.0  # px: markers closer than this at a zoom are drawn as one cluster there
MIN_PLACES = 25
LEVELS = 6  # zoom steps z0 .. z0 + 5 at which clusters are planned



def plan_clusters(model: Model, z0: float, force: bool = False) -> dict | None:
    """``{"zooms": [z0, z0 + 1, ...], "levels": [[[lat, lon, [place idx...], [s, w, n, e]], ...], ...]}``:
    for each zoom step the clusters of two places or more, or None when no marker crowds (or the map is small
    and ``force`` is off)."""
    if len(model.places) <= MIN_PLACES and not force:
        return None
    order = sorted(model.places, key=lambda p: (-len(p.by_outlet), -(p.summary.reports if p.summary else p.n_claims),
                                                p.idx))
    levels = []
    for k in range(LEVELS):
        scale = 256 * 2 ** (z0 + k)
        heads: list[tuple[float, float, list]] = []
        for p in order:
            x, y = mx(p.lon) * scale, my(p.lat) * scale
            for hx, hy, members in heads:
                if abs(hx - x) <= RADIUS and abs(hy - y) <= RADIUS:
                    members.append(p)
                    break
            else:
                heads.append((x, y, [p]))
        level = []
        for _x, _y, members in heads:
            if len(members) < 2:
                continue
            lats, lons = [p.lat for p in members], [p.lon for p in members]
            level.append([round_coord(sum(lats) / len(lats)), round_coord(sum(lons) / len(lons)), sorted(p.idx for p in members),
                          [min(lats), min(lons), max(lats), max(lons)]])
        levels.append(level)
    if not any(levels):
        return None
    return {"zooms": [z0 + k for k in range(LEVELS)], "levels": levels}
