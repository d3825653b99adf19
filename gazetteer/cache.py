"""An on-disk cache for what is slow to build (the world layer's index), keyed by data and code version.

The folder is $EVACMAP_CACHE, else ~/.cache/evacmap. A cache that cannot be written is not an error: the
work is simply redone next time. Files are written to a temporary name and renamed, so a reader never sees
half a file.
"""
from __future__ import annotations

import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, Callable


def cache_dir() -> Path:
    return Path(os.environ.get("EVACMAP_CACHE") or Path.home() / ".cache" / "evacmap")


def cached(name: str, version: str, build: Callable[[], Any]) -> Any:
    """Return the pickled value for (name, version), building and storing it when absent."""
    path = cache_dir() / f"{name}-{version}.pickle"
    try:
        with open(path, "rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    value = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{name}-")
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass
    return value
