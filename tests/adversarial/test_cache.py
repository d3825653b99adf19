"""A cache folder someone else can write: nothing in it runs, no edited entry is believed, and a corrupt
entry is a miss that is rebuilt and reported once, never an error that breaks every command."""
from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

from evacmap.gazetteer.cache import cache_dir, cached, read_signed

SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "samples" / "aleppo-2016"

HEADER = len(b"EVACMAP-DATA-3\n") + 32  # magic, then the HMAC-SHA256 of the JSON that follows


class Payload:
    """Unpickling this creates a file: the proof that a planted pickle ran code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


@pytest.mark.parametrize("prefix", [b"", b"EVACMAP-SIGNED-1\n" + b"\0" * 32])
def test_planted_pickle_never_runs(tmp_path, monkeypatch, prefix):
    monkeypatch.setenv("EVACMAP_CACHE", str(tmp_path / "cache"))
    marker = tmp_path / "ran"
    path = cache_dir() / "world-index-planted.pickle"
    path.parent.mkdir(parents=True)
    path.write_bytes(prefix + pickle.dumps(Payload(marker)))
    assert read_signed(path) is None
    assert cached("world-index", "planted", lambda: "rebuilt") == "rebuilt"
    assert not marker.exists()


def _vandalise(path: Path, how: str) -> None:
    raw = path.read_bytes()
    if how == "truncated":
        path.write_bytes(raw[: len(raw) // 2])
    elif how == "flipped":
        path.write_bytes(raw[:40] + bytes([raw[40] ^ 0x55]) + raw[41:])
    elif how == "number-edited":  # the edit that published 9,000 for 3,000
        path.write_bytes(raw.replace(b"3000", b"9000").replace(b'"value":3', b'"value":9'))
    elif how == "unsigned-json":
        path.write_bytes(raw[HEADER:])
    elif how == "pickle":
        path.write_bytes(pickle.dumps({"article_id": "x"}))
    elif how == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif how == "folder":
        path.unlink()
        path.mkdir()
    elif how == "dev-zero":
        path.unlink()
        os.symlink("/dev/zero", path)
    elif how == "fifo":
        path.unlink()
        os.mkfifo(path)


@pytest.fixture(scope="module")
def primed(tmp_path_factory, run_cli, evacmap_env) -> tuple[Path, Path, str]:
    """The sample corpus, the article cache a first `claims` run over it filled (the session's world index
    linked in) and that run's output: made once for the corruption tests, each of which vandalises a copy of
    the cache (the entries are the same bytes for every test: the analysis is deterministic)."""
    from evacmap.gazetteer.gazetteer import world_index

    world_index()
    root = tmp_path_factory.mktemp("primed")
    corpus = Path(shutil.copytree(SAMPLE, root / "corpus"))
    cache = root / "cache"
    cache.mkdir()
    for f in Path(evacmap_env["EVACMAP_CACHE"]).glob("world-index-*"):  # the world index is a folder of data files
        os.symlink(f, cache / f.name)
    first = run_cli("claims", corpus, "--json", env={"EVACMAP_CACHE": str(cache)})
    assert first.returncode == 0, first
    return corpus, cache, first.stdout


@pytest.mark.parametrize("how", ["truncated", "flipped", "number-edited", "unsigned-json", "pickle", "binary",
                                 "folder", "dev-zero", "fifo"])
def test_corrupt_entries_are_misses_rebuilt_and_reported(run_cli, primed, tmp_path, how):
    corpus, primed_cache, first = primed
    private_cache = {"EVACMAP_CACHE": str(shutil.copytree(primed_cache, tmp_path / "cache", symlinks=True))}
    entries = [p for p in Path(private_cache["EVACMAP_CACHE"]).rglob("*.json") if p.is_file()]
    assert entries
    before = {p: p.read_bytes() for p in entries}
    for path in entries:
        _vandalise(path, how)
    changed = any(not p.is_file() or p.is_symlink() or p.read_bytes() != before[p] for p in entries)
    again = run_cli("claims", corpus, "--json", env=private_cache)
    assert again.returncode == 0, again
    assert again.json() == json.loads(first)
    assert changed and "ignored cache file" in again.stderr, again
    third = run_cli("claims", corpus, "--json", env=private_cache)  # rebuilt: no note the next time
    assert third.returncode == 0 and third.json() == json.loads(first)


def test_cache_entries_are_json_not_pickle(run_cli, corpus, private_cache):
    assert run_cli("claims", corpus, "--json", env=private_cache).returncode == 0
    for path in Path(private_cache["EVACMAP_CACHE"]).rglob("*.json"):
        raw = path.read_bytes()
        assert raw.startswith(b"EVACMAP-DATA-")
        body = json.loads(raw[HEADER:])
        assert body["format"] >= 3 and "kind" in body


def test_an_edited_world_index_is_not_believed(tmp_path, evacmap_env):
    """Someone who can write a shared cache moves a city by editing the world index's rows (same length, with
    meta.json's checksum updated): the index must be a miss, not a map that places the city elsewhere."""
    import shutil
    import zlib

    from evacmap.gazetteer.cache import signing_key
    from evacmap.gazetteer.sources import _world_folder, _world_version, world_index
    from evacmap.gazetteer.worldstore import load_index

    world_index()
    folder = Path(shutil.copytree(_world_folder(), tmp_path / _world_folder().name))
    key = signing_key()
    assert key is not None and load_index(folder, _world_version(), key) is not None  # the untouched copy loads
    rows = folder / "rows.jsonl"
    raw = rows.read_bytes()
    at = raw.index(b'"city",') + len(b'"city",')
    digit = raw[at:at + 1] if raw[at:at + 1] != b"-" else raw[at + 1:at + 2]
    edited = raw[:at] + raw[at:].replace(digit, b"1" if digit != b"1" else b"2", 1)
    rows.write_bytes(edited)
    meta = json.loads((folder / "meta.json").read_text())
    meta["files"]["rows.jsonl"] = [len(edited), zlib.crc32(edited)]
    (folder / "meta.json").write_text(json.dumps(meta, indent=1, sort_keys=True))
    assert edited != raw
    assert load_index(folder, _world_version(), key) is None
    meta["signed"] = False  # nor is an index that claims to be unsigned, while this user has a key
    (folder / "meta.json").write_text(json.dumps(meta, indent=1, sort_keys=True))
    assert load_index(folder, _world_version(), key) is None
