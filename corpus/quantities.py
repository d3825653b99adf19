"""Numbers in news prose, with their qualifier and what they count.

"Approximately 200 left in the first batch of 17 buses" gives two quantities: about 200 (people,
the noun is elided) and 17 buses. Numbers that do not count anything in the story are dropped at
the source, so that no later stage can mistake them for claims: years, ages and compound
adjectives ("9-month-old", "15-member", "six-year-long"), durations ("four years", "for 3,000
years"), clock times, ordinals and phone numbers.

A quantity whose counted noun cannot be found keeps ``counts=None``; callers that want claims
keep only counted ones. Vague amounts ("hundreds of families", "tens of thousands") carry a range
(low/high) and no point value; "between 1,500 to 5,000" likewise.

"""
from __future__ import annotations

import math
import re
from dataclasses import replace

from evacmap.corpus.counted import DEMONYM as _DEMONYM
from evacmap.corpus.counted import HUMAN, MONTH_DAY, MOVED_COUNT, REACHED, WHOLE_OF
from evacmap.corpus.counted import NOUNS as _NOUNS
from evacmap.corpus.folding import fast
from evacmap.corpus.model import Quantity
from evacmap.corpus.numberwords import DIGIT_SCALES, NUMWORD, UNITS, digits_value, word_number, words_to_number
from evacmap.corpus.victims import LISTABLE, listed, role_of, victims

# Vague amounts: (low, high) of the range the phrase conventionally means.
_VAGUE = {
    "hundreds of thousands": (200_000, 999_999), "tens of thousands": (20_000, 99_999), "several hundred": (300, 900),
    "several thousand": (3_000, 9_000), "a few hundred": (200, 500), "a few thousand": (2_000, 5_000),
    "a few dozen": (24, 60), "several dozen": (36, 100), "millions": (2_000_000, 9_999_999), "thousands": (2_000, 9_999),
    "hundreds": (200, 999), "dozens": (24, 99), "scores": (40, 99)}
VAGUE_AMOUNTS = frozenset(_VAGUE)  # a count given only by one of these stays words on a page ("thousands")

_TIME_UNITS = (r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centur(?:y|ies)"
               r"|generations?|nights?|mornings?|afternoons?|evenings?|times|am|pm|a\.m\.|p\.m\.|gmt)")
_QUALIFIERS = (
    "approximately", "about", "around", "roughly", "some", "an estimated", "estimated", "estimated at", "nearly",
    "almost", "close to", "just under", "just over", "at least", "more than", "over", "upwards of", "no fewer than",
    "no less than", "fewer than", "less than", "up to", "as many as", "as high as", "as much as", "at most",
    "no more than", "exactly")
_QUAL_RE = re.compile(r"(?:^|(?<=[\s(\"“]))({})\s+$".format("|".join(
    sorted((re.escape(q) for q in _QUALIFIERS), key=len, reverse=True))), re.I)

_NUMBER = re.compile(
    r"(?P<phone>\+\d[\d ()-]{{6,}}\d|\b\d{{2,4}}(?: \d{{3,4}}){{2,}}\b)"
    r"|(?P<vague>\b(?:{})\b)".format("|".join(re.escape(v) for v in _VAGUE))
    + r"|(?P<digits>(?<![\w.,:/+#-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,]*\d)|(?<![\w.,:/+#-])\d+(?:\.\d+)?"
      rf"(?:\s+(?:{DIGIT_SCALES}))?)"
    + rf"|(?P<words>\b(?:an?\s+(?=(?:dozen|hundred|thousand|million)\b))?(?:{NUMWORD})"
      rf"(?:(?:[\s-]+(?:and\s+)?)(?:{NUMWORD}))*\b)",
    re.I,
)
_PLAIN = re.compile(r"(?P<phone>(?!))|(?P<vague>(?!))|(?P<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                    rf"|(?P<words>(?:{NUMWORD})(?:(?:[\s-]+(?:and\s+)?)(?:{NUMWORD}))*\b)", re.I)
_MONTHS = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
           r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_RANGE_JOIN = re.compile(r"\s*(?:to|and|-|–|or)\s*", re.I)
_HUMAN_VERB = re.compile(
    r"(?:were|was|are|have|had|has)?\s*(?:left|remain(?:ed|s)?|fled|escaped|died|arrived|crossed|"
    r"boarded|departed|gathered|stayed|were|are|had|have|came|went|flew|returned|travell?ed|walked|drove|"
    r"reached|landed|entered|disembarked|sailed)\b|(?:could|may|might|would|will|should|must|can)\s+(?:still\s+|yet\s+|"
    r"also\s+|soon\s+)?(?:be\s+(?:moved|evacuated|displaced|relocated|taken|bused|flown|forced)|leave|flee|cross|arrive|"
    r"return|need)\b", re.I)  # "a further 5,000 could be moved overnight"
_A_FIGURE = re.compile(r"\b(?:(?:the|a|its|their|a new|an updated|[\w-]+['’]s) (?:figure|number|total|estimate|tally|count)|"
                       r"^\W*it (?:stood|rose|climbed|reached|grew|jumped|fell)|"
                       r"\b(?:spoke|speaks|spoken) of)\b", re.I)  # "; island officials spoke of about 3,000"
# "42 in Lee County and 58 statewide", "28,120 at 8 p.m. ... and at 42,500": a bare number coordinated with a counted
# one counts the same thing; so does an earlier level it is set against ("28 missing, up from 17", "to 44 from 43").
# ... and what may follow such a number: no noun of its own ("and six international organisations" has one), a day.
_BARE_AFTER = re.compile(r"\s*(?:[,.;:)]|$)|\s+(?:in|on|at|by|from|to|into|statewide|nationwide|countrywide|overall|each|"
                         r"apiece|respectively|so far|later|earlier|a day|per day|the (?:day|week) (?:before|after)|"
                         r"the (?:previous|next|following) day)\b", re.I)
_COORDINATED = re.compile(r"(?:,|\band|\bor|\bagainst|\bversus|\b(?:up|down)\s+from|(?<=\d),?\s+from)\s+"
                          r"(?:(?:at|to|with)\s+)?(?:(?:about|around|some|nearly|almost|roughly|more than|over|at least|"
                          r"fewer than|less than)\s+)?$", re.I)
_OF_THEM = re.compile(r"^(?:\s+or so)?\s+(?:of (?:them|those|whom|these)|more|others?)\b", re.I)
_COUNT_OF = re.compile(r"\bthe (?:total |overall |official |daily |running )?(?:number|figure|total|toll|count|tally) of "
                       r"((?:[\w'’.-]+\s+){0,2}[\w'’.-]+)", re.I)
# "the death toll rose to 200", "the toll stood at 42": a toll is of the dead (not "the injury toll").
_TOLL = re.compile(r"\b(?:death|fatality|the)\s+toll\b(?!\s+of\b)", re.I)
_PUT_AT = re.compile(r"\b(?:put|puts|putting|gave|gives|set|sets)\s+(?:the|its|his|her|their|[\w'’-]+['’]s)\s+"
                     r"((?:[\w'’-]+\s+){0,3}?)([\w'’-]+)\s+at\s+"
                     r"(?:\w+\s+){0,2}$", re.I)
# "a population estimated at about 120,000", "a pre-war population of 300,000": the people living there.
_POPULATION_OF = re.compile(r"\bpopulation\s+(?:(?:was\s+|is\s+|then\s+)?(?:estimated|put|given)\s+at|of|"
                            r"(?:stood|stands)\s+at)\s+(?:\w+\s+){0,2}$", re.I)
# "sent the vehicles through in groups of 50": each group counts the thing sent.
_GROUPS_OF = re.compile(r"\b(?:in|into)\s+(?:groups|batches|waves|convoys|lots|columns)\s+of\s+(?:about\s+|some\s+|up to\s+)?$",
                        re.I)
_FIGURE = re.compile(r"\bthe (?:figure|number|toll|total|estimate|tally)\b", re.I)
_HOW_MANY = re.compile(r"\bhow many (\w+)", re.I)
_MODIFIER = re.compile(r"^(?:[A-Z][\w'’.-]*|foreign|rebel|other|more|green|government|wounded|"
                       r"injured|sick|local|young|armed|opposition|Shia|Shi'ite|Sunni|new|small|"
                       r"slow-moving|white|red|civilian|additional|extra|further|of|the|their|its|his|her|our|"
                       r"internationally|international|humanitarian|aid|relief|recruited|confirmed|storm|pet-friendly|emergency|fire|utility|power|"
                       r"first|evacuation|medical|military|commercial|chartered|charter|naval|special|"
                       r"registered|displaced|stranded|trapped|vulnerable|elderly|sick|passport|dual|"
                       # what kind of vehicle, and whose ("nine transport planes"), how badly hurt ("critically injured")
                       r"transport|cargo|passenger|coalition|allied|partner|rescue|troop|critically|seriously|severely|badly)$")


def _value(m: re.Match) -> float | None:
    if m.group("digits"):
        value = digits_value(m.group("digits"))
        return value if math.isfinite(value) else None  # 310+ digits: no count, and no valid JSON
    if m.group("words"):
        return words_to_number(m.group("words"))
    return None


# A number that names a thing rather than counting it: a road, exit, flight, gate, storm category, UN
# resolution ("Highway 63", "I-75", "U.S. 41", "Flight 370", "a Category 4 storm", "Resolution 2254").
_DESIGNATOR = re.compile(r"(?:\b(?:Highways?|Hwy\.?|Routes?|Rte\.?|Interstates?|Motorways?|Freeways?|Expressways?|"
                         r"Turnpike|Parkway|(?:State|County|Provincial|Federal|National|Trunk) (?:Road|Route|Highway)|"
                         r"Road|Exit|Junction|Gate|Terminal|Platform|Pier|Berth|Runway|Flights?|Category|Cat\.|"
                         r"Level|Phase|Stage|Zone|Sector|Block|Ward|Camp|Building|Room|Line|Lane|Unit|Squadron|"
                         r"Brigade|Battalion|Division|Regiment|Resolution|Article|Chapter|Section|Number|No\.|Nos?\.)|"
                         r"(?<![\w.])(?:US|U\.S\.|SR|CR|RN))\s*$|(?<![\w.])(?:I|A|M|N|E)-?$")


def _is_not_a_count(text: str, m: re.Match) -> bool:
    """Years, ages/compound adjectives, durations, times, ordinals, shares, money, dates, 'one of', 'one day'."""
    after = text[m.end():]
    before = text[: m.start()]
    raw = m.group(0)
    if m.group("words") and raw.lower() in ("one", "a", "an"):
        return bool(_ONE_OF.match(after)) or not _noun_after(after)[0]
    if m.group("digits") and _DESIGNATOR.search(before[-40:]):
        return True
    # each test in turn (the first that holds answers): asked for every number of every clause
    return bool(
        _COMPOUND.match(after)  # 9-month-old, 15-member
        or _ORDINAL_OR_TIME.match(after)
        or _DURATION_AFTER.match(after)
        or (_COLON_END.search(before) and _DIGIT.match(raw) and not _WORD_AFTER.match(after))  # "Tel: 555"
        or _SHARE_AFTER.match(after) or _MONEY_END.search(before)  # not head counts
        or _MONTH_END.search(before) or _MONTH_AFTER.match(after)  # "December 15"
        or (m.group("digits") and _YEAR.fullmatch(raw) and 1800 <= int(raw) <= 2100)  # a year (unless a noun follows)
    )


# The tests of _is_not_a_count and _noun_after, compiled once (each number of each clause asks).
_ONE_OF = re.compile(r"\s+(?:of|another|day|time|way|side|another|last|thing|hand)\b", re.I)
_COMPOUND = re.compile(rf"-(?!(?:{NUMWORD})\b)[A-Za-z]", re.I)
_ORDINAL_OR_TIME = re.compile(r"(?:st|nd|rd|th)\b|:\d|\s*(?:(?:am|pm)\b|a\.m\.|p\.m\.)|\s*gmt\b", re.I)
_DURATION_AFTER = re.compile(rf"\s+(?:(?:more|long|full|straight|consecutive|whole|entire|short)\s+)?{_TIME_UNITS}\b",
                             re.I)
_COLON_END, _DIGIT, _WORD_AFTER = re.compile(r"[:]\s*$"), re.compile(r"\d"), re.compile(r"\s+[A-Za-z]")
_SHARE_AFTER, _MONEY_END = re.compile(r"\s*(?:%|per ?cent\b)", re.I), re.compile(r"[$£€]\s*$")
_MONTH_END, _MONTH_AFTER = re.compile(rf"\b{_MONTHS}\s*$", re.I), re.compile(rf"\s+{_MONTHS}\b", re.I)
_YEAR, _ABBR, _MEMBERS = re.compile(r"\d{4}"), re.compile(r"\s*(?:[A-Z]\.){2,}"), re.compile(r"\s+members?\b", re.I)
_WORD = re.compile(r"\s*([A-Za-z][A-Za-z'’-]*(?<=-)\d+[A-Za-z]*|[A-Za-z][A-Za-z'’-]*)")
_FIGHTERS, _CAUSE_NEXT = re.compile(r"\s+fighters?\b", re.I), re.compile(r"\s+(?:by|in|when|after|as)\b")
_NAME_NEXT, _NEXT_WORD = re.compile(r"\s+[A-Z][a-z]"), re.compile(r"\s+([A-Za-z][\w'’-]*)")
_CITIZENS_NEXT = re.compile(r"\s+(?:passport\s+)?(?:citizens?|nationals?|holders)\b")


def _noun_after(after: str) -> tuple[str | None, int]:
    """The counted noun within a few modifier words after the number: (normal form, end offset)."""
    pos = 0
    nation = ""  # "British" in "2,000 British passport holders": whose nationals they are
    fallback: tuple[str, int] | None = None
    for _ in range(5):
        abbr = _ABBR.match(after[pos:])  # "U.S. citizens", "U.N. staff"
        if abbr:
            nation = abbr.group(0).strip()
            pos += abbr.end()
            continue
        m = _WORD.match(after[pos:])  # "C-17"
        if not m:
            return fallback or (None, 0)
        word = m.group(1)
        lw = word.lower()
        end = pos + m.end()
        if lw == "foreign" and (fighters := _FIGHTERS.match(after[end:])):
            return "foreign fighters", end + fighters.end()
        # a capitalised noun before another capitalised word may open a name ("5,000 National Guard troops"): the
        # noun after the name is the one counted, if there is one ("500 Residents Evacuated" in a headline: none)
        named = word[0].isupper() and _NAME_NEXT.match(after[end:]) is not None
        if lw in ("displaced", "missing") and (nxt := _NEXT_WORD.match(after[end:])) and nxt.group(1).lower() in _NOUNS:
            pos = end  # "5,000 displaced people": an adjective before the noun counted
            continue
        if lw in _NOUNS and named and fallback is None:
            fallback = (_NOUNS[lw], end)
        elif lw in _NOUNS and not named and not (fallback and word[0].isupper()) and not (
                lw in ("wounded", "injured", "killed", "dead") and pos == 0
                and _CAUSE_NEXT.match(after[end:])):
            if _NOUNS[lw] == "nationals" and nation:  # Turkish citizens are not Saudi citizens
                return f"{nation} nationals", end
            if (members := _MEMBERS.match(after, end)) is not None:  # "40 family members" are relatives, not families
                return {"families": "relatives"}.get(_NOUNS[lw], _NOUNS[lw]), members.end()
            return _NOUNS[lw], end
        nxt = _NEXT_WORD.match(after[end:])
        if _DEMONYM.match(word) and lw not in _NOUNS and not (nxt and (nxt.group(1)[0].isupper() or
                                                                        nxt.group(1).lower() in _NOUNS)):
            return word, end
        if lw in ("of",) and pos == 0:
            pos = end
            continue
        if not _MODIFIER.match(word) or (lw in ("more", "other") and pos):
            return fallback or (None, 0)
        nation = word if _NATION.match(word) and _CITIZENS_NEXT.match(after[end:]) else nation
        pos = end
    return fallback or (None, 0)


# A nationality before "citizens", "nationals", "passport holders": a capitalised adjective ("British",
# "Saudi", "Turkish", "Filipino"), not a body's name ("UN", "EU").
_NATION = re.compile(r"[A-Z][a-z]+(?:an|ian|ese|ish|i|ch|ic|ino|ine|ss|ot|ek|ak|ic)$")


def _qualifier(text: str, start: int) -> tuple[str | None, int]:
    """The qualifier right before a number ("at least", "an estimated") and where it starts."""
    window_start = max(0, start - 20)
    m = _QUAL_RE.search(text, window_start, start)
    if not m:
        return None, start
    q = m.group(1).lower()
    # "was estimated at 2.5 million": a number given as an estimate, as "an estimated 2.5 million"
    return {"an estimated": "estimated", "estimated at": "estimated"}.get(q, q), m.start(1)


# A number set right after another's phrase and a comma ("49 fires, seven of them"): "them" is that phrase.
_APPOSED = re.compile(rf"(?:\d[\d,.]*|\b(?:{NUMWORD}))\s+(?:[\w'’-]+\s+){{0,2}}[\w'’-]+,\s*$", re.I)


def _elided(text: str, m: re.Match, context: str, found: list[Quantity], offset: int = 0, *,
            prior: str | None = None, end: int | None = None) -> str | None:
    """What a number with no noun counts: 'the figure' asked about in the previous sentence (or counted
    there), "the number of X ... at N", "put the deaths at N", the head count earlier in the sentence
    ("the remaining 10,000", "1,539 of them", "four more"), or people when a verb of people follows
    ("200 left", "50,000 remained"), the count a colon details. None when nothing says. `offset`: where `text`
    starts in the article (the offsets of `found`); `end`: where the number ends, after the second number of a
    range ("between 3,000 and 4,000 of them")."""
    after = text[max(m.end(), end or 0):]
    before = text[:m.start()]
    asked = _HOW_MANY.search(context)
    if _FIGURE.search(text) and asked and asked.group(1).lower() in _NOUNS:
        return _NOUNS[asked.group(1).lower()]
    named = _named_before(before) or _reached_count(before, after)
    if named:
        return named
    # the head noun counted earlier: of a toll, who died or was hurt ("three workers were hurt and seven were missing")
    earlier = next((q.counts if q.counts not in ("killed", "wounded") else q.kinds[1] for q in found if _human(q.counts)
                    and (q.counts not in ("killed", "wounded") or len(q.kinds) == 2)), None)
    colon = before.rfind(":")
    if colon >= 0 and ";" not in before[colon:]:  # "168 of the wounded were flown ...: 96 by air, and 72 by road"
        detailed = [q.counts for q in found if q.end - offset <= colon and q.counts]
        earlier = detailed[-1] if detailed else earlier
    # "14,000 of them Sudanese"; "eight of the hamlet's estimated 34 families": a share of a count, what it counts
    of_them = re.match(r"\s+of (?:them|those|whom|these|(?:the|its|their)\s+(?:[\w-]+['’]s\s+)?"
                       r"(?:(?:estimated|some|about|around|roughly)\s+)?\d[\d,.]*)\s+", after, re.I)
    if of_them:
        kind, _ = _noun_after(after[of_them.end() - 1:])
        if kind:
            return kind
    if _OF_THEM.match(after):  # "four more are expected" after "Eleven Cypriots have been evacuated"
        # "1,298 homes destroyed this season, 381 of them on the coast": homes, however far the number's phrase
        # runs; "165 fires burning across the state, 47 of them": what 165 counts (no noun of ours names it)
        # (set off by a comma after that phrase: "flights carried 11,200 of them" are the people told of before)
        of_things = (found and 0 <= found[-1].end - offset <= len(before) and before.rstrip().endswith(",")
                     and re.match(r"\s+of (?:them|those|these)\b", after, re.I))
        # "49 fires, seven of them": the fires; "200 buses left, 40 of them": buses
        if found and not _human(found[-1].counts) and (_APPOSED.search(before) or of_things):
            earlier = found[-1].counts or "-"
        told = [q.counts for q in parse_quantities(context) if _human(q.counts)] if context and not earlier else []
        kind = earlier or (told[-1] if told else "people")
        return None if kind == "-" else kind
    last = found[-1].counts if found else None
    if last and _COORDINATED.search(before) and _BARE_AFTER.match(after):
        return last
    if _A_FIGURE.search(before) and re.search(r"\b(?:at|as|of|to)\s+(?:\w+\s+){0,2}$", before):
        # "the total", "a figure" of what the previous sentence counted (as that sentence's claims read it)
        counted = [q.counts for q in parse_quantities(context) if _human(q.counts)] if context else []
        # "The death toll climbed. It stood at 40": the dead
        toll = "killed" if context and _TOLL.search(context) and not re.search(r"\d", context) else None
        if counted or prior or toll:
            return counted[0] if counted else (prior or toll)
    whole = WHOLE_OF.match(after)  # "put the total at 3,100, among them 900 Chileans": people
    people_verb = _HUMAN_VERB.match(re.sub(r"^\s+or so\b", "", after).lstrip()) or \
        (whole and _human(_noun_after(after[whole.end():])[0]))
    if not people_verb and not re.match(r"(?:\s+or so)?(?:\s+(?:in|from|at|on|to|inside|by|during|who|that|whom|"
                                        r"through|via|into|across|aboard)\b|[,.;:])", after):
        return None
    return earlier or ("people" if people_verb else None)


def counts_people(counts: str | None) -> bool:
    """Whether a quantity's counts are people (for what "the total" of a later sentence counts)."""
    return _human(counts)


def _human(counts: str | None) -> bool:
    return counts is not None and (counts in HUMAN or bool(_DEMONYM.match(counts)) or counts.endswith(" nationals"))


def _named_before(before: str) -> str | None:
    """The noun a number stands for when the clause named it first: "put the number of Turkish citizens
    taken to Ethiopia at 1,600", "put the confirmed storm deaths at 42", "a population estimated at 9,000",
    "sent the trucks in batches of 30"."""
    if _POPULATION_OF.search(before):
        return "population"
    if _GROUPS_OF.search(before):  # "sent the vehicles through in groups of 50"
        sent = [_NOUNS[w.lower()] for w in re.findall(r"[A-Za-z]+", before) if w.lower() in _NOUNS]
        return sent[-1] if sent else None
    put = _PUT_AT.search(before)
    if put and put.group(2).lower() in _NOUNS:
        return _NOUNS[put.group(2).lower()]
    if put and put.group(2).lower() == "toll" and not re.search(  # a toll is of the dead unless it says otherwise
            r"\b(?:injury|injuries|casualty|financial|economic)\b", put.group(1), re.I):
        return "killed"
    of = _COUNT_OF.search(before)
    if of and re.search(r"\bat\s+(?:\w+\s+){0,2}$", before):
        noun, _ = _noun_after(" " + of.group(1))
        return noun
    return None


def _reached_count(before: str, after: str) -> str | None:
    """The noun of a count the clause named before a verb of reaching, the number bare after it: "the number of
    people evacuated rose to 3,000", "the number evacuated since Aug. 15 reached 8,200", "those evacuated so far
    total 900" (see counted.REACHED); not "people moved to 40 sites" (the number has a noun of its own)."""
    if not _BARE_AFTER.match(after):
        return None
    before = MONTH_DAY.sub("that day", before)  # a date between the noun and the number is no other count
    of = _COUNT_OF.search(before)
    if of and REACHED.search(before) and not re.search(r"\d", before[of.end():]):
        return _noun_after(" " + of.group(1))[0]
    toll = _TOLL.search(before)
    if toll and REACHED.search(before) and not re.search(r"\d", before[toll.end():]):
        return "killed"
    moved = MOVED_COUNT.search(before)
    if moved:
        head = (moved.group(1) or "").lower()
        return _NOUNS[head] if head in _NOUNS else "people"
    return None


def _range(text: str, m: re.Match, value: float, qualifier: str | None, qstart: int):
    """A range starting at number `m` ("between 1,500 to 5,000", "1,500-5,000", "from 10 to 20"): (low, high,
    qualifier, qstart, end) or None."""
    rj = _RANGE_JOIN.match(text, m.end())
    m2 = _PLAIN.match(text, rj.end()) if rj else None
    joiner = rj.group(0).strip().lower() if rj else ""
    before = text[:m.start()]
    if not (m2 and not m2.group("phone") and not m2.group("vague") and (_value(m2) or -1.0) >= value):
        return None  # no second number, or one below the first: no range with low > high
    # "four or five boats", "2,000 or 3,000 people": two numbers of one kind joined by "or", the second larger
    either = joiner == "or" and (_value(m2) or 0.0) > value and bool(m.group("words")) == bool(m2.group("words"))
    if not (qualifier == "between" or joiner in ("to", "-", "–") or either
            or _BETWEEN_FROM_END.search(before)):
        return None
    if joiner == "and" and not _BETWEEN_END.search(before):
        return None
    bm = _BETWEEN_FROM_END.search(before)
    return value, _value(m2), "between", (bm.start(1) if bm else qstart), m2.end()


def _number(text: str, m: re.Match, qualifier: str | None, qstart: int):
    """(value, low, high, qualifier, qstart, end) of a digits/words number, or None when it counts nothing."""
    value = _value(m)
    if value is None:
        return None
    end, before = m.end(), text[:m.start()]
    if m.group(0).lower() == "one" and _OF_NEXT.match(text, end):
        return None  # "one of the buses" picks one out, it counts nothing
    if m.group("words") and value <= 10 and _DEFINITE_END.search(before):
        return None  # "the two diplomats" refers back to people already named; it counts nothing new
    if _is_not_a_count(text, m) and _noun_after(text[end:])[0] is None:
        return None
    span = _range(text, m, value, qualifier, qstart)
    if span:
        low, high, qualifier, qstart, end = span
        return None, low, high, qualifier, qstart, end
    return value, None, None, qualifier, qstart, end


# The tests of _range, _number and parse_quantities, compiled once (each number of each clause asks).
_BETWEEN_FROM_END, _BETWEEN_END = re.compile(r"\b(between|from)\s+$", re.I), re.compile(r"\bbetween\s+$", re.I)
_DEFINITE_END = re.compile(r"\b(?:the|these|those|both)\s+$", re.I)
_OF_NEXT, _OR_SO = re.compile(r"\s+of\b", re.I), re.compile(r"\s+or so\b", re.I)
_OR_MORE = re.compile(r"\s+or (?:more|above)\b", re.I)


def _bounds(value: float | None, low, high, qualifier: str | None):
    """low/high implied by a qualifier ("at least 3,000" -> low 3,000)."""
    if qualifier in ("at least", "more than", "over", "upwards of", "no fewer than", "no less than", "just over"):
        return value, high
    if qualifier in ("up to", "as many as", "as high as", "as much as", "at most", "no more than", "fewer than",
                     "less than", "almost", "nearly", "just under", "close to"):
        return low, value
    return low, high


# A truce's length is a claim about the truce ("a 72-hour ceasefire", "a ceasefire lasting three days"), while any
# other duration ("for four years") is not a count at all.
_TRUCE = r"(?:ceasefire|cease-fire|truce|pause|humanitarian pause|lull|cessation of hostilities|halt)"
_DUR_NUM = rf"(\d{{1,3}}|{'|'.join(sorted(UNITS, key=len, reverse=True))}|twenty|thirty|forty|forty-eight|seventy-two)"
_DURATION = re.compile(
    rf"\b{_DUR_NUM}[\s-](hours?|days?|weeks?)(?:[\s-]long)?\s+(?:(?:nationwide|humanitarian|temporary|"
    rf"fragile|new|formal|unilateral)\s+)*{_TRUCE}\b"
    rf"|\b{_TRUCE}\s+(?:(?:that\s+)?(?:is\s+|was\s+)?(?:expected|set|due|scheduled|meant|supposed|intended)\s+)?"
    rf"(?:lasting|of|that lasts|that would last|to last)\s+{_DUR_NUM}\s+(hours?|days?|weeks?)\b"
    rf"|\b(?:{_TRUCE}|deal|agreement)\s+(?:had\s+)?(?:collapsed|broke down|fell apart|held|lasted|unravell?ed)\s+"
    rf"(?:in|within|after|for)\s+(?:(?:less than|more than|fewer than|under|just|only|barely|nearly|about)\s+)?"
    rf"{_DUR_NUM}\s+(hours?|days?|weeks?)\b", re.I)
_DURATION_WORDS = re.compile(rf"{_TRUCE}|deal|agreement", re.I)  # in every match of _DURATION: a cheap test first


def truce_durations(text: str, offset: int = 0) -> list[Quantity]:
    """The lengths of truces a sentence states, as quantities counting hours, days or weeks."""
    out: list[Quantity] = []
    if _DURATION_WORDS.search(text) is None:
        return out
    for m in _DURATION.finditer(text):
        k = next(i for i in (1, 3, 5) if m.group(i))
        value = word_number(m.group(k))
        if value is None:
            continue
        unit = m.group(k + 1).lower()
        unit = unit if unit.endswith("s") else unit + "s"
        qualifier, _ = _qualifier(text, m.start(k))
        low, high = _bounds(value, None, None, qualifier)
        out.append(Quantity(value, low, high, qualifier, unit, m.group(0), offset + m.start(), offset + m.end()))
    return out


def parse_quantities(text: str, offset: int = 0, context: str = "", prior: str | None = None) -> list[Quantity]:
    """All quantities in `text` (one sentence); offsets are `offset` + position in `text`.

    `context` is the previous sentence, used when the counted noun is 'the figure' of something
    asked there ("how many people are left ... The UN has put the figure as high as 50,000"); `prior` what the
    previous sentence's claims count, as read (also across a paragraph, and where that sentence's own count
    is elided: "... had put the total at 65,036. ... gave a figure of 78,354").
    """
    out: list[Quantity] = []
    pos = 0
    while m := _NUMBER.search(text, pos):
        pos = m.end()
        if m.group("phone"):
            continue
        qualifier, qstart = _qualifier(text, m.start())
        if m.group("vague"):
            low, high = map(float, _VAGUE[m.group("vague").lower()])
            value, qualifier, end = None, qualifier or m.group("vague").lower(), m.end()
            om = _OF_NEXT.match(text[end:])
            noun_from = end + (om.end() if om else 0)
        else:
            parsed = _number(text, m, qualifier, qstart)
            if parsed is None:
                continue
            value, low, high, qualifier, qstart, end = parsed
            pos = noun_from = end
        if value is not None and (so := _OR_SO.match(text, end)):
            # "the remaining 2,000 or so", "some 2,000 or so people": about that many, the noun after "or so"
            qualifier, noun_from = qualifier or "about", so.end()
        elif value is not None and (more := _OR_MORE.match(text, end)):
            # "the 250,000 or more people who could yet flee": at least that many, the noun after "or more"
            qualifier, noun_from = qualifier or "at least", more.end()
        low, high = _bounds(value, low, high, qualifier)
        q = _counted(text, m, context, out, (value, low, high, qualifier, qstart, end, noun_from), offset=offset,
                     prior=prior)
        if q is not None:
            out.append(replace(q, start=offset + q.start, end=offset + q.end))
    taken = [(q.start, q.end) for q in out]
    out += [d for d in truce_durations(text, offset) if not any(a < d.end and d.start < b for a, b in taken)]
    return sorted(out, key=lambda q: q.start)


def _counted(text: str, m: re.Match, context: str, found: list[Quantity], parsed, *, offset: int = 0,
             prior: str | None = None) -> Quantity | None:
    """The quantity with what it counts (its noun, a list of nouns, or the elided noun), or None."""
    value, low, high, qualifier, qstart, end, noun_from = parsed
    counts, nend = _noun_after(text[noun_from:])
    nend = noun_from + nend if counts else end
    if counts is None:
        counts = _elided(text, m, context, found, offset, prior=prior, end=end)
    noun, counts = counts, role_of(text, qstart, nend, counts)
    if counts is None and m.group("words") and m.group(0).lower() in ("one", "a", "an"):
        return None
    if qualifier is None and m.group("words") and re.search(r"\bdozens?\b", m.group(0), re.I):
        qualifier = "about"  # "two dozen vehicles" is a round figure, not exactly 24
    kinds: tuple[str, ...] = ()
    if counts in LISTABLE:
        kinds, nend = listed(text, nend, counts)
        if len(kinds) > 1:
            counts = "people"
    if len(kinds) < 2 and counts in ("killed", "wounded"):
        bare = bool(_BARE_AFTER.match(text[m.end():].lstrip()[len(counts):]))
        kinds = victims(text, m, noun, counts, last=found[-1] if found else None, bare=bare)
    return Quantity(value=value, low=low, high=high, qualifier=qualifier, counts=counts, text=text[qstart:nend],
                    start=qstart, end=nend, kinds=kinds)


# Searched on folded text (corpus/folding.py): the same matches, without IGNORECASE's slow scan.
_NUMBER, _DURATION_WORDS, _QUAL_RE = fast(_NUMBER), fast(_DURATION_WORDS), fast(_QUAL_RE)
_MONTH_END, _BETWEEN_FROM_END, _BETWEEN_END, _DEFINITE_END = map(fast, (_MONTH_END, _BETWEEN_FROM_END, _BETWEEN_END,
                                                                    _DEFINITE_END))
