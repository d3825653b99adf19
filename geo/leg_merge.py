"""Legs of many articles -> merged legs: the place families that say which legs are one, and the merge.

Legs whose ends are the same *place family* (and the same optional-ness) are one :class:`MergedLeg`. A family
is what the gazetteer says belongs together, never a table of names: a district, neighbourhood or part of a
city belongs to its city ("eastern <city>", a district of it); a province to its capital of the same name;
the places of one group ("two villages, X and Y") to the group. The merged leg's ``from_id``/``to_id`` is the
id most sources use, the more specific place on a tie. Its status is the most certain any source gives;
when every source that reports it done credits the same party, it says so. :mod:`geo.routes` groups merged
legs into routes and draws them.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from shapely.geometry import LineString

from evacmap.gazetteer.model import ADMIN_KINDS
from evacmap.geo.legs import Leg

#: how specific a kind of place is (lower = more specific): a tie between two ids goes to the more specific
SPECIFICITY = {"district": 0, "crossing": 0, "camp": 0, "village": 1, "town": 1, "city": 1, "region": 2,
               "governorate": 3, "country": 4}
STATUS_RANK = {"happened": 0, "under_way": 1, "planned": 2, "disputed": 3, "optional": 4}
#: kinds of place that are part of a settlement: they belong to their parent city's family
PART_KINDS = {"district", "region", "neighbourhood", "neighborhood", "quarter", "crossing", "camp", "facility",
              "airport", "checkpoint"}
SETTLEMENT_KINDS = {"city", "town", "village"}
PEOPLE = ("wounded", "civilians", "residents", "fighters", "people", "evacuees", "convoy")


@dataclass
class MergedLeg:
    id: str
    from_id: str | None
    to_id: str | None
    via: tuple[str, ...]
    who: tuple[str, ...]
    status: str
    sources: list[dict[str, Any]]
    geometry: LineString | None
    length_km: float | None
    from_ids: tuple[str, ...] = ()  # every origin id the sources give (al-Fu'ah *and* Kafriya)
    to_ids: tuple[str, ...] = ()
    drawn: str = "schematic"  # schematic | roads | roads+schematic | none
    notes: list[str] = field(default_factory=list)
    from_name: str = ""
    to_name: str = ""  # "destination not stated" when no source says; the words when not located
    via_names: tuple[str, ...] = ()
    reported_by: str | None = None  # the one party every "happened" source credits, when there is one
    drawn_from: str | None = None  # where the line starts when it chains on the previous leg
    from_family: str | None = None
    to_family: str | None = None
    to_texts: tuple[str, ...] = ()  # destinations named but not located, as written



def family(place_id: str | None, gazetteer=None) -> str | None:
    """The place family of an id (see the module docstring): a part of a settlement -> the settlement, a
    province -> its capital of the same name, else the place itself."""
    if place_id is None or gazetteer is None:
        return place_id
    place = gazetteer.get(place_id)
    seen = {place_id}
    while place is not None and place.kind in PART_KINDS and place.parent and place.parent not in seen:
        parent = gazetteer.get(place.parent)
        if parent is None or parent.kind not in SETTLEMENT_KINDS | PART_KINDS:
            break
        seen.add(parent.id)
        place = parent
    if place is not None and place.kind in ADMIN_KINDS:
        capital = _capital(gazetteer, place)
        if capital is not None:
            return capital
    return place.id if place is not None else place_id


def _capital(gazetteer, place) -> str | None:
    """A province's city of the same name ("<X> province" -> the city <X>), when the gazetteer has one."""
    base = re.sub(r"\s+(governorate|province|state|oblast|region|county)$", "", place.name, flags=re.IGNORECASE)
    if base == place.name:
        return None
    for candidate in gazetteer.candidates(base):
        if candidate.parent == place.id and candidate.kind in SETTLEMENT_KINDS and candidate.resolved:
            return candidate.id
    return None


def _leg_family(leg: Leg, gazetteer) -> str | None:
    if leg.origin_group:
        return "+".join(sorted(leg.origin_group))
    return family(leg.origin, gazetteer)


def place_name(gazetteer, pid: str | None) -> str:
    if pid is None:
        return "destination not stated"
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place.name if place is not None else pid


def family_label(gazetteer, fam: str | None, ids: Sequence[str]) -> str:
    if fam is None:
        return "destination not stated"
    members = fam.split("+") if "+" in fam else [fam]
    names = list(dict.fromkeys(place_name(gazetteer, i) for i in members))
    return " and ".join(names) if len(names) <= 2 else ", ".join(names[:-1]) + " and " + names[-1]


def _specificity(gazetteer, pid: str) -> int:
    place = gazetteer.get(pid) if gazetteer is not None else None
    return SPECIFICITY.get(place.kind, 5) if place is not None else 5


def representative(ids: list[str], gazetteer) -> str | None:
    """The id most sources use; on a tie the more specific place, then the first in the corpus."""
    if not ids:
        return None
    counts = Counter(ids)
    first = {pid: n for n, pid in reversed(list(enumerate(ids)))}
    return min(counts, key=lambda pid: (-counts[pid], _specificity(gazetteer, pid), first[pid]))


def place_point(gazetteer, pid: str | None) -> tuple[float, float] | None:
    """Where a leg's end is drawn. A province ("bound for <X> province") is drawn to its capital of the same
    name, where convoys arrive; the province's own point is only a geometric interior point."""
    place = gazetteer.get(pid) if (gazetteer is not None and pid) else None
    if place is None or place.lat is None or place.lon is None:
        return None
    if place.kind in ADMIN_KINDS:
        capital = gazetteer.get(_capital(gazetteer, place) or "")
        if capital is not None and capital.lat is not None and capital.lon is not None:
            return (capital.lon, capital.lat)
    return (place.lon, place.lat)


def leg_source(leg: Leg) -> dict[str, Any]:
    return {"article": leg.article, "outlet": leg.outlet, "text": leg.text, "start": leg.start, "end": leg.end,
            "status": leg.status, "who": leg.who, "origin": leg.origin, "destination": leg.destination,
            "destination_text": leg.destination_text, "verb": leg.verb, "reported_by": leg.reported_by,
            "mode": leg.mode, "origin_text": leg.origin_text}


def slug(*parts: str) -> str:
    return "-".join(p.replace("_", "-") for p in parts if p)


def outlet_list(sources: Iterable[dict]) -> str:
    return ", ".join(dict.fromkeys(s["outlet"] for s in sources))


def merge_legs(legs: Sequence[Leg], gazetteer) -> list[MergedLeg]:
    groups: dict[tuple, list[Leg]] = {}
    for leg in sorted(legs, key=lambda lg: (lg.article, lg.start, lg.origin or "", lg.destination or "")):
        if leg.origin is None:
            continue
        key = (_leg_family(leg, gazetteer), family(leg.destination, gazetteer), leg.status == "optional")
        groups.setdefault(key, []).append(leg)
    merged = []
    for (ofam, dfam, optional), members in groups.items():
        from_ids = [lg.origin for lg in members]
        to_ids = [lg.destination for lg in members if lg.destination]
        vias = tuple(dict.fromkeys(v for lg in members for v in lg.via))
        who_terms = list(dict.fromkeys(w.strip() for lg in members for w in lg.who.split(",") if w.strip()))
        people = [w for w in who_terms if w not in ("convoy", "evacuees")]
        who = tuple(sorted(people or who_terms, key=lambda w: PEOPLE.index(w) if w in PEOPLE else 99))
        status = min((lg.status for lg in members), key=STATUS_RANK.__getitem__)
        sources, seen = [], set()
        for lg in members:
            if (lg.article, lg.start) not in seen:
                seen.add((lg.article, lg.start))
                sources.append(leg_source(lg))
        leg_id = slug(ofam, dfam or "unstated", "optional" if optional else "")
        notes = _leg_notes(members, status, gazetteer)
        party = _one_party(members)
        if party:
            notes.append(f"reported as happened only by {party}: no other source confirms it")
        merged.append(MergedLeg(
            id=leg_id, from_id=representative(from_ids, gazetteer), to_id=representative(to_ids, gazetteer),
            via=vias, who=who, status=status, sources=sources, geometry=None, length_km=None,
            from_ids=tuple(dict.fromkeys(from_ids)), to_ids=tuple(dict.fromkeys(to_ids)), notes=notes,
            reported_by=party, from_family=ofam, to_family=dfam,
            to_texts=tuple(dict.fromkeys(" ".join(lg.destination_text.split()) for lg in members
                                         if lg.destination is None and lg.destination_text))))
    return merged


def _party(speaker: str | None) -> str | None:
    """A speaker reduced to the party behind it: "Syrian state TV" and "Syrian state media" are one."""
    if not speaker:
        return None
    words = re.sub(r"\b(?:news\s+)?(?:tv|television|media|news agency|agency|broadcaster)\b", "media", speaker,
                   flags=re.IGNORECASE)
    return " ".join(words.split()).lower()


def _one_party(members: Sequence[Leg]) -> str | None:
    """The one party behind every report of the movement as done, or None. An article's unattributed
    sentences about the movement rest on the party its other sentences about it credit; an article that
    credits nobody is an independent report."""
    done = [leg for leg in members if leg.status == "happened"]
    per_article: dict[str, set[str]] = {}
    first: dict[str, str] = {}
    for leg in done:
        party = _party(leg.reported_by)
        per_article.setdefault(leg.article, set())
        if party:
            per_article[leg.article].add(party)
            first.setdefault(party, str(leg.reported_by))
    parties = set().union(*per_article.values()) if per_article else set()
    if not done or len(parties) != 1 or any(not p for p in per_article.values()):
        return None
    return first[next(iter(parties))]


def _leg_notes(members: Sequence[Leg], status: str, gazetteer) -> list[str]:
    notes = []
    statuses = {lg.status for lg in members}
    if len(statuses) > 1:
        parts = []
        for st in STATUS_RANK:
            outlets = outlet_list(leg_source(lg) for lg in members if lg.status == st)
            if outlets:
                parts.append(f"{st}: {outlets}")
        notes.append("sources differ on whether this happened or is planned (" + "; ".join(parts) + ")")
    for lg in members:
        for text in lg.via_text:
            notes.append(f"{lg.outlet}: via '{text}' (not placed: the text does not say where)")
        if lg.destination is None and lg.destination_text:
            notes.append(f"{lg.outlet}: destination '{' '.join(lg.destination_text.split())}' "
                         "(named, not located: the text does not say where)")
    dest_ids = list(dict.fromkeys(lg.destination for lg in members if lg.destination))
    if len(dest_ids) > 1:
        by = "; ".join(f"{place_name(gazetteer, d)}: {outlet_list(leg_source(lg) for lg in members if lg.destination == d)}"
                       for d in dest_ids)
        notes.append(f"sources name the destination differently ({by}); drawn to the one most use")
    origin_ids = list(dict.fromkeys(lg.origin for lg in members if lg.origin))
    if len(origin_ids) > 1:
        by = "; ".join(f"{place_name(gazetteer, o)}: {outlet_list(leg_source(lg) for lg in members if lg.origin == o)}"
                       for o in origin_ids)
        notes.append(f"sources name the origin differently ({by})")
    return list(dict.fromkeys(notes))


__all__ = [
    "ADMIN_KINDS",
    "STATUS_RANK",
    "MergedLeg",
    "family",
    "family_label",
    "leg_source",
    "merge_legs",
    "outlet_list",
    "place_name",
    "place_point",
    "representative",
    "slug",
]
