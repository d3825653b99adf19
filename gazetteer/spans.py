"""The name spans of a text: every run of words some layer indexes as a name, kept leftmost-longest, with the
places of the most authoritative layer that knows it, plus the news forms no index holds (style-guide
abbreviations, lists of counties, dotted initialisms).

An article repeats its names, so each distinct (layer, name, reading) gets one list of places, shared by all
its occurrences: the lists are read, never changed, and the rules after this step can remember what they
worked out for a list instead of going over its places at every occurrence.
"""
from __future__ import annotations

import operator

from evacmap.gazetteer import context, wordtraps
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.newsforms import dotted_initialisms, not_initialisms
from evacmap.gazetteer.normalize import ARTICLES
from evacmap.gazetteer.text import Stream, Tokens, hyphen_inner, hyphen_particles, spaced_inner, spaced_particles

__all__ = ["capitalised", "capitalised_keys", "name_spans"]

Span = tuple[int, int, str, list[Place]]


def name_spans(indexes, tokens: Tokens, stream: Stream, text: str, *, abbreviated: list[tuple[int, int, str, str]],
               counties: list[tuple[int, int, str]]) -> list[Span]:
    """Leftmost-longest name spans that pass the capitalisation gate, each with the places of the most
    authoritative layer that knows the name. `abbreviated` and `counties` are the text's
    newsforms.abbreviations and newsforms.county_lists."""
    found = _indexed(indexes, tokens, stream)
    for i, j, key, country in abbreviated:
        places = [p for ix in indexes for p in ix.places_for(key) if p.kind == "governorate" and p.country == country]
        if places:  # the abbreviation, not a place spelt like its letters ("Tenn." is not Tenno)
            found[(i, j)] = (key, places[:1])
    for i, j, key in counties:
        places = [p for ix in indexes for p in ix.places_for(key) if p.kind == "county"]
        if places:  # "Lee" in "Lee and Collier counties" is Lee County, not a town called Lee
            found = {span: v for span, v in found.items() if not (span[0] < j and i < span[1])}
            found[(i, j)] = (key, places)
    for i, j, key in dotted_initialisms(tokens, text):
        places = next((found_ for ix in indexes if (found_ := ix.places_for(key))), [])
        if places and (i, j) not in found:
            found[(i, j)] = (key, places)
    chosen: list[Span] = []
    reach = 0  # the end of the spans chosen so far: they start no later than the next, so overlap it only so
    # by first token, the longest first (two stable sorts by C-level keys)
    for i, j in sorted(sorted(found, key=operator.itemgetter(1), reverse=True), key=operator.itemgetter(0)):
        if i >= reach or i == j:  # (an empty span overlaps nothing)
            chosen.append((i, j, *found[(i, j)]))
            reach = max(reach, j)
    return chosen


def _indexed(indexes, tokens: Tokens, stream: Stream) -> dict[tuple[int, int], tuple[str, list[Place]]]:
    """(first token, end token) -> (key, places) of every indexed name that passes the capitalisation gate,
    from the most authoritative layer that has it."""
    found: dict[tuple[int, int], tuple[str, list[Place]]] = {}
    shared: dict[tuple[str, str, bool], list[Place]] = {}  # (layer, key, lower-case initialism) -> its places
    masked = None
    for index in indexes:
        regional = index.name in {"curated", "user"}
        if not regional:
            # The broad layers want every word capitalised: scan a stream with the other words blanked,
            # so the automaton does not propose the many lowercase words that are places somewhere.
            masked = masked or Stream(tokens, capitalised_keys(tokens))
        for i, j, key in index.scan(stream if regional else masked):
            if (i, j) not in found and capitalised(tokens, i, j, index.name) and not (
                    j - i > 1 and wordtraps.crosses_punctuation(tokens, i, j)):
                lowered = j - i == 1 and len(key) <= 3 and not tokens.words[i].isupper()
                places = shared.get((index.name, key, lowered))
                if places is None:
                    places = index.places_for(key)
                    if lowered:
                        places = not_initialisms(places, key)  # "Eu" (a French town), never "EU"
                    shared[(index.name, key, lowered)] = places
                if places:
                    found[(i, j)] = (key, places)
    return found


def capitalised_keys(tokens: Tokens) -> list[str]:
    """The tokens' keys, with "#" (in no name) for each word the capitalisation gate of the broad layers
    turns away: a lowercase word that is not an article or function word."""
    function_words = context.FUNCTION_WORDS
    keys = [key if cap or key in ARTICLES or lower in function_words else "#"
            for key, cap, lower in zip(tokens.keys, tokens.caps, tokens.lowers, strict=False)]
    for k in hyphen_particles(tokens):  # "Port-au-Prince": a particle inside a hyphened name passes the gate
        keys[k] = tokens.keys[k]
    for k in spaced_particles(tokens):  # so does "de" in "Santa Cruz de La Palma"
        keys[k] = tokens.keys[k]
    return keys


def capitalised(tokens: Tokens, i: int, j: int, layer: str) -> bool:
    """Read from the flat lists: the automaton proposes many lowercase words this gate turns away."""
    if j - i == 1:  # most hits: one word, which passes when capitalised and no article or function word (a
        # capitalised word is never a hyphened particle)
        return tokens.caps[i] and tokens.keys[i] not in ARTICLES and tokens.words[i].lower() not in context.FUNCTION_WORDS
    caps = [tokens.caps[k] for k in range(i, j)
            if tokens.keys[k] not in ARTICLES and tokens.words[k].lower() not in context.FUNCTION_WORDS
            and not hyphen_inner(tokens, k) and not spaced_inner(tokens, k)]
    if layer in {"curated", "user"}:
        return any(caps)  # "eastern Aleppo", "Idlib province"
    return bool(caps) and all(caps)


class ListFacts:
    """What the traps ask of a span's places as a whole, worked out once per list: name_spans gives every
    occurrence of a name the same list, so a long article pays for its homonyms once per name."""

    __slots__ = ("_bests", "_common", "large", "local", "major", "places", "settlements")

    def __init__(self, places: list[Place]):
        self.places = places  # held, so the list's id names it while the facts live
        # a country, a first-level region or a city of 100,000: one capitalised word before it does not
        # make it a person's name elsewhere in the article
        self.large = any(p.kind in {"country", "governorate"} or p.population >= 100_000 for p in places)
        # too big to be inside another proper name ("the Berlin Christmas market")
        self.major = any(p.kind == "country" or p.population >= 100_000
                         or (p.source in {"curated", "user"} and p.kind in {"city", "governorate"}) for p in places)
        self.local = all(p.kind not in {"country", "region"} for p in places)
        self.settlements = wordtraps.world_settlements(places)  # wordtraps.village_word asks it
        self._bests: dict[str, set[Place]] = {}
        self._common: dict[tuple[str, bool], bool] = {}

    def bests(self, surface: str) -> set[Place]:
        """The likeliest place of all and the likeliest that has `surface` as its own name."""
        found = self._bests.get(surface)
        if found is None:
            own = [p for p in self.places if context.name_cost(p, surface) == 0] or self.places
            found = self._bests[surface] = {max(group, key=lambda p: (p.kind == "country", p.population))
                                            for group in (self.places, own)}
        return found


    def common_word(self, word: str, initial: bool) -> bool:
        """Does the common-word trap turn the one-word name `word` away (context.common_word) for both the
        likeliest places, at a sentence start if `initial`?"""
        found = self._common.get((word, initial))
        if found is None:
            found = self._common[(word, initial)] = all(context.common_word(word, initial, best)
                                                        for best in self.bests(word))
        return found


def list_facts(memo: dict[int, ListFacts], places: list[Place]) -> ListFacts:
    """The ListFacts of `places`, from `memo` (one article's) when worked out before."""
    facts = memo.get(id(places))
    if facts is None or facts.places is not places:
        facts = memo[id(places)] = ListFacts(places)
    return facts
