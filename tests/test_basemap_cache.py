"""The basemap's speed-ups draw exactly what the plain path draws: the division files parsed once per process
and filtered in memory, the simplifications skipped where nothing is drawn, and no division file read for a map
too wide to draw divisions."""
from __future__ import annotations

import geopandas as gpd
import shapely

from evacmap.maps import basemap
from evacmap.maps.basemap import basemap_layers, draws_divisions, prepare_basemap, view_limits
from evacmap.maps.worldcache import WorldLayers

ALEPPO_IDLIB = (36.0, 35.6, 37.6, 36.7)
TIMOR = (120.0, -10.0, 125.0, -5.0)
WIDE = (32.0, 8.0, 68.0, 32.0)  # wider than DIVISIONS_MAX_SPAN: a region's overview


def test_in_memory_filter_picks_what_the_readers_bbox_filter_picks():
    """Timor: islands whose box meets the view's edge while they lie outside it (the reader leaves them out)."""
    files = basemap.division_files()
    checked = 0
    for bounds in (ALEPPO_IDLIB, TIMOR):
        limits = view_limits(bounds)
        countries, _ = basemap._countries(limits)
        for iso in sorted(set(countries["iso_a3"]) & set(files)):
            cols, geoms = basemap._in_view(files[iso], limits)
            frame = gpd.read_file(files[iso], bbox=limits, engine="pyogrio")
            assert cols.get("name") == (frame["name"].tolist() if "name" in frame.columns else None), iso
            assert shapely.to_wkb(geoms).tolist() == shapely.to_wkb(frame.geometry.array).tolist(), iso
            checked += 1
    assert checked >= 10


def test_cached_and_uncached_drawing_are_the_same():
    basemap._division_file.cache_clear()
    cold = prepare_basemap(basemap_layers(ALEPPO_IDLIB), ALEPPO_IDLIB)
    assert basemap._division_file.cache_info().misses > 0
    hits = basemap._division_file.cache_info().hits
    warm = prepare_basemap(basemap_layers(ALEPPO_IDLIB), ALEPPO_IDLIB)
    assert basemap._division_file.cache_info().hits > hits
    assert cold == warm and cold["divisions"]


def test_a_map_too_wide_for_divisions_reads_no_division_file_and_draws_the_same():
    assert not draws_divisions(WIDE) and draws_divisions(ALEPPO_IDLIB)
    basemap._division_file.cache_clear()
    layers = WorldLayers(WIDE)
    assert len(layers["divisions"]) == 0 and layers["versions"]["divisions"] == ""
    assert basemap._division_file.cache_info().misses == 0
    assert prepare_basemap(layers, WIDE) == prepare_basemap(basemap_layers(WIDE), WIDE)
