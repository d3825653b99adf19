"""An on-disk cache for what is slow to build (the world layer's index), keyed by data and code version.

The folder is $EVACMAP_CACHE, else ~/.cache/evacmap. A cache that cannot be written is not an error: the
work is simply redone next time. Files are written to a temporary name and renamed, so a reader never sees
half a file.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any


def source_hash(*modules: ModuleType) -> str:
    """A hash of the source files of `modules` (a package counts with every module in its folder).

    Cache keys include it, so any edit of the code that computed a cached value invalidates that value:
    no version number to remember to bump.
    """
    digest = hashlib.sha256()
    for module in modules:
        paths = (sorted(Path(p).glob("*.py") for p in module.__path__) if hasattr(module, "__path__")
                 else [[Path(str(module.__file__))]])
        for path in (q for group in paths for q in group):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


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
