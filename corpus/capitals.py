"""A country named like its own capital ("Djibouti", "Kuwait", "Singapore"): a journey to or from it by air or by
sea lands at, or leaves from, an airport or a port, and the text's name then stands for the capital that bears it.
The country's own point is only a reference point (Djibouti's lies 71 km inland of the capital's port), so a leg
drawn to it would end in the desert. A journey by road, or a stay ("refugees in Djibouti"), keeps the country."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from evacmap.gazetteer.context import CAPITAL_NOTE, SETTLEMENT_KINDS

if TYPE_CHECKING:
    from evacmap.corpus.model import Claim
    from evacmap.corpus.movements import Leg

#: the ways of travelling whose ends are airports and ports
JOURNEY_MODES = frozenset({"air", "sea"})


def capital_of_same_name(place_id: str | None, gazetteer) -> str | None:
    """The id of the national capital that goes by a country's own name, when the place is such a country."""
    place = gazetteer.get(place_id) if (place_id and gazetteer is not None) else None
    if place is None or place.kind != "country" or not place.country:
        return None
    for candidate in gazetteer.candidates(place.name):
        if (candidate.note == CAPITAL_NOTE and candidate.country == place.country
                and candidate.kind in SETTLEMENT_KINDS and candidate.resolved):
            return candidate.id
    return None


def at_capitals(legs: Sequence[Leg], gazetteer) -> list[Leg]:
    """Each leg by air or sea with the ends that are countries named like their capitals moved to the capital."""
    if gazetteer is None:
        return list(legs)
    out = []
    why = "a country named like its capital, reached by air or sea: the capital's airport or port"
    for leg in legs:
        origin, destination = leg.origin, leg.destination
        if leg.mode in JOURNEY_MODES:
            origin = capital_of_same_name(origin, gazetteer) or origin
            destination = capital_of_same_name(destination, gazetteer) or destination
        if (origin, destination) == (leg.origin, leg.destination):
            out.append(leg)
        else:
            out.append(replace(leg, origin=origin, destination=destination,
                               note=f"{leg.note}; {why}" if leg.note else why))
    return out


def claims_at_capitals(claims: list[Claim], legs: Sequence[Leg], gazetteer) -> list[Claim]:
    """A claim's country named like its capital is that capital when a leg of the claim's own words starts or
    ends there (see ``at_capitals``: "flew 351 people from Sanaa to Djibouti" counts people landed at the capital)."""
    if gazetteer is None or not legs:
        return claims
    out = []
    for claim in claims:
        ends = {p for leg in legs if leg.start < claim.end and claim.start < leg.end
                for p in (leg.origin, leg.destination) if p}
        moved = {}
        for pid in {*claim.places, *(p for q in claim.quantities for p in (q.places or ()))}:
            capital = capital_of_same_name(pid, gazetteer)
            if capital is not None and capital in ends:
                moved[pid] = capital
        if not moved:
            out.append(claim)
            continue

        def swap(places: tuple[str, ...], moved: dict[str, str] = moved) -> tuple[str, ...]:
            return tuple(dict.fromkeys(moved.get(p, p) for p in places))
        out.append(replace(claim, places=swap(claim.places), inferred_places=swap(claim.inferred_places),
                           quantities=tuple(q if q.places is None else replace(q, places=swap(q.places))
                                            for q in claim.quantities)))
    return out
