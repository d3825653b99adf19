"""The corpus folder's `evacmap.toml`: title, per-article metadata, the maps to draw, zone files, dates.

Everything in it is optional: a bare folder of articles builds with defaults (one overview map fitted to the
places found, outlets detected from the text or "unknown", no zones).
"""
from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from evacmap.errors import CorpusError

CONFIG_NAME = "evacmap.toml"
DEFAULT_TITLE = "Evacuation map"  # the title of a corpus that gives none (the build then names its main place)
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


LAYER_KINDS = ("road", "river", "water", "boundary", "area")


@dataclass(frozen=True)
class LayerConfig:
    """A user's own context layer (``[[layers]]``): a GeoJSON file of roads, rivers, lakes, boundaries or
    other areas, drawn under the story as part of the background and credited on every map that shows it."""

    name: str  # what it is, as the credits name it ("Main roads")
    file: Path  # inside the corpus folder
    kind: str = "road"  # one of LAYER_KINDS: how it is drawn
    attribution: str = ""  # where the data comes from and its licence


@dataclass(frozen=True)
class CorpusConfig:
    root: Path
    title: str = DEFAULT_TITLE
    date: dt.date | None = None  # the day the maps describe
    focus: str | None = None  # ISO country code the corpus is about, for homonyms
    zones: tuple[Path, ...] = ()
    roads: Path | None = None
    articles: dict[str, ArticleMeta] = field(default_factory=dict)
    maps: tuple[MapConfig, ...] = ()
    attribution: str = ""
    sha256: str = ""  # of the evacmap.toml bytes parsed ("" without one): what the build fingerprints
    actors: dict[str, tuple[str, ...]] = field(default_factory=dict)  # [actors]: id -> aliases/adjectives
    base_url: str | None = None  # the site's public address: embed snippets and og: links are absolute
    layers: tuple[LayerConfig, ...] = ()  # [[layers]]: the user's own background layers


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
    """A path from the config, refused if it leaves the corpus folder (after following every link)."""
    if "\0" in rel:
        raise CorpusError(f"{where}: {rel!r} is not a file name")
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


MAX_CONFIG_BYTES = 1_000_000
_TOP = {"title": str, "date": "date", "focus": str, "zones": "paths", "roads": str, "articles": "articles",
        "maps": "maps", "attribution": str, "base_url": str, "actors": "aliases", "layers": "layers"}
_LAYER = {"name": str, "file": str, "kind": str, "attribution": str}
_ARTICLE = {"outlet": str, "published": "date", "url": str, "title": str}
_MAP = {"name": str, "title": str, "bounds": list, "description": str, "places": "strings"}
_TYPE_NAMES = {str: "a string", list: "a list", "date": "a date (YYYY-MM-DD)", "paths": "a list of file names",
               "strings": "a list of strings", "articles": "a table of [articles.<file name>] tables",
               "maps": "an array of [[maps]] tables", "layers": "an array of [[layers]] tables",
               "aliases": "a table of names, each a list of strings ([actors] name = [\"alias\", ...])"}


def _did_you_mean(key: str, known: dict) -> str:
    close = difflib.get_close_matches(key, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else f" (known keys: {', '.join(known)})"


def _describe(value: object) -> str:
    """What a TOML value is, in the file's terms: `[5]` is "a list holding int", a table is "a table"."""
    if isinstance(value, dict):
        bad = next((v for v in value.values() if not isinstance(v, list)), None)
        return "a table" if bad is None else f"a table holding {_describe(bad)}"
    if isinstance(value, list):
        kinds = sorted({"a table" if isinstance(v, dict) else type(v).__name__ for v in value})
        return f"a list holding {', '.join(kinds)}"
    return type(value).__name__


def _check_table(table: dict, schema: dict, where: str) -> None:
    """Unknown keys and wrong types, each one clear line naming the file and the key."""
    for key, value in table.items():
        if key not in schema:
            raise CorpusError(f"{where}: unknown key {key!r}{_did_you_mean(key, schema)}")
        kind = schema[key]
        ok = {
            str: isinstance(value, str),
            list: isinstance(value, list),
            "date": isinstance(value, (str, dt.date)),
            "paths": isinstance(value, list) and all(isinstance(v, str) for v in value),
            "strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
            "articles": isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()),
            "maps": isinstance(value, list) and all(isinstance(v, dict) for v in value),
            "layers": isinstance(value, list) and all(isinstance(v, dict) for v in value),
            "aliases": isinstance(value, dict) and all(
                isinstance(v, list) and all(isinstance(a, str) for a in v) for v in value.values()),
        }[kind]
        if not ok:
            found = _describe(value)
            raise CorpusError(f"{where}: {key} must be {_TYPE_NAMES[kind]}, not {found}")


def _parse(path: Path) -> tuple[dict, str]:
    """The TOML document and the sha256 of exactly the bytes parsed (the build fingerprints those)."""
    from evacmap.corpus.files import confined, read_bounded

    confined(path.parent, path)
    raw = read_bounded(path, MAX_CONFIG_BYTES)
    try:
        return tomllib.loads(raw.decode("utf-8")), hashlib.sha256(raw).hexdigest()
    except UnicodeDecodeError as err:
        raise CorpusError(f"{path}: not UTF-8 (byte {err.start})") from None
    except tomllib.TOMLDecodeError as err:
        raise CorpusError(f"{path}: {err}") from None
    except RecursionError:
        raise CorpusError(f"{path}: nested too deeply") from None


def _articles(data: dict, where: str) -> dict[str, ArticleMeta]:
    articles = {}
    for stem, meta in (data.get("articles") or {}).items():
        _check_table(meta, _ARTICLE, f"{where}: [articles.{stem}]")
        articles[stem] = ArticleMeta(
            outlet=meta.get("outlet") or None,
            published=_date(meta.get("published"), f"{where}: articles.{stem}.published"),
            url=meta.get("url") or None, title=meta.get("title") or None)
    return articles


def _maps(data: dict, where: str) -> tuple[MapConfig, ...]:
    maps = []
    for n, spec in enumerate(data.get("maps") or [], 1):
        _check_table(spec, _MAP, f"{where}: [[maps]] #{n}")
        name = spec.get("name", "")
        if not _SLUG.match(name):
            raise CorpusError(f"{where}: maps #{n}: name {name!r} must be a lowercase slug (a-z, 0-9, - and _)")
        maps.append(MapConfig(name=name, title=spec.get("title") or name,
                              bounds=_bounds(spec.get("bounds"), f"{where}: maps.{name}"),
                              description=spec.get("description") or "", places=tuple(spec.get("places") or ())))
    if len({m.name for m in maps}) != len(maps):
        raise CorpusError(f"{where}: two maps share a name")
    return tuple(maps)


def _layers(root: Path, data: dict, where: str) -> tuple[LayerConfig, ...]:
    layers = []
    for n, spec in enumerate(data.get("layers") or [], 1):
        at = f"{where}: [[layers]] #{n}"
        _check_table(spec, _LAYER, at)
        if not spec.get("file") or not spec.get("name"):
            raise CorpusError(f"{at}: a layer needs a name and a file (a GeoJSON file in the corpus folder)")
        kind = spec.get("kind") or "road"
        if kind not in LAYER_KINDS:
            raise CorpusError(f"{at}: kind {kind!r} is not one of {', '.join(LAYER_KINDS)}")
        path = _inside(root, spec["file"], f"{at}: file")
        if not path.is_file():
            raise CorpusError(f"{at}: layer file {spec['file']} does not exist or is not a file")
        layers.append(LayerConfig(name=spec["name"], file=path, kind=kind, attribution=spec.get("attribution") or ""))
    return tuple(layers)


def load_config(root: Path) -> CorpusConfig:
    path = root / CONFIG_NAME
    if not path.exists() and not path.is_symlink():
        return CorpusConfig(root=root)
    where = str(path)
    data, digest = _parse(path)
    _check_table(data, _TOP, where)
    focus = data.get("focus") or None
    if focus is not None and not re.fullmatch(r"[A-Za-z]{2}", focus):
        raise CorpusError(f"{where}: focus must be a two-letter country code (ISO 3166), not {focus!r}")
    zones = tuple(_inside(root, z, f"{where}: zones") for z in data.get("zones") or ())
    for zone in zones:
        if not zone.is_file():
            raise CorpusError(f"{where}: zone file {zone.name} does not exist or is not a file")
    roads = _inside(root, data["roads"], f"{where}: roads") if data.get("roads") else None
    return CorpusConfig(
        root=root, title=data.get("title") or DEFAULT_TITLE, date=_date(data.get("date"), f"{where}: date"),
        focus=focus.upper() if focus else None, zones=zones, roads=roads, articles=_articles(data, where),
        maps=_maps(data, where), attribution=data.get("attribution") or "", sha256=digest,
        actors={str(k): tuple(v) for k, v in (data.get("actors") or {}).items()},
        base_url=_base_url(data.get("base_url"), where), layers=_layers(root, data, where))


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
