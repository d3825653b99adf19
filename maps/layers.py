"""One builder per layer group of a map: basemap, zones, routes, places, one group per outlet, and the map
that holds them. Each builder reads the typed ``Model`` and adds folium elements; nothing here formats
page text (that is ``maps.pages``)."""

from __future__ import annotations

import html
import math
from collections.abc import Callable

import folium
from branca.element import Element, Figure

from evacmap.maps.basemap import view_limits
from evacmap.maps.cartography import (
    LABEL_LEVELS,
    RING_GAP,
    arrow_points,
    fit_zoom,
    label_zooms,
    mx,
    my,
    plan_labels,
    ring_levels,
    unmx,
    unmy,
)
from evacmap.maps.clusters import plan_clusters
from evacmap.maps.elements import Call, Casing, EvacMap, Finish, dom_popup, layer_name, path_options, text_tooltip
from evacmap.maps.encoding import encode_polygons
from evacmap.maps.model import MapSpec, Model, Zone
from evacmap.maps.pages import zone_when
from evacmap.maps.styles import PANES, PLACE_FILL, RING_COLOUR, VARIANTS, css_token
from evacmap.maps.userlayers import USER_STYLE

__all__ = ["HIT_RADIUS", "build_map"]

HIT_RADIUS = 12  # px: every clickable place is at least 24 px across (WCAG 2.2 target size)

BASE_STYLE = {
    "countries": {"color": "#7a7a7a", "weight": 1.1, "fillColor": "#f2efe9", "fillOpacity": 1, "fill": True},
    "divisions": {"color": "#9a9a9a", "weight": 0.8, "dashArray": "4 3", "fill": False, "evmLine": True},
}

Lz = Callable[[tuple], str]


def _label_zoom(labels: dict) -> Lz:
    def lz(key: tuple) -> str:
        lab = labels.get(key)
        return f"evm-lz{lab.level if lab else LABEL_LEVELS}"

    return lz


def _add_basemap(m: EvacMap, model: Model, lz: Lz) -> list[Element]:
    """The paper the map is printed on (not in the layer control): land, borders, divisions, town names."""
    base: list[Element] = []
    users = sorted(k for k in model.basemap if k.startswith("user-"))
    for layer in ("countries", "divisions", *users):
        feats = model.basemap.get(layer) or []
        if not feats:
            continue
        style = BASE_STYLE.get(layer) or USER_STYLE[layer.rsplit("-", 1)[1]]
        el = Call("basemap", encode_polygons([f.geometry for f in feats]), style, assign=True,
                  name=f"Basemap_{layer.replace('-', '_')}")
        m.add_child(el)
        base.append(el)
    for layer in ("countries", "divisions", "towns"):
        feats = model.basemap.get(layer) or []
        names = [[f.label_at[0], f.label_at[1], f.name, f"evm-{layer}-label {lz(('base', layer, i))}"]
                 for i, f in enumerate(feats) if f.label_at]
        if names:
            lab = Call("labels", names, layer == "towns", assign=True, name=f"Labels_{layer}")
            m.add_child(lab)
            base.append(lab)
    return base


def _zone_tooltips(poly: folium.Polygon, z: Zone, labels: dict) -> None:
    """A zone's name where the layout put it (``maps.zonelabels``): beside the zone (a callout) until the
    step at which it fits inside, then inside; never at the polygon's centre off screen."""
    for key in ("zonelead", "zonecall", "zone"):
        lab = labels.get((key, z.idx))
        if lab is None or (key != "zone" and lab.level >= lab.until):
            continue
        until = f" evm-lu{lab.until}" if lab.until < LABEL_LEVELS else ""
        callout = " evm-callout" if lab.side != "center" else ""
        opts = {"permanent": True, "direction": lab.side, "at": [round(unmy(lab.y), 5), round(unmx(lab.x), 5)],
                "className": f"evm-zone-label{callout} evm-lz{lab.level}{until}"}
        if lab.lead:  # a callout standing off the zone on a leader line
            dx, dy = {"right": (1, 0), "left": (-1, 0), "bottom": (0, 1), "top": (0, -1)}[lab.side]
            opts["offset"] = [int(dx * lab.lead), int(dy * lab.lead)]
            opts["className"] += f" evm-lead-{int(lab.lead)}"
        poly.add_child(text_tooltip(z.label, opts))


def _add_zones(m: EvacMap, spec: MapSpec, model: Model, variant: str, labels: dict) -> folium.FeatureGroup | None:
    if not model.zones:
        return None
    when = zone_when(model, spec.date)
    fg = folium.FeatureGroup(name=layer_name(f"Areas of control{' (' + when + ')' if when else ''}"), overlay=True)
    for z in model.zones:
        fill, stroke, words = z.style
        # one Leaflet polygon per part (with its holes): folium validates at most rings-of-points, so a
        # MultiPolygon whose parts have holes is drawn part by part; the label goes on the part with the
        # most vertices, the popup on every part.
        parts = sorted(z.polygons, key=lambda rings: -sum(len(r) for r in rings))
        for k, rings in enumerate(parts):
            poly = folium.Polygon(
                locations=rings[0] if len(rings) == 1 else rings,
                color=stroke, weight=1.5, opacity=0.9, fill_color=fill, fill_opacity=0.3,
                dash_array="6 4" if z.approximate else None,
                class_name=f"evm-zone evm-zone-{z.idx} evm-ctl-{css_token(z.controller)}",
            )
            path_options(poly, pane="evm-zones", evmKind="zone", evmName=f"{z.label} ({words})" if k == 0 else "")
            poly.add_child(dom_popup(z.dom_id, variant))
            if k == 0:
                _zone_tooltips(poly, z, labels)
            fg.add_child(poly)
    m.add_child(fg)
    return fg


def _add_routes(m: EvacMap, model: Model, variant: str, spacing: float, outlet_ids: dict[str, int]) -> folium.FeatureGroup | None:
    if not any(r.drawn for r in model.routes):
        return None
    fg = folium.FeatureGroup(name=layer_name("Routes"), overlay=True)
    for route in model.routes:
        for leg in route.legs:
            if not leg.lines:
                continue
            locs = leg.lines[0] if len(leg.lines) == 1 else leg.lines
            tags = sorted(outlet_ids[o] for o in leg.outlets if o in outlet_ids)
            line = folium.PolyLine(
                locations=locs, color=route.colour,
                weight=3 if leg.dashed else 4, opacity=0.7 if leg.dashed else 0.95,
                dash_array="7 6" if leg.dashed else None,
                class_name=f"evm-leg evm-leg-{leg.idx} evm-route-{route.idx} evm-status-{css_token(leg.status)}",
            )
            tip = f"{route.label}: {leg.from_name or '?'} → {leg.to_name or '?'}" + (f" ({leg.status})" if leg.dashed else "")
            path_options(line, pane="evm-routes", evmOutlets=tags, evmKind="leg", evmName=tip)
            line.add_child(dom_popup(leg.dom_id, variant))
            line.add_child(text_tooltip(tip, {"sticky": True, "className": "evm-tip"}))
            fg.add_child(line)
            if not leg.dashed:
                fg.add_child(Casing(line, color="#ffffff", weight=7, opacity=0.85, className="evm-casing", fill=False,
                                    lineCap="round", lineJoin="round", pane="evm-casing", interactive=False,
                                    evmOutlets=tags))
            pts = arrow_points(leg.lines, spacing)
            if pts:
                fg.add_child(Call("arrows", pts, route.colour, leg.dashed, tags, name="Arrows"))
    m.add_child(fg)
    return fg


def _add_places(m: EvacMap, model: Model, variant: str, labels: dict, lz: Lz) -> folium.FeatureGroup | None:
    if not model.places:
        return None
    fg = folium.FeatureGroup(name=layer_name("Places"), overlay=True)
    # big markers first so small ones stay on top
    for p in sorted(model.places, key=lambda p: (-p.radius, p.idx)):
        if p.approximate:
            style = {"color": PLACE_FILL, "weight": 2, "fill_color": "#ffffff", "fill_opacity": 0.9}
        else:
            style = {"color": "#ffffff", "weight": 1.5, "fill_color": PLACE_FILL, "fill_opacity": 0.95}
        cls = f"evm-place evm-place-{p.idx}" + (" evm-approx" if p.approximate else "") + (" evm-disagree" if p.disagree else "")
        dot = folium.CircleMarker(location=[p.lat, p.lon], radius=p.radius, class_name=cls, **style)
        path_options(dot, pane="evm-places", interactive=False, evmOutlets=p.outlet_ids, evmPlace=p.idx)
        lab = labels[("place", p.idx)]
        dot.add_child(text_tooltip(p.label, {
            "permanent": True, "direction": lab.side,
            "offset": [p.radius if lab.side == "right" else -p.radius, 0],
            "className": f"evm-label {lz(('place', p.idx))}",
        }))
        fg.add_child(dot)
        # the clickable, focusable target: transparent, at least 24 px across
        hit = folium.CircleMarker(location=[p.lat, p.lon], radius=max(HIT_RADIUS, p.radius + 2), stroke=False,
                                  fill=True, fill_color="#000000", fill_opacity=0, class_name=f"evm-hit evm-hit-{p.idx}")
        path_options(hit, pane="evm-hits", evmOutlets=p.outlet_ids, evmKind="place", evmName=p.name, evmPlace=p.idx)
        hit.add_child(dom_popup(p.dom_id, variant))
        fg.add_child(hit)
    m.add_child(fg)
    return fg


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _add_outlets(m: EvacMap, model: Model, z0: float) -> list[folium.FeatureGroup | None]:
    """One toggle per outlet: rings round the places it reported from, halos under the legs it sourced (while
    they stay legible, ``Model.rings``). Turning an outlet off also hides every place and leg only it
    reported (see ``evm.finish``)."""
    groups: list[folium.FeatureGroup | None] = []
    marks = model.rings
    shown_from = ring_levels(model.places, {p.idx: len(p.outlet_ids) for p in model.places}, z0) if marks else {}
    for j, outlet in enumerate(model.outlets):
        oplaces, olegs = model.outlet_places(j), model.outlet_legs(outlet)
        if not oplaces and not olegs:
            groups.append(None)
            continue
        counts = ", ".join(x for x in (_count(len(oplaces), "place") if oplaces else "",
                                       _count(len(olegs), "leg") if olegs else "") if x)
        swatch = f'<span class="evm-lc-ring{" evm-lc-first" if not any(groups) else ""}"></span>'
        fg = folium.FeatureGroup(name=layer_name(f"{outlet} ({counts})", swatch), overlay=True)
        for leg in olegs if marks else []:
            if leg.lines:
                locs = leg.lines[0] if len(leg.lines) == 1 else leg.lines
                halo = folium.PolyLine(locations=locs, color=RING_COLOUR, weight=11, opacity=0.11,
                                       class_name=f"evm-halo evm-outlet-{j}")
                fg.add_child(path_options(halo, pane="evm-halos", interactive=False, evmKind="halo"))
        for p in oplaces if marks else []:
            k = p.outlet_ids.index(j)
            ring = folium.CircleMarker(location=[p.lat, p.lon], radius=p.radius + 3 + RING_GAP * k, color=RING_COLOUR,
                                       weight=1.3, opacity=0.85, fill=False,
                                       class_name=f"evm-ring evm-outlet-{j} evm-lz{shown_from.get(p.idx, 0)}")
            fg.add_child(path_options(ring, pane="evm-rings", interactive=False, evmKind="ring", evmPlace=p.idx))
        m.add_child(fg)
        groups.append(fg)
    return groups


def _tiles() -> folium.TileLayer:
    return folium.TileLayer(
        tiles="https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        attr=('&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">'
              "OpenStreetMap</a> contributors"),
        name=layer_name("OpenStreetMap tiles (online)"),
        overlay=True, show=False, control=True, max_zoom=19,
    )


def build_map(spec: MapSpec, model: Model, variant: str, online_tiles: bool) -> tuple[Figure, EvacMap]:
    """The folium tree of one map."""
    v = VARIANTS[variant]
    minlon, minlat, maxlon, maxlat = (float(b) for b in spec.bounds)
    z0 = fit_zoom(spec.bounds, *v["size"])
    labels = plan_labels(model, z0, spec.bounds)
    lz = _label_zoom(labels)
    centre = [round((minlat + maxlat) / 2, 5), round((minlon + maxlon) / 2, 5)]
    m = EvacMap(
        location=centre, zoom_start=z0,
        aria_label=f"Map: {spec.title}. A text version of everything on the map follows it.",
        js_options={"center": centre, "zoom": z0, "minZoom": max(0, math.floor(z0) - 3), "maxZoom": 18,
                    "scrollWheelZoom": v["scroll_zoom"], "zoomSnap": 0.25},
        js_setup={"panes": PANES, "attribution": html.escape(model.attribution, quote=True)},
    )
    base = _add_basemap(m, model, lz)
    zones = _add_zones(m, spec, model, variant, labels)
    span_world = math.hypot(mx(maxlon) - mx(minlon), my(minlat) - my(maxlat))
    outlet_ids = {o: i for i, o in enumerate(model.outlets)}
    routes = _add_routes(m, model, variant, span_world / 9, outlet_ids)
    places = _add_places(m, model, variant, labels, lz)
    outlets = _add_outlets(m, model, z0)
    tiles = _tiles() if online_tiles else None
    if tiles is not None:
        m.add_child(tiles)
    control = folium.LayerControl(collapsed=v["collapsed"], position="topright")
    m.add_child(control)
    lim = view_limits(spec.bounds)
    cfg = {
        "bounds": [[minlat, minlon], [maxlat, maxlon]],
        "limits": [[lim[1], lim[0]], [lim[3], lim[2]]],
        # the full page keeps legend and layer toggles beside the map; the embed folds them into it
        "legend": "evm-legend" if variant == "embed" else None,
        "layersInto": "evm-layers" if variant == "page" else None,
        "labelZooms": label_zooms(z0),
        "clusters": plan_clusters(model, z0, force=any(p.summary for p in model.places)),
    }
    m.clustered = bool(cfg["clusters"])
    m.add_child(Finish(cfg, control, tiles, base, {"zones": zones, "routes": routes, "places": places, "outlets": outlets}))
    return m.get_root(), m
