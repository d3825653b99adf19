"""The corpus folder's `evacmap.toml`: title, per-article metadata, the maps to draw, zone files, dates.

Everything in it is optional: a bare folder of articles builds with defaults (one overview map fitted to the
places found, outlets detected from the text or "unknown", no zones).
"""
from __future__ import annotations

import datetime as dt
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from evacmap.errors import CorpusError

CONFIG_NAME = "evacmap.toml"
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class ArticleMeta:
    outlet: str | None = None
    published: dt.date | None = None
    url: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class MapConfig:
    name: str  # a slug: the page is <name>.html
    title: str
    bounds: tuple[float, float, float, float] | None = None  # min lon, min lat, max lon, max lat
    description: str = ""
    places: tuple[str, ...] = ()  # if given: fit the map to these place ids


@dataclass(frozen=True)
class CorpusConfig:
    root: Path
    title: str = "Evacuation map"
    date: dt.date | None = None  # the day the maps describe
    focus: str | None = None  # ISO country code the corpus is about, for homonyms
    zones: tuple[Path, ...] = ()
    roads: Path | None = None
    articles: dict[str, ArticleMeta] = field(default_factory=dict)
    maps: tuple[MapConfig, ...] = ()
    attribution: str = ""
    base_url: str | None = None  # the site's public address: embed snippets and og: links are absolute


def _date(value, where: str) -> dt.date | None:
    if value is None or value == "":
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        raise CorpusError(f"{where}: {value!r} is not a date (YYYY-MM-DD)") from None


def _inside(root: Path, rel: str, where: str) -> Path:
    """A path from the config, refused if it leaves the corpus folder."""
    path = (root / rel).resolve()
    if not path.is_relative_to(root.resolve()):
        raise CorpusError(f"{where}: {rel!r} points outside the corpus folder")
    return path


def _bounds(value, where: str) -> tuple[float, float, float, float] | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, (int, float)) and math.isfinite(v) for v in value)):
        raise CorpusError(f"{where}: bounds must be [min_lon, min_lat, max_lon, max_lat]")
    minx, miny, maxx, maxy = map(float, value)
    if not (-180 <= minx < maxx <= 180 and -90 <= miny < maxy <= 90):
        raise CorpusError(f"{where}: bounds {value} are not a valid box")
    return (minx, miny, maxx, maxy)


def load_config(root: Path) -> CorpusConfig:
    path = root / CONFIG_NAME
    if not path.exists():
        return CorpusConfig(root=root)
    where = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise CorpusError(f"{where}: not UTF-8") from None
    except tomllib.TOMLDecodeError as err:
        raise CorpusError(f"{where}: {err}") from None
    articles = {}
    for stem, meta in (data.get("articles") or {}).items():
        if not isinstance(meta, dict):
            raise CorpusError(f"{where}: [articles.{stem}] must be a table")
        articles[stem] = ArticleMeta(
            outlet=meta.get("outlet"), published=_date(meta.get("published"), f"{where}: articles.{stem}.published"),
            url=meta.get("url"), title=meta.get("title"))
    maps = []
    for n, spec in enumerate(data.get("maps") or [], 1):
        name = str(spec.get("name", ""))
        if not _SLUG.match(name):
            raise CorpusError(f"{where}: maps #{n}: name {name!r} must be a lowercase slug (a-z, 0-9, - and _)")
        maps.append(MapConfig(name=name, title=str(spec.get("title") or name),
                              bounds=_bounds(spec.get("bounds"), f"{where}: maps.{name}"),
                              description=str(spec.get("description") or ""),
                              places=tuple(spec.get("places") or ())))
    if len({m.name for m in maps}) != len(maps):
        raise CorpusError(f"{where}: two maps share a name")
    zones = tuple(_inside(root, z, f"{where}: zones") for z in data.get("zones") or ())
    for zone in zones:
        if not zone.exists():
            raise CorpusError(f"{where}: zone file {zone.name} does not exist")
    roads = _inside(root, data["roads"], f"{where}: roads") if data.get("roads") else None
    return CorpusConfig(
        root=root, title=str(data.get("title") or "Evacuation map"), date=_date(data.get("date"), f"{where}: date"),
        focus=(data.get("focus") or None), zones=zones, roads=roads, articles=articles, maps=tuple(maps),
        attribution=str(data.get("attribution") or ""), base_url=_base_url(data.get("base_url"), where))


def _base_url(value, where: str) -> str | None:
    """An absolute http(s) address, or None; anything else is the user's mistake, said once."""
    if value is None or value == "":
        return None
    from urllib.parse import urlsplit

    text = str(value).strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c in text for c in " \t\n\"'<>"):
        raise CorpusError(f"{where}: base_url must be an absolute http(s) address, got {text!r}")
    return text
