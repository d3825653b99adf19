"""Shared fixtures: one gazetteer per test session, and the real `evacmap` console script run in a subprocess.

The world layer's index takes ~25 s to build the first time and a fraction of a second to load from its
on-disk cache, so the session gets ONE private cache folder (EVACMAP_CACHE), ONE private data home
(EVACMAP_HOME) and ONE signing key (EVACMAP_KEYS), set in this process before anything loads the gazetteer
and passed to every CLI run. The world index is kept with its key in pytest's cache folder (.pytest_cache,
ignored by git): built by a checkout's first run, loaded by later ones until the code or data it is built
from change. Article caches are the run's own, and nothing is read from or written to the user's ~/.cache
or ~/.local/share. A test that needs its own data home (e.g. `gazetteer import`) passes `env=`.
Builds of a whole corpus that tests only read are made once per run (`built_site`).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import CliResult, invoke

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "corpus" / "samples" / "aleppo-2016"
SAMPLE_ARTICLES = SAMPLE / "articles"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
EVACMAP = Path(sys.executable).parent / "evacmap"  # the console script installed next to this interpreter
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def _shared_root(tmp_path_factory) -> Path:
    """The folder all xdist workers of this run share (their base temps' parent), else this run's base temp."""
    root = tmp_path_factory.getbasetemp()
    return root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root


def _kept_folder(request, root: Path) -> Path:
    """Where the world index and its signing key are kept between runs: pytest's cache folder (.pytest_cache
    in the checkout), else, with pytest's cache off (-p no:cacheprovider), this run's shared folder."""
    cache = getattr(request.config, "cache", None)
    return Path(cache.mkdir("evacmap-world-index")) if cache is not None else root / "evacmap-world-index"


def _link_world_index(kept: Path, cache: Path) -> None:
    """The world index of this code and data, loaded (or built, ~25 s, once per checkout) in `kept`, and linked
    into the run's cache; indexes of other versions are removed from `kept`."""
    from filelock import FileLock

    from evacmap.gazetteer.gazetteer import world_index
    from evacmap.gazetteer.sources import _world_folder

    with FileLock(str(kept / ".lock")), pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVACMAP_CACHE", str(kept))
        world_index()
        current = _world_folder()
        for old in kept.glob("world-index-*"):
            if old != current:
                shutil.rmtree(old, ignore_errors=True)
        link = cache / current.name
        if not link.exists():
            link.symlink_to(current, target_is_directory=True)


@pytest.fixture(scope="session")
def evacmap_env(tmp_path_factory, request) -> dict[str, str]:
    """EVACMAP_CACHE / EVACMAP_HOME for the whole session, also set in this process (for in-process loads)."""
    # One cache for the whole run, shared by the xdist workers (their base temps share a parent). The world
    # index in it is a link to the one kept between runs in pytest's cache folder: built by the first run of a
    # checkout (whichever worker takes the lock first), loaded from disk by the others and by later runs.
    root = _shared_root(tmp_path_factory)
    cache = root / "evacmap-cache"
    cache.mkdir(exist_ok=True)
    home = tmp_path_factory.mktemp("evacmap-home")
    kept = _kept_folder(request, root)
    kept.mkdir(exist_ok=True)
    keys = kept / "keys"  # the signing key of the kept world index: shared by the workers and the runs
    env = {"EVACMAP_CACHE": str(cache), "EVACMAP_HOME": str(home), "EVACMAP_KEYS": str(keys)}
    with pytest.MonkeyPatch.context() as mp:
        for key, value in env.items():
            mp.setenv(key, value)
        mp.delenv("EVACMAP_NOMINATIM_URL", raising=False)
        mp.delenv("EVACMAP_DEBUG", raising=False)
        from filelock import FileLock

        with FileLock(str(cache / ".world-index.lock")):
            _link_world_index(kept, cache)
        yield env


@pytest.fixture(scope="session")
def gazetteer(evacmap_env):
    """The full gazetteer (curated + world layers; the session's empty imported layer) focused on Syria."""
    from evacmap.gazetteer import Gazetteer

    return Gazetteer.load(focus="SY")


@pytest.fixture(scope="session")
def world(evacmap_env):
    """The gazetteer with no corpus focus, as a news story from anywhere would meet it."""
    from evacmap.gazetteer import Gazetteer

    return Gazetteer.load()


@pytest.fixture(scope="session")
def run_script(evacmap_env):
    """run_script("places", "--json", env={...}, cwd=...) runs the installed `evacmap` console script in a
    subprocess: the end-to-end path (entry point, real stdout/stderr, exit status) for the few tests that need it."""
    assert EVACMAP.exists(), f"console script not installed at {EVACMAP} (pip install -e .)"

    def run(*args, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 300) -> CliResult:
        full_env = {k: v for k, v in os.environ.items() if k not in {"EVACMAP_NOMINATIM_URL", "EVACMAP_DEBUG"}}
        full_env.update(evacmap_env)
        full_env.update(env or {})
        proc = subprocess.run([str(EVACMAP), *map(str, args)], capture_output=True, text=True, env=full_env,
                              cwd=cwd, timeout=timeout, check=False)
        return CliResult(tuple(map(str, args)), proc.returncode, proc.stdout, proc.stderr)

    return run


@pytest.fixture(scope="session")
def run_cli(evacmap_env):
    """run_cli("places", "--json", env={...}, cwd=...) runs the CLI in this process with typer's CliRunner:
    the same commands and error handling as the console script, without a new interpreter per call."""
    def run(*args, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 300) -> CliResult:
        del timeout  # in-process: nothing to time out
        return invoke(*args, env={**evacmap_env, **(env or {})}, cwd=cwd)

    return run


@pytest.fixture(scope="session")
def sample_texts() -> dict[str, str]:
    """The five sample articles by file stem, read as the corpus loader reads them (UTF-8)."""
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(SAMPLE_ARTICLES.glob("*.txt"))}


SAMPLE_ZONES = Path(__file__).resolve().parents[1] / "corpus" / "samples" / "aleppo-2016" / "zones" / "control-2016-12-15.geojson"


@pytest.fixture(scope="session")
def gaz(gazetteer):
    """The session gazetteer under the short name the geo tests use."""
    return gazetteer


@pytest.fixture(scope="session")
def zones():
    """The sample's zones in force on 15 December 2016."""
    from evacmap.geo.zones import load_zones, zones_on

    return zones_on(load_zones([SAMPLE_ZONES]), "2016-12-15")


@pytest.fixture(scope="session")
def shared_folder(tmp_path_factory) -> Path:
    """A folder all xdist workers of this run share: for what one worker makes once (under a file lock) and
    the others read."""
    return _shared_root(tmp_path_factory)


@pytest.fixture(scope="session")
def built_site(evacmap_env, tmp_path_factory):
    """built_site(CORPUS, *OPTIONS) is the folder `evacmap build CORPUS --out FOLDER OPTIONS` wrote (CORPUS None:
    the sample), built once per test run: the first xdist worker to ask builds it (in-process, under a file
    lock), the others wait for it and read the same folder. Tests only read it; one that changes a site copies it.
    """
    from filelock import FileLock

    sites = _shared_root(tmp_path_factory) / "evacmap-sites"
    sites.mkdir(exist_ok=True)

    def build(corpus: Path | None = None, *options: str) -> Path:
        key = hashlib.sha256(repr((str(corpus), options)).encode()).hexdigest()[:16]
        folder = sites / key
        with FileLock(str(folder) + ".lock"):
            if not (folder / "built").exists():
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                result = invoke("build", *([corpus] if corpus else []), "--out", folder / "site", *options,
                                env=evacmap_env)
                assert result.returncode == 0, result
                (folder / "built").write_text(f"{corpus} {' '.join(options)}\n", encoding="utf-8")
        return folder / "site"

    return build


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set: browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """Debian's headless Chromium through Playwright, launched once per xdist worker for every browser test
    (each test opens its own context: no cookie, storage or page is shared between tests). Skipped when chromium
    or playwright is missing, except under CI, where that fails."""
    if not os.path.exists(CHROMIUM):
        _unavailable(f"{CHROMIUM} is missing: apt-get install -y chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed: pip install playwright")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
