"""Near-duplicate articles (one wire story carried by two outlets) in time linear in the corpus size.

Each article becomes a set of word 5-gram shingles, hashed to 64 bits. A MinHash signature (128 hashes) of
that set is cut into 32 bands of 4 rows; two articles sharing a band are candidates (locality-sensitive
hashing: a pair at Jaccard similarity 0.6 shares a band with probability 0.99, a pair at 0.2 with 0.05).
Only candidates are compared exactly, so the work grows with the number of articles, not their pairs.

The result depends only on the articles' ids and bytes, so it is cached under a hash of them: a command run
on an unchanged corpus does no shingling at all. Hashing is seeded with constants (never Python's `hash`,
which changes per process), so the same corpus gives the same pairs on every machine.

datasketch implements the same scheme, but importing it pulls in scipy.integrate (1.3 s), more than this
whole step costs on 10,000 articles; numpy (already required by geopandas) is enough.
"""
from __future__ import annotations

import hashlib
import re
import zlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from evacmap.corpus.model import Article

__all__ = ["THRESHOLD", "Duplicate", "find_duplicates"]

THRESHOLD = 0.6  # Jaccard similarity of word 5-gram shingles from which two articles are near-duplicates
_N = 5
_PERMS, _BANDS = 128, 32
_ROWS = _PERMS // _BANDS
_VERSION = "minhash-1"
_WORD = re.compile(r"\w+")
_rng = np.random.default_rng(20161215)
_A = _rng.integers(1, 2**63, size=_PERMS, dtype=np.uint64) | np.uint64(1)
_B = _rng.integers(0, 2**63, size=_PERMS, dtype=np.uint64)
_MIX = np.array([0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5,
                 0xFF51AFD7ED558CCD], dtype=np.uint64)


@dataclass(frozen=True)
class Duplicate:
    first: str
    second: str
    similarity: float  # Jaccard similarity of word 5-gram shingles


def shingles(text: str) -> np.ndarray:
    """The sorted distinct 64-bit hashes of the text's word 5-grams (a short text is one shingle)."""
    words = _WORD.findall(text.lower())
    if not words:
        return np.zeros(0, dtype=np.uint64)
    ids = np.fromiter((zlib.crc32(w.encode()) for w in words), dtype=np.uint64, count=len(words))
    n = max(1, len(ids) - _N + 1)
    padded = np.concatenate([ids, np.zeros(_N, dtype=np.uint64)])
    with np.errstate(over="ignore"):
        acc = np.zeros(n, dtype=np.uint64)
        for k in range(min(_N, len(ids))):
            acc = (acc ^ padded[k:k + n]) * _MIX[k]
    return np.unique(acc)


def signature(hashes: np.ndarray) -> np.ndarray:
    """The MinHash signature of a shingle set, in bounded memory (chunks of 4,096 shingles)."""
    sig = np.full(_PERMS, np.iinfo(np.uint64).max, dtype=np.uint64)
    with np.errstate(over="ignore"):
        for i in range(0, len(hashes), 4096):
            chunk = hashes[i:i + 4096, None]
            sig = np.minimum(sig, (chunk * _A + _B).min(axis=0))
    return sig


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    if not len(a) or not len(b):
        return 0.0
    shared = len(np.intersect1d(a, b, assume_unique=True))
    return shared / (len(a) + len(b) - shared)


def corpus_key(articles: Sequence[Article]) -> str:
    """What the result depends on: the articles' ids and bytes, and this algorithm."""
    digest = hashlib.sha256(_VERSION.encode())
    for a in articles:
        digest.update(f"{a.id}\0{a.sha256}\0".encode())
    return digest.hexdigest()[:32]


def find_duplicates(articles: Sequence[Article], threshold: float = THRESHOLD) -> list[Duplicate]:
    """Identical or near-identical articles, each pair once, in the articles' order."""
    sets = [shingles(a.text) for a in articles]
    buckets: dict[tuple[int, bytes], list[int]] = defaultdict(list)
    for i, hashes in enumerate(sets):
        if not len(hashes):
            continue
        sig = signature(hashes)
        for band in range(_BANDS):
            buckets[(band, sig[band * _ROWS:(band + 1) * _ROWS].tobytes())].append(i)
    candidates = {(i, j) for members in buckets.values() if len(members) > 1
                  for k, i in enumerate(members) for j in members[k + 1:]}
    out = []
    for i, j in sorted(candidates):
        sim = jaccard(sets[i], sets[j])
        if sim >= threshold:
            out.append(Duplicate(articles[i].id, articles[j].id, round(sim, 3)))
    return out
