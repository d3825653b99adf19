"""The per-article analysis cache of one corpus as one signed base file plus one small delta file.

One file per article meant 10,000 opens, MAC checks and fsyncs for a 10,000-article corpus, and the generic
decoder (`gazetteer.cache.from_data`, which inspects type hints at every value) cost more than the analysis
it saved. Here:

- A corpus's entries (cache key -> encoded `ArticleResult`) live in `articles/corpus-<id>.json` (the base)
  and `articles/corpus-<id>.delta.json` (entries added since the base was written, naming the base they
  extend). A rebuild after one article changed writes a delta of a few entries, not the whole base; the base
  is rewritten (and entries of articles no longer in the corpus dropped) once the delta outgrows a fraction
  of it.
- Both files are `gazetteer.cache` data entries (signed JSON, never code): an edited, torn or foreign file
  is a miss, reported once, and every article it held is analysed again.
- Values are encoded by a codec compiled once per dataclass from its type hints: a dataclass is the list
  of its fields in order, and decoding checks each field's type as `from_data` does. The codec's shape (the
  field names and types) is part of the entry kind, so a changed dataclass is a miss, not a misread.
- Entries stay in their encoded form until an article asks for them, so writing a new base re-encodes
  nothing.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import hashlib
import math
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

from evacmap.gazetteer.cache import cache_dir, load_plain, report, store_plain

__all__ = ["ArticleCache", "codec"]

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]

_NON_FINITE = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}


def _float_encode(v: Any) -> Any:
    f = float(v)
    return f if math.isfinite(f) else ("nan" if math.isnan(f) else ("inf" if f > 0 else "-inf"))


def _float_decode(d: Any) -> float:
    if isinstance(d, (int, float)) and not isinstance(d, bool):
        return float(d)
    if isinstance(d, str) and d in _NON_FINITE:
        return _NON_FINITE[d]
    raise ValueError(f"expected a number, found {type(d).__name__}")


def _exact(tp: type) -> Decode:
    def decode(d: Any) -> Any:
        if type(d) is not tp:
            raise ValueError(f"expected {tp.__name__}, found {type(d).__name__}")
        return d
    return decode


def _date_decode(tp: type) -> Decode:
    def decode(d: Any) -> Any:
        if not isinstance(d, str):
            raise ValueError("expected an ISO date")
        return typing.cast(Any, tp).fromisoformat(d)
    return decode


def _optional(inner: tuple[Encode, Decode]) -> tuple[Encode, Decode]:
    enc, dec = inner
    return (lambda v: None if v is None else enc(v)), (lambda d: None if d is None else dec(d))


def _sequence(inner: tuple[Encode, Decode], as_tuple: bool) -> tuple[Encode, Decode]:
    enc, dec = inner

    def decode(d: Any) -> Any:
        if not isinstance(d, list):
            raise ValueError("expected a list")
        items = [dec(x) for x in d]
        return tuple(items) if as_tuple else items
    return (lambda v: [enc(x) for x in v]), decode


def _dataclass(cls: type) -> tuple[Encode, Decode]:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    parts = [codec(hints[f.name]) for f in fields]
    encoders = tuple(p[0] for p in parts)
    decoders = tuple(p[1] for p in parts)

    def encode(v: Any) -> list:
        return [enc(getattr(v, name)) for name, enc in zip(names, encoders, strict=True)]

    def decode(d: Any) -> Any:
        if not isinstance(d, list) or len(d) != len(decoders):
            raise ValueError(f"{cls.__name__}: expected a list of {len(decoders)} fields")
        return cls(*[dec(x) for dec, x in zip(decoders, d, strict=True)])
    return encode, decode


@functools.cache
def codec(tp: Any) -> tuple[Encode, Decode]:
    """(encode, decode) for a type: evacmap dataclasses, lists and tuples of one type, optional types, str,
    int, bool, float (non-finite values as strings), dates. Anything else is a TypeError when compiled."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1 or len(args) != 2:
            raise TypeError(f"no codec for the union {tp}")
        return _optional(codec(rest[0]))
    if origin in (list, tuple):
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            raise TypeError(f"no codec for the fixed tuple {tp}")
        return _sequence(codec(args[0]), origin is tuple)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    if tp is float:
        return _float_encode, _float_decode
    if tp in (str, int, bool):
        return (lambda v: v), _exact(tp)
    if tp in (dt.date, dt.datetime):
        return (lambda v: v.isoformat()), _date_decode(tp)
    raise TypeError(f"no codec for {tp}")


@functools.cache
def _shape(tp: Any) -> str:
    """A hash of the field names and types of every dataclass `tp` holds: part of the entry kind."""
    seen: dict[str, str] = {}

    def walk(t: Any) -> None:
        for arg in typing.get_args(t):
            walk(arg)
        if isinstance(t, type) and dataclasses.is_dataclass(t):
            key = f"{t.__module__}:{t.__qualname__}"
            if key not in seen:
                hints = typing.get_type_hints(t)
                seen[key] = ",".join(f"{f.name}={hints[f.name]}" for f in dataclasses.fields(t))
                for f in dataclasses.fields(t):
                    walk(hints[f.name])
    walk(tp)
    return hashlib.sha256(repr(sorted(seen.items())).encode()).hexdigest()[:12]


class ArticleCache:
    """The cached results of one corpus's articles, keyed by each article's cache key (maps.pipeline).

    `get` decodes one entry (None on a miss or an entry that does not decode); `put` records a new result;
    `save` writes what changed: nothing when nothing did, else a delta, or a new base once the delta would
    hold more than `rebase` of the entries in use."""

    def __init__(self, corpus_id: str, tp: Any, *, use: bool = True, folder: Path | None = None,
                 rebase: float = 0.125):
        self.tp = tp
        self.kind = f"article-results-{_shape(tp)}"
        stem = hashlib.sha256(corpus_id.encode()).hexdigest()[:16]
        folder = folder or cache_dir() / "articles"
        self.base_path = folder / f"corpus-{stem}.json"
        self.delta_path = folder / f"corpus-{stem}.delta.json"
        self.rebase = rebase
        self.base_id = ""
        self.base: dict[str, Any] = {}
        self.delta: dict[str, Any] = {}
        self.added: dict[str, Any] = {}
        self.used: list[str] = []
        if use:
            self._load()

    def _load(self) -> None:
        base = load_plain(self.base_path, self.kind)
        if not (isinstance(base, dict) and isinstance(base.get("id"), str) and isinstance(base.get("entries"), dict)):
            return
        self.base_id, self.base = base["id"], base["entries"]
        delta = load_plain(self.delta_path, self.kind)
        if isinstance(delta, dict) and delta.get("base") == self.base_id and isinstance(delta.get("entries"), dict):
            self.delta = delta["entries"]

    def get(self, key: str) -> Any | None:
        """The cached value for `key`, or None. Every key asked for counts as in use (see `save`)."""
        self.used.append(key)
        raw = self.delta.get(key, self.base.get(key))
        if raw is None:
            return None
        try:
            return codec(self.tp)[1](raw)
        except (ValueError, TypeError, IndexError, RecursionError) as err:
            report(self.base_path, f"an entry does not decode ({type(err).__name__})")
            return None

    def put(self, key: str, value: Any) -> None:
        self.added[key] = codec(self.tp)[0](value)

    def save(self) -> None:
        """Write what `put` added since loading: a delta naming the base, or a new base of the entries in use."""
        if not self.added:
            return
        used = dict.fromkeys(self.used)
        delta = {k: v for k, v in self.delta.items() if k in used and k not in self.added} | self.added
        if self.base_id and len(delta) <= max(16, self.rebase * len(used)):
            store_plain(self.delta_path, self.kind, {"base": self.base_id, "entries": delta})
            return
        merged = {**self.base, **self.delta, **self.added}
        entries = {k: merged[k] for k in used if k in merged}
        base_id = hashlib.sha256(repr(sorted(entries)).encode() + self.base_id.encode()).hexdigest()[:24]
        if store_plain(self.base_path, self.kind, {"id": base_id, "entries": entries}):
            try:
                self.delta_path.unlink(missing_ok=True)  # it names the old base: ignored anyway
            except OSError:
                pass
