"""Claims about the same thing, lined up across outlets, and whether they disagree.

Two counts are about the same thing when they share the event (corpus.events.quantity_event: the
buses of a convoy are the convoy whatever verb the sentence uses), the kind of thing counted
(people, civilians, evacuees and residents are one family: outlets use them interchangeably for
the same crowd), the day, and the site. The site is the settlement the claim's places sit in
(eastern Aleppo and al-Amiriyah are both Aleppo; al-Fu'ah is not), so the 29 buses sent to
al-Fu'ah and Kafriya are not compared with the 20 that left Aleppo. A claim naming no place is
taken to be about the corpus's focus site (the site most claims name), and so is a claim whose
only places lie outside the focus site's country (Geneva, where a speaker spoke).

Each value is widened to the interval its qualifier allows ("about X" is X±15%, "at least X" is
[X, inf), "almost X" is [0.85X, X], "hundreds" is [200, inf) since reporters use it loosely ...).
A group disagrees when two outlets' intervals do not overlap. Values from one outlet are never
compared with each other (a story may give the morning's and the evening's count), so a one-outlet
group never disagrees but is still returned: the map shows every number, compared or not.

Only like is set against like. A count's scope (corpus.scope) is part of what it is about: a first
batch is compared with first batches and first convoys, a day's or unscoped total with other totals,
and a cumulative, target or population figure only with its own kind; a part ("including 40,000
civilians") or a remainder is never compared at all, nor is an undated count (a war's toll, a toll "in
recent weeks": there is no one period to compare). One article's same number is entered once. No value
is computed: a group shows only numbers an outlet printed, each with its outlet and speaker, and the
group's `note` says in words what its scope is.
"""
from __future__ import annotations

import datetime as dt
import functools
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from evacmap.corpus.events import EVENT_KINDS, quantity_event
from evacmap.corpus.model import Claim, Quantity

FAMILY = {"people": "people", "civilians": "people", "evacuees": "people", "residents": "people"}
_ABOUT = {"approximately", "about", "around", "roughly", "some", "estimated", "circa"}
_BELOW = {"almost", "nearly", "just under", "close to"}
_AT_LEAST = {"at least", "no fewer than", "no less than"}
_MORE = {"more than", "over", "upwards of", "just over"}
_UP_TO = {"up to", "as many as", "as high as", "as much as", "at most", "no more than"}
_LESS = {"fewer than", "less than", "under"}
# Reporters use these loosely ("thousands" of a crowd later put at 50,000): only the floor is firm.
_VAGUE = {"dozens", "scores", "hundreds", "thousands", "tens of thousands", "hundreds of thousands",
          "millions"}
_SETTLEMENT = {"city", "town", "village", "crossing", "camp"}
_BROAD = {"country", "governorate"}
SUM_QUALIFIER = "buses + ambulances"  # kept for older exports; no sum is entered any more
# Scopes that are one thing for comparison. "The first batch" and "the first convoy" are the same vehicles.
# A count with no stated scope, "so far", "in total" and "the first two convoys" all count everything from the
# start up to the report ("running"); "per day" is a rate and a first batch a part, so neither joins them.
_SCOPE_CLASS = {"first_convoy": "first_batch", "cumulative": None, "total": None}
_UNCOMPARED = {"part", "remainder"}
SCOPE_NOTES = {
    None: "counts as of each report: unscoped day counts, running totals ('so far', 'in total', 'the first "
          "two convoys'); each value keeps its own scope",
    "first_batch": "the first batch or convoy only, not the day's total",
    "daily": "rates per day, not totals",
    "target": "targets not yet reached, not counts of people moved",
    "population": "the people an operation concerns, not people moved",
}


@dataclass(frozen=True)
class GroupValue:
    outlet: str
    article: str
    claim: str
    value: float | None
    low: float | None
    high: float | None
    qualifier: str | None
    speaker: str | None
    scope: str | None = None  # the value's own scope (corpus.scope), which the group's class may widen


@dataclass
class ComparisonGroup:
    event: str
    counts: str
    date: dt.date | None
    places: tuple[str, ...]
    values: list[GroupValue] = field(default_factory=list)
    disagree: bool = False
    spread: tuple[float | None, float | None] = (None, None)
    site: str | None = None  # the settlement the group is about (None: no place known)
    scope: str | None = None  # the scope every value shares (corpus.scope; first_convoy counts as first_batch)

    @property
    def note(self) -> str:
        """In words, what the group's values measure, so a reader knows what is (not) compared."""
        return SCOPE_NOTES.get(self.scope) or f"scope: {(self.scope or '').replace('_', ' ')}"

    def as_dict(self) -> dict:
        """JSON-ready: ISO date, values as dicts."""
        return {"event": self.event, "counts": self.counts,
                "date": self.date.isoformat() if self.date else None, "places": list(self.places),
                "site": self.site, "scope": self.scope, "note": self.note, "disagree": self.disagree,
                "spread": list(self.spread), "values": [vars(v).copy() for v in self.values]}


# qualifier family -> the interval (as factors of the value) it allows; inf/nextafter where open.
_INTERVALS: list[tuple[set[str], Callable[[float], tuple[float, float]]]] = [
    (_ABOUT, lambda v: (v * 0.85, v * 1.15)),
    (_BELOW, lambda v: (v * 0.85, v)),
    (_AT_LEAST, lambda v: (v, math.inf)),
    (_MORE, lambda v: (math.nextafter(v, math.inf), math.inf)),
    (_UP_TO, lambda v: (0.0, v)),
    (_LESS, lambda v: (0.0, math.nextafter(v, -math.inf))),
]


def interval(value: float | None, low: float | None, high: float | None,
             qualifier: str | None) -> tuple[float, float]:
    """The range of true numbers a stated value is compatible with, given its qualifier."""
    q = (qualifier or "").lower()
    if value is None:
        floor = low if low is not None else 0.0
        return (floor, math.inf) if q in _VAGUE else (floor, high if high is not None else math.inf)
    for family, span in _INTERVALS:
        if q in family:
            return span(value)
    return (value, value)


def _overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return max(a[0], b[0]) <= min(a[1], b[1])


def disagree(values: list[GroupValue]) -> bool:
    """True when two outlets' values cannot both be right, whatever their qualifiers allow."""
    spans = [(v.outlet, interval(v.value, v.low, v.high, v.qualifier)) for v in values]
    return any(o1 != o2 and not _overlap(s1, s2)
               for i, (o1, s1) in enumerate(spans) for o2, s2 in spans[i + 1:])


def _spread(values: list[GroupValue]) -> tuple[float | None, float | None]:
    lows = [x for x in (v.value if v.value is not None else v.low for v in values) if x is not None]
    highs = [x for x in (v.value if v.value is not None else v.high for v in values) if x is not None]
    return (min(lows) if lows else None, max(highs) if highs else None)


@functools.lru_cache(maxsize=1)
def _curated() -> dict:
    from evacmap.gazetteer.layers import curated_layer

    return {p.id: p for p in curated_layer().places}


def curated_place(place_id: str):
    """The bundled curated gazetteer's place for an id (the default hierarchy)."""
    return _curated().get(place_id)


def site_of(place_id: str, place_of: Callable) -> str | None:
    """The settlement a place lies in (itself if it is one); None for a country or governorate."""
    place, seen = place_of(place_id), set()
    if place is None:
        return place_id
    if place.kind in _BROAD:
        return None
    start = place
    while place is not None and place.kind not in _SETTLEMENT and place.parent and place.id not in seen:
        seen.add(place.id)
        parent = place_of(place.parent)
        if parent is None or parent.kind in _BROAD:
            break
        place = parent
    return place.id if place is not None and place.kind in _SETTLEMENT else start.id


def _country(place_id: str | None, place_of: Callable) -> str | None:
    place = place_of(place_id) if place_id else None
    return place.country if place is not None else None


def scope_class(scope: str | None) -> str | None:
    """The class of scopes a count is compared within (None: counts as of the report)."""
    if scope and re.fullmatch(r"first_(?:two|three|four|five)", scope):
        return None
    return _SCOPE_CLASS.get(scope, scope) if scope else None


def _entries(claim: Claim) -> list[tuple[str, str, Quantity, str | None]]:
    """(event, counts family, quantity, scope class) for each count a claim makes."""
    out = []
    for q in claim.quantities:
        if q.counts:
            out.append((quantity_event(claim.event, q), FAMILY.get(q.counts, q.counts), q,
                        scope_class(q.scope or claim.scope)))
    return out


def compare_claims(claims: list[Claim], place_of: Callable | None = None) -> list[ComparisonGroup]:
    """Group counts about the same event, thing, day and site across outlets.

    `place_of(id) -> Place | None` gives the place hierarchy (e.g. `Gazetteer.get`); by default
    the bundled curated places. Order: by date, event (in EVENT_KINDS order), counts, site.
    """
    place_of = place_of or curated_place
    sites = {c.id: [s for s in (site_of(p, place_of) for p in c.places) if s] for c in claims}
    tally = Counter(s for c in claims for s in dict.fromkeys(sites[c.id]))
    focus = min(tally, key=lambda s: (-tally[s], s)) if tally else None
    country = _country(focus, place_of)
    groups: dict[tuple, ComparisonGroup] = {}
    for c in claims:
        own = [s for s in sites[c.id] if _country(s, place_of) == country]  # not where a speaker spoke
        site = focus if (not own or focus in own) else own[0]
        for i, (event, counts, q, scope) in enumerate(_entries(c)):
            day = q.date or c.date  # a number's own day where its part of the sentence names one
            alone = day is None or scope in _UNCOMPARED
            key = (day, event, counts, site, scope, f"{c.id}/{i}" if alone else "")
            g = groups.get(key)
            if g is None:
                g = groups[key] = ComparisonGroup(event, counts, day, (), site=site, scope=scope)
            value = GroupValue(c.outlet, c.article, c.id, q.value, q.low, q.high, q.qualifier, c.speaker,
                               q.scope or c.scope)
            same = [k for k, v in enumerate(g.values)
                    if (v.article, v.value, v.low, v.high) == (value.article, value.value, value.low, value.high)]
            if same:  # one article repeating its own figure is one value, credited where it is credited
                if g.values[same[0]].speaker is None and value.speaker:
                    g.values[same[0]] = value
                continue
            g.places = tuple(dict.fromkeys(g.places + c.places))
            g.values.append(value)
    order = {k: i for i, k in enumerate((*EVENT_KINDS, "target"))}
    out = []
    for key in sorted(groups, key=lambda k: (k[0] or dt.date.max, order.get(k[1], 99), k[1], k[2],
                                              k[3] or "", k[4] or "", k[5])):
        g = groups[key]
        g.values.sort(key=lambda v: (v.article, _claim_order(v.claim), v.qualifier == SUM_QUALIFIER))
        g.disagree = disagree(g.values)
        g.spread = _spread(g.values)
        out.append(g)
    return out


def _claim_order(claim_id: str) -> tuple[int, ...]:
    """Text order of claim ids "<article>#n" and "<article>#n.k" (the k-th clause of sentence n)."""
    return tuple(int(x) for x in claim_id.rsplit("#", 1)[1].split("."))


COMPARE_CSV_HEADER = ("event", "counts", "date", "site", "scope", "note", "places", "disagree", "spread_min",
                      "spread_max", "outlet", "article", "claim", "value", "low", "high",
                      "qualifier", "speaker", "value_scope")


def _num(x):
    if x is None:
        return ""
    return int(x) if float(x).is_integer() else x


def compare_csv_rows(groups: list[ComparisonGroup]) -> tuple[tuple[str, ...], list[list]]:
    """(header, rows): one row per value, each carrying its group's columns."""
    rows = []
    for g in groups:
        head = [g.event, g.counts, g.date.isoformat() if g.date else "", g.site or "", g.scope or "", g.note,
                ";".join(g.places), "true" if g.disagree else "false", _num(g.spread[0]),
                _num(g.spread[1])]
        for v in g.values:
            rows.append([*head, v.outlet, v.article, v.claim, _num(v.value), _num(v.low), _num(v.high),
                         v.qualifier or "", v.speaker or "", v.scope or ""])
    return COMPARE_CSV_HEADER, rows
