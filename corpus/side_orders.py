"""Orders for the people on one side of a line that a named feature draws: "everyone living north of Wadi Gaza
should relocate to the south", "told residents south of the river to leave", "the 1.1 million people living north
of X should leave".

The zone is no place of its own: it covers the places the article names that lie on that side of the feature
(north of it: a greater latitude; east of it: a greater longitude), near it (a line across a region bounds an area
of tens of kilometres, not a country) and in the feature's own country (the far bank of a border river is another
state's). A country or a first-level division is never covered (is_area), and neither is the feature itself.
The words read "evacuation ordered, north of <feature>" ("evacuation advised" for advice)."""
from __future__ import annotations

import math
import re

from evacmap.corpus.folding import fast
from evacmap.corpus.model import Sentence
from evacmap.corpus.slots import Slot

__all__ = ["side_order_claims"]

#: how far from the feature's point a place may lie and still be inside the zone it bounds (km)
REACH_KM = 40.0
#: how far past the feature's point, along the side, a place must lie to be on that side of it, not on it (km)
MARGIN_KM = 1.0

_NAME = r"(?-i:[A-Z])[\w'’.-]*(?:[\s-]+(?:al|el|ad|as|ash|ar|de|du|of|the)?[\s-]*(?-i:[A-Z])[\w'’.-]*){0,3}"
#: the people of the zone, the side and the feature, then what they are to do: "everyone living north of X should
#: relocate", "residents south of X were told to leave", "ordered the people north of X to move south"
_SIDE_ORDER = fast(re.compile(
    r"\b(?:(?P<verb>ordered|told|instructed|urged|advised|asked|called\s+on)\s+)?"
    r"(?:the\s+|all\s+)?(?:(?:about|some|nearly|more\s+than)\s+)?(?:[\d.,]+\s+(?:million\s+|thousand\s+)?)?"
    r"(?:civilians|residents|people|families|inhabitants|everyone|everybody|population|Palestinians|villagers)\s+"
    r"(?:(?:still\s+)?(?:living|who\s+live|who\s+lived|staying)\s+)?(?:in\s+the\s+area\s+)?"
    rf"(?P<side>north|south|east|west)\s+of\s+(?:the\s+)?(?P<line>{_NAME})\s+"
    r"(?:(?:should|must|had\s+to|have\s+to|has\s+to|would\s+have\s+to|were\s+to|was\s+to|to)|"
    r"(?:were|was|had\s+been|have\s+been)\s+(?P<passive>ordered|told|instructed|urged|advised|asked)\s+to)\s+"
    r"(?:immediately\s+)?(?P<act>relocate|leave|evacuate|move|go|head|flee|get\s+out)\b", re.I))
_ADVICE = {"urged", "advised", "asked", "called on"}
#: who gave the order, when the sentence reports it as told to someone: "The Israeli military told the United Nations
#: late on Thursday that everyone ...", "the army ordered that residents ..."
_TOLD_THAT = re.compile(r"(?P<by>(?:[Tt]he\s+)?(?:[A-Z][\w'’-]*\s+){0,4}(?:[A-Z][\w'’-]*|military|army|government|"
                        r"authorities|police))\s+(?:has\s+|had\s+)?(?:told|ordered|instructed|warned|informed|asked|"
                        r"urged)\b[^.;]{0,80}?\bthat\s+$")


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = (math.sin((p2 - p1) / 2) ** 2
         + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2)
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def _beyond(side: str, line: tuple[float, float], at: tuple[float, float]) -> bool:
    """Whether the point `at` lies on `side` of the feature's point, by more than the margin."""
    if side in ("north", "south"):
        past = (at[0] - line[0]) * 111.2
    else:
        past = (at[1] - line[1]) * 111.2 * math.cos(math.radians(line[0]))
    return (past if side in ("north", "east") else -past) > MARGIN_KM


def side_order_claims(text: str, sentence: Sentence, slots: list[Slot], gazetteer, *, article_places: list[str],
                      last: list[str], is_area, issuers: dict[tuple[int, str], str]) -> list[tuple]:
    """The claims (start, end, place id, words, phrase, None) of each order of the sentence for the people on one
    side of a feature the gazetteer knows: one per place of the article on that side (see the module's doc).
    ``issuers`` gets who gave each order, when the sentence says (_TOLD_THAT)."""
    out: list[tuple] = []
    if gazetteer is None:
        return out
    for m in _SIDE_ORDER.finditer(text, sentence.start, sentence.end):
        line = next((pid for s in slots if m.start("line") <= s.start < m.end("line") for pid in s.ids if pid), None)
        feature = gazetteer.get(line) if line else None
        if feature is None or feature.lat is None:
            continue
        verb = (m.group("verb") or m.group("passive") or "").lower()
        words = f"evacuation {'advised' if verb in _ADVICE else 'ordered'}, {m.group('side').lower()} of {m.group('line')}"
        last[:] = [words]
        if (told := _TOLD_THAT.search(text, sentence.start, m.start())) is not None:
            by = told.group("by")
            issuers.setdefault((sentence.start, words), by[4:] if by.lower().startswith("the ") else by)
        seen = set()
        for pid in article_places:
            place = gazetteer.get(pid)
            if pid in seen or pid == line or place is None or place.lat is None or is_area(gazetteer, pid):
                continue
            seen.add(pid)
            if feature.country and place.country and place.country != feature.country:
                continue
            at, there = (place.lat, place.lon), (feature.lat, feature.lon)
            if _km(at, there) <= REACH_KM and _beyond(m.group("side").lower(), there, at):
                out.append((m.start(), m.end(), pid, words, m.group(0), None))
    return out
