"""`evacmap build`: determinism, incremental work, atomic output, the lock, and clear errors on bad input.

Most builds run in this process through typer's CliRunner (the same command and error handling as the
console script, without a new interpreter per call); the tests whose point is a separate process (byte
identity across processes, the lock held by another process) run the installed console script."""
from __future__ import annotations

import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import invoke

from evacmap.corpus.articles import sample_path

EVACMAP = str(Path(sys.executable).with_name("evacmap"))


def script(*args, env=None, check=True):
    """The installed console script in a subprocess (its own interpreter, real stdout/stderr)."""
    proc = subprocess.run([EVACMAP, *map(str, args)], check=False, capture_output=True, text=True, env=env, timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"evacmap {' '.join(map(str, args))} exited {proc.returncode}: {proc.stderr[-800:]}")
    return proc


def run(*args, env=None, check=True):
    """The CLI in this process (tests/clirun.py), with the EVACMAP_ variables of ``env``."""
    proc = invoke(*args, env={k: v for k, v in (env or {}).items() if k.startswith("EVACMAP_")})
    if check and proc.returncode != 0:
        raise AssertionError(f"evacmap {' '.join(map(str, args))} exited {proc.returncode}: {proc.stderr[-800:]}")
    return proc


@pytest.fixture
def env(tmp_path_factory, evacmap_env):
    """A private article cache per test (so 'processed' counts are this test's), the shared world index;
    one worker, so that an in-process build never forks the test runner (the pool has its own tests)."""
    from evacmap.gazetteer.cache import cache_dir
    from evacmap.gazetteer.gazetteer import world_index

    world_index()  # built once into the shared cache, then linked into each test's private cache
    e = dict(os.environ)
    shared = cache_dir()
    private = tmp_path_factory.mktemp("cache")
    for f in shared.glob("world-index-*"):
        os.symlink(f, private / f.name)
    e["EVACMAP_CACHE"] = str(private)
    e["EVACMAP_HOME"] = str(tmp_path_factory.mktemp("home"))
    e["EVACMAP_WORKERS"] = "1"
    return e


def counts(stderr: str) -> tuple[int, int]:
    m = re.search(r"\((\d+) processed, (\d+) from cache\)", stderr)
    assert m, stderr
    return int(m.group(1)), int(m.group(2))


def copy_sample(dest: Path) -> Path:
    shutil.copytree(sample_path(), dest)
    return dest


def tree_equal(a: Path, b: Path) -> list[str]:
    diffs = []
    cmp = filecmp.dircmp(a, b)
    stack = [cmp]
    while stack:
        c = stack.pop()
        diffs += [f"{c.left}/{n}" for n in c.left_only + c.right_only + c.diff_files + c.funny_files]
        stack.extend(c.subdirs.values())
    return diffs


def test_sample_build_writes_every_page_and_export(built_site):
    site = built_site()  # the sample's site as `evacmap build --out DIR` writes it, built once per test run
    for name in ("index.html", "overview.html", "aleppo-city.html", "fua-kafriya.html",
                 "embed/overview.html", "embed/overview.snippet.html",
                 "data/places.geojson", "data/routes.geojson", "data/zones.geojson",
                 "data/claims.json", "data/claims.csv", "data/compare.json", "data/compare.csv"):
        assert (site / name).is_file(), name
    places = json.loads((site / "data/places.geojson").read_text())
    assert places["type"] == "FeatureCollection" and "crs" not in places
    ids = {f["id"] for f in places["features"]}
    assert {"amiriyah", "ramouseh", "fuah", "kafriya", "idlib_city"} <= ids
    for f in places["features"]:
        lon, lat = f["geometry"]["coordinates"]
        assert -180 <= lon <= 180 and -90 <= lat <= 90
        assert f["properties"]["citation"]
    index = (site / "index.html").read_text()
    for page in ("overview.html", "aleppo-city.html", "fua-kafriya.html", "data/claims.csv"):
        assert page in index


def test_two_builds_are_byte_identical(tmp_path, env, built_site):
    a = built_site()  # built in the test process (through the CLI, once per test run)
    script("build", "--out", tmp_path / "b", "--no-cache", env=env)  # another process, nothing cached
    assert tree_equal(a, tmp_path / "b") == []


def test_a_build_opens_no_network_connection(tmp_path, env, monkeypatch):
    """Offline by construction: every socket the build (in this process, one worker) tries to open is
    recorded and refused; none may be opened, not even to a name server."""
    import socket

    tried: list[object] = []

    def refuse(self, address, *args):
        tried.append(address)
        raise OSError("network refused by the test")

    def no_lookup(host, *args, **kwargs):
        tried.append(host)
        raise OSError("name lookup refused by the test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", no_lookup)
    run("build", "--out", tmp_path / "site", env=env)
    assert (tmp_path / "site" / "overview.html").is_file() and tried == []


def test_changing_one_article_reprocesses_only_that_article(tmp_path, env):
    corpus = copy_sample(tmp_path / "corpus")
    run("build", corpus, "--out", tmp_path / "site", env=env)
    article = next((corpus / "articles").glob("003_*.txt"))
    article.write_text(article.read_text() + "\nLater, 12 more buses left for Idlib, the UN said.\n")
    again = run("build", corpus, "--out", tmp_path / "site", env=env)
    assert counts(again.stderr) == (1, 4)
    claims = json.loads((tmp_path / "site/data/claims.json").read_text())
    assert any(q["value"] == 12 for c in claims if c["article"].startswith("003") for q in c["quantities"])


def test_failed_build_leaves_previous_site_intact(tmp_path, env):
    corpus = copy_sample(tmp_path / "corpus")
    site = tmp_path / "site"
    run("build", corpus, "--out", site, env=env)
    before = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    (corpus / "zones" / "control-2016-12-15.geojson").write_text("{ not json")
    failed = run("build", corpus, "--out", site, env=env, check=False)
    assert failed.returncode != 0
    assert "Traceback" not in failed.stderr + failed.stdout
    assert len(failed.stderr.strip().splitlines()) == 1 and "control-2016-12-15.geojson" in failed.stderr
    after = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert after == before
    assert not list(tmp_path.glob(".site.tmp-*")), "temporary folder left behind"


def test_refuses_to_replace_a_folder_it_did_not_make(tmp_path, env):
    mine = tmp_path / "documents"
    mine.mkdir()
    (mine / "thesis.docx").write_text("precious")
    proc = run("build", "--out", mine, env=env, check=False)
    assert proc.returncode != 0 and "refusing" in proc.stderr
    assert (mine / "thesis.docx").read_text() == "precious"


def test_lock_stops_a_second_build_into_the_same_folder(tmp_path, env):
    from filelock import FileLock

    site = tmp_path / "site"
    with FileLock(str(tmp_path / ".site.lock")):
        proc = script("build", "--out", site, env=env, check=False)  # the lock is another process's
    assert proc.returncode != 0 and "another evacmap build" in proc.stderr
    assert not site.exists()


@pytest.mark.parametrize("setup, expected", [
    (lambda root: None, "no such corpus folder"),
    (lambda root: root.mkdir(), "no articles"),
    (lambda root: (root.mkdir(), (root / "a.txt").write_bytes("Aleppo caf\xe9".encode("latin-1"))), "not UTF-8"),
    (lambda root: (root.mkdir(), (root / "a.txt").write_text("Buses left Aleppo."),
                   (root / "evacmap.toml").write_text("title = [unclosed")), "evacmap.toml"),
    (lambda root: (root.mkdir(), (root / "a.txt").write_text("Buses left Aleppo."),
                   (root / "evacmap.toml").write_text('zones = ["../../etc/passwd"]')), "outside the corpus folder"),
    (lambda root: (root.mkdir(), (root / "a.txt").write_text("Buses left Aleppo."),
                   (root / "evacmap.toml").write_text('[[maps]]\nname = "../evil"\n')), "slug"),
    (lambda root: (root.mkdir(), (root / "a.txt").write_text("Buses left Aleppo for Idlib on Thursday."),
                   (root / "roads.geojson").write_text("not a road file"),
                   (root / "evacmap.toml").write_text('roads = "roads.geojson"\n')), "cannot read the road layer"),
])
def test_bad_input_is_one_clear_line(tmp_path, env, setup, expected):
    root = tmp_path / "corpus"
    setup(root)
    proc = run("build", root, "--out", tmp_path / "site", env=env, check=False)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], proc.stderr
    assert not (tmp_path / "site").exists()


def test_bare_folder_of_articles_builds_with_defaults(tmp_path, env):
    root = tmp_path / "bare"
    root.mkdir()
    (root / "one.txt").write_text("(CNN) About 500 people were evacuated from eastern Aleppo to Idlib on Thursday, "
                                  "the UN said.\n")
    run("build", root, "--out", tmp_path / "site", env=env)
    assert (tmp_path / "site/overview.html").is_file()
    claims = json.loads((tmp_path / "site/data/claims.json").read_text())
    assert claims and claims[0]["outlet"] == "CNN"


def test_html_article_is_read_as_text_with_metadata(tmp_path, env):
    root = tmp_path / "html"
    (root / "articles").mkdir(parents=True)
    (root / "articles" / "story.html").write_text(
        "<html><head><title>Buses leave Aleppo</title><meta property='og:site_name' content='Example News'>"
        "<script>var x = 'Damascus';</script></head><body><h1>Buses leave Aleppo</h1>"
        "<p>About 300 people left eastern Aleppo for Idlib on Thursday, the ICRC said.</p></body></html>")
    proc = run("claims", root, "--json", env=env)
    claims = json.loads(proc.stdout)
    assert claims[0]["outlet"] == "Example News"
    places = json.loads(run("places", root, "--json", env=env).stdout)
    ids = {p["id"] for p in places}
    assert "idlib_city" in ids and "damascus" not in ids  # script content is not article text


def test_up_to_date_site_is_left_alone_until_an_input_changes(tmp_path, env):
    """(Also what test_rebuild_with_nothing_changed_does_no_extraction checked: the first build extracts
    every article, a rebuild with nothing changed none.)"""
    corpus = copy_sample(tmp_path / "corpus")
    site = tmp_path / "site"
    first = run("build", corpus, "--out", site, env=env)
    assert counts(first.stderr) == (5, 0)
    stamps = {p: p.stat().st_mtime_ns for p in site.rglob("*") if p.is_file()}
    again = run("build", corpus, "--out", site, env=env)
    assert "up to date" in again.stderr and counts(again.stderr) == (0, 5)
    assert {p: p.stat().st_mtime_ns for p in site.rglob("*") if p.is_file()} == stamps
    config = corpus / "evacmap.toml"
    config.write_text(config.read_text().replace("The evacuation of eastern Aleppo", "Aleppo evacuation, retitled"))
    changed = run("build", corpus, "--out", site, env=env)
    assert "up to date" not in changed.stderr and counts(changed.stderr) == (0, 5)
    assert "Aleppo evacuation, retitled" in (site / "index.html").read_text()


def test_near_duplicates_are_reported_without_touching_json_stdout(tmp_path, env):
    root = tmp_path / "wire"
    (root / "articles").mkdir(parents=True)
    story = (sample_path() / "articles" / "002_42f7b2695aa7c251.txt").read_text()
    (root / "articles" / "globe.txt").write_text(story)
    (root / "articles" / "nyt.txt").write_text(story + "\nAdditional reporting by the wire.\n")
    proc = run("claims", root, "--json", env=env)
    assert json.loads(proc.stdout)  # stdout is the JSON array alone
    assert "globe and nyt are near-duplicates" in proc.stderr
