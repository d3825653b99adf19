"""Where the test suite's time goes: the README's test command (pytest -n 2) with every test's setup, call and
teardown timed (--durations=0), summed per test module.

    python benchmarks/suite.py [--runs N] [--workers 2] [--cold] [--top 30] [PYTEST ARGS ...]

Prints the medians over N runs of the suite's wall seconds and CPU seconds (user + system of pytest, its xdist
workers and what they ran: Chromium, the builds' processes), the test counts, and each module's seconds in
setup, call and teardown (the seconds of both workers added up: with two workers, the wall time is at best half
the sum). A module's setup seconds are its fixtures: a site built once per run is counted in the module that
asked first, and a worker waiting on a lock for a site or the world index another worker is building counts
the wait there too. `--cold` removes the world index kept in .pytest_cache first, as a fresh clone's run
builds it. On a shared machine the wall seconds follow the load; compare CPU seconds of runs made side by side.
"""
from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"\s*([\d.]+)s (setup|call|teardown)\s+([^:\s]+)::")
SUMMARY = re.compile(r"^(?:=+ )?(\d+ passed.*?) in [\d.]+s")


def one_run(workers: int, extra: list[str]) -> tuple[float, float, str, dict[str, dict[str, float]]]:
    """Wall seconds, CPU seconds, pytest's summary line and the seconds per module and phase of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", str(workers), "--durations=0", *extra],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    modules: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    summary = ""
    for line in proc.stdout.splitlines():
        if m := LINE.match(line):
            modules[m.group(3)][m.group(2)] += float(m.group(1))
        elif m := SUMMARY.match(line):
            summary = m.group(1)
    if proc.returncode not in (0, 1) or not summary:
        sys.exit(f"pytest exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return wall, cpu, summary, modules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cold", action="store_true", help="build the world index afresh in each run")
    parser.add_argument("--top", type=int, default=30, help="how many modules to list")
    args, extra = parser.parse_known_args()
    walls, cpus, summaries = [], [], []
    per_run: list[dict[str, dict[str, float]]] = []
    for _ in range(args.runs):
        if args.cold:
            shutil.rmtree(ROOT / ".pytest_cache" / "d" / "evacmap-world-index", ignore_errors=True)
        wall, cpu, summary, modules = one_run(args.workers, extra or ["tests"])
        walls.append(wall)
        cpus.append(cpu)
        summaries.append(summary)
        per_run.append(modules)
    names = {name for modules in per_run for name in modules}

    def median(name: str, phase: str | None = None) -> float:
        return statistics.median(sum(m.get(name, {}).values()) if phase is None else m.get(name, {}).get(phase, 0.0)
                                 for m in per_run)

    print(f"pytest -n {args.workers}; {args.runs} run(s), medians; {'cold' if args.cold else 'kept'} world index")
    print(f"wall {statistics.median(walls):.1f} s, CPU {statistics.median(cpus):.1f} s; {' | '.join(sorted(set(summaries)))}")
    total = statistics.median(sum(sum(p.values()) for p in m.values()) for m in per_run)
    print(f"test seconds, both workers: {total:.1f}")
    print(f"{'module':44} {'total':>7} {'setup':>7} {'call':>7} {'tdown':>6}")
    for name in sorted(names, key=lambda n: -median(n))[:args.top]:
        print(f"{name:44} {median(name):7.1f} {median(name, 'setup'):7.1f} {median(name, 'call'):7.1f} "
              f"{median(name, 'teardown'):6.1f}")


if __name__ == "__main__":
    main()
