"""From a corpus folder to everything the maps and exports need, with a per-article cache.

Per-article work (sentences, mentions, claims, movement legs, control statements) is cached on disk keyed by
the article's content hash, its metadata, the gazetteer's data version and the code version: after one
article changes only that article is processed again. Cross-article work (comparison, route merging, spatial
joins) is cheap and always recomputed.
"""
from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from evacmap.corpus.actors import Actors, default_actors
from evacmap.corpus.articles import Corpus, corpus_file, load_corpus
from evacmap.corpus.capitals import claims_at_capitals
from evacmap.corpus.claim_areas import at_described_areas, at_stated_scope
from evacmap.corpus.claim_legs import at_leg_origin
from evacmap.corpus.claims import extract_claims
from evacmap.corpus.control_text import ControlClaim, control_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article, Claim, Mention, Sentence
from evacmap.corpus.movements import Leg, extract_legs
from evacmap.corpus.places import written_names
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.slots import article_slots
from evacmap.gazetteer import Gazetteer
from evacmap.gazetteer.cache import source_hash

if TYPE_CHECKING:
    from evacmap.maps.parallel import Executor

PIPELINE_VERSION = "3"  # 2: results are stored as JSON data, not pickles; 3: one file per corpus


@dataclass
class ArticleResult:
    article_id: str
    sentences: list[Sentence]
    mentions: list[Mention]
    claims: list[Claim] = field(default_factory=list)
    legs: list[Leg] = field(default_factory=list)
    control: list[ControlClaim] = field(default_factory=list)


@dataclass
class Analysis:
    corpus: Corpus
    gazetteer: Gazetteer
    results: dict[str, ArticleResult]
    processed: list[str]  # articles whose results were computed in this run
    reused: list[str]  # articles whose results came from the cache

    @property
    def articles(self) -> tuple[Article, ...]:
        return self.corpus.articles

    def all(self, attr: str) -> list:
        return [x for a in self.corpus.articles for x in getattr(self.results[a.id], attr)]


def load_gazetteer(corpus: Corpus, online: bool = False) -> Gazetteer:
    """The gazetteer for a corpus: its places.csv (if any) over the curated and world layers."""
    return Gazetteer.load(overrides=corpus_file(corpus.root, "places.csv"), focus=corpus.config.focus)


def analyse_article(article: Article, gazetteer: Gazetteer, focus: str | None,
                    actors: Actors | None = None) -> ArticleResult:
    sentences = split_sentences(article.text)
    mentions = find_mentions(article, gazetteer, focus=focus)
    legs = extract_legs(article, sentences, mentions, gazetteer, actors)
    # "arrived from the region": the area the movement rules resolved the description to (slots kept from legs)
    slots = article_slots(article, sentences, mentions, actors or default_actors(), gazetteer)
    kind_of = _kind_of(gazetteer)
    claims = at_described_areas(article.text, extract_claims(article, sentences, mentions, kind_of), slots)
    claims = at_stated_scope(claims, mentions, kind_of)  # "statewide": the state named before
    claims = at_leg_origin(claims, legs)  # "the first plane left with 101": where the sentence's legs start
    claims = claims_at_capitals(claims, legs, gazetteer)  # "flown to Djibouti": the capital its legs reach
    return ArticleResult(article.id, sentences, mentions, claims=claims, legs=legs,
                         control=control_claims(article, sentences, mentions, gazetteer, actors))


def _kind_of(gazetteer: Gazetteer) -> Callable[[str], str | None]:
    def kind_of(place_id: str) -> str | None:
        place = gazetteer.get(place_id)
        return place.kind if place is not None else None
    return kind_of


def _cache_key(article: Article, gazetteer: Gazetteer, focus: str | None, aliases: str = "") -> str:
    digest = hashlib.sha256()
    for part in (PIPELINE_VERSION, gazetteer.version, focus or "", article.sha256, article.id, article.outlet,
                 str(article.published), article.title, article.url, _code_version(), aliases):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:24]


@functools.lru_cache(maxsize=1)
def _code_version() -> str:
    """A hash of the extraction code itself, so editing a rule invalidates cached results."""
    import evacmap.corpus
    import evacmap.geo

    return source_hash(evacmap.corpus, evacmap.geo)


def analyse(corpus: Corpus, gazetteer: Gazetteer, *, use_cache: bool = True,
            progress: Callable[[Article], None] | None = None, executor: Executor | None = None) -> Analysis:
    """Results from the cache where present; the articles that miss it go to `executor` (default: a process
    pool sized to the machine), which returns them in order, so the output does not depend on where they ran.
    The cache is one file per corpus plus a delta (maps.articlecache): a rebuild reads one or two files."""
    from evacmap.maps.articlecache import ArticleCache

    cache = ArticleCache(str(corpus.root), ArticleResult, use=use_cache)
    results, processed, reused = {}, [], []
    missing = []
    alias_key = repr(sorted(corpus.config.actors.items()))
    for article in corpus.articles:
        key = _cache_key(article, gazetteer, corpus.config.focus, alias_key)
        result = cache.get(key)
        if result is not None and result.article_id != article.id:
            result = None
        if result is None:
            missing.append((article, key))
            continue
        reused.append(article.id)
        results[article.id] = result
        if progress:
            progress(article)
    for (article, key), result in zip(missing, _run(missing, corpus, gazetteer, executor), strict=True):
        processed.append(article.id)
        cache.put(key, result)
        results[article.id] = result
        if progress:
            progress(article)
    cache.save()
    results = {a.id: results[a.id] for a in corpus.articles}  # corpus order, wherever each came from
    mentions = [m for a in corpus.articles for m in results[a.id].mentions]
    named = gazetteer.as_written(written_names(mentions, gazetteer))  # labels say what the sources say
    return Analysis(corpus, named, results, processed, reused)


def _run(missing: list, corpus: Corpus, gazetteer: Gazetteer, executor: Executor | None) -> Iterator[ArticleResult]:
    """The analyses of the articles that missed the cache, in their order, from wherever `executor` runs them."""
    if not missing:
        return iter(())
    from evacmap.maps.parallel import GazetteerSpec, local_executor

    spec = GazetteerSpec.of(gazetteer, corpus.root / "places.csv", corpus.config.focus, corpus.config.actors)
    return (executor or local_executor()).analyse([a for a, _ in missing], gazetteer, spec)


def open_corpus(path: Path | None, console=None) -> tuple[Corpus, Gazetteer]:
    """The corpus and its gazetteer. The first run on a machine builds the world index (20-30 s): say so on
    `console` (a rich Console on stderr) rather than sit silent."""
    from evacmap.gazetteer.cache import sweep_cache
    from evacmap.gazetteer.gazetteer import world_index_cached

    sweep_cache()  # what killed runs left (their writers are gone); concurrent writers' files are kept
    corpus = load_corpus(path)
    if console is not None and not world_index_cached():
        with console.status("building the world gazetteer index (first run only, about 30 s)"):
            if not console.is_terminal:
                console.print("building the world gazetteer index (first run only, about 30 s)")
            return corpus, load_gazetteer(corpus)
    return corpus, load_gazetteer(corpus)
