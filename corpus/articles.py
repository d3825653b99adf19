"""Loading a corpus folder: articles (.txt, .md, .html) with their metadata, and near-duplicate detection."""
from __future__ import annotations

import hashlib
import importlib.resources
from dataclasses import dataclass
from pathlib import Path

from evacmap.corpus.config import CONFIG_NAME, CorpusConfig, CorpusError, load_config
from evacmap.corpus.duplicates import Duplicate, corpus_key, find_duplicates
from evacmap.corpus.files import confined, corpus_file, read_bounded
from evacmap.corpus.htmltext import html_to_text
from evacmap.corpus.metadata import detect_outlet, detect_published, detect_title
from evacmap.corpus.model import Article

ARTICLE_SUFFIXES = {".txt", ".md", ".html", ".htm"}
MAX_ARTICLE_BYTES = 5_000_000


@dataclass(frozen=True)
class Corpus:
    root: Path
    config: CorpusConfig
    articles: tuple[Article, ...]
    duplicates: tuple[Duplicate, ...] = ()

    def article(self, article_id: str) -> Article:
        return next(a for a in self.articles if a.id == article_id)


def sample_path() -> Path:
    """The bundled sample corpus (five reports of 15 December 2016 on the evacuation of eastern Aleppo): the
    one folder under ``corpus/samples/`` (the first by name if ever there are several)."""
    samples = Path(str(importlib.resources.files("evacmap.corpus") / "samples"))
    return sorted(p for p in samples.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))[0]


def article_files(root: Path) -> list[Path]:
    folder = root / "articles" if (root / "articles").is_dir() else root
    confined(root, folder)
    try:
        entries = sorted(folder.iterdir())
    except OSError as err:
        raise CorpusError(f"{folder}: cannot list ({err.strerror})") from None
    return [p for p in entries if p.suffix.lower() in ARTICLE_SUFFIXES and not p.name.startswith(".")
            and (p.is_symlink() or p.is_file())]


def read_article(path: Path, root: Path, config: CorpusConfig) -> Article:
    real = confined(root, path)
    raw = read_bounded(real, MAX_ARTICLE_BYTES, shown=path)
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise CorpusError(f"{path}:{line}: not UTF-8 (byte 0x{raw[err.start]:02x}); save the file as UTF-8") from None
    source = source.replace("\r\n", "\n").replace("\r", "\n")
    detected: list[str] = []
    html_meta: dict[str, str] = {}
    html_title = ""
    if path.suffix.lower() in {".html", ".htm"}:
        extracted = html_to_text(source)
        text, html_title, html_meta = extracted.text, extracted.title, extracted.meta
    else:
        text = source
    meta = config.articles.get(path.stem)
    outlet = meta.outlet if meta and meta.outlet else None
    if not outlet:
        outlet = html_meta.get("og:site_name") or detect_outlet(text)
        detected.append("outlet") if outlet else None
    title = meta.title if meta and meta.title else None
    if not title:
        title = html_title or html_meta.get("og:title") or detect_title(text)
        detected.append("title") if title else None
    published = meta.published if meta and meta.published else None
    if published is None and html_meta.get("article:published_time"):
        from evacmap.corpus.config import _date

        try:
            published = _date(html_meta["article:published_time"][:10], str(path))
            detected.append("published")
        except CorpusError:
            published = None
    url = meta.url if meta and meta.url else html_meta.get("og:url") or html_meta.get("canonical") or ""
    if url and not (meta and meta.url):
        detected.append("url")
    if published is None:
        published = detect_published(text, config.date)  # a yearless dateline: the year nearest the corpus day
        detected.append("published") if published else None
    if config.date and published is None:
        published = config.date
        detected.append("published")
    return Article(id=path.stem, path=str(path.relative_to(root)), text=text,
                   sha256=hashlib.sha256(raw).hexdigest(), outlet=outlet or "unknown", published=published,
                   title=title or "", url=url, detected=tuple(detected))


def load_corpus(path: Path | None = None) -> Corpus:
    """A corpus folder (articles/ + optional evacmap.toml, places.csv, zones/) or a bare folder of articles."""
    root = Path(path) if path is not None else sample_path()
    if not root.exists():
        raise CorpusError(f"{root}: no such corpus folder")
    if not root.is_dir():
        raise CorpusError(f"{root}: not a folder (give the folder that holds the articles)")
    config = load_config(root)
    files = article_files(root)
    if not files:
        raise CorpusError(f"{root}: no articles (.txt, .md, .html) found")
    articles = [read_article(p, root, config) for p in files]
    seen: set[str] = set()
    for article in articles:
        if article.id in seen:
            raise CorpusError(f"{root}: two articles share the name {article.id!r} (ids are file names without suffix)")
        seen.add(article.id)
    return Corpus(root=root, config=config, articles=tuple(articles), duplicates=tuple(cached_duplicates(articles)))


def cached_duplicates(articles: list[Article]) -> list[Duplicate]:
    """Near-duplicates, from the cache when the articles' ids and bytes are unchanged."""
    from evacmap.gazetteer.cache import cache_dir, load_data, store_data

    path = cache_dir() / "duplicates" / f"{corpus_key(articles)}.json"
    found = load_data(path, "near-duplicates", list[Duplicate])
    if found is None:
        found = find_duplicates(articles)
        store_data(path, "near-duplicates", found)
    return found


__all__ = ["CONFIG_NAME", "Corpus", "Duplicate", "confined", "corpus_file", "find_duplicates", "load_corpus",
           "read_bounded", "sample_path"]
