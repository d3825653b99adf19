"""`evacmap build`: every map page, embed and export for a corpus, written safely and incrementally.

- Incremental: per-article extraction comes from the pipeline's cache (see maps.pipeline).
- Safe: everything is written to a temporary folder beside the output and swapped in only when complete,
  so a failed build leaves the previous site intact; a lock file stops two builds writing one folder; a
  folder evacmap did not make is never replaced.
- Deterministic: no timestamps, stable ids, fixed JSON layout: the same corpus gives the same bytes.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from evacmap.corpus.config import DEFAULT_TITLE, MapConfig
from evacmap.errors import BuildError
from evacmap.maps.cartography import weighted_median
from evacmap.maps.escape import checked_base_url
from evacmap.maps.formatting import count_words, group_value_words, order_lines, scope_words
from evacmap.maps.publish import MARKER, checkpoint, output_lock, publish, sweep
from evacmap.maps.terminal import clean

if TYPE_CHECKING:  # the geo stack and the analysis load only when a build has work to do
    import geopandas as gpd
    from shapely.geometry import Point

    from evacmap.corpus.model import Claim
    from evacmap.gazetteer.model import Place
    from evacmap.maps import exports
    from evacmap.maps.pipeline import Analysis

# --- the data each map draws ------------------------------------------------------------------------------

_WIDE = frozenset({"country", "continent"})  # areas no story map shows as a point


def _claim_places(prods: exports.Products) -> dict[str, list[tuple[str, str]]]:
    """Claim id → the places it is drawn at, each with how it was found: "" (named in the claim's words),
    "text" (inferred by a rule of the claim extraction from the text around it: "there", "the region",
    "Of them, ..."), or "article". A claim that names no place a map can show (none, or only a country) is
    drawn at the place its article mentions most (within the focus country), marked "article", so no number
    is dropped from the map."""
    gaz = prods.analysis.gazetteer
    by_article: dict[str, Counter] = {}
    for m in prods.analysis.all("mentions"):
        place = gaz.get(m.place_id) if m.place_id else None
        if place and place.kind not in {"country", "governorate"} and place.resolved:
            by_article.setdefault(m.article, Counter())[m.place_id] += 1
    top = {article: min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0] for article, counts in by_article.items()}
    out = {}
    for claim in prods.claims:
        named = [p for p in claim.places if (place := gaz.get(p)) is None or place.kind not in _WIDE]
        if named:
            out[claim.id] = [(p, "text" if p in claim.inferred_places else "") for p in named]
        elif claim.quantities and claim.article in top:
            out[claim.id] = [(top[claim.article], "article")]
    return out


def _claims_by_place(prods: exports.Products) -> dict[str, list[tuple[Claim, str]]]:
    """Place id → (claim, how: see _claim_places) for each claim drawn there, in claim order: one pass over
    the claims instead of one per place (10,000 articles hold ~10^5 claims and ~10^4 places)."""
    claim_places = _claim_places(prods)
    out: dict[str, dict[int, tuple[Claim, str]]] = {}
    for n, claim in enumerate(prods.claims):
        for pid, inferred in claim_places.get(claim.id, []):
            out.setdefault(pid, {}).setdefault(n, (claim, inferred))  # a place named twice: its first entry
    return {pid: list(hits.values()) for pid, hits in out.items()}


def _disagreements(prods: exports.Products) -> dict[str, list[str]]:
    """Claim id → one line per disagreeing comparison group it belongs to. Each value names its outlet and,
    where the outlet credits someone, the speaker; the line ends with what the values measure."""
    notes: dict[str, list[str]] = {}
    for group in prods.groups:
        if not group.disagree:
            continue
        values = " · ".join(group_value_words(v) for v in group.values)
        day = group.date.strftime("%-d %b %Y") if hasattr(group.date, "strftime") else (group.date or "undated")
        what = group.event if group.counts in (None, "", group.event) else f"{group.event} ({group.counts})"
        line = f"{what}, {day}: {values}. Compared: {group.note}."
        for v in group.values:
            notes.setdefault(v.claim, []).append(line)
    return notes


def places_frame(prods: exports.Products, urls: dict[str, str], titles: dict[str, str] | None = None) -> gpd.GeoDataFrame:
    import geopandas as gpd
    from shapely.geometry import Point

    from evacmap.maps.summary import figures_by_place, local_name

    claims_at = _claims_by_place(prods)
    orders = order_lines(prods.analysis.all("control"))
    notes = _disagreements(prods)
    figures = figures_by_place(prods.groups, _claim_places(prods))
    zone_of = _zone_labels(prods)
    rows = []
    for report in prods.places:
        place = report.place
        if place is None or not place.resolved:
            continue
        claims: list[dict] = []
        disagree: dict[str, None] = {}
        for claim, inferred in claims_at.get(report.id, []):
            claims.append(_claim_row(claim, urls, inferred, titles or {}))
            disagree.update(dict.fromkeys(notes.get(claim.id, [])))
        rows.append({"id": report.id, "name": place.name, "kind": place.kind, "precision_m": place.precision_m,
                     "source": place.source, "citation": place.citation, "approximate": place.approximate,
                     "zone": zone_of.get(report.id), "claims": claims, "disagree": bool(disagree),
                     "disagree_notes": list(disagree), "mentions": len(report.mentions),
                     "figures": figures.get(report.id, []), "statements": orders.get(report.id, []),
                     **local_name(place),
                     "geometry": Point(place.lon, place.lat)})
    return gpd.GeoDataFrame(rows, geometry="geometry", crs=4326) if rows else _empty()


def _claim_row(claim: Claim, urls: dict[str, str], inferred: str, titles: dict[str, str]) -> dict:
    return {"outlet": claim.outlet, "article": claim.article, "url": urls.get(claim.article, ""),
            "text": claim.text, "speaker": claim.speaker, "date": claim.date.isoformat() if claim.date else None,
            "time": claim.time, "quantities": [count_words(q, claim) for q in claim.quantities],
            "claim_id": claim.id, "place_inferred": bool(inferred), "place_inferred_from": inferred,
            "headline": titles.get(claim.article, ""),
            "qualifiers": [] if claim.quantities else scope_words(claim.scope, claim.modality)}


def _empty() -> gpd.GeoDataFrame:
    import geopandas as gpd
    return gpd.GeoDataFrame({"id": []}, geometry=gpd.GeoSeries([], crs=4326), crs=4326)


def _zone_labels(prods: exports.Products) -> dict[str, str]:
    if prods.zones is None or len(prods.zones) == 0:
        return {}
    from evacmap.geo.zones import zone_at

    out = {}
    for report in prods.places:
        p = report.place
        if p is not None and p.resolved:
            row = zone_at(prods.zones, p.lon, p.lat)
            if row is not None:
                out[report.id] = row["label"]
    return out


def zones_frame(prods: exports.Products, collection: dict) -> gpd.GeoDataFrame:
    import geopandas as gpd

    if not collection["features"]:
        return _empty()
    control = {c.id: c for c in prods.analysis.all("control")}
    rows = []
    for feature in collection["features"]:
        props = dict(feature["properties"])
        props["claims"] = [{"outlet": control[i].outlet, "article": control[i].article, "text": control[i].text}
                           for i in props.get("claims", []) if i in control]
        props["mismatches"] = [m if isinstance(m, str) else m.get("reason") or str(m)
                               for m in props.get("mismatches", [])]
        rows.append({**props, "geometry": feature["geometry"]})
    from shapely.geometry import shape

    for row in rows:
        row["geometry"] = shape(row["geometry"])
    return gpd.GeoDataFrame(rows, geometry="geometry", crs=4326)


def routes_frame(prods: exports.Products, urls: dict[str, str], titles: dict[str, str] | None = None) -> gpd.GeoDataFrame:
    from evacmap.geo.routes import routes_geodataframe

    frame = routes_geodataframe(prods.routes)
    if len(frame) == 0:
        return _empty()
    frame = frame.copy()
    frame["sources"] = [[{**s, "url": urls.get(s.get("article"), ""), "headline": (titles or {}).get(s.get("article"), "")}
                         for s in sources] for sources in frame["sources"]]
    return frame


def _story_places(prods: exports.Products) -> list[tuple[Place, int]]:
    """(place, mentions) for the resolved places a map may fit: countries and first-level regions left out,
    those of the focus country when it has any."""
    focus = prods.analysis.corpus.config.focus
    pts = [(r.place, max(1, len(r.mentions))) for r in prods.places if r.place is not None and r.place.resolved
           and r.place.kind not in {"country", "continent", "governorate", "province", "state"}
           and (r.place.precision_m or 0) <= 100_000]  # a continent or a vast region is no point to fit
    if focus:
        pts = [(p, w) for p, w in pts if p.country == focus] or pts
    return pts


def story_cluster(prods: exports.Products) -> list[tuple[Place, int]]:
    """The story's cluster of places: around the mention-weighted median point, the places within four
    times the typical (weighted median) distance from it, at least 25 km; a place named twice or more may
    lie three times farther. A capital or a foreign city mentioned once does not stretch the map."""
    from evacmap.geo.geometry import distance_km

    pts = _story_places(prods)
    if len(pts) <= 2:
        return pts
    weights = [w for _p, w in pts]
    centre = (weighted_median([p.lon for p, _w in pts], weights), weighted_median([p.lat for p, _w in pts], weights))
    dist = [distance_km(centre, (p.lon, p.lat)) for p, _w in pts]
    scale = max(25.0, weighted_median(dist, weights))
    return [(p, w) for (p, w), d in zip(pts, dist, strict=True) if d <= 4 * scale or (w >= 2 and d <= 12 * scale)]


def default_bounds(prods: exports.Products) -> tuple[float, float, float, float]:
    """Fit a map to the story's cluster of places (:func:`story_cluster`)."""
    pts = [p for p, _w in story_cluster(prods)]
    if not pts:
        raise BuildError(f"{prods.analysis.corpus.root}: no place in the articles could be resolved, so there is "
                         "nothing to map (add a places.csv or check the articles' language)")
    lons, lats = [p.lon for p in pts], [p.lat for p in pts]
    padx = max(0.05, (max(lons) - min(lons)) * 0.1)
    pady = max(0.05, (max(lats) - min(lats)) * 0.1)
    return (min(lons) - padx, min(lats) - pady, max(lons) + padx, max(lats) + pady)


def default_title(prods: exports.Products) -> str:
    """The site's title when the corpus gives none: its main place (the most mentioned place of the story's
    cluster, the first in the text on a tie)."""
    config = prods.analysis.corpus.config
    if config.title != DEFAULT_TITLE:
        return config.title
    cluster = story_cluster(prods)
    if not cluster:
        return config.title
    main = max(cluster, key=lambda pw: pw[1])[0]
    return f"{_name_as_written(prods, main)}: evacuation map"


def _name_as_written(prods: exports.Products, place: Place) -> str:
    """The place's name as the articles write it most often (first written on a tie), not the gazetteer's
    own form: a story about Stepanakert is not titled by the place's official name in another language."""
    for report in prods.places:
        if report.place is place and report.mentions:
            counts = Counter(m.surface for m in report.mentions)
            return max(counts, key=lambda s: counts[s])  # Counter keeps first-seen order on a tie
    return place.name


def _in_bounds(frame: gpd.GeoDataFrame, bounds, anchors: dict[str, Point] | None = None) -> gpd.GeoDataFrame:
    """The rows a map shows. A row without geometry (a leg whose destination no source states) is kept
    where its origin lies in the map, so the text version still lists it."""
    from shapely.geometry import box

    if len(frame) == 0:
        return frame
    minx, miny, maxx, maxy = bounds
    padx, pady = (maxx - minx) * 0.05, (maxy - miny) * 0.05
    window = box(minx - padx, miny - pady, maxx + padx, maxy + pady)
    keep = frame.intersects(window)
    if anchors and "from_id" in frame.columns:
        missing = frame.geometry.isna() | frame.geometry.is_empty
        origin_inside = frame["from_id"].map(lambda i: bool(anchors.get(i) and window.contains(anchors[i])))
        keep = keep | (missing & origin_inside)
    return frame[keep]


def map_geojson(data) -> dict:
    """Everything one map draws, as one RFC 7946 FeatureCollection (a `layer` property tells places, routes
    and zones apart): the file to open in QGIS or Datawrapper to restyle exactly this map."""
    import json

    features = []
    for layer, frame in (("zone", data.zones), ("route", data.routes), ("place", data.places)):
        if frame is None or len(frame) == 0:
            continue
        collection = json.loads(frame.to_json(drop_id=True, to_wgs84=True))
        for feature in collection["features"]:
            feature["properties"] = {"layer": layer, **feature["properties"]}
            features.append(feature)
    return {"type": "FeatureCollection", "features": features}


# --- writing --------------------------------------------------------------------------------------------

def _write(folder: Path, rel: str, text: str | bytes) -> None:
    """Write a file (text as UTF-8) under `folder`; refuse any name that would land outside it."""
    target = (folder / rel).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise BuildError(f"refusing to write {rel!r}: outside the output folder")
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8", newline="\n")
    checkpoint(f"write:{rel}")


def fingerprint(analysis: Analysis, online_tiles: bool, base_url: str | None = None) -> str:
    """The fingerprint (maps/fingerprint.py) of the bytes this build actually read: each article file's and
    evacmap.toml's as parsed, the corpus's other files, the code and the options. Same fingerprint, same
    bytes: a build that finds it in the existing site has nothing to do; `quick_fingerprint` computes the same
    value from the files on disk without importing the geo stack."""
    from evacmap.maps.fingerprint import Inputs, extra_files, fingerprint_of

    corpus = analysis.corpus
    articles = tuple((a.path, a.sha256) for a in corpus.articles)
    inputs = Inputs(articles, corpus.config.sha256 or "", extra_files(corpus.root, corpus.config))
    return fingerprint_of(inputs, online_tiles, base_url)


#: bytes a map page may weigh (issue 15): past it the page lists its statements compactly (maps.summary)
PAGE_BUDGET = 400_000


def up_to_date(out: Path, print_: str) -> bool:
    marker = out / MARKER
    try:
        return (marker.is_file() and (out / "index.html").is_file()
                and f"fingerprint {print_}" in marker.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False


def _place_credit(places: gpd.GeoDataFrame) -> str:
    """Which gazetteers the drawn places come from, as the places themselves cite them."""
    sources = sorted({str(s) for s in places["source"] if isinstance(s, str) and s}) if "source" in places.columns else []
    return "Place locations: " + ", ".join(sources) if sources else ""


def write_site(prods: exports.Products, folder: Path, *, online_tiles: bool = False, print_: str = "",
               base_url: str | None = None, previous: Path | None = None) -> list[str]:
    from shapely.geometry import Point

    from evacmap.maps import exports
    from evacmap.maps.basemap import view_limits
    from evacmap.maps.listing import write_lists
    from evacmap.maps.pages import absolute
    from evacmap.maps.render import (
        MapData,
        MapSpec,
        embed_snippet,
        render_embed_page,
        render_index,
        render_map,
        render_social,
        render_static,
    )
    from evacmap.maps.summary import Overflow, compact, needs_compact, timeline
    from evacmap.maps.userlayers import read_user_layers
    from evacmap.maps.worldcache import WorldLayers

    days = timeline(prods.claims)

    corpus = prods.analysis.corpus
    base_url = base_url or corpus.config.base_url
    urls = {a.id: a.url for a in corpus.articles if a.url}
    titles = {a.id: a.title for a in corpus.articles if a.title}
    places = places_frame(prods, urls, titles)
    routes = routes_frame(prods, urls, titles)
    route_order = list(dict.fromkeys(str(r) for r in routes["route_id"])) if "route_id" in routes.columns else []
    zone_collection = exports.zones_json_for(prods)
    zones = zones_frame(prods, zone_collection)
    outlets = sorted({a.outlet for a in corpus.articles})
    anchors = {r.id: Point(r.place.lon, r.place.lat) for r in prods.places if r.place and r.place.resolved}
    date = prods.date.isoformat() if prods.date else None
    # the "updated" stamp: the latest report's date, from the corpus (never the clock: builds stay identical)
    updated = max((a.published.isoformat() for a in corpus.articles if a.published), default=None)
    title = default_title(prods)
    map_configs = list(corpus.config.maps) or [MapConfig(name="overview", title=title)]
    written, index_entries, summarised = [], [], False
    for mc in map_configs:
        bounds = mc.bounds or default_bounds(prods)
        spec = MapSpec(name=mc.name, title=mc.title, bounds=bounds, date=date, description=mc.description,
                       base_url=base_url, updated=updated)
        every_place, every_leg = shown, legs = _in_bounds(places, bounds), _in_bounds(routes, bounds, anchors)
        shown, legs, over = compact(shown, legs) if needs_compact(shown) else (shown, legs, Overflow())
        def page(shown, legs, over, *, spec=spec, mc=mc, bounds=bounds):  # spec, config, bounds bound now (B023)
            over.timeline = days
            attribution = "; ".join(x for x in (corpus.config.attribution, _place_credit(shown)) if x)
            data = MapData(title=mc.title, date=date, outlets=outlets, places=shown,
                           routes=legs, zones=_in_bounds(zones, bounds),
                           basemap=WorldLayers(bounds, read_user_layers(corpus.config.layers, view_limits(bounds))),
                           attribution=attribution, route_order=route_order, overflow=over)
            static = render_static(spec, data)  # drawn once: the page, its embed, the SVG file and the PNG show it
            return data, static, render_map(spec, data, online_tiles=online_tiles, static=static)
        data, static, html = page(shown, legs, over)
        for every in (True, False):  # too big: every place and leg summarised, then (a wide map of many long legs)
            if len(html.encode("utf-8")) > PAGE_BUDGET and not (over.places or over.legs or (every and over.compact)):
                data, static, html = page(*compact(every_place, every_leg, every=every))  # those reported most
                over = data.overflow
        _write(folder, f"{mc.name}.html", html)
        _write(folder, f"{mc.name}.geojson", exports.dumps(map_geojson(data)))
        _write(folder, f"{mc.name}.svg", static)
        _write(folder, f"{mc.name}.png", render_social(spec, data, static=static))
        _write(folder, f"embed/{mc.name}.html", render_embed_page(spec, data, static=static))
        embed_url = absolute(base_url, f"embed/{mc.name}.html")
        snippet = (embed_snippet(spec, embed_url) if embed_url else
                   "<!-- This snippet needs the site's public address: rebuild with evacmap build --base-url URL -->\n")
        _write(folder, f"embed/{mc.name}.snippet.html", snippet + "\n")
        written += [f"{mc.name}.html", f"{mc.name}.geojson", f"{mc.name}.svg", f"{mc.name}.png", f"embed/{mc.name}.html",
                    f"embed/{mc.name}.snippet.html"]
        index_entries.append((spec, f"{mc.name}.html", f"embed/{mc.name}.html"))
        summarised = summarised or over.compact
    if summarised:  # the full lists a summarising map links to
        write_lists(_write, folder, places, routes, title, previous=previous)
    data_files = {
        "data/places.geojson": exports.dumps(exports.places_geojson(prods)),
        "data/routes.geojson": exports.dumps(exports.routes_geojson(prods)),
        "data/zones.geojson": exports.dumps(zone_collection),
        "data/claims.json": exports.dumps(exports.claims_json(prods)),
        "data/claims.csv": exports.claims_csv(prods),
        "data/compare.json": exports.dumps(exports.compare_json(prods)),
        "data/compare.csv": exports.compare_csv(prods),
    }
    for rel, text in data_files.items():
        _write(folder, rel, text)
    labels = {"data/places.geojson": "Places (GeoJSON)", "data/routes.geojson": "Routes (GeoJSON)", "data/zones.geojson":
              "Control zones (GeoJSON)", "data/claims.json": "Claims (JSON)", "data/claims.csv": "Claims (CSV)",
              "data/compare.json": "Comparisons (JSON)", "data/compare.csv": "Comparisons (CSV)"}
    _write(folder, "index.html", render_index(title, index_entries,
                                              [(labels[k], k) for k in data_files], base_url=base_url))
    _write(folder, MARKER, "This folder is written by `evacmap build` and replaced whole by the next build.\n"
                           f"fingerprint {print_}\n")
    return written + list(data_files) + ["index.html"]


def _check_out(out: Path) -> None:
    if out.exists() and not out.is_dir():
        raise BuildError(f"{out}: exists and is not a folder")
    try:
        foreign = out.is_dir() and any(out.iterdir()) and not (out / MARKER).exists()
    except OSError as err:
        raise BuildError(f"{out}: cannot read the folder ({err.strerror})") from None
    if foreign:
        raise BuildError(f"{out}: not empty and not made by evacmap; refusing to replace it (choose another --out)")


def run_build(corpus_path: Path | None, out: Path, *, online_tiles: bool = False, use_cache: bool = True,
              console: Console | None = None, scheduler: str | None = None, base_url: str | None = None) -> str:
    from evacmap.maps.parallel import executor_for
    from evacmap.maps.pipeline import open_corpus

    console = console or Console(stderr=True)
    out = Path(out).absolute()
    if out.is_symlink():
        raise BuildError(f"{out}: is a symbolic link; give the folder itself")
    _check_out(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise BuildError(f"{out.parent}: cannot create the folder ({err.strerror})") from None
    with output_lock(out):
        for line in sweep(out):
            console.print(clean(f"note: {line} (left by an interrupted build)"), markup=False)
        checkpoint("locked")
        given_url = checked_base_url(base_url)
        if use_cache and (quick := _unchanged(corpus_path, out, online_tiles, given_url)):
            return quick
        corpus, gazetteer = open_corpus(corpus_path, console)
        analysis = _analyse_with_progress(corpus, gazetteer, use_cache, console, executor_for(scheduler))
        base_url = given_url or corpus.config.base_url
        print_ = fingerprint(analysis, online_tiles, given_url)
        if use_cache and up_to_date(out, print_):
            return (f"{out} is up to date: {len(corpus.articles)} articles "
                    f"({len(analysis.processed)} processed, {len(analysis.reused)} from cache), nothing rewritten")
        from evacmap.maps import exports

        prods = exports.products(analysis)
        previous = out if use_cache and (out / MARKER).is_file() else None  # its unchanged pages are reused
        files = publish(out, lambda tmp: write_site(prods, tmp, online_tiles=online_tiles, print_=print_,
                                                    base_url=base_url, previous=previous))
    dup = "".join(f"; near-duplicate articles: {d.first} ≈ {d.second} ({d.similarity:.0%})" for d in corpus.duplicates)
    return (f"built {len(files)} files in {out}: {len(corpus.articles)} articles "
            f"({len(analysis.processed)} processed, {len(analysis.reused)} from cache){dup}")


def _unchanged(corpus_path: Path | None, out: Path, online_tiles: bool, base_url: str | None) -> str | None:
    """The no-change rebuild, decided from the files' bytes (or their stat cache) before anything heavy is
    imported or loaded: the summary line when the site is up to date, else None."""
    from evacmap.maps.fingerprint import quick_fingerprint

    found = quick_fingerprint(corpus_path, online_tiles, base_url)
    if found is None or not up_to_date(out, found[0]):
        return None
    return f"{out} is up to date: {found[1]} articles (0 processed, {found[1]} from cache), nothing rewritten"


def _analyse_with_progress(corpus, gazetteer, use_cache: bool, console: Console, executor=None) -> Analysis:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from evacmap.maps.pipeline import analyse

    if not console.is_terminal:
        return analyse(corpus, gazetteer, use_cache=use_cache, executor=executor)
    columns = (TextColumn("[bold]reading articles"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("{task.description}", markup=False))
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("", total=len(corpus.articles))
        return analyse(corpus, gazetteer, use_cache=use_cache, executor=executor,
                       progress=lambda a: progress.update(task, advance=1, description=clean(a.id)))


__all__ = ["BuildError", "run_build", "write_site"]
