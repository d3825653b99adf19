"""World-layer places read from the project's own data files (gazetteer/data), each written by a script in
tools/ from a registry package: US counties (tools/make_us_counties.py). See gazetteer/data/PLACES.md for
their sources and licences."""
from __future__ import annotations

import csv
import hashlib
import importlib.resources
import io

from evacmap.gazetteer.model import Place

__all__ = ["DATA_FILES", "data_digest", "us_counties"]

DATA_FILES = ("us_counties.csv",)
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
    for row in csv.DictReader(io.StringIO(_read("us_counties.csv"), newline="")):
        name = row["name"]
        if name.endswith(_SKIPPED_SUFFIXES):
            continue
        places.append(Place(
            id=f"fips:{row['fips']}", name=name, kind="county", lat=float(row["lat"]), lon=float(row["lon"]),
            precision_m=int(row["precision_m"]), source="uscensus",
            citation=(f"US Census Bureau cartographic boundary, county FIPS {row['fips']} (public domain), via "
                      "npm us-atlas (ISC); interior point by tools/make_us_counties.py"),
            source_id=f"fips:{row['fips']}", parent=state_ids.get(row["state"]), country="US",
            names=(name,), note=f"county of {row['state']}"))
    return places
