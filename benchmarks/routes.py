"""Route assembly benchmark: `evacmap routes --json` on generated corpora (see scale.py for how they are
written), CPU seconds (user + system of the child process), median of N runs each.

    python benchmarks/routes.py [--sizes 100,300] [--runs 3] [--country PH]
"""
from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from scale import generate


def _cpu(corpus: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([str(Path(sys.executable).parent / "evacmap"), "routes", str(corpus), "--json"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300", help="comma-separated corpus sizes")
    parser.add_argument("--runs", type=int, default=3, help="runs per size; medians are printed")
    parser.add_argument("--country", default="PH", help="ISO code of the country whose cities the corpus names")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="evacmap-routes-"))
    try:
        for size in (int(s) for s in args.sizes.split(",")):
            corpus = tmp / f"gen{size}"
            generate(corpus, size, args.country)
            runs = [_cpu(corpus) for _ in range(args.runs)]
            print(f"routes {size:>6} articles: median {statistics.median(runs):.2f} CPU s over {args.runs} runs")
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
