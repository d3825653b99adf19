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
- arrived    evacuees or vehicles reached the destination: "the first convoy reached Idlib"
- halted     the evacuation stopped or was held up: "evacuation attempts had been halted"
- waiting    people gathered to leave: "hundreds of families have gathered at the departure point"
- other      a counted statement that fits none of the above

Only the clause (and, for "the figure"/"the number", the previous one) is read. The classifier reads
verbs with their arguments, in an explicit priority order: a verb of movement or of the deal beats a
word used as an adjective ("headed out of besieged eastern Aleppo" is the convoy leaving, not the siege;
"a truce was brokered" is the ceasefire even in a sentence about trapped residents); a passive "deal
was reached" is the deal, an active "the convoy reached Idlib" the arrival. It is a rule list, not a
parser, and says so in its misses.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from evacmap.corpus.families import Family
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Quantity

EVENT_KINDS = ("evacuated", "remaining", "convoy", "ceasefire", "attack", "killed", "wounded",
               "destination", "displaced", "fled", "besieged", "arrived", "halted", "waiting", "other")

VEHICLES = frozenset({"buses", "ambulances", "vehicles", "trucks", "convoys"})

# (not an order or a state that "remained in effect", "remains in force", "remained in control")
_REMAIN = re.compile(r"\b(?:remain(?:ed|s|ing)?\s+(?:in(?!\s+(?:effect|force|place|power|control|charge|office|contact|"
                     r"touch|talks|doubt)\b)|inside|trapped|stuck|behind)|"
                     r"\d[\d,]*\s+remain(?:ed|s)?|remain(?:ed|s)?\s*[.,]|(?:are|were|is) left\b|"
                     r"(?:people|civilians)\s+remaining|there remains?|how many[^.]*\bleft\b|"
                     r"still (?:inside|trapped|in)\b|in need of (?:evacuation|rescue)|waiting to (?:leave|be evacuated)|"
                     r"(?<!without )waiting (?:for|to be) (?:rescue|rescued|help)|"
                     r"need(?:s|ed)? (?:to be )?(?:rescued|evacuated|rescue|evacuation))",
                     re.I)
_KILL = re.compile(r"\b(?:kill(?:ed|ing|s)?|shot dead|(?:confirmed|found|reported|declared) dead|died|deaths?|"
                   r"massacres?|executed)\b", re.I)
_WOUND = re.compile(r"\b(?:wounding|injuring|(?:were|was|been|others?|more)\s+(?:wounded|injured)|"
                    r"injured\s+(?:\w+\s+)?(?:more|others)|wounded\s+(?:\w+\s+)?others)\b", re.I)
_ATTACK = re.compile(r"\b(?:fired on|firing on|opened fire|shot at|shelled|shelling|air ?strikes?|"
                     r"bombardment|bombing|sniper|gunfire|came under fire|attack(?:s|ed)?|clashes|pounded|"
                     r"(?:resumption of|renewed|heavy|fierce|new) fighting|fighting (?:broke out|erupted|resumed|"
                     r"flared))\b", re.I)
# Background clauses ("after an initial plan ... collapsed") do not say what the clause itself reports.
_SIDE = re.compile(r"\b(?:after|when|since|before|until|because|following)\b[^,;]*", re.I)
# An evacuation happening (verbs), versus one merely mentioned (nouns: only with a count).
_EVAC = re.compile(r"\b(?:evacuat(?:ed|ing)|brought out|bring out|bringing out|bused out|taken out|flown out|ferried out|"
                   r"shipped out|airlifted|"
                   # brought out of danger: "rescued 167 people trapped on rooftops", "moved to higher ground"
                   r"rescued|plucked|winched|(?:moved|relocated|shifted|taken)\s+to\s+(?:higher ground|safety|"
                   r"safer (?:places|areas|ground|locations)|(?:relief |evacuation )?(?:shelters?|camps?|cent(?:re|er)s))|"
                   # "took about 1,000 people from X to Y", "ferried 300 people from X to Y": people moved
                   r"(?:took|taken|carried|ferried|flew|flown|brought|drove|driven|bused|shipped|lifted|moved|"
                   r"transferred|relocated)\s+(?:[\w,'’-]+\s+){1,8}?"
                   r"from\s+[^.;]{1,60}?\bto\b|"
                   r"(?:allowed|able|permitted) to (?:leave|move|go|depart|cross|travel)|"
                   r"forced\s+(?:[\w,'’-]+\s+){0,6}?to\s+(?:leave|evacuate|move out)|"
                   r"(?:be|been|being)\s+(?:moved|relocated|bused|flown)\s+(?:out|away|overnight|to|from)\b|"
                   r"(?:headed|pulled|drove|rolled|moved|streamed|snaked) out|"
                   r"(?:complete|completed|finish|continue|carry out|carried out|conduct|resume|begin|start|"
                   r"included|include|includes)\s+(?:the\s+|medical\s+)?evacuations?|"
                   r"(?:\d[\d,]*|hundreds|thousands)\s+(?:\w+\s+)?left\b|"
                   r"evacuations?\b[^.;]{0,90}?\b(?:began|begun|started|continued|resumed|restarted|"
                   r"went ahead|got off|(?:is|was|are|were) (?:under ?way|continuing|expected to continue)))\b",
                   re.I)
_EVAC_NOUN = re.compile(r"\b(?:evacuations?|evacuees?|departure|batch)\b", re.I)
_BOUND = re.compile(r"\b(?:bound for|headed (?:to|for|towards?)|en route to|on (?:the|their) way to)\b", re.I)
_ARRIVE = re.compile(r"(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\bbe )(?<!\bis )\b(?:arrived|arriving|arrive|"
                     r"reached|landed|docked|got to|made it to)\b", re.I)
# "the number of people in shelters reached 5,000": a count reaching a level, nobody arriving anywhere
_COUNT_REACHED = re.compile(r"\b(?:number|total|tally|count|toll|figure)\b[^.;:]{0,80}?\breached\b", re.I)
_HALT = re.compile(r"\b(?:halted|suspended|stopped|paused|called off|postponed|delayed|hindered|"
                   r"ground to a halt|collapsed|broke down|fell apart|interrupted)\b", re.I)
_HALTABLE = re.compile(r"\b(?:evacuations?|operation|deal|truce|cease-?fire|agreement|convoys?|airlift|"
                       r"attempts?|process)\b", re.I)
_WAIT = re.compile(r"\b(?:gathered|gathering|massed|queued|queuing|lined up|waiting|wait)\s+(?:at|for|to|in|near)\b",
                   re.I)
_DEAL_VERB = re.compile(r"\b(?:cease-?fire|truce|deal|agreement)\b[^.;,]{0,40}\b(?:brokered|agreed|reached|struck|"
                        r"signed|announced|revived|collapsed|held|holding|broke down|came into force)\b|"
                        r"\b(?:brokered|agreed|struck|signed|announced)\b[^.;,]{0,30}\b(?:cease-?fire|truce|deal|"
                        r"agreement)\b", re.I)
_DEST = re.compile(r"\b(?:bound for|headed (?:to|for)|will go to|to go to|(?:be )?taken to|"
                   r"evacuated to|en route to)\b", re.I)
_FUTURE = re.compile(r"\b(?:will|would|likely to|expected to|plans? to|due to|could|target)\b", re.I)
_FLED = re.compile(r"\b(?:fled|fleeing|escaped|forced\s+(?:[\w,'’-]+\s+){0,6}?to\s+flee)\b", re.I)
# "forced 8,000 people from their homes", "left 3,000 homeless": people driven from their homes
_DISPLACED = re.compile(r"\bdisplac(?:ed|ement)\b|\b(?:forced|driven|chased)\s+(?:[\w,'’-]+\s+){0,4}?(?:from|out of)\s+"
                        r"(?:their|his|her)\s+homes?\b|\bhomeless\b", re.I)
# "besieged" before a noun or place name is an adjective ("besieged eastern Aleppo"), not the siege.
_SIEGE = re.compile(r"\b(?:(?:is|are|was|were|been|remain|remained|remains|being|stay)\s+(?:\w+\s+)?"
                    r"(?:besieged|encircled|surrounded)|under siege|trapped|stuck inside|besieged\s*[,.;]|"
                    r"besieged\s+(?:by|for|since)|laid siege|siege of)\b", re.I)
_CEASEFIRE = re.compile(r"\b(?:cease-?fire|truce|deal was (?:struck|reached)|agreement)\b", re.I)
_FIGURE = re.compile(r"\bthe (?:figure|number|toll|total|estimate)\b", re.I)


def quantity_event(claim_event: str | None, q: Quantity) -> str:
    """The event a single count is about, for comparison: vehicle counts are the convoy, deaths
    are 'killed' whatever the sentence's main event, a truce's length is the ceasefire, a stated target is
    not an achieved count."""
    if q.counts in VEHICLES:
        return "convoy"
    if q.counts == "killed":
        return "killed"

    if q.counts in ("hours", "days", "weeks"):  # the only spans kept are truces' lengths
        return "ceasefire"
    if q.scope == "target" or q.modality == "target":
        return "target"
    if _DISPLACED.search(q.text):  # "camps housing more than 410,000 displaced people": who they are, whatever moved
        return "displaced"
    claim_event = q.event or claim_event  # its own part of the clause may report another event (corpus.claims)
    if q.counts == "wounded" and claim_event not in ("evacuated", "destination", "remaining"):
        return "wounded"
    return claim_event or "other"


def classify(text: str, quantities: Sequence[Quantity] = (), previous: str = "") -> str | None:
    """The main event kind of a sentence, or None if it reports no event.

    Priority: what is still inside (remaining) over the evacuation that leaves it; violence with
    victims over the evacuation it interrupted; vehicles-only sentences are the convoy; a future
    evacuation "to" somewhere is a destination. `previous` resolves "the figure" to the previous
    sentence's subject ("how many people are left").
    """
    counts = {q.counts for q in quantities if q.counts}
    may = _FAMILY.may(text)  # the rules whose cue words the clause holds: the others are not searched
    if _found(_FIGURE, may, text) and previous and _REMAIN.search(previous):
        return "remaining"
    if _found(_REMAIN, may, text) and (not counts or counts - VEHICLES):
        return "remaining"
    violence = _violence(text, counts, may)
    if violence:
        return violence
    if counts and counts <= VEHICLES:
        return "convoy"
    return _movement(text, counts, may) or _state(text, counts, may)


def _found(rx: re.Pattern[str], may: set, text: str) -> bool:
    """Whether a rule of the family matches, searched only when the clause holds one of its cue words."""
    return rx in may and rx.search(text) is not None


def _violence(text: str, counts: set, may: set) -> str | None:
    """Killed, wounded or an attack with victims, when the clause counts or names them."""
    kill = "killed" in counts or _found(_KILL, may, text)
    wound = "wounded" in counts and _found(_WOUND, may, text)
    if kill and wound:
        return "attack"
    if kill and ("killed" in counts or not _found(_EVAC, may, text)):
        return "killed"
    return "wounded" if wound else None


def _movement(text: str, counts: set, may: set) -> str | None:
    """People or vehicles moving: waiting, leaving, heading somewhere, arriving, or stopped."""
    if _found(_WAIT, may, text) and not _found(_EVAC, may, text):
        return "waiting"
    main = _SIDE.sub(" ", text)
    if _HALT.search(main) and _HALTABLE.search(main) and not counts:
        return "ceasefire" if _found(_DEAL_VERB, may, text) and not re.search(r"\bevacuat", text, re.I) else "halted"
    if _found(_EVAC, may, text) or (counts and _found(_EVAC_NOUN, may, text)):
        if _found(_DEST, may, text) and _found(_FUTURE, may, text):
            return "destination"
        return "evacuated"
    if _found(_ARRIVE, may, text) and not _COUNT_REACHED.search(text):
        return "arrived"
    if _found(_FLED, may, text):
        return "fled"
    if _found(_BOUND, may, text) or (_found(_DEST, may, text) and (counts or _found(_FUTURE, may, text))):
        return "destination"
    return None


def _state(text: str, counts: set, may: set) -> str | None:
    """The deal, the siege, displacement or fighting, when nothing moved."""
    for rx, kind in ((_DEAL_VERB, "ceasefire"), (_SIEGE, "besieged"), (_DISPLACED, "displaced"), (_ATTACK, "attack"),
                     (_CEASEFIRE, "ceasefire")):
        if _found(rx, may, text):
            return kind
    if re.search(r"\bconvoys?\b", text, re.I):
        return "convoy"
    return "other" if counts else None


# Searched on folded text (corpus/folding.py): the same matches, without IGNORECASE's slow scan.
(_REMAIN, _KILL, _WOUND, _ATTACK, _EVAC, _EVAC_NOUN, _BOUND, _ARRIVE, _HALT, _HALTABLE, _WAIT, _DEAL_VERB, _DEST,
 _FUTURE, _FLED, _DISPLACED, _SIEGE, _CEASEFIRE, _FIGURE) = map(fast, (
    _REMAIN, _KILL, _WOUND, _ATTACK, _EVAC, _EVAC_NOUN, _BOUND, _ARRIVE, _HALT, _HALTABLE, _WAIT, _DEAL_VERB, _DEST,
    _FUTURE, _FLED, _DISPLACED, _SIEGE, _CEASEFIRE, _FIGURE))


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
_SIDE = fast(_SIDE)
# The rules classify searches on the clause itself, gated together (corpus/families.py).
_FAMILY = Family((_FIGURE, _REMAIN, _KILL, _WOUND, _EVAC, _WAIT, _DEAL_VERB, _EVAC_NOUN, _DEST, _FUTURE, _ARRIVE, _FLED,
                  _BOUND, _SIEGE, _DISPLACED, _ATTACK, _CEASEFIRE))
