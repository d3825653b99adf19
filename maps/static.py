"""A static SVG of a map, made at build time from the same typed model as the interactive one: for readers
without JavaScript (inside <noscript>), for print and as a file beside the page (``<map>.svg``).

It draws what the map shows at its opening view: land and borders, zones, routes with their direction, the
story's places, and the labels that fit at that zoom. Coordinates are whole pixels of a Web Mercator view
box, so the image stays small.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Iterable

from evacmap.maps.cartography import fit_zoom, mx, my, plan_labels, shown_at, unmx, unmy
from evacmap.maps.model import MapSpec, Model
from evacmap.maps.styles import PLACE_FILL
from evacmap.maps.userlayers import USER_STYLE

__all__ = ["SOCIAL_HEIGHT", "SOCIAL_WIDTH", "WIDTH", "social_png", "static_svg"]

WIDTH, HEIGHT = 960, 600
# the social card (og:image): the static map rasterised at 1.25x, within the 1200 px width sharing sites use
SOCIAL_WIDTH, SOCIAL_HEIGHT = 1200, 750
FRAME_MARGIN = 20  # px beyond the picture's edge that an outline is kept to


class _View:
    """Web Mercator world units -> pixels of the SVG, for the bounds fitted as Leaflet would."""

    def __init__(self, spec: MapSpec):
        minlon, minlat, maxlon, maxlat = (float(b) for b in spec.bounds)
        self.z = fit_zoom(spec.bounds, WIDTH, HEIGHT)
        self.scale = 256 * 2**self.z
        self.cx = (mx(minlon) + mx(maxlon)) / 2 * self.scale - WIDTH / 2
        self.cy = (my(minlat) + my(maxlat)) / 2 * self.scale - HEIGHT / 2

    def frame(self, margin: float) -> tuple[float, float, float, float]:
        """(min lon, min lat, max lon, max lat) of the picture, ``margin`` pixels beyond each edge."""
        x0, x1 = (self.cx - margin) / self.scale, (self.cx + WIDTH + margin) / self.scale
        y0, y1 = (self.cy - margin) / self.scale, (self.cy + HEIGHT + margin) / self.scale
        return (unmx(x0), unmy(min(y1, 1.0)), unmx(x1), unmy(max(y0, 0.0)))

    def xy(self, lat: float, lon: float) -> tuple[int, int]:
        return round(mx(lon) * self.scale - self.cx), round(my(lat) * self.scale - self.cy)


def _d(rings: Iterable[list[list[float]]], view: _View, close: bool) -> str:
    out = []
    for ring in rings:
        pts: list[tuple[int, int]] = []
        for lat, lon in ring:
            p = view.xy(lat, lon)
            if not pts or pts[-1] != p:
                pts.append(p)
        if len(pts) >= 2:  # the first point absolute, then steps: small numbers, a third of the bytes
            steps = " ".join(f"{x - px} {y - py}" for (px, py), (x, y) in itertools.pairwise(pts))
            out.append(f"M{pts[0][0]} {pts[0][1]}l{steps}" + ("z" if close else ""))
    return "".join(out)


def _geojson_rings(geom: dict) -> list[list[list[float]]]:
    """GeoJSON (lon, lat) polygon rings as [lat, lon] rings."""
    kind = geom["type"]
    polys = [geom["coordinates"]] if kind == "Polygon" else geom["coordinates"] if kind == "MultiPolygon" else []
    return [[[c[1], c[0]] for c in ring] for poly in polys for ring in poly]


# presentation attributes, not a <style>: the page's Content-Security-Policy allows only its own styles
_TEXT = {
    "p": 'font-weight="600" fill="#1b1b1b"',
    "c": 'font-size="13" letter-spacing="2.5" fill="#545454"',
    "g": 'font-style="italic" font-size="11" fill="#595959"',
    "t": 'font-size="11" fill="#4a4a4a"',
    "z": 'font-style="italic" font-weight="600" font-size="11" letter-spacing=".5" fill="#3a3a3a"',
}


def _text(x: int, y: int, s: str, cls: str, anchor: str = "start") -> str:
    label = s.upper() if cls == "c" else s
    return f'<text x="{x}" y="{y}" {_TEXT[cls]} text-anchor="{anchor}">{html.escape(label)}</text>'


def _in_view(geom: dict, spec: MapSpec, frame: tuple[float, float, float, float] | None = None) -> dict:
    """The part of a basemap geometry the picture shows (well beyond its edge, or within ``frame``), as
    GeoJSON."""
    from shapely.geometry import box, mapping, shape

    minlon, minlat, maxlon, maxlat = (float(b) for b in spec.bounds)
    pad = max(maxlon - minlon, maxlat - minlat)
    clipped = shape(geom).intersection(box(*frame) if frame else box(minlon - pad, minlat - pad, maxlon + pad, maxlat + pad))
    return dict(mapping(clipped)) if not clipped.is_empty else {"type": "MultiLineString", "coordinates": []}


def _base(model: Model, view: _View, spec: MapSpec) -> list[str]:
    out = []
    for layer, style in (("countries", 'fill="#f2efe9" stroke="#7a7a7a" stroke-width="1"'),
                         ("divisions", 'fill="none" stroke="#9a9a9a" stroke-width=".8" stroke-dasharray="4 3"')):
        # divisions are outlines only: what lies beyond the picture's frame would be bytes no one sees
        frame = view.frame(FRAME_MARGIN) if layer == "divisions" else None
        line = layer == "divisions"  # the lines between divisions (basemap._inner_lines), not closed rings
        d = "".join(_d(_line_or_rings(_in_view(f.geometry, spec, frame)), view, not line)
                    for f in model.basemap.get(layer, []))
        if d:
            out.append(f'<path {style} fill-rule="evenodd" d="{d}"/>')
    for layer in sorted(k for k in model.basemap if k.startswith("user-")):  # the corpus's own [[layers]]
        st = USER_STYLE[layer.rsplit("-", 1)[1]]
        line = bool(st.get("evmLine"))
        d = "".join(_d(_line_or_rings(f.geometry), view, not line) for f in model.basemap[layer])
        fill = "none" if not st.get("fill") else st.get("fillColor", "none")
        dash = f' stroke-dasharray="{st["dashArray"]}"' if st.get("dashArray") else ""
        if d:
            out.append(f'<path fill="{fill}" stroke="{st["color"]}" stroke-width="{st["weight"]}"{dash} '
                       f'fill-rule="evenodd" d="{d}"/>')
    return out


def _line_or_rings(geom: dict) -> list[list[list[float]]]:
    """A GeoJSON line's points, or a polygon's rings, as [lat, lon] lists."""
    if geom["type"] == "LineString":
        return [[[c[1], c[0]] for c in geom["coordinates"]]]
    if geom["type"] == "MultiLineString":
        return [[[c[1], c[0]] for c in line] for line in geom["coordinates"]]
    return _geojson_rings(geom)


def _story(model: Model, view: _View) -> list[str]:
    out = []
    for z in model.zones:
        fill, stroke, _ = z.style
        dash = ' stroke-dasharray="6 4"' if z.approximate else ""
        d = "".join(_d(rings, view, True) for rings in z.polygons)
        out.append(f'<path fill="{fill}" fill-opacity=".3" stroke="{stroke}" stroke-width="1.5"{dash} '
                   f'fill-rule="evenodd" d="{d}"/>')
    for route in model.routes:
        for leg in route.legs:
            d = _d(leg.lines, view, False)
            if d:
                dash = ' stroke-dasharray="7 6"' if leg.dashed else ""
                if not leg.dashed:
                    out.append(f'<path fill="none" stroke="#fff" stroke-width="7" stroke-opacity=".85" d="{d}"/>')
                out.append(f'<path fill="none" stroke="{route.colour}" stroke-width="4"{dash} '
                           f'marker-end="url(#evm-arrow-{route.idx})" d="{d}"/>')
    for p in sorted(model.places, key=lambda p: (-p.radius, p.idx)):
        x, y = view.xy(p.lat, p.lon)
        fill, stroke = ("#ffffff", PLACE_FILL) if p.approximate else (PLACE_FILL, "#ffffff")
        out.append(f'<circle cx="{x}" cy="{y}" r="{p.radius:g}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')
    return out


def _zone_labels(model: Model, view: _View, labels: dict) -> list[str]:
    """Zone names where the page shows them at its opening view: inside the zone, or beside it with a
    pointer (the page's callout)."""
    out = []
    for z in model.zones:
        shown = [lab for key in ("zone", "zonecall", "zonelead") if (lab := labels.get((key, z.idx)))
                 and shown_at(lab.level, view.z, view.z) and not shown_at(lab.until, view.z, view.z)]
        if not shown:
            continue
        lab = shown[0]
        x, y = view.xy(unmy(lab.y), unmx(lab.x))
        words = _wrap(z.label, 18)  # about the page's 110 to 120 px wrap (maps.zonelabels)
        top = y - 7 * (len(words) - 1)
        lead = round(lab.lead)
        if lab.side == "center":
            tx, anchor = x, "middle"
        elif lab.side in ("top", "bottom"):
            sign = 1 if lab.side == "bottom" else -1
            if lead:  # the leader line from the zone to the pointer
                out.append(f'<path d="M{x} {y} V{y + sign * (lead + 2)}" stroke="#4a4a4a" stroke-width="1"/>')
                y += sign * lead
            tx, anchor = x, "middle"
            top = y + sign * 12 + (0 if sign > 0 else -14 * (len(words) - 1)) + (0 if sign > 0 else -4)
            out.append(f'<path d="M{x} {y + sign * 2} L{x - 4} {y + sign * 8} L{x + 4} {y + sign * 8}Z" fill="#4a4a4a"/>')
        else:
            sign = 1 if lab.side == "right" else -1
            if lead:
                out.append(f'<path d="M{x} {y} H{x + sign * (lead + 2)}" stroke="#4a4a4a" stroke-width="1"/>')
                x += sign * lead
            tx, anchor = x + sign * 10, "start" if sign > 0 else "end"
            out.append(f'<path d="M{x + sign * 2} {y} L{x + sign * 8} {y - 4} L{x + sign * 8} {y + 4}Z" fill="#4a4a4a"/>')
        out += [_text(tx, top + 14 * i + 4, line, "z", anchor) for i, line in enumerate(words)]
    return out


def _wrap(s: str, n: int) -> list[str]:
    lines: list[str] = []
    for word in s.split():
        if lines and len(lines[-1]) + 1 + len(word) <= n:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [s]


def _labels(model: Model, view: _View, bounds: tuple) -> list[str]:
    labels = plan_labels(model, view.z, bounds)
    out = _zone_labels(model, view, labels)
    for p in model.places:
        lab = labels.get(("place", p.idx))
        if lab and shown_at(lab.level, view.z, view.z):
            x, y = view.xy(p.lat, p.lon)
            dx = p.radius + 4
            right = lab.side == "right"
            out.append(_text(x + (dx if right else -dx), y + 4, p.label, "p", "start" if right else "end"))
    for layer, cls in (("countries", "c"), ("divisions", "g"), ("towns", "t")):
        for i, f in enumerate(model.basemap.get(layer, [])):
            lab = labels.get(("base", layer, i))
            if lab and shown_at(lab.level, view.z, view.z) and f.label_at:
                x, y = view.xy(*f.label_at)
                town = layer == "towns"
                out.append(_text(x + (6 if town else 0), y + 4, f.name, cls, "start" if town else "middle"))
                if layer == "towns":
                    out.append(f'<circle cx="{x}" cy="{y}" r="2.5" fill="#6b6b6b"/>')
    return out


def static_svg(spec: MapSpec, model: Model) -> str:
    """The map at its opening view as one small, self-contained SVG document (no script, no external file)."""
    view = _View(spec)
    markers = "".join(
        f'<marker id="evm-arrow-{r.idx}" viewBox="-5 -5 10 10" markerWidth="4" markerHeight="4" orient="auto">'
        f'<path d="M-4 -4 L5 0 L-4 4Z" fill="{r.colour}"/></marker>' for r in model.routes)
    title = html.escape(f"Map: {spec.title or model.title}")
    labels = "".join(_labels(model, view, spec.bounds))
    body = "".join(_base(model, view, spec) + _story(model, view))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
        f'aria-label="{title}" class="evm-static"><title>{title}</title>'
        f'<defs>{markers}</defs><rect width="{WIDTH}" height="{HEIGHT}" fill="#c9dbe8"/>{body}'
        '<g font-family="system-ui, sans-serif" font-size="12" paint-order="stroke" stroke="#ffffff" '
        f'stroke-width="3" stroke-linejoin="round">{labels}</g></svg>\n'
    )


def social_png(svg: str) -> bytes:
    """The static SVG as a PNG for social cards (og:image), rasterised by resvg: no browser, no network,
    and the same bytes for the same SVG and fonts."""
    import resvg_py  # imported here: only the build's social card needs the rasteriser

    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=SOCIAL_WIDTH, height=SOCIAL_HEIGHT, background="#ffffff"))
