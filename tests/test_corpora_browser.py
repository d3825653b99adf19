"""The maps of the test corpora of other evacuations (tests/corpora/*), built through the CLI and opened in
real headless Chromium from file:// with the network cut: the places the tool located are markers, every
drawn leg is a line (solid only when it happened, dashed otherwise), the legend names the routes drawn, and a
leg's popup names the outlets behind it. The build is checked against its own exports (places.geojson,
routes.geojson) and against each corpus's gold.json (the must-see places the tool located)."""
from __future__ import annotations

import json
import math
import re
import sys
import tomllib
from pathlib import Path

import pytest
from shapely.geometry import box, shape

from evacmap.maps.model import brief_chain

sys.path.insert(0, str(Path(__file__).parent))

from test_browser import Opened

pytestmark = pytest.mark.browser
CORPORA = Path(__file__).resolve().parent / "corpora"
NAMES = sorted(p.name for p in CORPORA.iterdir() if (p / "gold.json").exists())




@pytest.fixture(scope="module", params=NAMES)
def built(request, built_site) -> tuple[str, Path]:
    """The corpus's site, built once per test run (shared with the xdist worker and the modules that read it)."""
    return request.param, built_site(CORPORA / request.param)


PAGE_LIMIT = 400_000  # bytes: each page, with the static image it carries inline for readers without JavaScript


def test_every_page_of_every_corpus_stays_under_400_kb(built):
    """The corpora of other places draw other countries' divisions, towns and zones: still under budget."""
    name, out = built
    sizes = {str(p.relative_to(out)): p.stat().st_size for p in out.rglob("*.html")}
    assert "overview.html" in sizes and 'class="evm-static"' in (out / "overview.html").read_text(encoding="utf-8")
    assert not {k: v for k, v in sizes.items() if v > PAGE_LIMIT}, (name, sizes)


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2)
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def _overview_bounds(name: str) -> tuple[float, float, float, float]:
    """The bounds the corpus's evacmap.toml gives its overview map (west, south, east, north), else the world."""
    config = tomllib.loads((CORPORA / name / "evacmap.toml").read_text(encoding="utf-8"))
    for spec in config.get("maps", []):
        if spec.get("name") == "overview" and spec.get("bounds"):
            return tuple(spec["bounds"])
    return (-180.0, -90.0, 180.0, 90.0)


def _text_version_places(o: Opened) -> list[str]:
    return o.page.evaluate("""() => [...document.querySelectorAll('[id^="place-"]')]
        .filter(el => /^place-\\d+$/.test(el.id) && el.querySelector('h4'))
        .map(el => el.querySelector('h4').firstChild.textContent.trim())""")


def _click_leg(o, selector: str) -> None:
    """A real mouse click on a point of the line that nothing covers; where the places' 24 px click targets
    cover a short leg whole at this zoom, the click is dispatched on the line itself (Leaflet's own handler
    runs either way)."""
    point = o.page.evaluate("""(sel) => {
        const el = document.querySelector(sel), n = el.getTotalLength();
        for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85]) {
            const p = el.getPointAtLength(n * f).matrixTransform(el.getScreenCTM());
            if (document.elementFromPoint(p.x, p.y) === el) return [p.x, p.y];
        }
        return null;
    }""", selector)
    if point is not None:
        o.page.mouse.click(*point)
    else:
        o.page.dispatch_event(selector, "click")


def test_the_overview_shows_the_located_places_routes_and_legend(browser, built):
    name, site = built
    gold = json.loads((CORPORA / name / "gold.json").read_text(encoding="utf-8"))
    places = json.loads((site / "data" / "places.geojson").read_text(encoding="utf-8"))["features"]
    routes = json.loads((site / "data" / "routes.geojson").read_text(encoding="utf-8"))["features"]
    west, south, east, north = _overview_bounds(name)
    padx, pady = (east - west) * 0.05, (north - south) * 0.05
    view, padded = box(west, south, east, north), box(west - padx, south - pady, east + padx, north + pady)
    lines = [(f, shape(f["geometry"])) for f in routes if f["geometry"]]
    must = [f for f, g in lines if g.intersects(view)]  # a leg through the map's area is drawn on it
    may = [f for f, g in lines if g.intersects(padded)]
    o = Opened(browser, site / "overview.html")
    try:
        assert o.outside == [] and o.errors == [] and o.dialogs == []
        listed = _text_version_places(o)
        # a place is a marker of its own, or one of the places a numbered marker stands for where markers crowd
        folded = o.page.evaluate("""() => [...document.querySelectorAll('.evm-cluster')]
            .map(e => parseInt(e.textContent, 10)).filter(n => n > 0).reduce((a, b) => a + b, 0)""")
        assert o.count("path.evm-place") + folded >= len(listed) >= 3, (name, o.count("path.evm-place"), folded)
        # every must-see place of the gold that the tool located inside the map is listed
        for gid, want in gold["places"].items():
            if not want.get("must_see"):
                continue
            at = next((f for f in places if f["geometry"] and _km(
                (f["geometry"]["coordinates"][1], f["geometry"]["coordinates"][0]), (want["lat"], want["lon"]))
                <= want.get("tol_km", 25)), None)
            lon, lat = at["geometry"]["coordinates"][:2] if at is not None else (None, None)
            if at is not None and west <= want["lon"] <= east and south <= want["lat"] <= north \
                    and west <= lon <= east and south <= lat <= north:  # the tool's point too is on this map
                assert at["properties"]["name"] in listed, (name, gid, at["properties"]["name"], listed)
        # every drawn leg is a line; only what happened is solid
        legs = o.page.evaluate("""() => [...document.querySelectorAll('path.evm-leg')].map(e => [
            e.getAttribute('class'), e.getAttribute('stroke-dasharray') || ''])""")
        # a page over its budget with every leg summarised draws the legs with the most sources, and says so
        summarised = re.search(r"It draws the (\d+) legs with the most sources",
                               (site / "overview.html").read_text(encoding="utf-8"))
        if summarised:
            assert len(legs) == int(summarised.group(1)) <= len(may), (name, len(legs), len(may))
            must = []  # which legs it draws is the summary's choice (maps/summary.py), not every leg in view
        assert len(must) <= len(legs) <= len(may), (name, len(legs), len(must), len(may))
        for cls, dash in legs:
            assert ("evm-status-happened" in cls) == (dash in ("", "none")), (name, cls, dash)
        statuses = [c.split("evm-status-")[1].split()[0].replace("-", "_") for c, _d in legs]
        assert {f["properties"]["status"] for f in must} <= set(statuses) <= {f["properties"]["status"] for f in may}
        if not legs:
            return  # nothing drawn: the corpus's routes are scored (and their misses listed) by test_corpora_geo
        # the legend names each route drawn, and says what a dashed line means when one is drawn
        legend = o.page.inner_text(".evm-legend")
        for label in {brief_chain(f["properties"]["route_label"]) for f in must}:
            assert label in legend, (name, label)
        if any(st != "happened" for st in statuses):
            assert "Dashed: not reported as done" in legend
        # a leg's popup names the outlets of its sources (the first leg drawn: a leg with no destination has no line)
        _click_leg(o, "path.evm-leg")
        popup = o.page.locator(".leaflet-popup-content")
        popup.wait_for()
        text = popup.inner_text()
        outlets = {src["outlet"] for f in may for src in f["properties"]["sources"]}
        assert any(outlet in text for outlet in outlets), (name, text[:300])
        assert o.errors == [] and o.outside == []
    finally:
        o.close()


def test_an_ordered_places_popup_says_the_order_its_day_and_issuer(browser, built):
    """fort-mcmurray: the popup of Fort McKay, opened by a click on its marker in Chromium, says it was put under
    a voluntary evacuation order on 7 May 2016, that the text names no issuer, and never that anyone holds it."""
    name, site = built
    if name != "fort-mcmurray-2016":
        pytest.skip("the orders of the fort-mcmurray corpus")
    o = Opened(browser, site / "overview.html")
    try:
        idx = o.page.evaluate("""() => [...document.querySelectorAll('article.evm-place')]
            .find(a => a.querySelector('h4').firstChild.textContent.trim() === 'Fort McKay').id.split('-')[1]""")
        o.page.dispatch_event(f"path.evm-hit-{idx}", "click")
        popup = o.page.locator(".leaflet-popup-content")
        popup.wait_for()
        text = popup.inner_text()
        assert "Under a voluntary evacuation order, 7 May 2016 (issuer not stated): Aspen Gazette" in text, text[:400]
        assert "held by" not in text
        assert o.errors == [] and o.outside == []
    finally:
        o.close()
