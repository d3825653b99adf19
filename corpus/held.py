"""People a sentence counts at a place, and the next sentence's departure of some of them: "Futaba Hospital in
Okuma had about 340 inpatients ... On Saturday, 209 patients and residents who could walk left with staff on
buses." The departing clause names no place; the people it counts are those the sentence before placed, so
they left that place. The rule needs both halves: a place that "had", "housed" or "was home to" a number of
people (patients, residents, pupils, guests ...), and, in the very next sentence, a counted subject whose verb
is a departure with no place of its own in the clause.
"""
from __future__ import annotations

import dataclasses
import re

from evacmap.corpus.slots import Slot

__all__ = ["held_place", "left_from_held", "pronoun_origin"]

_COUNT = r"(?:about\s+|around\s+|some\s+|nearly\s+|almost\s+|roughly\s+|over\s+|more\s+than\s+|at\s+least\s+)?\d[\d,]*"
_PEOPLE = (r"(?:patients|inpatients|residents|people|children|pupils|students|inmates|guests|tourists|workers|"
           r"families|refugees|evacuees|villagers|passengers|elderly)")
#: "<place> (in <town>) had about 340 inpatients", "<place>, a care home, housed 120 residents"
_HELD = re.compile(rf"(?:\s+(?:in|at|near)\s+(?-i:[A-Z])[\w'’-]*(?:\s+(?-i:[A-Z])[\w'’-]*)*)?(?:,\s+[^,;.]{{1,50}},)?\s+"
                   rf"(?:had|has|housed|held|holds|sheltered|was\s+home\s+to|is\s+home\s+to)\s+{_COUNT}\s+"
                   rf"(?:[a-z]+\s+)?{_PEOPLE}\b", re.I)
#: "On Saturday, 209 patients and residents who could walk left with staff on buses"
_LEFT = re.compile(rf"\W*(?:(?:on|by|late|early)\s+\w+,?\s+)?{_COUNT}\s+(?:[\w'’-]+\s+){{0,6}}?"
                   r"(?:left|were\s+evacuated|were\s+moved\s+out|were\s+taken\s+out|were\s+bused\s+out|got\s+out)\b", re.I)


def held_place(text: str, slots: list[Slot]) -> Slot | None:
    """The first place of a sentence (`slots`, in text order) said to hold a number of people, or None."""
    for slot in slots:
        if slot.ids and slot.ids[0] is not None and slot.kind != "group" and _HELD.match(text, slot.end):
            return slot
    return None


def left_from_held(text: str, lo: int, hi: int, slots: list[Slot], held: Slot | None) -> tuple[Slot, int] | None:
    """When the clause text[lo:hi] names no place and says a counted subject left, the place the sentence
    before said held people (`held`), noted as such, and where the departure verb ends; else None."""
    if held is None or any(lo <= s.start < hi for s in slots):
        return None
    m = _LEFT.match(text, lo, hi)
    if m is None:
        return None
    return dataclasses.replace(held, note="the place the sentence before says held these people"), m.end()


#: the people of the sentence before, as the object or subject of this one: "a train to take them to Y"
_THEM = re.compile(r"\b(?:them|they)\b", re.I)


def pronoun_origin(text: str, move, previous: list, paragraph_start: int) -> Slot | None:
    """"In X, 40 pilgrims were asked to leave their lodge. A train was arranged to take them to Y": a movement
    with no origin whose movers are "them"/"they", before its first destination, goes on from where the one
    movement of the sentence before (`previous`: its moves, in the same paragraph from `paragraph_start`) left
    with no destination of its own; else None."""
    starts = [o for mv in previous for o in mv.origins if not mv.dests and o.ids and o.ids[0] is not None]
    if len(previous) != 1 or len(starts) != 1 or starts[0].start < paragraph_start or not move.dests:
        return None
    if _THEM.search(text, move.start, move.dests[0].start) is None:
        return None
    return dataclasses.replace(starts[0], note=f"origin not in the sentence: where the people of the sentence "
                                               f"before left ({starts[0].ids[0]})")
