"""Kill `evacmap build` with SIGKILL at random instants and at every injected point between writes; check that
`--out` is always the old site or the new one, and that the next build is clean with no leftovers.

    python benchmarks/kills.py [--kills 100] [--seed 14]

Two versions of the sample corpus (A and B, differing in title) are built once to learn their sites' digests.
Then each round starts a build of the other version over the current site, kills it after a random delay
drawn from the measured build time, and checks `--out`; every 10th round, and after each injected point
(EVACMAP_KILL_AT, see maps/publish.py), a build runs to the end and must leave the expected site and no
`.site.tmp-*` / `.site.old-*` / cache temporaries. Prints the counts; the target is 0 bad states.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["main"]

EVACMAP = str(Path(sys.executable).with_name("evacmap"))
POINTS = ["locked", "tmp-created", "write:overview.html", "write:data/claims.json", "write:index.html",
          "before-swap", "after-swap"]


def digest(folder: Path) -> str | None:
    if not folder.is_dir():
        return None
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def leftovers(out: Path, cache: Path) -> list[str]:
    beside = [p.name for p in out.parent.iterdir() if p.name.startswith((f".{out.name}.tmp-", f".{out.name}.old-"))]
    temporaries = [str(p) for p in cache.rglob(".*.tmp")]
    return beside + temporaries


def build(corpus: Path, out: Path, env: dict, kill_at: str | None = None) -> subprocess.Popen:
    extra = {"EVACMAP_KILL_AT": kill_at} if kill_at else {}
    return subprocess.Popen([EVACMAP, "build", str(corpus), "--out", str(out)], env={**env, **extra},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen) -> tuple[int, str]:
    _, err = proc.communicate(timeout=900)
    return proc.returncode, err


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    from evacmap.corpus.articles import sample_path

    work = Path(tempfile.mkdtemp(prefix="evacmap-kills-"))
    cache = work / "cache"
    env = {k: v for k, v in os.environ.items() if k != "EVACMAP_KILL_AT"}
    env.update(EVACMAP_CACHE=str(cache), EVACMAP_HOME=str(work / "home"))
    shared = Path(os.environ.get("EVACMAP_CACHE", ""))
    cache.mkdir()
    for f in shared.glob("world-index-*.pickle") if os.environ.get("EVACMAP_CACHE") else []:
        os.symlink(f, cache / f.name)  # reuse a built world index: the rounds then take seconds, not a minute
    corpora = {}
    for name in ("A", "B"):
        corpora[name] = Path(shutil.copytree(sample_path(), work / name))
        config = corpora[name] / "evacmap.toml"
        config.write_text(config.read_text().replace("title = ", f'title = "Version {name}" #', 1))
    sites = {}
    started = time.perf_counter()
    for name, corpus in corpora.items():
        code, err = finish(build(corpus, work / f"site-{name}", env))
        assert code == 0, err
        sites[name] = digest(work / f"site-{name}")
    build_time = (time.perf_counter() - started) / 2
    out = work / "site"
    shutil.copytree(work / "site-A", out)
    current, bad, killed_mid, clean_builds, dirty = "A", 0, 0, 0, 0
    rng = random.Random(args.seed)
    plan = [(None, rng.uniform(0.0, build_time * 1.1)) for _ in range(args.kills)] + [(p, None) for p in POINTS]
    for n, (point, delay) in enumerate(plan, 1):
        target = "B" if current == "A" else "A"
        proc = build(corpora[target], out, env, kill_at=point)
        if point is None:
            try:
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                killed_mid += 1
        code, _ = finish(proc)
        state = digest(out)
        if state not in (sites["A"], sites["B"]):
            bad += 1
            print(f"round {n} ({point or f'{delay:.1f} s'}): --out is neither site (exit {code})", file=sys.stderr)
        current = "A" if state == sites["A"] else "B"
        if point is not None or n % 10 == 0:
            target = "B" if current == "A" else "A"
            code, err = finish(build(corpora[target], out, env))
            left = leftovers(out, cache)
            if code != 0 or digest(out) != sites[target] or left:
                dirty += 1
                print(f"round {n}: next build exit {code}, leftovers {left} {err[-200:]}", file=sys.stderr)
            clean_builds += 1
            current = target
    shutil.rmtree(work, ignore_errors=True)
    print(f"random kills: {args.kills} ({killed_mid} landed mid-build; build takes {build_time:.1f} s)")
    print(f"injected kill points: {len(POINTS)}")
    print(f"--out neither the old nor the new site: {bad}")
    print(f"completed builds checked after kills: {clean_builds}, not clean (failed, wrong site or leftovers): {dirty}")


if __name__ == "__main__":
    main()
