"""One root for every error evacmap reports to a user.

Each error also subclasses the built-in it refines (as geopy's errors do), so callers that already catch
``ValueError`` or ``OSError`` keep working, while the CLI catches exactly one type: :class:`EvacmapError`.
The message of an ``EvacmapError`` is one line meant for a person: it names the file and the problem.
"""
from __future__ import annotations

__all__ = [
    "AssetError",
    "BuildError",
    "CacheError",
    "CorpusError",
    "EvacmapError",
    "EvaluationDataError",
    "GazetteerDataError",
    "InputError",
    "ZoneFileError",
]


class EvacmapError(Exception):
    """The root: a problem evacmap can explain in one line (bad input, a broken install, a failed build)."""


class InputError(EvacmapError, ValueError):
    """Something the user gave us (a file, an option, a name) cannot be used as it is."""


class CorpusError(InputError):
    """A corpus folder, its articles or its ``evacmap.toml`` cannot be read."""


class GazetteerDataError(InputError):
    """A places file, a GeoNames dump or an imported layer is malformed."""


class ZoneFileError(InputError):
    """A zone file is not valid GeoJSON of dated control polygons."""


class EvaluationDataError(InputError):
    """A geoparsing test set given to the benchmark cannot be read."""


class BuildError(CorpusError):
    """A build cannot complete (output folder unusable, locked, or a page failed to render)."""


class AssetError(EvacmapError, RuntimeError):
    """A file the installed packages should ship (Leaflet, Natural Earth) is missing: a broken install."""


class CacheError(EvacmapError, OSError):
    """The cache folder cannot be used (not a folder, not writable)."""
