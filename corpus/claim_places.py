"""The places a claim is about, as opposed to the places its sentence merely names.

A sentence names places in many roles; only some are where the counted thing happened. A place is left
out of a claim when it is (general rules of news English, in this order):

- the dateline ("BEIRUT —" opening a paragraph): where the reporter filed from;
- a source or a party: "according to Russia", "brokered by Russia and Turkey", "a deal between X and Y"
  (but "round trips between X and Y" are places),
  "backed by X", a state acting as subject ("Iran ... pushed for", "Turkey said", "India, which says"),
  "X's foreign ministry", "X's land ports authority", "X's offensive";
- a seat: where a speaker spoke or sits ("told reporters in Geneva", "speaking ... in Geneva", "tracks the
  conflict from Britain", "X-based", "based in X");
- a nationality: "16,000 U.S. citizens", "citizens of 36 countries in Europe, Africa and Asia";
- a locator of another place: "Sudan's embattled capital" (the place meant is the capital);
- a time zone: "9 p.m. UK time";
- the label of another feature: "the Lachin corridor", "the Hakari bridge" (the name resolved to the town;
  the claim is about the corridor or bridge);
- a waypoint: "a drive from X through Y and Z", "along the road through Y" (the route passes there; the count
  is not about it; "came through the X crossing" is no waypoint);
- a container of the place just named: "Al-Azraq air base in Jordan";
- a reference point that locates the place just named: "Anzac, south of Fort McMurray", "Wadi Seidna, an
  airfield about 40 kilometres from Khartoum" (the claim is about Anzac, not the town it is measured from);
- one member of a whole: "in industry camps, including at Fort McKay" (the count is the whole's, not the
  member's);
- a party handing over: "take over running the airfield from Germany";
- a title: "U.S. Secretary of State", "envoy for Syria", "coordinator for Ukraine", "ambassador to X";
- an analogy: "another Srebrenica", "a second X", "like X", "reminiscent of X";
- inside a relative clause describing someone (", which backs the government,"; ", who fled from X,");
- a modifier of a vehicle or group noun ("the X buses", "a X government helicopter") when the clause names another
  place: the buses come from there, the claim is about where they go;
- in a concessive clause ("while the world's attention has been focused on X, ...") when the main clause
  names a place of its own.

A list keeps the role of its first member ("through Ed Damer, Atbara and Suakin" are all waypoints).
A claim that names no place inherits one only by a stated rule, and such places are flagged `place_inferred`:
the anaphora rule ("in those two cities", "there", "the town" refer back to the previous sentence of the same
paragraph); definite descriptions (corpus/referents.py: "the airport", "the island's residents"; and
corpus/claim_areas.py: "from the region", "statewide"); a count that is part or another figure of the count
just made (claims._alternative, claim_links.part_of_previous: "Of them, ...", "put the figure at"); a departure
at its sentence's one leg origin (corpus/claim_legs.py). Within one clause, a part that leans on the count
before it ("1,000 more", "8,000 of them") is at that count's places, stated, not inferred (corpus/leaning.py).
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Sequence

from evacmap.corpus.dates import DATELINE as _DATELINE
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Mention
from evacmap.corpus.prefilter import Guarded
from evacmap.gazetteer.model import ADMIN_KINDS

__all__ = ["ANAPHORA", "MentionIndex", "article_dateline", "claim_mentions", "claim_places", "dateline_end"]

ANAPHORA = re.compile(r"\b(?:(?:those|these|both|the)\s+(?:two\s+|three\s+|four\s+)?(?:cities|towns|villages|"
                      r"enclaves|districts|neighbou?rhoods|camps|areas|islands|settlements)|"
                      r"(?:to|from|in|into|out of|inside)\s+there|(?:move|go|going|went|headed|taken|sent|"
                      r"arrive|arrived|stay|stayed|remain|remained|live|lived)\s+there)\b", re.I)

_PARTY_BEFORE = Guarded(re.compile(r"(?:\baccording to|\b(?:brokered|mediated|backed|supported|sponsored|negotiated|"
                           r"organi[sz]ed|funded|hosted|run|led|helped|announced|reported|claimed|hired|chartered|"
                           r"condemned|accused|urged|criticised|criticized)\s+by|"
                           r"\b(?:take|takes|took|taken|taking)\s+over\b[^,;.]{0,40}?\bfrom|"
                           r"\b(?:deal|agreement|accord|talks|negotiations|truce|ceasefire|cease-fire|fighting|war|"
                           r"clashes|conflict|dispute|relations|tensions|mediation|summit|meeting)\s+"
                           r"(?:[\w'’-]+\s+){0,2}?between|\bwith the help of|"
                           r"\bon behalf of|\bat the request of)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}$", re.I),
                        r"(?:to|by|from|between|of)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}$")  # how each cue ends
_PARTY_LIST = re.compile(r"^(?:\s*(?:,\s*(?:which|who)\b[^,]*,)?\s*(?:,|and|or)\s+(?:the\s+)?)$", re.I)
_AGENT_AFTER = re.compile(r"^(?:,\s*which\s+(?:says|said|claims|claimed|reports|reported|estimates|estimated)\b|"
                          r"['’]s\s+(?:[\w-]+\s+){0,4}(?:ministry|ministries|authority|agency|administration|presidency|"
                          r"press service|command|offensive|operation|assault|attack|invasion|blockade|"
                          r"government|army|military|forces|embassy|"
                          r"president|prime minister|foreign minister|defen[cs]e minister|officials?|"
                          r"spokes(?:man|woman|person)|state media|state television|state tv|news agency|"
                          r"leader|regime|authorities|troops|air force|navy|coast guard|foreign office)\b|"
                          r"(?:\s+and\s+(?:the\s+)?[\w'’ ]{1,30}?)?\s+(?:has\s+|have\s+|had\s+)?(?:pushed|"
                          r"backs|backed|brokered|said|says|warned|demanded|called|insisted|accused|supports|"
                          r"supported|announced|sent|deployed|agreed|urged|denied|confirmed|claimed|"
                          r"reported|vowed|threatened|proposed|offered|helped|mediated|hired|chartered|scheduled|"
                          r"stepped up|scaled back)\b)", re.I)
_SEAT_BEFORE = Guarded(re.compile(r"(?:\b(?:told|telling|speaking to|speaking|spoke|said|says|briefed|briefing|"
                          r"addressing|news conference|press conference|statement|interview|"
                          r"tracks?|tracking|monitors?|monitoring|based|headquartered)\b"
                          r"(?:(?!\b(?:fled|evacuat\w*|left|arriv\w*|moved|taken|flown|bused|brought|crossed|"
                          r"reached|returned|headed|trapped|killed|stuck|remain\w*|liv\w+|people|civilians)\b)"
                          r"[^,;.\d]){0,30}?\b(?:in|from|at)\s+(?:the\s+)?|"
                          r"\bfrom\s+(?:his|her|their|its)\s+(?:office|base|home|headquarters)\s+in\s+)$", re.I),
                       r"(?:in|from|at)\s+(?:the\s+)?$")  # how both branches end
_SEAT_AFTER = re.compile(r"^(?:-based|\s+based)\b", re.I)
# A state named as the nationality of its forces or officials, or as the one leading an operation: "U.S. military
# flights out of Juba", "the U.S. force in Niamey", "U.S. bases in Italy", "the France-led airlift" (the claim is about
# where they fly from and to, not the state they belong to; "flights to the U.S." keeps its preposition).
_ACTOR_AFTER = re.compile(r"^(?:-(?:led|backed|run|brokered|sponsored|organi[sz]ed)\b|['’]s\s+(?:own\s+)?"
                          r"(?:airlift|evacuation mission|mission|flights|planes|aircraft)\b|"
                          r"\s+(?:military|armed forces|forces?|troops|soldiers|marines|army|navy|air force|warplanes|"
                          r"officials|diplomats|administration|authorities|bases?|installations)\b)", re.I)
# A state as the subject of a transitive verb of moving people out of another place: "Japan had
# evacuated 320 people from Bamako" (it does the moving; the place the people left is the one named after).
# Not a first-level division or county ("Odisha evacuated 12 lakh people to safer places"): it moves its own
# people inside it, and the claim is about it (told apart by the gazetteer's kind, where the caller gives it).
_MOVER_AFTER = re.compile(r"^\s+(?:has\s+|have\s+|had\s+)?(?:now\s+|so far\s+|also\s+|already\s+)?"
                          r"(?:evacuated|airlifted|flown|flew|rescued|repatriated|brought|moved|pulled|taken|took)\b"
                          r"[^.;]{0,60}?\b(?:from|out of|to|into)\s", re.I)
# A state whose clause counts its own people is the one acting for them: "Britain expects about 5,000 of its
# nationals to leave Lebanon", "Australia expects to have moved up to 6,000 of its citizens out" (the place the
# people are in is the one named after).
_OWN_PEOPLE_AFTER = re.compile(r"^\s+(?:[\w'’-]+\s+){1,7}?(?:[\d,.]+\s+(?:\w+\s+)?of\s+)?its\s+(?:own\s+)?"
                               r"(?:citizens|nationals|people|passport[- ]holders|expatriates)\b", re.I)
# A nationality, not a place: "16,000 U.S. citizens", "British nationals", "citizens of 36 countries in Europe";
# a locator of another place: "Sudan's embattled capital", "Jordan's border" (the place meant is that one).
_NATIONALITY_AFTER = re.compile(r"^(?:['’]s)?\s+(?:citizens|nationals|passport[- ]holders|expatriates|"
                                r"residents abroad|diaspora)\b", re.I)
_NATIONALITY_BEFORE = Guarded(re.compile(r"\b(?:citizens|nationals|natives|passport[- ]holders|nationalities)\s+"
                                         r"(?:of|from)\s+(?:[\w'’-]+\s+){0,4}?(?:in\s+)?(?:the\s+)?$", re.I),
                              "citizens|nationals|natives|passport|nationalities")
_LOCATOR_AFTER = re.compile(r"^['’]s\s+(?:[\w-]+\s+)?(?:capital|largest city|second city|main port|"
                            r"border|borders|north|south|east|west|coast)\b", re.I)
# Another feature the name only labels: "the Lachin corridor", "the Hakari bridge" (the mention resolved to
# the town, which the claim is not about; an airport or air base named after a town lies by it and stays).
_FEATURE_AFTER = re.compile(r"^\s+(?:corridor|road|highway|motorway|bridge|river|border crossing|checkpoint|"
                            r"causeway|pass|dam)\b", re.I)
# A time zone: "9 p.m. UK time", "Moscow time".
_ZONE_AFTER = re.compile(r"^\s+time\b", re.I)
# The ways a route passes, not where its count is: "after a 15-hour drive ... through Ed Damer and Atbara".
_WAYPOINT_BEFORE = Guarded(re.compile(r"(?:\bfrom\b[^,;.]{0,60}|\b(?:road|route|highway|corridor|drive|journey|trip|"
                                      r"way)\s+)(?:through|via|by way of)\s+(?:the\s+)?$", re.I),
                           r"(?:through|via|by way of)\s+(?:the\s+)?$")
# A list goes on in the role of its first member: "in Europe, Africa, the Americas and Asia".
_LIST_JOIN = re.compile(r"^(?:\s*,\s*(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)*"
                        r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:the\s+)?$")
# "Al-Azraq air base in Jordan": a place that only locates the one before it adds nothing the claim is about.
_CONTAINER_JOIN = re.compile(r"^(?:\s+(?:air base|airbase|base|airport|airfield|port|camp|crossing|bridge|"
                             r"hospital|city|town|village|province|district|county|region|state))?\s*,?\s+in\s+(?:the\s+)?"
                             r"(?:(?:north|south)(?:-?(?:east|west))?(?:ern)?\s+|(?:east|west)(?:ern)?\s+)?$")
# "Anzac, south of Fort McMurray", "Wadi Seidna, an airfield about 40 kilometres from Khartoum": the second
# place only locates the first.
_REFERENCE_JOIN = re.compile(r"^\s*,\s*(?:(?:an?|the)\s+[\w-]+(?:\s+[\w-]+)?\s+)?(?:(?:about|some|roughly|around|"
                             r"nearly|just)\s+)?(?:[\d,.]+\s*-?\s*(?:km|kilometres|kilometers|miles|mi)\s+)?"
                             r"(?:(?:(?:north|south)(?:-?(?:east|west))?|east|west)(?:ern)?\s+of|from|outside)\s+"
                             r"(?:the\s+)?$", re.I)
# "including at Fort McKay", "such as Anzac": one member of the whole the count is about.
_MEMBER_BEFORE = re.compile(r"\b(?:including|such as)\s+(?:at\s+|in\s+|on\s+)?(?:the\s+)?$", re.I)
_TITLE_AFTER = re.compile(r"^(?:['’]s)?\s+(?:(?:foreign|defen[cs]e|interior|health|deputy|prime|vice|acting|"
                          r"former|chief|senior|"
                          # "European Union foreign policy official": other lowercase words of the title, not
                          # the words of a clause ("Khartoum, where officials said")
                          r"(?!(?:where|when|which|who|whose|said|says|told|or|but|the|an?|to|in|on|at|of|for|"
                          r"that|as|after|before|while|with|by|from|is|was|were|are|has|had|have)\b)(?-i:[a-z])[\w-]*)"
                          r"\s+){0,3}(?:secretary|president|minister|envoy|ambassador|"
                          r"officials?|spokes(?:man|woman|person)|diplomats?|embassy|consul|chancellor|"
                          r"premier|lawmakers?|senators?|congressman|general|commander|representative|"
                          r"delegation|negotiators?|adviser|advisor|mission|coordinator)\b", re.I)
_TITLE_WORDS = (r"envoy|adviser|advisor|coordinator|ambassador|representative|minister|secretary|commissioner|"
                r"director|head|chief|chargé|consul|delegate|correspondent|editor|analyst|expert|specialist|officer|official|"
                r"office|desk|spokes(?:man|woman|person)|president")
# "envoy for Syria", "a press officer for IOM in Iraq", "the top U.N. humanitarian official in Iraq": a title's place
_TITLE_BEFORE = Guarded(re.compile(rf"\b(?:{_TITLE_WORDS})(?:\s+\w+)?(?:\s+(?:for|of|with)\s+(?:the\s+)?"
                                   r"(?-i:[A-Z])[\w.'’-]*)?\s+(?:for|to|of|in|on)\s+(?:the\s+)?$", re.I),
                        _TITLE_WORDS.replace("chargé", "charg"))  # ASCII, so the guard is searched on folded text
_ANALOGY_WORDS = (r"another|a second|a new|a repeat of|like|as in|reminiscent of|echoes of|compared (?:with|to)|"
                  r"the next|similar to")
_ANALOGY_BEFORE = Guarded(re.compile(rf"\b(?:{_ANALOGY_WORDS})\s+(?:the\s+)?$", re.I), _ANALOGY_WORDS)
_MODIFIER_AFTER = re.compile(r"^\s+(?:(?:government|provincial|state|federal|military|army|navy|police)\s+)?"
                             r"(?:buses|bus|convoys?|evacuees|ambulances|vehicles|trucks|flights?|helicopters?|"
                             r"planes?|boats?|ships?|fighters|rebels|militias?|groups?)\b", re.I)
_CONCESSIVE = re.compile(r"^\W*(?:but\s+|and\s+)?(?:while|although|though|whereas|even as)\b[^,;]*[,;]",
                         re.I)
_RELATIVE = re.compile(r",\s*(?:which|who|whose)\b[^,;]*(?:[,;]|$)", re.I)


def article_dateline(text: str) -> tuple[int, int] | None:
    """Where the article's dateline stands ("MERSIN, Turkey -" opening one of its first paragraphs, after a
    headline or a byline), as (start, end) offsets, or None."""
    start = 0
    for _ in range(4):
        end = dateline_end(text, start)
        if end > start:
            return start, end
        start = text.find("\n", start) + 1
        if start <= 0:
            return None
    return None


def dateline_end(text: str, paragraph_start: int) -> int:
    """Where a paragraph's dateline ("BEIRUT —", "KHARTOUM, Sudan (Reuters) -") ends, or its start."""
    m = _DATELINE.match(text, paragraph_start)
    return m.end() if m and m.start() == paragraph_start else paragraph_start


def _party(text: str, before: str, after: str, domestic: bool = False) -> bool:
    if _PARTY_BEFORE.search(before) or (_PARTY_LIST.match(_between_party(before)) and
                                        _PARTY_BEFORE.search(_before_party(before))):
        return True
    agent = _AGENT_AFTER.match(after) or _ACTOR_AFTER.match(after) \
        or (_MOVER_AFTER.match(after) and not domestic) or _OWN_PEOPLE_AFTER.match(after)
    return bool(agent) and not re.search(
        r"\b(?:in|to|from|into|of|at|near|around|across|inside|toward|towards|for)\s+(?:the\s+)?$", before, re.I)


def _in_relative(text: str, start: int, end: int) -> bool:
    return any(m.start() < start and end <= m.end() and re.search(r"\b[A-Z][\w'’.-]*\s*$", text[:m.start()])
               for m in _RELATIVE.finditer(text))


def _own_relative(text: str, numbers: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """The relative clause describing someone that holds every number of the clause ("Storm Daniel, which killed
    15 people in Greece last week, reached ..."): the count is that clause's, and so are its places."""
    return next(((m.start(), m.end()) for m in _RELATIVE.finditer(text) if numbers
                 and all(m.start() < s and e <= m.end() for s, e in numbers)
                 and re.search(r"\b[A-Z][\w'’.-]*\s*$", text[:m.start()])), None)


def _excluded(text: str, start: int, end: int, others: bool, domestic: bool = False, *, own: bool = False) -> str | None:
    """Why the mention at [start, end) of the clause `text` is not a place the claim is about, or None (the
    first rule that holds, in the order of the module's list); `own`: the mention is in the numbers' own
    relative clause (_own_relative)."""
    before, after = text[:start], text[end:]
    rules = (
        ("party", lambda: _party(text, before, after, domestic)),
        ("seat", lambda: bool(_SEAT_BEFORE.search(before) or _SEAT_AFTER.match(after))),
        ("nationality", lambda: bool(_NATIONALITY_AFTER.match(after) or _NATIONALITY_BEFORE.search(before))),
        ("locator", lambda: bool(_LOCATOR_AFTER.match(after))),
        ("time zone", lambda: bool(_ZONE_AFTER.match(after))),
        ("feature", lambda: bool(_FEATURE_AFTER.match(after))),
        ("waypoint", lambda: bool(_WAYPOINT_BEFORE.search(before))),
        ("title", lambda: bool(_TITLE_AFTER.match(after) or _TITLE_BEFORE.search(before))),
        ("analogy", lambda: bool(_ANALOGY_BEFORE.search(before))),
        ("member", lambda: bool(_MEMBER_BEFORE.search(before))),
        ("relative clause", lambda: not own and _in_relative(text, start, end)),
        ("modifier", lambda: others and bool(_MODIFIER_AFTER.match(after))),
    )
    return next((why for why, holds in rules if holds()), None)


# The joint before the next member of a list of parties ("Russia, which ..., and Turkey"): ends in ", ", "and ".
_PARTY_JOINT = Guarded(re.compile(r"(\s*(?:,\s*(?:which|who)\b[^,]*,)?\s*(?:,|and|or)\s+(?:the\s+)?)$", re.I),
                       r"(?:,|and|or)\s+(?:the\s+)?$")


def _between_party(before: str) -> str:
    """The words since the last party-like name (for "between Russia, which ..., and Turkey")."""
    m = _PARTY_JOINT.search(before)
    return m.group(1) if m else "x"


def _before_party(before: str) -> str:
    m = _PARTY_JOINT.search(before)
    head = before[:m.start()] if m else before
    return re.sub(r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*$", "", head)


class MentionIndex:
    """An article's place mentions sorted once by offset, so that each clause finds its own by bisection:
    a scan over every mention per clause is quadratic on a long single-paragraph article (issue 14)."""

    def __init__(self, mentions: Sequence[Mention]) -> None:
        self.mentions = sorted((m for m in mentions if m.place_id), key=lambda m: (m.start, m.end))
        self.starts = [m.start for m in self.mentions]

    def within(self, start: int, end: int) -> list[Mention]:
        """The mentions lying wholly inside [start, end), in text order."""
        i = bisect_left(self.starts, start)
        j = bisect_left(self.starts, end, lo=i)
        return [m for m in self.mentions[i:j] if m.end <= end]


def claim_places(text: str, offset: int, mentions: Sequence[Mention] | MentionIndex,
                 skip_before: int = -1) -> tuple[str, ...]:
    """Place ids of the mentions inside `text` (a clause starting at article offset `offset`) that the claim
    is about, in text order. Mentions ending at or before `skip_before` (a dateline) are left out. Pass a
    MentionIndex when calling once per clause of a long article."""
    return tuple(dict.fromkeys(m.place_id for m in claim_mentions(text, offset, mentions, skip_before)
                               if m.place_id))


def claim_mentions(text: str, offset: int, mentions: Sequence[Mention] | MentionIndex,
                   skip_before: int = -1, kind_of: Callable[[str], str | None] | None = None,
                   *, numbers: Sequence[tuple[int, int]] = ()) -> list[Mention]:
    """The mentions behind `claim_places`, with their offsets (to give each number of a clause its own).
    `kind_of` (a place id -> the gazetteer's kind) tells a state or county that evacuates ("Odisha evacuated
    12 lakh people to safer places": its own people, inside it) from a country that moves people out of
    another place ("Japan evacuated 320 people from Bamako")."""
    index = mentions if isinstance(mentions, MentionIndex) else MentionIndex(mentions)
    inside = [m for m in index.within(offset, offset + len(text)) if m.end > skip_before]
    # `numbers`: the clause's counts, offsets in the article (as `offset` is)
    if (own := _own_relative(text, [(a - offset, b - offset) for a, b in numbers])) is not None:
        inside = [m for m in inside if own[0] <= m.start - offset and m.end - offset <= own[1]]
    if not inside:
        return []
    conc = _CONCESSIVE.match(text)
    main = [m for m in inside if not conc or m.start - offset >= conc.end()]
    kept: list[Mention] = []
    others = len({m.place_id for m in inside}) > 1
    why: str | None = None
    prev_end = -1
    for m in inside:
        if conc and main and m.start - offset < conc.end():
            continue
        gap = text[prev_end:m.start - offset] if prev_end >= 0 else ""
        listed = prev_end >= 0 and _LIST_JOIN.match(gap) is not None
        domestic = kind_of is not None and bool(m.place_id) and kind_of(m.place_id or "") in ADMIN_KINDS
        why = why if listed and why in _LIST_ROLES else _excluded(text, m.start - offset, m.end - offset, others,
                                                                   domestic, own=own is not None)
        if why is None and kept and prev_end >= 0 and _CONTAINER_JOIN.match(gap) and kept[-1].place_id != m.place_id:
            why = "container"
        elif why is None and kept and prev_end >= 0 and _REFERENCE_JOIN.match(gap):
            why = "reference"
        prev_end = m.end - offset
        if why is None:
            kept.append(m)
    return kept


# The roles a whole list shares with its first member ("through Ed Damer, Atbara and Suakin").
_LIST_ROLES = frozenset({"party", "nationality", "waypoint", "seat", "title"})


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
ANAPHORA, _RELATIVE, _MEMBER_BEFORE = fast(ANAPHORA), fast(_RELATIVE), fast(_MEMBER_BEFORE)
