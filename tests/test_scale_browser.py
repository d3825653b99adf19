"""Maps that summarise at scale (issue 15): a generated corpus of a couple of hundred articles, built by the
real CLI, gives pages of at most 400 KB each, and its overview opens quickly in headless Chromium with its
markers clustered and its figures summarised, the full lists one link away."""
from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_browser import Opened

pytestmark = pytest.mark.browser
PAGE_LIMIT = 400 * 1024
ARTICLES = 150


def _generator():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "scale.py"
    spec = importlib.util.spec_from_file_location("evacmap_scale_bench", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(shared_folder, built_site) -> Path:
    """The generated corpus and its site, each made once per test run (the xdist workers share them)."""
    from filelock import FileLock

    corpus = shared_folder / "scale-corpus"
    with FileLock(f"{corpus}.lock"):
        done = shared_folder / "scale-corpus.generated"
        if not done.is_file():
            shutil.rmtree(corpus, ignore_errors=True)
            _generator().generate(corpus, ARTICLES, "PH")
            done.write_text(f"{ARTICLES} PH\n", encoding="utf-8")
    return built_site(corpus)


def test_every_page_stays_under_the_budget(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10  # maps, embeds, and the lists the summaries link to
    sizes = {str(p.relative_to(site)): p.stat().st_size for p in pages}
    too_big = {k: v for k, v in sizes.items() if v > PAGE_LIMIT}
    assert not too_big, too_big
    # the lists hold every statement: the places index names every place of the places export
    assert (site / "places" / "index.html").is_file() and (site / "routes.html").is_file()


def test_overview_opens_clustered_and_summarised(browser, site):
    # how fast it opens is a figure of benchmarks/scale.py, not a timed assertion on a shared machine
    o = Opened(browser, site / "overview.html", viewport=(1280, 900))
    try:
        assert not o.errors and not o.outside
        clusters = o.page.locator(".evm-cluster.leaflet-marker-icon")
        assert clusters.count() >= 1
        numbers = [int(t) for t in clusters.all_inner_texts()]
        assert all(n >= 2 for n in numbers)
        drawn = o.count("path.evm-place")
        listed = o.count("article.evm-place")
        assert drawn + sum(numbers) == listed  # every place is a marker or counted in a cluster, once
        assert o.count("path.evm-ring") == 0  # no outlet rings piling up into a blob
        text = o.page.locator("#evm-text").inner_text()
        assert "This map summarises" in text and "Figures the sources dispute here" in text
        assert "Every statement about" in text
        # a cluster opens by keyboard, zooming in until its places show
        before = o.page.evaluate("() => document.querySelectorAll('.evm-cluster.leaflet-marker-icon').length")
        first = clusters.first
        first.focus()
        o.page.keyboard.press("Enter")
        o.page.wait_for_timeout(600)
        assert o.count("path.evm-place") > drawn or o.page.evaluate(
            "() => document.querySelectorAll('.evm-cluster.leaflet-marker-icon').length") != before
        # the link to a place's full list leads to a page listing its statements
        href = o.page.locator("article.evm-place a[href^='places/']").first.get_attribute("href")
        listing = (site / href).read_text(encoding="utf-8")
        assert listing.count('class="evm-claim"') >= 2
    finally:
        o.close()
