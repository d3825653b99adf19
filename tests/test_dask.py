"""`evacmap build --scheduler` on a real dask.distributed cluster of worker processes gives the same bytes as
a local build, and a scheduler that cannot be used is one clear error."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

CORPORA = Path(__file__).resolve().parent / "corpora"


def site_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def cluster(evacmap_env):
    """Two worker processes (one thread each, as on two machines) that inherit the session's EVACMAP_CACHE,
    so they load the world index the session built instead of building their own."""
    from evacmap.gazetteer import Gazetteer

    Gazetteer.load()  # the world index on disk before the workers start
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, memory_limit="1GiB",
                                  dashboard_address=None, silence_logs=40) as local, \
            distributed.Client(local) as client:
        yield local, client


def test_build_on_a_dask_cluster_is_byte_identical_to_a_local_build_and_the_scheduler_may_come_from_the_environment(
        cluster, run_cli, built_site, tmp_path):
    from evacmap.maps.parallel import loaded_versions

    local_cluster, client = cluster
    corpus = CORPORA / "sudan-2023"
    local = built_site(corpus)  # the local build (in-process, one worker), once per test run
    there = run_cli("build", corpus, "--out", tmp_path / "dask", "--no-cache",
                    "--scheduler", local_cluster.scheduler_address, timeout=120)
    assert there.returncode == 0, there
    a, b = site_bytes(local), site_bytes(tmp_path / "dask")
    assert sorted(a) == sorted(b)
    assert [name for name in a if a[name] != b[name]] == []
    # The articles were analysed on the cluster: its worker processes loaded the gazetteer.
    assert any(client.run(loaded_versions).values())

    # The scheduler named by EVACMAP_SCHEDULER instead of --scheduler (one article is enough: what is checked
    # is that the build goes to the cluster the variable names). In this test, not one of its own: one
    # cluster of worker processes per test run, whichever xdist worker runs it.
    one = tmp_path / "one"
    one.mkdir()
    shutil.copy(sorted((CORPORA / "karabakh-2023" / "articles").iterdir())[0], one)
    result = run_cli("build", one, "--out", tmp_path / "site", "--no-cache",
                     env={"EVACMAP_SCHEDULER": local_cluster.scheduler_address}, timeout=120)
    assert result.returncode == 0, result
    assert (tmp_path / "site" / "index.html").is_file()


def test_an_unreachable_scheduler_is_one_clear_error(evacmap_env):
    from evacmap.corpus.articles import load_corpus
    from evacmap.errors import BuildError
    from evacmap.maps.parallel import DaskExecutor, GazetteerSpec

    corpus = load_corpus(CORPORA / "karabakh-2023")
    spec = GazetteerSpec(None, None, "0" * 16, "0" * 16)
    with pytest.raises(BuildError, match=re.escape("cannot use the Dask scheduler at 'tcp://127.0.0.1:9'")):
        list(DaskExecutor("tcp://127.0.0.1:9", timeout=2).analyse(list(corpus.articles), None, spec))
