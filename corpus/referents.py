"""Definite descriptions of a place: "the airport", "the island's 9,000 residents", "around the plant",
"five sections of the three-mile causeway".

News names a facility once ("flights resumed at Kabul airport", "Ramstein Air Base", "Wadi Seidna, an
airfield about 40 kilometres from Khartoum") and then refers to it by its kind alone ("nine planes landed at
the airport", "the base could hold 5,000 evacuees"). A claim whose words say "the airport" is about the
airport the article last named as one, so it takes that place, flagged `place_inferred` (the words do not
name it). The rule needs the article to have named a place *as* that kind — by the name itself ("Pine
Island", "Lee County"), by the word after it ("Kabul airport", "the Fukushima Daiichi nuclear plant"), by
an apposition ("Wadi Seidna, an airfield") or by the phrase before it ("the airport at Gondar") — so a
kind word with no such antecedent ("the base of the hill") changes nothing.

A demonstrative one ("came ashore at this Turkish port", "touched down at this U.S. air base", "on or off
this barrier island") points at where the reporter stands: the place of the article's dateline ("MERSIN,
Turkey -"), when it has one.

A rival named in the same paragraph before the description blocks it ("About 6,300 people live on Sanibel.
... stayed on the island"), unless the gazetteer files the rival as an area too large to be the thing
described (a state, a county: "help Lee County restore access to the island").

"The city", "the town" ("355,000 people had been displaced from both halves of the city") is the settlement the
article is about, by the rule of corpus/city_refs.py (shared with legs and control), except where the city is
only passed through ("convoys took 7,500 evacuees south through the city").

A possessive counts only before a word for what is inside a place ("the county's shelters", "the island's
residents"); "the county's evacuation order" names the county as an actor, not as where the count is.
"""
from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from evacmap.corpus.city_refs import CITY_REF, city_antecedent, own_settlement
from evacmap.corpus.claim_places import MentionIndex, article_dateline
from evacmap.corpus.model import Mention

__all__ = ["HERE_NOUNS", "Referents"]

# the kind a description names -> the words that name a place as one of that kind
_AIRFIELD = r"(?:international\s+)?(?:airport|airfield|airstrip|air\s*base|air\s+field)"
_KINDS: dict[str, str] = {
    "airport": _AIRFIELD, "airfield": _AIRFIELD, "airstrip": _AIRFIELD,
    "base": r"(?:air|naval|military|army)\s+base|airbase",
    "island": r"island|isle",
    "causeway": r"causeway",
    "plant": r"(?:(?:nuclear\s+)?power\s+|nuclear\s+)?(?:plant|station)",
    "county": r"county",
    "hospital": r"hospital",
    "port": r"port|harbou?r|seaport",
    "crossing": r"(?:border\s+)?crossing(?:\s+point)?",
    "camp": r"(?:refugee\s+|displacement\s+)?camp",
}
_INSIDE = (r"(?:[\d,]+\s+|\w+\s+){0,2}?(?:residents|inhabitants|population|people|shelters|homes|houses|"
           r"hospitals|schools|streets|roads|coast|beaches|neighbou?rhoods|towns|villages|camps|runway|terminal|"
           r"gates?)\b")
# "the airport", not "the airport in Gondar" / "the port of Jeddah" (named right there) nor "the Kabul airport"
# a measure before the noun describes the one thing meant ("the three-mile causeway"); another adjective may pick
# out another one ("the new airport"), so only a measure is read past
_MEASURE = (r"(?:(?:[\d.,]+|one|two|three|four|five|six|seven|eight|nine|ten|half)-"
            r"(?:mile|kilomet(?:er|re)|km|foot|metre|meter)\s+)?")
_DESCRIPTION = re.compile(rf"\bthe\s+{_MEASURE}(?P<kind>{'|'.join(_KINDS)})(?:(?P<own>['’]s\s+{_INSIDE})|"
                          r"(?!['’]s)(?!\s+(?:of|in|at|near|outside)\s+(?-i:[A-Z])))\b", re.I)
#: what a reporter calls the place of the dateline: "this Turkish port", "this U.S. air base", "this barrier island"
HERE_NOUNS = (r"(?:city|town|village|port|island|capital|(?:air\s+)?base|camp|resort|enclave|harbou?r|airport|airfield|"
              r"crossing|border\s+town)\b")
_DEMONSTRATIVE = re.compile(rf"\bthis\s+(?:[\w.'’-]+\s+){{0,3}}?{HERE_NOUNS}(?!['’]s\s+\w+\s+of)", re.I)
_AFTER = {k: re.compile(rf"(?:\s+(?-i:[A-Z])[\w'’-]*){{0,3}}\s+(?:{v})\b", re.I) for k, v in _KINDS.items()}
# (", the island's only road link" is a possessive about another place, not an apposition naming this one)
_APPOSED = {k: re.compile(rf"^,\s+(?:an?|the)\s+(?:[\w-]+\s+){{0,3}}?(?:{v})\b(?!['’]s)", re.I) for k, v in _KINDS.items()}
# "the airport at Gondar" names Gondar's airport; "Larnaca airport in Cyprus" names the country it is in
_BEFORE = {k: re.compile(rf"\bthe\s+(?:[\w-]+\s+)?(?:{v})\s+(?:at|in|of|near|outside)\s+$", re.I)
           for k, v in _KINDS.items()}
# "some 30 km from the plant": a reference point that locates the claim's place, not the place itself
_MEASURED_FROM = re.compile(r"\b(?:km|kilomet(?:er|re)s?|miles?|metres?|meters?)\s+(?:\w+\s+)?(?:from|of)\s+$",
                            re.I)
# "this U.S. air base", "a Kabul hospital": a name after an indefinite or demonstrative modifies the noun (whose
# base, where), it does not name the facility
_MODIFIER = re.compile(r"\b(?:a|an|this|that|one|another)\s+$", re.I)
# "convoys that took evacuees south through the city": a place passed on the way is not where the count is
_PASSED = re.compile(r"\b(?:through|via|past|by way of)\s+$", re.I)
_OWN = {k: re.compile(rf"\b(?:{v})$", re.I) for k, v in _KINDS.items()}
# the gazetteer kinds of areas too large to be what a description of a facility or an island refers to
_WIDE = frozenset({"country", "continent", "governorate", "region", "county"})


class Referents:
    """The places an article names as each kind, built for a kind the first time a claim asks."""

    def __init__(self, text: str, mentions: MentionIndex, kind_of: Callable[[str], str | None] | None = None) -> None:
        self.text, self.mentions, self.kind_of = text, mentions, kind_of
        self._named: dict[str, tuple[list[int], list[str]]] = {}
        self._here: tuple[str, ...] | None = None
        self._own: tuple[Mention | None] | None = None

    def _dateline(self) -> tuple[str, ...]:
        """The place of the article's dateline ("MERSIN, Turkey -"), or nothing."""
        if self._here is None:
            span = article_dateline(self.text)
            first = next(iter(self.mentions.within(*span)), None) if span else None
            self._here = (first.place_id,) if first is not None and first.place_id else ()
        return self._here

    def _of_kind(self, kind: str) -> tuple[list[int], list[str]]:
        if kind not in self._named:
            starts, ids = [], []
            for m in self.mentions.mentions:  # every one resolved (MentionIndex keeps no other)
                if (_OWN[kind].search(m.surface)
                        or (_AFTER[kind].match(self.text, m.end)
                            and not _MODIFIER.search(self.text[max(0, m.start - 9):m.start]))
                        or _APPOSED[kind].match(self.text[m.end:m.end + 80])
                        or _BEFORE[kind].search(self.text[max(0, m.start - 40):m.start])):
                    starts.append(m.start)
                    ids.append(m.place_id)
            self._named[kind] = (starts, ids)
        return self._named[kind]

    def described(self, clause: str, offset: int) -> tuple[str, ...]:
        """The places the definite descriptions of `clause` (starting at article offset `offset`) refer to:
        for each, the last place named as that kind before it."""
        lowered = clause.lower()
        out: list[str] = list(self._dateline()) if "this " in lowered and _DEMONSTRATIVE.search(clause) else []
        if self.kind_of is not None and ("city" in lowered or "town" in lowered):
            out.extend(self._cities(offset, offset + len(clause)))
        if "the " not in lowered:
            return tuple(out)
        for d in _DESCRIPTION.finditer(clause):
            if _MEASURED_FROM.search(clause[max(0, d.start() - 40):d.start()]):
                continue
            at = offset + d.start()
            starts, ids = self._of_kind(d.group("kind").lower())
            i = bisect_left(starts, at)
            if i and not self._rivals(ids[i - 1], at, d.group("kind").lower()):
                out.append(ids[i - 1])
        return tuple(dict.fromkeys(out))

    def _cities(self, start: int, end: int) -> list[str]:
        """"the city", "the east of the city": the settlement the article is about (corpus/city_refs.py)."""
        if self._own is None and self.kind_of is not None:
            self._own = (own_settlement(self.text, self.mentions.mentions, self.kind_of),)
        own = self._own[0] if self._own else None
        found = (city_antecedent(self.text, m, self.mentions.within(max(0, m.start() - 1500), m.start()), own)
                 for m in CITY_REF.finditer(self.text, start, end)
                 if not _PASSED.search(self.text, max(0, m.start() - 20), m.start()))
        return [e.place_id for e in found if e is not None and e.place_id]

    def _rivals(self, place: str, at: int, kind: str) -> bool:
        """Whether the paragraph names another place before the description at `at`: "About 6,300 people live
        on Sanibel. ... stayed on the island" may mean Sanibel though the island named as one was another. With
        the gazetteer's kinds, a country, state, region (or, for any kind but "county", a county) is no rival:
        an area that large is not what "the island" or "the airport" is ("help Lee County restore access to the
        island")."""
        para = self.text.rfind("\n", 0, at) + 1
        wide = _WIDE if kind != "county" else _WIDE - {"county"}
        return any(m.place_id != place and not (self.kind_of is not None and self.kind_of(m.place_id) in wide)
                   for m in self.mentions.within(para, at) if m.place_id)
