"""The `evacmap` command line. Every command reads a corpus folder (default: the bundled sample).

With --json a command prints one JSON document on stdout and nothing else; without it, a table for a person.
Errors are one line on stderr and a non-zero exit, never a traceback (set EVACMAP_DEBUG=1 to see one).
"""
from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from evacmap.errors import EvacmapError
from evacmap.maps import strictjson
from evacmap.maps.formatting import amount
from evacmap.maps.terminal import clean

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="Turn news articles about an evacuation into offline maps with sourced claims.")
gazetteer_app = typer.Typer(no_args_is_help=True, help="Manage the gazetteer's user layers.")
app.add_typer(gazetteer_app, name="gazetteer")

# markup=False: names from articles and files are data; a "[/red]" in one must print, not parse (see terminal.py)
stdout = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
stderr = Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)

CorpusArg = typer.Argument(None, help="Corpus folder (articles/ + optional evacmap.toml). Default: the bundled sample.",
                           show_default=False)
JsonOpt = typer.Option(False, "--json", help="Print JSON on stdout (and nothing else).")
CorpusOpt = typer.Option(None, "--corpus", help="Use this corpus's places.csv and focus.")
DumpArg = typer.Argument(..., help="A GeoNames dump (e.g. SY.txt from the GeoNames export).")
LayerOpt = typer.Option(None, help="Layer name (default: the file's name).")
OutOpt = typer.Option(Path("site"), "--out", help="Output folder (replaced only when the build succeeds).")
OnlineTilesOpt = typer.Option(False, "--online-tiles",
                              help="Offer an OpenStreetMap tile layer (needs network when viewed).")
NoCacheOpt = typer.Option(False, "--no-cache", help="Reprocess every article.")
BaseUrlOpt = typer.Option(None, "--base-url", help="The site's public address (https://...): embed snippets, "
                          "canonical and og: links become absolute. Overrides base_url in evacmap.toml.")


def _known_errors() -> tuple[type[Exception], ...]:
    """Our one root, and geopy's (the online chain raises it for a service that fails)."""
    from geopy.exc import GeopyError

    return (EvacmapError, GeopyError)


def _quiet_libraries() -> None:
    """geopy's RateLimiter logs each retry with a traceback; the CLI reports the final error in one line."""
    import logging

    logging.getLogger("geopy").setLevel(logging.CRITICAL)


def _tolerant_streams() -> None:
    """A terminal or pipe that cannot encode a character (LANG=C on an old system, PYTHONIOENCODING=ascii)
    gets a replacement character, not a crash: place names are in every script."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (stream.encoding or "").lower().replace("-", "") != "utf8":
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):
                pass


def say(console: Console, text: object, style: str | None = None) -> None:
    """Print one line of data: no markup, no control characters (terminal.clean)."""
    console.print(clean(text), markup=False, style=style)


def reported(func):
    """Turn the errors users can cause into one line and exit 1; anything else into one line and exit 70."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        _quiet_libraries()
        _tolerant_streams()
        try:
            return func(*args, **kwargs)
        except typer.Exit:
            raise
        except _known_errors() as err:
            say(stderr, f"evacmap: error: {err}")
            raise typer.Exit(1) from None
        except KeyboardInterrupt:
            say(stderr, "evacmap: interrupted")
            raise typer.Exit(130) from None
        except Exception as err:
            if os.environ.get("EVACMAP_DEBUG"):
                raise
            say(stderr, f"evacmap: internal error: {type(err).__name__}: {err} (set EVACMAP_DEBUG=1 for a traceback)")
            raise typer.Exit(70) from None

    return wrapper


def emit_json(data) -> None:
    """One strictly valid JSON document on stdout (no Infinity/NaN); \\u escapes when stdout is not UTF-8."""
    utf8 = (getattr(sys.stdout, "encoding", None) or "utf-8").lower().replace("-", "") == "utf8"
    sys.stdout.write(strictjson.dumps(data, ensure_ascii=not utf8, indent=2, default=str) + "\n")


def _table(title: str, columns: tuple[str, ...], rows) -> Table:
    """A table whose cells are plain text (rich would parse markup in a str cell)."""
    table = Table(title=Text(clean(title)))
    for col in columns:
        table.add_column(col)
    for row in rows:
        table.add_row(*(Text(clean(cell)) for cell in row))
    return table


def _analysis(corpus_path: Path | None):
    from evacmap.maps.pipeline import analyse, open_corpus

    corpus, gazetteer = open_corpus(corpus_path, stderr)
    for dup in corpus.duplicates:  # a wire story carried twice would count as two sources agreeing
        say(stderr, f"note: {dup.first} and {dup.second} are near-duplicates ({dup.similarity:.0%} shared "
                    "text): likely one report carried twice")
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
    rows = []
    for r in reports:
        p = r.place
        point = f"{p.lat:.4f}, {p.lon:.4f}" if p and p.resolved else "unresolved"
        rows.append((r.id, r.name, p.kind if p else "?", point, str(p.precision_m) if p else "",
                     (p.source + (" (approx.)" if p.approximate else "")) if p else
                     "candidates: " + ", ".join(c.id for c in r.candidates[:4]),
                     str(len(r.mentions))))
    stdout.print(_table(f"Places in {analysis.corpus.root.name}",
                        ("id", "name", "kind", "lat, lon", "± m", "source", "mentions"), rows))


@app.command()
@reported
def geocode(name: str = typer.Argument(..., help="A place name, in any common spelling."),
            as_json: bool = JsonOpt,
            online: bool = typer.Option(False, "--online", help="Ask Nominatim (OpenStreetMap) when offline "
                                        "layers do not know the name; 1 request/s, cached on disk."),
            corpus: Path | None = CorpusOpt):
    """Resolve one name: best match with kind, point, precision, provenance, and the alternatives."""
    from evacmap.corpus.files import corpus_file
    from evacmap.gazetteer.geocoder import Geocoder

    overrides = corpus_file(corpus, "places.csv") if corpus else None
    geocoder = Geocoder(overrides=overrides, online=online)
    best, alternatives, reason = geocoder.resolve(name)
    record = None if best is None else geocoder.place_json(best)

    def score(place) -> float:  # the importance behind the choice: log10 population + bonuses - spelling cost
        return geocoder.gazetteer.score(place, name)

    def scored(place) -> dict:
        return {**geocoder.place_json(place), "score": score(place)}

    if as_json:
        if record is None:  # unknown: []; ambiguous: why, with the candidates a person can choose from
            emit_json([{"id": None, "name": name, "lat": None, "lon": None, "reason": reason,
                        "candidates": [scored(a) for a in alternatives[:10]]}] if alternatives else [])
            raise typer.Exit(1)
        emit_json([{**scored(best), "reason": reason, "alternatives": [scored(a) for a in alternatives[:10]]}])
        return
    if best is None:
        say(stderr, f"evacmap: {name!r} not resolved: {reason}")
        for alt in alternatives[:10]:
            say(stderr, f"  candidate: {alt.name} [{alt.kind}, {alt.country or '?'}] {alt.lat}, {alt.lon} ({alt.id})"
                        f" score {score(alt):.2f}")
        raise typer.Exit(1)
    say(stdout, f"{best.name} [{best.kind}] {best.lat:.5f}, {best.lon:.5f} ± {best.precision_m} m")
    say(stdout, f"  source: {best.source} — {best.citation}")
    say(stdout, f"  why: {reason}; score {score(best):.2f} (log10 population + country/capital/focus bonuses)")
    for alt in alternatives[:10]:
        where = f"{alt.lat:.4f}, {alt.lon:.4f}" if alt.resolved else "no point"
        say(stdout, f"  also: {alt.name} [{alt.kind}, {alt.country or '?'}] {where} ({alt.source}) score {score(alt):.2f}")


@gazetteer_app.command("import")
@reported
def gazetteer_import(dump: Path = DumpArg, name: str | None = LayerOpt):
    """Add a standard GeoNames dump to your imported layer (kept under $EVACMAP_HOME/imported)."""
    from evacmap.gazetteer.imports import import_geonames

    path, count = import_geonames(dump, name)
    say(stderr, f"imported {count:,} places from {dump.name} into {path}")


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
    rows = []
    for c in records:
        qs = "; ".join(f"{q['qualifier'] + ' ' if q['qualifier'] else ''}"
                       f"{amount(q['value'], q['low'], q['high'])} "
                       f"{'+'.join(q['counts']) if isinstance(q['counts'], list) else q['counts'] or ''}"
                       f"{' (' + q['scope'].replace('_', ' ') + ')' if q.get('scope') else ''}" for q in c["quantities"])
        mood = "" if c["modality"] == "reported" else c["modality"]
        where = ", ".join(c["places"]) + (" (place inferred)" if c["place_inferred"] else "")
        rows.append((c["id"], c["outlet"], c["date"] or "", c["event"] or "", mood, c["speaker"] or "", qs, where))
    stdout.print(_table("Claims", ("id", "outlet", "date", "event", "modality", "speaker", "quantities", "places"), rows))


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
        say(stdout, f"{g['event']} · {g['counts']} · {g['date']} — {flag}", style="bold")
        if g.get("note"):
            say(stdout, f"   ({g['note']})")
        for v in g["values"]:
            scope = f", {v['scope'].replace('_', ' ')}" if v.get("scope") else ""
            say(stdout, f"   {v['outlet']}: {v['qualifier'] or ''} {amount(v['value'], v['low'], v['high'])}"
                         f"  ({v['speaker'] or 'no speaker'}{scope})")


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
        length = (f"{r['length_km']:.0f} km" if r.get("length_km") is not None
                  else "not drawn: no destination stated" if all(leg["to"] is None for leg in r["legs"])
                  else "not drawn: a whole country or region, or a place without coordinates, leaves no two points to join")
        say(stdout, f"{r['label']} ({length})", style="bold")
        for leg in r["legs"]:
            outlets = ", ".join(sorted({s["outlet"] for s in leg["sources"]}))
            say(stdout, f"   {leg['from']} → {leg['to']} [{leg['status']}] {leg['who']} — {outlets}")


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
        say(stdout, f"{p['label']} ({p['controller']}, {p['valid_from']}–{p['valid_to'] or ''})", style="bold")
        say(stdout, f"   places: {', '.join(p.get('places', [])) or '—'}")
        for m in p.get("mismatches", []):
            say(stdout, f"   mismatch: {m}")


# --- build ------------------------------------------------------------------------------------------------

SchedulerOpt = typer.Option(None, "--scheduler", envvar="EVACMAP_SCHEDULER", show_envvar=True,
                            help="Analyse the articles on this dask.distributed scheduler (tcp://HOST:PORT) "
                            "instead of the local cores; the workers need evacmap at the same version.")


@app.command()
@reported
def build(corpus: Path | None = CorpusArg, *,
          out: Path = OutOpt, online_tiles: bool = OnlineTilesOpt, no_cache: bool = NoCacheOpt,
          scheduler: str | None = SchedulerOpt, base_url: str | None = BaseUrlOpt):
    """Build every map page, embed, and open-data export for the corpus."""
    from evacmap.maps.build import run_build

    summary = run_build(corpus, out, online_tiles=online_tiles, use_cache=not no_cache, console=stderr,
                        scheduler=scheduler, base_url=base_url)
    say(stderr, summary)


def main() -> None:  # pragma: no cover - console entry point
    app()
