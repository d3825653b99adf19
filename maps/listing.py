"""The list pages a compact map links to (maps.summary): every statement about a place, every place and
every leg, each split into parts so that no page outgrows the page budget, whatever the corpus size.

Plain HTML (no map, no script), escaped by jinja, with a Content-Security-Policy that allows only the page's
own style. The data files (data/claims.csv, places.geojson, routes.geojson) hold the same in bulk.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from markupsafe import Markup

from evacmap.maps.model import _claim, _source, rows, text
from evacmap.maps.pages import _csp, env
from evacmap.maps.summary import PER_LIST_PAGE, place_page

__all__ = ["write_lists"]

Write = Callable[[Any, str, str], None]


def _chunks(items: list, size: int) -> Iterator[list]:
    for start in range(0, len(items), size):
        yield items[start:start + size]


def _render(rel: str, parts: list[str], part: int, **ctx: Any) -> str:
    css = _css()
    depth = rel.count("/")
    root = "../" * depth
    links = [(n, "../" * depth + href) for n, href in enumerate(parts, 1)]
    return env().get_template("list.html.j2").render(csp=_csp([], [css]), css=Markup(css), root=root, part=part,
                                                     parts=len(parts), part_links=links, variant="list", **ctx)


def _css() -> str:
    from evacmap.maps.pages import _static

    return _static("list.css")


def _write_parts(write: Write, folder: Any, first: str, items: list, size: int, **ctx: Any) -> None:
    """``items`` split into parts: ``first`` (e.g. places/x.html), then places/x-2.html, ..."""
    chunks = list(_chunks(items, size)) or [[]]
    stem = first[:-len(".html")]
    parts = [first] + [f"{stem}-{n}.html" for n in range(2, len(chunks) + 1)]
    for n, (rel, chunk) in enumerate(zip(parts, chunks, strict=True), 1):
        write(folder, rel, _render(rel, parts, n, items=chunk, **ctx))


def _place_lists(write: Write, folder: Any, places: Any, site_title: str) -> None:
    index = []
    for rec in rows(places):
        claims = [c for c in (_claim(d) for d in rec.get("claims") or []) if c is not None]
        name = text(rec.get("name")) or text(rec.get("id"))
        href = place_page(text(rec.get("id"))) if claims else ""
        outlets = len({c.outlet for c in claims if c.outlet})
        index.append({"name": name, "kind": text(rec.get("kind")).replace("_", " "), "outlets": outlets,
                      "reports": len(claims), "href": href})
        if claims:
            intro = (f"{len(claims):,} statement{'s' if len(claims) != 1 else ''} from {outlets} "
                     f"outlet{'s' if outlets != 1 else ''}, in corpus order.")
            _write_parts(write, folder, href, claims, PER_LIST_PAGE, kind="claims", heading=f"What the sources said about {name}",
                         intro=intro, figures=list(rec.get("figures") or []), site_title=site_title)
    index.sort(key=lambda r: (-r["reports"], -r["outlets"], r["name"]))
    _write_parts(write, folder, "places/index.html", index, 2 * PER_LIST_PAGE, kind="places", heading="Every place",
                 intro=f"{len(index):,} places named in the reports, most reported first.", figures=[],
                 site_title=site_title)


def _leg_list(write: Write, folder: Any, routes: Any, site_title: str) -> None:
    """Every leg with every source; a leg with many sources runs over several parts."""
    entries = []
    legs = rows(routes)  # once: each call converts the whole frame
    for rec in legs:
        sources = [_source(d) for d in rec.get("sources") or [] if isinstance(d, dict)]
        head = {"route": text(rec.get("route_label")) or text(rec.get("route_id")), "from_name": text(rec.get("from_name")),
                "to_name": text(rec.get("to_name")), "status": (text(rec.get("status")) or "unknown").replace("_", " "),
                "who": text(rec.get("who")), "total": len(sources)}
        for chunk in _chunks(sources, PER_LIST_PAGE) if sources else [[]]:
            entries.append({**head, "sources": chunk})
    # parts of about PER_LIST_PAGE sources each
    parts: list[list[dict]] = [[]]
    count = 0
    for e in entries:
        if parts[-1] and count + len(e["sources"]) > PER_LIST_PAGE:
            parts.append([])
            count = 0
        parts[-1].append(e)
        count += max(1, len(e["sources"]))
    names = ["routes.html"] + [f"routes-{n}.html" for n in range(2, len(parts) + 1)]
    for n, (rel, chunk) in enumerate(zip(names, parts, strict=True), 1):
        write(folder, rel, _render(rel, names, n, items=chunk, kind="legs", heading="Every leg of every route",
                                   intro=f"{len(legs):,} legs, each with every source sentence.", figures=[],
                                   site_title=site_title))


def write_lists(write: Write, folder: Any, places: Any, routes: Any, site_title: str) -> None:
    """Write the place, places-index and leg lists of a site whose maps summarise."""
    _place_lists(write, folder, places, site_title)
    _leg_list(write, folder, routes, site_title)
