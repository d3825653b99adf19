""""The capital", "the country's capital", "the Sudanese capital", "the provincial capital": the capital an
article means, for the place slots of legs and control (and so for the claims that take a slot's place).

News names a country's capital once, or not at all, and calls it "the capital" ("road convoys arriving from the
capital", "the airport, in the heart of the capital"). The description refers to:

- the place the paragraph named *as* a capital by its words, before the description: "Kabul, the capital,",
  "Amman, the Jordanian capital", "X, the provincial capital", "the state capital, X"; else
- for a country's capital ("the capital", "the country's capital", "the nation's capital", "the <demonym>
  capital"): the capital of the country the words name ("the Sudanese capital"), or of the article's own
  country: the country whose places the article names strictly more often than any other's, before the
  description (the dateline not counted: it is where the reporter stands). The capital itself comes from data
  (gazetteer.capitals: the country table that marks a capital in the world layer).

A province's or a state's capital has no such data: "the provincial capital" is read only where the text names
it. No antecedent, a tie or a capital no layer knows gives nothing. As for "the city" (corpus/city_refs.py), a
description used as a reference point locates something else and is no slot ("villages north of the capital",
"50 km from the capital"), and a part of the capital is the capital ("the east of the capital", "the capital's
southern suburbs"). "The capital of X" names X's capital there and then, and "the capital Kabul" names it: both
are left to the place names.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from evacmap.corpus.city_refs import PART, REFERENCE_POINT
from evacmap.corpus.claim_places import article_dateline
from evacmap.corpus.model import Mention
from evacmap.gazetteer.capitals import national_capital

__all__ = ["CAPITAL_REF", "Capitals", "article_country", "capital_antecedent"]

_PARTS = (r"(?:halves|half|sides?|parts?|districts|neighbou?rhoods|suburbs|outskirts|quarters?|centre|center|"
          r"(?:north|south|east|west)(?:ern)?\s+(?:\w+\s+)?(?:districts|neighbou?rhoods|suburbs|outskirts))")
#: "the capital", "the country's capital", "the Sudanese capital", "the provincial capital"; not "the capital of X"
#: or "the capital Kabul" (named there), nor "Capital" in a name, nor "the capital's mayor" (an office, not a place)
CAPITAL_REF = re.compile(
    rf"(?P<part>{PART})?\b(?-i:[Tt]he)\s+(?:(?P<whose>country|nation)['’]s\s+|(?P<adj>(?-i:[A-Z])[\w-]+)\s+|"
    r"(?P<level>provincial|state|regional|district|county)\s+)?(?-i:capital)(?:\s+city)?\b(?!\s+of\b)"
    # "the capital markets", "the capital gains": a word of money, not a city
    r"(?!\s+(?:markets?|gains?|flight|flows?|controls?|spending|expenditure|investments?|costs?|punishment|letters?|"
    r"requirements?|reserves?|ratios?|injections?)\b)"
    rf"(?!,?\s+(?-i:[A-Z]))(?!['’]s\s+(?!{_PARTS}\b))(?!-)", re.I)

#: a place named as a capital: ", the capital," / ", the Jordanian capital" / ", the provincial capital" after
#: it, or "the capital, |" / "the state capital of |" before it
_NAMED_AFTER = re.compile(r",\s+(?:the|its|(?-i:[A-Z])[\w'’-]*['’]s)\s+(?:[\w'’-]+\s+){0,2}?capital\b(?!['’]s|\s+of\b)")
_NAMED_BEFORE = re.compile(r"\b(?:the|its)\s+(?:[\w'’-]+\s+){0,2}?capital(?:,|\s+city\s+of|\s+of)?\s+$", re.I)

CountryOf = Callable[[str], "str | None"]  # a place id -> its country (ISO alpha-2)


def _named_as_capital(text: str, m: Mention) -> bool:
    return bool(_NAMED_AFTER.match(text, m.end, m.end + 60)
                or _NAMED_BEFORE.search(text[max(0, m.start - 40):m.start]))


def article_country(text: str, mentions: Sequence[Mention], country_of: CountryOf, before: int) -> str | None:
    """The country whose places the article names strictly more often than any other's before offset
    ``before`` (countries themselves included, the dateline not)."""
    dateline = article_dateline(text) or (0, 0)
    counted = Counter(c for m in mentions if m.place_id and m.start < before
                      and not dateline[0] <= m.start < dateline[1] and (c := country_of(m.place_id)))
    ranked = counted.most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def capital_antecedent(text: str, m: re.Match, before: Sequence[Mention], *, country: Callable[[], str | None],
                       demonym: Callable[[str], str | None], capital: Callable[[str], str | None]
                       ) -> tuple[str, str] | None:
    """(place id, note) of the capital the description at ``m`` means, or None. ``before``: the article's
    resolved mentions just before it, in text order, at least back to its paragraph's start; ``country()``: the
    article's country; ``demonym(word)``: the country a word like "Sudanese" names; ``capital(iso2)``: the id
    of a country's capital."""
    if m.group("part") is None and REFERENCE_POINT.search(text, max(0, m.start() - 40), m.start()):
        return None
    paragraph = text.rfind("\n", 0, m.start()) + 1
    for earlier in reversed(before):
        if earlier.start < paragraph:
            break
        if _NAMED_AFTER.match(text, earlier.end, m.end()) is not None and text[earlier.end:m.start()].strip() == ",":
            return None  # "Amman, the Jordanian capital": the apposition of the name, no second place
        if earlier.place_id and _named_as_capital(text, earlier):
            return earlier.place_id, f"refers back to {earlier.surface}, named as a capital"
    if m.group("level"):
        return None  # a province's or a state's capital: no data says which city it is
    adj = m.group("adj")
    iso2 = demonym(adj) if adj else country()
    if adj and iso2 is None:
        return None  # "the Ottoman capital", "the Nation's capital": not a country's name
    pid = capital(iso2) if iso2 else None
    if pid is None:
        return None
    why = f"the words name {adj}" if adj else "the article's country"
    return pid, f"the capital of {iso2} ({why}): inferred, the text does not name it"


class Capitals:
    """The capitals "the capital" may mean in one article, looked up in a gazetteer the first time asked."""

    def __init__(self, text: str, mentions: Sequence[Mention], gazetteer) -> None:
        self.text, self.mentions, self.gazetteer = text, mentions, gazetteer
        self._capital: dict[str, str | None] = {}

    def _country_of(self, pid: str) -> str | None:
        place = self.gazetteer.get(pid)
        return place.country if place is not None else None

    def _demonym(self, word: str) -> str | None:
        """The country a word names exactly ("Sudanese", "Jordan"), never by a fuzzy match."""
        key = word.casefold()
        return next((p.country for p in self.gazetteer.candidates(word)
                     if p.kind == "country" and any(n.casefold() == key for n in p.names)), None)

    def _capital_of(self, iso2: str) -> str | None:
        if iso2 not in self._capital:
            place = national_capital(self.gazetteer, iso2)
            self._capital[iso2] = place.id if place is not None else None
        return self._capital[iso2]

    def antecedent(self, m: re.Match, before: Sequence[Mention]) -> tuple[str, str] | None:
        """(place id, note) of the capital the description at ``m`` means, or None."""
        return capital_antecedent(
            self.text, m, before, demonym=self._demonym, capital=self._capital_of,
            country=lambda: article_country(self.text, self.mentions, self._country_of, m.start()))
