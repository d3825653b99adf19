"""Control statements in the text: who holds, controls, occupies or besieges a place, for any conflict, and
which evacuation orders cover a place in a disaster.

Rules (regexes of English news text over each sentence; the places are the slots of :mod:`corpus.slots`,
the actors come from :mod:`corpus.actors`: countries' demonyms, the shipped list, the corpus's aliases):

- ``<actor>-held|controlled|occupied <place>`` ("Russian-held", "rebel-held", "Taliban-controlled"), and a
  described area that carries its own controller ("rebel-held territory in the west of <province>");
- ``<place> (lay|is) in a (safe) area controlled by <actor>`` and ``... in an <actor>-held area``;
- ``<place> ... (is|remains|has been) (now|still) under (the) <actor>('s) control|occupation|rule`` and
  ``under the control of <actor>``; ``<place> (is|was) held|controlled|occupied|seized|captured by (the)
  <actor>``; ``<actor> (had) taken|seized|gained control of <place>``, ``<actor> (forces) captured|seized|
  occupied <place>``;
- ``besieged <place>``, ``<place> ... (long) (been) surrounded|besieged|encircled|blockaded by <actor>``,
  ``<actor> (had) blockaded|besieged|encircled <place>``, ``<place>, which <actor> kept under blockade``;
- ``<place> (was|is|remained) cut off`` -> ``cut off``;
- ``the <actor>-stronghold of <place>``; ``an <actor> checkpoint|post|position at|on <place>``;
- halves: "the government holding the west and rebels holding the east", "a rebel-controlled east and
  government-held west" in a sentence naming a city -> the gazetteer's "eastern <city>" / "western <city>";
- evacuation orders: "mandatory evacuation (order) for zone A", "ordered residents of zones A and B to leave"
  -> the order (with the issuing authority when the sentence names one) for the places in the sentence;
  "<place> ... adopted the county order" -> the last order named.

A claim's ``controller`` is the actor's canonical id ("Russia", "opposition", "Rapid Support Forces"), or
``besieged`` / ``cut off`` / an evacuation order; ``besieged_by`` says who besieges when the text says.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from evacmap.corpus.actors import Actors, default_actors
from evacmap.corpus.control_kept import kept_under
from evacmap.corpus.dates import narrative_dates
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.corpus.movement_cues import MOVE_WORD
from evacmap.corpus.prefilter import Guarded
from evacmap.corpus.slots import Slot, article_slots

NOT_HELD = ("besieged", "cut off", "contested")
#: ", the region's main city," / ", which Armenians call Berdzor," between a place and what is said of it
APPOSITIVE = r"(?:\s*,[^,.;]{1,60},)?"
# "the northern city of", "the provincial capital of": what may stand between a verb of taking and the place
_SETTLEMENT_OF = (r"(?:the\s+)?(?:(?:[\w-]+\s+){0,2}?(?:town|city|village|port|district|province|region|capital)"
                  r"\s+of\s+)?")


@dataclass(frozen=True)
class ControlClaim:
    id: str  # "<article>#c<n>", stable for the same text
    article: str
    outlet: str
    start: int  # the sentence, offsets into the article
    end: int
    text: str
    place_id: str
    controller: str  # an actor id | besieged | cut off | an evacuation order
    phrase: str  # the words that say it, as written
    besieged_by: str | None = None  # for "besieged": who besieges, when the text says
    date: str | None = None  # an evacuation order's day (ISO), from the sentence's own date or the story's day
    issued_by: str | None = None  # who ordered the evacuation, when the sentence names them


@dataclass(frozen=True)
class _Rules:
    prefix: Guarded
    stronghold: Guarded
    post: Guarded
    besieged_before: Guarded
    besieged_after: Guarded
    under_control: Guarded
    held_by: Guarded
    in_area: Guarded
    took_control: Guarded
    besieged_subject: Guarded
    cut_off: re.Pattern
    kept_under: Guarded
    its_control: Guarded
    its_link: Guarded
    predicate: Guarded
    own: Guarded
    halves: tuple[Guarded, ...]


def _rules(actors: Actors) -> _Rules:
    """The rules for a lexicon, compiled once per lexicon (not once per article)."""
    return _compiled(actors.adjective_rx, actors.noun_rx)


@functools.lru_cache(maxsize=8)
def _compiled(adj: str, noun: str) -> _Rules:
    the = r"(?:the\s+)?"
    qual = r"(?:(?:ethnic|regular|Sunni|Shia|Shi['’]ite|Islamist|pro-government|local|allied|\w+ese|\w+ian|\w+i)\s+)*"
    return _Rules(
        prefix=Guarded((rf"\b(?P<who>{adj})[- ](?:held|controlled|occupied)\s+(?:(?:neighbou?ring|nearby|the|"
                          r"district of|area of|town of|city of|province of|region of)\s+){0,3}$", re.I),
                       r"(?:held|controlled|occupied)\s+(?:(?:neighbou?ring|nearby|the|district of|area of|town of|city of|"
                       r"province of|region of)\s+){0,3}$"),  # how a match ends: its participle, then the place
        stronghold=Guarded((rf"\b(?P<who>{adj})[- ]stronghold of\s+(?:the\s+)?$", re.I), r"stronghold of\s+(?:the\s+)?$"),
        post=Guarded((rf"\b(?P<who>{adj}|{noun})(?:['’]s)?\s+(?:army\s+|military\s+|border\s+)?(?:checkpoints?|"
                        r"(?:army\s+)?posts?|outposts?|positions?)\s+(?:at|on)\s+(?:the\s+)?$", re.I),
                   r"(?:checkpoint|post|position)s?\s+(?:at|on)\s+(?:the\s+)?$"),
        besieged_before=Guarded((r"\b(?:besieged|blockaded|encircled)\s+(?:(?:the|neighbou?ring)\s+)?$", re.I),
                                r"(?:besieged|blockaded|encircled)\s+(?:(?:the|neighbou?ring)\s+)?$"),
        besieged_after=Guarded((
            r"^[^.;]{0,80}?\b(?:long\s+)?(?:been\s+)?(?:surrounded|besieged|encircled|blockaded|under siege|"
            rf"under blockade)\s+by\s+{the}{qual}(?P<by>{noun}|{adj})(?:\s+forces)?", re.I),
            "surrounded|besieged|encircled|blockaded|under siege|under blockade"),
        under_control=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|have been|had been|"
            r"fell)\s+(?:\w+\s+){0,2}?under\s+"
            rf"(?:{the}(?P<who>{adj}|{noun})(?:['’]s)?\s+(?:control|occupation|rule)|the control of\s+{the}{qual}"
            rf"(?P<who2>{noun}))", re.I), "under"),
        held_by=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|have been|had been)?\s*"
            rf"(?:\w+\s+)?(?:(?:held|controlled|occupied|seized|captured|taken)\s+by|fell\s+to)\s+{the}{qual}"
            rf"(?P<who>{noun}|{adj})", re.I), "held|controlled|occupied|seized|captured|taken|fell"),
        in_area=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:lay|lies|lie|is|was|are|were|sits|sat|remains?|remained|"
            r"has been|had been|have been)\s+(?:\w+\s+)?(?:in|inside|within|deep\s+in)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?"
            rf"(?:(?P<who2>{adj})[- ](?:held|controlled)\s+)?(?:area|zone|territory|part|region|sector|pocket)\b"
            rf"(?:\s+(?:held|controlled)\s+by\s+{the}{qual}(?P<who>{noun}|{adj}))?", re.I), "held|controlled"),
        took_control=Guarded((rf"\b(?P<who>{noun})\b[^.;]{{0,60}}?\b(?:had\s+|has\s+|have\s+)?(?:taken|took|seized|"
                                rf"gained|claimed|wrested)\s+control\s+of\s+{_SETTLEMENT_OF}$|"
                                rf"\b(?P<who3>{noun}|{adj})(?:\s+(?:forces|troops|fighters|army|units))?\s+"
                                r"(?:had\s+|has\s+|have\s+)?(?:captured|seized|overran|occupied|recaptured|retook)\s+"
                                rf"{_SETTLEMENT_OF}$", re.I),
                             "control|captured|seized|overran|occupied|retook"),
        besieged_subject=Guarded((rf"\b(?P<who>{noun}|{adj})\b(?:\s+forces)?\s+(?:had\s+|has\s+|have\s+)?"
                                    r"(?:blockaded|besieged|encircled|surrounded|cut off)\s+(?:the\s+)?$", re.I),
                                 "blockaded|besieged|encircled|surrounded|cut off"),
        cut_off=re.compile(r"^\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|had been|has been|"
                           r"have been|been|left)\s+(?:\w+\s+)?cut off\b", re.I),
        kept_under=Guarded((rf"^\s*,\s*(?:which|that)\s+{the}(?P<by>{noun}|{adj})(?:\s+forces)?\s+(?:had\s+|has\s+|have\s+)?"
                              r"(?:kept|held|placed|put)\s+under\s+(?:a\s+|an?\s+\w+\s+)?(?:blockade|siege)\b", re.I),
                           "blockade|siege"),
        its_control=Guarded((rf"\b{the}(?P<who>{noun})\s+(?:said|says|claimed|claims|announced|declared|insisted)\s+"
                               r"(?:that\s+)?(?P<subj>[^.;,]{1,120}?)\s+(?:is|are|was|were|remains?|remained|had been|"
                               r"has been|have been)\s+(?:now\s+|still\s+|firmly\s+)?under\s+(?:its|their)\s+"
                               r"(?:full\s+|complete\s+)?control\b", re.I), "control"),
        its_link=Guarded((rf"\b{the}(?P<who>{noun}|{adj})(?:\s+(?:forces|troops|army))?\s+(?:had\s+|has\s+|have\s+)?"
                            r"(?:blockaded|besieged|cut\s+off|cut|severed|closed)\s+(?:its|their)\s+(?:only\s+|sole\s+|"
                            r"main\s+|last\s+)?(?:(?:road|land|supply)\s+)?(?:links?|routes?|roads?|corridor|lifeline)\b",
                            re.I), "blockaded|besieged|cut|severed|closed"),
        predicate=Guarded((rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|"
                             rf"have been|had been)\s+(?:now\s+|still\s+|firmly\s+)?(?P<who>{adj})[- ]"
                             r"(?:held|controlled|occupied)\b", re.I), "held|controlled|occupied"),
        own=Guarded((rf"(?P<who>{adj})[- ](?:held|controlled|occupied)\b|besieged\b", re.I),
                    "held|controlled|occupied|besieged"),
        halves=(
            Guarded((rf"\b{the}(?P<who>{noun})\s+(?:holding|controlling|held|controlled|holds|controls)\s+"
                       r"(?:(?:many|most|some|several)\s+neighbou?rhoods\s+in\s+)?the\s+(?P<half>west|east|north|south)\b",
                       re.I), "west|east|north|south"),
            Guarded((rf"\b(?P<who>{adj})[- ](?:held|controlled)\s+(?P<half>east|west|north|south)\b", re.I),
                    "west|east|north|south"),
        ),
    )


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
    r"\b(?P<ordered>ordered|issued|expanded|extended)\s+(?:an?\s+)?(?:evacuations?|evacuation\s+orders?)\s+"
    r"(?:for|of|in|to)\b", re.I)
_ORDER = fast(_ORDER)  # searched in every sentence: folded, it skips ahead to a first letter (corpus/folding.py)
#: a zone named in a sentence ("the part of zone B south of ..."): which zone of an order covers a place
_ZONE = re.compile(r"\bzones?\s+[A-H](?:(?:,\s*|\s+and\s+)[A-H](?![\w-]))*(?![\w-])")


_COVERS = re.compile(r"(?:\b(?:the|this|that|its|their)\s+(?:evacuation\s+)?orders?\b(?:[^.;]|\.(?=\S)){0,80}?\b|"
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
                       if pid and not _is_country(gazetteer, pid))
    return out


#: who orders: "Authorities in northern <province> ordered", "<County> Emergency Management issued", "The county
#: ordered"; the words before the verb, capitalised names or an authority's common noun
_ISSUER = re.compile(
    r"(?P<by>(?:(?:the|The)\s+)?(?:[A-Z][\w'’.&-]*\s+){0,5}(?:[A-Z][\w'’.&-]*|authorities|officials|police|"
    r"government|county|city|province|state|municipality|council|mayor|governor)"
    r"(?:\s+(?:in|of|for)\s+(?:the\s+)?(?:[a-z]+ern\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})?)"
    r"\s+(?:has\s+|had\s+|have\s+)?(?:also\s+)?(?:ordered|issued|told|instructed|declared)"
    r"(?:\s+(?:an?|the))?\s*$")
_ISSUED_BY = re.compile(r"[^.;]{0,80}?\b(?:issued|ordered|declared)\s+by\s+(?P<by>(?:the\s+)?[A-Za-z][^,.;]{1,60}?)"
                        r"(?=\s*(?:[,.;]|$|\s+(?:at|on|for|in|to|after|before)\b))")
_NOT_ISSUER = re.compile(r"^(?:(?:On|By|In|At|Late|Early|Later|Earlier|Then|And|But|So|Also|Last|This|"
                         r"Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|"
                         r"June|July|August|September|October|November|December|\d+\w*)\s+)+")


def _issuer(text: str, sentence: Sentence, m: re.Match) -> str | None:
    """Who issued the order, when the sentence names them as the subject of the ordering verb or after
    "issued by"; None when it does not say (a passive "an order was issued for X" names nobody)."""
    head = text[sentence.start:m.start()] + (m.group("told") or m.group("ordered") or "")
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


def _order_claims(text: str, sentence: Sentence, slots: list[Slot], gazetteer, last: list[str], *,
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
        # a radius covers the place it is drawn around, not the sentence's other places (a dateline's city)
        inside = [s for s in slots if m.start("radius") <= s.start and s.end <= m.end()] if m.group("radius") else slots
        places = [pid for slot in inside if not _moved_between(text, slot, m) for pid in slot.ids
                  if pid and not _is_area(gazetteer, pid)]
        out.extend((m.start(), m.end(), pid, words, m.group(0), None) for pid in places)
    if not out and last:
        out.extend(_adopted(text, sentence, slots, gazetteer, last[0]))
    cover = _COVERS.search(text, sentence.start, sentence.end) if not out and last else None
    if cover is not None:
        for slot in slots:
            if slot.start < cover.end():
                continue
            words = _zone_words(last[0], text[cover.start():slot.start])
            out.extend((cover.start(), cover.end(), pid, words, cover.group(0), None) for pid in slot.ids
                       if pid and not _is_country(gazetteer, pid))
    return out


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


#: "the road to X was under its control" says nothing of who holds X
_NOT_HEAD = re.compile(r"\b(?:to|from|toward|towards|near|outside|beyond|past|between|around|off)\s+(?:the\s+)?$", re.I)


def _its_control(text: str, sentence: Sentence, slots: list[Slot], ctx: tuple[_Rules, Actors]) -> list[tuple]:
    """"<actor> said X and Y were under its control": "its" is the speaking actor; the places are those of
    the reported clause's subject."""
    rules, actors = ctx
    out: list[tuple] = []
    for m in rules.its_control.finditer(text, sentence.start, sentence.end):
        who = actors.canonical(m.group("who"))
        if not who:
            continue
        for slot in slots:
            if m.start("subj") <= slot.start and slot.end <= m.end("subj") and \
                    not _NOT_HEAD.search(text, m.start("subj"), slot.start):
                out.extend((m.start(), m.end(), pid, who, m.group(0), None) for pid in slot.ids if pid)
    return out


def _its_link(text: str, sentence: Sentence, previous: tuple[Sentence, list[Slot]] | None,
              ctx: tuple[_Rules, Actors], gazetteer) -> list[tuple]:
    """"<actor> had blockaded its only road link": a place cut off from outside by an actor is besieged by
    it. "its" is read as the subject of the sentence before (the first place it names, when that sentence
    begins with it and it is not a country); otherwise nothing is claimed. The sentence before is looked at
    only when this one says so."""
    rules, actors = ctx
    found = [(m, who) for m in rules.its_link.finditer(text, sentence.start, sentence.end)
             if (who := actors.canonical(m.group("who")))]
    subject = _subject_slot(text, *previous) if found and previous is not None else None
    if subject is None or subject.kind not in ("mention", "area") or len(subject.ids) != 1:
        return []
    pid = subject.ids[0]
    if pid is None or _is_country(gazetteer, pid):
        return []
    return [(m.start(), m.end(), pid, "besieged", m.group(0), who) for m, who in found]


def _subject_slot(text: str, sentence: Sentence, slots: list[Slot]) -> Slot | None:
    """The sentence's first slot when it comes before its first verb-like word (its subject, as far as a rule
    can tell: "Until last week the enclave was held by ..."), else None."""
    if not slots or _VERBISH.search(text, sentence.start, slots[0].start):
        return None
    return slots[0]


_VERBISH = re.compile(r"\b(?:is|are|was|were|has|have|had|said|says|told|left|fled|reached|arrived|went|took)\b|"
                      r"\b\w+ed\s+(?:to|from|into|in|at|on|by)\b", re.I)


def _is_country(gazetteer, pid: str) -> bool:
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place is not None and place.kind == "country"


def _is_area(gazetteer, pid: str) -> bool:
    """A country or a first-level division: a local evacuation order never covers the whole of one (the
    state named in a dateline is only where the story is)."""
    place = gazetteer.get(pid) if gazetteer is not None else None
    return place is not None and place.kind in ("country", "state", "province", "governorate")


def _halves(article: Article, sentence: Sentence, slots: list[Slot], ctx: tuple[_Rules, Actors],
            gazetteer) -> list[tuple]:
    """"the government holding the west": the half of the city the sentence names, when the gazetteer has
    a place called "western <city>" (or "west <city>")."""
    rules, actors = ctx
    halves = [m for rx in rules.halves for m in rx.finditer(article.text, sentence.start, sentence.end)]
    if gazetteer is None or not halves:  # the rules first: looking up every place of every sentence costs more
        return []
    cities = [gazetteer.get(pid) for s in slots for pid in s.ids if pid]
    cities = [c for c in cities if c is not None and c.kind == "city"]
    if not cities:
        return []
    out = []
    for m in halves:
        half = m.group("half").lower()
        for name in (f"{half}ern {cities[0].name}", f"{half} {cities[0].name}"):
            found = [p for p in gazetteer.candidates(name) if p.parent == cities[0].id]
            if found:
                who = actors.canonical(m.group("who"))
                if who:
                    out.append((m.start(), m.end(), found[0].id, who, m.group(0), None))
                break
    return out


def _slot_claims(text: str, sentence: Sentence, slot: Slot, ctx: tuple[_Rules, Actors],
                 surrounded: dict[int, int]) -> list[tuple]:
    """What the words around one slot say about who holds it."""
    found: list[tuple] = []
    for pid in slot.ids:
        if pid is None:
            continue
        found.extend(_own_claims(text, slot, pid, ctx))
        found.extend(_before_claims(text, sentence, slot, pid, ctx))
        found.extend(_after_claims(text, sentence, slot, pid, ctx, surrounded=surrounded))
    return found


def _own_claims(text: str, slot: Slot, pid: str, ctx: tuple[_Rules, Actors]) -> list[tuple]:
    """A described area's own controller; a mention whose surface says it ("besieged eastern <city>")."""
    rules, actors = ctx
    out = []
    if slot.kind == "area" and slot.controller:
        out.append((slot.start, slot.end, pid, slot.controller, text[slot.start:slot.end], None))
    if slot.kind == "mention" and (m := rules.own.match(text, slot.start, slot.end)) is not None:
        who = actors.canonical(m.group("who")) if m.group("who") else "besieged"
        if who:
            out.append((slot.start, slot.end, pid, who, text[slot.start:slot.end], None))
    return out


def _before_claims(text: str, sentence: Sentence, slot: Slot, pid: str, ctx: tuple[_Rules, Actors]) -> list[tuple]:
    """"<actor>-held X", "the <actor>-stronghold of X", "an <actor> checkpoint at X", "<actor> had taken
    control of X", "besieged X",
    "<actor> blockaded X"."""
    rules, actors = ctx
    base = max(sentence.start, slot.start - 90)
    before = text[base:slot.start]
    out = []
    for rx in (rules.prefix, rules.stronghold, rules.post, rules.took_control):
        m = rx.search(before)
        if m is not None and (who := actors.canonical(m.group("who") or m.groupdict().get("who3") or "")):
            out.append((base + m.start(), slot.end, pid, who, text[base + m.start():slot.end], None))
    if (m := rules.besieged_before.search(before)) is not None:
        out.append((base + m.start(), slot.end, pid, "besieged", text[base + m.start():slot.end], None))
    if (m := rules.besieged_subject.search(before)) is not None:
        out.append((base + m.start(), slot.end, pid, "besieged", text[base + m.start():slot.end],
                    actors.canonical(m.group("who"))))
    return out + kept_under(text, sentence, slot, pid, actors)


def _after_claims(text: str, sentence: Sentence, slot: Slot, pid: str, ctx: tuple[_Rules, Actors], *,
                  surrounded: dict[int, int]) -> list[tuple]:
    """"X ... surrounded by <actor>", "X is under <actor> control", "X, held by <actor>", "X has been
    <actor>-controlled", "X was cut off"."""
    rules, actors = ctx
    start, end = slot.start, slot.end
    after = text[end:sentence.end]
    out = []
    if (m := rules.besieged_after.match(after)) is not None and surrounded.get(end + m.end(), start) == start:
        surrounded[end + m.end()] = start  # the first place before "surrounded by" heads the phrase
        out.append((start, end + m.end(), pid, "besieged", text[start:end + m.end()],
                    actors.canonical(m.group("by"))))
    for rx in (rules.under_control, rules.held_by, rules.predicate, rules.in_area):
        if (m := rx.match(after)) is not None:
            who = actors.canonical(m.group("who") or m.groupdict().get("who2"))
            lead = start - 9 if text[max(sentence.start, start - 9):start].lower() == "parts of " else start
            if who:
                out.append((lead, end + m.end(), pid, who, text[lead:end + m.end()], None))
    if (m := rules.kept_under.match(after)) is not None:  # "X, which <actor> kept under blockade"
        out.append((start, end + m.end(), pid, "besieged", text[start:end + m.end()], actors.canonical(m.group("by"))))
    if (m := rules.cut_off.match(after)) is not None:
        out.append((start, end + m.end(), pid, "cut off", text[start:end + m.end()], None))
    return out


def control_claims(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention],
                   gazetteer=None, actors: Actors | None = None) -> list[ControlClaim]:
    """Every statement of who holds a place, in text order, one claim per (sentence, place, controller).
    ``gazetteer`` (optional) reads "the west"/"the east" of a named city; ``actors`` default to countries
    and the shipped list."""
    actors = actors or default_actors()
    rules = _rules(actors)
    text = article.text
    found: list[tuple] = []
    last_order: list[str] = []
    issuers: dict[tuple[int, str], str] = {}
    previous: tuple[Sentence, list[Slot]] | None = None
    for sentence, slots in zip(sentences, article_slots(article, sentences, mentions, actors, gazetteer), strict=True):
        surrounded: dict[int, int] = {}
        for slot in slots:
            found.extend((*f, sentence) for f in _slot_claims(text, sentence, slot, (rules, actors), surrounded))
        found.extend((*f, sentence) for f in _halves(article, sentence, slots, (rules, actors), gazetteer))
        found.extend((*f, sentence) for f in _its_control(text, sentence, slots, (rules, actors)))
        found.extend((*f, sentence) for f in _its_link(text, sentence, previous, (rules, actors), gazetteer))
        previous = (sentence, slots)
        found.extend((*f, sentence) for f in _order_claims(text, sentence, slots, gazetteer, last_order, issuers=issuers))
    claims: list[ControlClaim] = []
    seen = set()
    days = _order_days(article, sentences, found)
    for _start, _end, pid, ctrl, phrase, by, sentence in sorted(found, key=lambda f: (f[0], f[2], f[3])):
        key = (sentence.start, pid, ctrl)
        if key in seen:
            continue
        seen.add(key)
        order = "evacuation" in ctrl
        claims.append(ControlClaim(id=f"{article.id}#c{len(claims) + 1}", article=article.id, outlet=article.outlet,
                                   start=sentence.start, end=sentence.end, text=sentence.text, place_id=pid,
                                   controller=ctrl, phrase=" ".join(phrase.split()), besieged_by=by,
                                   date=days.get(sentence.start) if order else None,
                                   issued_by=issuers.get((sentence.start, ctrl)) if order else None))
    return claims


def _order_days(article: Article, sentences: Sequence[Sentence], found: list[tuple]) -> dict[int, str]:
    """Sentence start -> the day (ISO) each sentence holding an evacuation order is about: its own date
    ("issued ... on Wednesday"), else the story's current day (:func:`corpus.dates.narrative_dates`). Worked
    out only for articles that state an order."""
    if article.published is None or not any("evacuation" in f[3] for f in found):
        return {}
    days = narrative_dates([s.text for s in sentences], article.published)
    return {s.start: d.isoformat() for s, d in zip(sentences, days, strict=True) if d is not None}


__all__ = ["NOT_HELD", "ControlClaim", "control_claims"]
