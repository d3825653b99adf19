"""Time the place finder (`Gazetteer.find`: finding names in text and resolving them), now and at an earlier
commit, in the same run.

    python benchmarks/finder.py [--base REV] [--runs 3] [--tr-news PATH] [--sizes 1,5]

Each run is a fresh process per code version, run alternately (base, then this tree), so both see the same
load on a shared machine. A process loads the gazetteer and finds the places of a one-sentence warm-up text
(loading is not timed), then times, in CPU seconds of the process (time.process_time):

- `tr-news`: every article of a TR-News-format file (PATH; the project ships none), one `find` each with the
  test set's convention, as benchmarks/geoparse_eval.py times it (the world layer's first lookups included);
- `long N MB`: one `find` of the generated single-paragraph article of benchmarks/long_article.py at N MB
  (its "mentions" stage without the Mention objects), after a 20 KB article of the same kind.

It prints, per input, the median MB per CPU second of each version and their ratio. `--base REV` takes the
gazetteer package of that commit (`git archive`), put on PYTHONPATH under the `evacmap` namespace; without
it only this tree is timed. The mentions found are compared too: a line says whether both versions found
the same (start, end, place id, score, reason) for every input.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _digest(matches) -> str:
    h = hashlib.sha256()
    for m in matches:
        h.update(repr((m.start, m.end, m.place.id if m.place else None, m.score, m.reason,
                       tuple(c.id for c in m.candidates), sorted(m.fields.items()))).encode())
    return h.hexdigest()[:16]


def worker(tr_news: str | None, sizes: list[float]) -> dict:
    """Run in a fresh process: the timings of this process's evacmap (see the module docstring)."""
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # benchmarks/gazetteer.py
    from evacmap.gazetteer import Gazetteer

    out: dict[str, dict] = {}
    if tr_news:
        from evacmap.gazetteer.evaluation import CONVENTIONS, load_articles

        texts = [a.text for a in load_articles(Path(tr_news), "tr-news")]
        gazetteer = Gazetteer.load(imported=False)
        gazetteer.find("Warm-up: buses left Aleppo for Idlib, in Syria.")
        began = time.process_time()
        found = [gazetteer.find(text, **CONVENTIONS["tr-news"]) for text in texts]
        seconds = time.process_time() - began
        out["tr-news"] = {"mb": sum(len(t.encode()) for t in texts) / 1e6, "s": seconds,
                          "digest": _digest(m for ms in found for m in ms)}
    if sizes:
        sys.path.insert(0, str(HERE))
        from long_article import generate
        from scale import _places

        places = _places("PH")
        gazetteer = Gazetteer.load(focus="PH")
        gazetteer.find(generate(20_000, places, seed=1))
        for mb in sizes:
            text = generate(int(mb * 1_000_000), places)
            began = time.process_time()
            found = gazetteer.find(text)
            seconds = time.process_time() - began
            out[f"long {mb:g} MB"] = {"mb": len(text.encode()) / 1e6, "s": seconds, "digest": _digest(found)}
    return out


def _base_tree(rev: str, folder: Path) -> Path:
    """The gazetteer package of commit `rev` as an importable `evacmap` namespace under `folder`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src/evacmap", "gazetteer"],
                             check=True, capture_output=True).stdout
    tar_path = folder / "base.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(folder / "tree", filter="data")
    package = folder / "path" / "evacmap"
    package.parent.mkdir()
    (folder / "tree" / "src" / "evacmap").rename(package)
    (folder / "tree" / "gazetteer").rename(package / "gazetteer")
    return folder / "path"


def _run(path: Path | None, tr_news: str | None, sizes: str) -> dict:
    env = dict(os.environ)
    if path is not None:  # put before the editable install's finder, which Python asks last
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--sizes", sizes]
    if tr_news:
        command += ["--tr-news", tr_news]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="the commit to compare with (its gazetteer package)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tr-news", help="a test-set file in the TR-News XML format")
    parser.add_argument("--sizes", default="1,5", help="long-article sizes in MB, comma-separated ('' for none)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = [float(x) for x in args.sizes.split(",") if x.strip()]
    if args.worker:
        print(json.dumps(worker(args.tr_news, sizes)))
        return 0
    versions: dict[str, list[dict]] = {"this tree": []}
    with tempfile.TemporaryDirectory(prefix="evacmap-finder-") as tmp:
        base_path = _base_tree(args.base, Path(tmp)) if args.base else None
        if base_path is not None:
            versions = {f"base {args.base}": [], "this tree": []}
        for _ in range(args.runs):
            if base_path is not None:
                versions[f"base {args.base}"].append(_run(base_path, args.tr_news, args.sizes))
            versions["this tree"].append(_run(None, args.tr_news, args.sizes))
    names = list(versions)
    inputs = list(versions["this tree"][0])
    print(f"place finder, MB of text per CPU second (median of {args.runs} runs, each a fresh process)")
    print(f"{'input':<14}" + "".join(f"{n:>24}" for n in names) + (f"{'ratio':>8}" if len(names) == 2 else ""))
    for key in inputs:
        rates = [statistics.median(run[key]["mb"] / run[key]["s"] for run in versions[n]) for n in names]
        cells = "".join(f"{r:>18.2f} MB/s" for r in rates)
        ratio = f"{rates[1] / rates[0]:>7.2f}x" if len(names) == 2 else ""
        print(f"{key:<14}{cells}{ratio}")
    if len(names) == 2:
        same = all(a[key]["digest"] == b[key]["digest"]
                   for a, b in zip(*versions.values(), strict=True) for key in inputs)
        print("same mentions in both versions:", "yes" if same else "NO")
    return 0


if __name__ == "__main__":
    sys.exit(main())
