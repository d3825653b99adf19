"""Zone files: dated polygons of who controls what.

A zone file is a GeoJSON FeatureCollection (RFC 7946, WGS84 longitude/latitude). Each feature is a Polygon or
MultiPolygon whose ``properties`` say:

===============  ========  ==================================================================================
property         required  meaning
===============  ========  ==================================================================================
controller       yes       who holds the area: any actor, as the corpus names it (``government``, ``opposition``,
                           ``Russia``, ``Taliban``, ``RSF``...) or, for a disaster, the order in force
                           (``mandatory evacuation``); ``contested`` when nobody holds it. The old value
                           ``besieged`` (holder not stated) is still read
besieged_by      if        who besieges it (any actor); required when controller is ``besieged``, allowed on any
                 besieged  zone: al-Fu'ah is ``controller: government, besieged_by: opposition``
label            yes       short text for the map legend / popup
valid_from       yes       ISO date (YYYY-MM-DD), first day the zone is in force
valid_to         yes       ISO date, last day it is in force (inclusive), or ``null`` for open-ended
source           yes       citation of what the drawing and the claim of control rest on
confidence       yes       ``low`` | ``medium`` | ``high``
approximate      yes       ``true`` when the line is drawn by hand / not surveyed
note             no        how it was drawn (default "")
id               no        stable id; also read from the Feature's own ``id``; default ``<file stem>-<n>``
===============  ========  ==================================================================================

Features are numbered from 1 in the order of the file; every problem is reported as one line,
``<file>: feature <n>: <what is wrong>``, raised as :class:`ZoneFileError`.

Invalid geometries are repaired with :func:`shapely.make_valid` when the repair keeps a (Multi)Polygon whose
area is within 1% of the drawn area (a tiny twist at a corner, a duplicated ring...); otherwise the feature is
rejected with GEOS's reason (a bow-tie with two real lobes is ambiguous and is rejected).

Zones may nest (an enclave drawn inside a larger zone): :func:`zone_at` returns the most specific, i.e.
smallest, zone containing a point.

Words shown to readers (legend, popups, the text version) come from :func:`zone_status` over these two fields,
so they cannot contradict them.
"""
from __future__ import annotations

import datetime as dt
import functools
import json
import logging
import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import geopandas as gpd
import numpy as np
import pandas as pd
import shapely
from pyproj import Geod
from shapely.geometry import mapping, shape

from evacmap.corpus.orders import is_order
from evacmap.errors import ZoneFileError

log = logging.getLogger(__name__)

#: controller values every map knows a colour for; any other actor name is allowed too
CONTROLLERS = ("government", "opposition", "contested", "besieged")
CONFIDENCES = ("low", "medium", "high")
#: columns of the GeoDataFrame returned by :func:`load_zones` (``area_km2`` is the geodesic area)
COLUMNS = ["id", "controller", "besieged_by", "label", "valid_from", "valid_to", "source", "confidence",
           "note", "approximate", "file", "area_km2", "geometry"]
#: a repair may change the drawn area by at most this fraction
AREA_TOLERANCE = 0.01

_DATE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
_WGS84 = Geod(ellps="WGS84")

#: JSON Schema of one zone feature (the collection itself is checked by :data:`ZONE_FILE_SCHEMA`)
ZONE_FEATURE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["type", "geometry", "properties"],
    "properties": {
        "type": {"const": "Feature"},
        "id": {"type": ["string", "integer"]},
        "geometry": {
            "type": "object",
            "required": ["type", "coordinates"],
            "properties": {
                "type": {"enum": ["Polygon", "MultiPolygon"]},
                "coordinates": {"type": "array", "minItems": 1},
            },
        },
        "properties": {
            "type": "object",
            "required": ["controller", "label", "valid_from", "valid_to", "source", "confidence", "approximate"],
            "properties": {
                "id": {"type": "string", "minLength": 1},
                "controller": {"type": "string", "minLength": 1, "pattern": r"\S"},
                "besieged_by": {"type": "string", "minLength": 1, "pattern": r"\S"},
                "label": {"type": "string", "minLength": 1},
                "valid_from": {"type": "string", "pattern": _DATE},
                "valid_to": {"type": ["string", "null"], "pattern": _DATE},
                "source": {"type": "string", "minLength": 1},
                "confidence": {"enum": list(CONFIDENCES)},
                "note": {"type": "string"},
                "approximate": {"type": "boolean"},
            },
            "if": {"required": ["controller"], "properties": {"controller": {"const": "besieged"}}},
            "then": {"required": ["besieged_by"]},
        },
    },
}

#: JSON Schema of a zone file (each feature is then checked against :data:`ZONE_FEATURE_SCHEMA`)
ZONE_FILE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["type", "features"],
    "properties": {
        "type": {"const": "FeatureCollection"},
        "features": {"type": "array"},
    },
}

@functools.lru_cache(maxsize=2)
def _validator(schema_name: str) -> Any:
    """The JSON Schema validator of ZONE_FILE_SCHEMA or ZONE_FEATURE_SCHEMA, made when a zone file is first
    read: jsonschema and its dependencies cost a tenth of a second to import, and most corpora have no zones."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(ZONE_FILE_SCHEMA if schema_name == "file" else ZONE_FEATURE_SCHEMA)


# --------------------------------------------------------------------------------------------- loading

def load_zones(paths: Iterable[str | Path] | str | Path) -> gpd.GeoDataFrame:
    """Read and validate zone files into one GeoDataFrame (EPSG:4326, columns :data:`COLUMNS`).

    ``paths`` are files, or folders whose ``*.geojson`` files are read in name order. Ids must be unique
    across all the files. Raises :class:`ZoneFileError` on the first problem found.
    """
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files: list[Path] = []
    for p in map(Path, paths):
        files.extend(sorted(p.glob("*.geojson")) if p.is_dir() else [p])

    rows: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for path in files:
        for n, row in _read_file(path):
            where = f"{path}: feature {n}"
            if row["id"] in seen:
                raise ZoneFileError(f"{where}: duplicate id {row['id']!r} (already used by {seen[row['id']]})")
            seen[row["id"]] = where
            rows.append(row)

    if not rows:
        return gpd.GeoDataFrame({c: pd.Series(dtype=object) for c in COLUMNS[:-1]},
                                geometry=gpd.GeoSeries([], crs="EPSG:4326"), crs="EPSG:4326")[COLUMNS]
    gdf = gpd.GeoDataFrame(rows, columns=COLUMNS, geometry="geometry", crs="EPSG:4326")
    gdf["approximate"] = gdf["approximate"].astype(bool)
    gdf["area_km2"] = gdf["area_km2"].astype(float)
    shapely.prepare(np.asarray(gdf.geometry.array))  # speeds up repeated point queries
    return gdf


MAX_ZONE_BYTES = 200_000_000  # a zone file is drawn by hand or exported: far below this


def _read_file(path: Path) -> Iterable[tuple[int, dict[str, Any]]]:
    try:
        if path.stat().st_size > MAX_ZONE_BYTES:
            raise ZoneFileError(f"{path}: larger than {MAX_ZONE_BYTES:,} bytes")
        raw = path.read_bytes()
    except OSError as e:
        raise ZoneFileError(f"{path}: cannot read the file ({e.strerror or e})") from None
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as e:
        raise ZoneFileError(f"{path}: not UTF-8 text (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise ZoneFileError(f"{path}: not valid JSON (line {e.lineno} column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise ZoneFileError(f"{path}: nested too deeply to be GeoJSON") from None
    try:
        yield from _read_doc(doc, path)
    except RecursionError:
        raise ZoneFileError(f"{path}: nested too deeply to be GeoJSON") from None


def _crs_name(crs: Any, path: Path) -> str:
    """The name in a GeoJSON 2008 `crs` member ({"type": "name", "properties": {"name": ...}})."""
    props = crs.get("properties") if isinstance(crs, dict) else None
    if not isinstance(props, dict) or not isinstance(props.get("name"), str):
        raise ZoneFileError(f"{path}: crs must be {{\"type\": \"name\", \"properties\": {{\"name\": ...}}}}, "
                            f"not {_short(crs)}")
    return props["name"]


def _read_doc(doc: Any, path: Path) -> Iterable[tuple[int, dict[str, Any]]]:

    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        what = doc.get("type") if isinstance(doc, dict) else type(doc).__name__
        raise ZoneFileError(f"{path}: not a GeoJSON FeatureCollection (type is {_short(what)})")
    err = next(iter(_validator("file").iter_errors(doc)), None)
    if err is not None:
        raise ZoneFileError(f"{path}: {_describe(err)}")
    crs = doc.get("crs")
    if crs is not None:  # GeoJSON 2008 'crs' member: only WGS84 longitude/latitude is accepted
        name = _crs_name(crs, path)
        if not (name.endswith("CRS84") or name.endswith("4326")):
            raise ZoneFileError(f"{path}: coordinates must be WGS84 longitude/latitude (crs is {_short(name)})")

    for i, feature in enumerate(doc["features"]):
        n = i + 1
        yield n, _read_feature(feature, path, n)


def _read_feature(feature: Any, path: Path, n: int) -> dict[str, Any]:
    where = f"{path}: feature {n}"
    errors = sorted(_validator("feature").iter_errors(feature), key=_error_rank)
    if errors:
        raise ZoneFileError(f"{where}: {_describe(errors[0])}")
    props = feature["properties"]

    valid_from = _parse_date(props["valid_from"], "valid_from", where)
    valid_to = None if props["valid_to"] is None else _parse_date(props["valid_to"], "valid_to", where)
    if valid_to is not None and valid_to < valid_from:
        raise ZoneFileError(f"{where}: valid_to {valid_to} is before valid_from {valid_from}")

    fid = props.get("id", feature.get("id"))
    fid = f"{path.stem}-{n}" if fid is None else str(fid)
    geom = _read_geometry(feature["geometry"], where)
    return {
        "id": fid,
        "controller": props["controller"],
        "besieged_by": props.get("besieged_by"),
        "label": props["label"],
        "valid_from": valid_from,
        "valid_to": valid_to,
        "source": props["source"],
        "confidence": props["confidence"],
        "note": props.get("note", ""),
        "approximate": props["approximate"],
        "file": path.name,
        "area_km2": abs(_WGS84.geometry_area_perimeter(geom)[0]) / 1e6,
        "geometry": geom,
    }


def _parse_date(value: str, field: str, where: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError as e:
        raise ZoneFileError(f"{where}: {field}: {value!r} is not a valid date ({e})") from None


def _read_geometry(gj: dict[str, Any], where: str) -> shapely.Geometry:
    try:
        geom = shape(gj)
        coords = shapely.get_coordinates(geom)
    except Exception as e:  # shapely/GEOS raise several types for malformed coordinate arrays
        raise ZoneFileError(f"{where}: geometry: malformed {gj['type']} coordinates ({_first_line(e)})") from None
    if geom.is_empty:
        raise ZoneFileError(f"{where}: geometry: empty {geom.geom_type}")
    if not np.isfinite(coords).all():
        raise ZoneFileError(f"{where}: geometry: coordinates are not finite numbers")
    if (np.abs(coords[:, 0]) > 180).any() or (np.abs(coords[:, 1]) > 90).any():
        raise ZoneFileError(f"{where}: geometry: coordinates outside longitude -180..180 / latitude -90..90 "
                            "(GeoJSON is longitude, latitude in WGS84)")
    if geom.is_valid:
        return geom

    reason = shapely.is_valid_reason(geom)
    drawn = geom.area  # shoelace area of the rings as drawn (shells minus holes)
    repaired = _polygonal(shapely.make_valid(geom))
    if repaired is None:
        raise ZoneFileError(f"{where}: invalid geometry ({reason}) and the repair leaves no polygon")
    change = math.inf if drawn == 0 else abs(repaired.area - drawn) / drawn
    if change > AREA_TOLERANCE:
        pct = "an undefined amount" if math.isinf(change) else f"{change:.0%}"
        raise ZoneFileError(f"{where}: invalid geometry ({reason}); repairing it would change its area by {pct}, "
                            "so it is not kept: fix the rings")
    log.warning("%s: repaired invalid geometry (%s), area change %.2f%%", where, reason, change * 100)
    return repaired


def _polygonal(geom: shapely.Geometry) -> shapely.Geometry | None:
    parts = [p for p in shapely.get_parts(geom) if p.geom_type in ("Polygon", "MultiPolygon") and not p.is_empty]
    polys = [q for p in parts for q in shapely.get_parts(p)]
    if not polys:
        return None
    return polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)


# ----------------------------------------------------------------------------------- error messages

def _error_rank(err) -> tuple:
    # report what a person fixes first: the outer structure, then missing fields, then bad values
    order = {"required": 0, "const": 1, "type": 2, "enum": 3, "pattern": 4}
    return (len(err.absolute_path), order.get(err.validator, 9), list(map(str, err.absolute_path)))


def _describe(err) -> str:
    path = [str(p) for p in err.absolute_path]
    if path[:1] == ["properties"] and len(path) > 1:
        path = path[1:]  # a zone's own properties are named bare: "controller", not "properties.controller"
    field = ".".join(path) if path else None
    at = f"{field}: " if field else ""
    v = err.validator
    if v == "required":
        missing = next((k for k in err.validator_value if k not in err.instance), err.validator_value[0])
        if list(err.absolute_path) == ["properties"]:
            hint = " (null if the zone is still in force)" if missing == "valid_to" else ""
            return f"missing property {missing!r}{hint}"
        return f"{at}missing member {missing!r}"
    if v == "enum":
        return f"{at}{_short(err.instance)} is not one of {', '.join(map(str, err.validator_value))}"
    if v == "const":
        return f"{at}expected {err.validator_value!r}, got {_short(err.instance)}"
    if v == "type":
        want = err.validator_value if isinstance(err.validator_value, str) else " or ".join(err.validator_value)
        got = "null" if err.instance is None else f"{_json_type(err.instance)} {_short(err.instance)}"
        return f"{at}expected {want}, got {got}"
    if v == "pattern" and path and path[-1] in ("valid_from", "valid_to"):
        return f"{at}{_short(err.instance)} is not an ISO date (YYYY-MM-DD)"
    if v == "minLength":
        return f"{at}must not be empty"
    return f"{at}{_first_line(err.message)}"


def _json_type(x: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer",
            float: "number", type(None): "null"}.get(type(x), type(x).__name__)


def _short(x: Any, limit: int = 60) -> str:
    s = repr(x)
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _first_line(x: Any) -> str:
    return str(x).strip().splitlines()[0] if str(x).strip() else type(x).__name__


# ------------------------------------------------------------------------------------------- queries

def zones_on(zones: gpd.GeoDataFrame, day: dt.date | str) -> gpd.GeoDataFrame:
    """The zones in force on ``day`` (``valid_from <= day <= valid_to``; a null ``valid_to`` is open)."""
    if isinstance(day, str):
        day = dt.date.fromisoformat(day)
    elif isinstance(day, dt.datetime):
        day = day.date()
    ts = pd.Timestamp(day)
    start = pd.to_datetime(zones["valid_from"])
    end = pd.to_datetime(zones["valid_to"])
    return zones[(start <= ts) & (end.isna() | (end >= ts))].copy()


def zone_index_at(zones: gpd.GeoDataFrame, lons, lats) -> np.ndarray:
    """For each point, the position (``iloc``) of the smallest zone that contains it, or -1.

    Vectorised: one ``intersects_xy`` over the zones x points grid. A point on a shared border belongs to
    the smaller zone.
    """
    lons = np.atleast_1d(np.asarray(lons, dtype=float))
    lats = np.atleast_1d(np.asarray(lats, dtype=float))
    if len(zones) == 0:
        return np.full(lons.shape, -1, dtype=int)
    geoms = np.asarray(zones.geometry.array)
    hits = shapely.intersects_xy(geoms[:, None], lons[None, :], lats[None, :])  # zones x points
    area = _areas(zones)
    ranked = np.where(hits, area[:, None], np.inf)
    best = np.argmin(ranked, axis=0)  # first of equals on a tie
    return np.where(hits.any(axis=0), best, -1)


def zone_at(zones: gpd.GeoDataFrame, lon: float, lat: float) -> pd.Series | None:
    """The most specific (smallest) zone containing the point, as a row, or ``None``."""
    i = int(zone_index_at(zones, lon, lat)[0])
    return None if i < 0 else zones.iloc[i]


def _areas(zones: gpd.GeoDataFrame) -> np.ndarray:
    if "area_km2" in zones.columns:
        return zones["area_km2"].to_numpy(dtype=float)
    return np.array([abs(_WGS84.geometry_area_perimeter(g)[0]) / 1e6 for g in zones.geometry])


# --------------------------------------------------------------------------------------------- words

_NOT_HELD = {"contested": "contested", "besieged": "besieged"}


def _actor_phrase(actor: str) -> str:
    """"the opposition" for a common noun, "Russia" / "the RSF" as written otherwise."""
    actor = " ".join(str(actor).split())
    return f"the {actor}" if actor[:1].islower() and not actor.lower().startswith("the ") else actor


_ORDER_WORDS = re.compile(r"^(?P<head>.*?)\bevacuation(?:\s+orders?|\s+ordered)?\b[\s,]*(?P<rest>.*)$", re.I)
#: advice, not an order ("evacuation advised, within 50 miles"), and an order to stay indoors, not to leave
_OTHER_ORDERS = re.compile(r"^(?P<what>evacuation|stay-indoors)\s+(?P<kind>advised|order|warning)\b[\s,]*(?P<rest>.*)$",
                           re.I)


def order_status(controller: str) -> str:
    """The words for an evacuation order, which holds nothing: "mandatory evacuation" -> "under a mandatory
    evacuation order"; "mandatory evacuation zone A" -> "under a mandatory evacuation order (zone A)";
    "evacuation ordered" -> "under an evacuation order"; "evacuation advised, within 50 miles" -> "under an
    evacuation advisory (within 50 miles)"; "stay-indoors order, 20-30 km" -> "under a stay-indoors order
    (20-30 km)"."""
    ctrl = " ".join(str(controller).split())
    other = _OTHER_ORDERS.match(ctrl)
    if other is not None:
        kind = {"advised": "advisory", "warning": "warning"}.get(other.group("kind").lower(), "order")
        words, rest = f"{other.group('what').lower()} {kind}", other.group("rest").strip()
    else:
        m = _ORDER_WORDS.match(ctrl)
        if m is None:
            return f"under an evacuation order ({ctrl})"
        head, rest = m.group("head").strip(), m.group("rest").strip()
        words = f"{head} evacuation order".strip()
    return f"under {'an' if words[:1].lower() in 'aeiou' else 'a'} {words}" + (f" ({rest})" if rest else "")


def zone_status(controller: str | None, besieged_by: str | None = None) -> str:
    """The words a legend, popup or text list uses for a zone, from its two fields only:
    ``government`` -> "government-held"; ``Taliban`` -> "held by Taliban"; ``government`` besieged by
    ``opposition`` -> "government-held, besieged by the opposition"; ``besieged`` -> "besieged (holder not
    stated)"."""
    ctrl = " ".join(str(controller or "").split())
    by = None if besieged_by is None or (isinstance(besieged_by, float) and math.isnan(besieged_by)) \
        else " ".join(str(besieged_by).split()) or None
    if is_order(ctrl):  # an order covers an area; nobody holds it by the order
        return order_status(ctrl)
    if not ctrl:
        held = "holder not stated"
    elif ctrl.lower() in _NOT_HELD:
        held = _NOT_HELD[ctrl.lower()] + (" (holder not stated)" if ctrl.lower() == "besieged" else "")
    elif " " not in ctrl and ctrl.islower():
        held = f"{ctrl}-held"
    else:
        held = f"held by {_actor_phrase(ctrl)}"
    if by and ctrl.lower() == "besieged":
        return f"besieged by {_actor_phrase(by)} (holder not stated)"
    return f"{held}, besieged by {_actor_phrase(by)}" if by else held


# -------------------------------------------------------------------------------------------- output

def zones_to_geojson(zones: gpd.GeoDataFrame, precision: int = 5) -> dict[str, Any]:
    """The zones as an RFC 7946 FeatureCollection in the zone file format (exterior rings counter-clockwise,
    coordinates rounded to ``precision`` decimals); ``load_zones`` reads it back."""
    features = []
    for row in zones.itertuples(index=False):
        geom = row.geometry if precision is None else shapely.set_precision(row.geometry, 10.0 ** -precision)
        gj = mapping(shapely.orient_polygons(geom))
        props: dict[str, Any] = {"id": row.id, "controller": row.controller}
        if row.besieged_by is not None and not (isinstance(row.besieged_by, float) and math.isnan(row.besieged_by)):
            props["besieged_by"] = row.besieged_by
        props.update(
            status=zone_status(row.controller, row.besieged_by),
            label=row.label,
            valid_from=row.valid_from.isoformat(),
            valid_to=None if row.valid_to is None or pd.isna(row.valid_to) else row.valid_to.isoformat(),
            source=row.source, confidence=row.confidence, note=row.note, approximate=bool(row.approximate),
        )
        features.append({"type": "Feature", "properties": props,
                         "geometry": {"type": gj["type"], "coordinates": _round(gj["coordinates"], precision)}})
    return {"type": "FeatureCollection", "features": features}


def _round(coords, precision):
    if isinstance(coords[0], (int, float)):
        return [round(float(c), precision) if precision is not None else float(c) for c in coords]
    return [_round(c, precision) for c in coords]
