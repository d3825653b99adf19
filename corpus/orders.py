"""Evacuation orders in the text, read as control statements of a disaster: which order covers which place.

- "mandatory evacuation (order) for zone A", "ordered residents of zones A and B to leave", "ordered everyone
  in X to leave", "ordered everyone living within 20 km of X to leave" (a radius covers the place it is drawn
  around) -> the order (with the issuing authority when the sentence names one) for the places in the sentence;
- "Evacuation orders were issued for X and Y", "an evacuation order is in effect for X", "People in X were
  told (residents of X were urged) to evacuate (to stay indoors)" -> an order (advice) for those places;
- "An evacuation warning is in effect for X", "a 'leave now' warning for X" -> a warning, which orders nothing;
- 'Level 3 "Go Now" orders remained in effect for X', 'X was placed under a "Be Set" warning' -> what the
  quoted name asks (an order to leave, a warning to be ready, an order to stay in);
- "the order ... takes in X and Y" and "<place> ... adopted the county order" -> the last order named.

An order's controller reads "mandatory evacuation", "mandatory evacuation zone A" or "evacuation ordered"
(the text says an evacuation was ordered, not of which kind); :func:`geo.zones.order_status` words it.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from evacmap.corpus.dates import narrative_dates
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Article, Sentence
from evacmap.corpus.movement_cues import MOVE_WORD
from evacmap.corpus.slots import Slot

__all__ = ["is_area", "is_country", "is_order", "order_claims", "order_days"]


def is_order(controller: str) -> bool:
    """Whether a control claim's controller is an order or advice to leave or to stay indoors (which covers an
    area; nobody holds it by the order), not an actor."""
    words = controller.lower()
    return "evacuation" in words or words.startswith("stay-indoors")


def is_country(gazetteer, pid: str) -> bool:
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place is not None and place.kind == "country"


def is_area(gazetteer, pid: str) -> bool:
    """A country or a first-level division: a local evacuation order never covers the whole of one (the
    state named in a dateline is only where the story is)."""
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place is not None and place.kind in ("country", "state", "province", "governorate")


_ORDER = re.compile(
    r"\b(?P<kind>mandatory|voluntary|compulsory)\s+evacuations?(?:\s+orders?)?(?:\s+(?:for|of|in))?(?:\s+|\b)"
    r"(?:(?:residents\s+of\s+)?(?:the\s+)?(?P<zone>zones?\s+[A-H](?:(?:,\s*|\s+and\s+)[A-H])*))?|"
    r"\bordered\s+(?:the\s+)?(?:residents|people|everyone)\s+(?:of|in)\s+(?P<zone2>zones?\s+[A-H](?:(?:,\s*|\s+and\s+)"
    r"[A-H])*)\s+to\s+(?:leave|evacuate)|"
    # "ordered everyone in <town> to leave", "told all residents of <town> to get out", "ordered <town> evacuated"
    r"\b(?P<told>ordered|told|instructed)\s+(?:the\s+)?(?:everyone|everybody|all|residents|people|inhabitants|"
    r"population|whole|entire)(?:\s+(?:residents|people|population|living))?\s+(?:(?:in|of)\s+(?:the\s+)?"
    r"(?:(?-i:[A-Z])[\w'’.-]*\s+){1,4}?|"
    # a radius: "everyone living within 5 km of <place>", "people within 2 miles of the derailment in <town>"
    r"(?P<radius>within)\s+\d[\d.,]*\s*(?:km|kilometres|kilometers|miles?)\s+(?:\(\d[\d.,]*\s*(?:km|miles?)\)\s+)?"
    r"(?:of|from|around)\s+(?:[\w'’.-]+\s+){1,8}?)to\s+(?:leave|evacuate|get out|flee)\b|"
    r"\b(?P<zone3>zones?\s+[A-H](?:(?:,\s*|\s+and\s+)[A-H])*)\s+(?:were|was|are|is|have been|has been|had been)\s+"
    r"(?:also\s+)?ordered\s+(?:out|to\s+(?:leave|evacuate))\b|"
    # "ordered evacuations for <towns>", "issued evacuation orders for <towns>"
    r"\b(?P<ordered>ordered|issued|expanded|extended)\s+(?:an?\s+|the\s+)?(?:(?:immediate|urgent|full|complete|partial|total|"
    r"precautionary|temporary)\s+)?(?:evacuations?|evacuation\s+orders?)\s+"
    r"(?:for|of|in|to)\b", re.I)
_ORDER = fast(_ORDER)  # searched in every sentence: folded, it skips ahead to a first letter (corpus/folding.py)
#: a zone named in a sentence ("the part of zone B south of ..."): which zone of an order covers a place
_ZONE = re.compile(r"\bzones?\s+[A-H](?:(?:,\s*|\s+and\s+)[A-H](?![\w-]))*(?![\w-])")


#: "the order covers X", "It also takes in zone B ... X", "The area north of the river ... includes X"
_COVERS = re.compile(r"(?:\b(?:the|this|that|its|their)\s+(?:evacuation\s+)?(?:orders?|(?-i:area|zone))\b"
                     r"(?:[^.;]|\.(?=\S)){0,80}?\b|"
                     r"\b(?-i:It)\s+(?:also\s+)?(?=\w+\s+(?:[^.;]{0,40}\s)?(?-i:zones?\s+[A-H])))"
                     r"(?:takes? in|took in|covers?|covered|includes?|included|applies to|applied to|extends? to|"
                     r"extended to|added|adds)\b", re.I)


#: "<city>, most of which lies in zone A, adopted the county order": the subject takes on the last order
_ADOPTS = re.compile(r"\b(?:adopted|followed|joined|matched|echoed)\s+(?:the|that|this|its)\s+(?:\w+['’]?s?\s+)?"
                     r"(?:evacuation\s+)?orders?\b", re.I)


def _adopted(text: str, sentence: Sentence, slots: list[Slot], gazetteer, order: str) -> list[tuple]:
    """The places before "adopted the county order" are covered by ``order`` (the zone the words between
    the place and the verb name, when they name one)."""
    m = _ADOPTS.search(text, sentence.start, sentence.end)
    if m is None:
        return []
    out: list[tuple] = []
    for slot in slots:
        if slot.end <= m.start():
            words = _zone_words(order, text[slot.end:m.start()])
            out.extend((slot.start, m.end(), pid, words, text[slot.start:m.end()], None) for pid in slot.ids
                       if pid and not is_country(gazetteer, pid))
    return out


#: who orders: "Authorities in northern <province> ordered", "<County> Emergency Management issued", "The county
#: ordered"; the words before the verb, capitalised names or an authority's common noun
_ISSUER = re.compile(
    r"(?P<by>(?:(?:the|The)\s+)?(?:[A-Z][\w'’.&-]*\s+){0,5}(?:[A-Z][\w'’.&-]*|authorities|officials|police|"
    r"government|county|city|province|state|municipality|council|mayor|governor)"
    r"(?:\s+(?:in|of|for)\s+(?:the\s+)?(?:[a-z]+ern\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})?)"
    r"\s+(?:has\s+|had\s+|have\s+)?(?:also\s+)?(?:on\s+\w+\s+)?(?:ordered|issued|told|instructed|directed|declared|advised|urged|"
    r"asked|recommended)"
    r"(?:\s+(?:an?|the))?\s*$")
_ISSUED_BY = re.compile(r"[^.;]{0,80}?\b(?:issued|ordered|declared)\s+by\s+(?P<by>(?:the\s+)?[A-Za-z][^,.;]{1,60}?)"
                        r"(?=\s*(?:[,.;]|$|\s+(?:at|on|for|in|to|after|before)\b))")
_NOT_ISSUER = re.compile(r"^(?:(?:On|By|In|At|Late|Early|Later|Earlier|Then|And|But|So|Also|Last|This|"
                         r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|"
                         r"June|July|August|September|October|November|December|\d+\w*)\s+)+")


def _issuer(text: str, sentence: Sentence, m: re.Match, verb: str | None = None) -> str | None:
    """Who issued the order, when the sentence names them as the subject of the ordering verb or after
    "issued by"; None when it does not say (a passive "an order was issued for X" names nobody)."""
    opens = re.match(r"(?i:ordered|issued)\b", m.group(0))  # "ordered residents of zones A and B to leave"
    head = text[sentence.start:m.start()] + (verb or m.group("told") or m.group("ordered") or
                                             (opens.group(0) if opens else ""))
    found = _ISSUER.search(head)
    by = found.group("by") if found else None
    if by is None and (after := _ISSUED_BY.match(text, m.end(), sentence.end)) is not None:
        by = after.group("by")
    if by is None:
        return None
    by = _NOT_ISSUER.sub("", " ".join(by.split()))
    if by.split(" ", 1)[0].lower() in {"authorities", "officials", "police", "the"}:  # a common noun, not a name
        by = by[:1].lower() + by[1:]
    return by if by and by.lower() not in {"it", "they", "he", "she", "we", "the"} else None


_UNIT = r"(?:km|kilomet(?:re|er)s?|miles?)"
#: a ring or a radius drawn around a place: "within 50 miles (80 km) of X", "between 20 and 30 km from X"
_RING = (rf"(?:(?P<within>within)|between\s+(?P<inner>\d[\d.,]*)\s*(?:{_UNIT}\s+)?(?:and|to)\s+)\s*(?P<outer>\d[\d.,]*)"
         rf"\s*(?P<unit>{_UNIT})\s+(?:\(\d[\d.,]*\s*{_UNIT}\)\s+)?(?:of|from|around)\s+")
#: an order or advice for the people of a ring around a place, to leave or to stay indoors: "advised its citizens
#: living within 50 miles (80 km) of X to evacuate", "told people living between 20 and 30 km from X to stay
#: indoors" (a plain "ordered everyone within 20 km of X to leave" is _ORDER's)
_RING_ORDER = re.compile(
    r"\b(?P<verb>ordered|told|instructed|advised|urged|asked|recommended)\s+(?:(?:the|its|their|all)\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:citizens|nationals|people|residents|everyone|everybody|inhabitants|those|population)"
    r"\s+(?:(?:living|who live|who lived|staying)\s+)?" + _RING +
    r"(?P<at>(?:[\w'’.-]+\s+){1,8}?)to\s+(?P<act>leave|evacuate|get out|flee|(?:stay|remain|shelter)\s+"
    r"(?:indoors|inside|in place|in their homes))\b", re.I)
#: "The zone around X was also widened to 10 km from 3 km": the last order named, now reaching further
_WIDENED = re.compile(rf"\b(?:the|its|their)\s+(?:evacuation\s+|exclusion\s+)?zones?\s+around\s+(?P<at>[^,;.]{{1,80}}?)"
                      rf"(?:,[^,;]{{1,40}},)?\s+(?:was|were|has been|had been|is being)\s+(?:also\s+)?"
                      rf"(?:widened|extended|expanded|enlarged)\s+to\s+(?P<outer>\d[\d.,]*)\s*(?P<unit>{_UNIT})\b", re.I)
_ADVICE = frozenset({"advised", "urged", "asked", "recommended"})


def _unit(m: re.Match) -> str:
    return "km" if m.group("unit").lower().startswith("k") else "miles"


def _centred(m: re.Match, group: str, words: str, slots: list[Slot], gazetteer) -> list[tuple]:
    """The claims of an order `m` for the places inside its group `group` (the place a ring is drawn around,
    the place people are told to leave), no other of the sentence; never a country or a first-level division."""
    return [(m.start(), m.end(), pid, words, m.group(0), None) for slot in slots
            if m.start(group) <= slot.start and slot.end <= m.end(group) for pid in slot.ids
            if pid and not is_area(gazetteer, pid)]


def _act_words(verb: str, act: str) -> str:
    """What an order or advice tells people to do, and whether it orders or advises: "evacuation ordered",
    "evacuation advised", "stay-indoors order", "stay-indoors advised"."""
    advice = verb.lower() in _ADVICE
    if act.lower().split()[0] in ("stay", "remain", "shelter"):
        return f"stay-indoors {'advised' if advice else 'order'}"
    return f"evacuation {'advised' if advice else 'ordered'}"


def _ring_words(m: re.Match) -> str:
    """The controller of a ring order: what it tells people to do, whether it orders or advises, and how far
    it reaches ("stay-indoors order, 20-30 km", "evacuation advised, within 80 miles")."""
    unit = _unit(m)
    reach = f"within {m.group('outer')} {unit}" if m.group("within") else f"{m.group('inner')}-{m.group('outer')} {unit}"
    return f"{_act_words(m.group('verb'), m.group('act'))}, {reach}"


def _ring_claims(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str], *,
                 issuers: dict[tuple[int, str], str]) -> list[tuple]:
    """Orders and advice for a ring around a place (:data:`_RING_ORDER`) and a zone around a place widened
    (:data:`_WIDENED`, only after an order was named): the place at the centre, no other of the sentence."""
    out: list[tuple] = []
    for m in _RING_ORDER.finditer(text, sentence.start, sentence.end):
        if m.group("within") and m.group("verb").lower() not in _ADVICE and m.group("act").lower() in (
                "leave", "evacuate", "get out", "flee"):
            continue  # a plain order to leave a radius: _ORDER reads it
        words = _ring_words(m)
        last[:] = [words]
        if (by := _issuer(text, sentence, m, m.group("verb"))) is not None:
            issuers.setdefault((sentence.start, words), by)
        out.extend(_centred(m, "at", words, slots, gazetteer))
    for m in _WIDENED.finditer(text, sentence.start, sentence.end) if last else ():
        words = f"{last[0].split(',')[0]}, widened to {m.group('outer')} {_unit(m)}"
        out.extend(_centred(m, "at", words, slots, gazetteer))
    return out


#: "An evacuation warning is in effect for X", "issued a 'leave now' warning for X": a warning to leave (or to be
#: ready to), which orders nothing: worded "evacuation warning" (with "leave now" when it says so)
_WARNING = re.compile(r"\b(?:(?P<now>[\"“‘']?leave\s+now[\"”’']?)|evacuation)\s+(?:warnings?|alerts?)\s+(?:(?:were|was|"
                      r"have\s+been|has\s+been|had\s+been|are|is|remains?|remained)\s+)?(?:issued\s+|in\s+(?:place|"
                      r"effect|force)\s+)?(?:for|in|covering)\s+(?P<at>(?-i:[A-Z])[^;.]{0,80})", re.I)


#: "A shelter-in-place order was issued for X": an order to stay, not to leave (an advisory: advice); "Residents
#: of X were told to stay indoors" is _GROUP_IN_TOLD's
_SHELTER = re.compile(
    r"\b(?:shelter[- ]in[- ]place|stay[- ](?:at[- ]home|indoors))\s+(?P<kind>orders?|advisor(?:y|ies)|warnings?)\s+"
    r"(?:(?:was|were|is|are|has\s+been|have\s+been|had\s+been|remains?|remained)\s+)?(?:issued\s+|in\s+(?:place|"
    r"effect|force)\s+)?(?:for|in|covering)\s+(?P<at>(?-i:[A-Z])[^;.]{0,80})", re.I)


# searched in every sentence: folded where they allow it, each behind a scan for the literals every match holds
_WARNING, _SHELTER = fast(_WARNING), fast(_SHELTER)


def _warnings(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str]) -> list[tuple]:
    """Warnings to leave (:data:`_WARNING`) and orders or advice to stay indoors (:data:`_SHELTER`)."""
    out: list[tuple] = []
    for m in _WARNING.finditer(text, sentence.start, sentence.end):
        words = "evacuation warning" + (", leave now" if m.group("now") else "")
        last[:] = [words]
        out.extend(_centred(m, "at", words, slots, gazetteer))
    for m in _SHELTER.finditer(text, sentence.start, sentence.end):
        words = "stay-indoors advised" if m.group("kind").lower().startswith("advis") else "stay-indoors order"
        last[:] = [words]
        out.extend(_centred(m, "at", words, slots, gazetteer))
    quoted = any(q in text[sentence.start:sentence.end] for q in '"“')  # every named order is quoted
    for m in _NAMED_ORDER.finditer(text, sentence.start, sentence.end) if quoted else ():
        at = "at" if m.group("at") else "at2"
        if (named := _named_act(m.group("name") or m.group("name2"), m.group("kind") or m.group("kind2"))) is None:
            continue
        last[:] = [named]
        out.extend(_centred(m, at, named, slots, gazetteer))
    return out


#: "West Bengal told tourists to leave the seaside resort of Digha", "Tourists were told to leave Puri": an order
#: to a group to leave the place named right after the verb (only that place: "told residents to leave" with no
#: place names none, and the sentence's other places are not what the order covers)
_GROUP = (r"(?:tourists|visitors|holidaymakers|campers|travell?ers|residents|people|villagers|inhabitants|everyone|"
          r"everybody|pilgrims)")
#: how many of the group, before it: "told tens of thousands of holidaymakers", "told 30,000 tourists"
_HOW_MANY = r"(?:the\s+|all\s+|(?:(?:tens|hundreds)\s+of\s+)?(?:thousands|hundreds)\s+of\s+|\d[\d,.]*\s+)?"
#: the day the order was given, between the group and its verb: "told holidaymakers on Sunday to leave"
_ON_DAY = r"(?:\s+on\s+(?-i:[A-Z])[a-z]+day)?"
_LEAVE = r"(?:leave|evacuate|vacate|get\s+out\s+of|flee)"
_LEAVE_PLACE = (rf"\s+to\s+{_LEAVE}\s+(?:the\s+(?:[\w-]+\s+){{0,3}}?of\s+)?"
                r"(?P<left>(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3})")
_TOLD_TO_LEAVE = re.compile(
    rf"\b(?P<verb>ordered|told|instructed)\s+{_HOW_MANY}{_GROUP}{_ON_DAY}{_LEAVE_PLACE}|"
    rf"\b{_GROUP}\s+(?:were|was|are|have\s+been|had\s+been|were\s+being|are\s+being)\s+(?:all\s+)?"
    rf"(?P<passive>ordered|told|instructed){_ON_DAY}{_LEAVE_PLACE.replace('(?P<left>', '(?P<left2>')}", re.I)
_NAMES = (r"(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3}"
          r"(?:(?:,\s*|,?\s+and\s+|,?\s+or\s+)(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3}){0,6}")
#: the kind of area after the names ("people in Butte, Yuba and Sutter counties")
_AREA_NOUN = r"(?:\s+(?:count(?:y|ies)|districts?|provinces?|parish(?:es)?|shires?|municipalit(?:y|ies)|regions?|areas?))?"
#: "People in Omeo and Ensay, in the hills north of X, were told to leave", "X and Y, 40 miles south, were also
#: told to evacuate" (the places themselves, standing for their people): the order covers the places that say
#: where the group is (the subject's), not those of a description set off by commas after them; the day may stand
#: between the verb and "to leave" ("were ordered on Tuesday to leave"). "Residents of X were urged to evacuate"
#: is advice, "... were told to stay indoors" an order to stay (_act_words)
_GROUP_IN_TOLD = re.compile(
    rf"(?:\b{_GROUP}\s+(?:in|of|at)\s+|(?<!\bin )(?<!\bof )(?<!\bat )(?<!\bfrom ))(?P<within>{_NAMES}){_AREA_NOUN}"
    rf"(?:,[^,.;]{{1,80}},)?\s+(?:were|was|are|have\s+been|had\s+been)\s+(?:all\s+|also\s+)?"
    rf"(?P<verb>ordered|told|instructed|urged|advised|asked){_ON_DAY}\s+to\s+"
    r"(?P<act>leave|evacuate|get\s+out|flee|(?:stay|remain|shelter)\s+(?:indoors|inside|in\s+place|at\s+home|"
    r"in\s+their\s+homes))\b", re.I)
#: "X, a village of Y whose 1,200 residents were ordered to leave": the order covers the place the relative clause
#: describes, the name that heads it (not a place inside the description between them: Y)
_WHOSE_TOLD = re.compile(
    r"(?P<within>(?-i:[A-Z])[\w'’.-]*(?:\s+(?-i:[A-Z])[\w'’.-]*){0,3}),\s+(?:(?:an?|the)\s+[^,.;]{1,80}?\s+)?whose\s+"
    r"(?:[\d,]+\s+|(?:\w+\s+){0,2}?)(?:residents|inhabitants|people|population|villagers)\s+(?:were|was|had\s+been|"
    rf"have\s+been)\s+(?:all\s+|also\s+)?(?P<verb>ordered|told|instructed|urged|advised|asked){_ON_DAY}\s+to\s+"
    r"(?P<act>leave|evacuate|get\s+out|flee|(?:stay|remain|shelter)\s+(?:indoors|inside|in\s+place|at\s+home))\b", re.I)
#: "An evacuation order was already in force for X", "evacuation orders remain in place for X and Y": the order
#: covers the places named right after "for" (not a description after them: "for X, north of Y")
_IN_FORCE = re.compile(
    r"\bevacuation\s+orders?\s+(?:(?:was|were|is|are|has\s+been|have\s+been|had\s+been|remained|remains|remain|"
    r"stayed|stays)\s+)?(?:already\s+|still\s+|also\s+)?(?:in\s+(?:force|place|effect)|issued|declared)\s+"
    rf"(?:for|in|covering)\s+(?:the\s+(?:[\w-]+\s+){{0,3}}?of\s+)?(?P<within>{_NAMES})", re.I)


#: "urged civilians in X and the districts near it to leave", "ordered families living in X to leave": an order or
#: advice to the people in the places named between the group and "to leave"
_PEOPLE_IN_TO_LEAVE = re.compile(
    r"\b(?P<verb>ordered|told|instructed|directed|urged|advised|asked|called on)\s+(?:the\s+|all\s+)?(?:remaining\s+)?"
    r"(?:(?:about|some|nearly|more than)\s+)?(?:[\d.,]+\s+(?:million\s+|thousand\s+)?)?"  # "the 1.1 million people in X"
    r"(?:civilians|residents|people|families|inhabitants|everyone|everybody)\s+(?:(?:still|living|who live)\s+)?"
    r"(?:in|of)\s+(?P<at>[^;.]{1,100}?)\s+to\s+(?:leave|evacuate|flee|get out|move (?:out|away|south|north|east|west|"
    r"below|beyond))\b", re.I)


_TOLD_TO_LEAVE, _GROUP_IN_TOLD, _IN_FORCE, _PEOPLE_IN_TO_LEAVE, _WHOSE_TOLD = map(
    fast, (_TOLD_TO_LEAVE, _GROUP_IN_TOLD, _IN_FORCE, _PEOPLE_IN_TO_LEAVE, _WHOSE_TOLD))


#: An order or warning known by its quoted name, in force for places or placed on one: 'Level 3 "Go Now" orders
#: remained in effect for X, Y and Z', 'X was placed under a Level 2 "Be Set" warning'. The name says what it
#: asks (_named_act); a name that asks none of leaving, getting ready or staying in is not read.
_NAMED_ORDER = re.compile(
    r"(?:\blevel\s+\d\s+)?[\"“](?P<name>[^\"”]{2,24})[\"”]\s+(?P<kind>orders?|warnings?|alerts?|notices?)\s+(?:(?:was|were|"
    r"is|are|has\s+been|have\s+been|had\s+been|remains?|remained|stayed)\s+)?(?:also\s+|still\s+)?(?:issued\s+|in\s+"
    rf"(?:place|effect|force)\s+)(?:for|in|covering)\s+(?P<at>{_NAMES})|"
    rf"(?P<at2>{_NAMES})\s+(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+(?:also\s+)?(?:placed|put)\s+under\s+"
    r"(?:an?|the)\s+(?:level\s+\d\s+)?[\"“](?P<name2>[^\"”]{2,24})[\"”]\s+(?P<kind2>orders?|warnings?|alerts?|notices?)",
    re.I)


def _named_act(name: str, kind: str) -> str | None:
    """What a named order asks, in the words of :func:`_act_words`: "Go Now", "Leave Now", "Get Out" -> leaving
    (an order, a warning if it is called one); "Be Set", "Get Ready", "Be Ready" -> a warning to be ready; "Stay
    Home", "Shelter in Place" -> staying in."""
    words = name.lower()
    if re.search(r"\b(?:go|leave|get out|evacuate)\b", words):
        return "evacuation warning, leave now" if kind.lower().startswith(("warning", "alert")) else "evacuation ordered"
    if re.search(r"\b(?:set|ready|prepare)\b", words):
        return "evacuation warning"
    if re.search(r"\b(?:stay|shelter)\b", words):
        return "stay-indoors order"
    return None


def _people_in_to_leave(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str], *,
                        issuers: dict[tuple[int, str], str]) -> list[tuple]:
    out: list[tuple] = []
    for m in _PEOPLE_IN_TO_LEAVE.finditer(text, sentence.start, sentence.end):
        words = "evacuation advised" if m.group("verb").lower() in (*_ADVICE, "called on") else "evacuation ordered"
        last[:] = [words]
        if (by := _issuer(text, sentence, m, m.group("verb"))) is not None:
            issuers.setdefault((sentence.start, words), by)
        out.extend(_centred(m, "at", words, slots, gazetteer))
    return out


def _told_to_leave(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str], *,
                   issuers: dict[tuple[int, str], str]) -> list[tuple]:
    out: list[tuple] = []
    for m in _TOLD_TO_LEAVE.finditer(text, sentence.start, sentence.end):
        words = "evacuation ordered"
        last[:] = [words]
        if m.group("verb") and (by := _issuer(text, sentence, m, m.group("verb"))) is not None:
            issuers.setdefault((sentence.start, words), by)
        out.extend(_centred(m, "left" if m.group("left") else "left2", words, slots, gazetteer))
    for rx in (_GROUP_IN_TOLD, _IN_FORCE, _WHOSE_TOLD) if not out else ():
        for m in rx.finditer(text, sentence.start, sentence.end):
            words = _act_words(m.group("verb"), m.group("act")) if rx is not _IN_FORCE else "evacuation ordered"
            last[:] = [words]
            out.extend(_centred(m, "within", words, slots, gazetteer))
    return out


#: "Derna was being evacuated", "the city has been evacuated", "the army had evacuated residents and journalists from
#: the city": a place emptied by the authorities is under an evacuation order, though the text names no order (a count
#: of people "evacuated from X" is a movement, and names no place as the subject emptied)
_EMPTIED = re.compile(
    rf"(?P<at>\bthe\s+(?:city|town|village)|{_NAMES})\s+(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+"
    r"(?:being\s+)?(?:fully\s+|completely\s+|entirely\s+)?evacuated\b(?!\s+(?:to|by)\b)|"
    r"\bevacuated\s+(?:all\s+)?(?:the\s+|its\s+)?(?:remaining\s+)?(?:residents|civilians|inhabitants|population)"
    rf"(?:\s+and\s+[\w-]+){{0,2}}\s+(?:from|of)\s+(?P<at2>the\s+(?:city|town|village)|{_NAMES})", re.I)
#: "In Darnah, the city's security directorate urged families on the seafront to leave": the order (advice) is for
#: the place the sentence opens with, when the people told to leave are named by no place of their own
_FRONTED_TOLD = re.compile(
    rf"\s*In\s+(?P<at>{_NAMES}),[^;]{{0,120}}?\b(?P<verb>ordered|told|instructed|urged|advised|asked)\s+"
    r"(?:the\s+|all\s+)?(?:remaining\s+)?(?:civilians|residents|people|families|inhabitants|everyone|everybody)\b"
    r"[^;.]{0,80}?\bto\s+(?P<act>leave|evacuate|flee|get\s+out)\b", re.I)


def _emptied(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str]) -> list[tuple]:
    """The orders of _FRONTED_TOLD and _EMPTIED (see there)."""
    if (m := _FRONTED_TOLD.match(text, sentence.start, sentence.end)) is not None:
        last[:] = [_act_words(m.group("verb"), m.group("act"))]
        return _centred(m, "at", last[0], slots, gazetteer)
    out: list[tuple] = []
    for m in _EMPTIED.finditer(text, sentence.start, sentence.end):
        last[:] = ["evacuation ordered"]
        out.extend(_centred(m, "at" if m.group("at") else "at2", last[0], slots, gazetteer))
    return out


def order_claims(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str], *,
                  issuers: dict[tuple[int, str], str]) -> list[tuple]:
    """Evacuation orders: the places of the sentence (countries aside) are covered by the order; "the order
    ... takes in X and Y" in a later sentence extends the last order named (``last`` carries it), and so
    does "X ... adopted the county order". ``issuers`` gets who issued each order, when the sentence says."""
    out: list[tuple] = []
    for m in _ORDER.finditer(text, sentence.start, sentence.end):
        kind = (m.group("kind") or "mandatory").lower()
        zone = m.group("zone") or m.group("zone2") or m.group("zone3")
        words = f"{kind} evacuation" + (f" {' '.join(zone.split())}" if zone else "")
        if m.group("ordered") or m.group("told"):  # the text says an evacuation was ordered, not of which kind
            words = "evacuation ordered"
        last[:] = [words]
        if (by := _issuer(text, sentence, m)) is not None:
            issuers.setdefault((sentence.start, words), by)
        # a radius covers the place it is drawn around, not the sentence's other places (a dateline's city); an order
        # covers the places of its own clause, not another's (", and <County> added zone C to its order")
        lo, hi = _clause_of(text, sentence, m)
        inside = [s for s in slots if m.start("radius") <= s.start and s.end <= m.end()] if m.group("radius") else \
            [s for s in slots if lo <= s.start and s.end <= hi]
        places = [pid for slot in inside if not _moved_between(text, slot, m) for pid in slot.ids
                  if pid and not is_area(gazetteer, pid)]
        out.extend((m.start(), m.end(), pid, words, m.group(0), None) for pid in places)
    for m in _ADDS_ZONE.finditer(text, sentence.start, sentence.end):  # "<County> added zone C to its order"
        words = _zone_words(last[0] if last else "evacuation ordered", m.group("zone"))
        out.extend(_centred(m, "at", words, slots, gazetteer))
    out.extend(_ring_claims(text, sentence, slots, gazetteer, last, issuers=issuers))
    if not out:
        out.extend(_told_to_leave(text, sentence, slots, gazetteer, last, issuers=issuers))
    if not out:
        out.extend(_people_in_to_leave(text, sentence, slots, gazetteer, last, issuers=issuers))
    if not out:
        out.extend(_emptied(text, sentence, slots, gazetteer, last))
    if not out:
        out.extend(_warnings(text, sentence, slots, gazetteer, last))
    if not out and last:
        out.extend(_adopted(text, sentence, slots, gazetteer, last[0]))
    cover = _COVERS.search(text, sentence.start, sentence.end) if not out and last else None
    if cover is not None:
        for slot in slots:
            if slot.start < cover.end():
                continue
            words = _zone_words(last[0], text[cover.start():slot.start])
            out.extend((cover.start(), cover.end(), pid, words, cover.group(0), None) for pid in slot.ids
                       if pid and not is_area(gazetteer, pid))
    return out


#: "Hillsborough County added zone C to its order": the place's order now covers that zone
_ADDS_ZONE = fast(re.compile(
    rf"(?P<at>{_NAMES})\s+(?:has\s+|had\s+)?(?:also\s+)?(?:added|extended|expanded)\s+(?:its\s+order\s+to\s+)?"
    r"(?P<zone>zones?\s+[A-H](?:(?:,\s*|\s+and\s+)[A-H])*)(?:\s+to\s+(?:its|the|their)\s+(?:evacuation\s+)?orders?)?\b"))
#: where one coordinated clause ends and another, with a subject of its own, begins: ", and Hillsborough County"
_NEXT_CLAUSE = re.compile(r",\s*(?:and|but|while|whereas)\s+(?=(?:the\s+)?(?-i:[A-Z]))|;\s+", re.I)


def _clause_of(text: str, sentence: Sentence, m: re.Match) -> tuple[int, int]:
    """The span of the coordinated clause of `sentence` that holds the match `m`."""
    lo, hi = sentence.start, sentence.end
    for b in _NEXT_CLAUSE.finditer(text, sentence.start, sentence.end):
        if b.end() <= m.start():
            lo = b.end()
        elif b.start() >= m.end():
            hi = b.start()
            break
    return lo, hi


def _moved_between(text: str, slot: Slot, order: re.Match) -> bool:
    """Whether a movement stands between a place and the order ("his building sat in a mandatory evacuation
    zone, so he headed north to <town>"): the place is where people went, not what the order covers."""
    between = text[order.end():slot.start] if slot.start >= order.end() else text[slot.end:order.start()]
    return bool(MOVE_WORD.search(between))


def _zone_words(order: str, before: str) -> str:
    """The order's words with the zone the sentence names nearest before the place ("It also covers the
    part of zone B ... in <city>" -> "mandatory evacuation zone B"), else the order as last named."""
    zones = _ZONE.findall(before)
    if not zones:
        return order
    kind = order.split(" evacuation", maxsplit=1)[0]
    return f"{kind} evacuation {' '.join(zones[-1].split())}"


def order_days(article: Article, sentences: Sequence[Sentence], found: list[tuple]) -> dict[int, str]:
    """Sentence start -> the day (ISO) each sentence holding an evacuation order is about: its own date
    ("issued ... on Wednesday"), else the story's current day (:func:`corpus.dates.narrative_dates`). Worked
    out only for articles that state an order."""
    if article.published is None or not any(is_order(f[3]) for f in found):
        return {}
    days = narrative_dates([s.text for s in sentences], article.published)
    return {s.start: d.isoformat() for s, d in zip(sentences, days, strict=True) if d is not None}
