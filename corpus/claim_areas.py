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
"The region's largest settlement" describes a place inside the area, not the area, and gives nothing. "The
capital" (corpus/capital_refs.py) is read the same way: the capital the slot resolved it to, flagged inferred.

A claim that names no place but gives its scope as a whole state or country ("Statewide, 1,100 rescues had
been carried out", "Across the state, 2.5 million people were under some kind of evacuation order", "a
nationwide ceasefire lasting 72 hours") is about that state or country: the latest place the article named
before it that the gazetteer files as a first-level division ("statewide") or as a country ("nationwide"),
flagged `place_inferred`. An article that named none infers nothing.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from evacmap.corpus.capital_refs import CAPITAL_REF
from evacmap.corpus.claim_places import claim_places
from evacmap.corpus.model import Claim, Mention
from evacmap.corpus.slots import AREA_REF, Slot

__all__ = ["at_described_areas", "at_stated_scope"]

# the words that give a claim the scope of a whole state or country -> the gazetteer kinds that can be it
_WHOLE = {"state": (re.compile(r"\b(?:state-?wide|across\s+the\s+(?:whole\s+)?state)\b", re.I),
                    frozenset({"governorate"})),
          "country": (re.compile(r"\b(?:nation-?wide|country-?wide|across\s+the\s+(?:whole\s+)?(?:country|nation))\b",
                                 re.I), frozenset({"country"}))}

_POSSESSIVE = re.compile(r"^['’]s\b")
_SAYS_NEXT = re.compile(r"^\s+(?:have\s+|has\s+|had\s+)?(?:said|say|says|told|reported|estimated|confirmed|"
                        r"announced|warned)\b", re.I)


def at_described_areas(text: str, claims: list[Claim], slots: Sequence[Sequence[Slot]]) -> list[Claim]:
    """Each claim that names no place, at the areas its words describe (inferred)."""
    areas = [s for sentence in slots for s in sentence
             if s.ids and s.ids[0] and (AREA_REF.fullmatch(s.text) or CAPITAL_REF.fullmatch(s.text))
             and not _POSSESSIVE.match(text[s.end:s.end + 3])
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


def at_stated_scope(claims: list[Claim], mentions: Sequence[Mention],
                    kind_of: Callable[[str], str | None]) -> list[Claim]:
    """Each claim that names no place and says "statewide" or "nationwide", at the latest state or country
    the article named before it (inferred)."""
    named = sorted((m for m in mentions if m.place_id), key=lambda m: m.start)
    out = []
    for claim in claims:
        c = claim
        if not c.places and c.quantities and all(not q.places for q in c.quantities):
            for rx, kinds in _WHOLE.values():
                hit = rx.search(c.text)
                at = c.start + hit.start() if hit else -1
                whole = next((m.place_id for m in reversed(named) if m.start < at and m.place_id
                              and kind_of(m.place_id) in kinds), None) if hit else None
                if whole is not None:
                    c = replace(c, places=(whole,), inferred_places=(whole,),
                                quantities=tuple(replace(q, places=None) for q in c.quantities))
                    break
        out.append(c)
    return out
