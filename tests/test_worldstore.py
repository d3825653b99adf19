"""The world index on disk: plain data files that load fast, never code, and a damaged file is a miss."""
from __future__ import annotations

import json
import logging

import numpy as np
import pytest

from evacmap.gazetteer.model import Place
from evacmap.gazetteer.text import Stream, tokenize
from evacmap.gazetteer.worldstore import build_index, load_index, save_index


def _places() -> list[Place]:
    def place(gid: int, name: str, *alts: str, pop: int = 1000) -> Place:
        return Place(id=f"gn:{gid}", name=name, kind="town", lat=10.0 + gid / 100, lon=20.0, precision_m=2000,
                     source="geonames", citation=f"GeoNames {gid}", source_id=f"geonames:{gid}", country="XX",
                     names=(name, *alts), population=pop)

    return [place(1, "New Haven", "Nieuw Haven"), place(2, "Haven"), place(3, "New South Wales", pop=8_000_000),
            place(4, "Ħaż-Żebbuġ", "Hazzebbug"), place(5, "New Haven")]


@pytest.fixture
def stored(tmp_path):
    index, files = build_index(_places(), "v1")
    folder = tmp_path / "world-index-v1"
    save_index(folder, files)
    return index, folder


def test_round_trip_gives_the_same_places_and_scan(stored):
    built, folder = stored
    loaded = load_index(folder, "v1")
    assert loaded is not None and len(loaded) == len(built) == 5
    assert [p.id for p in loaded.places_for("new haven")] == ["gn:1", "gn:5"]
    assert loaded.places_for("new haven") == built.places_for("new haven")
    assert loaded.places_for("hazebug") == built.places_for("hazebug") != []
    assert loaded.places_for_id("gn:3")[0].name == "New South Wales"
    assert loaded.places_for("nowhere") == []
    text = "From New Haven to New South Wales via Haven and New York."
    tokens = tokenize(text)
    hits = loaded.scan(Stream(tokens))
    assert [(text[tokens[i].start:tokens[j - 1].end]) for i, j, _ in hits] == [
        "New Haven", "Haven", "New South Wales", "Haven"]


def test_files_are_data_not_pickles(stored):
    _, folder = stored
    for path in folder.iterdir():
        assert not path.read_bytes().startswith(b"\x80"), f"{path.name} looks like a pickle"
    meta = json.loads((folder / "meta.json").read_text())
    assert meta["format"] == 1 and meta["places"] == 5
    np.load(folder / "ptr.npy", allow_pickle=False)  # raises if the array needed unpickling


@pytest.mark.parametrize("name", ["rows.jsonl", "keys.txt", "ptr.npy", "meta.json", "buckets.json"])
def test_a_damaged_file_is_a_reported_miss(stored, name, caplog):
    _, folder = stored
    data = bytearray((folder / name).read_bytes())
    data[len(data) // 2] ^= 0xFF
    (folder / name).write_bytes(bytes(data))
    with caplog.at_level(logging.WARNING, logger="evacmap"):
        assert load_index(folder, "v1") is None
    assert "rebuilding" in caplog.text


def test_a_truncated_file_or_another_version_is_a_miss(stored):
    _, folder = stored
    assert load_index(folder, "v2") is None
    (folder / "pos.npy").write_bytes((folder / "pos.npy").read_bytes()[:-4])
    assert load_index(folder, "v1") is None


def test_a_missing_folder_is_a_quiet_miss(tmp_path):
    assert load_index(tmp_path / "absent", "v1") is None


def test_a_killed_build_leaves_nothing_after_the_next(tmp_path):
    import subprocess
    import sys

    from evacmap.gazetteer.cache import _writer
    from evacmap.gazetteer.worldstore import sweep_partial

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True).stdout.strip()
    host = _writer().split("-")[0]
    left = tmp_path / f".world-index-v1-{host}-{dead}-abc123.tmp"
    left.mkdir()
    (left / "rows.jsonl").write_bytes(b"x" * 1000)
    mine = tmp_path / f".world-index-v1-{_writer()}-def456.tmp"  # a build still running: kept
    mine.mkdir()
    assert sweep_partial(tmp_path) == 1
    assert not left.exists() and mine.exists()
    _, files = build_index(_places(), "v1")
    save_index(tmp_path / "world-index-v1", files)
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name, "world-index-v1"]


@pytest.mark.parametrize("limit", [300_000, 3])
def test_scan_remembers_words_across_texts_without_changing_hits(stored, limit):
    """scan() remembers which words are or begin a name from one text to the next, and starts afresh past a
    bound: whatever it remembers, each text gets the hits a fresh index gives it."""
    built, folder = stored
    built.known_limit = limit
    texts = ["From New Haven to New South Wales via Haven and New York.", "Haven, then New Haven. New South",
             "New South Wales: Nieuw Haven and Hazzebbug", "NEW HAVEN new haven Haven Haven New Haven"]
    for text in texts * 2:
        fresh = load_index(folder, "v1")
        assert fresh is not None
        tokens = tokenize(text)
        assert built.scan(Stream(tokens)) == fresh.scan(Stream(tokens)), text



def test_lazy_keys_bisected_in_their_buckets_give_each_keys_rank():
    # LazyKeys decodes a bucket into its sorted list of keys and bisects it: every key of the project's articles
    # (and strings that only begin, extend or join keys) gets its rank in the sorted list, or none, as a dict of
    # all the keys gives them; the first and last keys of a bucket and of the whole list included
    import itertools

    from evacmap.gazetteer.worldstore import LazyKeys, bucket_table
    from tests.helpers import CORPUS_ARTICLES

    words = {tok for path in CORPUS_ARTICLES for tok in tokenize(path.read_text(encoding="utf-8")).keys}
    keys = sorted(words)
    blob, table = bucket_table(keys)
    asked = [*keys, *(k[:-1] for k in keys), *(k + "a" for k in keys), *(k + " " for k in keys),
             *(f"{a} {b}" for a, b in itertools.pairwise(keys)), "", "a", "zzzz", "\n", "\uffff"]
    ranks = {k: rank for rank, k in enumerate(keys)}
    assert len(keys) > 2000 and len(table) > 100
    lazy = LazyKeys(blob, table)
    assert [lazy.get(k) for k in asked] == [ranks.get(k) for k in asked]
    assert [k in lazy for k in asked] == [k in ranks for k in asked]


def test_an_id_is_found_by_bisection_in_rows_sorted_by_id(stored):
    built, folder = stored
    loaded = load_index(folder, "v1")
    assert built.ids_sorted and loaded is not None and loaded.ids_sorted
    for index in (built, loaded):
        assert [index.places_for_id(f"gn:{i}")[0].id for i in range(1, 6)] == [f"gn:{i}" for i in range(1, 6)]
        assert index._ids is None  # no table built
        for missing in ("gn:0", "gn:10", "gn:6", "", "zz", "gn:1 "):
            assert index.places_for_id(missing) == []


def test_unsorted_rows_are_looked_up_in_the_id_table():
    places = _places()
    index, files = build_index([places[2], places[0], places[4], places[1], places[3]], "v1")
    assert not index.ids_sorted and json.loads(files["meta.json"])["ids_sorted"] is False
    assert [index.places_for_id(f"gn:{i}")[0].id for i in range(1, 6)] == [f"gn:{i}" for i in range(1, 6)]
    assert index.places_for_id("gn:0") == []


def test_world_index_bisection_finds_what_the_id_table_finds():
    from evacmap.gazetteer.sources import world_index

    world = world_index()
    assert world.ids_sorted
    rows = [*range(0, len(world), 4999), len(world) - 1]
    ids = [world._row_id(i) for i in rows]
    assert all(ids) and ids == sorted(ids)
    found = [world.places_for_id(i)[0] for i in ids]
    world._ids = None
    world.ids_sorted = False  # the id table, as before
    assert [world.places_for_id(i)[0] for i in ids] == found
    world.ids_sorted = True
