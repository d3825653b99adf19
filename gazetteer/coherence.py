"""What a whole article says about its names: the countries and regions it names (doc_countries) and the
towns it names with one meaning (anchors), the context that breaks ties between homonyms."""
from __future__ import annotations

import math
from collections.abc import Callable

from evacmap.gazetteer import context
from evacmap.gazetteer.context import AREA_KINDS, NEAR_KM, SETTLEMENT_KINDS, km
from evacmap.gazetteer.model import Place

__all__ = ["Choices", "Nearby", "anchors", "doc_countries", "dominant", "supported"]


def doc_countries(kept, focus: str | None) -> frozenset[str]:
    """The countries of the article's curated places, of the names that are in one country only (every
    homonym of "Texas" or "Ankara" is in one country), and the focus: the context that breaks ties.
    `kept` holds (first token, end token, key, places, score) items."""
    lists = list({id(item[3]): item[3] for item in kept}.values())  # a name's occurrences share one list
    return frozenset(
        p[0].country for p in lists
        if (p[0].source in {"curated", "user"} or all(q.country == p[0].country for q in p)) and p[0].country
    ) | frozenset(  # and the regions named with one meaning: "Texas" makes Austin, Texas the likelier Austin
        p[0].id for p in lists if len(p) == 1 and p[0].kind in {"governorate", "region"}
    ) | frozenset(  # or whose first-level region dwarfs its homonyms ("Florida" the state, not the towns),
        top.id for p in lists if len(p) > 1  # unless a city of the name is in it ("Tripoli")
        for top in [max(p, key=lambda q: (q.population, q.id))]
        if top.kind == "governorate" and not any(q.parent == top.id for q in p)
    ) | frozenset(  # and the countries named, though towns share their names ("Canada", Canada, Kentucky)
        top.country for p in lists if len(p) > 1
        for top in [max(p, key=lambda q: (q.population, q.id))] if top.kind == "country" and top.country
    ) | ({focus} if focus else set())


def dominant(places: list[Place]) -> Place | None:
    """The city of 100,000 or more that dwarfs every homonym tenfold ("Montreal"), if there is one: as sure a
    context for the article's other names as a name with one meaning."""
    ranked = sorted(places, key=lambda p: -p.population)
    top = ranked[0]
    if top.kind in SETTLEMENT_KINDS and top.population >= 100_000 and top.population >= 10 * ranked[1].population:
        return top
    return None


def anchors(items, narrowed_all: list[list[Place]], settled: dict[str, Place]) -> list[tuple[str, Place]]:
    """(key, place) of the towns and counties the article names with one meaning, placed by its dateline or
    a named container, or that dominate their homonyms: a homonym near one of them is likelier."""
    out = [(item[2], nar[0]) for item, nar in zip(items, narrowed_all, strict=False)
           if len(nar) == 1 and nar[0].kind in SETTLEMENT_KINDS | {"county"}]
    out += [(key, place) for key, place in settled.items() if place.kind in SETTLEMENT_KINDS]
    tops: dict[int, Place | None] = {}  # per list: a name's occurrences mostly share one
    for item, nar in zip(items, narrowed_all, strict=False):
        if len(nar) > 1:
            if id(nar) not in tops:
                tops[id(nar)] = dominant(nar)
            if (top := tops[id(nar)]) is not None:
                out.append((item[2], top))
    return out


class Nearby:
    """The towns an article names with one meaning (its anchors), bucketed by one-degree cells, so that "is
    this homonym within NEAR_KM of one of them" costs a few distance checks however many towns the article
    names (a list of them made resolving a long article quadratic)."""

    def __init__(self, anchors: list[tuple[str, Place]]):
        self._cells: dict[tuple[int, int], list[tuple[str, Place]]] = {}
        self._by_parent: dict[str, list[tuple[str, Place]]] = {}
        self._keys: set[str] = set()
        self._countries: dict[str, set[str]] = {}  # country -> the keys of its anchors
        for key, place in dict.fromkeys(anchors):
            self._keys.add(key)
            if place.country:
                self._countries.setdefault(place.country, set()).add(key)
            if place.parent:
                self._by_parent.setdefault(place.parent, []).append((key, place))
            if place.resolved:
                self._cells.setdefault(_cell(place.lat, place.lon), []).append((key, place))

    def seen_from(self, key: str) -> _Seen:
        """The anchors of the article's other names: a name is no evidence for itself."""
        return _Seen(self, key)


def _cell(lat: float, lon: float) -> tuple[int, int]:
    return math.floor(lat), math.floor(lon)


class _Seen:
    def __init__(self, nearby: Nearby, key: str):
        self.nearby, self.key = nearby, key

    def __bool__(self) -> bool:
        return bool(self.nearby._keys - {self.key})

    def in_country(self, country: str | None) -> bool:
        """Whether another of the article's anchor towns is in `country`."""
        return bool(self.nearby._countries.get(country or "", set()) - {self.key})

    def close(self, place: Place) -> bool:
        """A region holding one of the anchors, or a place within NEAR_KM of one."""
        return self.neighbours(place, 1) > 0

    def neighbours(self, place: Place, enough: int = 2) -> int:
        """How many of the article's other anchor names (up to `enough`) a region holds or a place lies within
        NEAR_KM of."""
        held = {k for k, _ in self.nearby._by_parent.get(place.id, ()) if k != self.key}
        if len(held) >= enough or place.kind in AREA_KINDS or not place.resolved:
            return min(len(held), enough)
        lat, lon = _cell(place.lat, place.lon)
        span = min(180, math.ceil(NEAR_KM / (111.0 * max(math.cos(math.radians(place.lat)), 0.01))) + 1)
        cells = self.nearby._cells
        for y in (lat - 1, lat, lat + 1):
            for x in range(lon - span, lon + span + 1):
                for k, other in cells.get((y, (x + 180) % 360 - 180), ()):
                    if k != self.key and k not in held and km(place, other) <= NEAR_KM:
                        held.add(k)
                        if len(held) >= enough:
                            return enough
        return len(held)

    def holds(self, region: str, candidates: list[Place]) -> bool:
        """Whether `region` holds an anchor of another name that is not among `candidates`."""
        return any(k != self.key and q not in candidates for k, q in self.nearby._by_parent.get(region, ()))


def supported(pending, kept) -> list:
    """Of the `pending` spans (first token, end token, key, places: a small village named like an English
    word, which the common-word trap turned away), those the article's own geography supports, each with
    only its supported places: a village within NEAR_KM of a town the article names with one meaning
    ("Anzac" beside Fort McMurray), or inside a first-level region the article names ("Alberta"). A
    country alone is no support: every country has villages named like words."""
    if not pending:
        return []
    near = Nearby(anchors(kept, [item[3] for item in kept], {}))
    regions = {r for r in doc_countries(kept, None) if ":" in r}
    out = []
    for i, j, key, places in pending:
        seen = near.seen_from(key)
        backed = [p for p in places if (p.parent and p.parent in regions) or seen.close(p)]
        if backed:
            out.append((i, j, key, backed, 1.0))
    return out


NEIGHBOURS_REASON = "the one near two or more of the article's other towns (the other is near none)"


def _among_neighbours(pair: list[Place], near: _Seen) -> Place | None:
    """Of two settlements too close to call by size and country, the one within NEAR_KM of two or more towns
    the article names with one meaning while the other is near none ("the towns of Okuma, Futaba, Tomioka and
    Naraha": the Tomioka among them, not its bigger namesake 200 km away). Two neighbours, not one: one town
    nearby can be chance; several are the article's own geography."""
    if not near or any(p.kind not in SETTLEMENT_KINDS for p in pair):
        return None
    counts = [near.neighbours(p) for p in pair]
    if sorted(counts) == [0, 2]:
        return pair[counts.index(2)]
    return None



class Choices:
    """The choice among homonyms for each occurrence of a name in one article, worked out once per distinct
    (name, spelling, region cue, candidates): with the article's context fixed it depends on nothing else,
    and a long article repeats its names thousands of times (ranking every homonym per occurrence was most
    of the time spent finding places in it)."""

    def __init__(self, focus: str | None, doc_countries: frozenset[str],
                 authoritative: Callable[[Place | None], Place | None]):
        self.focus, self.doc_countries, self.authoritative = focus, doc_countries, authoritative
        # keyed by the candidates' ids; each entry holds its candidates, so no id is reused while it is here
        self._memo: dict[tuple, tuple[Place | None, str, list[Place], list[Place]]] = {}
        self._by_list: dict[tuple, tuple[Place | None, str, list[Place], list[Place]]] = {}  # keyed by the list's id

    def choose(self, key: str, places: list[Place], region: bool, surface: str,
               near: _Seen) -> tuple[Place | None, str, list[Place]]:
        """The place chosen (its authoritative form), why, and the other candidates best first, as
        context.choose ranks them. `near` must be the anchors seen from `key`."""
        # the same list again (spans.name_spans shares one per name): no need to hash its places' ids
        by_list = self._by_list.get((key, surface, region, id(places)))
        if by_list is not None and by_list[3] is places:
            return by_list[:3]
        memo_key = (key, surface, region, tuple(map(id, places)))
        found = self._memo.get(memo_key)
        if found is None:
            focus, countries = self.focus, self.doc_countries
            place, reason = context.choose(places, region=region, focus=focus, doc_countries=countries,
                                           surface=surface, near=near)
            if place is None and context.BALANCED in reason:
                ranked = sorted(places, key=lambda p: (-context.importance(p, focus, countries, surface, near), p.id))
                place = _among_neighbours(ranked[:2], near)
                reason = NEIGHBOURS_REASON if place is not None else reason
            place = self.authoritative(place)
            others = sorted((p for p in places if p is not place),  # best first, as choose() ranks them
                            key=lambda p: (-context.importance(p, focus, countries, surface, near), p.id))
            found = self._memo[memo_key] = (place, reason, others, places)
        self._by_list[(key, surface, region, id(places))] = (*found[:3], places)
        return found[:3]
