"""The built sample site in real headless Chromium: every page of `evacmap build` opened from file:// with
the network cut, and a hostile corpus built through the CLI whose text and metadata must never run."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_browser import Opened

pytestmark = pytest.mark.browser
MAPS = ("overview", "aleppo-city", "fua-kafriya")


def _build(run_cli, corpus, out: Path) -> None:
    result = run_cli("build", *([corpus] if corpus else []), "--out", out)
    assert result.returncode == 0, result




@pytest.fixture(scope="module")
def site(built_site) -> Path:
    """The sample's site, built once per test run (shared with the other modules that read it)."""
    return built_site()


@pytest.fixture(scope="module")
def opened(browser, site):
    """opened(REL) is the built page at site/REL, opened once for every test of this module that only reads it
    (what it logged, requested and shows); the tests that click on a page open their own."""
    pages: dict[str, Opened] = {}

    def get(rel: str) -> Opened:
        if rel not in pages:
            pages[rel] = Opened(browser, site / rel, ready="body" if rel == "index.html" else ".leaflet-container")
        return pages[rel]

    yield get
    for o in pages.values():
        o.close()


@pytest.fixture
def artifacts(tmp_path) -> Path:
    d = Path(os.environ.get("EVACMAP_ARTIFACTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


def place_index(o: Opened, name: str) -> int:
    """The marker number of a place, from the page's text version (#place-N holds its name)."""
    return o.page.evaluate(
        """(name) => {
            for (const el of document.querySelectorAll('[id^="place-"]')) {
                const h = el.querySelector('h4');
                if (/^place-\\d+$/.test(el.id) && h && h.firstChild.textContent.trim() === name) return +el.id.slice(6);
            }
            return 0;
        }""",
        name,
    )


def test_every_page_of_the_sample_stays_under_400_kb_and_the_readme_shows_its_overview(site):
    """Each page carries its static image inline (for readers without JavaScript) and stays under 400 KB; the
    README's picture of the overview is that static image, as the current build draws it."""
    sizes = {str(p.relative_to(site)): p.stat().st_size for p in site.rglob("*.html")}
    assert len(sizes) >= 7 and not {k: v for k, v in sizes.items() if v > 400_000}, sizes
    for name in MAPS:
        assert 'class="evm-static"' in (site / f"{name}.html").read_text(encoding="utf-8"), name
    root = Path(__file__).resolve().parent.parent
    assert "](docs/overview.svg)" in (root / "README.md").read_text(encoding="utf-8")
    assert (root / "docs" / "overview.svg").read_bytes() == (site / "overview.svg").read_bytes(), \
        "docs/overview.svg is not the overview the build draws: copy site/overview.svg of `evacmap build` there"


@pytest.mark.parametrize("name", MAPS)
def test_built_page_renders_offline(opened, artifacts, name):
    o = opened(f"{name}.html")
    assert o.outside == [], "a request left the file"
    assert o.errors == [] and o.dialogs == []
    assert o.count("path.evm-zone") >= 1
    assert o.count("path.evm-place") >= 3
    if name != "fua-kafriya":
        assert o.count("path.evm-leg") >= 1
    assert o.count(".leaflet-control-scale") == 1
    assert "Natural Earth" in o.page.inner_text(".leaflet-control-attribution")
    o.page.screenshot(path=str(artifacts / f"site-{name}.png"))


def test_clicking_eastern_aleppo_lists_each_outlets_numbers(browser, site, artifacts):
    o = Opened(browser, site / "aleppo-city.html")
    try:
        n = place_index(o, "eastern Aleppo")
        assert n, "eastern Aleppo is not in the text version"
        o.page.locator(f"path.evm-hit-{n}").click()
        popup = o.page.locator(".leaflet-popup-content")
        popup.wait_for()
        text = popup.inner_text()
        outlets = [x for x in ("VOA News", "The Independent", "The Boston Globe (NYT)", "CNN", "Al Jazeera") if x in text]
        assert len(outlets) >= 4, outlets
        assert "Sources disagree" in text
        for number in ("1,000", "3,000"):  # the day's counts that disagree; the first batch's 200 is not one of them
            assert number in text
        o.page.wait_for_timeout(400)  # let the popup finish fading in before the picture
        o.page.screenshot(path=str(artifacts / "site-aleppo-city-popup.png"))
        assert o.errors == [] and o.outside == []
    finally:
        o.close()


def test_outlet_toggle_hides_and_shows_that_outlets_layer(browser, site):
    o = Opened(browser, site / "overview.html")
    try:
        labels = o.page.locator("#evm-layers label", has_text="Al Jazeera")
        box = labels.locator("input")
        klass = o.page.evaluate(
            "() => [...document.querySelectorAll('[class*=evm-outlet-]')].map(e => e.getAttribute('class'))"
            ".join(' ').match(/evm-outlet-\\d+/g)")
        assert klass, "no per-outlet elements on the overview"
        before = {k: o.count(f".{k}") for k in set(klass)}
        box.uncheck()
        after = {k: o.count(f".{k}") for k in before}
        hidden = [k for k in before if after[k] == 0]
        assert len(hidden) == 1, (before, after)  # exactly Al Jazeera's layer went away
        assert all(after[k] == before[k] for k in before if k not in hidden)
        box.check()
        assert {k: o.count(f".{k}") for k in before} == before
        assert o.errors == []
    finally:
        o.close()


@pytest.mark.parametrize("name", MAPS)
def test_embed_pages_and_index_work_offline(opened, name):
    o = opened(f"embed/{name}.html")
    assert o.outside == [] and o.errors == []
    assert o.count("path.evm-place") >= 3
    index = opened("index.html")
    assert index.outside == [] and index.errors == []
    assert index.page.locator(f"a[href='{name}.html']").count() >= 1


EVIL = "<script>document.title='PWNED'</script><img src=x onerror=\"document.title='PWNED'\">"


def test_hostile_corpus_built_through_the_cli_never_runs(browser, tmp_path, run_cli):
    corpus = tmp_path / "evil"
    (corpus / "articles").mkdir(parents=True)
    (corpus / "articles" / "evil.txt").write_text(
        f"Convoy leaves Aleppo {EVIL}\n\n"
        "Buses left eastern Aleppo for Idlib on Thursday, said <img src=x onerror=\"document.title='PWNED'\"> officials. "
        "About 500 people were evacuated to Idlib, <a href=\"javascript:document.title='PWNED'\">the UN</a> said.\n",
        encoding="utf-8")
    (corpus / "evacmap.toml").write_text(
        'title = "Evil <script>document.title=\'PWNED\'</script>"\n'
        "[articles.evil]\n"
        'outlet = "Evil News <img src=x onerror=alert(1)>"\n'
        'url = "javascript:document.title=\'PWNED\'"\n'
        'title = "<script>alert(1)</script>"\n', encoding="utf-8")
    out = tmp_path / "site"
    _build(run_cli, corpus, out)
    pages = sorted(out.rglob("*.html"))
    assert pages
    for page in pages:
        if page.name.endswith(".snippet.html"):
            continue
        o = Opened(browser, page, ready="body")
        try:
            title = o.page.title()
            assert title != "PWNED"  # an injected script would set exactly this
            for marker in range(1, o.count("path.evm-place") + 1):
                o.page.evaluate(f"document.querySelector('path.evm-hit-{marker}')"
                                ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            o.page.wait_for_timeout(200)
            assert o.page.title() == title
            assert o.dialogs == []
            assert o.page.locator("a[href^='javascript:']").count() == 0
            assert o.page.locator("img[onerror]").count() == 0
            assert o.outside == []
        finally:
            o.close()
    claims = json.loads((out / "data" / "claims.json").read_text())
    assert any("<script>" in c["text"] or "<img" in c["text"] for c in claims)  # kept as data, escaped on pages


@pytest.mark.parametrize("name", MAPS)
def test_every_page_says_when_it_was_last_updated_from_the_corpus(opened, name):
    """The stamp is the latest report's date (the sample's articles are dated 15 and 16 December 2016), not
    the day of the build, and it shows on the page, in the embed and on the index."""
    from evacmap import load_corpus

    latest = max(a.published for a in load_corpus(None).articles if a.published).isoformat()
    for rel in (f"{name}.html", f"embed/{name}.html", "index.html"):
        o = opened(rel)
        stamps = o.page.locator(".evm-updated time")
        assert stamps.count() >= 1, f"{rel} has no 'updated' stamp"
        assert stamps.first.get_attribute("datetime") == latest
        assert stamps.first.is_visible()
        assert "16 December 2016" in o.page.locator(".evm-updated").first.inner_text()
