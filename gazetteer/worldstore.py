"""The world layer's name index on disk as plain data: JSON, text and numpy arrays, never a pickle.

A folder `world-index-<version>/` in the cache holds:

- `meta.json`: the format number, the version (data packages + code hash), counts, and each file's size and
  its BLAKE2b MAC under this user's cache key (the key that signs every other cache entry; CRC-32 only when
  no private key exists), checked before anything else is read: an index in a shared cache that someone
  else wrote or edited is a miss, never believed;
- `keys.txt`: the indexed name keys, one a line, sorted; `prefixes.txt`: every word-prefix of a multi-word
  key ("new" and "new south" for "new south wales"), so a scan stops at the first word no name continues;
  `buckets.json`: where each run of keys sharing their first two characters starts, so a run is decoded
  into a dict only when a text first needs it (loading every key would cost ~0.3 s);
- `ptr.npy`, `pos.npy`: for key k, the place rows `pos[ptr[k]:ptr[k + 1]]` (CSR layout, int32);
- `rows.jsonl` and `offsets.npy`: one JSON array per place (the Place fields in order), decoded only for a
  place someone looks at, through a memory map.

Loading maps the files and reads only the small tables (a few ms); a file that is
missing, torn, corrupted or of another format is a cache miss, rebuilt and reported once. Nothing read is
executed: numpy arrays are loaded with allow_pickle=False and rows are JSON.
"""
from __future__ import annotations

import bisect
import contextlib
import dataclasses
import gc
import hashlib
import hmac
import itertools
import json
import logging
import mmap
import operator
import os
import re
import shutil
import tempfile
import zlib
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from evacmap.gazetteer.index import usable_key
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import name_key

__all__ = ["FORMAT", "WorldIndex", "build_index", "collector_paused", "load_index", "save_index", "sweep_partial"]

FORMAT = 1
_FIELDS = [f.name for f in dataclasses.fields(Place)]
_NAMES = _FIELDS.index("names")
_ROW_ID = re.compile(rb'\["((?:[^"\\]|\\.)*)"')  # the id that opens each row's JSON array
_FILES = ("keys.txt", "prefixes.txt", "buckets.json", "ptr.npy", "pos.npy", "rows.jsonl", "offsets.npy")
log = logging.getLogger("evacmap")


class LazyKeys:
    """Sorted keys (one a line in `blob`) → their rank, decoded one bucket (first two characters) at a time
    into a sorted list searched by bisection: a dict of each bucket a text touches cost half the time of
    finding the places of a set of short articles (TR-News), and a bucket's words are already in order."""

    def __init__(self, blob: bytes | mmap.mmap, table: dict[str, list[int]]):
        self._blob, self._table = blob, table  # bucket -> [rank of its first key, byte start, byte end]
        self._loaded: dict[str, tuple[int, list[str]]] = {}  # bucket -> (rank of its first key, its keys)

    def _bucket(self, head: str) -> tuple[int, list[str]]:
        found = self._loaded.get(head)
        if found is None:
            entry = self._table.get(head)
            found = (0, []) if entry is None else (
                entry[0], bytes(self._blob[entry[1]:entry[2]]).decode("utf-8").split("\n"))
            self._loaded[head] = found
        return found

    def get(self, key: str) -> int | None:
        first, words = self._bucket(key[:2])
        k = bisect.bisect_left(words, key)
        return first + k if k < len(words) and words[k] == key else None

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None


def bucket_table(keys: list[str]) -> tuple[bytes, dict[str, list[int]]]:
    """The sorted keys as one blob and the bucket table LazyKeys reads."""
    table: dict[str, list[int]] = {}
    position = 0
    for rank, key in enumerate(keys):
        size = len(key.encode("utf-8"))
        entry = table.get(key[:2])
        if entry is None:
            table[key[:2]] = [rank, position, position + size]
        else:
            entry[2] = position + size
        position += size + 1
    return "\n".join(keys).encode("utf-8"), table


class WorldIndex:
    """The world layer's index, with the interface of index.NameIndex (scan, places_for, place, …)."""

    name = "world"
    keys: tuple[str, ...] = ()  # the world layer takes no part in the fuzzy step
    by_skeleton: dict[str, list[str]] = {}  # noqa: RUF012 (read-only, shared)
    known_limit = 300_000  # the most words scan() remembers across texts before it starts afresh

    def __init__(self, version: str, *, keys: LazyKeys, prefixes: LazyKeys, ptr: np.ndarray,
                 pos: np.ndarray, rows: bytes | mmap.mmap, offsets: np.ndarray, ids_sorted: bool = False):
        self.version = version
        self.ids_sorted = ids_sorted  # rows in increasing id order: an id is found by bisection
        self._lookup, self._prefixes = keys, prefixes
        self._ptr, self._pos, self._rows, self._offsets = ptr, pos, rows, offsets
        self._cache: dict[int, Place] = {}
        self._by_key: dict[str, tuple[Place, ...]] = {}  # a long article names the same towns again and again
        self._ids: dict[str, int] | None = None
        self._known: dict[str, tuple[bool, bool]] = {}  # what scan() asked the index (see _ask)
        self._live: set[str] = set()
        self.names_indexed = len(ptr) - 1

    def __len__(self) -> int:
        return len(self._offsets) - 1

    def place(self, i: int) -> Place:
        found = self._cache.get(i)
        if found is None:
            row = json.loads(self._rows[int(self._offsets[i]):int(self._offsets[i + 1])])
            if len(row) != len(_FIELDS):
                raise ValueError(f"world index row {i}: {len(row)} fields, not {len(_FIELDS)}")
            row[_NAMES] = tuple(row[_NAMES])
            found = self._cache[i] = Place(*row)  # the row holds the fields in their order
        return found

    @property
    def places(self) -> list[Place]:
        return [self.place(i) for i in range(len(self))]

    def places_for(self, key: str) -> list[Place]:
        """The places named `key`, as a new list (callers may filter it in place)."""
        found = self._by_key.get(key)
        if found is None:
            k = self._lookup.get(key)
            rows = [] if k is None else self._pos[int(self._ptr[k]):int(self._ptr[k + 1])].tolist()
            found = self._by_key[key] = tuple(self.place(i) for i in rows)
        return list(found)

    def _row_id(self, i: int) -> str | None:
        m = _ROW_ID.match(self._rows, int(self._offsets[i]))
        if m is None:
            return None
        raw = m.group(1)
        return raw.decode() if b"\\" not in raw else json.loads(b'"' + raw + b'"')

    def _bisect_id(self, place_id: str) -> int | None:
        """The row of `place_id` in rows sorted by id, in about 18 row reads: building the id table took
        0.3-0.6 s, in every build that asked for one world place by id."""
        lo, hi = 0, len(self)
        while lo < hi:
            mid = (lo + hi) // 2
            found = self._row_id(mid)
            if found is None:
                raise ValueError("a row without an id")
            if found < place_id:
                lo = mid + 1
            else:
                hi = mid
        return lo if lo < len(self) and self._row_id(lo) == place_id else None

    def places_for_id(self, place_id: str) -> list[Place]:
        if self.ids_sorted and self._ids is None:
            try:
                row = self._bisect_id(place_id)
                return [] if row is None else [self.place(row)]
            except (ValueError, UnicodeDecodeError):
                self.ids_sorted = False  # not as the meta said: the whole table, below
        if self._ids is None:  # only `get` by id needs it: built on first use, one regex match per row
            self._ids = {}
            rows = self._rows
            for i, start in enumerate(self._offsets[:-1].tolist()):
                m = _ROW_ID.match(rows, start)
                if m is None:
                    continue
                raw = m.group(1)
                self._ids[raw.decode() if b"\\" not in raw else json.loads(b'"' + raw + b'"')] = i
        row = self._ids.get(place_id)
        return [] if row is None else [self.place(row)]

    def scan(self, stream) -> list[tuple[int, int, str]]:
        """Every (first token, end token, key) whose run of token keys is an indexed name: a dictionary
        walk from each word, extended while the words so far begin some longer name."""
        keys = stream.keys
        n = len(keys)
        hits = []
        known, live = self._known, self._live
        if len(known) > self.known_limit:  # (bounded; never cleared mid-scan, which reads `live` lazily)
            known.clear()
            live.clear()
        for word in set(keys).difference(known):
            self._ask(word)
        # the walk starts only at the words that are or begin a name, picked out by C-level iteration
        for i in itertools.compress(range(n), map(live.__contains__, keys)):
            key, j = keys[i], i + 1
            named, begins = known[key]
            if named:
                hits.append((i, j, key))
            while begins and j < n:
                key = f"{key} {keys[j]}"
                j += 1
                named, begins = known.get(key) or self._ask(key)
                if named:
                    hits.append((i, j, key))
        return hits

    def _ask(self, key: str) -> tuple[bool, bool]:
        """Is `key` a name, and does it begin a longer one? Remembered across texts (news repeat their words),
        with the words that are either in `_live`; "#" is a word the caller blanked out."""
        status = self._known[key] = (key in self._lookup, key in self._prefixes)
        if (status[0] or status[1]) and key != "#":
            self._live.add(key)
        return status


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Building the world layer makes about a million small objects (places, name tuples, key lists) and
    no reference cycles: the cyclic garbage collector, triggered every few hundred allocations, walked the
    ever-growing heap again and again, a third of the build's time. It is paused while the index is built."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _digest(content: bytes | mmap.mmap, key: bytes | None) -> str | int:
    """A file's MAC under `key` (keyed BLAKE2b: as fast as the CRC it replaces), or its CRC-32 without a key."""
    if key is None:
        return zlib.crc32(content)
    return hashlib.blake2b(content, key=key, digest_size=32).hexdigest()


def build_index(places: list[Place], version: str, secret: bytes | None = None) -> tuple[WorldIndex, dict[str, bytes]]:
    """The index of `places` and the bytes of its files (meta.json included), signed with `secret` if given."""
    by_key: dict[str, list[int]] = defaultdict(list)
    for i, place in enumerate(places):
        for name in place.names:
            key = name_key(name)
            if usable_key(key) and (not by_key[key] or by_key[key][-1] != i):
                by_key[key].append(i)
    keys = sorted(by_key)
    prefixes = sorted({" ".join(words[:n]) for key in keys if " " in key
                       for words in [key.split(" ")] for n in range(1, len(words))})
    rows_of = list(map(by_key.__getitem__, keys))  # (C-level iteration: a generator per key cost ~0.5 s)
    lengths = np.fromiter(map(len, rows_of), dtype=np.int64, count=len(keys))
    ptr = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int32)
    pos = np.fromiter(itertools.chain.from_iterable(rows_of), dtype=np.int32, count=int(ptr[-1]))
    # one encoder for every row (json.dumps with options builds a new one per call) and the fields as a tuple,
    # which JSON writes as the same array
    encode, fields = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode, operator.attrgetter(*_FIELDS)
    rows = [encode(fields(p)).encode() for p in places]
    offsets = np.concatenate([[0], np.cumsum([len(r) for r in rows])]).astype(np.int64)
    blob = b"".join(rows)
    key_blob, key_table = bucket_table(keys)
    prefix_blob, prefix_table = bucket_table(prefixes)
    buckets = {"keys": key_table, "prefixes": prefix_table}
    files = {"keys.txt": key_blob, "prefixes.txt": prefix_blob,
             "buckets.json": json.dumps(buckets, ensure_ascii=False, sort_keys=True).encode(),
             "ptr.npy": _npy(ptr), "pos.npy": _npy(pos), "rows.jsonl": blob, "offsets.npy": _npy(offsets)}
    ids_sorted = all(a.id < b.id for a, b in itertools.pairwise(places))
    meta = {"format": FORMAT, "version": version, "places": len(places), "keys": len(keys), "signed": secret is not None,
            "ids_sorted": ids_sorted,
            "files": {name: [len(data), _digest(data, secret)] for name, data in files.items()}}
    files["meta.json"] = json.dumps(meta, indent=1, sort_keys=True).encode()
    index = WorldIndex(version, keys=LazyKeys(key_blob, key_table), prefixes=LazyKeys(prefix_blob, prefix_table),
                       ptr=ptr, pos=pos, rows=blob, offsets=offsets, ids_sorted=ids_sorted)
    return index, files


def _npy(array: np.ndarray) -> bytes:
    import io

    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()


def save_index(folder: Path, files: dict[str, bytes]) -> None:
    """Write the files into a temporary folder beside `folder` and rename it into place: a reader sees the
    whole index or none. A cache that cannot be written is not an error (the index is rebuilt next time)."""
    from evacmap.gazetteer.cache import _writer

    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{folder.name}-{_writer()}-", suffix=".tmp"))
    except OSError:
        return
    try:
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        if folder.exists():  # a damaged copy (a concurrent build's complete one would have loaded)
            shutil.rmtree(folder, ignore_errors=True)
        os.replace(tmp, folder)
    except OSError:
        pass
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def sweep_partial(cache: Path) -> int:
    """Remove the temporary folders of world-index builds that were killed (their writer is gone; named as
    cache.write_atomic names its temporaries); returns how many."""
    from evacmap.gazetteer.cache import sweep_temporaries

    return sweep_temporaries(cache, ".world-index-*.tmp", folders=True)


def load_index(folder: Path, version: str, key: bytes | None = None) -> WorldIndex | None:
    """The index stored in `folder`, or None when it is absent; a damaged or mismatched one is reported
    (once, as a warning) and treated as absent."""
    meta_path = folder / "meta.json"
    if not meta_path.exists():
        return None
    try:
        return _load(folder, version, key)
    except (OSError, ValueError, KeyError, TypeError, IndexError, UnicodeDecodeError) as err:
        log.warning("world index cache %s is unreadable (%s); rebuilding it", folder, err)
        return None


def _load(folder: Path, version: str, key: bytes | None) -> WorldIndex:
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    if meta.get("format") != FORMAT or meta.get("version") != version or set(meta["files"]) != set(_FILES):
        raise ValueError("written by another version")
    if key is not None and meta.get("signed") is not True:
        raise ValueError("not signed with this user's cache key")
    data: dict[str, bytes | mmap.mmap] = {}
    for name in _FILES:
        size, expected = meta["files"][name]
        with open(folder / name, "rb") as handle:
            if os.fstat(handle.fileno()).st_size != size:
                raise ValueError(f"{name} has the wrong size")
            content: bytes | mmap.mmap = (mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size
                                          else b"")
        found = _digest(content, key)
        if not hmac.compare_digest(str(found), str(expected)):
            raise ValueError(f"{name} fails its {'signature' if key is not None else 'checksum'}")
        data[name] = content
    arrays = {}
    for name in ("ptr.npy", "pos.npy", "offsets.npy"):
        import io

        arrays[name] = np.load(io.BytesIO(bytes(data[name])), allow_pickle=False)
    buckets = json.loads(bytes(data["buckets.json"]))
    for table, blob in ((buckets["keys"], data["keys.txt"]), (buckets["prefixes"], data["prefixes.txt"])):
        if not all(isinstance(v, list) and len(v) == 3 and 0 <= v[1] <= v[2] <= len(blob) for v in table.values()):
            raise ValueError("bucket table out of range")
    ptr, pos, offsets = arrays["ptr.npy"], arrays["pos.npy"], arrays["offsets.npy"]
    if (len(ptr) != meta["keys"] + 1 or len(offsets) != meta["places"] + 1
            or int(ptr[-1]) != len(pos) or int(offsets[-1]) != len(data["rows.jsonl"])
            or (len(pos) and (int(pos.min()) < 0 or int(pos.max()) >= meta["places"]))):
        raise ValueError("inconsistent arrays")
    return WorldIndex(version, keys=LazyKeys(data["keys.txt"], buckets["keys"]),
                      prefixes=LazyKeys(data["prefixes.txt"], buckets["prefixes"]),
                      ptr=ptr, pos=pos, rows=data["rows.jsonl"], offsets=offsets, ids_sorted=meta.get("ids_sorted") is True)
