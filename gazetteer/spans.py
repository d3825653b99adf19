"""The name spans of a text: every run of words some layer indexes as a name, kept leftmost-longest, with the
places of the most authoritative layer that knows it, plus the news forms no index holds (style-guide
abbreviations, lists of counties, dotted initialisms).

An article repeats its names, so each distinct (layer, name, reading) gets one list of places, shared by all
its occurrences: the lists are read, never changed, and the rules after this step can remember what they
worked out for a list instead of going over its places at every occurrence.
"""
from __future__ import annotations

from evacmap.gazetteer import context, wordtraps
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.newsforms import dotted_initialisms, not_initialisms
from evacmap.gazetteer.normalize import ARTICLES
from evacmap.gazetteer.text import Stream, Tokens, hyphen_inner, hyphen_particles

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
    taken: set[int] = set()
    for (i, j), (key, places) in sorted(found.items(), key=lambda kv: (kv[0][0], -(kv[0][1] - kv[0][0]))):
        if taken.isdisjoint(range(i, j)):
            chosen.append((i, j, key, places))
            taken.update(range(i, j))
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
    keys = [key if cap or key in ARTICLES or word.lower() in function_words else "#"
            for key, cap, word in zip(tokens.keys, tokens.caps, tokens.words, strict=False)]
    for k in hyphen_particles(tokens):  # "Port-au-Prince": a particle inside a hyphened name passes the gate
        keys[k] = tokens.keys[k]
    return keys


def capitalised(tokens: Tokens, i: int, j: int, layer: str) -> bool:
    """Read from the flat lists: the automaton proposes many lowercase words this gate turns away."""
    caps = [tokens.caps[k] for k in range(i, j)
            if tokens.keys[k] not in ARTICLES and tokens.words[k].lower() not in context.FUNCTION_WORDS
            and not hyphen_inner(tokens, k)]
    if layer in {"curated", "user"}:
        return any(caps)  # "eastern Aleppo", "Idlib province"
    return bool(caps) and all(caps)
