"""Build benchmark: full build, no-change rebuild, one-article rebuild, page sizes and peak memory.

    python benchmarks/build.py [CORPUS] [--runs N]

Each figure is the median of N runs of the real `evacmap build` console script in a fresh process, so
interpreter start-up and imports are included, as a user would see them. The world index is built once
before timing (it is cached on disk across builds), then one untimed build writes the other world data kept in
the cache (the basemap's towns table) and the bytecode of evacmap's modules (PYTHONDONTWRITEBYTECODE is
dropped for the builds, as a user's Python writes it); "full build" starts from an empty article cache.
Peak memory is the largest resident set size (ru_maxrss) of any build process.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

EVACMAP = str(Path(sys.executable).with_name("evacmap"))


CPU: list[float] = []  # CPU seconds (user + system) of each timed build, in the order run


def timed(args: list[str], env: dict) -> float:
    """Wall seconds of one run; its CPU seconds are appended to CPU (a shared machine's load inflates the
    wall time far more than the CPU time, so both are printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([EVACMAP, *args], env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def timed_floor() -> float:
    """Wall seconds of `python -c "import geopandas, folium"` (issue 15's floor); CPU seconds to CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import geopandas, folium"], check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", help="corpus folder (default: the bundled sample)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from evacmap.corpus.articles import sample_path

    work = Path(tempfile.mkdtemp(prefix="evacmap-bench-"))
    corpus = work / "corpus"
    shutil.copytree(args.corpus or sample_path(), corpus)
    shared_cache = work / "shared-cache"
    env = {**os.environ, "EVACMAP_CACHE": str(shared_cache), "EVACMAP_HOME": str(work / "home")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    world = timed(["places", str(corpus), "--json"], env)  # builds the world index once
    world_cpu = CPU[-1]
    timed(["build", str(corpus), "--out", str(work / "warm-up")], env)  # the towns table, the bytecode

    full, rebuild, one = [], [], []
    full_cpu, rebuild_cpu, one_cpu = [], [], []
    article = sorted((corpus / "articles").iterdir())[0]
    original = article.read_text(encoding="utf-8")
    for n in range(args.runs):
        run_cache = work / f"cache-{n}"
        run_cache.mkdir()
        for pattern in ("world-index-*", "towns-*"):  # world data, not the articles' results
            for f in shared_cache.glob(pattern):
                os.symlink(f, run_cache / f.name)
        run_env = {**env, "EVACMAP_CACHE": str(run_cache)}
        out = work / f"site-{n}"
        full.append(timed(["build", str(corpus), "--out", str(out)], run_env))
        full_cpu.append(CPU[-1])
        rebuild.append(timed(["build", str(corpus), "--out", str(out)], run_env))
        rebuild_cpu.append(CPU[-1])
        article.write_text(original + f"\nRun {n}: 12 more buses left for Idlib.\n", encoding="utf-8")
        one.append(timed(["build", str(corpus), "--out", str(out)], run_env))
        one_cpu.append(CPU[-1])
        article.write_text(original, encoding="utf-8")
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024

    floor = [timed_floor() for _ in range(args.runs)]
    floor_cpu = CPU[-args.runs:]

    med = statistics.median
    print(f"corpus: {args.corpus or 'bundled sample'} ({len(list((corpus / 'articles').iterdir()))} articles); "
          f"{args.runs} runs, medians; wall seconds (CPU seconds, user + system)")
    print(f"{'floor, import geopandas, folium':40s} {med(floor):7.2f} s ({med(floor_cpu):.2f})")
    print(f"{'world index, first build (once)':40s} {world:7.2f} s ({world_cpu:.2f})")
    print(f"{'full build (empty article cache)':40s} {med(full):7.2f} s ({med(full_cpu):.2f})   "
          f"{med(full_cpu) / med(floor_cpu):.1f}x the floor's CPU")
    print(f"{'rebuild, nothing changed':40s} {med(rebuild):7.2f} s ({med(rebuild_cpu):.2f})   "
          f"ratio to full {med(rebuild) / med(full):.2f}")
    print(f"{'rebuild, one article changed':40s} {med(one):7.2f} s ({med(one_cpu):.2f})   "
          f"ratio to full {med(one) / med(full):.2f}")
    print(f"{'peak memory of a build (max RSS)':40s} {peak_mb:7.0f} MB")
    print("page sizes:")
    site = work / "site-0"
    for page in sorted(site.rglob("*.html")):
        print(f"  {page.relative_to(site)!s:40s} {page.stat().st_size / 1024:7.1f} KB")
    total = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    print(f"  {'whole site':40s} {total / 1024:7.1f} KB")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
