"""Reading files of a corpus folder someone else wrote: confined to the folder, bounded in size."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from evacmap.errors import CorpusError

__all__ = ["confined", "corpus_file", "read_bounded"]


def confined(root: Path, path: Path) -> Path:
    """`path` with every symlink resolved, refused (CorpusError) when it lands outside the corpus folder:
    a link in a folder someone else wrote must not publish a file from elsewhere on this machine."""
    real = Path(os.path.realpath(path))
    if not real.is_relative_to(Path(os.path.realpath(root))):
        raise CorpusError(f"{path}: links outside the corpus folder (to {real}); copy the file in instead")
    return real


def corpus_file(root: Path, name: str) -> Path | None:
    """An optional file of the corpus folder (places.csv...): None when absent, refused when it leads
    outside the folder or is not a regular file."""
    path = root / name
    if not os.path.lexists(path):
        return None
    real = confined(root, path)
    if not real.is_file():
        raise CorpusError(f"{path}: not a regular file")
    return real


def read_bounded(path: Path, limit: int, shown: Path | None = None) -> bytes:
    """A regular file's bytes, its size checked before reading (a 3 GB file is refused unread) and the read
    itself bounded (a file that grows meanwhile cannot exhaust memory). Raises CorpusError naming `shown`."""
    shown = shown or path
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise CorpusError(f"{shown}: cannot read ({err.strerror})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise CorpusError(f"{shown}: not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > limit:
            raise CorpusError(f"{shown}: {info.st_size:,} bytes is too large (limit {limit:,})")
        try:
            raw = handle.read(limit + 1)
        except OSError as err:
            raise CorpusError(f"{shown}: cannot read ({err.strerror})") from None
    if len(raw) > limit:
        raise CorpusError(f"{shown}: more than {limit:,} bytes (limit {limit:,})")
    return raw
