"""evacmap: news articles about an evacuation in, sourced offline maps out.

The public API, in the order data flows (each name is imported on first use, so ``import evacmap`` stays
cheap and a command that needs only the gazetteer never loads the geo stack)::

    >>> import evacmap
    >>> gaz = evacmap.Gazetteer.load()                      # doctest: +SKIP
    >>> corpus = evacmap.load_corpus("my-corpus")           # doctest: +SKIP
    >>> evacmap.run_build("my-corpus", Path("site"))        # doctest: +SKIP

The packages are layers, imports pointing down only: ``evacmap.gazetteer`` (names -> places) <-
``evacmap.corpus`` (articles -> sentences, mentions, claims) <- ``evacmap.geo`` (routes, zones, joins)
<- ``evacmap.maps`` (pages, exports, the build and the CLI). Every error a user can cause is an
:class:`EvacmapError`.
"""
from __future__ import annotations

import importlib
from typing import Any

from evacmap.errors import EvacmapError

__version__ = "0.1.0"

# public name -> the module that defines it
_EXPORTS = {
    "Place": "evacmap.gazetteer.model",
    "Match": "evacmap.gazetteer.model",
    "Gazetteer": "evacmap.gazetteer.gazetteer",
    "Geocoder": "evacmap.gazetteer.geocoder",
    "Article": "evacmap.corpus.model",
    "Sentence": "evacmap.corpus.model",
    "Mention": "evacmap.corpus.model",
    "Quantity": "evacmap.corpus.model",
    "Claim": "evacmap.corpus.model",
    "Corpus": "evacmap.corpus.articles",
    "load_corpus": "evacmap.corpus.articles",
    "compare_claims": "evacmap.corpus.compare",
    "load_zones": "evacmap.geo.zones",
    "build_routes": "evacmap.geo.routes",
    "analyse": "evacmap.maps.pipeline",
    "run_build": "evacmap.maps.build",
}

__all__ = [
    "Article",
    "Claim",
    "Corpus",
    "EvacmapError",
    "Gazetteer",
    "Geocoder",
    "Match",
    "Mention",
    "Place",
    "Quantity",
    "Sentence",
    "__version__",
    "analyse",
    "build_routes",
    "compare_claims",
    "load_corpus",
    "load_zones",
    "run_build",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562)."""
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'evacmap' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
