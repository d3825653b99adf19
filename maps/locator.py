"""The locator inset: a small static picture of the region around a map, with the map's own area marked, so a
reader who does not know the place sees where in the world it is (as on a wire-service locator map).

Drawn at build time from the same Natural Earth countries as the basemap, as a few kilobytes of SVG placed in
the legend (not over the map, where it would hide the story on a phone).
"""
from __future__ import annotations

import html
from functools import lru_cache

from evacmap.maps.cartography import mx, my

__all__ = ["WIDTH", "locator_svg"]

WIDTH, HEIGHT = 160, 110
REGION_FACTOR = 7.0  # the inset shows about this many times the map's larger side, at least MIN_REGION degrees
MIN_REGION = 14.0


def _region(bounds: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    minx, miny, maxx, maxy = bounds
    half = max(MIN_REGION, REGION_FACTOR * max(maxx - minx, maxy - miny)) / 2
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    return (max(-180.0, cx - half * WIDTH / HEIGHT), max(-80.0, cy - half), min(180.0, cx + half * WIDTH / HEIGHT),
            min(80.0, cy + half))


@lru_cache(maxsize=16)
def locator_svg(bounds: tuple[float, float, float, float], title: str = "") -> str:
    """The inset for a map of ``bounds``; '' when the countries cannot be read."""
    import shapely

    from evacmap.maps.basemap import _countries

    region = _region(bounds)
    try:
        countries, _version = _countries(region)
    except (OSError, FileNotFoundError):
        return ""
    x0, x1 = mx(region[0]), mx(region[2])
    y0, y1 = my(region[3]), my(region[1])
    scale = min(WIDTH / (x1 - x0), HEIGHT / (y1 - y0))

    def px(lon: float, lat: float) -> tuple[int, int]:
        return round((mx(lon) - x0) * scale), round((my(lat) - y0) * scale)

    tol = (region[2] - region[0]) / WIDTH * 1.5
    paths = []
    for geom in countries.geometry:
        g = shapely.clip_by_rect(geom.simplify(tol), *region)
        for poly in shapely.get_parts(g):
            if poly.geom_type != "Polygon" or poly.area < tol * tol * 4:
                continue
            pts: list[tuple[int, int]] = []
            for lon, lat in poly.exterior.coords:
                p = px(lon, lat)
                if not pts or pts[-1] != p:
                    pts.append(p)
            if len(pts) >= 3:
                paths.append("M" + " ".join(f"{a} {b}" for a, b in pts) + "Z")
    (ax, ay), (bx, by) = px(bounds[0], bounds[3]), px(bounds[2], bounds[1])
    w, h = max(4, bx - ax), max(4, by - ay)
    cx, cy = (ax + bx) // 2, (ay + by) // 2
    label = html.escape(f"Locator: the area of the map{': ' + title if title else ''}, marked in its region")
    return (f'<svg class="evm-locator" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{label}">'
            f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#c9dbe8"/>'
            f'<path fill="#f2efe9" stroke="#8a8a8a" stroke-width=".6" d="{"".join(paths)}"/>'
            f'<rect x="{cx - w // 2}" y="{cy - h // 2}" width="{w}" height="{h}" fill="none" stroke="#b2182b" '
            'stroke-width="2"/></svg>')
