"""The place a sentence opens with, or the article's dateline, as where people arrived: "In Iwaki, about
10,000 people from the coast had arrived by nightfall", "At a sports centre in Yamagata, people from the coast
arrived this week", "MERSIN, Turkey - Hundreds came ashore at this Turkish port".

News often fronts the scene ("In X, ...") and then reports an arrival with no destination of its own: the scene
is where the people arrived. That rule holds only when the sentence opens with the place (after "In"/"At" and
words for a part of it or a facility in it: "In the mountain district of X", "At a sports centre in X"), the
clause's verb is an arrival, and nobody is quoted between them ("In Washington, officials said 300 people had
arrived" is where they spoke). A reporter also calls the place of the dateline "this port", "this air base": an
arrival there goes to the dateline's place.

A place that "received", "took in", "hosts" or "shelters" N evacuees is where they went ("Zaporizhzhia received
1,200 evacuees", "Al-Marj hosts around 285 people displaced from Derna").
A state, county or city that is the subject of "evacuated N people" ("Odisha evacuated 12 lakh people to safer
places", "On Friday Chennai moved 4,000 residents") is a government acting for its own people: they left places
inside it. A country is no such subject: "India evacuated 4,000 people" were its citizens abroad.
"""
from __future__ import annotations

import re

from evacmap.corpus.model import Sentence
from evacmap.corpus.movement_cues import FILLER, FRONTED_AT, SAID
from evacmap.corpus.referents import HERE_NOUNS
from evacmap.corpus.slots import Slot

__all__ = ["dateline_arrival", "dateline_slot", "evacuating_place", "fronted_arrival", "fronted_departure"]

#: an arrival at the place the reporter stands: "came ashore at this Turkish port", "touched down at this air base"
_AT_HERE = re.compile(rf"\b(?:at|in|into|to|reached|reach)\s+this\s+(?:[\w.'’-]+\s+){{0,3}}?{HERE_NOUNS}", re.I)

#: "In the mountain district of X", "In the suburbs of X": a part of the place, before it
_PART_OF = re.compile(r"(?:the\s+)?(?:[\w-]+\s+)?(?:district|area|region|province|prefecture|county|suburbs?|"
                      r"neighbou?rhood|outskirts|centre|center)\s+of\s+", re.I)
#: an arrival with no place after it ("had arrived by nightfall", "arrived through falling snow")
_ARRIVED = re.compile(r"\b(?:arrived|arriving|arrive|arrives|poured in|streamed in|flooded in)\b"
                      r"(?!\s+(?:in|at|back)\b)", re.I)


def fronted_arrival(text: str, lo: int, hi: int, slots: list[Slot], *,
                    verb: re.Match | None = None) -> list[tuple[int, Slot, str]]:
    """The place the sentence of the clause text[lo:hi] opens with (`slots`: the sentence's places, in text
    order), when the clause's verb is an arrival with no place of its own (or is ``verb``, found by the caller),
    as the clause's destination role (its offset in the clause, the place, the cue); else nothing."""
    first = slots[0] if slots else None
    if first is None or first.start >= hi or not first.ids or first.ids[0] is None:
        return []
    stop = text.rfind(". ", 0, first.start)
    # a line break before the full stop would lose to it: looked for after it only (back to the article's start,
    # once per clause, is quadratic in one long paragraph: issue 14)
    start = max(text.rfind("\n", stop + 1 if stop >= 0 else 0, first.start) + 1, stop + 2 if stop >= 0 else 0)
    opening = FRONTED_AT.match(text, start, first.start)
    if opening is None:
        return []
    pos = opening.end()
    part = _PART_OF.match(text, pos, first.start)
    pos = part.end() if part else pos
    gap = text[pos:first.start]
    if gap.strip() and not FILLER.fullmatch(gap.lstrip()):
        return []
    verb = verb or _ARRIVED.search(text, max(lo, first.end), hi)
    if verb is None or SAID.search(text, first.end, verb.start()):
        return []
    return [(first.start - lo, first, "arrived in")]


#: leaving a dwelling, which lies where the scene is: "were asked to leave their lodge", "fled their homes"
_LEFT_DWELLING = re.compile(
    r"\b(?:(?:were|was|are|is|had\s+been|have\s+been|has\s+been)\s+(?:\w+\s+)?(?:asked|told|ordered|forced|made|urged)\s+"
    r"to\s+(?:leave|abandon|vacate)|left|fled|abandoned|vacated|evacuated)\s+(?:their|its|his|her)\s+(?:own\s+)?"
    r"(?:homes?|houses?|lodges?|hotels?|hostels?|guest\s*houses?|flats?|apartments?|rooms?|dormitor(?:y|ies)|"
    r"resorts?|camps?)\b", re.I)


def fronted_departure(text: str, lo: int, hi: int, slots: list[Slot]) -> tuple[Slot, int] | None:
    """"In X, 40 pilgrims from Y were asked to leave their lodge": the place the sentence opens with (as for an
    arrival) is where people left the dwelling the clause text[lo:hi] names, when no place follows the verb in
    the clause ("their homes in Z") and nobody is quoted between them; (that place, where the verb ends), else
    None. Where the people come from ("from Y") is not where the dwelling is."""
    verb = _LEFT_DWELLING.search(text, lo, hi)
    if verb is None or any(verb.start() <= s.start < hi for s in slots):
        return None
    found = fronted_arrival(text, lo, verb.start(), slots, verb=verb)
    return (found[0][1], verb.end()) if found else None


def dateline_arrival(text: str, lo: int, hi: int, here: Slot | None) -> list[tuple[int, Slot, str]]:
    """"Hundreds came ashore at this Turkish port": the clause text[lo:hi] goes to the place of the article's
    dateline (`here`), as its destination role; nothing when the article has no dateline place."""
    m = _AT_HERE.search(text, lo, hi) if here is not None else None
    return [(m.start() - lo, here, m.group(0))] if m is not None and here is not None else []


def dateline_slot(dateline: tuple[int, int] | None, sentence: Sentence, slots: list[Slot]) -> Slot | None:
    """The place of the article's dateline span (claim_places.article_dateline), from the slots of the sentence
    that holds it; None for any other sentence (none of their places is the dateline's)."""
    if dateline is None or sentence.start >= dateline[1]:
        return None
    return next((s for s in slots if dateline[0] <= s.start < dateline[1]), None)


#: what may come before the subject in its clause: a dateline ("BHUBANESWAR - ") and a time ("On Friday,")
_LEAD_IN = re.compile(r"(?:[A-Z][A-Z .,'’()-]*?\s+[-–—]+\s+)?(?i:(?:on|by|late|early|last)\s+\w+,?\s+|yesterday,?\s+)?")
#: a count after a verb: "about 1,200", "more than 12" (the scale words after it are each verb's own)
_COUNT = r"(?:has\s+|had\s+|have\s+)?{verbs}\s+(?:about\s+|around\s+|some\s+|nearly\s+|almost\s+|over\s+|more\s+than\s+|" \
         r"at\s+least\s+)?\d[\d,.]*"
_EVACUATED_ITS = re.compile(
    r"\s+" + _COUNT.format(verbs=r"(?:evacuated|moved|relocated|shifted)") +
    r"(?:\s+(?:lakh|crore|million|thousand|hundred))?\s+(?:[a-z]+\s+)?(?:people|residents|inhabitants|villagers|families|"
    r"persons)\b", re.I)
_ACTING_KINDS = frozenset({"governorate", "province", "state", "county", "region", "city", "town", "district"})


_RECEIVED = re.compile(
    r"\s+" + _COUNT.format(verbs=r"(?:received|took\s+in|taken\s+in|welcomed|absorbed|hosts|hosted|(?:is|was)\s+hosting|"
                                       r"shelters|sheltered|(?:is|was)\s+sheltering)") +
    r"(?:\s+(?:lakh|crore|million|thousand))?\s+(?:[a-z]+\s+)?(?:evacuees|refugees|displaced|people|residents|civilians|"
    r"families)\b", re.I)


def _subject(text: str, lo: int, hi: int, slots: list[Slot]) -> Slot | None:
    """The located place the clause text[lo:hi] opens with (after a dateline and a time: _LEAD_IN), or None."""
    lead = _LEAD_IN.match(text, lo, hi)
    first = next((s for s in slots if s.start == lead.end()), None) if lead is not None else None
    return first if first is not None and first.ids and first.ids[0] is not None else None


def receiving_place(text: str, lo: int, hi: int, slots: list[Slot]) -> Slot | None:
    """The place the clause text[lo:hi] opens with as the subject of "received N evacuees", as the movement's
    destination; else None."""
    first = _subject(text, lo, hi, slots)
    return first if first is not None and _RECEIVED.match(text, first.end, hi) is not None else None


def evacuating_place(text: str, lo: int, hi: int, slots: list[Slot], kind_of) -> Slot | None:
    """The state, county or city that the clause text[lo:hi] opens with as the subject of "evacuated N people"
    (`kind_of`: a place id's kind), as the movement's origin; else None."""
    first = _subject(text, lo, hi, slots)
    if first is None or kind_of(first.ids[0]) not in _ACTING_KINDS or _EVACUATED_ITS.match(text, first.end, hi) is None:
        return None
    return Slot(first.start, first.end, first.ids, first.text, first.kind,
                note="the place that evacuated its people: they left places inside it")
