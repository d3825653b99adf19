"""Claims about an area the article names by description: "arrived from the region", "Leaders of the enclave
have said that as many as 120,000 people ... could end up leaving".

The place slots of a sentence (corpus/slots.py, read once for the movement and control rules) already resolve
"the enclave", "the territory" and "the region" to the latest earlier mention of a place the gazetteer files
as that kind of area (never a town or a country). A claim that names no place of its own but whose words
hold such a description is about that area: it takes it, flagged `place_inferred` (its words do not name it),
unless the description stands in one of the roles that are no place of a claim (corpus/claim_places.py: a
party, a seat, a title such as "the ombudsman of the region" ...), or it is the last words of the subject of
a verb of saying ("Armenian officials in the region have said", "Leaders of the enclave said"): there it
says where the speakers sit or what they lead, and an inference is drawn only from the claim's own words.
"The region's largest settlement" describes a place inside the area, not the area, and gives nothing.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from evacmap.corpus.claim_places import claim_places
from evacmap.corpus.model import Claim, Mention
from evacmap.corpus.slots import AREA_REF, Slot

__all__ = ["at_described_areas"]

_POSSESSIVE = re.compile(r"^['’]s\b")
_SAYS_NEXT = re.compile(r"^\s+(?:have\s+|has\s+|had\s+)?(?:said|say|says|told|reported|estimated|confirmed|"
                        r"announced|warned)\b", re.I)


def at_described_areas(text: str, claims: list[Claim], slots: Sequence[Sequence[Slot]]) -> list[Claim]:
    """Each claim that names no place, at the areas its words describe (inferred)."""
    areas = [s for sentence in slots for s in sentence
             if s.ids and s.ids[0] and AREA_REF.fullmatch(s.text) and not _POSSESSIVE.match(text[s.end:s.end + 3])
             and not _SAYS_NEXT.match(text[s.end:s.end + 30])]
    if not areas:
        return claims
    out = []
    for claim in claims:
        c = claim
        inside = [Mention(c.article, s.start, s.end, s.text, s.ids[0]) for s in areas
                  if c.start <= s.start and s.end <= c.end]
        here = claim_places(c.text, c.start, inside) if inside and not c.places and c.quantities \
            and all(not q.places for q in c.quantities) else ()
        if here:
            c = replace(c, places=here, inferred_places=here,
                        quantities=tuple(replace(q, places=None) for q in c.quantities))
        out.append(c)
    return out
