"""The place slots of a sentence, shared by the movement rules (:mod:`corpus.movements`) and the control
rules (:mod:`corpus.control_text`).

A *slot* is a stretch of the sentence that stands for a place, or for an area no point stands for:

- a **mention** the gazetteer resolved ("Ramussa", "Idlib province");
- a **described area** around a mention, carrying what the words say about control: "rebel-held Idlib
  province", "Russian-occupied areas of Kherson", "the last rebel-held districts of Kabul" -> that place,
  with its controller;
- a **described area without a place**: "government-held territory", "the government-held side of the
  city", "the safe zone" -> no place id; the text is kept so that a route can list it by name;
- a **group**: "two villages", "three islands" followed by (or, within two sentences, restated with) the
  places' names -> one slot with several ids; "those two cities" refers back to the last group;
- a **definite description** of a named feature: "the bridge" after "the Hakari bridge", "the crossing"
  after "the Argeen crossing", "the airfield" after "Wadi Seidna, an airfield near Khartoum" -> the latest
  earlier mention (within ``BACK_WINDOW`` characters) whose name ends in that noun or that an appositive calls
  one, or that the gazetteer files under that noun as its kind ("the crossing" after "Argeen", a crossing).
  Only a place the text or the gazetteer gives that noun is an antecedent, and "the bridge at X" / "the
  bridge over the Y" introduce a new feature, not a reference;
- **"the city"**, "the town", "the east of the city": the settlement the paragraph named as a city or town,
  else the one the article names most (never merely the last city named), and no slot where the city is a
  reference point ("camps north of the city") -- :mod:`corpus.city_refs`;
- **"the capital"**, "the country's capital", "the Sudanese capital": the place the paragraph named as a
  capital, else the capital of the country the words or the article name, from data -- :mod:`corpus.capital_refs`;
- an **area description**: "the enclave", "the territory", "the region" -> the latest earlier mention (within
  ``BACK_WINDOW``) of a place the gazetteer files as a region (for "the enclave" and "the territory", also a
  first-level division): a country is "the country", a town "the city", never "the enclave".

Every rule is English grammar; the actors come from :mod:`corpus.actors`, the places from the gazetteer.
"""
from __future__ import annotations

import functools
import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from evacmap.corpus.actors import Actors
from evacmap.corpus.capital_refs import CAPITAL_REF, Capitals
from evacmap.corpus.city_refs import CITY_REF, city_antecedent, held_city, own_settlement
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.corpus.prefilter import Guarded

AREA_NOUN = (r"(?:territory|territories|areas?|parts?|ground|side|districts?|neighbou?rhoods?|pockets?|enclaves?|"
             r"lines|zones?|regions?|countryside|sectors?|quarters?)")
HELD_WORD = r"(?:held|controlled|occupied|run|dominated)"
NEAR = r"(?:(?:neighbou?ring|nearby|adjacent|surrounding)\s+)?"
UNIT = r"(?:province|city|region|district|state|county|town|oblast|governorate|country)"
NUMBER = r"(?:two|three|four|five|both)"
#: nouns that end the names of features ("Hakari bridge", "Lachin corridor", "the Maamoun district") and that a later
#: "the <noun>" restates
FEATURE_NOUN = (r"(?:bridge|crossing|corridor|airport|airstrip|airfield|air\s+base|base|camp|port|harbou?r|"
                r"checkpoint|dam|highway|motorway|pass|island|stadium|hospital|terminal|square|station|district)")
BACK_WINDOW = 1500
#: nouns a story uses for the same feature ("Wadi Seidna, an airfield ..." -> "the airstrip")
SAME_FEATURE = {"airstrip": frozenset({"airfield"}), "airfield": frozenset({"airstrip"})}
GROUP_NOUN = r"(?:villages|enclaves|towns|cities|islands|districts|camps|settlements|communities|neighbou?rhoods)"


@dataclass(frozen=True)
class Slot:
    start: int  # offsets into the article
    end: int
    ids: tuple[str | None, ...]  # one place id (or None) per place; a group has several
    text: str
    kind: str  # mention | area | group | none
    note: str = ""
    extend_to: int | None = None  # a group named in a later sentence: the leg's text runs to there
    controller: str | None = None  # what the words themselves say about control (an actor id)


class SlotMentions:
    """An article's mentions (resolved or not) and sentences, indexed once so that each sentence or group
    phrase finds its own by bisection: a scan over every mention or sentence per sentence is quadratic on a
    long single-paragraph article (issue 14: a 5 MB paragraph). Pass one to `find_slots` for every sentence
    of an article; a plain sequence is indexed on each call."""

    def __init__(self, mentions: Sequence[Mention], sentences: Sequence[Sentence] = ()) -> None:
        self.source = mentions
        self._order = sorted(range(len(mentions)), key=lambda i: mentions[i].start)
        self._starts = [mentions[i].start for i in self._order]
        self.sentences = sentences
        self._sentence_starts = [s.start for s in sentences]
        self.own: tuple[Mention | None] | None = None  # the article's own settlement, once asked for (city_refs)

    def within(self, lo: int, hi: int) -> list[Mention]:
        """The mentions lying wholly inside [lo, hi], in the order of the sequence given (as a scan would)."""
        i, j = bisect_left(self._starts, lo), bisect_right(self._starts, hi)
        return [m for m in (self.source[k] for k in sorted(self._order[i:j])) if m.end <= hi]

    def sentences_from(self, offset: int, count: int) -> Sequence[Sentence]:
        """The first `count` sentences that start at or after `offset`."""
        i = bisect_left(self._sentence_starts, offset)
        return self.sentences[i:i + count]


def _indexed(mentions: Sequence[Mention] | SlotMentions, sentences: Sequence[Sentence]) -> SlotMentions:
    if isinstance(mentions, SlotMentions):
        return mentions
    return SlotMentions(mentions, sentences)


def area_patterns(actors: Actors) -> tuple[Guarded, Guarded, Guarded]:
    """(described area before a mention, described area with no place, held-place prefix), compiled once per
    lexicon, each behind the word every match of it holds (an area noun, a "held" word)."""
    return _area_patterns(actors.adjective_rx)


@functools.lru_cache(maxsize=8)
def _area_patterns(adjective_rx: str) -> tuple[Guarded, Guarded, Guarded]:
    held = rf"(?P<adj>{adjective_rx})[- ]{HELD_WORD}"
    lead = r"(?:the\s+|an?\s+|another\s+|other\s+)?(?:last\s+|remaining\s+|few\s+)?(?:slivers?\s+of\s+(?:the\s+)?)?"
    direction = r"(?:\s+in\s+the\s+(?:north|south|east|west)(?:ern)?(?:\s+part)?)?"
    # "a rebel-held neighbourhood of west |": a part of the city's side is the city; "a district in southern |" stays
    # a described area with no place (which district of that side the text does not say)
    side = r"(?:(?<=of\s)(?:north|south|east|west)(?:ern)?\s+)?"
    before_mention = (
        rf"{lead}(?:{held}\s+|(?P<adj2>{adjective_rx})\s+){AREA_NOUN}{direction}\s+(?:in|of)\s+(?:the\s+)?"
        rf"{NEAR}(?:{UNIT}\s+of\s+)?{side}$", re.I)
    unplaced = (
        rf"\b{lead}{held}\s+{AREA_NOUN}(?:\s+(?:of|in)\s+the\s+{UNIT})?\b(?!\s+(?:of|in)\b)|\bthe safe zones?\b", re.I)
    prefix = (rf"\b{NEAR}{held}\s+{NEAR}(?:the\s+)?(?:{UNIT}\s+of\s+)?$", re.I)
    # the guards of the two rules anchored before a place are how their matches end ("areas of |", "held |"):
    # a window of text before each place is searched, and its noun or participle alone is in many of them
    return (Guarded(before_mention,
                    rf"{AREA_NOUN}{direction}\s+(?:in|of)\s+(?:the\s+)?{NEAR}(?:{UNIT}\s+of\s+)?{side}$"),
            Guarded(unplaced, rf"[- ]{HELD_WORD}\s+{AREA_NOUN}|safe zone"),  # 'run' alone is in 'running'
            Guarded(prefix, rf"{HELD_WORD}\s+{NEAR}(?:the\s+)?(?:{UNIT}\s+of\s+)?$"))


#: "X and other suburbs", "X, Y and other villages": places named as some of a kind, which "those districts" restates
AND_OTHER = re.compile(rf"\s*,?\s+and\s+(?:several\s+|many\s+|some\s+)?other\s+(?:[\w-]+\s+){{0,2}}?"
                       rf"(?:{GROUP_NOUN}|suburbs|areas|quarters)\b", re.I)


def _and_others(text: str, span: tuple[int, int], inside: list[Mention], out: list[Slot], groups: list[Slot]) -> None:
    """Add to ``out`` and ``groups`` a group for "X (, Y) and other suburbs": the places named before the words,
    one after another with commas, so that "those districts" in a later sentence refers back to them."""
    if "other" not in text[span[0]:span[1]]:
        return
    named = [mm for mm in inside if mm.place_id]
    for k, mention in enumerate(named):
        m = AND_OTHER.match(text, mention.end, span[1])
        if m is None or _overlaps(out, mention.start, m.end()):
            continue
        first = k
        while first and re.fullmatch(r"\s*,\s*", text[named[first - 1].end:named[first].start]):
            first -= 1
        start = named[first].start
        slot = Slot(start, m.end(), tuple(str(x.place_id) for x in named[first:k + 1]), text[start:m.end()], "group")
        groups.append(slot)
        out.append(slot)


def _overlaps(out: list[Slot], s: int, e: int) -> bool:
    return any(s < o.end and o.start < e for o in out)


_LOCATOR_OF = re.compile(r"\s+(?:port\s+)?(?:city|town|port|village|island|resort|harbou?r|enclave|capital)\s+of\s+"
                         r"(?:the\s+)?", re.I)


def find_slots(article: Article, sentence: Sentence, mentions: Sequence[Mention] | SlotMentions, actors: Actors, *,
               groups: list[Slot], sentences: Sequence[Sentence], kind_of: KindOf | None = None,
               capitals: Capitals | None = None) -> list[Slot]:
    """The slots of one sentence in text order. ``groups`` collects the groups seen so far in the article
    (for "those two cities"). Give ``mentions`` as a SlotMentions of the article (built once with its
    sentences) when calling for every sentence: linear in the article instead of quadratic. ``kind_of``
    (a place id -> the gazetteer's kind) lets "the enclave" refer back to a region; without it, it does not;
    ``capitals`` (the article's, from the gazetteer) lets "the capital" be one (corpus/capital_refs.py)."""
    text = article.text
    lo, hi = sentence.start, sentence.end
    before_mention, unplaced, prefix = area_patterns(actors)
    mentions = _indexed(mentions, sentences)
    inside = mentions.within(lo, hi)
    out: list[Slot] = []
    for m in GROUP.finditer(text, lo, hi):
        named, until = _group_names(article, m, sentence, mentions, sentences)
        if named:
            slot = Slot(m.start(), m.end(), named, text[m.start():m.end()], "group", extend_to=until)
            groups.append(slot)
            out.append(slot)
        elif groups:
            out.append(Slot(m.start(), m.end(), groups[-1].ids, text[m.start():m.end()], "group",
                            "refers back to " + groups[-1].text))
    _and_others(text, (lo, hi), inside, out, groups)
    for m in GROUP_BACK.finditer(text, lo, hi):
        if groups and not _overlaps(out, m.start(), m.end()):
            out.append(Slot(m.start(), m.end(), groups[-1].ids, text[m.start():m.end()], "group",
                            "refers back to " + groups[-1].text))
    for k, mention in enumerate(inside):
        if _overlaps(out, mention.start, mention.end) or (
                k + 1 < len(inside) and _LOCATOR_OF.fullmatch(text, mention.end, inside[k + 1].start)):
            continue  # "the Red Sea city of Hodeidah": the sea locates the city, and the city is the slot
        window = text[max(lo, mention.start - 120):mention.start]
        base = max(lo, mention.start - 120)
        area = before_mention.search(window) or prefix.search(window)
        if area is not None and mention.place_id:
            adj = area.group("adj") or (area.groupdict().get("adj2"))
            s = base + area.start()
            if not _overlaps(out, s, mention.end):
                out.append(Slot(s, mention.end, (mention.place_id,), text[s:mention.end], "area",
                                controller=actors.canonical(adj)))
                continue
        out.append(Slot(mention.start, mention.end, (mention.place_id,), mention.surface, "mention"))
    _references(text, (lo, hi), out, mentions, kind_of)
    _capitals(text, (lo, hi), out, mentions, capitals)
    if kind_of is not None and ("held" in text[lo:hi] or "controlled" in text[lo:hi] or "occupied" in text[lo:hi]):
        for m in held_city(actors.adjective_rx).finditer(text, lo, hi):
            earlier = None if _overlaps(out, m.start(), m.end()) else _city(mentions, m, kind_of=kind_of)
            if earlier is not None:
                out.append(Slot(m.start(), m.end(), (earlier.place_id,), text[m.start():m.end()], "area",
                                "refers back to " + earlier.surface, controller=actors.canonical(m.group("adj"))))
    for m in unplaced.finditer(text, lo, hi):
        if not _overlaps(out, m.start(), m.end()):
            adj = m.groupdict().get("adj")
            where = m.group(0)
            out.append(Slot(m.start(), m.end(), (None,), where, "area",
                            f"'{' '.join(where.split())}': the text does not say where",
                            controller=actors.canonical(adj)))
    return sorted(out, key=lambda s: s.start)


def _references(text: str, span: tuple[int, int], out: list[Slot], mentions: SlotMentions,
                kind_of: KindOf | None) -> None:
    """Add to ``out`` the definite descriptions of the span that restate an earlier place ("the bridge",
    "the enclave"), where no slot is already."""
    rules = [(_BACKREF_NOUN, functools.partial(_antecedent, kind_of=kind_of))]
    if kind_of is not None:
        rules.append((_AREA_REF_NOUN, functools.partial(_area_antecedent, kind_of=kind_of)))
        rules.append((_CITY_REF, functools.partial(_city, kind_of=kind_of)))
    for rx, antecedent in rules:
        for m in rx.finditer(text, *span):
            earlier = None if _overlaps(out, m.start(), m.end()) else antecedent(mentions, m)
            if earlier is not None:
                out.append(Slot(m.start(), m.end(), (earlier.place_id,), text[m.start():m.end()], "mention",
                                "refers back to " + earlier.surface))


def _capitals(text: str, span: tuple[int, int], out: list[Slot], mentions: SlotMentions,
              capitals: Capitals | None) -> None:
    """Add to ``out`` the span's "the capital" descriptions that mean a capital (corpus/capital_refs.py)."""
    if capitals is None or "capital" not in text[span[0]:span[1]]:
        return
    for m in _CAPITAL_REF.finditer(text, *span):
        if _overlaps(out, m.start(), m.end()):
            continue
        before = [e for e in mentions.within(max(0, m.start() - BACK_WINDOW), m.start()) if e.place_id]
        found = capitals.antecedent(m, before)
        if found is not None:
            out.append(Slot(m.start(), m.end(), (found[0],), text[m.start():m.end()], "mention", found[1]))


_LAST: list[tuple] = []  # [(text, (sentences, mentions), actors, slots)] of the last article asked for


def article_slots(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention],
                  actors: Actors, gazetteer=None) -> list[list[Slot]]:
    """The slots of every sentence of an article, in order (groups carried from sentence to sentence). The
    movement and the control rules both ask for the same article in turn: the last answer is kept and given
    again when the text, actors, gazetteer, sentences and mentions are the same."""
    key = (tuple(sentences), tuple(mentions), id(gazetteer))
    last = _LAST[0] if _LAST else None  # replaced whole, never emptied: safe when threads share the module
    if last is not None and last[0] is article.text and last[2] is actors and last[1] == key:
        return [list(slots) for slots in last[3]]
    groups: list[Slot] = []
    index = SlotMentions(mentions, sentences)  # once per article: linear, not quadratic (issue 14)
    kind_of = _kinds(gazetteer) if gazetteer is not None else None
    capitals = Capitals(article.text, mentions, gazetteer) if gazetteer is not None else None
    found = [find_slots(article, s, index, actors, groups=groups, sentences=sentences, kind_of=kind_of,
                        capitals=capitals) for s in sentences]
    _LAST[:] = [(article.text, key, actors, tuple(tuple(slots) for slots in found))]
    return found


# ------------------------------------------------------------------------------------ definite descriptions

#: "the bridge", "the border crossing" -- not "the bridge at Kornidzor" / "the bridge over the Aras" (a new one)
BACKREF = re.compile(rf"\bthe\s+(?:border\s+)?(?P<head>{FEATURE_NOUN})\b"
                     r"(?!\s+(?:of|at|in|on|over|across|near|to|from|between|into|outside)\b)(?!\s+(?-i:[A-Z]))", re.I)


def _antecedent(mentions: SlotMentions, m: re.Match, *, kind_of: KindOf | None = None) -> Mention | None:
    """The latest resolved mention before ``m`` (within BACK_WINDOW) whose name ends in ``m``'s noun, that an
    appositive calls one, or that the gazetteer files as one (a place of kind "crossing" for "the crossing")."""
    head = " ".join(m.group("head").lower().split())
    heads = SAME_FEATURE.get(head, frozenset()) | {head}
    text = m.string
    for earlier in reversed(mentions.within(max(0, m.start() - BACK_WINDOW), m.start())):
        if not earlier.place_id:
            continue
        if any(" ".join(earlier.surface.lower().split()).endswith(" " + h) for h in heads):
            return earlier
        said = _APPOSITIVE.match(text, earlier.end, min(m.start(), earlier.end + 60))
        if said is not None and " ".join(said.group("noun").lower().split()) in heads:
            return earlier
        if kind_of is not None and kind_of(earlier.place_id) in heads:
            return earlier
    return None


KindOf = Callable[[str], "str | None"]


def _city(mentions: SlotMentions, m: re.Match, *, kind_of: KindOf) -> Mention | None:
    """"the city", "the east of the city": the settlement the article is about (corpus/city_refs.py)."""
    if mentions.own is None:
        mentions.own = (own_settlement(m.string, mentions.source, kind_of),)
    # the paragraph's own naming is looked for within BACK_WINDOW: linear on a long single-paragraph article
    before = [e for e in mentions.within(max(0, m.start() - BACK_WINDOW), m.start()) if e.place_id]
    return city_antecedent(m.string, m, before, mentions.own[0])
#: "the enclave", "the breakaway territory": an area the story named before (not "the region of X", not
#: "the region's <Name>", which introduce or qualify another place)
AREA_REF = re.compile(r"\bthe\s+(?:breakaway\s+|separatist\s+|besieged\s+)?(?P<head>enclave|territory|region)\b"
                      r"(?!\s+(?:of|around|near|between|beyond)\b)(?!\s+(?-i:[A-Z]))", re.I)
#: the gazetteer kinds each area description may stand for: "the region" only for a place filed as a region
#: (a province is "the province"); an enclave or a territory may also be a first-level division ("the Gaza Strip")
AREA_KINDS = {"region": frozenset({"region"}), "enclave": frozenset({"region", "governorate"}),
              "territory": frozenset({"region", "governorate"})}


def _kinds(gazetteer) -> KindOf:
    def kind_of(pid: str) -> str | None:
        place = gazetteer.get(pid)
        return place.kind if place is not None else None
    return kind_of


def _area_antecedent(mentions: SlotMentions, m: re.Match, *, kind_of: KindOf) -> Mention | None:
    """The latest resolved mention before ``m`` (within BACK_WINDOW) of a place of a kind ``m``'s noun names."""
    kinds = AREA_KINDS[m.group("head").lower()]
    for earlier in reversed(mentions.within(max(0, m.start() - BACK_WINDOW), m.start())):
        if earlier.place_id and kind_of(earlier.place_id) in kinds:
            return earlier
    return None


#: "Wadi Seidna, an airfield about 40 km from ...": the noun the text itself gives a named place
_APPOSITIVE = re.compile(rf",\s+(?:a|an|the)\s+(?:[\w'’-]+\s+){{0,2}}?(?P<noun>{FEATURE_NOUN})\b", re.I)


# ------------------------------------------------------------------------------------------------ groups

#: "two Shi'ite villages", "three islands", "both towns": a group of places named nearby
GROUP = re.compile(rf"\b(?:the\s+|those\s+|these\s+)?{NUMBER}\s+(?:[\w'’-]+\s+){{0,2}}?{GROUP_NOUN}\b", re.I)
GROUP_BACK = re.compile(rf"\b(?:those|these|the)\s+(?:{NUMBER}\s+)?{GROUP_NOUN}\b", re.I)
_RESTATED = re.compile(rf"\b(?:the|those|these)\s+{NUMBER}\s+(?:\w+\s+)?{GROUP_NOUN}\b", re.I)


def _group_names(article: Article, m: re.Match, sentence: Sentence, mentions: SlotMentions,
                 sentences: Sequence[Sentence]) -> tuple[tuple[str, ...], int | None]:
    """The places a "two villages" phrase stands for: ", X and Y" right after it, or "The two villages, X and
    Y" in one of the next two sentences."""
    text = article.text
    named = _names_after(text, m.end(), min(sentence.end, m.end() + 80), mentions)
    if named:
        return named, None
    following = mentions.sentences_from(sentence.end, 2)
    for s in following:
        for g in _RESTATED.finditer(text, s.start, s.end):
            named = _names_after(text, g.end(), min(s.end, g.end() + 80), mentions)
            if named:
                return named, s.end
    return (), None


def _names_after(text: str, start: int, stop: int, mentions: SlotMentions) -> tuple[str, ...]:
    """"X and Y" or "X, Y and Z" right after a group phrase (a comma or colon before)."""
    inside = [mm for mm in mentions.within(start, stop) if mm.place_id]
    if len(inside) < 2 or not re.fullmatch(r"\s*[,:]?\s*(?:the\s+)?", text[start:inside[0].start]):
        return ()
    names = [inside[0]]
    for a, b in itertools.pairwise(inside):
        gap = text[a.end:b.start]
        if re.fullmatch(r"\s*,?\s*and\s+(?:the\s+)?", gap):
            names.append(b)
            return tuple(str(n.place_id) for n in names)
        if not re.fullmatch(r"\s*,\s*(?:the\s+)?", gap):
            return ()
        names.append(b)
    return ()


def group_ids(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention]) -> dict[int, tuple]:
    """Start offset of every group phrase -> the place ids it stands for."""
    out = {}
    index = SlotMentions(mentions, sentences)
    for s in sentences:
        for m in GROUP.finditer(article.text, s.start, s.end):
            named, _until = _group_names(article, m, s, index, sentences)
            if named:
                out[m.start()] = named
    return out


__all__ = ["BACKREF", "GROUP", "GROUP_BACK", "Slot", "SlotMentions", "area_patterns", "article_slots", "find_slots",
           "group_ids"]


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
GROUP, GROUP_BACK = fast(GROUP), fast(GROUP_BACK)
# Their case-sensitive look-ahead keeps these two off folded text: a search for their nouns goes first, so a
# sentence naming no feature or area noun is not searched with IGNORECASE at every position.
_BACKREF_NOUN = Guarded(BACKREF, rf"\b{FEATURE_NOUN}\b")
_AREA_REF_NOUN = Guarded(AREA_REF, r"\b(?:enclave|territory|region)\b")
_CITY_REF = Guarded(CITY_REF, r"\b(?:city|town)\b")
_CAPITAL_REF = Guarded(CAPITAL_REF, r"\bcapital\b")
