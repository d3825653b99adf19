"""A no-change rebuild decides from the files' bytes before importing the geo stack or loading the gazetteer."""
from __future__ import annotations

import os
import subprocess
import sys

from test_build import copy_sample, env, run  # noqa: F401  (env is a fixture)

PROBE = """
import sys
from pathlib import Path
from evacmap.maps.build import run_build
print(run_build(Path(sys.argv[1]), Path(sys.argv[2])))
heavy = sorted(m for m in ("geopandas", "folium", "shapely") if m in sys.modules)
print("heavy:", ",".join(heavy) or "none")
"""


def _probe(corpus, site, environ):
    proc = subprocess.run([sys.executable, "-c", PROBE, str(corpus), str(site)], capture_output=True, text=True,
                          env=environ, timeout=600, check=True)
    return proc.stdout


def test_no_change_rebuild_imports_no_geo_stack_and_any_byte_change_rebuilds(tmp_path, env):  # noqa: F811
    corpus = copy_sample(tmp_path / "corpus")
    site = tmp_path / "site"
    run("build", corpus, "--out", site, env=env)
    out = _probe(corpus, site, env)
    assert "up to date" in out and "heavy: none" in out, out
    article = sorted((corpus / "articles").iterdir())[0]
    stat = article.stat()
    os.utime(article, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched, same bytes: still up to date
    assert "up to date" in _probe(corpus, site, env)
    article.write_bytes(article.read_bytes().replace(b"the", b"thE", 1))
    # the rebuild itself needs no process of its own (what it imports no longer matters): in this process
    out = run("build", corpus, "--out", site, env=env)
    assert "up to date" not in out.output and "1 processed" in out.output, out


def test_one_changed_article_writes_a_small_delta_and_the_same_site(tmp_path, env):  # noqa: F811
    """The article cache is one base file per corpus: a rebuild after one change writes a delta naming the
    base (the base untouched), reads both, and gives the bytes a build without any cache gives."""
    from pathlib import Path

    corpus = copy_sample(tmp_path / "corpus")
    site = tmp_path / "site"
    run("build", corpus, "--out", site, env=env)
    folder = Path(env["EVACMAP_CACHE"]) / "articles"
    # the base is every corpus file but the delta (a glob of "*[!a].json" missed bases whose id ends in "a")
    (base,) = [p for p in folder.glob("corpus-*.json") if not p.name.endswith(".delta.json")]
    before = base.read_bytes()
    article = sorted((corpus / "articles").iterdir())[1]
    article.write_bytes(article.read_bytes() + b"\nOn Sunday 12 more buses left Aleppo.\n")
    changed = run("build", corpus, "--out", site, env=env)
    assert "1 processed" in changed.stdout + changed.stderr, changed
    (delta,) = folder.glob("corpus-*.delta.json")
    assert base.read_bytes() == before and len(delta.read_bytes()) < len(before) / 2
    delta.write_bytes(delta.read_bytes().replace(b"Aleppo", b"Alepp0"))  # an edited delta is not believed
    article.write_bytes(article.read_bytes() + b"\nOn Monday 3 more buses left.\n")
    again = run("build", corpus, "--out", site, env=env)
    assert "ignored cache file" in again.stderr and "1 processed" in again.stderr, again
    fresh = tmp_path / "fresh"
    run("build", corpus, "--out", fresh, "--no-cache", env=env)
    for page in sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file() and p.name != ".evacmap-site"):
        assert (site / page).read_bytes() == (fresh / page).read_bytes(), page


def test_list_pages_reused_from_the_previous_site_are_the_bytes_a_full_render_gives(tmp_path, env):  # noqa: F811
    """A corpus large enough for the maps to summarise has list pages (places/*.html, routes.html); after one
    article changes, the pages whose inputs did not change are copied from the previous site. The result
    must be byte for byte what rendering every page into an empty folder gives."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "scale.py"
    spec = importlib.util.spec_from_file_location("evacmap_scale_bench_quick", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    corpus = tmp_path / "corpus"
    module.generate(corpus, 30, "PH")  # 30 articles pass the page budget: the maps summarise
    site = tmp_path / "site"
    run("build", corpus, "--out", site, env=env)
    assert (site / ".evacmap-pages").is_file() and list((site / "places").glob("*.html"))
    article = sorted((corpus / "articles").iterdir())[7]
    article.write_bytes(article.read_bytes() + b"\nAbout 40 more families were evacuated on Sunday.\n")
    run("build", corpus, "--out", site, env=env)
    fresh = tmp_path / "fresh"
    run("build", corpus, "--out", fresh, env=env)  # an empty folder: every page rendered
    files = sorted(p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file() and p.name != ".evacmap-site")
    assert files == sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file() and p.name != ".evacmap-site")
    for page in files:
        assert (site / page).read_bytes() == (fresh / page).read_bytes(), page
