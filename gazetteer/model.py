"""The gazetteer's plain data: a Place, and a Match of a name in a text."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

#: kinds of place that are areas inside a country (a first-level division, a county, a region): what the
#: route builder draws to their capital and what a region's own point may stand for
ADMIN_KINDS = frozenset({"governorate", "province", "state", "county", "region"})


@dataclass(frozen=True)
class Place:
    """One resolved place with the provenance a reader can check.

    `id` is stable across runs: a curated slug ("amiriyah"), "gn:<geonameid>" for the GeoNames layer,
    "ne:<ISO3>" for Natural Earth countries, "user:<slug>" for a user's own rows.
    """

    id: str
    name: str
    kind: str  # country, governorate, region, city, town, village, district, crossing, ...
    lat: float | None
    lon: float | None
    precision_m: int  # how far the true place may be from the point: district ~1 km, country ~300 km
    source: str  # the layer: curated, geonames, naturalearth, user, nominatim
    citation: str  # where the coordinate comes from, in words a reader can follow up
    source_id: str | None = None  # e.g. "geonames:170365"
    parent: str | None = None  # id of the enclosing place, if known
    country: str | None = None  # ISO 3166-1 alpha-2
    name_ar: str = ""
    names: tuple[str, ...] = ()  # every spelling the layer knows, canonical name first
    population: int = 0
    approximate: bool = False  # point placed by reasoning, not taken from a source
    note: str = ""

    @property
    def resolved(self) -> bool:
        return self.lat is not None and self.lon is not None


@dataclass(frozen=True)
class Match:
    """A place name found in a text, with what it was resolved to and why.

    `place` is None when the name could not be resolved with confidence; `candidates` then lists what it
    might have been, best first, so a human can decide.
    """

    start: int
    end: int
    surface: str
    place: Place | None
    candidates: tuple[Place, ...] = ()
    score: float = 1.0  # 1.0 for an exact name, lower for a fuzzy one
    reason: str = ""  # how the choice was made, in a few words
    fields: dict = field(default_factory=dict, compare=False, hash=False)


def great_circle_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Haversine distance in km on the mean Earth sphere (6,371.0088 km), as geoparsing evaluations measure it."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dlat, dlon = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dlat / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlon / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))
