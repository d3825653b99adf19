"""Kill `evacmap build` with SIGKILL at random instants and at every injected point between writes; check that
`--out` is always the old site or the new one, and that the next build is clean with no leftovers.

    python benchmarks/kills.py [--kills 100] [--seed 14]

Two versions of the sample corpus (A and B, differing in title) are built once to learn their sites' digests,
and a warm rebuild (B over A) is timed. Then each round starts a build of the other version over the current
site, kills it after a random delay in [0, 1.1 x the latest build time], and checks `--out`, until `--kills`
kills have landed before the build ended (a kill after it counts as a try, not a kill). Then one round per
injected point (EVACMAP_KILL_AT, see maps/publish.py): after the lock, after the temporary folder is made,
after EACH file of the site is written, before and after the swap. Every 10th random round and after each
injected one, a build runs to the end and must leave the expected site and no `.site.tmp-*` / `.site.old-*`
/ cache temporaries. Prints the counts; the target is 0 bad states. Set EVACMAP_CACHE to a cache holding a
built world index to reuse it (it is linked, never written).
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
STEPS = ["locked", "tmp-created", "before-swap", "after-swap"]  # publish.py's checkpoints around the writes


def injected_points(site: Path) -> list[str]:
    """Every checkpoint a build passes: the publish steps, and one after each file it writes (write:<path>)."""
    return STEPS[:2] + [f"write:{p.relative_to(site)}" for p in sorted(site.rglob("*"))
                        if p.is_file() and p.name != ".evacmap-site"] + STEPS[2:]


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
    """Start a build; its stderr goes to a file (a pipe would hang the harness if a leaked child held it)."""
    extra = {"EVACMAP_KILL_AT": kill_at} if kill_at else {}
    log = open(out.parent / "stderr.log", "w+", encoding="utf-8")
    proc = subprocess.Popen([EVACMAP, "build", str(corpus), "--out", str(out)], env={**env, **extra},
                            stdout=subprocess.DEVNULL, stderr=log, text=True)
    proc.log = log  # type: ignore[attr-defined]
    return proc


def finish(proc: subprocess.Popen) -> tuple[int, str]:
    proc.wait(timeout=900)
    log = proc.log  # type: ignore[attr-defined]
    log.seek(0)
    err = log.read()
    log.close()
    return proc.returncode, err


def stragglers(work: Path, grace: float = 3.0) -> list[int]:
    """Processes still running a build of this campaign (a killed build's pool workers) after `grace`
    seconds; they are killed so that they cannot skew the next round."""
    deadline = time.monotonic() + grace
    while True:
        found = []
        for entry in Path("/proc").iterdir():
            try:
                if entry.name.isdigit() and str(work).encode() in (entry / "cmdline").read_bytes() \
                        and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                    found.append(int(entry.name))
            except (OSError, IndexError):
                continue
        if not found or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    for pid in found:
        os.kill(pid, signal.SIGKILL)
    return found


def prepare(work: Path, env: dict) -> tuple[dict[str, Path], dict[str, str | None], Path, float]:
    """Versions A and B of the sample, their sites' digests, `--out` holding site A, and a timed rebuild."""
    from evacmap.corpus.articles import sample_path

    corpora = {}
    for name in ("A", "B"):
        corpora[name] = Path(shutil.copytree(sample_path(), work / name))
        config = corpora[name] / "evacmap.toml"
        config.write_text(config.read_text().replace("title = ", f'title = "Version {name}" #', 1))
    sites = {}
    for name, corpus in corpora.items():
        code, err = finish(build(corpus, work / f"site-{name}", env))
        assert code == 0, err
        sites[name] = digest(work / f"site-{name}")
    out = work / "site"
    shutil.copytree(work / "site-A", out)
    started = time.perf_counter()  # a round's build: the other version over the current site, cache warm
    code, err = finish(build(corpora["B"], out, env))
    assert code == 0 and digest(out) == sites["B"], err
    build_time = time.perf_counter() - started
    return corpora, sites, out, build_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="evacmap-kills-"))
    cache = work / "cache"
    env = {k: v for k, v in os.environ.items() if k != "EVACMAP_KILL_AT"}
    env.update(EVACMAP_CACHE=str(cache), EVACMAP_HOME=str(work / "home"))
    shared = Path(os.environ.get("EVACMAP_CACHE", ""))
    cache.mkdir()
    for f in shared.glob("world-index-*") if os.environ.get("EVACMAP_CACHE") else []:
        os.symlink(f, cache / f.name)  # reuse a built world index (a folder): rounds take seconds, not a minute
    corpora, sites, out, build_time = prepare(work, env)
    current, bad, killed_mid, clean_builds, dirty, not_reached, orphans = "B", 0, 0, 0, 0, [], 0
    rng = random.Random(args.seed)
    points = injected_points(work / "site-A")

    def plan():
        """Random kills until `--kills` of them landed before the build ended (at most 3x as many tries), the
        delay drawn from the latest measured build time (a shared machine's load changes it); then one round
        per injected point."""
        tries = 0
        while killed_mid < args.kills and tries < 3 * args.kills:
            tries += 1
            yield None, rng.uniform(0.0, build_time * 1.1)
        for point in points:
            yield point, None

    total = f"{args.kills}+ random, {len(points)} injected"
    for n, (point, delay) in enumerate(plan(), 1):
        target = "B" if current == "A" else "A"
        proc = build(corpora[target], out, env, kill_at=point)
        if point is None:
            try:
                proc.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                killed_mid += 1
        code, _ = finish(proc)
        if left_running := stragglers(work):
            orphans += len(left_running)
            print(f"round {n}: {len(left_running)} processes outlived the killed build", file=sys.stderr)
        if point is not None and code != -signal.SIGKILL:
            not_reached.append(point)
        state = digest(out)
        if state not in (sites["A"], sites["B"]):
            bad += 1
            print(f"round {n} ({point or f'{delay:.1f} s'}): --out is neither site (exit {code})", file=sys.stderr)
        current = "A" if state == sites["A"] else "B"
        if point is not None or n % 10 == 0:
            target = "B" if current == "A" else "A"
            began = time.perf_counter()
            code, err = finish(build(corpora[target], out, env))
            build_time = time.perf_counter() - began if code == 0 else build_time
            left = leftovers(out, cache)
            if code != 0 or digest(out) != sites[target] or left:
                dirty += 1
                print(f"round {n}: next build exit {code}, leftovers {left} {err[-200:]}", file=sys.stderr)
            clean_builds += 1
            current = target
        print(f"  round {n} of {total} ({point or f'kill at {delay:.1f} s'}, exit {code}): --out is "
              f"{current if state in sites.values() else 'NEITHER'}; so far {bad} bad, {dirty} not clean, "
              f"{orphans} outlived", file=sys.stderr, flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print(f"random kills that landed mid-build: {killed_mid} (of {n - len(points)} tries; last build took "
          f"{build_time:.1f} s)")
    print(f"injected kill points: {len(points)}, reached and killed: {len(points) - len(not_reached)}"
          + (f" (not reached: {', '.join(not_reached)})" if not_reached else ""))
    print(f"--out neither the old nor the new site: {bad}")
    print(f"processes that outlived a killed build (pool workers): {orphans}")
    print(f"completed builds checked after kills: {clean_builds}, not clean (failed, wrong site or leftovers): {dirty}")


if __name__ == "__main__":
    main()
