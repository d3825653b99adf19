"""The cache of each map area's drawn background and locator inset (maps.worldcache): a page drawn from it is
the same bytes as one drawn from the data files, and an entry that is altered, torn or of the wrong shape is
ignored and drawn again, never believed."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest_browser import CITY, OVERVIEW, sample_data

from evacmap.gazetteer.cache import store_plain
from evacmap.maps import basemap as basemap_module
from evacmap.maps import render, worldcache
from evacmap.maps.basemap import basemap_layers
from evacmap.maps.render import render_map
from evacmap.maps.worldcache import WorldLayers


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("EVACMAP_CACHE", str(tmp_path))
    render._LAST_BASEMAP.clear()  # the in-process memo of the last map drawn
    yield tmp_path / "drawings"
    render._LAST_BASEMAP.clear()


@pytest.fixture(scope="module")
def plain_pages():
    """The pages drawn the way a build without this cache drew them: every layer read from the data files."""
    base = sample_data()
    render._LAST_BASEMAP.clear()
    pages = {}
    for spec in (OVERVIEW, CITY):
        data = dataclasses.replace(base, basemap={**basemap_layers(spec.bounds), "user": None})
        pages[spec.name] = render_map(spec, data)
    render._LAST_BASEMAP.clear()
    return pages


def _page(spec) -> str:
    render._LAST_BASEMAP.clear()
    return render_map(spec, dataclasses.replace(sample_data(), basemap=WorldLayers(spec.bounds)))


def _reads(monkeypatch) -> list:
    """Each time the build reads the countries' shapefile (for the background or the locator)."""
    calls: list = []
    real = basemap_module._countries

    def counted(limits):
        calls.append(limits)
        return real(limits)
    monkeypatch.setattr(basemap_module, "_countries", counted)
    return calls


@pytest.mark.parametrize("spec", [OVERVIEW, CITY], ids=lambda s: s.name)
def test_cached_drawing_gives_the_same_page(cache, plain_pages, monkeypatch, spec):
    render.locator_svg.cache_clear()
    first = _page(spec)
    assert first == plain_pages[spec.name]
    assert sorted(p.name.split("-")[0] for p in cache.iterdir()) == ["basemap", "locator"]
    reads = _reads(monkeypatch)
    render.locator_svg.cache_clear()
    again = _page(spec)
    assert again == plain_pages[spec.name]
    assert reads == []  # drawn from the cache: no shapefile read


def test_each_area_has_its_own_entry(cache):
    _page(OVERVIEW)
    _page(CITY)
    assert len(list(cache.glob("basemap-*"))) == 2 and len(list(cache.glob("locator-*"))) == 2


@pytest.mark.parametrize("damage", ["flip a byte", "truncate", "empty"])
def test_damaged_entry_is_drawn_again(cache, plain_pages, monkeypatch, damage, capsys):
    _page(OVERVIEW)
    for entry in cache.iterdir():
        raw = bytearray(entry.read_bytes())
        if damage == "flip a byte":
            raw[len(raw) // 2] ^= 0x01
        entry.write_bytes(bytes(raw[: len(raw) // 2]) if damage == "truncate" else
                          b"" if damage == "empty" else bytes(raw))
    reads = _reads(monkeypatch)
    render.locator_svg.cache_clear()
    assert _page(OVERVIEW) == plain_pages["overview"]
    assert len(reads) == 2  # the background and the locator were drawn from the data files again
    reads.clear()
    render.locator_svg.cache_clear()
    assert _page(OVERVIEW) == plain_pages["overview"]  # and stored again, whole
    assert reads == []


def test_signed_entry_of_the_wrong_shape_is_not_believed(cache, plain_pages, monkeypatch):
    _page(OVERVIEW)
    for entry in cache.glob("basemap-*"):  # signed with this user's key, but not a drawing
        store_plain(entry, worldcache.KIND, {"versions": {"countries": "x"},
                                             "layers": {"countries": [[{"type": 1}, "Nowhere", None, None, "BaseFeature"]]}})
    for entry in cache.glob("locator-*"):
        store_plain(entry, worldcache.KIND, ["<svg/>"])
    reads = _reads(monkeypatch)
    render.locator_svg.cache_clear()
    assert _page(OVERVIEW) == plain_pages["overview"]
    assert len(reads) == 2


def test_layers_are_read_only_when_asked_for():
    user = object()
    layers = WorldLayers(OVERVIEW.bounds, user=user)
    assert layers["user"] is user and layers._layers is None  # the corpus's own layers: no file read
    assert bool(layers) and layers._layers is None
    assert set(layers) >= {"countries", "divisions", "towns", "versions", "user"}


def test_old_drawings_are_dropped(cache, monkeypatch):
    monkeypatch.setattr(worldcache, "KEEP", 2)
    _page(OVERVIEW)
    first = {p.name for p in cache.iterdir()}
    render.locator_svg.cache_clear()
    _page(CITY)
    kept = {p.name for p in cache.iterdir()}
    assert len(kept) == 2 and not kept & first  # the city's two drawings, written last
