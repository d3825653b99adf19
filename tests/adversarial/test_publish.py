"""Killed, concurrent and starved builds: `--out` is always the old site or the new one, the next build
cleans up after a killed one, the lock stays a lock, and the fingerprint is of the bytes that were parsed."""
from __future__ import annotations

import hashlib
import os
import resource
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import invoke

from evacmap.maps.publish import MARKER, leftovers, output_lock, sweep

EVACMAP = Path(sys.executable).parent / "evacmap"
SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "samples" / "aleppo-2016"


def digest(folder: Path) -> str:
    """One hash of a site's files (names and bytes)."""
    h = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def script(*args, env: dict[str, str], **kw) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k != "EVACMAP_KILL_AT"} | env
    return subprocess.run([str(EVACMAP), *map(str, args)], env=full, capture_output=True, text=True,
                          check=False, timeout=600, **kw)


@pytest.fixture(scope="module")
def template(shared_folder, evacmap_env):
    """Built once per test run (by the first xdist worker to get here; the other reads it): an old site, a
    retitled corpus, the digest of the site it gives, and an article cache that holds its articles."""
    from filelock import FileLock

    from evacmap.gazetteer.gazetteer import world_index

    base = shared_folder / "publish-template"
    with FileLock(f"{base}.lock"):
        if not (base / "built").exists():
            shutil.rmtree(base, ignore_errors=True)
            base.mkdir()
            world_index()
            cache = base / "cache"
            cache.mkdir()
            for f in Path(evacmap_env["EVACMAP_CACHE"]).glob("world-index-*"):  # a folder of data files
                os.symlink(f, cache / f.name)
            env = {**evacmap_env, "EVACMAP_CACHE": str(cache)}
            corpus = Path(shutil.copytree(SAMPLE, base / "corpus"))
            # in this process: these two builds are the tests' set-up, not what they check
            assert invoke("build", corpus, "--out", base / "old", env=env).returncode == 0
            config = corpus / "evacmap.toml"
            config.write_text(config.read_text().replace("title = ", 'title = "Retitled" #', 1))
            assert invoke("build", corpus, "--out", base / "new", env=env).returncode == 0
            (base / "built").write_text(digest(base / "new"), encoding="utf-8")
    return base / "corpus", base / "old", (base / "built").read_text(encoding="utf-8"), base / "cache"


@pytest.fixture
def sites(template, tmp_path, evacmap_env):
    """A fresh copy of the old site at `out` and of the article cache; building the (retitled) corpus
    replaces the site with the new one."""
    corpus, old_site, new, cache = template
    out = tmp_path / "site"
    shutil.copytree(old_site, out)
    env = {**evacmap_env, "EVACMAP_CACHE": str(shutil.copytree(cache, tmp_path / "cache", symlinks=True))}
    return corpus, out, digest(out), new, env


@pytest.mark.parametrize("point", ["locked", "write:overview.html", "write:data/claims.json", "before-swap",
                                   "after-swap"])
def test_kill_at_each_point_leaves_old_or_new_site(sites, point):
    corpus, out, old, new, env = sites
    killed = script("build", corpus, "--out", out, env={**env, "EVACMAP_KILL_AT": point})
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert out.is_dir() and digest(out) in (old, new)
    again = invoke("build", corpus, "--out", out, env=env)  # the next build (in this process) cleans up
    assert again.returncode == 0, again.stderr
    assert digest(out) == new and leftovers(out) == []


def test_sweep_restores_a_site_renamed_away_by_a_kill(tmp_path):
    out = tmp_path / "site"
    stranded = tmp_path / ".site.old-4242"  # the two-rename fallback killed between its renames
    stranded.mkdir()
    (stranded / MARKER).write_text("fingerprint x\n")
    (tmp_path / ".site.tmp-abc").mkdir()
    done = sweep(out)
    assert (out / MARKER).is_file() and leftovers(out) == [] and len(done) == 2


def test_lock_stays_a_lock(run_cli, tmp_path):
    out = tmp_path / "site"
    lock = tmp_path / ".site.lock"
    with output_lock(out):
        result = run_cli("build", "--out", out)
        assert result.returncode == 1 and "another evacmap build" in result.stderr, result
    assert lock.exists()  # never unlinked: a third build would lock a fresh file while one held the old
    with output_lock(out), pytest.raises(Exception, match="another evacmap build"), output_lock(out):
        pass
    assert lock.exists()


def test_config_edited_during_a_build_is_not_reported_up_to_date(run_cli, corpus, tmp_path, monkeypatch):
    from evacmap.corpus import articles

    real = articles.load_config
    config = corpus / "evacmap.toml"

    def parse_then_edit(root):
        parsed = real(root)
        config.write_text(config.read_text().replace("title = ", 'title = "Edited meanwhile" #', 1))
        return parsed

    out = tmp_path / "site"
    monkeypatch.setattr(articles, "load_config", parse_then_edit)
    assert run_cli("build", corpus, "--out", out).returncode == 0
    monkeypatch.setattr(articles, "load_config", real)
    assert "Edited meanwhile" not in (out / "index.html").read_text()
    again = run_cli("build", corpus, "--out", out)
    assert "up to date" not in again.stderr, again
    assert "Edited meanwhile" in (out / "index.html").read_text()


def _small_files():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # then a write past the limit fails with EFBIG, like ENOSPC
    resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))


def test_disk_full_is_a_build_error_and_keeps_the_old_site(sites):
    corpus, out, old, _, env = sites
    full = script("build", corpus, "--out", out, env=env, preexec_fn=_small_files)
    assert full.returncode == 1, full.stderr
    assert full.stderr.startswith("evacmap: error:") and "cannot write the site" in full.stderr
    assert digest(out) == old and leftovers(out) == []


def _descendants(pid: int) -> set[int]:
    """The processes below `pid` (pool workers, a forkserver and its children), from /proc."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
    found, frontier = set(), [pid]
    while frontier:
        parent = frontier.pop()
        children = [p for p, pp in parents.items() if pp == parent and p not in found]
        found.update(children)
        frontier.extend(children)
    return found


def _alive(pids: set[int]) -> set[int]:
    return {p for p in pids if Path(f"/proc/{p}").exists() and "Z" not in _state(p)}


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_a_killed_build_leaves_no_workers_behind(corpus, private_cache):
    """kill -9 during the parallel analysis: the pool's workers end too (they used to wait for work forever,
    holding memory and the build's stderr, so a caller waiting for that pipe hung)."""
    import time

    env = {k: v for k, v in os.environ.items() if k != "EVACMAP_KILL_AT"} | private_cache | {"EVACMAP_WORKERS": "2"}
    build = subprocess.Popen([str(EVACMAP), "build", str(corpus), "--out", str(corpus.parent / "site")], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: set[int] = set()
    deadline = time.monotonic() + 300
    while build.poll() is None and time.monotonic() < deadline and len(workers) < 2:
        workers |= _descendants(build.pid)
        time.sleep(0.02)
    assert build.poll() is None and workers, "the build finished before its pool started"
    build.kill()
    build.wait(timeout=30)
    deadline = time.monotonic() + 20
    while _alive(workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = _alive(workers)
    for pid in left:  # do not leak them from the test itself
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} workers outlived the killed build"
    assert build.stderr is not None and build.stderr.read() is not None  # EOF: no worker holds the pipe
