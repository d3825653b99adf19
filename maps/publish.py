"""Publishing a built site into `--out` so that a kill at any instant leaves either the old site or the new one.

- One lock per output folder (`.<out>.lock` beside it). The lock file is never deleted: deleting it on
  release would let a second build lock a fresh file while a third still holds the old one.
- The new site is written into `.<out>.tmp-*` beside the output, then exchanged with the old one in one
  system call (Linux renameat2 RENAME_EXCHANGE): there is no instant without a site at `--out`. Where the
  call is missing, two renames are used and a kill between them is repaired by the next build.
- Every build first sweeps what a killed build left (temporaries, the previous site awaiting deletion) and
  restores a site that a kill left renamed away.

Set EVACMAP_KILL_AT to a checkpoint name to make the process kill itself there with SIGKILL: the kill tests
(tests/adversarial, benchmarks/kills.py) use it to stop a build at each step between writes.
"""
from __future__ import annotations

import ctypes
import errno
import os
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from filelock import FileLock, Timeout

from evacmap.errors import BuildError

__all__ = ["MARKER", "checkpoint", "exchange", "leftovers", "output_lock", "publish", "sweep"]

MARKER = ".evacmap-site"  # marks a folder as evacmap's own output, so it may be replaced
T = TypeVar("T")
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2


def checkpoint(name: str) -> None:
    """A named point between two writes; kills this process there when EVACMAP_KILL_AT names it."""
    if os.environ.get("EVACMAP_KILL_AT") == name:
        os.kill(os.getpid(), signal.SIGKILL)


def _cannot(out: Path, err: OSError) -> BuildError:
    where = f" ({err.filename})" if err.filename else ""
    return BuildError(f"{out}: cannot write the site: {err.strerror or err}{where}")


@contextmanager
def output_lock(out: Path) -> Iterator[None]:
    """Hold the output folder's lock, or fail at once with a one-line BuildError."""
    path = out.parent / f".{out.name}.lock"
    if path.is_symlink():
        raise BuildError(f"{path}: the lock file is a symbolic link; remove it")
    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise BuildError(f"{out}: another evacmap build is writing this folder (lock {path})") from None
    except OSError as err:
        raise _cannot(out, err) from None
    try:
        yield
    finally:
        lock.release()


def leftovers(out: Path) -> list[Path]:
    """What killed builds of `out` may have left beside it."""
    try:
        return sorted(p for p in out.parent.iterdir()
                      if p.name.startswith((f".{out.name}.tmp-", f".{out.name}.old-")))
    except OSError:
        return []


def _remove(path: Path) -> None:
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


def sweep(out: Path) -> list[str]:
    """Repair and clean after killed builds (call with the lock held). A site renamed away by a kill between
    two renames is put back; every other leftover is removed. Returns what was done, one line each."""
    done = []
    if not os.path.lexists(out):
        olds = [p for p in leftovers(out) if ".old-" in p.name and (p / MARKER).is_file()]
        if olds:
            newest = max(olds, key=lambda p: p.stat().st_mtime)
            os.replace(newest, out)
            done.append(f"restored {out.name} from {newest.name}")
    for path in leftovers(out):
        _remove(path)
        done.append(f"removed {path.name}")
    return done


def _renameat2_exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically. False when the system cannot (no renameat2, or a filesystem without it)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.renameat2
    except (OSError, AttributeError):
        return False
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    call.restype = ctypes.c_int
    if call(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def exchange(tmp: Path, out: Path) -> None:
    """Put `tmp` at `out`; the old site (if any) ends up at `tmp` and is deleted. Never leaves `out` missing
    where renameat2 exists; elsewhere a kill between the two renames is repaired by `sweep`."""
    if not os.path.lexists(out):
        os.rename(tmp, out)
        checkpoint("after-swap")
        return
    if _renameat2_exchange(tmp, out):
        checkpoint("after-swap")
        _remove(tmp)
        return
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    os.replace(out, old)
    checkpoint("between-renames")
    os.replace(tmp, out)
    checkpoint("after-swap")
    _remove(old)


def publish(out: Path, write: Callable[[Path], T]) -> T:
    """Run `write(folder)` into a fresh temporary folder beside `out`, then exchange it with `out`. Any
    failure (full disk, read-only folder) leaves the old site and no temporary, and is one BuildError."""
    try:
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=out.parent))
    except OSError as err:
        raise _cannot(out, err) from None
    try:
        checkpoint("tmp-created")
        result = write(tmp)
        os.chmod(tmp, 0o755)
        checkpoint("before-swap")
        exchange(tmp, out)
        return result
    except OSError as err:
        _remove(tmp)
        raise _cannot(out, err) from None
    except BaseException:
        _remove(tmp)
        raise
