"""Scope and modality: which part of an operation a number covers, and whether it happened.

A count means nothing without its scope. "200 left in the first batch" and "1,000 were evacuated on
Thursday" are both right if the first batch was a fifth of the day; set side by side without their scope
they look like a disagreement. So every claim (and every number whose own words say more) carries:

scope     first_batch / first_convoy ("the first batch of 17 buses", "began with a convoy of"),
          second_convoy, third_convoy ... (an ordinal batch), first_two ... ("the first two evacuations"),
          cumulative ("so far", "to date", "since the operation began"), total ("in total", "a total of",
          the whole of an "N, including M" pair), daily ("per day", "each day"), part ("including 40,000
          civilians"), remainder ("the remaining 10,000"), target ("the target of 5,000"), population
          (the people an operation concerns, not people moved: "evacuations began for thousands of").
          None when the text says nothing.
modality  reported (done, as told), planned ("will be taken", "would go"), expected ("expected to",
          "likely to", "could take days"), possible ("may opt to"), feared ("fears that"), target.

The cues are the ordinary words of news English; the clause a number sits in decides its own scope
(cues of another clause are not its own), and a reporting frame ("X said") is transparent.
"""
from __future__ import annotations

import functools
import re

from evacmap.corpus.families import Family
from evacmap.corpus.folding import fast

__all__ = ["MODALITIES", "SCOPES", "clause_scope", "day_series", "modality", "part_scope", "quantity_modality",
           "quantity_scope", "subject_tally"]

SCOPES = ("first_batch", "first_convoy", "second_convoy", "third_convoy", "first_two", "cumulative", "total",
          "daily", "part", "remainder", "target", "population")
MODALITIES = ("reported", "planned", "expected", "possible", "feared", "target")

_ORD = {"second": "second", "third": "third", "fourth": "fourth", "fifth": "fifth", "sixth": "sixth",
        "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "next": "second"}
_NUMW = {"two": "two", "three": "three", "four": "four", "five": "five", "2": "two", "3": "three",
         "4": "four", "5": "five"}
_BATCH = (r"(?:convoys?|batch(?:es)?|groups?|waves?|rounds?|flights?|planes?|aircraft|jets?|evacuations?|buses|"
          r"boats?|ships?|vessels?|trains?|rotations?|airlifts?|sorties?|shuttles?|evacuees|departures?|"
          r"stages?|phases?)")
_FIRST_N = re.compile(rf"\bfirst\s+(two|three|four|five|[2-5])\s+(?:\w+\s+)?{_BATCH}\b", re.I)
_FIRST = re.compile(rf"\b(?:first|initial|opening)\s+(?:\w+\s+|of\s+(?:the|those|these|its|their)\s+)?({_BATCH})\b",
                    re.I)
_BEGAN_WITH = re.compile(r"\b(?:began|begun|started|opened|kicked off|got under way)\s+with\s+(?:an?|the)\s+"
                         rf"(?:\w+\s+)?({_BATCH})\b", re.I)
_NTH = re.compile(rf"\b(second|third|fourth|fifth|sixth|2nd|3rd|4th|5th)\s+(?:\w+\s+)?({_BATCH})\b", re.I)
# "the biggest single load ... so far": "so far" bounds the superlative, not the count.
_SUPERLATIVE_SO_FAR = re.compile(r"\b(?:\w+est|most|largest|biggest)\b[^,;.]{0,60}\b(?:so far|to date|yet)\b|"
                                 # "the largest number in a single day since the operation began": the same
                                 r"\b(?:largest|biggest|highest|greatest|most|worst|busiest|heaviest|deadliest)\b"
                                 r"[^,;.]{0,60}\bsince\b[^,;.]{0,60}", re.I)
_CUMULATIVE = re.compile(r"\b(?:so far|to date|thus far|until now|up to now|in recent days|since (?:the )?"
                         r"(?:operation|evacuation|airlift|start|beginning)|"
                         r"since (?:the )?(?:[\w-]+ ){0,3}?(?:began|started|came into force|took effect)|"
                         r"since (?:\w+ing|(?:mon|tues|wednes|thurs|fri|satur|sun)day|dawn|midnight|last \w+|early \w+|"
                         r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.? \d{1,2})|"
                         r"(?:total|tally|number) (?:has |had )?(?:risen|rose|climbed|reached))\b", re.I)
# "as of 8 a.m.", "by Thursday night", "had now arrived": a count as of a moment, i.e. a running total. "had
# already" is not one: the past perfect only sets an event before the time told of ("had already been taken").
_AS_OF = re.compile(r"\b(?:as of|as at|by (?:noon|midday|midnight|dawn|nightfall|then|now|the end of \w+|"
                    r"\d{1,2}(?:[:.]\d\d)?\s*(?:a\.m\.|p\.m\.|am|pm)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
                    r"(?:has|have) (?:now|already|so far)|had (?:now|so far)|up from)(?!\w)", re.I)  # "by 10 p.m.," ends in "."
# A tally stated as such: "put the figure at 388", "put the death toll at 20", "gave a figure of 78,354", an
# authority's count of deaths ("the commission listed 49 deaths"): a toll as of the report.
_TALLY = re.compile(r"\b(?:(?:put|puts|putting)\s+(?:the|its|their|his|her|[\w'’-]+['’]s)\s+"
                    r"(?:[\w'’-]+\s+){1,8}?at\s+(?:\w+\s+){0,2}\d|"
                    r"(?:gave|gives|raised|revised)\s+(?:the|a|its|their)\s+(?:\w+\s+){0,3}?"
                    r"(?:figure|number|toll|total|tally|count)\b|"
                    r"\b(?:listed|lists|recorded|records|confirmed|confirms|reported|reports)\s+(?:\w+\s+)?"
                    r"(?:[\d,]+|[a-z]+)\s+(?:\w+\s+)?(?:deaths|fatalities)\b)", re.I)
# The present perfect on a counted clause ("12 people have been rescued", "have been flown out") reports a
# state as of the report: a running total. The past perfect does not: in reported speech it is backshift,
# in narrative it orders events ("Italy said it had flown out 200", "68 people had died in the explosion").
_PERFECT = re.compile(r"\b(?:has|have|'ve)\s+(?:now\s+|already\s+|so far\s+|since\s+|also\s+)?(?:been\s+)?"
                      r"(?:[a-z]+ed|[a-z]+en|flown|brought|taken|left|fled|made|put|let|gone|come|sent|given|"
                      r"carried|crossed|reached|arrived|died|saved)\b", re.I)
# The past perfect with the number counted as its subject and a verb of leaving, arriving or being taken in
# ("said 20,000 people had fled into Chad", "over 5,000 had crossed", "600 families had already been housed")
# is the backshifted present perfect of a running total ("20,000 have fled"), or a count as of a stated moment
# ("Tuesday only 900 people had checked in"); so is a toll ("58 people had died in the county"), but not one an
# event bounds: "68 had died in the blast" is that event's toll (see _MOMENT); not
# with another subject: "it had flown out 200" may be one flight; not when the verb is tied to a moment of its
# own: "281 of them had left that afternoon" is one departure.
_SUBJECT_PLUPERFECT = re.compile(r"^(?:\s+or so)?(?:\s+[\w'’-]+){0,4}?\s+had\s+(?:now\s+|already\s+|since\s+|so far\s+)?"
                                 r"(?:been\s+)?(?:fled|crossed|arrived|reached|entered|left|gone|returned|checked|"
                                 r"registered|housed|sheltered|evacuated|relocated|moved|rescued|resettled|displaced|"
                                 r"taken in|sought|found shelter|died)\b([^,;:]*)", re.I)
_MOMENT = re.compile(r"\b(?:on|that|this|last|early|late)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|morning|"
                     r"afternoon|evening|night)\b|\bat\s+\d|\byesterday\b|\bin the (?:first|second)\b|"
                     r"\b(?:in|from) (?:the|that|this|last \w+'s) (?:[\w-]+\s+){0,2}?(?:blast|attack|explosion|crash|"
                     r"strike|fire|shelling|bombing|collapse|stampede|sinking)\b", re.I)


def subject_tally(text: str, end: int) -> bool:
    """Whether the number ending at `end` is the subject of a past perfect of leaving, arriving or being taken
    in that no moment of its own bounds: a running total as of the report (see _SUBJECT_PLUPERFECT)."""
    m = _SUBJECT_PLUPERFECT.match(text[end:])
    return m is not None and not _MOMENT.search(m.group(1))


# A state as of a moment is a snapshot, not a running total: "1,100 firefighters were battling the fires as of
# Thursday night", "2,600 people remained in shelters as of noon" (no perfect: "had crossed by noon" is a total).
_SNAPSHOT = re.compile(r"\b(?:(?:is|are|was|were)\s+(?:still\s+)?\w+ing|remain(?:s|ed)?|stay(?:s|ed)?|"
                       r"there (?:is|are|was|were)|(?:is|are|was|were) (?:still )?(?:in|at|on board|inside|housed|"
                       r"sheltering|deployed|in place))\b", re.I)
_PERFECT_ANY = re.compile(r"\b(?:has|have|had|'ve)\s+(?:\w+\s+)?(?:been\s+)?\w+(?:ed|en)\b", re.I)
_TOTAL = re.compile(r"\b(?:in total|a total of|in all|altogether|overall|all told|the total of|total number)\b",
                    re.I)
# A rate, not a span: "500 people a day" is daily, "within a day", "in a day" are durations.
# A count over a stated period is that period's total: "over the weekend", "in five days", "between April 21
# and April 25".
_PERIOD = re.compile(r"(?<!earlier )(?<!later )\b(?:over|during|in|across) the (?:past |last )?(?:weekend|week|\w+ days)\b"
                     r"(?! ago)|"  # "later in the week" is when, not a span
                     r"(?<!earlier )(?<!later )\bthis week\b|"
                     r"\bin (?:two|three|four|five|six|seven|\d+) days\b|"
                     r"\bbetween (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.? \d{1,2} and "
                     r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\.? )?\d{1,2}\b", re.I)
_DAY_AFTER = re.compile(r"^[^,;:]*?\bon ((?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:jan|feb|mar|apr|may|jun|jul|aug|"
                        r"sep|oct|nov|dec)\w*\.? \d{1,2})\b", re.I)
_DAILY = re.compile(r"\b(?:per day|(?<!within )(?<!in )(?<!for )(?<!than )(?<!of )a day|each day|every day|"
                    # not "the daily briefing", "in the daily sailings": what is held or runs each day, not a rate
                    r"daily(?!\s+(?:briefings?|updates?|reports?|bulletins?|(?:press|news)\s+(?:conferences?|briefings?)|"
                    r"statements?|sailings?|flights?|convoys?|shuttles?|services?|ferr(?:y|ies)))|"
                    r"(?<!within )(?<!in )(?<!for )a night|each night|per hour|(?<!within )(?<!in )(?<!for )an hour)\b",
                    re.I)

# A count over the last 24 hours is a day's count, whatever running total the clause also gives ("took 2,300 off
# the coast in the 24 hours to Sunday noon, bringing the total to 9,800"); the window is the number's own when it
# follows the number before any comma or other number, or opens the clause before it.
_DAY_WINDOW = re.compile(r"\b(?:in|over|during|within)\s+the\s+(?:past|previous|last|prior|preceding)\s+"
                         r"(?:24|twenty-four)\s+hours\b|\bin\s+the\s+(?:24|twenty-four)\s+hours\s+(?:to|before|until|"
                         r"up to|ending|since)\b", re.I)
_DAY_WINDOW_AFTER = re.compile(r"^[^,;\d]{0,80}?(?:" + _DAY_WINDOW.pattern + ")", re.I)

# "carried 2,488 Canadians and brought the number evacuated to 6,700": the number the tally is brought to is a
# running total (the clause's other numbers are not: 2,488 is what the day added).
_BROUGHT_TO_BEFORE = re.compile(r"\b(?:bringing|brings|brought|raising|raises|raised|taking|takes|took|pushing|pushed)\s+"
                                r"the\s+(?:\w+\s+)?(?:total|number|tally|count)\b(?:[^;:\d]|(?<!\d)\d{1,2}(?![\d,.]))"
                                r"{0,100}?\bto\s+"
                                r"(?:(?:about|some|around|roughly|nearly|almost|more than|over|at least)\s+)?$", re.I)
# the whole of "bringing the number rescued since the siege began to 1,100": its cues ("since ...") are that number's
_BROUGHT_TO = re.compile(r"\b(?:bringing|brings|brought|raising|raises|raised|taking|takes|pushing|pushed)\s+the\s+"
                         r"(?:\w+\s+)?(?:total|number|tally|count)\b[^;]{0,100}?\bto\s+(?:(?:about|some|around|roughly|"
                         r"nearly|almost|more than|over|at least)\s+)?\d[\d,.]*", re.I)
_OF_THEM_AFTER = re.compile(r"^\s+(?:or so\s+)?(?:of|among)\s+(?:them|those|whom|these)\b", re.I)

# Cues right around one number (checked on the words between the previous number, or the clause start, and
# a few words after it).
_PART_BEFORE = re.compile(r"\b(?:including|among them|among whom|of whom|of them|of which|among those|made up of|"
                          r"consisting of|comprising)\s+"
                          r"(?:\w+\s+){0,2}$", re.I)
# "the total of 491 people included 196 French nationals": after a count in the clause, a part of it (not "the
# convoy included 20 buses", where nothing counted comes before)
_INCLUDED_BEFORE = re.compile(r"\b(?:included|includes|include)\s+(?:\w+\s+){0,2}$", re.I)
_REMAINDER_BEFORE = re.compile(r"\b(?:the )?(?:remaining|other|rest of the|last)\s+(?:\w+\s+)?$", re.I)
_TARGET_BEFORE = re.compile(r"\b(?:target|goal|aim|plan|quota)\s+(?:is\s+|was\s+|of\s+|to\s+\w+\s+)?"
                            r"(?:\w+\s+)?$", re.I)
_POPULATION_BEFORE = re.compile(r"\b(?:evacuations?|evacuat\w+|airlift|rescue|operation|deal|agreement|"
                                r"began|begun|started|under way)\s+(?:\w+\s+){0,2}for\s+(?:\w+\s+)?$", re.I)
_WHOLE_AFTER = re.compile(r"^[^,;.]{0,40}?,?\s+(?:including|among them|of whom)\s+(?:\w+\s+){0,2}?"
                          r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|a few|several|dozens|hundreds|"
                          r"thousands)\b)", re.I)
# "more than 600,000 people who have left the city since ...": a count whose own relative clause is in the
# present perfect is a running total, whatever the tense of the clause it sits in
_TALLY_AFTER = re.compile(r"^\s+(?:[\w'’-]+\s+){0,3}?(?:who|that)\s+(?:have|has)\s+(?:now\s+|already\s+|so far\s+)?"
                          r"(?:been\s+)?(?:fled|left|crossed|arrived|reached|returned|escaped|evacuated|displaced|"
                          r"relocated|moved|rescued|registered|sought|died|been\s+killed)\b", re.I)
# "half of the town's 8,000 residents", "most of its 20,000 inhabitants": the people who live there, of whom
# a part moved (without the part, "the town's 8,000 residents fled" counts those who moved)
_POSSESSED_BEFORE = re.compile(r"\b(?:half|a third|a quarter|two-thirds|most|many|some|much|part|\d+(?:\.\d+)?\s*"
                               r"(?:%|percent|per cent))\s+of\s+(?:the\s+)?(?:its|their|[\w'’-]+['’]s?)\s+"
                               r"(?:(?:about|some|around|roughly|nearly|almost|estimated|more than|over)\s+)?$", re.I)
_RESIDENTS_AFTER = re.compile(r"^\s+(?:\w+\s+)?(?:residents|inhabitants|people|citizens|households|families|population)\b",
                              re.I)
# People told to leave are the population an order concerns, not people who moved: "ordered 250,000 residents
# to evacuate", "30,000 people were told to leave", "an evacuation order covering 30,000 residents", "40,000
# people are under evacuation orders".
_ABOUT = r"(?:the\s+|all\s+)?(?:(?:about|some|around|nearly|almost|roughly|more than|over|an estimated|up to|at least)\s+)?"
# ("forced 6,500 residents to leave" is said of people who did leave: no population)
_ORDERED_BEFORE = re.compile(rf"\b(?:ordered|told|urged|instructed|asked|advised)\s+{_ABOUT}$", re.I)
_TO_LEAVE_AFTER = re.compile(r"^[^.;,]{0,60}?\bto\s+(?:evacuate|leave|flee|get out|move (?:out|away|south|north|east|"
                             r"west|below|beyond|to))\b", re.I)
_NP_WORDS = r"(?:\s+(?!(?:after|when|before|because|as|they|who|which|and|but|had|have|has|left|fled)\b)[\w'’-]+){0,5}?"
_ORDERED_AFTER = re.compile(rf"^{_NP_WORDS}\s+(?:were|was|have been|had been|are being|are|is)\s+(?:\w+\s+)?"
                            r"(?:ordered|told|urged|instructed|asked|advised)\s+to\s+(?:evacuate|leave|flee|get out)\b"
                            rf"|^{_NP_WORDS}\s+(?:(?:are|were|is|was|remain|remained)\s+)?(?:still\s+)?under\s+(?:an?\s+)?"
                            r"(?:mandatory\s+|voluntary\s+)?evacuation\s+"
                            r"(?:orders?|warnings?)\b", re.I)
_ORDER_COVERS_BEFORE = re.compile(rf"\b(?:orders?|warnings?)\s+(?:covering|affecting|for|that (?:covers?|affects?))\s+"
                                  rf"{_ABOUT}$", re.I)
# "the first 101 of them", "the second with 113": an ordinal right before a number scopes it alone.
_ORDINAL_BEFORE = re.compile(r"\b(first|second|third|fourth|fifth|next|last)\s+(?:\w+\s+)?(?:with\s+|carrying\s+|"
                             r"of\s+)?(?:\w+\s+)?$", re.I)

# "fears among <people>" says who fears, not that their number is feared
_FEARED = re.compile(r"\b(?:fear(?:s|ed)?(?!\s+among\b)|feared|warn(?:s|ed)? (?:that )?[^.;]{0,40}\bcould|risk of|"
                     r"could face|at risk)\b", re.I)
_TARGETED = re.compile(r"\b(?:target of|goal of|aim(?:s|ed)? to (?:evacuate|bring|move)|"
                       r"target is|the target)\b", re.I)
_PLANNED = re.compile(r"\b(?:will|shall|would|'ll|is to|are to|was to|were to|going to|plans? to|planned|"
                      # "the planning minister", "the planning commission": an office's name, not a plan
                      r"planning(?!\s+(?:minister|ministry|commission|department|officials?|authority|board|"
                      r"committee|permission|director))|scheduled|"
                      r"due to (?:be|leave|arrive|start|begin|resume|return|depart|go|reach|open|close|"
                      r"continue|take|meet|land|sail|cross|carry|fly|bring|move|evacuate|transport|travel|arrive|"
                      r"receive|admit|host)\b|"
                      r"set to|intends? to|hopes? to|hoping to|to be (?:evacuated|taken|moved|bused)|"
                      r"are being allowed|were being allowed)\b", re.I)
# "is planning for as many as 270,000 people to cross": preparing for a scenario, not planning to act.
_EXPECTED = re.compile(r"\b(?:plann?(?:ing|ed|s)? for\b(?=[^.;]{0,60}\bto\b)|"
                       r"(?:can|could) (?:handle|accommodate|take in|hold|cope with|house)\b|"
                       r"(?:could|may|might) (?:well )?end up\b|"  # a projected outcome: "could end up leaving"
                       r"(?:ready|prepared|preparing|equipped) (?:to (?:cope with|take in|receive|house|handle)|for)|"
                       r"expect(?:s|ed)?|likely|unlikely|could take|may take|might take|forecast|"
                       r"predicted|projected|anticipated|estimated to take|are expected|is expected)\b", re.I)
# "May" before a day ("on Tuesday, May 3") or after "in"/"of"/"early" is the month, not a modal.
_POSSIBLE = re.compile(r"\b(?:(?<!\bin )(?<!\bof )(?<!\bearly )(?<!\blate )(?<!\bmid-)may(?!\s+\d)|might|could|can|"
                       r"possibly|perhaps|option to|choose to)\b", re.I)
# Clauses whose modals are not the claim's: background and adverbial clauses.
# A relative clause of who/which/whom ends where the main clause's auxiliary comes back ("142 people who wanted to
# leave were expected to be flown out": "were expected" is the main clause's), after the clause's own ("who were")
_AUX = r"(?:were|was|are|is|had|have|has|will|would)"
_SIDE_CLAUSE = re.compile(r"(?:^|[,;(—–]\s*|\s)(?:(?:after|before|since|when|while|although|though|because|"
                          r"unless|until|if|where)\b[^,;]*|(?:who|which|whom)\b"
                          rf"(?:\s+{_AUX}\b)?(?:(?!\s{_AUX}\b)[^,;])*)|"
                          r"\b(?:a|an|the)\s+\w+(?:\s+\w+)?\s+that\b[^,;]*", re.I)  # "a process that could become"


def _batch(m: re.Match) -> str:
    return "first_convoy" if m.group(1).lower().startswith("convoy") else "first_batch"


def _nth(m: re.Match) -> str:
    kind = "convoy" if m.group(2).lower().startswith(("convoy", "batch")) else "batch"
    return f"{_ORD[m.group(1).lower()]}_{kind}"


# "Of them, 3.2 lakh were moved from one district and 1.3 lakh from another": a clause that opens by taking
# from a group named before counts parts of it, every number of the clause.
_PARTS_OF_BEFORE = re.compile(r"^\W*(?:and\s+|but\s+)?(?:of|among)\s+(?:them|those|these|whom|the\s+(?:[a-z-]+\s+){0,2}?"
                              r"(?:evacuees|people|residents|refugees|arrivals|displaced|dead|total))\s*,", re.I)

# "Of the 300 evacuees, 40 were children": the number after a group counted in an opening phrase is part of it
_OF_THE_N_BEFORE = re.compile(r"^\W*(?:and\s+|but\s+)?(?:of|among)\s+(?:the|these|those)\s+(?:(?:more than|about|some|roughly|"
                              r"around|nearly|almost|an estimated|over|at least)\s+)?"
                              r"\d[\d,.]*(?:\s+[\w'’-]+){0,5}\s*,\s*(?:[\w-]+\s+){0,2}$", re.I)

# In priority order: the cue, and the scope it gives (a function of the match where the words decide).
_CLAUSE_CUES = [
    (_PARTS_OF_BEFORE, lambda m: "part"),
    (_FIRST_N, lambda m: f"first_{_NUMW[m.group(1).lower()]}"), (_BEGAN_WITH, _batch), (_FIRST, _batch),
    (_NTH, _nth), (_TOTAL, lambda m: "total"), (_CUMULATIVE, lambda m: "cumulative"),
    (_AS_OF, lambda m: "cumulative"), (_TALLY, lambda m: "cumulative"), (_DAILY, lambda m: "daily"),
    (_PERIOD, lambda m: "total"),
]


def day_series(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """Which numbers of a clause are day totals in a series of days: "22,800 crossed on Tuesday and 26,600
    on Wednesday" (each number followed, before the next, by a day of its own, and the days differ)."""
    days = []
    for i, (_, end) in enumerate(spans):
        stop = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        m = _DAY_AFTER.match(text[end:stop])
        days.append(m.group(1).lower() if m else None)
    named = {d for d in days if d}
    return [d is not None and len(named) > 1 for d in days]


def part_scope(part: str, clause: str, start: int, counted: bool = False) -> str | None:
    """The scope of one coordinated part of a clause (`part` starts at `start` in `clause`): its own cues; else,
    when the clause opens by taking from a group named before ("Of those, 640 had reached the border and 850
    were on the road"), a part of that group; else what its tense makes of a count (see clause_scope)."""
    if explicit := clause_scope(part):
        return explicit
    if start and _PARTS_OF_BEFORE.search(clause):
        return "part"
    return clause_scope(part, counted)


def clause_scope(text: str, counted: bool = False) -> str | None:
    """The scope a clause states for everything it counts ("the first batch of 17 buses"). `counted`: the
    clause holds a count, so its perfect aspect ("had crossed") makes the count a running total."""
    text = _BROUGHT_TO.sub(" ", _SUPERLATIVE_SO_FAR.sub(" ", text))  # the number a tally is brought to has its own
    for n in sorted(_CLAUSE_FAMILY.possible(text)):  # only the cues whose words the clause holds
        rx, scope = _CLAUSE_CUES[n]
        m = rx.search(text)
        # m.re: a match is always the original pattern's, also through folding.fast's stand-in
        if m and not (m.re is _AS_OF and _SNAPSHOT.search(text) and not _PERFECT_ANY.search(text)):
            return scope(m)
    return "cumulative" if counted and _PERFECT.search(_main_clauses(text)) else None


def quantity_scope(text: str, start: int, end: int, previous_end: int = 0) -> str | None:
    """The scope one number's own words give it, or None (it then takes its clause's). `start`/`end` are the
    number's offsets in `text`; `previous_end` where the previous number ended."""
    before = text[previous_end:start]
    if previous_end:  # "11,200 of them and 48 flights": "of them" is the previous number's, no cue of this one
        before = _OF_THEM_AFTER.sub(" ", before)
    cut = max(before.rfind(","), before.rfind(";"))
    near = before if _PART_BEFORE.search(before) else before[cut + 1:]
    if _PART_BEFORE.search(near) or (previous_end and _INCLUDED_BEFORE.search(near)) or \
            (previous_end and _OF_THE_N_BEFORE.match(text, 0, start)):
        return "part"
    if _REMAINDER_BEFORE.search(near) and re.search(r"\b(?:remaining|rest)\b", near, re.I):
        return "remainder"
    for cue, words, scope in ((_TARGET_BEFORE, near, "target"), (_BROUGHT_TO_BEFORE, before, "cumulative")):
        if cue.search(words):
            return scope
    ordinal = _ORDINAL_BEFORE.search(near)
    if ordinal and ordinal.group(1).lower() not in ("last", "next"):
        word = ordinal.group(1).lower()
        return "first_batch" if word == "first" else f"{_ORD[word]}_batch"
    # "8,000 of them have asked to leave": a part of the group just named, unless the clause says what the count is
    # over ("since the operation began, ..., 5,400 of them Americans" is a running total of its own)
    if _OF_THEM_AFTER.match(text[end:]) and clause_scope(text) is None:
        return "part"
    if _DAY_WINDOW_AFTER.match(text[end:]) or (not previous_end and _DAY_WINDOW.search(before)):
        return "daily"  # "2,300 in the 24 hours to Sunday noon": that day's count, not the total
    if _population(text[end:], near, before):
        return "population"
    after = text[end:]
    return "cumulative" if _TALLY_AFTER.match(after) else "total" if _WHOLE_AFTER.match(after) else None


def _population(after: str, near: str, before: str) -> bool:
    """Whether a number counts the people something concerns rather than people who moved: those an order
    told to leave, an evacuation "for" them, a place's residents of whom a part moved."""
    return bool((_ORDERED_BEFORE.search(near) and _TO_LEAVE_AFTER.match(after)) or _ORDERED_AFTER.match(after)
                or _ORDER_COVERS_BEFORE.search(near) or _POPULATION_BEFORE.search(before[-80:])
                or (_POSSESSED_BEFORE.search(near) and _RESIDENTS_AFTER.match(after)))


#: "said after touring the city that ...": the adverbial clause between a speech verb and its "that" ends there; what
#: follows is the reported clause, the claim's own
_SAID_AFTER = re.compile(r"\b(said|says|warned|added|told\s+\w+)\s+(?:after|before|while|when)\b[^,;]*?\s+that\b",
                         re.I)


@functools.lru_cache(maxsize=1024)  # the scope and the modality of a clause both ask
def _main_clauses(text: str) -> str:
    """The text without its background and adverbial clauses."""
    return _SIDE_CLAUSE.sub(" ", _SAID_AFTER.sub(r"\1 that", text))


def modality(text: str) -> str:
    """Whether a clause reports a thing as done, or as planned, expected, possible, feared or a target."""
    main = _main_clauses(text)
    if _FEARED.search(main):
        return "feared"
    # the first modal cue governs: "will be taken to X, ... most likely the next target" is planned
    may = _MODAL_FAMILY.may(main)
    hits = [(m.start(), kind) for rx, kind in ((_EXPECTED, "expected"), (_PLANNED, "planned"), (_POSSIBLE, "possible"))
            if rx in may for m in [rx.search(main)] if m]
    return min(hits)[1] if hits else "reported"


def quantity_modality(text: str, start: int, end: int, previous_end: int = 0) -> str | None:
    """A number's own modality where its words say so ("the target of 5,000"), else None."""
    if _TARGETED.search(text[max(previous_end, start - 30):end]):
        return "target"
    if _CHANGE_FROM.search(text, max(previous_end, start - 40), start) and _CHANGE_TO.match(text, end):
        return "reported"  # "expected to grow from 2,500 troops on Monday to 4,000": where it stands now
    done = _DONE_BEFORE.search(text, max(previous_end, start - 60), start)
    if (done and done.group(1).lower() not in _WANTED) or _PUT_AT_BEFORE.search(text, max(previous_end, start - 60), start):
        return "reported"  # "said it had evacuated 80 ... and would not open its border": the 80 are done
    if _PAST_BEFORE.search(text, max(previous_end, start - 40), start):
        return "reported"  # "flew 19,050 people out on Tuesday and planned to evacuate 30,000 more": the 19,050 flew
    if _DONE_AFTER.match(text[end:]):  # "on top of nearly 760,000 who had already fled": its own perfect
        return "reported"
    own = text[start:end]  # a truce "expected to last three days": the number's own words
    for rx, kind in ((_EXPECTED, "expected"), (_PLANNED, "planned")):
        if rx.search(own):
            return kind
    # "expects 5,000 to leave Lebanon, where up to 12,000 citizens live": a relative clause has its own verb's mood
    rel = next((m for m in _RELATIVE_AT.finditer(text) if m.start() < start and end <= m.end()), None)
    return None if rel is None else _mood(rel.group(0))


#: no modal or "to" right before: what follows is said as done
_NO_MODAL = r"(?<!would )(?<!could )(?<!might )(?<!should )(?<!\bmay )(?<!will )(?<!must )(?<!\bto )"
#: a perfect right before a number, with no modal or "to" before it: the number is done, whatever comes after
_DONE_BEFORE = re.compile(_NO_MODAL + r"\b(?:had|has|have)\s+(?:already\s+|now\s+|so far\s+)?(?:been\s+)?([a-z]+(?:ed|en|wn))\s+"
                          r"(?:(?:about|some|around|nearly|almost|more than|over|at least|an estimated)\s+)?$", re.I)
#: a verb of moving people in the simple past right before a number, with no modal, "to" or auxiliary before it
_PAST_BEFORE = re.compile(_NO_MODAL + r"(?<!\bbe )(?<!been )(?<!being )(?<!have )(?<!has )(?<!had )(?<!not )"
                          r"\b(?:flew|evacuated|carried|moved|brought|rescued|airlifted|ferried|shipped|bus?sed|"
                          r"transported|repatriated|relocated|sailed|drove)\s+(?:(?:about|some|around|nearly|almost|"
                          r"more than|over|at least|an estimated)\s+)?$", re.I)
#: a count someone gave, with no modal before it: "had earlier put the toll at 150 and said it could rise to 250"
_PUT_AT_BEFORE = re.compile(r"(?<!would )(?<!could )(?<!might )(?<!\bmay )(?<!will )(?<!\bto )\b(?:put|puts|gave|gives)\s+"
                            r"(?:the|its|their|his|her)\s+(?:[\w'’-]+\s+){0,3}?(?:toll|figure|number|total|count|tally|"
                            r"estimate)\s+at\s+(?:(?:about|some|around|nearly|almost|more than|over|at least)\s+)?$", re.I)
#: a count's own relative clause in a perfect: done, whatever the mood of the clause it sits in
_DONE_AFTER = re.compile(r"^\s+(?:or so\s+)?(?:[\w'’-]+\s+){0,3}?(?:who|that)\s+(?:have|has|had)\s+"
                         r"(?:now\s+|already\s+|so far\s+)?(?:been\s+)?(?:[a-z]+ed|[a-z]+en|fled|left|gone|come|"
                         r"flown|brought|taken|sent|crossed|arrived|reached|died)\b", re.I)
#: perfects that tell of a number wanted, not done: "had expected 750,000 people to flee"
_WANTED = frozenset({"expected", "planned", "hoped", "intended", "aimed", "wanted", "predicted", "projected",
                     "anticipated", "feared", "promised", "pledged", "vowed", "offered", "proposed", "asked", "ordered",
                     "told", "urged", "allowed", "forecast", "budgeted", "targeted", "sought"})
#: a change from one level to another: the first number is the level as it stands ("grow from 2,500 ... to 4,000")
_CHANGE_FROM = re.compile(r"\b(?:grow|rise|increase|climb|swell|expand|go up|fall|drop|decline|shrink)\s+from\s+"
                          r"(?:about\s+|some\s+|around\s+|nearly\s+|roughly\s+|almost\s+)?$", re.I)
_CHANGE_TO = re.compile(r"[^,;.]{0,40}?\bto\s+(?:about\s+|some\s+|around\s+|nearly\s+|roughly\s+|almost\s+)?\d", re.I)
_RELATIVE_AT = re.compile(r",\s*(?:where|who|whom|which)\b(?:[^,;.]|(?<=\d)[,.](?=\d))*", re.I)


def _mood(words: str) -> str:
    """The mood of a clause's own words, the first cue governing (as in `modality`, without removing side clauses)."""
    if _FEARED.search(words):
        return "feared"
    hits = [(m.start(), kind) for rx, kind in ((_EXPECTED, "expected"), (_PLANNED, "planned"), (_POSSIBLE, "possible"))
            for m in [rx.search(words)] if m]
    return min(hits)[1] if hits else "reported"


# Searched on folded text (corpus/folding.py): the same matches, without IGNORECASE's slow scan.
_PERFECT, _FEARED, _PLANNED, _EXPECTED, _POSSIBLE = map(fast, (_PERFECT, _FEARED, _PLANNED, _EXPECTED, _POSSIBLE))
_CLAUSE_CUES = [(fast(rx), scope) for rx, scope in _CLAUSE_CUES]
_CLAUSE_FAMILY = Family(rx for rx, _scope in _CLAUSE_CUES)
_MODAL_FAMILY = Family((_EXPECTED, _PLANNED, _POSSIBLE))
_SIDE_CLAUSE, _TARGET_BEFORE, _SUPERLATIVE_SO_FAR = map(fast, (_SIDE_CLAUSE, _TARGET_BEFORE, _SUPERLATIVE_SO_FAR))
