"""Time each stage of the per-article pipeline on one long single-paragraph article, at growing sizes.

    python benchmarks/long_article.py [--sizes 0.5,1,2,5] [--country PH] [--style news|run-on] [--repeat 3]

The article is generated here from ordinary news sentences (the patterns of benchmarks/scale.py, plus
movement and control statements), filled with the GeoNames cities of one country, and joined with single
spaces into ONE paragraph with no line break. `run-on` drops every full stop, so the splitter sees one
endless sentence. For each size (MB) the stages run in this process: reading the file (`read_article`),
sentence splitting, mention finding, claims, movement legs, control statements. Each line gives seconds per
stage as CPU time of this process (what a shared machine's load does not inflate), then their total, the
wall time, and the growth of the total against the previous size (about the size ratio when linear, its
square when quadratic); with `--repeat N` each figure is the median of N runs of the same article. The
last line gives the slowest total and the splitter's speed at the largest size. A 20 KB article runs first,
untimed, to pay the one-time costs (the world index's id table, regex compilation). The issues' bounds: 5 MB
processed in under 10 s, sentences split at 5 MB/s or more.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scale import COUNTED, EXTRA, PARAGRAPHS, QUALIFIERS, SPEAKERS, VEHICLES, _places

__all__ = ["generate", "main", "stages"]

MOVES = ("Buses carrying {q} {n} {counted} left {a} for {b} on {day}, {name} said.",
         "The convoy travelled from {a} to {b} through {c}, according to {name}, {role}.",
         "Families fled {a} toward {c}, and {q} {n} {counted} reached {b} by {day} night.")
CONTROL = ("Government forces took control of {a} on {day}, {name} said.",
           "Rebel fighters still hold parts of {b}, according to {name}, {role}.",
           "Troops withdrew from {c} after the ceasefire, and police remained in control of {a}.")


def generate(size: int, places: list[str], *, run_on: bool = False, seed: int = 5) -> str:
    """About `size` characters of news sentences about `places`, as one paragraph (no newline)."""
    rng = random.Random(seed)
    patterns = PARAGRAPHS + MOVES + CONTROL
    parts: list[str] = []
    total = 0
    while total < size:
        a, b, c = rng.sample(places, 3)
        name, role = rng.choice(SPEAKERS)
        text = rng.choice(patterns).format(
            q=rng.choice(QUALIFIERS), n=f"{rng.choice((rng.randint(12, 950), rng.randint(1, 60) * 100)):,}",
            counted=rng.choice(COUNTED), a=a, b=b, c=c, day="Thursday", name=name, role=role,
            outlet="Radio Meridian", v=rng.randint(3, 40), vehicle=rng.choice(VEHICLES), s=rng.randint(2, 30))
        text = " ".join(text.split())
        text = text[0].upper() + text[1:] + (" " + rng.choice(EXTRA) if rng.random() < 0.3 else "")
        if run_on:
            text = text.replace(".", "").replace("\"", "")
        parts.append(text)
        total += len(text) + 1
    return " ".join(parts)


def stages(path: Path, root: Path, gazetteer, focus: str) -> dict[str, float]:
    """Seconds of each per-article stage (the order of maps/pipeline.analyse_article)."""
    from evacmap.corpus.articles import read_article
    from evacmap.corpus.claims import extract_claims
    from evacmap.corpus.config import load_config
    from evacmap.corpus.control_text import control_claims
    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.movements import extract_legs
    from evacmap.corpus.sentences import split_sentences

    times: dict[str, float] = {}

    def timed(name, fn, *args, **kw):
        began = time.process_time()
        result = fn(*args, **kw)
        times[name] = time.process_time() - began
        return result

    wall = time.perf_counter()

    article = timed("read", read_article, path, root, load_config(root))
    sentences = timed("sentences", split_sentences, article.text)
    mentions = timed("mentions", find_mentions, article, gazetteer, focus=focus)
    timed("claims", extract_claims, article, sentences, mentions)
    timed("legs", extract_legs, article, sentences, mentions, gazetteer, None)
    timed("control", control_claims, article, sentences, mentions, gazetteer, None)
    times["total"] = sum(times.values())
    times["wall"] = time.perf_counter() - wall
    times["_sentences"], times["_mentions"] = len(sentences), len(mentions)
    return times


def _warm_up(root: Path, places: list[str]) -> Path:
    path = root / "articles" / "warm.txt"
    path.write_text(generate(20_000, places, seed=1), encoding="utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="0.5,1,2,5", help="sizes in MB (10^6 characters), comma-separated")
    parser.add_argument("--country", default="PH", help="the country whose GeoNames cities fill the text")
    parser.add_argument("--style", choices=("news", "run-on"), default="news")
    parser.add_argument("--repeat", type=int, default=1, help="runs per size; each figure is their median")
    args = parser.parse_args()
    from evacmap.corpus.articles import MAX_ARTICLE_BYTES
    from evacmap.gazetteer import Gazetteer

    places = _places(args.country)
    gazetteer = Gazetteer.load(focus=args.country)
    root = Path(tempfile.mkdtemp(prefix="evacmap-long-"))
    (root / "articles").mkdir()
    names = ["read", "sentences", "mentions", "claims", "legs", "control", "total", "wall"]
    print(f"{'MB':>5} " + " ".join(f"{n:>9}" for n in names) + f" {'sentences':>9} {'mentions':>9} {'growth':>7}")
    previous: tuple[float, float] | None = None
    worst = 0.0
    split_rate = ""
    stages(_warm_up(root, places), root, gazetteer, args.country)  # one-time costs: lazy indexes, regexes
    gazetteer.get("gn:0")  # the world index's id table, which the warm-up article may not ask for
    for mb in (float(x) for x in args.sizes.split(",")):
        text = generate(int(mb * 1_000_000), places, run_on=args.style == "run-on")
        path = root / "articles" / "long.txt"
        raw = text.encode("utf-8")[: MAX_ARTICLE_BYTES]
        path.write_bytes(raw)
        runs = [stages(path, root, gazetteer, args.country) for _ in range(max(1, args.repeat))]
        times = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        growth = ""
        if previous:
            growth = f"{times['total'] / previous[1]:.1f}x/{mb / previous[0]:.1f}x"
        previous = (mb, times["total"])
        worst = max(worst, times["total"])
        split_rate = f"{len(raw) / 1e6 / max(times['sentences'], 1e-9):.1f} MB/s at {mb} MB"
        print(f"{mb:>5} " + " ".join(f"{times[n]:>9.2f}" for n in names)
              + f" {int(times['_sentences']):>9} {int(times['_mentions']):>9} {growth:>7}", flush=True)
        path.unlink()
    (root / "articles" / "warm.txt").unlink()
    os.rmdir(root / "articles")
    os.rmdir(root)
    print(f"slowest total: {worst:.1f} s (bound: 10 s at 5 MB); sentence splitting: {split_rate} (bound: 5 MB/s)")


if __name__ == "__main__":
    main()
