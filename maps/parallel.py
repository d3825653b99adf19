"""Where per-article analysis runs: in this process, in a local process pool, or on a Dask cluster.

Analysing one article depends only on the article and the gazetteer, so articles can be analysed anywhere
and in any order; the caller receives the results in the order it passed the articles, so the output is the
same bytes whichever executor ran them. A worker process loads the gazetteer once (a forked worker
inherits the parent's; any other loads it from the on-disk cache that `EVACMAP_CACHE` points to) and
refuses to work with a gazetteer or extraction code that differs from the caller's: results computed with
other data or code would silently differ.

- `local_executor()`: a process pool sized to the machine (`EVACMAP_WORKERS` overrides; 1 means in-process).
- `DaskExecutor(address)`: a `dask.distributed` scheduler, e.g. tcp://10.0.0.5:8786 (`evacmap build
  --scheduler`, or `EVACMAP_SCHEDULER`). Each Dask worker needs evacmap installed at the same version.
"""
from __future__ import annotations

import functools
import gc
import os
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor as _StdExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from evacmap.errors import BuildError

if TYPE_CHECKING:
    from evacmap.corpus.actors import Actors
    from evacmap.corpus.model import Article
    from evacmap.gazetteer import Gazetteer
    from evacmap.maps.pipeline import ArticleResult

__all__ = ["DaskExecutor", "Executor", "GazetteerSpec", "InProcessExecutor", "PoolExecutor", "default_workers",
           "executor_for", "local_executor"]

# Forking two warmed workers and collecting their results costs ~0.2 s on a 2-core machine, about what
# analysing this much text in-process costs, so fewer misses than this are analysed in-process.
MIN_POOL_BYTES = 16_000


@dataclass(frozen=True)
class GazetteerSpec:
    """What a worker needs to analyse the caller's articles: the corpus's places.csv (its bytes, so a
    remote worker needs no access to the corpus folder), the focus country, the corpus's [actors] aliases,
    and the versions the caller's results are keyed by, which the worker's own gazetteer and code must match."""

    overrides: bytes | None
    focus: str | None
    version: str
    code: str
    actors: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, gazetteer: Gazetteer, overrides: Path | None, focus: str | None,
           actors: Mapping[str, Sequence[str]] | None = None) -> GazetteerSpec:
        from evacmap.maps.pipeline import _code_version

        data = Path(overrides).read_bytes() if overrides is not None and Path(overrides).is_file() else None
        aliases = tuple(sorted((str(k), tuple(v)) for k, v in (actors or {}).items()))
        return cls(data, focus, gazetteer.version, _code_version(), aliases)


# --- the worker side --------------------------------------------------------------------------------------

_LOADED: dict[str, Gazetteer] = {}  # gazetteer version -> gazetteer, once per process
_LOCK = threading.Lock()


def _gazetteer(spec: GazetteerSpec) -> Gazetteer:
    """This process's gazetteer for `spec`: inherited (fork), else loaded once from the disk cache."""
    with _LOCK:
        if spec.version in _LOADED:
            return _LOADED[spec.version]
        from evacmap.gazetteer import Gazetteer
        from evacmap.maps.pipeline import _code_version

        if _code_version() != spec.code:
            raise BuildError(f"worker {_host()}: its evacmap extraction code differs from the caller's "
                             f"({_code_version()} vs {spec.code}): install the same evacmap version on every worker")
        with tempfile.TemporaryDirectory(prefix="evacmap-worker-") as tmp:
            overrides = None
            if spec.overrides is not None:
                overrides = Path(tmp) / "places.csv"
                overrides.write_bytes(spec.overrides)
            gazetteer = Gazetteer.load(overrides=overrides, focus=spec.focus)
        if gazetteer.version != spec.version:
            raise BuildError(f"worker {_host()}: its gazetteer differs from the caller's ({gazetteer.version} vs "
                             f"{spec.version}): install the same evacmap version and the same imported layers "
                             "(EVACMAP_HOME) on every worker")
        _LOADED[spec.version] = gazetteer
        return gazetteer


def _host() -> str:
    import socket

    return f"{socket.gethostname()} (pid {os.getpid()})"


def _init_worker(spec: GazetteerSpec) -> None:
    """Pool initializer: load the gazetteer before the first article, once per process."""
    _gazetteer(spec)


@functools.lru_cache(maxsize=4)
def _actors(aliases: tuple[tuple[str, tuple[str, ...]], ...]) -> Actors:
    """The corpus's actor lexicon, built once per process."""
    from evacmap.corpus.actors import corpus_actors

    return corpus_actors(dict(aliases))


def _analyse_one(article: Article, spec: GazetteerSpec) -> ArticleResult:
    from evacmap.maps.pipeline import analyse_article

    return analyse_article(article, _gazetteer(spec), spec.focus, _actors(spec.actors))


def analyse_batch(articles: Sequence[Article], spec: GazetteerSpec) -> list[ArticleResult]:
    """Analyse a batch of articles in this process (the unit of work sent to a Dask worker)."""
    return [_analyse_one(a, spec) for a in articles]


def loaded_versions() -> list[str]:
    """The gazetteer versions this process has loaded (tests ask Dask workers whether they did the work)."""
    return sorted(_LOADED)


# --- executors --------------------------------------------------------------------------------------------

class Executor:
    """Runs `analyse_article` over articles and yields the results in the articles' order."""

    name = "in-process"

    def analyse(self, articles: Sequence[Article], gazetteer: Gazetteer, spec: GazetteerSpec) -> Iterator[ArticleResult]:
        raise NotImplementedError


class InProcessExecutor(Executor):
    """One process, one article after the other: the reference every other executor must match."""

    def analyse(self, articles, gazetteer, spec):
        from evacmap.maps.pipeline import analyse_article

        for article in articles:
            yield analyse_article(article, gazetteer, spec.focus, _actors(spec.actors))


def default_workers() -> int:
    """The cores this process may use, or EVACMAP_WORKERS."""
    env = os.environ.get("EVACMAP_WORKERS", "").strip()
    if env:
        if not env.isdigit() or int(env) < 1:
            raise BuildError(f"EVACMAP_WORKERS={env!r}: expected a whole number of processes, 1 or more")
        return int(env)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


class PoolExecutor(Executor):
    """A local process pool. Small batches run in-process: starting workers would cost more than it saves."""

    def __init__(self, workers: int, min_bytes: int = MIN_POOL_BYTES):
        self.workers = workers
        self.min_bytes = min_bytes
        self.name = f"{workers} local processes"

    def analyse(self, articles, gazetteer, spec):
        """The first article runs here: it warms this process's lazy caches (sentence splitter, word lists),
        which forked workers then inherit instead of each warming its own."""
        inline = InProcessExecutor()
        yield from inline.analyse(articles[:1], gazetteer, spec)
        rest = articles[1:]
        if self.workers < 2 or len(rest) < 2 or sum(len(a.text) for a in rest) < self.min_bytes:
            yield from inline.analyse(rest, gazetteer, spec)
            return
        workers = min(self.workers, len(rest))
        chunk = max(1, min(16, len(rest) // (workers * 8)))
        inherited = spec.version not in _LOADED
        gc.freeze()  # objects alive now are shared with the workers: keep the collector from touching (copying) them
        try:
            with _pool(workers, gazetteer, spec) as pool:
                yield from pool.map(_analyse_one, rest, [spec] * len(rest), chunksize=chunk)
        finally:
            gc.unfreeze()
            if inherited:  # handed to forked workers only; this process keeps its own reference
                _LOADED.pop(spec.version, None)


def _pool(workers: int, gazetteer: Gazetteer, spec: GazetteerSpec) -> _StdExecutor:
    """Forked workers share the parent's loaded gazetteer (copy-on-write), so they start at once. Forking a
    process that runs other threads (a live progress bar) is unsafe; then the workers start clean and load
    the gazetteer from the disk cache."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context: multiprocessing.context.BaseContext
    if "fork" in methods and threading.active_count() == 1:
        _LOADED.setdefault(spec.version, gazetteer)
        context = multiprocessing.get_context("fork")
    else:
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(spec,))


def local_executor() -> Executor:
    workers = default_workers()
    return PoolExecutor(workers) if workers > 1 else InProcessExecutor()


class DaskExecutor(Executor):
    """Per-article analysis on a dask.distributed cluster, in batches of up to `batch` articles (fewer
    round trips), with a bounded number in flight so a large corpus does not sit in the scheduler's memory
    all at once."""

    def __init__(self, address: str, batch: int = 16, timeout: float = 30):
        self.address = address
        self.batch = batch
        self.timeout = timeout
        self.name = f"Dask scheduler {address}"

    def _client(self):
        try:
            from distributed import Client
        except ImportError:
            raise BuildError("--scheduler needs Dask: install evacmap with its dask extra "
                             "(pip install 'evacmap[dask]')") from None
        try:
            return Client(self.address, timeout=self.timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as err:
            detail = str(err).splitlines()[0][:200] if str(err) else type(err).__name__
            raise BuildError(f"cannot use the Dask scheduler at {self.address!r}: {detail}") from None

    def analyse(self, articles, gazetteer, spec):
        if not articles:
            return
        client = self._client()
        try:
            try:
                client.wait_for_workers(1, timeout=self.timeout)
            except TimeoutError:
                raise BuildError(f"the Dask scheduler at {self.address!r} has no workers (waited "
                                 f"{self.timeout:.0f} s): start some with `dask worker {self.address}`") from None
            workers = max(1, len(client.scheduler_info().get("workers", {})))
            size = max(1, min(self.batch, len(articles) // (workers * 4)))  # every worker gets some
            batches = [articles[i:i + size] for i in range(0, len(articles), size)]
            shared = client.scatter(spec, broadcast=True)  # the corpus's places.csv travels once per worker
            yield from _in_order(batches, lambda b: client.submit(analyse_batch, b, shared, pure=False),
                                 window=4 * workers)
        finally:
            client.close()


def _in_order(batches: Iterable, submit: Callable, window: int) -> Iterator:
    """Submit batches with at most `window` in flight; yield each batch's results in submission order."""
    pending: deque = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= window:
            yield from pending.popleft().result()
    while pending:
        yield from pending.popleft().result()


def executor_for(scheduler: str | None) -> Executor:
    """`--scheduler` (or EVACMAP_SCHEDULER) names a Dask cluster; otherwise the local process pool."""
    address = (scheduler or os.environ.get("EVACMAP_SCHEDULER") or "").strip()
    return DaskExecutor(address) if address else local_executor()
