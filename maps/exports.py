"""Open-data exports and the JSON the CLI prints: places, claims, comparisons, routes and zones.

Every record carries its provenance: the article and outlet for each claim and leg, the layer and citation
for each coordinate. GeoJSON follows RFC 7946 (WGS84 lon/lat, no crs member).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections import Counter
from dataclasses import dataclass, field

from evacmap.corpus.places import PlaceReport, places_report
from evacmap.maps import strictjson
from evacmap.maps.pipeline import Analysis


def corpus_date(analysis: Analysis) -> dt.date | None:
    """The day the maps describe: the config's date, else the most common publication date."""
    if analysis.corpus.config.date:
        return analysis.corpus.config.date
    dates = Counter(a.published for a in analysis.articles if a.published)
    return min(d for d, n in dates.items() if n == max(dates.values())) if dates else None


def read_roads(path):
    """A user's road layer, any file geopandas reads, as WGS84 lines; a clear error otherwise."""
    import geopandas as gpd

    from evacmap.corpus.config import CorpusError

    try:
        roads = gpd.read_file(path)
    except Exception as err:
        raise CorpusError(f"{path}: cannot read the road layer ({str(err).splitlines()[0][:200]})") from None
    if roads.crs is None:
        raise CorpusError(f"{path}: the road layer has no coordinate reference system")
    lines = roads[roads.geom_type.isin(["LineString", "MultiLineString"])]
    if lines.empty:
        raise CorpusError(f"{path}: the road layer has no lines")
    return lines.to_crs(4326)


@dataclass
class Products:
    """Everything derived from an analysis that the exports and maps need, computed once."""

    analysis: Analysis
    places: list[PlaceReport]
    claims: list
    groups: list
    routes: list
    zones: object  # GeoDataFrame of the zones in force on `date`, or None
    control_checks: list
    date: dt.date | None
    notes: list[str] = field(default_factory=list)


def products(analysis: Analysis) -> Products:
    from evacmap.corpus.compare import compare_claims
    from evacmap.geo.control import check_against_zones
    from evacmap.geo.routes import build_routes
    from evacmap.geo.zones import load_zones, zones_on

    config = analysis.corpus.config
    day = corpus_date(analysis)
    zones = None
    if config.zones:
        zones = load_zones(list(config.zones))
        zones = zones_on(zones, day) if day else zones
    roads = read_roads(config.roads) if config.roads else None
    claims = analysis.all("claims")
    routes = build_routes(analysis.all("legs"), analysis.gazetteer, zones, roads)
    checks = check_against_zones(analysis.all("control"), zones, analysis.gazetteer) if zones is not None else []
    return Products(analysis, places_report(analysis.all("mentions"), analysis.gazetteer), claims,
                    compare_claims(claims, place_of=analysis.gazetteer.get), routes, zones, checks, day)


# --- JSON records -----------------------------------------------------------------------------------------

def _num(x):
    if x is None:
        return None
    return int(x) if float(x).is_integer() else float(x)


def claim_record(claim) -> dict:
    return claim.to_dict()


def claims_json(source) -> list[dict]:
    claims = source.claims if isinstance(source, Products) else source.all("claims")
    return [claim_record(c) for c in claims]


def group_record(group) -> dict:
    return {
        "event": group.event, "counts": group.counts,
        "date": group.date.isoformat() if hasattr(group.date, "isoformat") else group.date,
        "places": list(group.places), "scope": getattr(group, "scope", None), "note": getattr(group, "note", None),
        "disagree": bool(group.disagree),
        "spread": [_num(x) for x in group.spread] if getattr(group, "spread", None) else None,
        "values": [{"outlet": v.outlet, "article": v.article, "claim": v.claim, "value": _num(v.value),
                    "low": _num(v.low), "high": _num(v.high), "qualifier": v.qualifier, "speaker": v.speaker,
                    "scope": getattr(v, "scope", None)}
                   for v in group.values],
    }


def compare_json(source) -> list[dict]:
    if isinstance(source, Products):
        groups = source.groups
    else:
        from evacmap.corpus.compare import compare_claims

        groups = compare_claims(source.all("claims"), place_of=source.gazetteer.get)
    return [group_record(g) for g in groups]


def routes_json_for(source) -> list[dict]:
    from evacmap.geo.routes import routes_json

    prods = source if isinstance(source, Products) else products(source)
    return routes_json(prods.routes)


def zones_json_for(source) -> dict:
    from evacmap.geo.joins import zones_json

    prods = source if isinstance(source, Products) else products(source)
    if prods.zones is None:
        return {"type": "FeatureCollection", "features": []}
    places = [r.place for r in prods.places if r.place is not None and r.place.resolved]
    return zones_json(prods.zones, places, prods.control_checks)


def places_geojson(prods: Products) -> dict:
    claim_ids: dict[str, list[str]] = {}  # place id → the claims naming it, in claim order, each once
    for claim in prods.claims:
        for pid in dict.fromkeys(claim.places):
            claim_ids.setdefault(pid, []).append(claim.id)
    features = []
    for report in prods.places:
        record = report.to_json()
        if record["lat"] is None:
            continue
        props = {k: v for k, v in record.items() if k not in {"lat", "lon"}}
        props["claims"] = claim_ids.get(report.id, [])
        features.append({"type": "Feature", "id": report.id, "properties": props,
                         "geometry": {"type": "Point", "coordinates": [record["lon"], record["lat"]]}})
    return {"type": "FeatureCollection", "features": features}


def routes_geojson(prods: Products) -> dict:
    features = []
    for route in routes_json_for(prods):
        for leg in route["legs"]:
            props = {k: v for k, v in leg.items() if k != "geometry"}
            props.update({"route_id": route["id"], "route_label": route["label"]})
            features.append({"type": "Feature", "properties": props, "geometry": leg["geometry"]})
    return {"type": "FeatureCollection", "features": features}


# --- CSV --------------------------------------------------------------------------------------------------

def to_csv(header: list[str], rows: list) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if v is None else _csv_safe(v) for v in (row if isinstance(row, (list, tuple))
                                                                     else [row.get(h) for h in header])])
    return buffer.getvalue()


def _csv_safe(value) -> str:
    """Neutralise spreadsheet formulas: article text is untrusted, and "=HYPERLINK(…)" would run in Excel."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False) if isinstance(
        value, (list, dict)) else str(value)
    return "'" + text if text[:1] in {"=", "+", "-", "@", "\t", "\r"} and not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def claims_csv(prods: Products) -> str:
    from evacmap.corpus.model import claims_csv_rows

    header, rows = claims_csv_rows(prods.claims)
    return to_csv(list(header), rows)


def compare_csv(prods: Products) -> str:
    from evacmap.corpus.compare import compare_csv_rows

    header, rows = compare_csv_rows(prods.groups)
    return to_csv(list(header), rows)


def dumps(data) -> str:
    """Deterministic JSON for files: insertion order kept (sorted keys would scramble records), one record or
    feature per line so a changed corpus diffs line by line. Each line goes through json's C encoder, which
    `indent` would switch off (the pure-Python encoder was a third of a large build)."""
    def line(value) -> str:
        return strictjson.dumps(value, ensure_ascii=False, default=str)

    if isinstance(data, list):
        return "[\n" + ",\n".join(line(v) for v in data) + "\n]\n" if data else "[]\n"
    if isinstance(data, dict) and isinstance(data.get("features"), list):
        head = {k: v for k, v in data.items() if k != "features"}
        items = ",\n".join(line(f) for f in data["features"])
        return line(head)[:-1] + (", " if head else "") + '"features": [\n' + items + "\n]}\n"
    return line(data) + "\n"
