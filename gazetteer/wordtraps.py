"""Capitalised words that are English words before they are places: the traps that read the words beside
a name (a phrase of common words, an adjective at a sentence start) and the village named like a word that
only the article's own geography can make a place."""
from __future__ import annotations

import functools

from evacmap.gazetteer.context import (
    AREA_KINDS,
    FUNCTION_WORDS,
    OFFICE_WORDS,
    PUBLIC_BODY_WORDS,
    SETTLEMENT_KINDS,
    SPEECH,
    zipf,
)
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import name_key
from evacmap.gazetteer.text import Tokens

__all__ = ["common_phrase", "crosses_punctuation", "modifier_trap", "public_body_after", "village_word"]


# Marks between two words that no name runs across: a dash set off by spaces, a colon or semicolon, a bracket,
# a line break. (A full stop may: "St. Louis"; a hyphen may: "Wilkes-Barre".)
COMPASS_WORDS = frozenset("""north south east west northern southern eastern western central northeast northwest
southeast southwest""".split())
_BREAKS = frozenset("—–;:()[]\n\"“”")


def crosses_punctuation(tokens: Tokens, i: int, j: int) -> bool:
    """Does span i..j run across a dash, colon, bracket or line break ("Mo. — In a statement" is the
    abbreviation, then the sentence)? The matcher's keys drop punctuation, so a name's words can be found
    on both sides of one."""
    # the gaps and the words between them at once: no word holds one of those marks
    return j - i > 1 and not _BREAKS.isdisjoint(tokens.text[tokens.ends[i]:tokens.starts[j - 1]])


def common_phrase(tokens: Tokens, i: int, j: int, places: list[Place]) -> bool:
    """A name of several common English words ("White House", "Red Cross") after "the", or that is only
    some place's alternate name, is the phrase, not the place."""
    lowers = tokens.lowers
    if j - i < 2 or not _common_words(tuple(lowers[i:j])):
        return False
    key = " ".join(tokens.keys[i:j])
    primary = [p for p in places if name_key(p.name) == key]
    if not primary:
        # "West Java", "North Holland": a compass word and a name is how English spells a province whose
        # own name is in its language (Jawa Barat), not a phrase of two English words
        return not (lowers[i] in COMPASS_WORDS and any(p.kind in AREA_KINDS for p in places))
    small = all(p.kind in SETTLEMENT_KINDS and p.population < 100_000 for p in primary)
    return small and i > 0 and lowers[i - 1] == "the"  # "the White House", not "the West Bank"


@functools.lru_cache(maxsize=65536)
def _common_words(words: tuple[str, ...]) -> bool:
    """Is every word of a name of three letters or more and common in English? (Once per distinct name.)"""
    return all(len(word) >= 3 and zipf(word) >= 4.0 for word in words)


# Words after a sentence-initial name that make it the place acting or spoken of, not an adjective: "Mobile
# police", "Reading residents", "Bath is", "Buffalo will".
_PLACE_FOLLOWERS = frozenset("""residents officials voters people leaders authorities firefighters crews
is was has had will would could can may might must should did does remains remained also still
sent took gave made began became came went brought left kept met paid ran set hit put cut built fell rose grew
won lost got held led saw told""".split())  # the irregular past tenses: "Toronto sent help" (the -ed ones below)


def modifier_trap(tokens: Tokens, i: int, j: int, places: list[Place], text: str) -> bool:
    """A one-word name at a sentence start that is a common English word and is followed by a common noun it
    modifies ("Mobile homes in the park", "Reading glasses", "Bath towels") is the word, not the town: at a
    sentence start every word is capitalised. A country's or a first-level region's name is too well known
    to be read so ("Texas officials"), and a verb or a people's noun after it makes it the place ("Mobile
    residents", "Buffalo flooded")."""
    if j - i != 1 or not tokens.initial(i) or j >= len(tokens) or zipf(tokens.lowers[i]) < 4.0:
        return False
    if any(p.kind in AREA_KINDS for p in places):
        return False
    word = tokens.lowers[j]  # the next word
    if text[tokens.ends[i]:tokens.starts[j]] != " " or tokens.caps[j] or not tokens.words[j].isalpha():
        return False
    if (word in FUNCTION_WORDS or word in SPEECH or word in _PLACE_FOLLOWERS or word in PUBLIC_BODY_WORDS
            or word in OFFICE_WORDS or word.endswith(("ed", "ly"))):
        return False
    return zipf(word) >= 3.0


def village_word(tokens: Tokens, i: int, j: int, places: list[Place]) -> bool:
    """A one-word name, mid-sentence, that only the common-word trap turns away because small villages bear it
    and English uses it now and then ("Anzac", "Beacon"), not every day (Zipf below 4: "Hope", "Christmas"
    stay words): such a name is a place when the article's geography backs one of its villages
    (coherence.supported)."""
    return (j - i == 1 and not tokens.initial(i) and zipf(tokens.lowers[i]) < 4.0
            and any(p.kind in SETTLEMENT_KINDS and p.source not in {"curated", "user"} for p in places))


def public_body_after(tokens: Tokens, j: int) -> bool:
    """Do the capitalised words after a name end, within three words, in a public body's word ("Ontario
    Provincial Police", "Laurel County Fire Department" read from "Laurel County")? Then they name the place's
    own body, not a person whose surname follows a first name that is a place ("Kerry Washington")."""
    for k in range(j, min(j + 3, len(tokens))):
        if not tokens.caps[k]:
            return False
        if tokens.lowers[k] in PUBLIC_BODY_WORDS:
            return True
    return False
