"""Control statements in the text: who holds, controls, occupies or besieges a place, for any conflict, and
which evacuation orders cover a place in a disaster.

Rules (regexes of English news text over each sentence; the places are the slots of :mod:`corpus.slots`,
the actors come from :mod:`corpus.actors`: countries' demonyms, the shipped list, the corpus's aliases):

- ``<actor>-held|controlled|occupied <place>`` ("Russian-held", "rebel-held", "Taliban-controlled"), and a
  described area that carries its own controller ("rebel-held territory in the west of <province>");
- ``<place> (lay|is) in a (safe) area controlled by <actor>`` and ``... in an <actor>-held area``;
- ``<place> ... (is|remains|has been) (now|still) under (the) <actor>('s) control|occupation|rule`` and
  ``under the control of <actor>``; ``<place> (is|was) held|controlled|occupied|seized|captured by (the)
  <actor>``; ``<actor> (had) taken|seized|(re)gained control of <place>``, ``<actor> (forces) captured|seized|
  occupied|controls|holds <place>`` (a demonym before "troops", "rebels" names the side: "Israeli troops");
- ``besieged <place>``, ``<place> ... (long) (been) surrounded|besieged|encircled|blockaded by <actor>``,
  ``<actor> (had) blockaded|besieged|encircled <place>``, ``<place>, which <actor> kept under blockade``;
- ``<place> (was|is|remained) cut off`` -> ``cut off``;
- ``the siege of <place> was lifted``, ``<place>'s siege ended``, ``<actor> lifted its siege of <place>`` ->
  ``siege lifted`` (:mod:`corpus.siege_lifted`);
- ``the <actor>-stronghold of <place>``; ``<actor> (troops) raised the (national) flag over (buildings in)
  <place>``; ``<actor> (forces) declared <place> retaken|liberated``; ``an <actor> checkpoint|post|position at|on <place>``;
- halves: "the government holding the west and rebels holding the east", "a rebel-controlled east and
  government-held west" in a sentence naming a city -> the gazetteer's "eastern <city>" / "western <city>";
- evacuation orders (:mod:`corpus.orders`): "mandatory evacuation (order) for zone A", "ordered everyone
  within 20 km of X to leave", "<place> ... adopted the county order".

A claim's ``controller`` is the actor's canonical id ("Russia", "opposition", "Rapid Support Forces"), or
``besieged`` / ``cut off`` / an evacuation order; ``besieged_by`` says who besieges when the text says.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields

from evacmap.corpus.actors import Actors, default_actors
from evacmap.corpus.control_kept import kept_subject, kept_under
from evacmap.corpus.folding import fold, folded
from evacmap.corpus.literals import required, scanner
from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.corpus.orders import is_area, is_country, is_order, order_claims, order_days
from evacmap.corpus.prefilter import Guarded
from evacmap.corpus.side_orders import side_order_claims
from evacmap.corpus.siege_lifted import LIFTED, lifted_sieges
from evacmap.corpus.slots import Slot, article_slots
from evacmap.gazetteer.nogc import paused_gc

NOT_HELD = ("besieged", "cut off", "contested", LIFTED)
#: ", the region's main city," / ", which Armenians call Berdzor," between a place and what is said of it
APPOSITIVE = r"(?:\s*,[^,.;]{1,60},)?"
# "the northern city of", "the provincial capital of": what may stand between a verb of taking and the place
_SETTLEMENT_OF = (r"(?:the\s+)?(?:(?:[\w-]+\s+){0,2}?(?:town|city|village|port|district|province|region|capital)"
                  r"\s+of\s+)?")

# what may stand between "<actor>-held" and the place: "the", "neighbouring", a kind of place or a part of one
# ("the rebel-held western half of X", "an IS-held neighbourhood of west X", "Russian-held areas of X")
_DIRECTION = r"(?:north|south|east|west)(?:ern)?|(?:north|south)[- ]?(?:east|west)(?:ern)?"
_PART_OF = (rf"(?:neighbou?ring|nearby|the|an?|{_DIRECTION}|(?:(?:{_DIRECTION})\s+)?(?:district|area|town|city|province|"
            r"region|part|half|side|sector|quarter|neighbou?rhood|suburb|outskirt|pocket|corner)s?\s+of)")

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


#: the words for a side's armed men after its name ("Israeli troops", "Houthi rebels")
_ROLE = r"(?:forces|troops|soldiers|fighters|army|units|rebels|militants|militiamen|militias?)"


@dataclass(frozen=True)
class _Rules:
    prefix: Guarded
    stronghold: Guarded
    post: Guarded
    besieged_before: Guarded
    besieged_after: Guarded
    under_control: Guarded
    held_by: Guarded
    taken_after: Guarded
    in_area: Guarded
    took_control: Guarded
    declared: Guarded
    flag: Guarded
    besieged_subject: Guarded
    cut_off: re.Pattern
    kept_under: Guarded
    its_control: Guarded
    its_link: Guarded
    predicate: Guarded
    stronghold_after: Guarded
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
        prefix=Guarded((rf"\b(?P<who>{adj})[- ](?:held|controlled|occupied)\s+(?:{_PART_OF}\s+){{0,3}}$", re.I),
                       rf"(?:held|controlled|occupied)\s+(?:{_PART_OF}\s+){{0,3}}$"),  # its participle, then the place
        stronghold=Guarded((rf"\b(?P<who>{adj})[- ]stronghold of\s+(?:the\s+)?$", re.I), r"stronghold of\s+(?:the\s+)?$"),
        post=Guarded((rf"\b(?P<who>{adj}|{noun})(?:['’]s)?\s+(?:army\s+|military\s+|border\s+)?(?:checkpoints?|"
                        r"(?:army\s+)?posts?|outposts?|positions?)\s+(?:at|on)\s+(?:the\s+)?$", re.I),
                   r"(?:checkpoint|post|position)s?\s+(?:at|on)\s+(?:the\s+)?$"),
        # "besieged X", "the besieged city of X", "the militants are besieged in X"
        besieged_before=Guarded((r"\b(?:besieged|blockaded|encircled)\s+(?:in\s+)?(?:(?:the|neighbou?ring)\s+)?"
                                 r"(?:(?:city|town|village|enclave|district|port|area|region)\s+of\s+)?$", re.I),
                                r"(?:besieged|blockaded|encircled)\s+(?:in\s+)?(?:(?:the|neighbou?ring)\s+)?"
                                r"(?:(?:city|town|village|enclave|district|port|area|region)\s+of\s+)?$"),
        besieged_after=Guarded((
            r"^[^.;]{0,80}?\b(?:long\s+)?(?:been\s+)?(?:surrounded|besieged|encircled|blockaded|under siege|"
            rf"under blockade)\s+by\s+{the}{qual}(?P<by>{noun}|{adj})(?:\s+forces)?", re.I),
            "surrounded|besieged|encircled|blockaded|under siege|under blockade"),
        under_control=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|have been|had been|"
            r"fell)\s+(?:\w+\s+){0,2}?under\s+"
            rf"(?:{the}(?P<who>{adj}|{noun})(?:['’]s)?\s+(?:control|occupation|rule)|the control of\s+{the}"
            # "of Iraqi security forces": a demonym before a role word names the side (as in took_control)
            rf"(?:(?P<who3>{adj})\s+(?:security\s+|government\s+|armed\s+|regular\s+)?{_ROLE}\b|{qual}(?P<who2>{noun})))",
            re.I), "under"),
        held_by=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|have been|had been)?\s*"
            rf"(?:\w+\s+)?(?:(?:held|controlled|occupied|seized|captured|taken|recaptured|retaken)\s+by|fell\s+to)\s+"
            rf"{the}{qual}(?P<who>{noun}|{adj})", re.I), "held|controlled|occupied|seized|captured|taken|fell"),
        # "Mosul, Iraq's second city, which Islamic State fighters overran in 2014": taken, in a relative clause
        taken_after=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:which|that)\s+{the}(?P<who>{noun}|{adj})(?:\s+(?:forces|troops|fighters|"
            r"militants|army|soldiers|units))?\s+(?:had\s+|has\s+|have\s+)?(?:captured|seized|overran|occupied|"
            r"recaptured|retook|took control of)\b", re.I), "captured|seized|overran|occupied|retook|took control"),
        in_area=Guarded((
            rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:lay|lies|lie|is|was|are|were|sits|sat|remains?|remained|"
            r"has been|had been|have been)\s+(?:\w+\s+)?(?:in|inside|within|deep\s+in)\s+(?:an?|the)\s+(?:[\w-]+\s+){0,2}?"
            rf"(?:(?P<who2>{adj})[- ](?:held|controlled)\s+)?(?:area|zone|territory|part|region|sector|pocket)\b"
            rf"(?:\s+(?:held|controlled)\s+by\s+{the}{qual}(?P<who>{noun}|{adj}))?", re.I), "held|controlled"),
        # "Ukrainian troops regained control of X": the demonym before a role word names the side, not the
        # role ("troops" alone is the state side); "Russian-backed rebels" are the rebels, not Russia
        took_control=Guarded((rf"\b(?P<who>{adj}(?![- ](?:backed|led|allied|aligned))(?=\s+{_ROLE})|{noun})\b[^.;]{{0,60}}?"
                                r"\b(?:had\s+|has\s+|have\s+)?(?:taken|took|seized|gained|regained|claimed|wrested|"
                                rf"retook|restored)\s+(?:full\s+)?control\s+of\s+{_SETTLEMENT_OF}$|"
                                # "the Houthis took X", "rebels, who seized X in August", "militants had taken over X"
                                rf"\b(?P<who3>{noun}|{adj})(?:\s+{_ROLE})?(?:\s*,\s*who)?\s+(?:had\s+|has\s+|have\s+)?"
                                r"(?:still\s+|now\s+)?(?:captured|seized|overran|occupied|recaptured|retook|took(?:\s+over)?|"
                                rf"taken\s+over|controls?|holds?)\s+{_SETTLEMENT_OF}$|"
                                # "rebels said on Friday they had captured X": the side that says it took X
                                rf"\b(?P<who4>{noun}|{adj})(?:\s+{_ROLE})?\s+(?:said|says|claimed|announced|declared)\s+"
                                r"(?:on\s+\w+\s+)?(?:that\s+)?(?:they|it)\s+(?:had\s+|has\s+|have\s+)?(?:now\s+)?(?:captured|"
                                rf"seized|overran|took(?:\s+over)?|taken(?:\s+over)?|controlled|held)\s+{_SETTLEMENT_OF}$", re.I),
                             # the verb before the place, as each branch ends (recaptured, retook: the words inside)
                             r"(?:control\s+of\s+|(?:captured|seized|overran|occupied|took\s+over|taken\s+over|took|taken|"
                             rf"controls?|holds?|held|controlled)\s+){_SETTLEMENT_OF}$"),
        # "Iraqi forces declared the eastern half of the city retaken": the side that declares a place taken holds it
        # (the words after the place say "retaken|liberated", read by _declared_taken)
        declared=Guarded((rf"\b(?P<who>{adj}(?![- ](?:backed|led|allied|aligned))(?=\s+{_ROLE})|{noun})(?:\s+{_ROLE})?\s+"
                           r"(?:had\s+|has\s+|have\s+)?(?:formally\s+|officially\s+)?(?:declared|announced|proclaimed)\s+"
                           rf"(?:that\s+)?{_SETTLEMENT_OF}$", re.I), r"(?:declared|announced|proclaimed)\s+"),
        # "Iraqi troops raised the national flag over public buildings in X": the side that raises its flag holds X
        flag=Guarded((rf"\b(?P<who>{noun}|{adj})(?:\s+{_ROLE})?\s+(?:had\s+|has\s+|have\s+)?(?:raised|hoisted|planted)\s+"
                       r"(?:the|their|its|an?)\s+(?:[\w-]+\s+){0,2}?flags?\s+(?:over|above|on|at|in)\s+(?:the\s+)?"
                       r"(?:(?:[\w-]+\s+){0,3}?(?:buildings?|offices?|headquarters|hall|square|citadel|compound|mosque)"
                       r"\s+(?:in|of|at)\s+(?:the\s+)?)?$", re.I), r"flags?\s"),
        besieged_subject=Guarded((rf"\b(?P<who>{noun}|{adj})\b(?:\s+{_ROLE})?\s+(?:had\s+|has\s+|have\s+)?"
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
                               r"(?:full\s+|complete\s+)?control\b", re.I),
                            r"under\s+(?:its|their)\s+(?:full\s+|complete\s+)?control\b"),
        its_link=Guarded((rf"\b{the}(?P<who>{noun}|{adj})(?:\s+(?:forces|troops|army))?\s+(?:had\s+|has\s+|have\s+)?"
                            r"(?:blockaded|besieged|cut\s+off|cut|severed|closed)\s+(?:its|their)\s+(?:only\s+|sole\s+|"
                            r"main\s+|last\s+)?(?:(?:road|land|supply)\s+)?(?:links?|routes?|roads?|corridor|lifeline)\b",
                            re.I), r"(?:blockaded|besieged|cut\s+off|cut|severed|closed)\s+(?=its\s|their\s)"),
        # "X, the last stronghold of <actor>": the appositive after the place (the other order is ``stronghold``)
        stronghold_after=Guarded((rf"^\s*,\s*(?:the|its|their)\s+(?:last|main|remaining|final|chief)?\s*"
                                  rf"(?:stronghold|bastion)\s+of\s+{the}{qual}(?P<who>{noun}|{adj})", re.I),
                                 "stronghold|bastion"),
        predicate=Guarded((rf"^{APPOSITIVE}\s*,?\s*(?:(?:which|that)\s+)?(?:is|are|was|were|remains?|remained|has been|"
                             rf"have been|had been)\s+(?:now\s+|still\s+|firmly\s+)?(?P<who>{adj})[- ]"
                             r"(?:held|controlled|occupied)\b", re.I), "held|controlled|occupied"),
        own=Guarded((rf"(?P<who>{adj})[- ](?:held|controlled|occupied)\b|besieged\b", re.I),
                    "held|controlled|occupied|besieged"),
        halves=(
            Guarded((rf"\b{the}(?P<who>{noun})\s+(?:holding|controlling|held|controlled|holds|controls)\s+"
                       r"(?:(?:many|most|some|several)\s+neighbou?rhoods\s+in\s+)?the\s+(?P<half>west|east|north|south)\b",
                       re.I), r"(?:holding|controlling|held|controlled|holds|controls)\s+(?:(?:many|most|some|several)\s+"
                              r"neighbou?rhoods\s+in\s+)?the\s+(?:west|east|north|south)\b"),
            Guarded((rf"\b(?P<who>{adj})[- ](?:held|controlled)\s+(?P<half>east|west|north|south)\b", re.I),
                    r"(?:held|controlled)\s+(?:east|west|north|south)\b"),
        ),
    )


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
    if pid is None or is_country(gazetteer, pid):
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


def _slot_words(rules: _Rules, actors: Actors) -> re.Pattern[str] | None:
    """One scan for the words one of which each match of every rule `_slot_claims` runs holds (on folded text;
    `prefilter.Guarded.literals`): a sentence with none of them ("Buses left X for Y") gets no claim from them
    but a described area's own controller, and its places' windows are not searched rule by rule. None when a
    rule has no such words (then every sentence is searched)."""
    return _words_for(rules, kept_subject(actors))


@functools.lru_cache(maxsize=8)
def _words_for(rules: _Rules, kept: Guarded) -> re.Pattern[str] | None:
    # every rule of the set, so that a rule added later is never skipped (the halves and the links between
    # sentences, run on every sentence, aside)
    guarded = [rule for f in fields(rules) if isinstance(rule := getattr(rules, f.name), Guarded)] + [kept]
    plain = [folded(rx) for rx in (rules.cut_off, _UNDER_SIEGE)]
    sets = [g.literals for g in guarded] + [required(rx) if rx is not None else None for rx in plain]
    return None if any(s is None for s in sets) else scanner(tuple(sorted({w for s in sets if s for w in s})))


def _area_claims(text: str, slot: Slot) -> list[tuple]:
    """What `_slot_claims` finds in a sentence without any of its rules' words: a described area's own controller."""
    if slot.kind != "area" or not slot.controller:
        return []
    return [(slot.start, slot.end, pid, slot.controller, text[slot.start:slot.end], None) for pid in slot.ids if pid]


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
        lifted = lifted_sieges(text, sentence, slot, pid, ctx[1])
        if lifted:  # "the siege of X, besieged since 2015, was lifted": over, not besieged
            found = [f for f in found if not (f[2] == pid and f[3] == "besieged")] + lifted
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
    for rx in (rules.prefix, rules.stronghold, rules.post, rules.took_control, rules.flag):
        m = rx.search(before)
        if m is not None and _TOOK.search(m.group(0)) and _MODIFIER.match(text, slot.end):
            continue  # "the army took <place> residents to ...": the place names whom it moved, not what it took
        named = m.group("who") or m.groupdict().get("who3") or m.groupdict().get("who4") if m is not None else None
        if m is not None and (who := actors.canonical(named or "")):
            out.append((base + m.start(), slot.end, pid, who, text[base + m.start():slot.end], None))
    if (m := rules.besieged_before.search(before)) is not None:
        out.append((base + m.start(), slot.end, pid, "besieged", text[base + m.start():slot.end], None))
    if (m := rules.declared.search(before)) is not None and (who := actors.canonical(m.group("who"))) and \
            (t := _TAKEN_AFTER.match(text, slot.end, sentence.end)) is not None:
        out.append((base + m.start(), t.end(), pid, who, text[base + m.start():t.end()], None))
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
    for rx in (rules.under_control, rules.held_by, rules.taken_after, rules.predicate, rules.in_area,
               rules.stronghold_after):
        if (m := rx.match(after)) is not None:
            who = actors.canonical(m.group("who") or m.groupdict().get("who3") or m.groupdict().get("who2"))
            lead = start - 9 if text[max(sentence.start, start - 9):start].lower() == "parts of " else start
            if who:
                out.append((lead, end + m.end(), pid, who, text[lead:end + m.end()], None))
    if (m := rules.kept_under.match(after)) is not None:  # "X, which <actor> kept under blockade"
        out.append((start, end + m.end(), pid, "besieged", text[start:end + m.end()], actors.canonical(m.group("by"))))
    if (m := rules.cut_off.match(after)) is not None:
        out.append((start, end + m.end(), pid, "cut off", text[start:end + m.end()], None))
    if not any(o[3] == "besieged" for o in out) and (m := _UNDER_SIEGE.match(after)) is not None:
        out.append((start, end + m.end(), pid, "besieged", text[start:end + m.end()], None))
    return out


#: after the place a side declared: "(was|had been) (fully) retaken|recaptured|liberated|captured|cleared"
_TAKEN_AFTER = re.compile(r"\s+(?:(?:was|were|is|are|had\s+been|has\s+been|have\s+been)\s+)?(?:fully\s+|completely\s+|"
                          r"now\s+)?(?:retaken|recaptured|liberated|captured|cleared|taken|secured)\b(?!\s+by\b)", re.I)
#: "took X" (or "captured X") bare, and a lower-case word after X that is no preposition, conjunction or time
#: word: X modifies a noun
_TOOK = re.compile(r"\b(?:took|captured|seized|taken)\s+(?!over\b)", re.I)
_MODIFIER = re.compile(r"\s+(?!(?:in|on|at|by|after|before|from|and|or|but|last|this|early|late|during|since|when|as|"
                       r"with|until|within|without|back|two|three|four|weeks?|days?|months?|years?)\b)[a-z]")

#: "X, which has been under siege since March", "X remains besieged": besieged, by whom not said ("... by <actor>"
#: is besieged_after's)
_UNDER_SIEGE = re.compile(r"^(?:\s*,\s*(?:which|that)\s+|\s+)(?:is|are|was|were|remains?|remained|had\s+been|has\s+been|"
                          r"have\s+been)\s+(?:still\s+|now\s+|long\s+)?(?:under\s+siege|besieged|encircled|under\s+blockade)"
                          r"\b(?!\s+by\b)", re.I)


@paused_gc  # many small objects in no cycle: collections would walk the whole heap (gazetteer/nogc.py)
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
    words = _slot_words(rules, actors)
    every = list(article_slots(article, sentences, mentions, actors, gazetteer))
    named = [pid for slots in every for slot in slots for pid in slot.ids if pid]  # the article's places, in order
    for sentence, slots in zip(sentences, every, strict=True):
        surrounded: dict[int, int] = {}
        ruled = words is None or (slots and words.search(fold(sentence.text)) is not None)
        for slot in slots:
            found.extend((*f, sentence) for f in (_slot_claims(text, sentence, slot, (rules, actors), surrounded)
                                                  if ruled else _area_claims(text, slot)))
        found.extend((*f, sentence) for f in _halves(article, sentence, slots, (rules, actors), gazetteer))
        found.extend((*f, sentence) for f in _its_control(text, sentence, slots, (rules, actors)))
        found.extend((*f, sentence) for f in _its_link(text, sentence, previous, (rules, actors), gazetteer))
        previous = (sentence, slots)
        sided = side_order_claims(text, sentence, slots, gazetteer, article_places=named, last=last_order,
                                  is_area=is_area, issuers=issuers)
        found.extend((*f, sentence) for f in sided or order_claims(text, sentence, slots, gazetteer, last_order,
                                                                   issuers=issuers))
    claims: list[ControlClaim] = []
    seen = set()
    days = order_days(article, sentences, found)
    for _start, _end, pid, ctrl, phrase, by, sentence in sorted(found, key=lambda f: (f[0], f[2], f[3])):
        key = (sentence.start, pid, ctrl)
        if key in seen:
            continue
        seen.add(key)
        order = is_order(ctrl)
        claims.append(ControlClaim(id=f"{article.id}#c{len(claims) + 1}", article=article.id, outlet=article.outlet,
                                   start=sentence.start, end=sentence.end, text=sentence.text, place_id=pid,
                                   controller=ctrl, phrase=" ".join(phrase.split()), besieged_by=by,
                                   date=days.get(sentence.start) if order else None,
                                   issued_by=issuers.get((sentence.start, ctrl)) if order else None))
    return claims


__all__ = ["NOT_HELD", "ControlClaim", "control_claims"]
