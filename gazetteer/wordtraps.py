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

__all__ = ["body_after_the", "common_phrase", "craft_name", "crosses_punctuation", "feature_named_for",
           "feature_or_body", "modifier_trap",
           "public_body_after", "ship_name", "ship_prefix", "village_word", "world_settlements"]


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


def village_word(tokens: Tokens, i: int, j: int, places: list[Place], settlements: bool | None = None) -> bool:
    """A one-word name, mid-sentence, that only the common-word trap turns away because small villages bear it
    and English uses it now and then ("Anzac", "Beacon"), not every day (Zipf below 4: "Hope", "Christmas"
    stay words): such a name is a place when the article's geography backs one of its villages
    (coherence.supported). `settlements` is world_settlements(places), when the caller remembers it."""
    return (j - i == 1 and not tokens.initial(i) and zipf(tokens.lowers[i]) < 4.0
            and (world_settlements(places) if settlements is None else settlements))


def world_settlements(places: list[Place]) -> bool:
    """Is one of the places a settlement of a broad layer (not the curated or user layer)?"""
    return any(p.kind in SETTLEMENT_KINDS and p.source not in {"curated", "user"} for p in places)


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


# Words of a water body's or a relief feature's name, written before or after the name of the place or country
# it is named for ("Lake Chad", "Dnipro River", "Gulf of Mexico", "Mount Lebanon" is a whole name elsewhere).
_FEATURE_BEFORE = frozenset(["lake"])
_FEATURE_AFTER = frozenset("river sea ocean gulf strait straits lake desert".split())
# A mountain named for a town rises beside it ("Mount Sinjar", "the Sinjar Mountains"): the town is a fair
# point for it. One named for a country is not ("Mount Kenya").
_RELIEF_BEFORE = frozenset("mount mt".split())
_RELIEF_AFTER = frozenset("mountains mountain range hills".split())
_FEATURE_OF = frozenset("sea gulf bay strait straits lake lakes ocean river mountains".split())


def feature_named_for(tokens: Tokens, i: int, j: int, places: list[Place], text: str) -> bool:
    """A town's or a country's name written inside a water body's or a mountain range's name ("Lake Chad",
    "the Dnipro River", "the Gulf of Mexico", "the Sea of Japan") is the feature, which lies far from the town's
    or the country's point: not the place. A first-level region's name is left alone: the feature it names lies
    in it ("the Mississippi River" runs through Mississippi)."""
    if j - i != 1:
        return False
    # read from the flat lists, as the other traps do: no Token is made for the words beside a name
    lowers, caps, starts, ends = tokens.lowers, tokens.caps, tokens.starts, tokens.ends
    has_next = j < len(tokens)
    if lowers[i] in _FEATURE_OF and has_next and lowers[j] == "of" and j + 1 < len(tokens) and caps[j + 1]:
        return True  # "Gulf" in "Gulf of Mexico" is not Gulf Province
    # the words beside the name first, the places only when a feature's word is there: this runs for every
    # one-word name, and a common name has many places
    of_feature = (i >= 2 and lowers[i - 1] == "of" and caps[i - 2] and lowers[i - 2] in _FEATURE_OF
                  and text[ends[i - 2]:starts[i - 1]] == " ")  # "Gulf of Mexico", "Sea of Azov"
    before = (lowers[i - 1].rstrip(".") if i > 0 and caps[i - 1] and text[ends[i - 1]:starts[i]] in {" ", ". "}
              else "")
    after = lowers[j] if has_next and caps[j] and text[ends[i]:starts[j]] == " " else ""
    feature = of_feature or before in _FEATURE_BEFORE or after in _FEATURE_AFTER  # "Lake Chad", "Dnipro River"
    if not (feature or before in _RELIEF_BEFORE or after in _RELIEF_AFTER):
        return False
    if all(p.kind in {"governorate", "region", "county"} for p in places):
        return False
    return feature or any(p.kind == "country" for p in places)


def body_after_the(tokens: Tokens, i: int, j: int, places: list[Place], text: str) -> bool:
    """English writes no "the" before a town's name unless the name has it ("The Hague"): "the Duma approved",
    "in the Duma." name a body or a building that shares a town's spelling (Douma), not the town. The town's
    name as a modifier ("the Douma attack", "the Aleppo countryside") is still the town."""
    lowers, starts, ends = tokens.lowers, tokens.starts, tokens.ends
    if j - i != 1 or i == 0 or lowers[i - 1] != "the" or text[ends[i - 1]:starts[i]] != " ":
        return False
    if not places or any(p.kind not in SETTLEMENT_KINDS for p in places):
        return False
    if j >= len(tokens):
        body = True  # the text ends: "in the Duma"
    elif between := text[ends[i]:starts[j]].strip():
        # the clause ends ("in the Duma.", "the Duma, which"), not a pair ("the Fargo-Moorhead area")
        body = between[0] in ".,;:!?)\"”’'"  # or a possessive: "the Choules' crew" is a ship's
    else:
        word = lowers[j]
        body = not tokens.caps[j] and (word in SPEECH or word in _PLACE_FOLLOWERS or word.endswith("ed"))
    # the names last (every name of every place: only where the words call the name a body)
    return body and not any(name_key(n).startswith("the ") for p in places for n in p.names)  # "The Hague"


def feature_or_body(tokens: Tokens, n: int, places: list[Place]) -> bool:
    """Is word n a place's name inside a feature's name ("Lake Chad") or a body's after "the" ("the Duma")?"""
    return (feature_named_for(tokens, n, n + 1, places, tokens.text)
            or body_after_the(tokens, n, n + 1, places, tokens.text))


#: the prefixes English writes before a ship's name ("HMS Gloucester", "USS Nashville", "MV Sycamore")
_SHIP_PREFIXES = frozenset("hms hmas hmcs hmnzs uss usns ins mv ms ss rms fs".split())
#: the craft a model's name is written before ("Chinook helicopters", "Hercules aircraft")
_CRAFT_NOUNS = frozenset("helicopter helicopters chopper choppers aircraft jet jets airliner airliners bomber bombers "
                         "transports".split())


def ship_name(tokens: Tokens, i: int, text: str) -> bool:
    """Is word i right after a ship's prefix ("HMAS Choules", "MV Sycamore")? Then it starts the ship's name; an
    article that names a ship so means the ship by the bare name too ("the Choules docked"), unless the name is a
    large place's (gazetteer._person_keys: "HMAS Sydney" does not make Sydney a ship)."""
    return (i > 0 and tokens.words[i - 1].isupper() and tokens.lowers[i - 1] in _SHIP_PREFIXES
            and text[tokens.ends[i - 1]:tokens.starts[i]] == " ")


#: the kinds of vessel a ship's name is written after ("the frigate Linyi", "the ferries Kavaratti and Corals")
_VESSEL_NOUNS = frozenset("ship ships frigate frigates destroyer destroyers warship warships ferry ferries liner liners "
                          "vessel vessels cruiser cruisers corvette corvettes tanker tankers freighter freighters".split())


def _after_vessel_noun(tokens: Tokens, i: int, text: str) -> bool:
    """Is word i written right after a vessel's noun ("the missile frigate Linyi"), or after "and" joining it to
    such a name ("the frigates Linyi and Weifang")?"""
    for k in (i - 1, i - 3):
        if k < 0 or text[tokens.ends[k]:tokens.starts[k + 1]] != " ":
            return False
        if tokens.lowers[k] in _VESSEL_NOUNS and tokens.words[k].islower():
            return k == i - 1 or (tokens.lowers[i - 1] == "and" and tokens.caps[i - 2])
        if k == i - 1 and tokens.lowers[k] != "and":
            return False
    return False


def ship_prefix(tokens: Tokens, i: int, j: int, text: str) -> bool:
    """Is the span a ship's prefix written before the ship's name ("INS Sumitra": INS is no village)?"""
    return (j == i + 1 < len(tokens) and tokens.words[i].isupper() and tokens.lowers[i] in _SHIP_PREFIXES
            and tokens.caps[j] and text[tokens.ends[i]:tokens.starts[j]] == " ")


def craft_name(tokens: Tokens, i: int, j: int, places: list[Place], text: str) -> bool:
    """A name right after a ship's prefix ("HMAS Choules") names the ship; one written before a craft's noun,
    alone or joined by "and" to another name before it ("Chinook helicopters", "Black Hawk and Chinook
    helicopters"), names an aircraft's model: neither is the village that shares the name. A country's or a
    region's name before such a noun is its own ("Kenya helicopters" are Kenya's)."""
    lowers, starts, ends = tokens.lowers, tokens.starts, tokens.ends
    if ship_name(tokens, i, text) or ship_prefix(tokens, i, j, text):
        return True
    if any(p.kind in AREA_KINDS for p in places):  # "the last ship Canada had scheduled": the country, acting
        return False
    if _after_vessel_noun(tokens, i, text):
        return True
    k = j
    if k + 1 < len(tokens) and lowers[k] == "and" and tokens.caps[k + 1]:
        k += 1
        while k < len(tokens) and tokens.caps[k] and k - j < 5:
            k += 1
    return (k < len(tokens) and not tokens.caps[k] and lowers[k] in _CRAFT_NOUNS
            and " " == text[ends[k - 1]:starts[k]])
