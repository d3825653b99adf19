"""The list pages a compact map links to (maps.summary): every statement about a place, every place and
every leg, each split into parts so that no page outgrows the page budget, whatever the corpus size.

Plain HTML (no map, no script), escaped by jinja, with a Content-Security-Policy that allows only the page's
own style. The data files (data/claims.csv, places.geojson, routes.geojson) hold the same in bulk.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from markupsafe import Markup

from evacmap.maps.model import _claim, _source, rows, text
from evacmap.maps.pages import _csp, env
from evacmap.maps.summary import PER_LIST_PAGE, place_page

__all__ = ["PAGES", "Reuse", "write_lists"]

Write = Callable[[Any, str, str | bytes], None]
PAGES = ".evacmap-pages"  # in the site: each list page's input hash, for the next build


class Reuse:
    """Page-level incremental rendering: a list page whose inputs (its items, its context, evacmap's code)
    hash as they did in the previous site is copied from that site instead of rendered again. After one
    article changes, only the pages of the places it names (and the index) are rendered; the site's bytes
    are the same as a full render's, since the hash covers everything the page is made from."""

    def __init__(self, previous: Path | None):
        self.previous = previous
        self.before: dict[str, str] = {}
        self.now: dict[str, str] = {}
        if previous is not None:
            try:
                found = json.loads((previous / PAGES).read_text(encoding="utf-8"))
                if isinstance(found, dict) and all(isinstance(v, str) for v in found.values()):
                    self.before = found
            except (OSError, ValueError):
                pass

    def page(self, write: Write, folder: Any, rel: str, inputs: dict, render: Callable[[], str]) -> None:
        from evacmap.maps.fingerprint import code_hash

        blob = json.dumps(inputs, ensure_ascii=False, sort_keys=True, default=str).encode()
        key = hashlib.sha256(code_hash().encode() + b"\0" + rel.encode() + b"\0" + blob).hexdigest()[:32]
        self.now[rel] = key
        old = self._old(rel) if self.before.get(rel) == key else None
        write(folder, rel, old if old is not None else render())

    def _old(self, rel: str) -> bytes | None:
        """The previous site's page: a regular file inside that folder (a link out of it is not followed)."""
        assert self.previous is not None
        try:
            path = self.previous / rel
            if path.is_symlink() or not path.resolve().is_relative_to(self.previous.resolve()):
                return None
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as handle:
                return handle.read()
        except OSError:
            return None

    def save(self, write: Write, folder: Any) -> None:
        write(folder, PAGES, json.dumps(dict(sorted(self.now.items())), indent=0) + "\n")


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


def _write_parts(write: Write, folder: Any, first: str, items: list, size: int, *, reuse: Reuse, **ctx: Any) -> None:
    """``items`` split into parts: ``first`` (e.g. places/x.html), then places/x-2.html, ..."""
    chunks = list(_chunks(items, size)) or [[]]
    stem = first[:-len(".html")]
    parts = [first] + [f"{stem}-{n}.html" for n in range(2, len(chunks) + 1)]
    for n, (rel, chunk) in enumerate(zip(parts, chunks, strict=True), 1):
        reuse.page(write, folder, rel, {"parts": parts, "n": n, "items": chunk, **ctx},
                   functools.partial(_render, rel, parts, n, items=chunk, **ctx))


def _place_lists(write: Write, folder: Any, reuse: Reuse, places: Any, site_title: str) -> None:
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
            _write_parts(write, folder, href, claims, PER_LIST_PAGE, reuse=reuse, kind="claims",
                         heading=f"What the sources said about {name}", intro=intro,
                         figures=list(rec.get("figures") or []), site_title=site_title)
    index.sort(key=lambda r: (-r["reports"], -r["outlets"], r["name"]))
    _write_parts(write, folder, "places/index.html", index, 2 * PER_LIST_PAGE, reuse=reuse, kind="places", heading="Every place",
                 intro=f"{len(index):,} places named in the reports, most reported first.", figures=[],
                 site_title=site_title)


def _leg_list(write: Write, folder: Any, reuse: Reuse, routes: Any, site_title: str) -> None:
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
    ctx = {"kind": "legs", "heading": "Every leg of every route", "figures": [], "site_title": site_title,
           "intro": f"{len(legs):,} legs, each with every source sentence."}
    for n, (rel, chunk) in enumerate(zip(names, parts, strict=True), 1):
        reuse.page(write, folder, rel, {"parts": names, "n": n, "items": chunk, **ctx},
                   functools.partial(_render, rel, names, n, items=chunk, **ctx))


def write_lists(write: Write, folder: Any, places: Any, routes: Any, site_title: str, *,
                previous: Path | None = None) -> None:
    """Write the place, places-index and leg lists of a site whose maps summarise; pages whose inputs are as
    in the `previous` site (the one this build replaces) are copied from it (see `Reuse`)."""
    reuse = Reuse(previous)
    _place_lists(write, folder, reuse, places, site_title)
    _leg_list(write, folder, reuse, routes, site_title)
    reuse.save(write, folder)
