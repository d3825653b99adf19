"""A user's own background layers (``[[layers]]`` in ``evacmap.toml``): roads, rivers, lakes, boundaries or
other areas from GeoJSON files in the corpus folder, drawn under the story like the shipped basemap.

The project ships no roads or rivers (there is no offline source small enough to carry for the whole world),
so a newsroom that has them (its own GIS desk's, OpenStreetMap extracts, HDX) names them in the config. Each
layer is read within the area a map can show, simplified for the map's scale, rounded, and credited on
every map that draws some of it.
"""
from __future__ import annotations

from typing import Any

import geopandas as gpd
import shapely
from shapely.geometry import box, mapping

from evacmap.maps.model import BaseFeature

__all__ = ["USER_STYLE", "read_user_layers", "user_credits", "user_features"]

# how each kind is drawn: Leaflet path options (``evmLine``: a line, not a filled area)
USER_STYLE: dict[str, dict[str, Any]] = {
    "road": {"color": "#b3a58c", "weight": 1.6, "fill": False, "evmLine": True},
    "river": {"color": "#7fa7c9", "weight": 1.4, "fill": False, "evmLine": True},
    "water": {"color": "#7fa7c9", "weight": 0.6, "fillColor": "#c9dbe8", "fillOpacity": 1, "fill": True},
    "boundary": {"color": "#8a8a8a", "weight": 1.0, "dashArray": "2 3", "fill": False, "evmLine": True},
    "area": {"color": "#8a8a8a", "weight": 0.8, "fill": False},
}
MAX_FEATURES = 5000  # per layer and map: a background, not a GIS


def read_user_layers(layers: Any, limits: tuple[float, float, float, float]) -> list[dict[str, Any]]:
    """Each configured layer's features within ``limits`` (min lon, min lat, max lon, max lat), in WGS84:
    ``[{"name", "kind", "attribution", "frame"}]``. A file that cannot be read is the user's mistake."""
    from evacmap.errors import CorpusError

    out = []
    for layer in layers or ():
        try:
            frame = gpd.read_file(layer.file, bbox=limits, engine="pyogrio")
        except Exception as err:  # pyogrio raises its own errors for a broken file
            raise CorpusError(f"{layer.file}: layer {layer.name!r} is not readable GeoJSON ({err})") from None
        if frame.crs is not None and not frame.crs.equals("EPSG:4326"):
            frame = frame.to_crs("EPSG:4326")
        frame = frame[frame.geometry.notna()].head(MAX_FEATURES)
        out.append({"name": layer.name, "kind": layer.kind, "attribution": layer.attribution, "frame": frame})
    return out


def user_features(user: list[dict[str, Any]], limits: tuple[float, float, float, float],
                  fine: float, digits: int) -> dict[str, list[BaseFeature]]:
    """The page's features of each user layer, keyed ``user-<n>-<kind>``: clipped to ``limits``, simplified
    by ``fine`` degrees (about a pixel at the opening zoom) and rounded to ``digits`` decimals."""
    from evacmap.maps.basemap import round_geojson

    clip = box(*limits)
    out: dict[str, list[BaseFeature]] = {}
    for n, layer in enumerate(user or []):
        line = bool(USER_STYLE[layer["kind"]].get("evmLine"))
        feats = []
        for raw in layer["frame"].geometry:
            g = shapely.make_valid(raw).intersection(clip).simplify(fine, preserve_topology=True)
            g = shapely.set_precision(g, 10.0 ** -digits)
            parts = [p for p in shapely.get_parts(g) if not p.is_empty and
                     (p.geom_type == "LineString" if line else p.geom_type == "Polygon")]
            if line:  # a filled kind's outline is still a line
                parts += [shapely.LineString(p.exterior.coords) for p in shapely.get_parts(g) if p.geom_type == "Polygon"]
            for p in parts:
                feats.append(BaseFeature(round_geojson(mapping(p), digits), "", None))
        if feats:
            out[f"user-{n}-{layer['kind']}"] = feats
    return out


def user_credits(user: list[dict[str, Any]], drawn: set[str]) -> str:
    """The credit of each user layer the page draws: its name and its own attribution."""
    credits = []
    for n, layer in enumerate(user or []):
        if f"user-{n}-{layer['kind']}" in drawn:
            credits.append(f"{layer['name']}: {layer['attribution']}" if layer["attribution"] else layer["name"])
    return "; ".join(credits)
