"""Map pages: prepared GeoDataFrames in, one self-contained, deterministic, offline HTML page out.

The work is split by job: ``maps.model`` (input contract, typed records), ``maps.styles`` (colours and
legend words), ``maps.cartography`` (Web Mercator maths, label layout), ``maps.elements`` (folium/Leaflet
elements and the branca patch), ``maps.layers`` (one builder per layer group), ``maps.basemap`` (the
background), ``maps.pages`` (the HTML around the map). This module is the public entry point.
"""

from __future__ import annotations

from collections.abc import Iterable

from evacmap.maps import pages
from evacmap.maps.basemap import basemap_attribution, division_credits, prepare_basemap
from evacmap.maps.elements import render_parts, stable_ids
from evacmap.maps.layers import build_map
from evacmap.maps.locator import locator_svg
from evacmap.maps.model import MapData, MapSpec, Model, prepare
from evacmap.maps.static import social_png, static_svg
from evacmap.maps.worldcache import WorldLayers, cached_basemap, cached_locator

__all__ = ["MapData", "MapSpec", "embed_snippet", "render_embed_page", "render_index", "render_map", "render_social",
           "render_static"]


_LAST_BASEMAP: list = []  # [(key, the basemap input kept alive so its id is not reused, prepared)]


def _prepared_basemap(data: MapData, bounds: tuple, skip: set[str]) -> tuple[dict, dict]:
    """`prepare_basemap` and the data versions it credits, once per map: the page, its embed, the SVG and the
    PNG draw the same background (simplifying the country polygons four times was a fifth of rendering a
    site). The build's world layers (`WorldLayers`, without the corpus's own layers) are drawn from the cache
    when this area was drawn before."""
    key = (id(data.basemap), tuple(bounds), frozenset(skip))
    if not (_LAST_BASEMAP and _LAST_BASEMAP[0][0] == key and _LAST_BASEMAP[0][1] is data.basemap):
        basemap = data.basemap
        if isinstance(basemap, WorldLayers) and not basemap.user:
            prepared = cached_basemap(basemap, bounds, skip, lambda: prepare_basemap(basemap, bounds, skip))
        else:
            prepared = (prepare_basemap(basemap, bounds, skip), dict((basemap or {}).get("versions") or {}))
        _LAST_BASEMAP[:] = [(key, data.basemap, prepared)]
    features, versions = _LAST_BASEMAP[0][2]
    return {layer: list(f) for layer, f in features.items()}, dict(versions)


def _model(spec: MapSpec, data: MapData) -> Model:
    model = prepare(data)
    model.basemap, versions = _prepared_basemap(data, spec.bounds, {p.name.lower() for p in model.places})
    versions = {**versions,
                "divisions": division_credits(model.basemap.get("divisions") or [])}  # the files this page draws
    model.attribution = _credits(model.attribution, set(model.basemap), versions, (data.basemap or {}).get("user"))
    return model


def render_static(spec: MapSpec, data: MapData) -> str:
    """The map at its opening view as a standalone SVG file (for print, a CMS, or a README)."""
    return static_svg(spec, _model(spec, data))


def render_social(spec: MapSpec, data: MapData, *, static: str | None = None) -> bytes:
    """The opening view as a PNG for social cards (og:image), from the same SVG as ``render_static`` (pass
    it as ``static`` when already drawn: drawing it again would give the same bytes)."""
    return social_png(static if static is not None else render_static(spec, data))


def _render(spec: MapSpec, data: MapData, variant: str, online_tiles: bool, static: str | None = None) -> str:
    model = _model(spec, data)
    with stable_ids():
        fig, m = build_map(spec, model, variant, online_tiles)
        map_html, map_script = render_parts(fig)
    static = static if static is not None else static_svg(spec, model)
    return pages.map_page(spec, model, map_html=map_html, map_script=map_script, variant=variant,
                          online_tiles=online_tiles, static=static, overflow=data.overflow,
                          clustered=m.clustered, locator=_locator(spec) if variant == "page" else "")


def _locator(spec: MapSpec) -> str:
    bounds = tuple(spec.bounds)
    return cached_locator(bounds, spec.title, lambda: locator_svg(bounds, spec.title))


def _credits(given: str, drawn: set[str], versions: dict[str, str], user: object = None) -> str:
    """The corpus's own credit line, then exactly the background layers this page draws."""
    return "; ".join(x for x in (given, basemap_attribution(drawn, versions, user)) if x)


def render_map(spec: MapSpec, data: MapData, *, online_tiles: bool = False, static: str | None = None) -> str:
    """A full standalone HTML page: header, map, legend, and the same content as plain HTML below. The page
    carries the map's static picture: ``static``, when the caller has drawn it with ``render_static`` already
    (the build draws it once per map for the page, its embed, the SVG file and the PNG)."""
    return _render(spec, data, "page", online_tiles, static)


def render_embed_page(spec: MapSpec, data: MapData, *, static: str | None = None) -> str:
    """A compact page for an article column (480 px map, collapsed legend and text version) that posts
    its height to the embedding page (see ``embed_snippet``); ``static`` as for ``render_map``."""
    return _render(spec, data, "embed", False, static)


def embed_snippet(spec: MapSpec, src: str) -> str:
    """An iframe (sandboxed) plus a tiny listener that resizes it to the height its page posts."""
    return pages.embed_snippet(spec, src)


def render_index(title: str, maps: Iterable[tuple[MapSpec, str, str]], exports: Iterable[tuple[str, str]], *,
                 base_url: str | None = None) -> str:
    """The site's index page: every map with its page, embeddable page and embed code; the exports."""
    return pages.index_page(title, list(maps), list(exports), base_url=base_url)
