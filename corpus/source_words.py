"""The words a source's name is made of: the nouns of bodies ("ministry", "agency"), the roles and titles
people are given ("spokesman", "Gov."), the nouns of unnamed sources ("officials", "witnesses"), and the words
never part of a person's name (compass words, the places an article names). Read by corpus.attribution and
corpus.speakers; kept apart so the rules there read as rules."""
from __future__ import annotations

import re
from contextvars import ContextVar

__all__ = ["LOCAL_TITLE", "ORG_WORDS", "PLACE_WORDS", "ROLES", "SOURCE_NOUNS", "geo_word"]

ORG_WORDS = {"committee", "organization", "organisation", "observatory", "society", "crescent",
              "cross", "helmets", "nations", "council", "tv", "television", "agency", "ministry",
              "defence", "defense", "center", "centre", "institute", "media", "news", "group",
              "union", "office", "army", "forces", "front", "commission", "fund", "network",
              "foundation", "coalition", "team", "house", "press", "channel", "hospital",
              "government", "regime", "militias", "militia", "university", "ministries", "command",
              "embassy", "authority", "authorities", "agencies", "department", "service", "services",
              "police", "military", "administration", "municipality", "bureau", "navy", "guard",
              "directorate", "secretariat", "cabinet", "presidency", "headquarters", "ports", "board", "division", "coastguard",
              "utility", "company", "operator", "airline", "railway", "railways",
              # a local government or an institution speaking through its officials: "the town said",
              # "according to the school"
              "town", "city", "county", "village", "prefecture", "school"}
ROLES = {"president", "prime", "minister", "foreign", "secretary", "secretary-general", "state",
          "chancellor", "commissioner", "human", "rights", "envoy", "special", "humanitarian",
          "adviser", "advisor", "head", "chief", "spokesman", "spokeswoman", "spokesperson",
          "representative", "director", "leader", "manager", "officer", "official", "ambassador",
          "general", "gen.", "dr.", "dr", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "sheikh", "deputy",
          "senior", "u.n.", "un", "u.s", "u.s.", "us", "u.k.", "uk", "eu", "syrian", "turkish",
          "russian", "iranian", "british", "german", "french", "american", "european", "iraqi",
          "lebanese", "qatari", "saudi", "executive", "king", "queen", "pope", "colonel", "major",
          "sheriff", "mayor", "governor", "councillor", "councilor", "marshal", "superintendent",
          "administrator", "brigadier", "captain", "lieutenant", "admiral", "commander", "coordinator",
          "inspector", "constable", "chairman", "chairwoman", "chair", "mp", "senator", "judge",
          # abbreviated ranks and titles ("Maj. Gen. X", "Lt. Col. X", "Gov. X")
          "gen", "maj.", "maj", "brig.", "brig", "lt.", "lt", "col.", "col", "capt.", "capt", "sgt.", "sgt",
          "adm.", "adm", "cmdr.", "cmdr", "cpl.", "gov.", "gov", "sen.", "rep.", "supt.", "insp.", "premier"}
# Titles of local officials: a name keeps the title it is given ("Lee County Sheriff X" -> "X (Lee County
# Sheriff)") when no organisation is named.
LOCAL_TITLE = re.compile(r"\b(?:sheriff|mayor|governor|councillor|councilor|marshal|superintendent|"
                          r"administrator|commissioner|emergency management|fire chief|police chief)\b", re.I)
SOURCE_NOUNS = {"observers", "critics", "activists", "officials", "official", "sources", "source",
                 "diplomat", "diplomats", "residents", "witnesses", "monitors", "medics", "doctors",
                 "analysts", "experts", "spokesman", "spokeswoman", "correspondent", "journalists",
                 "volunteers", "workers", "rescuers", "commanders", "commander", "monitor", "coroner",
                 "coroners", "examiner", "examiners", "investigators", "prosecutors", "organisers", "organizers",
                 "leaders", "estimates"}
# Words that are never part of a person's name: compass words and a few proper nouns of religion and the
# web. The place names an article mentions (found by the gazetteer) are added per article: see `attribute`.
_NOT_NAMES = frozenset({"east", "west", "north", "south", "eastern", "western", "northern", "southern",
                        "soviet", "christ", "jesus", "koran", "twitter", "youtube", "whatsapp", "facebook",
                        "telegram", "county", "province", "city", "state", "district", "region"})
PLACE_WORDS: ContextVar[frozenset[str]] = ContextVar("place_words", default=frozenset())


def geo_word(word: str) -> bool:
    """Whether a word is never part of a person's name: a compass word or one of the article's places."""
    w = word.lower().strip("’'s")
    return word.lower() in _NOT_NAMES or w in _NOT_NAMES or word.lower() in PLACE_WORDS.get()
