"""Control claims from the text ("government-held Ramussa", "rebel-held Idlib province", "besieged eastern
Aleppo", "two Shi'ite villages ... long surrounded by Sunni rebels", "a rebel-controlled east and government-held
west") and their check against the zone file: agreement and mismatch are both reported.

Rules (regexes over each sentence, with the gazetteer's mentions and the described areas of
:data:`geo.legs.AREAS` as the place slots):

- ``<rebel|opposition|government|regime>-held|controlled <place>`` (with "neighbouring" etc. between);
- a described area that carries its own controller ("rebel-held territory in the west of Aleppo province",
  "the last rebel-held areas of Aleppo", "the government-held side of the city");
- ``besieged <place>``, and a mention whose own surface says it ("besieged eastern Aleppo");
- ``<place or two villages> ... (long) (been) surrounded|besieged|encircled by (Sunni) rebels|government
  forces`` -> besieged (by whom is kept);
- ``<place> ... (still) under rebel|government control``;
- ``the rebel-stronghold of <place>``;
- ``the government holding the west and rebels holding ... the east`` and ``a rebel-controlled east and
  government-held west`` in a sentence about Aleppo -> western_aleppo / eastern_aleppo.

A claim is checked at the place's point against the most specific zone in force there. A region's point
stands for an area (eastern Aleppo's point is the centre of the December pocket, 5 km precision): when the
point's zone disagrees, a zone of the claimed kind within the place's precision radius makes it agree,
and the reason says so.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import geopandas as gpd
import numpy as np
import shapely

from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.geo.geometry import local_crs, to_metric
from evacmap.geo.legs import AREAS, GROUP
from evacmap.geo.zones import zone_index_at

CONTROLLERS = ("government", "opposition", "besieged", "contested")
_WORD = {"government": "government", "regime": "government", "army": "government", "loyalist": "government",
         "pro-government": "government", "rebel": "opposition", "rebels": "opposition",
         "opposition": "opposition", "insurgent": "opposition", "insurgents": "opposition"}


@dataclass(frozen=True)
class ControlClaim:
    id: str  # "<article>#c<n>", stable for the same text
    article: str
    outlet: str
    start: int  # the sentence, offsets into the article
    end: int
    text: str
    place_id: str
    controller: str  # government | opposition | besieged | contested
    phrase: str  # the words that say it, as written
    besieged_by: str | None = None  # for "besieged": who besieges, when the text says


PREFIX = re.compile(r"\b(?P<who>rebel|opposition|insurgent|government|regime|army)[- ](?:held|controlled)\s+"
                    r"(?:(?:neighbou?ring|nearby|the|district of|area of|town of|city of|province of)\s+){0,3}$",
                    re.I)
STRONGHOLD = re.compile(r"\b(?P<who>rebel|opposition|government|regime)[- ]stronghold of\s+(?:the\s+)?$", re.I)
BESIEGED_BEFORE = re.compile(r"\bbesieged\s+(?:(?:the|neighbou?ring)\s+)?$", re.I)
SURROUNDED_AFTER = re.compile(
    r"^[^.;]{0,80}?\b(?:long\s+)?(?:been\s+)?(?:surrounded|besieged|encircled|under siege)\s+by\s+"
    r"(?:(?:Sunni|Islamist|Syrian|pro-government|Shia|Shi['’]ite)\s+)?(?P<by>rebels?|opposition|insurgents|"
    r"government forces|regime forces|the government|the regime|the army|troops)", re.I)
UNDER_CONTROL = re.compile(r"^\s+(?:is|are|was|were|remains?|remained)\s+(?:still\s+)?(?:firmly\s+)?under\s+"
                           r"(?P<who>rebel|opposition|government|regime|army)\s+control", re.I)
HALVES = (
    re.compile(r"\b(?:the\s+)?(?P<who>government|regime|rebels?|opposition)\s+(?:holding|controlling|held|"
               r"controlled|holds|controls)\s+(?:(?:many|most|some|several)\s+neighbou?rhoods\s+in\s+)?"
               r"the\s+(?P<half>west|east)\b", re.I),
    re.compile(r"\b(?P<who>rebel|opposition|government|regime)[- ](?:held|controlled)\s+(?P<half>east|west)\b", re.I),
)
HALF_PLACE = {"east": "eastern_aleppo", "west": "western_aleppo"}


def _controller(word: str) -> str:
    return _WORD[word.lower()]


def _slots(article: Article, sentence: Sentence, mentions: Sequence[Mention], groups: dict) -> list[tuple]:
    """(start, end, place ids, kind, controller or None, note) in the sentence: described areas, "two
    villages" groups (named after them or in the next sentences) and resolved mentions."""
    text = article.text
    lo, hi = sentence.start, sentence.end
    out: list[tuple] = []
    for area in AREAS:
        for m in area.pattern.finditer(text, lo, hi):
            if not any(m.start() < o[1] and o[0] < m.end() for o in out):
                out.append((m.start(), m.end(), (area.place_id,) if area.place_id else (), "area", area.controller))
    for m in GROUP.finditer(text, lo, hi):
        ids = groups.get(m.start())
        if ids and not any(m.start() < o[1] and o[0] < m.end() for o in out):
            out.append((m.start(), m.end(), ids, "group", None))
    for mention in mentions:
        if lo <= mention.start and mention.end <= hi and mention.place_id and not any(
                mention.start < o[1] and o[0] < mention.end for o in out):
            out.append((mention.start, mention.end, (mention.place_id,), "mention", None))
    return sorted(out)


def _groups(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention]) -> dict[int, tuple]:
    """Start offset of every "two villages" phrase -> the place ids it stands for (as geo.legs reads them)."""
    from evacmap.geo.legs import _group_names

    out = {}
    for s in sentences:
        for m in GROUP.finditer(s.text):
            named, _until = _group_names(article, m, s, mentions, sentences)
            if named:
                out[s.start + m.start()] = named
    return out


def control_claims(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention]) -> list[ControlClaim]:
    """Every statement of who holds a place, in text order, one claim per (sentence, place, controller)."""
    text = article.text
    groups = _groups(article, sentences, mentions)
    found: list[tuple[int, int, str, str, str, str | None, Sentence]] = []  # (phrase start, end, place, ctrl...)
    for sentence in sentences:
        lo, hi = sentence.start, sentence.end
        slots = _slots(article, sentence, mentions, groups)
        surrounded: dict[int, int] = {}
        for start, end, ids, kind, ctrl in slots:
            before = text[max(lo, start - 60):start]
            after = text[end:hi]
            surface = text[start:end]
            for pid in ids:
                if kind == "area" and ctrl in ("government", "opposition"):
                    found.append((start, end, pid, ctrl, surface, None, sentence))
                    continue
                own = re.match(r"(?P<who>rebel|opposition|government|regime)[- ](?:held|controlled)\b|besieged\b",
                               surface, re.I)
                if own:  # the gazetteer matched "besieged eastern Aleppo" as one name
                    c = _controller(own.group("who")) if own.group("who") else "besieged"
                    found.append((start, end, pid, c, surface, None, sentence))
                if (m := PREFIX.search(before)) is not None:
                    found.append((max(lo, start - 60) + m.start(), end, pid, _controller(m.group("who")),
                                  text[max(lo, start - 60) + m.start():end], None, sentence))
                if (m := STRONGHOLD.search(before)) is not None:
                    found.append((max(lo, start - 60) + m.start(), end, pid, _controller(m.group("who")),
                                  text[max(lo, start - 60) + m.start():end], None, sentence))
                if (m := BESIEGED_BEFORE.search(before)) is not None:
                    found.append((max(lo, start - 60) + m.start(), end, pid, "besieged",
                                  text[max(lo, start - 60) + m.start():end], None, sentence))
                if (m := SURROUNDED_AFTER.match(after)) is not None and surrounded.get(end + m.end(), start) == start:
                    # the first place before "surrounded by" heads the phrase ("two villages in Idlib
                    # province that have long been surrounded": the villages, not the province)
                    surrounded[end + m.end()] = start
                    by = m.group("by").lower()
                    by = "opposition" if by.startswith(("rebel", "opposition", "insurgent")) else "government"
                    found.append((start, end + m.end(), pid, "besieged", text[start:end + m.end()], by, sentence))
                if (m := UNDER_CONTROL.match(after)) is not None:
                    phrase_start = start - 9 if text[max(lo, start - 9):start].lower() == "parts of " else start
                    found.append((phrase_start, end + m.end(), pid, _controller(m.group("who")),
                                  text[phrase_start:end + m.end()], None, sentence))
        if re.search(r"\bAleppo\b", sentence.text):
            for rx in HALVES:
                for m in rx.finditer(sentence.text):
                    pid = HALF_PLACE[m.group("half").lower()]
                    found.append((lo + m.start(), lo + m.end(), pid, _controller(m.group("who")), m.group(0), None,
                                  sentence))
    claims: list[ControlClaim] = []
    seen = set()
    for start, end, pid, ctrl, phrase, by, sentence in sorted(found, key=lambda f: (f[0], f[2], f[3])):
        key = (sentence.start, pid, ctrl)
        if key in seen:
            continue
        seen.add(key)
        claims.append(ControlClaim(id=f"{article.id}#c{len(claims) + 1}", article=article.id, outlet=article.outlet,
                                   start=sentence.start, end=sentence.end, text=sentence.text, place_id=pid,
                                   controller=ctrl, phrase=" ".join(phrase.split()), besieged_by=by))
    return claims


# ------------------------------------------------------------------------------------------------ checks

def _agrees(claim: ControlClaim, controller: str, besieged_by) -> bool:
    besieged_by = None if besieged_by is None or (isinstance(besieged_by, float) and np.isnan(besieged_by)) \
        else str(besieged_by)
    if claim.controller == "besieged":
        if controller != "besieged" and besieged_by is None:
            return False
        return claim.besieged_by is None or besieged_by is None or claim.besieged_by == besieged_by
    if claim.controller == "contested":
        return controller == "contested"
    if controller == claim.controller:
        return True
    if controller == "besieged":  # a besieged enclave is held by the side its besiegers fight
        holder = {"opposition": "government", "government": "opposition"}.get(besieged_by or "")
        return holder == claim.controller
    return False


def _describe(controller: str, besieged_by) -> str:
    if besieged_by is not None and not (isinstance(besieged_by, float) and np.isnan(besieged_by)):
        return f"{controller} (besieged by {besieged_by})"
    return controller


def check_against_zones(claims: Sequence[ControlClaim], zones: gpd.GeoDataFrame | None, gazetteer) -> list[dict]:
    """For each claim: the zone at its place (most specific), whether the zone agrees, and why.

    Returns dicts with claim, article, outlet, phrase, text, place_id, place_name, claimed (controller, plus
    besieged_by), zone_id (the zone the verdict rests on), point_zone_id, zone_label, zone_controller,
    zone_besieged_by, agree (True/False, None when it cannot be checked) and reason."""
    out = []
    zones = zones if zones is not None else gpd.GeoDataFrame(geometry=[], crs="EPSG:4326")
    places = [gazetteer.get(c.place_id) if gazetteer is not None else None for c in claims]
    xy = [(p.lon, p.lat) if p is not None and p.lat is not None else (np.nan, np.nan) for p in places]
    idx = zone_index_at(zones, [a for a, _ in xy], [b for _, b in xy]) if claims else np.array([], dtype=int)
    for claim, place, i in zip(claims, places, idx, strict=False):
        rec = {"claim": claim.id, "article": claim.article, "outlet": claim.outlet, "phrase": claim.phrase,
               "text": claim.text, "place_id": claim.place_id, "place_name": place.name if place else claim.place_id,
               "claimed": claim.controller, "claimed_besieged_by": claim.besieged_by,
               "zone_id": None, "point_zone_id": None, "zone_label": None, "zone_controller": None,
               "zone_besieged_by": None, "agree": None, "reason": ""}
        if place is None or place.lat is None:
            rec["reason"] = "the place has no coordinates"
            out.append(rec)
            continue
        if i < 0:
            rec["reason"] = f"{place.name} lies outside every zone in force"
            out.append(rec)
            continue
        row = zones.iloc[int(i)]
        rec.update(zone_id=row["id"], point_zone_id=row["id"], zone_label=row["label"],
                   zone_controller=row["controller"], zone_besieged_by=_clean(row.get("besieged_by")))
        if _agrees(claim, row["controller"], row.get("besieged_by")):
            rec.update(agree=True, reason=f"{place.name} lies in {row['id']} "
                                          f"({_describe(row['controller'], row.get('besieged_by'))})")
            out.append(rec)
            continue
        near = _agreeing_zone_nearby(claim, place, zones)
        if near is not None:
            rec.update(zone_id=near["id"], zone_label=near["label"], zone_controller=near["controller"],
                       zone_besieged_by=_clean(near.get("besieged_by")), agree=True,
                       reason=(f"{place.name}'s point lies in {row['id']} "
                               f"({_describe(row['controller'], row.get('besieged_by'))}), but {near['id']} "
                               f"({_describe(near['controller'], near.get('besieged_by'))}) lies within the "
                               f"place's extent ({place.precision_m / 1000:g} km): the claim fits part of it"))
        else:
            rec.update(agree=False, reason=(f"the text says {claim.controller}"
                                            f"{' (by ' + claim.besieged_by + ')' if claim.besieged_by else ''}; "
                                            f"{place.name} lies in {row['id']} "
                                            f"({_describe(row['controller'], row.get('besieged_by'))})"))
        out.append(rec)
    return out


def _clean(value):
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    return value


def _area(row) -> float:
    return float(row["area_km2"]) if "area_km2" in row.index else float(row.geometry.area)


def _agreeing_zone_nearby(claim: ControlClaim, place, zones: gpd.GeoDataFrame):
    """For an area-like place (precision >= 1 km): the smallest zone of the claimed kind within the place's
    precision radius of its point, measured in a projection centred on the place."""
    if place.precision_m < 1000 or place.kind not in {"region", "governorate", "city"}:
        return None
    crs = local_crs(place.lon, place.lat)
    centre = to_metric(shapely.Point(place.lon, place.lat), crs)
    geoms = to_metric(np.asarray(zones.geometry.array), crs)
    within = shapely.dwithin(geoms, centre, place.precision_m)
    best = None
    for j in np.flatnonzero(within):
        row = zones.iloc[int(j)]
        if _agrees(claim, row["controller"], row.get("besieged_by")):
            if best is None or _area(row) < _area(best):
                best = row
    return best


def corpus_control_claims(corpus, gazetteer, mentions_for=None) -> list[ControlClaim]:
    """Every control claim of every article of a loaded corpus."""
    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.sentences import split_sentences

    focus = getattr(getattr(corpus, "config", None), "focus", None)
    out: list[ControlClaim] = []
    for article in corpus.articles:
        mentions = mentions_for(article) if mentions_for else find_mentions(article, gazetteer, focus=focus)
        out.extend(control_claims(article, split_sentences(article.text), mentions))
    return out


__all__ = ["CONTROLLERS", "ControlClaim", "check_against_zones", "control_claims", "corpus_control_claims"]
