"""The `evacmap` command line. Every command reads a corpus folder (default: the bundled sample).

With --json a command prints one JSON document on stdout and nothing else; without it, a table for a person.
Errors are one line on stderr and a non-zero exit, never a traceback (set EVACMAP_DEBUG=1 to see one).
"""
from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from evacmap.errors import EvacmapError
from evacmap.maps.formatting import amount

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Turn news articles about an evacuation into offline maps with sourced claims.")
gazetteer_app = typer.Typer(no_args_is_help=True, help="Manage the gazetteer's user layers.")
app.add_typer(gazetteer_app, name="gazetteer")

stdout = Console(highlight=False, soft_wrap=True)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)

CorpusArg = typer.Argument(None, help="Corpus folder (articles/ + optional evacmap.toml). Default: the bundled sample.",
                           show_default=False)
JsonOpt = typer.Option(False, "--json", help="Print JSON on stdout (and nothing else).")


def _known_errors() -> tuple[type[Exception], ...]:
    """Our one root, and geopy's (the online chain raises it for a service that fails)."""
    from geopy.exc import GeopyError

    return (EvacmapError, GeopyError)


def _quiet_libraries() -> None:
    """geopy's RateLimiter logs each retry with a traceback; the CLI reports the final error in one line."""
    import logging

    logging.getLogger("geopy").setLevel(logging.CRITICAL)


def reported(func):
    """Turn the errors users can cause into one line and exit 1; anything else into one line and exit 70."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        _quiet_libraries()
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except _known_errors() as err:
            stderr.print(f"evacmap: error: {err}", markup=False)
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            stderr.print("evacmap: interrupted")
            raise typer.Exit(130) from None
        except Exception as err:
            if os.environ.get("EVACMAP_DEBUG"):
                raise
            stderr.print(f"evacmap: internal error: {type(err).__name__}: {err} "
                         "(set EVACMAP_DEBUG=1 for a traceback)", markup=False)
            raise typer.Exit(70) from None

    return wrapper


def emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n")


def _analysis(corpus_path: Path | None):
    from evacmap.maps.pipeline import analyse, open_corpus

    corpus, gazetteer = open_corpus(corpus_path, stderr)
    for dup in corpus.duplicates:  # a wire story carried twice would count as two sources agreeing
        stderr.print(f"note: {dup.first} and {dup.second} are near-duplicates ({dup.similarity:.0%} shared "
                     "text): likely one report carried twice", markup=False)
    return analyse(corpus, gazetteer)


# --- places and geocoding ---------------------------------------------------------------------------------

@app.command()
@reported
def places(corpus: Path | None = CorpusArg, as_json: bool = JsonOpt):
    """Every place the corpus mentions, with its point, precision, provenance and mentions."""
    from evacmap.corpus.places import places_report

    analysis = _analysis(corpus)
    reports = places_report(analysis.all("mentions"), analysis.gazetteer)
    if as_json:
        emit_json([r.to_json() for r in reports])
        return
    table = Table(title=f"Places in {analysis.corpus.root.name}")
    for col in ("id", "name", "kind", "lat, lon", "± m", "source", "mentions"):
        table.add_column(col)
    for r in reports:
        p = r.place
        point = f"{p.lat:.4f}, {p.lon:.4f}" if p and p.resolved else "unresolved"
        table.add_row(r.id, r.name, p.kind if p else "?", point, str(p.precision_m) if p else "",
                      (p.source + (" (approx.)" if p.approximate else "")) if p else
                      "candidates: " + ", ".join(c.id for c in r.candidates[:4]),
                      str(len(r.mentions)))
    stdout.print(table)


@app.command()
@reported
def geocode(name: str = typer.Argument(..., help="A place name, in any common spelling."),
            as_json: bool = JsonOpt,
            online: bool = typer.Option(False, "--online", help="Ask Nominatim (OpenStreetMap) when offline "
                                        "layers do not know the name; 1 request/s, cached on disk."),
            corpus: Path | None = typer.Option(None, "--corpus", help="Use this corpus's places.csv and focus.")):
    """Resolve one name: best match with kind, point, precision, provenance, and the alternatives."""
    from evacmap.gazetteer.geocoder import Geocoder

    overrides = (corpus / "places.csv") if corpus else None
    geocoder = Geocoder(overrides=overrides, online=online)
    best, alternatives, reason = geocoder.resolve(name)
    record = None if best is None else geocoder.place_json(best)
    if as_json:
        if record is None:  # unknown: []; ambiguous: why, with the candidates a person can choose from
            emit_json([{"id": None, "name": name, "lat": None, "lon": None, "reason": reason,
                        "candidates": [geocoder.place_json(a) for a in alternatives[:10]]}] if alternatives else [])
            raise typer.Exit(1)
        emit_json([{**record, "reason": reason, "alternatives": [geocoder.place_json(a) for a in alternatives[:10]]}])
        return
    if best is None:
        stderr.print(f"evacmap: {name!r} not resolved: {reason}", markup=False)
        for alt in alternatives[:10]:
            stderr.print(f"  candidate: {alt.name} [{alt.kind}, {alt.country or '?'}] {alt.lat}, {alt.lon} ({alt.id})",
                         markup=False)
        raise typer.Exit(1)
    stdout.print(f"{best.name} [{best.kind}] {best.lat:.5f}, {best.lon:.5f} ± {best.precision_m} m", markup=False)
    stdout.print(f"  source: {best.source} — {best.citation}", markup=False)
    stdout.print(f"  why: {reason}", markup=False)
    for alt in alternatives[:10]:
        where = f"{alt.lat:.4f}, {alt.lon:.4f}" if alt.resolved else "no point"
        stdout.print(f"  also: {alt.name} [{alt.kind}, {alt.country or '?'}] {where} ({alt.source})", markup=False)


@gazetteer_app.command("import")
@reported
def gazetteer_import(dump: Path = typer.Argument(..., help="A GeoNames dump (e.g. SY.txt from the GeoNames export)."),
                     name: str | None = typer.Option(None, help="Layer name (default: the file's name).")):
    """Add a standard GeoNames dump to your imported layer (kept under $EVACMAP_HOME/imported)."""
    from evacmap.gazetteer.imports import import_geonames

    path, count = import_geonames(dump, name)
    stderr.print(f"imported {count:,} places from {dump.name} into {path}", markup=False)


# --- claims -----------------------------------------------------------------------------------------------

@app.command()
@reported
def claims(corpus: Path | None = CorpusArg, as_json: bool = JsonOpt):
    """What each source says: numbers, speakers, dates, places."""
    from evacmap.maps.exports import claims_json

    analysis = _analysis(corpus)
    records = claims_json(analysis)
    if as_json:
        emit_json(records)
        return
    table = Table(title="Claims")
    for col in ("id", "outlet", "date", "event", "speaker", "quantities"):
        table.add_column(col)
    for c in records:
        qs = "; ".join(f"{q['qualifier'] + ' ' if q['qualifier'] else ''}"
                       f"{amount(q['value'], q['low'], q['high'])} {q['counts'] or ''}" for q in c["quantities"])
        table.add_row(c["id"], c["outlet"], c["date"] or "", c["event"] or "", c["speaker"] or "", qs)
    stdout.print(table)


@app.command()
@reported
def compare(corpus: Path | None = CorpusArg, as_json: bool = JsonOpt):
    """Claims about the same thing lined up across outlets, and whether they disagree."""
    from evacmap.maps.exports import compare_json

    groups = compare_json(_analysis(corpus))
    if as_json:
        emit_json(groups)
        return
    for g in groups:
        flag = "DISAGREE" if g["disagree"] else "agree"
        stdout.print(f"{g['event']} · {g['counts']} · {g['date']} — {flag}", markup=False, style="bold")
        for v in g["values"]:
            stdout.print(f"   {v['outlet']}: {v['qualifier'] or ''} {amount(v['value'], v['low'], v['high'])}"
                         f"  ({v['speaker'] or 'no speaker'})", markup=False)


# --- routes and zones -------------------------------------------------------------------------------------

@app.command()
@reported
def routes(corpus: Path | None = CorpusArg, as_json: bool = JsonOpt):
    """Convoy routes from the articles' movement statements, leg by leg, with their sources."""
    from evacmap.maps.exports import routes_json_for

    records = routes_json_for(_analysis(corpus))
    if as_json:
        emit_json(records)
        return
    for r in records:
        length = f"{r['length_km']:.0f} km" if r.get("length_km") is not None else "not drawn: no destination stated"
        stdout.print(f"{r['label']} ({length})", markup=False, style="bold")
        for leg in r["legs"]:
            outlets = ", ".join(sorted({s["outlet"] for s in leg["sources"]}))
            stdout.print(f"   {leg['from']} → {leg['to']} [{leg['status']}] {leg['who']} — {outlets}", markup=False)


@app.command()
@reported
def zones(corpus: Path | None = CorpusArg, as_json: bool = JsonOpt):
    """Control zones in force on the corpus date (GeoJSON), with the places inside and the text's claims."""
    from evacmap.maps.exports import zones_json_for

    collection = zones_json_for(_analysis(corpus))
    if as_json:
        emit_json(collection)
        return
    for f in collection["features"]:
        p = f["properties"]
        stdout.print(f"[bold]{p['label']}[/bold] ({p['controller']}, {p['valid_from']}–{p['valid_to'] or ''})")
        stdout.print(f"   places: {', '.join(p.get('places', [])) or '—'}", markup=False)
        for m in p.get("mismatches", []):
            stdout.print(f"   mismatch: {m}", markup=False)


# --- build ------------------------------------------------------------------------------------------------

@app.command()
@reported
def build(corpus: Path | None = CorpusArg,
          out: Path = typer.Option(Path("site"), "--out", help="Output folder (replaced only when the build succeeds)."),
          online_tiles: bool = typer.Option(False, "--online-tiles", help="Offer an OpenStreetMap tile layer (needs network when viewed)."),
          base_url: str | None = typer.Option(
              None, "--base-url", help="The site's public address (https://...): embed snippets, canonical and og: "
              "links become absolute. Overrides base_url in evacmap.toml."),
          no_cache: bool = typer.Option(False, "--no-cache", help="Reprocess every article.")):
    """Build every map page, embed, and open-data export for the corpus."""
    from evacmap.maps.build import run_build

    summary = run_build(corpus, out, online_tiles=online_tiles, use_cache=not no_cache, console=stderr,
                        base_url=base_url)
    stderr.print(summary, markup=False)


def main() -> None:  # pragma: no cover - console entry point
    app()
