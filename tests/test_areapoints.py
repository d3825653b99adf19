"""Countries and first-level regions sit at GeoNames' own points (read from pyowm's city table), the point
every geoparsing test set and GeoNames-based tool uses, instead of a reference centre hundreds of km away."""
from __future__ import annotations

import pytest
from helpers import km_between as km

from evacmap.gazetteer.areapoints import geonames_points


def test_the_table_holds_geonames_points_of_countries_and_regions():
    # GeoNames 6251999 Canada, 6252001 United States, 6254928 Virginia (placed at Richmond by GeoNames)
    points = geonames_points([6251999, 6252001, 6254928, 123456789012])
    assert km(points[6251999], (60.10867, -113.64258)) < 1
    assert km(points[6252001], (39.76, -98.5)) < 1
    assert km(points[6254928], (37.54812, -77.44675)) < 1
    assert 123456789012 not in points
    assert geonames_points([]) == {}


@pytest.mark.parametrize("name,kind,point", [
    ("Canada", "country", (60.10867, -113.64258)),    # the Factbook centre (60 N, 95 W) is 1,000 km east
    ("Alberta", "governorate", (52.28333, -117.46921)),  # iso3166-2's centre is 340 km north-east
    ("Virginia", "governorate", (37.54812, -77.44675)),
])
def test_world_layer_places_areas_at_geonames_points(gazetteer, name, kind, point):
    place = next(p for p in gazetteer.candidates(name) if p.kind == kind)
    assert km((place.lat, place.lon), point) < 1, (place.lat, place.lon)
    assert "GeoNames' own point" in place.citation
