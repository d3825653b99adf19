"""What the words around a name say: traps that are not places, and how to choose between homonyms.

A capitalised word that is also a place somewhere is usually not a place: "Most of them", "John Kerry",
"Doha Institute", "Mr Zarqa said". These rules reject such words for the broad layers only; the curated
and user layers list names someone chose on purpose, and only the organisation rule applies to them.
"""
from __future__ import annotations

import functools
import math
from typing import Protocol

from evacmap.gazetteer.model import Place, great_circle_km
from evacmap.gazetteer.normalize import ARTICLES
from evacmap.gazetteer.normalize import tokens as name_tokens
from evacmap.gazetteer.text import Token, Tokens
from evacmap.gazetteer.wordfrequency import zipf

ORG_WORDS = frozenset("""institute center centre council committee society university college observatory media
times post news agency group party front army brigade brigades hospital house airways airlines club fc united
declaration convention conventions conference foundation association union network channel radio tv television
journal herald tribune gazette bank company corporation corp inc ltd fund forum movement coalition alliance
museum school academy stadium mosque church station airport command ministry department office accord
accords process talks summit initiative watch monitor wire dispatch bulletin""".split())
TITLES = frozenset("""mr mrs ms miss dr president secretary minister premier general gen envoy chancellor king
queen prince pope senator sen rep governor mayor judge lord sir colonel col captain capt commander spokesman
spokeswoman lieutenant sergeant father brother sister saint st ambassador""".split())
SPEECH = frozenset("""said says told added warned stated reported claimed asked urged hailed likened called spoke
explained noted wrote tweeted insisted argued announced congratulated believes believed thinks thought wants
wanted hopes hoped admitted denied""".split())
ASKED = frozenset("told asked urged warned".split())  # "Nowshera told to leave": who is told, in a headline
# Capitalised words that open a place's name in news text but are nobody's first name: "Southern California",
# "Greater London", "Northern Syria".
PLACE_MODIFIERS = frozenset("""north south east west northern southern eastern western central greater upper
lower inner outer old new downtown northeast northwest southeast southwest northeastern northwestern
southeastern southwestern""".split())
# A place's name before a title or office names the place the office belongs to, not a person:
# "Texas Governor Greg Abbott", "Aleppo Police", "Ankara Mayor".
OFFICE_WORDS = frozenset("""governor gov mayor police officials official authorities government state
legislature lawmakers congressman congresswoman attorney sheriff prosecutor prosecutors court""".split())
PREPOSITIONS = frozenset("""of in from at near for to across outside inside into around throughout within via""".split())
FUNCTION_WORDS = frozenset("""the a an in on at to from of and but for with by as if when while after before since
into near across outside inside this that these those its his her their our my your some most many all both
each every no not only then there here than so yet or nor""".split())
FACILITY_WORDS = frozenset("""hospital clinic mosque school university hotel stadium prison church camp
headquarters""".split())  # "al-Quds hospital": a building named after a place, not the place
ADDRESSEE_WORDS = frozenset({"told", "tells", "telling", "interviewed", "via", "quoted"})  # "told Al Jazeera"
MEDIA_NOUNS = frozenset({"correspondent", "correspondents", "reporter", "reporters", "journalist", "journalists",
                         "anchor", "bureau", "footage", "website", "channel", "broadcaster", "presenter"})
REGION_WORDS = frozenset({"province", "governorate", "countryside", "region", "district", "provinces", "state"})
SETTLEMENT_KINDS = frozenset({"city", "town", "village", "district", "camp", "crossing"})


def _proper(tokens: Tokens, k: int) -> bool:
    """Is word k a capitalised word that is not a function word or article: part of a name?"""
    word, lower = tokens.words[k], tokens.lowers[k]
    return bool((tokens.caps[k] and lower not in FUNCTION_WORDS and tokens.keys[k] not in ARTICLES
                 and not word.isupper()) or (word.isupper() and len(word) > 1 and lower not in FUNCTION_WORDS))


# The public bodies of a place: "Alexandria Police", "Richmond Police Department", "the Minnesota House",
# "Ankara Governor's Office". The geoparsing test sets' convention (Gritta et al. 2019, "associative"
# toponyms; LGL and TR-News annotate them) counts the place in such a phrase, since the body acts there.
PUBLIC_BODY_WORDS = frozenset("""police sheriff fire county state government parliament congress court
courts schools mayor governor gov officials authorities delegation""".split())
# A chamber of a legislature is a region's or a country's ("the Minnesota House"); after a town it is a
# building or an organisation ("Chatham House").
CHAMBER_WORDS = frozenset({"house", "senate", "assembly", "legislature"})
# Words after a name that make the phrase a unit or an event, not the place: "Azov regiment", "Gulf War".
UNIT_WORDS = frozenset("""regiment battalion militia war wars""".split())


def acronym_before(tokens: Tokens, i: int, text: str) -> bool:
    """Is the word before token i an organisation's acronym joined to the name ("CBC Toronto", "CTV
    Edmonton": a broadcaster's local station)? An acronym is nobody's first name."""
    if i == 0 or text[tokens.ends[i - 1]:tokens.starts[i]] != " ":
        return False
    word = tokens.words[i - 1]
    return 2 <= len(word) <= 5 and word.isupper() and word.isalpha() and not tokens.words[i].isupper()


def org_trap(tokens: Tokens, i: int, j: int, places: list[Place] | None = None, text: str = "") -> bool:
    """The name opens an organisation's name: "Doha Institute", "Aleppo Media Center", "Washington Post",
    or closes one after its acronym ("CBC Toronto"). The first organisation word decides: a public body of
    the place ("Richmond Police Department") is the place's own and keeps it (see PUBLIC_BODY_WORDS)."""
    if text and acronym_before(tokens, i, text):
        return True
    lowers = tokens.lowers  # read from the flat lists: this runs for every name of the article
    if j < len(tokens) and (lowers[j] in FACILITY_WORDS or lowers[j] in UNIT_WORDS):
        return True
    for k in range(j, min(j + 3, len(tokens))):
        word = lowers[k]
        gap = text[tokens.ends[k - 1]:tokens.starts[k]] if text else ""
        if not tokens.caps[k] or not _NAME_BREAK.isdisjoint(gap) or " - " in gap:
            return False  # a line break, bracket, comma or dash ends a name: "ERBIL, Iraq (Levant Post) -"
        if word in PUBLIC_BODY_WORDS or (word in CHAMBER_WORDS and places
                                         and any(p.kind in {"governorate", "country"} for p in places)):
            return False
        if word in ORG_WORDS:
            return True
    return False


_NAME_BREAK = frozenset("\n()[],;:\u2013\u2014")  # what ends a name between two words (and " - ")
# A newspaper's title names the paper, not its city ("The New York Times"), in the test sets' convention
# too (Gritta et al. 2019 class it as an embedded non-toponym).
MASTHEAD_WORDS = frozenset("""times post herald tribune journal gazette chronicle courier star telegraph
examiner inquirer""".split())


def associative(tokens: list[Token], i: int, j: int, text: str) -> bool:
    """Does the name, which opens an organisation's or facility's name, name the place the body belongs to
    ("Alberta Liquor Store Association", "CTV Edmonton", "Texas A&M University")? Not a saint's or a person's
    name in the possessive ("St. Michael's Hospital") nor a newspaper's title ("Los Angeles Times")."""
    if j < len(tokens) and text[tokens[j - 1].end:tokens[j - 1].end + 2] in {"'s", "’s"}:
        return False
    return not any(k < len(tokens) and tokens[k].word in MASTHEAD_WORDS for k in range(j, j + 3))


def inside_proper_name(tokens: Tokens, i: int, j: int, text: str) -> bool:
    """A one-word name that is a common English word, written inside a longer capitalised name ("Donetsk
    People's Republic", "the Gulf War", "Sea of Azov" for "Azov" after "Sea of"): the longer name is meant,
    not the place."""
    if j - i != 1:
        return False
    lowers = tokens.lowers
    if i >= 2 and lowers[i - 1] == "of" and tokens.caps[i - 2] and lowers[i - 2] in FEATURE_WORDS - PORT_WORDS:
        return True  # "Sea of Azov", "Gulf of Aden": a feature named after the place, not the place
    if zipf(lowers[i]) < 4.0:
        return False
    before = text[tokens.ends[i - 1]:tokens.starts[i]] if i > 0 else ""
    after = text[tokens.ends[i]:tokens.starts[j]] if j < len(tokens) else ""
    joined_before = i > 0 and _proper(tokens, i - 1) and before.strip() in {"", "'s", "’s"} and not tokens.initial(i)
    joined_after = j < len(tokens) and _proper(tokens, j) and after.strip() == "" and "\n" not in after
    return joined_before or joined_after


def acronym_trap(tokens: Tokens, i: int, j: int, places: list[Place], text: str) -> bool:
    """An all-capitals word inside ordinary text is an acronym ("NATO", "WHO"): it names a place only when
    the place is written that way ("UK", "UAE"), or in a dateline or headline of capitals at the start of a
    line ("WASHINGTON (AP) —", "MANSFIELD —")."""
    word = tokens.words[i]
    if j - i != 1 or not word.isupper() or len(word) > 6:
        return False
    if any(word in p.names for p in places):
        return False
    # anything but spaces, quotes or brackets between the line's start and the word (looking back only over
    # those, not to the line's start: a long paragraph has many acronyms)
    k = tokens.starts[i]
    while k > 0 and text[k - 1] in " \t\"'“‘(":
        k -= 1
    return k > 0 and text[k - 1] != "\n"


# The style guides' abbreviated months, written before a day: "Nov. 3", "Sept. 12" (Nov is also a town).
MONTH_ABBREVIATIONS = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())


def month_abbreviation(tokens: Tokens, i: int, j: int, text: str) -> bool:
    """Is the name an abbreviated month before a day of the month ("Nov. 3 to 6")?"""
    if j - i != 1 or tokens.lowers[i] not in MONTH_ABBREVIATIONS:
        return False
    after = text[tokens.ends[i]:tokens.ends[i] + 4]
    return after[:1] == "." and after[1:].strip()[:1].isdigit()


CALENDAR_WORDS = frozenset("""monday tuesday wednesday thursday friday saturday sunday january february march
april may june july august september october november december christmas easter""".split())
WHEN_WORDS = CALENDAR_WORDS | {"yesterday", "today", "tomorrow", "tonight"}  # "On Friday Texas ...": no first name
# Words that make a name with the one before them, of a natural or built feature: "Hudson River", "Red Sea".
FEATURE_WORDS = frozenset("""river rivers sea seas lake lakes ocean bay gulf strait straits canal channel coast
island islands isle peninsula cape mountain mountains mount hill hills valley desert plain plains plateau forest
park square street road avenue boulevard bridge dam gate wall tower palace castle falls springs beach harbour
harbor port airport base city county parish borough village town district quarter heights basin delta""".split())
PORT_WORDS = frozenset({"port", "harbour", "harbor"})  # "the Port of Hastings" lies in Hastings, as no sea does


def _common_noun(tokens: Tokens, k: int) -> bool:
    """A capitalised word after a place's name that is a date or a very common English word (the same
    "very common" cutoff as common_word_trap) is the next word of a phrase, not a surname: "Aleppo
    Thursday", "Berlin Christmas market", "Ankara Bombing"."""
    lower = tokens.lowers[k]
    if lower in FEATURE_WORDS:
        return False  # "Hudson River", "Red Sea": the two words are one name, of a feature
    return lower in CALENDAR_WORDS or (not tokens.words[k].isupper() and zipf(lower) >= 5.0)


# Kin after a possessive name make it a person's: "Georgia's father", "Jordan's mother".
KIN_WORDS = frozenset("""father mother dad mum mom parents son daughter husband wife brother sister
grandmother grandfather family boyfriend girlfriend""".split())
QUOTE_CLOSERS = frozenset('"”’\'')


def personal(tokens: Tokens, i: int, j: int, text: str) -> bool:
    """Evidence that a name is a person's even when it is also a country's: the speaker after a quotation
    ('"…," said Georgia.') or a possessive before kin ("Georgia's father"). A country speaks in news too
    ("Turkey said"), so only these forms count for a country."""
    end = tokens.ends[j - 1]
    if j < len(tokens) and text[end:end + 2] in {"'s", "’s"} and tokens.lowers[j] in KIN_WORDS:
        return True
    if j - i != 1 or i < 1 or tokens.lowers[i - 1] not in SPEECH:
        return False
    before = text[max(0, tokens.starts[i - 1] - 3):tokens.starts[i - 1]]
    return any(c in QUOTE_CLOSERS for c in before) and text[end:end + 1] in {".", ",", ""}


def person_trap(tokens: list[Token], i: int, j: int, text: str) -> bool:
    """The name is part of a person's name or is used as one: "John Kerry", "Mr Zarqa", "Kerry said",
    "Maan al-Shanan"."""
    return person_signal(tokens, i, j, text) is not None


def person_signal(tokens: Tokens, i: int, j: int, text: str) -> str | None:
    """How strongly this occurrence says the name is a person's: "strong" after a title ("Mr Zarqa") or an
    addressee verb; "speaks" before a speech verb ("Kerry said", but also "Alberta wants"); "joined" after
    another capitalised word, as after a first name ("John Kerry", but also "CBC Toronto"); "weak" before
    another capitalised word ("Kerry Washington", but also "Aleppo Thursday"); None otherwise."""
    if j - i >= 2 and tokens.lowers[j - 1] in FEATURE_WORDS:
        return None  # "Lee County told residents", "Hudson River": a feature's name is nobody's
    return _person_evidence(tokens, i, j, text)


def _title_and_first_name(tokens: Tokens, first: int, text: str) -> bool:
    """"Attorney General Merrick Garland": a title, then a first name, then the name at `first`."""
    return (first >= 2 and tokens.lowers[first - 2] in TITLES and _proper(tokens, first - 1)
            and text[tokens.ends[first - 2]:tokens.starts[first - 1]].strip(" .") == ""
            and text[tokens.ends[first - 1]:tokens.starts[first]].strip() == "")


def _person_evidence(tokens: Tokens, i: int, j: int, text: str) -> str | None:
    # read from the flat lists (this runs for every name of the article): `prev` and `nxt` are the words
    # before and after, in lowercase, None at the text's ends
    lowers, starts, ends = tokens.lowers, tokens.starts, tokens.ends
    # "Maan al-Shanan": look past "al-", an article joined to the name (not the preposition in "Armenia at X")
    joined = i > 0 and (tokens.caps[i - 1] or text[ends[i - 1]:starts[i]] == "-")
    first = i - 1 if joined and tokens.keys[i - 1] in ARTICLES else i
    prev = lowers[first - 1] if first > 0 else None
    nxt = lowers[j] if j < len(tokens) else None
    gap_before = text[ends[first - 1]:starts[first]] if prev is not None else ""
    if prev is not None and ((prev in ADDRESSEE_WORDS and (prev != "via" or (nxt is not None and tokens.caps[j])))
                             or (prev == "to" and first >= 2 and lowers[first - 2] == "according")):
        return "strong"  # "told Al Jazeera", "via Times of India": a source; "flew home via Athens." a place
    gap_after = text[ends[j - 1]:starts[j]] if nxt is not None else ""
    if nxt is not None and nxt in MEDIA_NOUNS and gap_after.strip() in {"", "'s", "’s"}:
        return "strong"  # "Al Jazeera's correspondent"
    if prev is not None and ((prev in TITLES and gap_before.strip(" .") == "")
                             or _title_and_first_name(tokens, first, text)):
        return "strong"
    # a person's name never runs over a line break: a headline's last word is no first name of the dateline's
    if (prev is not None and _proper(tokens, first - 1) and not tokens.initial(first)  # "-" joins, " - " parts
            and (gap_before.strip() == "" or gap_before == "-") and "\n" not in gap_before
            and prev not in PLACE_MODIFIERS and prev not in WHEN_WORDS and not acronym_before(tokens, first, text)):
        return "joined"  # "John Kerry", but also "CBC Toronto", "Team Alberta"
    if (nxt is not None and nxt in SPEECH and gap_after.strip() == "" and not (nxt in ASKED and lowers[j + 1:j + 2] == ["to"])
            and not (prev is not None and gap_before.strip() == "" and (prev in PREPOSITIONS or prev in PLACE_MODIFIERS))):
        return "speaks"  # "Kerry said", not "the mayor of Paris said", "from downtown Tampa said", "X told to leave"
    if nxt is not None and (gap_after.strip() == "" or gap_after == "-") and "\n" not in gap_after:
        if tokens.keys[j] in ARTICLES and j + 1 < len(tokens) and tokens.caps[j + 1]:
            return "weak"
        if (_proper(tokens, j) and nxt not in ORG_WORDS and nxt not in REGION_WORDS
                and nxt not in TITLES and nxt not in OFFICE_WORDS and not _common_noun(tokens, j)):
            return "weak"
    return None


def common_word_trap(tokens: Tokens, i: int, j: int, place: Place) -> bool:
    """A one-word name that is a common English word ("Most", "Reading") and not a major place. wordfreq folds
    case, so big cities look common too ("london" 5.3): only very common words are traps mid-sentence, and
    moderately common ones at a sentence start, where any word is capitalised."""
    return j - i == 1 and common_word(tokens.words[i], tokens.initial(i), place)


def common_word(word: str, initial: bool, place: Place) -> bool:
    """common_word_trap for the one word `word`, at a sentence start if `initial`."""
    if place.kind == "country":
        return False
    frequency = zipf(word.lower())
    if frequency >= 5.0 and place.population < 1_000_000:
        return True
    if frequency >= 3.0 and place.source not in {"curated", "user"} and (
            place.population < 5_000 or (place.population < 1_000_000 and name_cost(place, word) > 0)):
        return True  # a village named like an English word or a common surname ("Christmas", "Hunter"), or a
        # town or city that has the word only as an alternate name ("Dolphin", an old name of a New Jersey town)
    return initial and frequency >= 3.5 and place.population < 100_000


# Offices and bodies of a first-level region: "Georgia Gov. Nathan Deal", "the Minnesota House".
REGION_OFFICE_WORDS = frozenset({"gov", "governor", "legislature", "legislators", "statehouse", "senate", "house",
                                 "assembly", "lawmakers"})


def wants_region(tokens: Tokens, i: int, j: int) -> bool:
    """"Idlib province", "the province of Idlib", "Aleppo countryside", "Georgia Gov." ask for the region."""
    lowers = tokens.lowers
    if j < len(tokens) and (lowers[j] in REGION_WORDS or lowers[j] in REGION_OFFICE_WORDS):
        return True
    return i >= 2 and lowers[i - 1] == "of" and lowers[i - 2] in REGION_WORDS


def km(a: Place, b: Place) -> float:
    return great_circle_km(a.lat, a.lon, b.lat, b.lon) if a.resolved and b.resolved else math.inf


CAPITAL_NOTE = "national capital"

# How much less likely a place is when the mention is not spelt like its own name: an alternate name (GeoNames
# lists every language's form, so "Goris" is also Lithuanian for Gori) costs a factor of 10 in population, a
# match reached only through the loose key (ou→u, doubled letters, -ah/-eh) a factor of about 30.
ALTERNATE_COST = 1.0
NORMALISED_COST = 1.5


@functools.lru_cache(maxsize=65536)
def spelling(name: str) -> str:
    """A name as written, with case, diacritics, apostrophes, hyphens and a leading article folded away:
    "Al-Bab" and "al Bab" are one spelling, "Goris" and "Gori" two."""
    words = name_tokens(name)
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)


def name_cost(place: Place, surface: str | None) -> float:
    """0 when `surface` is the place's own name, ALTERNATE_COST when it is one of its listed other names,
    NORMALISED_COST when only the loose matching key joins them (or no surface is given: 0)."""
    if not surface:
        return 0.0
    memo_key = (place.source, place.id, surface)
    cost = _COST_MEMO.get(memo_key)
    if cost is None:
        if len(_COST_MEMO) > 200_000:
            _COST_MEMO.clear()
        cost = _COST_MEMO[memo_key] = _name_cost(place, surface)
    return cost


_COST_MEMO: dict[tuple[str, str, str], float] = {}


def _name_cost(place: Place, surface: str) -> float:
    written = spelling(surface)
    if written == spelling(place.name) or (place.name_ar and written == spelling(place.name_ar)):
        return 0.0
    if any(written == spelling(n) for n in place.names):
        return ALTERNATE_COST
    return NORMALISED_COST


# A homonym within this distance of a place the article names unambiguously is its neighbour: an article
# about Enfield's Edmonton names streets and towns of north London, one about Edmonton, Alberta, Calgary.
NEAR_KM = 100.0
# Places whose point is the middle of an area: near the article's towns only when it holds one.
AREA_KINDS = frozenset({"governorate", "region", "country"})


class NearTowns(Protocol):
    """The towns an article names unambiguously, seen from one name (coherence.Nearby.seen_from)."""

    def __bool__(self) -> bool: ...
    def close(self, place: Place) -> bool: ...
    def in_country(self, country: str | None) -> bool: ...
    def holds(self, region: str, candidates: list[Place]) -> bool: ...


def importance(place: Place, focus: str | None, doc_countries: frozenset[str], surface: str | None = None,
               near: NearTowns | None = None) -> float:
    """A homonym's prior: population, the corpus focus country, the countries of the article's other places
    and the regions it names (`doc_countries` holds both: ISO codes and region ids), the towns it names
    unambiguously (`near`: a homonym within NEAR_KM of one), less the cost of the mention's spelling when it
    is not the place's own name (name_cost)."""
    score = math.log10(place.population + 10) - name_cost(place, surface)
    if near and near.close(place):
        score += 1.5  # near one of the article's towns, or the region that holds one
    if place.kind == "country":
        score += 3
    elif place.note == CAPITAL_NOTE:
        score += 1  # "Washington", "Ankara": a capital is named for its government far beyond its size
    if focus and place.country == focus:
        score += 2
    if place.country and place.country in doc_countries:
        score += 1.5
    if place.parent and place.parent in doc_countries:  # its region is named in the article too
        score += 1.5
    return score


def choose(candidates: list[Place], *, region: bool, focus: str | None, doc_countries: frozenset[str],
           surface: str | None = None, near: NearTowns | None = None) -> tuple[Place | None, str]:
    """Pick one place among homonyms, or None when the evidence does not separate them."""
    # one candidate, or only small towns far from the story (then _only says so of the first)
    if focus and len(home := [c for c in candidates if c.country == focus]) == 1 and all(
            c is home[0] or far_from_story(c, focus, doc_countries, near) for c in candidates):
        candidates = home  # "Nowshehra": the one in the story's country, the others small towns far from it
    if len(candidates) == 1 or (focus and all(far_from_story(c, focus, doc_countries, near) for c in candidates)):
        return _only(candidates[0], focus, doc_countries, surface, near)
    if region:
        regional = [c for c in candidates if c.kind in {"governorate", "region"}]
        if regional:
            return regional[0], "name followed by province/region"
    settlements = [c for c in candidates if c.kind in SETTLEMENT_KINDS]
    # only a settlement spelt like the mention is named after its region ("Minneota" lists "Minnesota" as
    # another name: it does not make "Minnesota" a city)
    parents = {c.parent for c in settlements if c.parent and name_cost(c, surface) < ALTERNATE_COST}
    # a first-level region named like a city of its country ("Alexandria" governorate): the city is meant
    parents |= {c.id for c in candidates if c.kind == "governorate"
                and any(s.country == c.country and s.population >= 100_000 for s in settlements)}
    # unless the article names another town of that region ("Montreal ... Quebec") and the region goes by this
    # very name: then the region is meant ("Mykolaiv" is the city, whose oblast is "Mykolaivska oblast")
    exact = {c.id for c in candidates if name_cost(c, surface) == 0}
    parents = {p for p in parents if not (near and p in exact and near.holds(p, candidates))}
    if parents and any(c.id in parents for c in candidates):
        # "Ankara", "New York": the city, not the province or state named after it that contains it
        candidates = [c for c in candidates if c.id not in parents]
        if len(candidates) == 1:
            return candidates[0], "city preferred over its region of the same name"
    if candidates[0].source in {"curated", "user"}:
        return (settlements or candidates)[0], "settlement preferred over the region of the same name"
    candidates = _coherent(candidates, doc_countries)
    state = _dominant_region(candidates, focus, doc_countries, surface) if len(candidates) > 1 else None
    if state is not None:
        candidates = [state]
    if len(candidates) == 1:
        return candidates[0], ("a first-level region of the article's country, ten times its namesake towns"
                               if state else "the only one in the country of the article's other places")
    ranked = sorted(candidates, key=lambda c: (-importance(c, focus, doc_countries, surface, near), c.id))
    best, second = ranked[0], ranked[1]
    margin = (importance(best, focus, doc_countries, surface, near)
              - importance(second, focus, doc_countries, surface, near))
    if km(best, second) <= 50:
        return best, "homonyms within 50 km"
    if margin >= BALANCED_MARGIN:
        return best, f"largest/most relevant of {len(ranked)} places with this name (margin {margin:.1f})"
    return None, f"{len(ranked)} places with this name, {BALANCED} (margin {margin:.1f})"


def far_from_story(place: Place, focus: str | None, doc_countries: frozenset[str],
                   near: NearTowns | None = None) -> bool:
    """A town of under 100,000 people from the broad layers, outside the corpus focus country and every country and
    region the article names, and far from every town it names with one meaning: in a story about Canada, "Beacon
    Hill" (a neighbourhood the gazetteer lacks) is not Boston's, nor "Centennial Park" a hamlet in Arizona. Only with
    a declared focus (without one, an article's far-away names are normal) and in an article that names towns of its
    own (a bare name, as `geocode` gets it, is far from nothing); beside a namesake that is not, it is not meant."""
    return bool(focus and near and place.kind in SETTLEMENT_KINDS and place.population < 100_000
                and place.source not in {"curated", "user"} and place.country != focus
                and not ({place.country, place.parent} & doc_countries) and not near.close(place))


FAR_REASON = "only small places of this name, far from the story's country and places"


def _only(only: Place, focus: str | None, doc_countries: frozenset[str], surface: str | None,
          near: NearTowns | None = None) -> tuple[Place | None, str]:
    """The one candidate, unless a small place only the loose key joins to the mention, outside the article's countries
    ("Argeen": a village "Argin" on another continent) or far from its towns and their countries ("the Oder": Odder,
    in Denmark), or a small town far from the story (far_from_story)."""
    if far_from_story(only, focus, doc_countries, near):
        return None, FAR_REASON
    loose = only.source not in {"curated", "user"} and only.kind in SETTLEMENT_KINDS and only.population < 100_000 \
        and name_cost(only, surface) >= NORMALISED_COST and only.country != focus
    if loose and ((only.population < 5_000 and not ({only.country, only.parent} & (doc_countries | {focus})))
                  or (near and not near.close(only) and not near.in_country(only.country))):
        return None, "only a loose spelling of a small place outside the article's countries and far from its towns"
    return only, "only place with this name"


BALANCED = "none clearly more likely"  # why a balanced name is unresolved (coherence.Choices may still settle it)
# Below this difference of importance (log10 of population plus context bonuses: a factor of about three in
# population with no context for either) two homonyms are too close to call, and the name is left unresolved.
BALANCED_MARGIN = 0.5


def _dominant_region(candidates: list[Place], focus: str | None, doc_countries: frozenset[str],
                     surface: str | None) -> Place | None:
    """A first-level region of a country the article is about, spelt as its own name and with ten times the
    people of every town so named ("Delaware", "Wyoming" in a US story): the state, as an editor reads it,
    whatever towns nearby share the name. A town the text ties to its region ("Delaware, Ohio") was
    settled before this."""
    regions = [c for c in candidates if c.kind == "governorate" and c.country
               and (c.country in doc_countries or c.country == focus) and name_cost(c, surface) == 0]
    if len(regions) != 1:
        return None
    towns = [c.population for c in candidates if c.kind in SETTLEMENT_KINDS | {"county"}]
    others = [c for c in candidates if c is not regions[0] and c.kind not in SETTLEMENT_KINDS | {"county"}]
    if others or regions[0].population < 10 * max(towns, default=0):
        return None
    return regions[0]


def _coherent(candidates: list[Place], doc_countries: frozenset[str]) -> list[Place]:
    """Homonyms the article's context rules out: a country whose name is also a first-level region of a
    country the article is about ("Georgia" beside Atlanta), and a region named like its country's capital
    ("Washington": the capital is named for its government far more often than the state)."""
    countries = [c for c in candidates if c.kind == "country"]
    if countries and any(c.kind == "governorate" and c.country in doc_countries for c in candidates):
        candidates = [c for c in candidates if c.kind != "country" or c.country in doc_countries]
    capitals = {c.country for c in candidates if c.note == CAPITAL_NOTE}
    if capitals:
        kept = [c for c in candidates if not (c.kind in {"governorate", "region"} and c.country in capitals)]
        candidates = kept or candidates
    return candidates
