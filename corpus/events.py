"""What a sentence reports happening, as one of a small fixed set of event kinds.

The set is deliberately small so that claims from different outlets land in the same bucket:

- evacuated  people were (or are being) brought out: "200 left in the first batch", "were evacuated"
- remaining  people still inside the besieged area: "almost 50,000 remained", "how many are left"
- convoy     the vehicles that carry the evacuation: "a convoy of 20 buses and 13 ambulances"
- ceasefire  a truce or evacuation deal agreed, holding or collapsing
- attack     shooting or shelling, with victims on more than one side or none counted
- killed     deaths: "shot and killed by a sniper", "has killed hundreds of thousands"
- wounded    injuries: "wounding at least three people"
- destination where evacuees go or are to go: "bound for Idlib", "will go to west Aleppo"
- displaced  people driven from their homes over the war (not this evacuation)
- fled       people who left on their own: "50,000 people had fled eastern Aleppo"
- besieged   the siege itself: "besieged", "trapped", "stuck inside"
- other      a counted statement that fits none of the above

Only the sentence (and, for "the figure"/"the number", the previous one) is read: this is a
keyword classifier with an explicit priority order, not a parser, and says so in its misses.
"""
from __future__ import annotations

import re

from evacmap.corpus.model import Quantity

EVENT_KINDS = ("evacuated", "remaining", "convoy", "ceasefire", "attack", "killed", "wounded",
               "destination", "displaced", "fled", "besieged", "other")

VEHICLES = frozenset({"buses", "ambulances", "vehicles", "trucks", "convoys"})

_REMAIN = re.compile(r"\b(?:remain(?:ed|s|ing)?\s+(?:in|inside|trapped|stuck|behind)|"
                     r"\d[\d,]*\s+remain(?:ed|s)?|remain(?:ed|s)?\s*[.,]|(?:are|were|is) left\b|"
                     r"(?:people|civilians)\s+remaining|there remains?|how many[^.]*\bleft\b|"
                     r"still (?:inside|trapped|in)\b|in need of evacuation|waiting to (?:leave|be evacuated))",
                     re.I)
_KILL = re.compile(r"\b(?:kill(?:ed|ing|s)?|shot dead|died|deaths?|massacres?|executed)\b", re.I)
_WOUND = re.compile(r"\b(?:wounding|injuring|(?:were|was|been|others?|more)\s+(?:wounded|injured)|"
                    r"injured\s+(?:\w+\s+)?(?:more|others)|wounded\s+(?:\w+\s+)?others)\b", re.I)
_ATTACK = re.compile(r"\b(?:fired on|firing on|opened fire|shot at|shelled|shelling|air ?strikes?|"
                     r"bombardment|bombing|sniper|gunfire|came under fire|attack(?:s|ed)?)\b", re.I)
# An evacuation happening (verbs), versus one merely mentioned (nouns: only with a count).
_EVAC = re.compile(r"\b(?:evacuat(?:ed|ing)|brought out|bused out|taken out|were (?:allowed|able) to leave|"
                   r"(?:\d[\d,]*|hundreds|thousands)\s+(?:\w+\s+)?left\b|"
                   r"evacuations?\b[^.;]{0,90}?\b(?:began|begun|started|continued|resumed|restarted|"
                   r"went ahead|got off|(?:is|was|are|were) (?:under ?way|continuing|expected to continue)))\b",
                   re.I)
_EVAC_NOUN = re.compile(r"\b(?:evacuations?|evacuees?|departure|batch)\b", re.I)
_DEST = re.compile(r"\b(?:bound for|headed (?:to|for)|will go to|to go to|(?:be )?taken to|"
                   r"evacuated to|en route to)\b", re.I)
_FUTURE = re.compile(r"\b(?:will|would|likely to|expected to|plans? to|due to|could|target)\b", re.I)
_FLED = re.compile(r"\b(?:fled|fleeing|escaped)\b", re.I)
_DISPLACED = re.compile(r"\bdisplac(?:ed|ement)\b", re.I)
_SIEGE = re.compile(r"\b(?:besieged|under siege|trapped|stuck inside|encircled|surrounded)\b", re.I)
_CEASEFIRE = re.compile(r"\b(?:cease-?fire|truce|deal was (?:struck|reached)|agreement)\b", re.I)
_FIGURE = re.compile(r"\bthe (?:figure|number|toll|total|estimate)\b", re.I)


def quantity_event(claim_event: str | None, q: Quantity) -> str:
    """The event a single count is about, for comparison: vehicle counts are the convoy, deaths
    are 'killed' whatever the sentence's main event, a stated target is not an achieved count."""
    if q.counts in VEHICLES:
        return "convoy"
    if q.counts == "killed":
        return "killed"
    if q.scope == "target" or q.modality == "target":
        return "target"
    if q.counts == "wounded" and claim_event not in ("evacuated", "destination", "remaining"):
        return "wounded"
    return claim_event or "other"


def classify(text: str, quantities: list[Quantity] = (), previous: str = "") -> str | None:
    """The main event kind of a sentence, or None if it reports no event.

    Priority: what is still inside (remaining) over the evacuation that leaves it; violence with
    victims over the evacuation it interrupted; vehicles-only sentences are the convoy; a future
    evacuation "to" somewhere is a destination. `previous` resolves "the figure" to the previous
    sentence's subject ("how many people are left").
    """
    counts = {q.counts for q in quantities if q.counts}
    if _FIGURE.search(text) and previous and _REMAIN.search(previous):
        return "remaining"
    if _REMAIN.search(text) and (not counts or counts - VEHICLES):
        return "remaining"
    kill, wound = "killed" in counts or _KILL.search(text), "wounded" in counts and _WOUND.search(text)
    if kill and wound:
        return "attack"
    if kill and ("killed" in counts or not _EVAC.search(text)):
        return "killed"
    if wound:
        return "wounded"
    if counts and counts <= VEHICLES:
        return "convoy"
    if _EVAC.search(text) or (counts and _EVAC_NOUN.search(text)):
        if _DEST.search(text) and _FUTURE.search(text):
            return "destination"
        return "evacuated"
    if _FLED.search(text):
        return "fled"
    if _DEST.search(text) and (counts or _FUTURE.search(text)):
        return "destination"
    if _SIEGE.search(text):
        return "besieged"
    if _DISPLACED.search(text):
        return "displaced"
    if _ATTACK.search(text):
        return "attack"
    if _CEASEFIRE.search(text):
        return "ceasefire"
    if re.search(r"\bconvoys?\b", text, re.I):
        return "convoy"
    return "other" if counts else None
