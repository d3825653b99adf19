"""Per-article analysis on several processes gives exactly what one process gives, and the places table and
export index claims by place without changing a byte."""
from __future__ import annotations

import dataclasses
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evacmap.errors import BuildError

CORPORA = Path(__file__).resolve().parent / "corpora"


def site_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def sudan(evacmap_env):
    from evacmap.maps.parallel import GazetteerSpec
    from evacmap.maps.pipeline import open_corpus

    corpus, gazetteer = open_corpus(CORPORA / "sudan-2023")
    return corpus, gazetteer, GazetteerSpec.of(gazetteer, corpus.root / "places.csv", corpus.config.focus)


def test_pool_results_equal_one_process_results(sudan):
    from evacmap.maps.parallel import InProcessExecutor, PoolExecutor

    corpus, gazetteer, spec = sudan
    articles = list(corpus.articles)
    alone = list(InProcessExecutor().analyse(articles, gazetteer, spec))
    pooled = list(PoolExecutor(2, min_bytes=0).analyse(articles, gazetteer, spec))
    assert [r.article_id for r in pooled] == [a.id for a in articles]
    assert pooled == alone
    assert sum(len(r.claims) for r in pooled) > 0  # the comparison compares something


def test_workers_that_start_clean_load_the_gazetteer_and_agree(sudan):
    """With another thread running (a live progress bar) the pool does not fork this process: each worker
    loads the gazetteer from the disk cache itself, and must still give the same results."""
    from evacmap.maps.parallel import InProcessExecutor, PoolExecutor

    corpus, gazetteer, spec = sudan
    articles = list(corpus.articles)
    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        pooled = list(PoolExecutor(2, min_bytes=0).analyse(articles, gazetteer, spec))
    finally:
        stop.set()
    assert pooled == list(InProcessExecutor().analyse(articles, gazetteer, spec))


def test_a_worker_refuses_a_gazetteer_other_than_the_callers(sudan):
    from evacmap.maps.parallel import analyse_batch

    corpus, _, spec = sudan
    with pytest.raises(BuildError, match="gazetteer differs"):
        analyse_batch(corpus.articles[:1], dataclasses.replace(spec, version="0" * 16))
    with pytest.raises(BuildError, match="extraction code differs"):
        analyse_batch(corpus.articles[:1], dataclasses.replace(spec, version="1" * 16, code="0" * 16))


def test_results_come_back_in_submission_order_whatever_finishes_first():
    from evacmap.maps.parallel import _in_order

    def work(batch):
        time.sleep(0.05 * (5 - batch[0]))  # the first batch finishes last
        return [x * 10 for x in batch]

    with ThreadPoolExecutor(4) as pool:
        out = list(_in_order([[n] for n in range(5)], lambda b: pool.submit(work, b), window=3))
    assert out == [0, 10, 20, 30, 40]


def test_cli_build_on_two_processes_is_byte_identical_to_one(run_cli, tmp_path):
    corpus = CORPORA / "karabakh-2023"
    one = run_cli("build", corpus, "--out", tmp_path / "one", "--no-cache", env={"EVACMAP_WORKERS": "1"})
    assert one.returncode == 0, one
    two = run_cli("build", corpus, "--out", tmp_path / "two", "--no-cache", env={"EVACMAP_WORKERS": "2"})
    assert two.returncode == 0, two
    a, b = site_bytes(tmp_path / "one"), site_bytes(tmp_path / "two")
    assert sorted(a) == sorted(b)
    assert [name for name in a if a[name] != b[name]] == []


def test_bad_worker_count_is_one_clear_line(run_cli, tmp_path):
    result = run_cli("build", CORPORA / "karabakh-2023", "--out", tmp_path / "site", env={"EVACMAP_WORKERS": "two"})
    assert result.returncode == 1, result
    assert result.stderr.strip().splitlines() == ["evacmap: error: EVACMAP_WORKERS='two': expected a whole number "
                                                  "of processes, 1 or more"]


def test_places_table_and_export_list_each_claim_at_each_of_its_places(evacmap_env):
    """The per-place index gives what the definition gives: every claim drawn at a place, in claim order."""
    from evacmap.maps import exports
    from evacmap.maps.build import _claim_places, places_frame
    from evacmap.maps.pipeline import analyse, open_corpus

    corpus, gazetteer = open_corpus(None)
    prods = exports.products(analyse(corpus, gazetteer))
    claim_places = _claim_places(prods)
    frame = places_frame(prods, {})
    assert len(frame) > 0
    for _, row in frame.iterrows():
        expected = [c.id for c in prods.claims if any(pid == row["id"] for pid, _ in claim_places.get(c.id, []))]
        assert [c["claim_id"] for c in row["claims"]] == expected
    features = exports.places_geojson(prods)["features"]
    assert any(f["properties"]["claims"] for f in features)
    for feature in features:
        assert feature["properties"]["claims"] == [c.id for c in prods.claims if feature["id"] in c.places]
