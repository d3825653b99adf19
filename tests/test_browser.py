"""Map pages in a real headless Chromium (Debian's /usr/bin/chromium) via Playwright, opened from file://
with every non-file request aborted and recorded.

Skipped only when chromium is absent and CI is not set; under CI a missing browser is a failure.
Screenshots go to $EVACMAP_ARTIFACTS (default: the test's tmp_path)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest_browser import (
    AJ_AMIRIYAH,
    CITY,
    CNN_EAST,
    EVIL,
    IND_EAST,
    NYT_EAST,
    OUTLETS,
    OVERVIEW,
    VOA_EAST,
    sample_data,
)

from evacmap.maps.render import MapSpec, embed_snippet, render_embed_page, render_map

pytestmark = pytest.mark.browser

@pytest.fixture
def artifacts(tmp_path) -> Path:
    d = Path(os.environ.get("EVACMAP_ARTIFACTS") or tmp_path)
    d.mkdir(parents=True, exist_ok=True)
    return d


class Opened:
    """A page opened from file:// with its console errors, page errors, dialogs and outside requests."""

    def __init__(self, browser, path: Path, viewport=(1200, 900), ready: str = ".leaflet-container"):
        self.context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.outside: list[str] = []
        self.files: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.context.route("**/*", self._route)
        self.page.goto(path.as_uri())
        self.page.wait_for_selector(ready)
        self.page.wait_for_timeout(300)

    def _route(self, route):
        url = route.request.url
        if url.startswith("file://"):
            self.files.append(url)
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def click_on_path(self, selector: str) -> None:
        """A real mouse click on a point of the SVG path (a line's bounding-box centre may be off it)."""
        x, y = self.page.evaluate(
            """(sel) => {
                const el = document.querySelector(sel);
                const p = el.getPointAtLength(el.getTotalLength() / 2);
                const q = p.matrixTransform(el.getScreenCTM());
                return [q.x, q.y];
            }""",
            selector,
        )
        self.page.mouse.click(x, y)

    def count(self, selector: str) -> int:
        return self.page.locator(selector).count()

    def close(self):
        self.context.close()


@pytest.fixture(scope="module")
def data():
    return sample_data()


def wait_until(page, fn: str, timeout: float = 5.0) -> None:
    """Poll ``fn`` (a JS function) until truthy. (wait_for_function evaluates strings, which the pages'
    Content-Security-Policy rightly forbids.)"""
    deadline = time.monotonic() + timeout
    while not page.evaluate(fn):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {fn}")
        page.wait_for_timeout(50)


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_page_renders_offline_with_all_layers(browser, data, tmp_path, artifacts):
    path = write(tmp_path, "overview.html", render_map(OVERVIEW, data))
    o = Opened(browser, path)
    try:
        assert o.outside == [] and o.files == [path.as_uri()]
        assert o.errors == [] and o.dialogs == []
        assert o.count("path.evm-zone") == len(data.zones) == 4
        assert o.count("path.evm-leg") == len(data.routes) == 4
        assert o.count("path.evm-place") == len(data.places) == 10
        assert o.count("path.evm-place.evm-approx") == int(data.places["approximate"].sum())
        assert o.count("path.evm-ring") == sum(len({c["outlet"] for c in cs}) for cs in data.places["claims"])
        assert o.count(".evm-arrow svg") >= 4
        assert o.count(".leaflet-interactive") >= 4 + 4 + 10
        assert o.count(".leaflet-control-scale") == 1
        attribution = o.page.inner_text(".leaflet-control-attribution")
        assert "GeoNames" in attribution and "Natural Earth" in attribution
        # the layer toggles sit beside the map on the full page; one per outlet
        labels = o.page.inner_text("#evm-layers")
        for outlet in OUTLETS:
            assert outlet in labels
        # basemap drawn (non-interactive) and labelled
        assert o.count(".leaflet-evm-base-pane path") >= 3
        assert "TURKEY" in o.page.inner_text(".leaflet-evm-baselabels-pane").upper()
        o.page.screenshot(path=str(artifacts / "overview.png"))
    finally:
        o.close()


def test_clicking_a_place_shows_each_outlets_claims(browser, data, tmp_path, artifacts):
    path = write(tmp_path, "city.html", render_map(CITY, data))
    o = Opened(browser, path)
    try:
        o.page.locator("path.evm-hit-1").click()  # eastern Aleppo
        popup = o.page.locator(".leaflet-popup-content")
        popup.wait_for()
        text = popup.inner_text()
        said = (("CNN", CNN_EAST), ("VOA News", VOA_EAST), ("The Boston Globe (NYT)", NYT_EAST), ("The Independent", IND_EAST))
        for outlet, sentence in said:
            assert outlet in text
            assert sentence.replace("'", "’")[:60] in text.replace("'", "’")
        assert "Sources disagree" in text
        assert "approximately 3,000 people" in text and "Marianne Gasser" in text
        assert "approximate location" in text
        link = popup.locator("a[href^='https://edition.cnn.com']")
        assert link.get_attribute("target") == "_blank" and "noopener" in link.get_attribute("rel")
        o.page.screenshot(path=str(artifacts / "aleppo-city-popup.png"))
        # a leg and a zone have their own popups
        o.page.locator(".leaflet-popup-close-button").click()
        wait_until(o.page, "() => document.querySelectorAll('.leaflet-popup').length === 0")
        o.click_on_path("path.evm-leg-1")
        assert AJ_AMIRIYAH[:50] in o.page.locator(".leaflet-popup-content").inner_text()
        assert o.errors == [] and o.outside == []
    finally:
        o.close()


def test_outlet_toggle_hides_and_shows_its_layer(browser, data, tmp_path):
    path = write(tmp_path, "overview.html", render_map(OVERVIEW, data))
    o = Opened(browser, path)
    try:
        j = OUTLETS.index("Al Jazeera")
        sel = f".evm-outlet-{j}"
        rings = sum(any(c["outlet"] == "Al Jazeera" for c in cs) for cs in data.places["claims"])
        halos = sum(any(x["outlet"] == "Al Jazeera" for x in ss) for ss in data.routes["sources"])
        before = o.count(sel)
        assert (rings, halos) == (4, 3) and before == rings + halos
        only_aj = sum({c["outlet"] for c in cs} == {"Al Jazeera"} for cs in data.places["claims"])
        legs_only_aj = sum({x["outlet"] for x in ss} == {"Al Jazeera"} for ss in data.routes["sources"])
        assert (only_aj, legs_only_aj) == (3, 1)
        box = o.page.locator("#evm-layers label", has_text="Al Jazeera").locator("input")
        box.uncheck()
        assert o.count(sel) == 0
        assert o.count(".evm-outlet-3") > 0  # CNN still shown
        # everything only Al Jazeera reported goes too; what another outlet also reported stays
        assert o.count("path.evm-place") == 10 - only_aj
        assert o.count("path.evm-leg") == 4 - legs_only_aj
        box.check()
        assert o.count(sel) == before
        assert o.count("path.evm-place") == 10 and o.count("path.evm-leg") == 4
        # turning Places off takes the outlets' rings with it
        o.page.get_by_role("checkbox", name="Places", exact=True).uncheck()
        assert o.count("path.evm-place") == 0 and o.count("path.evm-ring") == 0
        o.page.get_by_role("checkbox", name="Places", exact=True).check()
        # the general layers toggle too
        o.page.locator("#evm-layers label", has_text="Routes").locator("input").uncheck()
        assert o.count("path.evm-leg") == 0 and o.count(".evm-arrow") == 0
        assert o.errors == []
    finally:
        o.close()


def test_hostile_text_never_runs(browser, tmp_path):
    d = sample_data(EVIL)
    title = "Evil map " + EVIL
    spec = MapSpec(name="evil", title=title, bounds=OVERVIEW.bounds, date="2016-12-15", description=EVIL)
    for name, text in (("evil.html", render_map(spec, d)), ("evil.embed.html", render_embed_page(spec, d))):
        path = write(tmp_path, name, text)
        o = Opened(browser, path)
        try:
            assert o.page.title() == title  # shown as text, unchanged
            # open the hostile place's popup and its layer-control entry: still text only
            n = len(d.places)
            o.page.evaluate(f"document.querySelector('path.evm-hit-{n}')"
                            ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            o.page.wait_for_selector(".leaflet-popup-content")
            assert "<script>document.title='PWNED'</script>" in o.page.inner_text(".leaflet-popup-content")
            o.page.wait_for_timeout(300)
            assert o.page.title() == title
            assert o.dialogs == []
            assert o.page.locator(".leaflet-container img, .evm-text img, .leaflet-popup img").count() == 0
            assert o.page.evaluate("document.querySelectorAll('script').length") in (3, 4)
            assert o.outside == [] and o.errors == []
        finally:
            o.close()


def test_embed_resizes_its_iframe_and_ignores_forged_messages(browser, data, tmp_path, artifacts):
    write(tmp_path, "overview.embed.html", render_embed_page(OVERVIEW, data))
    host = (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host article</title></head>'
        '<body style="margin:0"><article style="max-width:680px;margin:0 auto"><p>Article text above.</p>'
        + embed_snippet(OVERVIEW, "overview.embed.html")
        + "<p>Article text below.</p></article></body></html>"
    )
    path = write(tmp_path, "host.html", host)
    o = Opened(browser, path, viewport=(900, 1000), ready="iframe#evacmap-overview")
    try:
        frame = o.page.frame_locator("iframe#evacmap-overview")
        frame.locator(".leaflet-container").wait_for()
        wait_until(o.page, "() => document.getElementById('evacmap-overview').style.height !== '760px'")
        h1 = o.page.evaluate("parseInt(document.getElementById('evacmap-overview').style.height)")
        assert 480 < h1 < 760  # the compact page: header, 480px map, credit, folded text version
        assert frame.locator("path.evm-place").count() == 10
        # a page that is not the iframe cannot resize it
        o.page.evaluate("window.postMessage({type: 'evacmap:height', height: 3000}, '*')")
        o.page.wait_for_timeout(200)
        assert o.page.evaluate("parseInt(document.getElementById('evacmap-overview').style.height)") == h1
        # unfolding the text version grows the frame
        frame.locator("details.evm-textwrap > summary").click()
        wait_until(o.page, f"() => parseInt(document.getElementById('evacmap-overview').style.height) > {h1 + 300}")
        o.page.screenshot(path=str(artifacts / "embed-in-article.png"), full_page=False)
        assert o.outside == [] and o.errors == []
    finally:
        o.close()


def test_online_tiles_are_off_until_chosen(browser, data, tmp_path):
    path = write(tmp_path, "tiles.html", render_map(OVERVIEW, data, online_tiles=True))
    o = Opened(browser, path)
    try:
        assert o.outside == []  # no tile requested while the layer is off
        assert o.count(".leaflet-tile") == 0
        o.page.locator("#evm-layers label", has_text="OpenStreetMap").locator("input").check()
        o.page.wait_for_timeout(300)
        assert any("tile.openstreetmap.org" in u for u in o.outside)  # asked (and blocked here)
        assert o.count(".leaflet-evm-base-pane path") == 0  # the vector basemap steps aside
    finally:
        o.close()


def test_readable_without_javascript(browser, data, tmp_path):
    path = write(tmp_path, "overview.html", render_map(OVERVIEW, data))
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1200, "height": 900})
    outside: list[str] = []
    context.route("**/*", lambda r: r.continue_() if r.request.url.startswith("file://")
                  else (outside.append(r.request.url), r.abort()))
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        assert page.locator(".evm-noscript").is_visible()
        # the static map takes the empty map box's place
        assert page.locator("svg.evm-static").is_visible() and not page.locator(".evm-map").is_visible()
        assert page.locator("svg.evm-static path").count() >= 3
        assert page.locator("#evm-legend").is_visible()
        text = page.inner_text("#evm-text")
        for name in data.places["name"]:
            assert name in text
        assert CNN_EAST[:80] in text and AJ_AMIRIYAH[:80].replace("'", "’") in text.replace("'", "’")
        headings = page.locator("#evm-text h2, #evm-text h3").all_inner_texts()
        assert headings[:4] == ["What each source reported", "Places", "Routes", "Areas of control (as of 15 December 2016)"]
        assert page.locator("html").get_attribute("lang") == "en"
        assert outside == []
    finally:
        context.close()


def test_embed_source_link_opens_in_the_host_page(browser, data, tmp_path):
    """A reader's click on a source link inside the embed navigates the host article's page, not the iframe."""
    write(tmp_path, "overview.embed.html", render_embed_page(OVERVIEW, data))
    host = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>'
            + embed_snippet(OVERVIEW, "overview.embed.html") + "</body></html>")
    path = write(tmp_path, "host.html", host)
    o = Opened(browser, path, viewport=(900, 1000), ready="iframe#evacmap-overview")
    try:
        frame = o.page.frame_locator("iframe#evacmap-overview")
        frame.locator("details.evm-textwrap > summary").click()
        link = frame.locator("#evm-text a[href^='https://edition.cnn.com']").first
        with o.page.expect_request(lambda r: r.url.startswith("https://edition.cnn.com")) as request:
            link.click()
        assert request.value.is_navigation_request()
        assert request.value.frame == o.page.main_frame  # the top page, not the iframe
    finally:
        o.close()
