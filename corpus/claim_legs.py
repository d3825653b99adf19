"""A count whose part of the sentence says its people or vehicles left, and names no place, is at the origin
of the movement its sentence states.

"The first plane left on Sunday with 101 evacuees and the second with 113, ..., and by Monday the air force
had flown 311 people from Wadi Seidna to Al-Azraq": the departures counted are from the one place the
sentence's movements start at. The movement legs (corpus/movements.py) are read once for the routes; this rule
takes their origins rather than parsing the sentence again. It holds only when

- the number's own part of the clause (claims.clause_parts) names no place and says that something left
  ("left", "departed", "took off", "set off", "set out", "sailed", "pulled out"): not "fled" (a flight's
  start is often unsaid on purpose), not an arrival, not "flown out" (whose origin may be the country left);
- every leg the sentence states starts at the same place.

The place is stated in the sentence, but not in the number's own words: the claim is flagged
`place_inferred` unless its own clause names that place elsewhere.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from evacmap.corpus.claims import clause_parts
from evacmap.corpus.model import Claim
from evacmap.corpus.movements import Leg

__all__ = ["at_leg_origin"]

_LEFT = re.compile(r"\b(?:left|leaves|leave|departed|departs|took\s+off|set\s+(?:off|out)|sailed|pulled\s+out)\b"
                   r"(?!\s+(?:for|to|behind)\b)", re.I)


def at_leg_origin(claims: list[Claim], legs: Sequence[Leg]) -> list[Claim]:
    """Each number of a departure that names no place, at its sentence's one origin (see the module)."""
    if not legs:
        return claims
    out = []
    for claim in claims:
        c = claim
        if c.quantities:
            c = _placed(c, legs)
        out.append(c)
    return out


def _placed(c: Claim, legs: Sequence[Leg]) -> Claim:
    parts = clause_parts(c.text)
    quantities, added = [], []
    for q in c.quantities:
        own = q.places if q.places is not None else c.places
        origins = {leg.origin for leg in legs if leg.start <= q.start < leg.end}
        lo, hi = next(((a, b) for a, b in parts if a <= q.start - c.start < b), (0, len(c.text)))
        if own or len(origins) != 1 or None in origins or not _LEFT.search(c.text[lo:hi]):
            quantities.append(q)
            continue
        origin = next(iter(origins))
        assert origin is not None
        quantities.append(replace(q, places=(origin,)))
        added.append(origin)
    if not added:
        return c
    new = tuple(p for p in dict.fromkeys(added) if p not in c.places)
    if not c.places:  # the whole claim is at the origin: its numbers need no places of their own
        return replace(c, places=new, inferred_places=new,
                       quantities=tuple(replace(q, places=None) if q.places == new else q for q in quantities))
    return replace(c, places=c.places + new, inferred_places=c.inferred_places + new, quantities=tuple(quantities))
