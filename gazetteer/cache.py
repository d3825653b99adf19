"""An on-disk cache for what is slow to build, keyed by data and code version. Its files are data, not code.

The folder is $EVACMAP_CACHE, else ~/.cache/evacmap: it may be shared, or planted, so nothing read from it
is trusted. Two kinds of entry:

- data entries (`store_data` / `load_data`): versioned JSON of plain values and evacmap dataclasses (see
  `to_data` / `from_data`), behind the same per-user HMAC as below (an edited figure in a shared cache
  would otherwise be published as the article's). Decoding only builds dataclasses of the evacmap package
  from typed fields; it never runs code named by the file.
- signed entries (`cached`): bytes prefixed with an HMAC-SHA256 keyed by a per-user secret kept in a 0700
  folder of this user's (see `key_dir`; never the cache folder). Only the world index still uses this, because its
  Aho-Corasick automaton has no data form; a file whose signature does not verify is never unpickled.

Any entry that is missing, torn, of another version, or fails to decode is a miss: the value is rebuilt and
the problem is reported once per file on stderr. A cache that cannot be written is not an error either.
Files are written to a temporary name and renamed, so a reader never sees half a file.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import hashlib
import hmac
import importlib
import json
import os
import pickle
import secrets
import shutil
import socket
import stat
import sys
import tempfile
import types
import typing
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["DATA_FORMAT", "cache_dir", "cached", "from_data", "load_data", "load_plain", "read_signed", "report",
           "signing_key", "source_hash", "store_data", "store_plain", "store_signed", "sweep_cache",
           "sweep_temporaries", "to_data", "write_atomic"]

DATA_FORMAT = 3  # bump when the layout of data entries changes
_SIGNED_MAGIC = b"EVACMAP-SIGNED-1\n"
_DATA_MAGIC = b"EVACMAP-DATA-3\n"  # then the HMAC-SHA256 of the JSON that follows
_reported: set[str] = set()


def source_hash(*modules: ModuleType) -> str:
    """A hash of the source files of `modules` (a package counts with every module in its folder, and with
    the data files it reads, in its `data` folder: a word list is code too).

    Cache keys include it, so any edit of the code or data that computed a cached value invalidates that value:
    no version number to remember to bump.
    """
    digest = hashlib.sha256()
    for module in modules:
        paths = ([sorted(Path(p).glob("*.py")) + sorted(q for q in Path(p).glob("data/**/*") if q.is_file())
                  for p in module.__path__] if hasattr(module, "__path__") else [[Path(str(module.__file__))]])
        for path in (q for group in paths for q in group):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    return Path(os.environ.get("EVACMAP_CACHE") or Path.home() / ".cache" / "evacmap")


def report(path: Path, problem: str) -> None:
    """Say once per file that a cache entry was ignored (it is rebuilt): silent misses hide a planted file."""
    key = str(path)
    if key in _reported:
        return
    _reported.add(key)
    text = f"evacmap: note: ignored cache file {path.name}: {problem}; rebuilding it"
    try:
        sys.stderr.write("".join(ch if ch.isprintable() else "?" for ch in text) + "\n")
    except (OSError, ValueError):
        pass


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `path`, flush it to disk and rename it into place (raises
    OSError). A kill at any point leaves either the old file or the new one, plus at most a `.name-*`
    temporary that `sweep_temporaries` removes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-{_writer()}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _writer() -> str:
    """This process, as named in its temporaries: a hash of the host, and the pid."""
    host = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]
    return f"{host}-{os.getpid()}"


def _abandoned(name: str, age: float) -> bool:
    """A temporary whose writer is gone: a dead process of this host, or anything older than a day."""
    if age > 86_400:
        return True
    parts = name.rsplit("-", 3)
    if len(parts) < 4 or not parts[2].isdigit() or f"{parts[1]}-{parts[2]}" == _writer():
        return False
    if parts[1] != _writer().split("-")[0]:
        return False  # another machine's writer (a shared cache): only age tells
    try:
        os.kill(int(parts[2]), 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False
    return False


def sweep_temporaries(folder: Path, pattern: str = ".*.tmp", *, folders: bool = False) -> int:
    """Remove the temporaries of writers that were killed (see `write_atomic`); returns how many.

    `pattern` names them in `folder`; with `folders`, they are temporary folders (removed whole), else files.
    """
    import time

    removed = 0
    try:
        entries = list(folder.glob(pattern))
    except OSError:
        return 0
    for entry in entries:
        try:
            info = entry.lstat()
            kind_ok = stat.S_ISDIR(info.st_mode) if folders else stat.S_ISREG(info.st_mode)
            if kind_ok and _abandoned(entry.name, time.time() - info.st_mtime):
                if folders:
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def sweep_cache() -> int:
    """Sweep the cache folder and its sub-folders (articles/, duplicates/...) of killed writers' temporaries:
    a world index killed mid-write leaves tens of MB. Returns how many files were removed."""
    root = cache_dir()
    try:
        folders = [root, *(p for p in root.iterdir() if p.is_dir() and not p.is_symlink())]
    except OSError:
        return 0
    return sum(sweep_temporaries(folder) for folder in folders)


MAX_ENTRY_BYTES = 1 << 30  # no cache entry is larger; a planted link to /dev/zero or a huge file is refused


def _read_entry(path: Path) -> bytes | None:
    """The bytes of a cache entry: a regular file (a link may lead to one: the content is checked anyway) of
    bounded size, so a link to /dev/zero or a FIFO cannot hang or exhaust memory. None when absent; a problem
    is reported once."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as err:
        report(path, err.strerror or "cannot be read")
        return None
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
                report(path, "not a regular file of a sensible size")
                return None
            return handle.read(MAX_ENTRY_BYTES + 1)
    except OSError as err:
        report(path, err.strerror or "cannot be read")
        return None


# --- data entries -----------------------------------------------------------------------------------------

def to_data(value: Any) -> Any:
    """A JSON-ready form of plain values and dataclasses. Dataclasses carry their class name, so untyped
    fields (a bare `list`) can be rebuilt; dates become ISO strings; tuples become lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        out = {"__class__": f"{cls.__module__}:{cls.__qualname__}"}
        for f in dataclasses.fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} as data")


def _dataclass_named(tag: str) -> type:
    """The evacmap dataclass a data entry names. Only our own package's dataclasses are accepted."""
    module_name, _, qualname = tag.partition(":")
    if not module_name.startswith("evacmap.") or not qualname.isidentifier():
        raise ValueError(f"class {tag!r} is not an evacmap dataclass")
    cls = getattr(importlib.import_module(module_name), qualname, None)
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise ValueError(f"class {tag!r} is not an evacmap dataclass")
    return cls


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], tuple[dataclasses.Field, ...]]:
    """A dataclass's resolved type hints and fields, once per class: resolving hints evaluates every
    annotation string, which was most of the time of loading a cache of many articles."""
    return typing.get_type_hints(cls), dataclasses.fields(cls)


def _build_dataclass(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise ValueError(f"{cls.__name__}: expected an object")
    tag = data.get("__class__")
    if tag is not None and tag != f"{cls.__module__}:{cls.__qualname__}":
        raise ValueError(f"{cls.__name__}: entry holds {tag!r}")
    hints, fields = _shape(cls)
    kwargs = {}
    for f in fields:
        if f.name in data:
            kwargs[f.name] = from_data(hints.get(f.name, Any), data[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"{cls.__name__}: field {f.name!r} is missing")
    return cls(**kwargs)


def _untyped(data: Any) -> Any:
    if isinstance(data, dict) and "__class__" in data:
        return _build_dataclass(_dataclass_named(str(data["__class__"])), data)
    if isinstance(data, list):
        return [_untyped(v) for v in data]
    if isinstance(data, dict):
        return {k: _untyped(v) for k, v in data.items()}
    return data


def _scalar(tp: Any, data: Any) -> Any:
    if tp is bool:
        if not isinstance(data, bool):
            raise ValueError("expected a boolean")
        return data
    if tp is float and isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    if tp in (int, str) and type(data) is tp:
        return data
    if tp is dt.date and isinstance(data, str):
        return dt.date.fromisoformat(data)
    if tp is dt.datetime and isinstance(data, str):
        return dt.datetime.fromisoformat(data)
    raise ValueError(f"expected {getattr(tp, '__name__', tp)}, found {type(data).__name__}")


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from `to_data`'s form, checking every field's type (raises ValueError)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any or tp is object or tp in (list, tuple, dict):
        value = _untyped(data)
        return tuple(value) if tp is tuple and isinstance(value, list) else value
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return from_data(arg, data)
            except (ValueError, TypeError) as err:
                errors.append(str(err))
        raise ValueError("; ".join(errors) or "no type matches")
    if origin in (list, tuple):
        if not isinstance(data, list):
            raise ValueError("expected a list")
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise ValueError("tuple of the wrong length")
            return tuple(from_data(a, v) for a, v in zip(args, data, strict=True))
        items = [from_data(args[0] if args else Any, v) for v in data]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(data, dict):
            raise ValueError("expected an object")
        return {k: from_data(args[1] if args else Any, v) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _build_dataclass(tp, data)
    return _scalar(tp, data)


def store_data(path: Path, kind: str, value: Any) -> None:
    """Cache `value` (plain data and evacmap dataclasses) as JSON behind this user's HMAC; a cache that cannot
    be written (or no private key) is skipped."""
    key = signing_key()
    if key is None:
        return
    body = {"format": DATA_FORMAT, "kind": kind, "data": to_data(value)}
    try:
        payload = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        write_atomic(path, _DATA_MAGIC + hmac.new(key, payload, "sha256").digest() + payload)
    except (OSError, ValueError):
        pass


def store_plain(path: Path, kind: str, value: Any) -> bool:
    """`store_data` for a value that is already plain JSON data (lists, dicts, strings, numbers), stored as
    it is: a caller with its own typed codec (maps.articlecache) skips the generic, per-value `to_data`.
    True when written."""
    key = signing_key()
    if key is None:
        return False
    body = {"format": DATA_FORMAT, "kind": kind, "data": value}
    try:
        payload = json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
        write_atomic(path, _DATA_MAGIC + hmac.new(key, payload, "sha256").digest() + payload)
    except (OSError, ValueError):
        return False
    return True


def load_plain(path: Path, kind: str) -> Any | None:
    """The plain data stored by `store_plain`, or None on a miss (absent, torn, unsigned, another kind),
    reported once like `load_data`. The caller checks the data's shape."""
    key = signing_key()
    raw = _read_entry(path)
    if raw is None or key is None:
        return None
    head = len(_DATA_MAGIC)
    mac, payload = raw[head:head + 32], raw[head + 32:]
    if not raw.startswith(_DATA_MAGIC) or not hmac.compare_digest(mac, hmac.new(key, payload, "sha256").digest()):
        report(path, "its signature does not match this user's key (written elsewhere or altered)")
        return None
    try:
        body = json.loads(payload)
        if not isinstance(body, dict) or body.get("format") != DATA_FORMAT or body.get("kind") != kind:
            raise ValueError("another format or kind of entry")
        return body["data"]
    except (ValueError, KeyError, RecursionError) as err:
        report(path, f"not a valid {kind} entry ({type(err).__name__})")
        return None


def load_data(path: Path, kind: str, tp: Any = Any) -> Any | None:
    """The value stored by `store_data` as type `tp`, or None on a miss. Anything wrong with the file (torn,
    not JSON, another format or kind, a field of the wrong type) is a miss, reported once; an edited number
    would be published as the article's, so only what this user signed is believed."""
    data = load_plain(path, kind)
    if data is None:
        return None
    try:
        return from_data(tp, data)
    except (ValueError, TypeError, KeyError, RecursionError, ImportError, AttributeError) as err:
        report(path, f"not a valid {kind} entry ({type(err).__name__})")
        return None


# --- signed entries (the world index, until it has a data format) -----------------------------------------

def key_dir() -> Path:
    """Where the per-user signing secret lives: $EVACMAP_KEYS, else $XDG_CONFIG_HOME/evacmap/keys (by default
    ~/.config/evacmap/keys): never beside the cache, which may be shared."""
    if os.environ.get("EVACMAP_KEYS"):
        return Path(os.environ["EVACMAP_KEYS"])
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "evacmap" / "keys"


def _create_key(path: Path) -> None:
    """Write a new secret unless another process just did: linked into place, never replaced, so two first
    runs at once end up signing with the same key."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-{_writer()}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(secrets.token_bytes(32))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o600)
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)


def signing_key() -> bytes | None:
    """The per-user secret that signs cache entries, created on first use in a 0700 folder. None when the
    folder is not private to this user (then nothing signed is read or written)."""
    folder = key_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = folder.lstat()
        if folder.is_symlink() or info.st_uid != os.getuid():
            raise PermissionError("not owned by this user")
        if info.st_mode & 0o077:
            os.chmod(folder, 0o700)
        path = folder / "cache.key"
        if not path.exists():
            _create_key(path)
        key_info = path.lstat()
        if path.is_symlink() or key_info.st_uid != os.getuid() or key_info.st_size != 32:
            raise PermissionError("key file is not this user's")
        return path.read_bytes()
    except OSError as err:
        report(folder, f"no private signing key ({err.strerror or err}); the cache is not used")
        return None


def _signed_path(name: str, version: str) -> Path:
    return cache_dir() / f"{name}-{version}.pickle"


def read_signed(path: Path, key: bytes | None = None) -> Any | None:
    """A value stored by `store_signed`, or None (a miss) unless its HMAC verifies with this user's key."""
    key = key or signing_key()
    raw = _read_entry(path) if key else None
    if raw is None or key is None:
        return None
    head = len(_SIGNED_MAGIC)
    mac, payload = raw[head:head + 32], raw[head + 32:]
    if not raw.startswith(_SIGNED_MAGIC) or not hmac.compare_digest(mac, hmac.new(key, payload, "sha256").digest()):
        report(path, "its signature does not match this user's key (written elsewhere or altered)")
        return None
    try:
        return pickle.loads(payload)  # signed by this user's own key: written by evacmap for this user
    except Exception as err:  # a signed but unreadable entry (another library version): a miss
        report(path, f"cannot be decoded ({type(err).__name__})")
        return None


def store_signed(path: Path, value: Any, key: bytes | None = None) -> None:
    """Pickle `value` behind an HMAC of this user's key; skipped when there is no key or no room."""
    key = key or signing_key()
    if key is None:
        return
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        write_atomic(path, _SIGNED_MAGIC + hmac.new(key, payload, "sha256").digest() + payload)
    except OSError:
        pass


def cached(name: str, version: str, build: Callable[[], Any]) -> Any:
    """Return the value for (name, version), building and storing it when absent or not trustworthy."""
    key = signing_key()
    path = _signed_path(name, version)
    value = read_signed(path, key) if key else None
    if value is None:
        value = build()
        store_signed(path, value, key)
    return value
