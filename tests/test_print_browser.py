"""Printing a map page in real headless Chromium: one sheet per map (the map and its key), on A4 and US
Letter, with the whole opening view on the sheet and a note saying where the text version is.

The PDF comes from Playwright's ``page.pdf()``; its pages are counted from the PDF's own page objects
(``/Type /Page``), so no PDF library is needed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest_browser import CITY, OVERVIEW, sample_data
from test_browser import Opened, write

from evacmap.maps.model import MapSpec
from evacmap.maps.render import render_embed_page, render_map

pytestmark = pytest.mark.browser


def pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF ("/Type /Page", not the "/Type /Pages" tree nodes)."""
    assert pdf.startswith(b"%PDF-")
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


def test_pdf_page_counter_counts_pages(browser, tmp_path):
    """The counter itself can fail: a long plain page prints on several sheets."""
    path = write(tmp_path, "long.html", "<!DOCTYPE html><title>x</title>" + "<p>line</p>" * 400)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(path.as_uri())
        assert pdf_pages(page.pdf(format="A4")) > 3
    finally:
        ctx.close()


def _inside(o: Opened) -> dict:
    """Under print media: the map box and how many place dots and route lines lie inside it."""
    return o.page.evaluate(
        """() => {
            const box = document.querySelector('.evm-map').getBoundingClientRect();
            const inside = (el) => { const r = el.getBoundingClientRect();
              const x = r.left + r.width / 2, y = r.top + r.height / 2;
              return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom; };
            const all = [...document.querySelectorAll('path.evm-place')];
            const shown = (sel) => [...document.querySelectorAll(sel)].filter(
              (el) => getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0).length;
            return { w: box.width, h: box.height, n: all.length, in: all.filter(inside).length,
                     text: shown('.evm-text'), note: shown('.evm-print-note'), legend: shown('.evm-legend .evm-lg-block'),
                     controls: shown('.leaflet-control-zoom') };
        }"""
    )


@pytest.mark.parametrize("spec", [OVERVIEW, CITY], ids=lambda s: s.name)
@pytest.mark.parametrize("variant", ["page", "embed"])
def test_one_sheet_per_map(browser, tmp_path, spec, variant):
    data = sample_data()
    html = render_map(spec, data) if variant == "page" else render_embed_page(spec, data)
    path = write(tmp_path, f"{spec.name}-{variant}.html", html)
    o = Opened(browser, path, viewport=(1280, 900))
    try:
        screen = _inside(o)
        for fmt in ("A4", "Letter"):
            pdf = o.page.pdf(format=fmt, print_background=True)
            assert pdf_pages(pdf) == 1, f"{variant} {spec.name} prints on {pdf_pages(pdf)} {fmt} sheets"
        o.page.set_viewport_size({"width": 700, "height": 1000})
        o.page.wait_for_timeout(300)
        o.page.emulate_media(media="print")
        o.page.wait_for_timeout(500)
        got = _inside(o)
        assert got["w"] > 500 and got["h"] > 400
        # the refit on print: at least every place inside the map's bounds is on the sheet
        x0, y0, x1, y1 = spec.bounds
        within = sum(1 for g in data.places.geometry if x0 <= g.x <= x1 and y0 <= g.y <= y1)
        assert got["n"] >= 5 and got["in"] >= within >= 4 and screen["n"] == got["n"], (within, screen, got)
        assert got["text"] == 0 and got["note"] == 1 and got["legend"] >= 3 and got["controls"] == 0, got
        assert o.errors == [] and o.outside == []
    finally:
        o.close()


def test_print_note_points_to_the_published_page(browser, tmp_path):
    spec = MapSpec(name=OVERVIEW.name, title=OVERVIEW.title, bounds=OVERVIEW.bounds, date=OVERVIEW.date,
                   base_url="https://maps.example.org/evac/")
    html = render_map(spec, sample_data())
    note = re.search(r'<p class="evm-print-note">(.*?)</p>', html, re.S)
    assert note and "https://maps.example.org/evac/overview.html" in note.group(1)
    local = re.search(r'<p class="evm-print-note">(.*?)</p>', render_map(OVERVIEW, sample_data()), re.S)
    assert local and "below the map" in local.group(1)
