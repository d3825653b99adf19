"""The cyclic garbage collector paused for one article's analysis.

Finding an article's places, claims, legs and control statements makes many small objects in no reference
cycle (spans, slots, matches, dataclass instances), which reference counting frees at once. Their number
still sets off the cyclic collector, and each of its full passes walks every tracked object of the process
(the loaded gazetteer among them), so on one long article the collections cost more the longer the article
(issue 14; the movement legs of the 5 MB paragraph of benchmarks/long_article.py, in one process by turns:
about 8 % less CPU paused). Paused, the analysis makes the same objects and gives the same answers; it leaves
no cycles (none found after the claims, legs and control statements of that paragraph), and any a later
change makes are collected once the collector runs again.
"""
from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Callable, Iterator
from typing import ParamSpec, TypeVar

__all__ = ["paused_gc", "without_gc"]

_P = ParamSpec("_P")
_R = TypeVar("_R")


@contextlib.contextmanager
def without_gc() -> Iterator[None]:
    """The collector paused, and on again afterwards if it was before (so calls nest)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def paused_gc(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """`fn` run with the collector paused (`without_gc`)."""
    @functools.wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with without_gc():
            return fn(*args, **kwargs)
    return run
