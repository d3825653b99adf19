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


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path` and rename it into place (raises OSError)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_pickle(path: Path) -> Any | None:
    """A cached value, or None when it is missing or unreadable (a stale or torn cache only costs time)."""
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        return None


def store_pickle(path: Path, value: Any) -> None:
    """Cache a value; a cache that cannot be written is not an error."""
    try:
        write_atomic(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass


def cached(name: str, version: str, build: Callable[[], Any]) -> Any:
    """Return the pickled value for (name, version), building and storing it when absent."""
    path = cache_dir() / f"{name}-{version}.pickle"
    value = read_pickle(path)
    if value is None:
        value = build()
        store_pickle(path, value)
    return value
