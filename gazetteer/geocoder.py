"""A geopy-compatible geocoder over the offline layers, and the opt-in online chain (Nominatim).

`Geocoder.geocode(query, exactly_one=True)` answers like any geopy geocoder: a `geopy.location.Location` whose
`.raw` holds the place's id, kind, precision and provenance. The online chain is used only when asked for
(`online=True`, `evacmap geocode --online`): Nominatim behind geopy's RateLimiter at one request a second,
with a real user agent, and every answer cached on disk so the same name is never asked twice.
"""
from __future__ import annotations

import json
import math
import os
from pathlib import Path

from geopy.extra.rate_limiter import RateLimiter
from geopy.geocoders import Nominatim
from geopy.geocoders.base import Geocoder as GeopyGeocoder
from geopy.location import Location

from evacmap.gazetteer.cache import cache_dir, write_atomic
from evacmap.gazetteer.gazetteer import Gazetteer
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import name_key

USER_AGENT = "evacmap/0.1 (offline-first evacuation mapping; https://pypi.org/project/evacmap/)"


def place_location(place: Place, reason: str = "") -> Location:
    raw = {"id": place.id, "name": place.name, "kind": place.kind, "precision_m": place.precision_m,
           "source": place.source, "citation": place.citation, "source_id": place.source_id,
           "country": place.country, "approximate": place.approximate, "reason": reason}
    return Location(place.name, (place.lat, place.lon), raw)


class OnlineChain:
    """Nominatim, rate limited and cached. `base_url` lets tests point it at a local server."""

    def __init__(self, base_url: str | None = None, cache_path: Path | None = None, min_delay: float = 1.0,
                 timeout: float = 10, error_wait: float = 5.0):
        base_url = base_url or os.environ.get("EVACMAP_NOMINATIM_URL") or "https://nominatim.openstreetmap.org"
        scheme, _, domain = base_url.partition("://")
        self.nominatim = Nominatim(user_agent=USER_AGENT, domain=domain.rstrip("/"), scheme=scheme,
                                   timeout=timeout)
        self.limited = RateLimiter(self.nominatim.geocode, min_delay_seconds=min_delay, max_retries=1,
                                   error_wait_seconds=error_wait, swallow_exceptions=False)
        self.cache_path = cache_path or cache_dir() / "nominatim.json"
        self.requests = 0

    def _cache(self) -> dict:
        try:
            return json.loads(self.cache_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def _save(self, cache: dict) -> None:
        try:
            write_atomic(self.cache_path,
                         json.dumps(cache, ensure_ascii=False, sort_keys=True, indent=1).encode("utf-8"))
        except OSError:
            pass  # answers not cached only cost another request next time

    def lookup(self, query: str) -> list[Place]:
        cache = self._cache()
        key = name_key(query)
        if key not in cache:
            self.requests += 1
            answer = self.limited(query, exactly_one=False, limit=5, addressdetails=False)
            cache[key] = [loc.raw for loc in (answer or [])]
            self._save(cache)
        return [nominatim_place(raw) for raw in cache[key]]


def nominatim_place(raw: dict) -> Place:
    lat, lon = float(raw["lat"]), float(raw["lon"])
    precision = 1000
    if raw.get("boundingbox"):
        s, n, w, e = map(float, raw["boundingbox"])
        half_diag_deg = math.hypot(n - s, (e - w) * math.cos(math.radians(lat))) / 2
        precision = max(50, int(half_diag_deg * 111_000))
    kind = {"country": "country", "state": "governorate", "city": "city", "town": "town", "village": "village",
            "suburb": "district", "neighbourhood": "district"}.get(str(raw.get("addresstype") or raw.get("type") or ""), "region")
    return Place(id=f"osm:{raw.get('osm_type', 'x')}:{raw.get('osm_id', raw.get('place_id'))}",
                 name=(raw.get("display_name") or "").split(",")[0] or raw.get("name", "?"), kind=kind,
                 lat=round(lat, 6), lon=round(lon, 6), precision_m=precision, source="nominatim",
                 citation=f"OpenStreetMap contributors (ODbL) via Nominatim: {raw.get('display_name', '')}",
                 source_id=f"osm:{raw.get('osm_type')}:{raw.get('osm_id')}")


class Geocoder(GeopyGeocoder):
    """evacmap's layers behind geopy's interface. Offline unless `online=True`."""

    def __init__(self, gazetteer: Gazetteer | None = None, *, overrides: Path | None = None,
                 online: bool | None = None, online_chain: OnlineChain | None = None, focus: str | None = None,
                 **kwargs):
        super().__init__(user_agent=USER_AGENT, **kwargs)
        self.gazetteer = gazetteer or Gazetteer.load(overrides=overrides, focus=focus)
        # Online only when asked: an explicit online=False wins even if a chain was passed.
        self.online = online if online is not None else online_chain is not None
        self._chain = online_chain

    @property
    def chain(self) -> OnlineChain:
        if self._chain is None:
            self._chain = OnlineChain()
        return self._chain

    def resolve(self, query: str) -> tuple[Place | None, list[Place], str]:
        best, alternatives, reason = self.gazetteer.resolve(query)
        if best is None and self.online:
            found = self.chain.lookup(query)
            if found:
                return found[0], found[1:], "not in the offline layers; Nominatim's first answer"
        return best, alternatives, reason

    def geocode(self, query: str, *, exactly_one: bool = True, timeout=None):
        best, alternatives, reason = self.resolve(query)
        if best is None or not best.resolved:
            return None
        if exactly_one:
            return place_location(best, reason)
        return [place_location(p, reason) for p in [best, *alternatives] if p.resolved]

    @staticmethod
    def place_json(place: Place) -> dict:
        return {"id": place.id, "name": place.name, "kind": place.kind, "lat": place.lat, "lon": place.lon,
                "precision_m": place.precision_m, "source": place.source, "citation": place.citation,
                "source_id": place.source_id, "country": place.country, "approximate": place.approximate}
