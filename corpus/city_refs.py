""""The city", "the town": the settlement an article is about, for the place slots of legs and control.

News names its city once or twice and then calls it "the city" ("More than 22,000 people have left the
city", "the east of the city, which Iraqi forces recaptured in January"). The description refers to:

- the settlement the paragraph last named *as* a city or town by its words ("the town of Goris", "Goris, the
  first sizeable Armenian town", "Mosul, Iraq's second city", "the northern city of X"); else
- the article's own settlement: the city, town or village it names most often, when one is named strictly
  more often than every other and already before the description. A name used for a facility ("the Hammam
  al-Alil camp", a dateline "X CAMP") names the facility, not the town, and is not counted.

No antecedent, or a tie, gives nothing: "the city" is never the last city named (a story about Fort McMurray
mentions Calgary, where evacuees flew; "South of the city" is not Calgary).

A description used as a reference point locates something else and is no slot: "the camps north of the city",
"camps south and east of the city, at X", "a community north of the city", "35 km south of the city",
"beyond the city". A part of the city is the city: "the east of the city", "both halves of the city", "the
eastern half of the city", "the western side of the city" stand for it (the slot spans the whole phrase).
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Sequence

from evacmap.corpus.claim_places import article_dateline
from evacmap.corpus.model import Mention

__all__ = ["CITY_REF", "PART", "REFERENCE_POINT", "city_antecedent", "held_city", "own_settlement"]

_SETTLEMENT = frozenset({"city", "town", "village"})
_COMPASS = r"(?:north|south|east|west)(?:-?(?:east|west))?"
#: "the east of", "both halves of", "the eastern half of", "the densely populated western side of"
PART = (rf"(?:(?:the|both)\s+(?:\w+ly\s+[\w-]+\s+)?(?:{_COMPASS}(?:ern)?\s+)?"
         rf"(?:halves|half|sides?|parts?|corner|edge|outskirts|centre|center|{_COMPASS})\s+of\s+)")
#: "the city", "the town", "the city's ..."; not "the city of X" / "the town Y" (a new place named there), nor
#: a name's own words ("the City Council", "the Town Hall")
CITY_REF = re.compile(rf"(?P<part>{PART})?\bthe\s+(?P<head>city|town)\b(?!\s+(?:of|called|named)\b)"
                      r"(?!\s+(?-i:[A-Z]))"
                      # "the city's eastern districts": a part of it, by the possessive
                      rf"(?:['’]s\s+(?:{_COMPASS}(?:ern)?\s+)?(?:halves|half|sides?|parts?|districts|"
                      r"neighbou?rhoods|suburbs|outskirts|quarters?|centre|center)\b)?", re.I)


@functools.lru_cache(maxsize=8)
def held_city(adjective_rx: str) -> re.Pattern[str]:
    """"the Islamic State-held city", "the rebel-controlled town": the article's settlement, with who holds it."""
    return re.compile(rf"\bthe\s+(?P<adj>{adjective_rx})[- ](?:held|controlled|occupied)\s+(?P<head>city|town)\b"
                      r"(?!\s+(?:of|called|named)\b)(?!\s+(?-i:[A-Z]))", re.I)


#: a reference point: "camps north of |", "south and east of |", "beyond |", "35 km from |"
REFERENCE_POINT = re.compile(rf"(?:\b{_COMPASS}(?:\s+and\s+{_COMPASS})?\s+of|\b(?:beyond|outside|near|around|"
                              r"across)|\b(?:km|kilomet(?:er|re)s?|miles?|metres?|meters?)\s+(?:\w+\s+)?(?:from|of))\s+$",
                              re.I)
#: the words that name a place as a city or town: before it ("the town of |", "the northern city of |") ...
_NAMED_BEFORE = re.compile(r"\b(?:city|town)\s+of\s+$", re.I)
#: ... or after it, as an apposition (", Iraq's second city", ", the first sizeable Armenian town")
_NAMED_AFTER = re.compile(r",\s+(?:an?\s+|the\s+|(?-i:[A-Z])[\w'’-]*['’]s\s+)(?:[\w'’-]+\s+){0,4}?(?:city|town)\b(?!['’]s)",
                          re.I)
#: a name followed by a facility's noun names the facility ("the Hammam al-Alil camp", "HAMMAM AL-ALIL CAMP")
_FACILITY_AFTER = re.compile(r"\s+(?:camps?|sites?|airports?|air\s*base|base|junction|checkpoints?|hospital|"
                             r"stadium|station)\b", re.I)

KindOf = Callable[[str], "str | None"]


def _named_as_city(text: str, m: Mention) -> bool:
    return bool(_NAMED_BEFORE.search(text[max(0, m.start - 40):m.start]) or _NAMED_AFTER.match(text, m.end, m.end + 60))


def own_settlement(text: str, mentions: Sequence[Mention], kind_of: KindOf) -> Mention | None:
    """The first mention of the settlement the article names most often, if one is named strictly more often
    than any other. Names of facilities are not counted, nor the dateline: it is where the reporter stands,
    which the article calls "this city" (corpus/referents.py), not what it is about (a story datelined
    EDMONTON about evacuees from Fort McMurray)."""
    dateline = article_dateline(text) or (0, 0)
    counted = [m for m in mentions if m.place_id and kind_of(m.place_id) in _SETTLEMENT
               and not _FACILITY_AFTER.match(text, m.end) and not dateline[0] <= m.start < dateline[1]]
    ranked = Counter(m.place_id for m in counted).most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return next(m for m in counted if m.place_id == ranked[0][0])


def city_antecedent(text: str, m: re.Match, before: Sequence[Mention], own: Mention | None) -> Mention | None:
    """The settlement "the city" at ``m`` refers to (``before``: the article's resolved mentions just before
    it, in text order, at least back to its paragraph's start or a window's; ``own``: the article's own
    settlement), or None for a reference point or no antecedent."""
    if m.groupdict().get("part") is None and REFERENCE_POINT.search(text, max(0, m.start() - 40), m.start()):
        return None
    paragraph = text.rfind("\n", 0, m.start()) + 1
    for earlier in reversed(before):
        if earlier.start < paragraph:
            break
        if earlier.place_id and _named_as_city(text, earlier):
            return earlier
    if own is not None and own.start < m.start():
        return own
    return None
