"""Sentence-level claims: what one outlet says, with its numbers, speaker, date and places.

A clause becomes a claim when it counts something (a quantity with a counted noun) or reports
an event (corpus.events). Everything else in the article - colour, quotes about history - is
left out, so the map annotates numbers and events, not prose.
"""
from __future__ import annotations

import functools
import re
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import replace

from evacmap.corpus.attribution import find_attribution, mask_quotes
from evacmap.corpus.claim_links import BEGIN_WITH, also_undated, first_stage, part_of_previous
from evacmap.corpus.claim_places import ANAPHORA, MentionIndex, claim_mentions, claim_places, dateline_end
from evacmap.corpus.dates import find_dates, find_times, narrative_dates, runs_to_report
from evacmap.corpus.events import classify
from evacmap.corpus.folding import fast
from evacmap.corpus.leaning import ATTRIBUTIVE, colon_head, leans_back
from evacmap.corpus.metadata import is_caption
from evacmap.corpus.model import Article, Claim, Mention, Quantity, Sentence
from evacmap.corpus.quantities import counts_people, parse_quantities
from evacmap.corpus.quoted import Quoted
from evacmap.corpus.referents import Referents
from evacmap.corpus.scope import clause_scope, day_series, modality, part_scope, quantity_modality, quantity_scope, subject_tally
from evacmap.corpus.speakers import attribute, place_words
from evacmap.gazetteer.nogc import paused_gc

# A toll over weeks or years ("the war that has killed hundreds of thousands") is of no single day.
_CUMULATIVE = re.compile(r"\b(?:has|have|had)\s+(?!been\b)(?:\w+\s+)?(?:killed|displaced|left)\b|"  # not "had been killed"
                         r"\bin recent (?:days|weeks|months)\b|\bsince\b|\b(?:years|months|weeks) of\b",
                         re.I)
# Background: a clause set before the story's day ("When the area was besieged ...", "over the past weeks", "were
# living in Sudan when the war began": as of a start the clause does not date).
_BACKGROUND = re.compile(r"^\W*(?:when|since|before|back in|at the height of|during the siege)\b|"
                         r"\bwhen (?:the )?(?:war|fighting|conflict|crisis|siege|offensive|invasion|fire|wildfire|"
                         r"storm|flood|hurricane|cyclone|earthquake)s? (?:began|started|broke out|erupted|hit|struck)\b|"
                         r"\bover the (?:past|last) (?:weeks|months|years)\b|\bin recent (?:weeks|months|years)\b",
                         re.I)
_SINCE_YEAR = re.compile(r"\bsince\s+(?:19|20)\d\d\b", re.I)
_TALLIES = ("total", "cumulative")
# Coordinated independent clauses are separate statements: ", and a second convoy left ...", and so is what
# a speaker adds: "..., he said, adding the remaining 10,000 were fighters".
_COORD = re.compile(r"(?:,\s*(?:and|but|while|whereas|adding(?: that)?|saying(?: that)?|noting(?: that)?)\s+|;\s+)"
                    # also a source or group in lower case: "; island officials spoke of ...", ", and officials warned"
                    r"(?=(?:(?:[a-z][\w-]*\s+)?(?:officials|authorities|police|sources|residents|rescuers|"
                    r"witnesses|volunteers|workers)|an?|the|this|these|those|it|they|he|she|we|"
                    r"its|their|his|her|some|many|most|[A-Z][\w'’-]*|\d[\d,]*|one|two|three|four|five|six|"
                    r"seven|eight|nine|ten|eleven|twelve|dozens|hundreds|thousands|"
                    r"another)\b)")  # "..., while another 4,000 remained in the town": a counted subject of its own
# "..., and 72 by ambulance": a number with only an adjunct after it repeats the verb before it; no clause.
_ELLIPTICAL = re.compile(r"^[\d,.]+\s+(?:by|on|in|via|aboard|from|to|through)\b", re.I)
# "...: 323 flew home ..., and 1,216 came by road": items of the list after a colon detail one count, no clause.
_COUNT_START = re.compile(r"^(?:(?:about|around|some|nearly|almost|another|the other|the remaining|the rest)\s+)?"
                          r"(?:[\d,]+\b|one|two|three|four|five|six|seven|eight|nine|ten)", re.I)
_FINITE = re.compile(r"\b(?:was|were|is|are|has|have|had|will|would|could|can|may|might|left|went|came|took|"
                     r"began|fled|said|says|means|remains?|put|puts|gave|gives|told|tells|spoke|sent|brought|flew|drove|"
                     r"\w{3,}ed)\b", re.I)


def clauses(sentence: Sentence) -> list[Sentence]:
    """A sentence split at coordinated independent clauses, each with a subject and a finite verb of its
    own; a clause without them (", but warned ...") stays with its sentence. Each candidate cut reads only the
    text up to the next one (slices and counts from either end per cut are quadratic: issue 14)."""
    text = sentence.text
    starts, ends = [0], []
    found, quoted = list(_COORD.finditer(text)), Quoted(text)
    for k, m in enumerate(found):
        right = text[m.end():found[k + 1].start() if k + 1 < len(found) else len(text)]
        if _FINITE.search(text, starts[-1], m.start()) and _FINITE.search(re.split(r"[;(]|,\s", right)[0]) \
                and len(right.split()) >= 3 and not _ELLIPTICAL.match(right) and not quoted(m.start()) \
                and not (text.find(":", starts[-1], m.start()) >= 0 and _COUNT_START.match(right)):
            ends.append(m.start())
            starts.append(m.end())
    ends.append(len(text))
    return [Sentence(sentence.start + a, sentence.start + b, text[a:b]) for a, b in zip(starts, ends, strict=True)]


@paused_gc  # many small objects in no cycle: collections would walk the whole heap (gazetteer/nogc.py)
def extract_claims(article: Article, sentences: list[Sentence], mentions: list[Mention],
                   kind_of: Callable[[str], str | None] | None = None) -> list[Claim]:
    """One Claim per clause that counts something or reports an event, in text order. `kind_of` (a place id
    -> the gazetteer's kind) lets a description ("the island") see past a state or county named before it."""
    captions = [is_caption(s.text) for s in sentences]  # page furniture: no claims, no dates
    texts = ["" if cap else s.text for s, cap in zip(sentences, captions, strict=True)]
    # newline offsets once, then bisection: counting or searching back per sentence is quadratic (issue 14)
    newlines = [m.start() for m in re.finditer("\n", article.text)]
    paragraphs = [bisect_left(newlines, s.start) for s in sentences]
    dates = narrative_dates(texts, article.published, paragraphs)
    # one-word place names the gazetteer found are never part of a person's name ("Aleppo", "Gyumri")
    speakers = attribute(article.text, sentences, place_words(mentions))
    masked = mask_quotes(article.text)
    index = MentionIndex(mentions)
    referents = Referents(article.text, index, kind_of)
    claims: list[Claim] = []
    seen: dict[str, int] = {}  # claim id -> its sentence's index
    last_places: Callable[[], tuple[str, ...]] = tuple  # the previous sentence's places, worked out if asked
    for n, s in enumerate(sentences):
        if captions[n]:
            continue
        previous = texts[n - 1] if n and paragraphs[n - 1] == paragraphs[n] else ""
        para_start = newlines[paragraphs[n] - 1] + 1 if paragraphs[n] else 0
        skip = dateline_end(article.text, para_start) if para_start >= s.start - 2 or n == 0 else -1
        parts = clauses(s)
        # what the previous sentence's claims count, as read: "the total" of this one may be of it
        before_kind = next((q.counts for q in claims[-1].quantities if counts_people(q.counts)), None) \
            if claims and seen.get(claims[-1].id) == n - 1 else None
        day = dates[n]  # a clause that names no day of its own is of the day the clause before it ended on
        for k, c in enumerate(parts):
            claim = _clause_claim(article, c, f"{article.id}#{n}" + (f".{k}" if k else ""), previous=previous,
                                  masked=masked, mentions=index, skip=skip, last_places=last_places,
                                  referents=referents, kind_of=kind_of,
                                  prior_event=claims[-1].event if claims else None,
                                  context=s.text[:c.start - s.start] if k else previous, prior_kind=before_kind,
                                  speaker=_clause_speaker(c, k, masked, speakers[n]),
                                  date=_clause_date(c, article, day) if len(parts) > 1 else dates[n])
            day = _clause_date(c, article, day, last=True) if len(parts) > 1 else day
            if claim is not None:
                before = claims[-1] if claims and seen.get(claims[-1].id, -9) >= n - 1 else None
                claim = _alternative(claim, before) if before and paragraphs[seen[before.id]] == paragraphs[n] \
                    else claim
                claims.append(claim)
                seen[claim.id] = n
            previous = c.text
        last_places = functools.partial(claim_places, s.text, s.start, index, skip)  # only "there" etc. ask
    return also_undated(article.published, first_stage(article.text, part_of_previous(
        article.text, _corefer(article.text, claims))))


# Another source's figure for the thing just counted: "...; the Herald put the figure at 11,000".
_ALTERNATIVE = re.compile(r"\b(?:put|puts|putting|gave|gives|set|sets|revised|raised|lowered|cut)\s+(?:the|that|this)\s+"
                          r"(?:(?:death\s+)?toll|figure|number|total|count|tally|estimate)\s+(?:at|to|as)\b|"
                          # "By noon it gave a figure of 4,850": the one just given, updated
                          r"\b(?:gave|gives|put|puts)\s+a\s+(?:new\s+|higher\s+|revised\s+|updated\s+)?"
                          r"(?:figure|number|total|count|tally)\s+of\b", re.I)


def _alternative(claim: Claim, before: Claim) -> Claim:
    """A clause that puts "the figure" (definite: the one just given) at another number gives another source's
    count of the same thing: it has that count's scope (a first flight's 39 against another's "about 40" is no
    running total), its event where it names none, and, naming no day of its own, its day; naming no place of
    its own, it is at that count's places (flagged inferred)."""
    if not (claim.quantities and before.quantities and _ALTERNATIVE.search(claim.text)):
        return claim
    kinds = {q.counts for q in claim.quantities}
    ref = next((q for q in reversed(before.quantities) if q.counts in kinds), before.quantities[-1])
    scope = ref.scope or before.scope
    event = claim.event if claim.event not in (None, "other") else before.event
    where = ref.places if ref.places is not None else before.places
    places, inferred = (claim.places, claim.inferred_places) if claim.places else (where, where)
    return replace(claim, scope=scope, date=claim.date or before.date, event=event, places=places,
                   inferred_places=inferred,
                   quantities=tuple(replace(q, scope=None, places=None if places is where else q.places)
                                    for q in claim.quantities))


# A definite number refers to a group already counted: "the remaining 10,000", "those 10,000".
_DEFINITE = re.compile(r"\b(?:the|those|these)\s+(?:remaining\s+|other\s+|last\s+)?$", re.I)


def _corefer(text: str, claims: list[Claim]) -> list[Claim]:
    """A claim that names no place and counts a definite number ("adding the remaining 10,000 were made
    up of fighters") is about the group an earlier claim of the article counted with that same number:
    it takes that claim's places, flagged inferred, and its event where it has none of its own."""
    out: list[Claim] = []
    latest: dict = {}  # a number -> the last claim so far that has places and counts it (no scan back: issue 14)
    for claim in claims:
        c = claim
        if not c.places:
            same = next((latest[q.value] for q in c.quantities
                         if q.value and q.value in latest and _DEFINITE.search(text[max(0, q.start - 30):q.start])),
                        None)
            if same is not None:
                event = c.event if c.event not in (None, "other") else same.event
                c = replace(c, places=same.places, inferred_places=same.places, event=event,
                            quantities=tuple(replace(q, places=None) for q in c.quantities))
        out.append(c)
        if c.places:
            latest.update((q.value, c) for q in c.quantities)
    return out


def _undated(c: Sentence, article: Article, date, event: str | None):
    """None for a clause that is of no single day unless it names its own ("By Monday the fighting had
    killed 427"): a toll over weeks or years ("the war that has killed hundreds of thousands"), a background
    clause ("When the area was besieged ..."), a clause set in another year ("During Hurricane Irma in
    2017, the shelters took in 20,000")."""
    own = [r for r in find_dates(c.text, article.published) if not r.background and r.kind != "week"]
    if own:
        return date
    if (_CUMULATIVE.search(c.text) and event in ("killed", "wounded", "attack", "displaced")) \
            or (_BACKGROUND.search(c.text) and re.search(r"\b(?:had|was|were)\b", c.text)) or _other_year(c, article):
        return None
    return date


_YEAR_OF = re.compile(r"\b(?:in|of|since|during)\s+((?:19|20)\d\d)\b")  # asked of every claim: compiled once


def _other_year(c: Sentence, article: Article) -> bool:
    """Whether a clause is set in a year other than its article's ("During Hurricane Irma in 2017, ...")."""
    published_year = article.published.year if article.published else None
    years = {int(y) for y in _YEAR_OF.findall(c.text)}
    return published_year is not None and bool(years) and published_year not in years


def _part_date(c: Sentence, quantities: list[Quantity], article: Article, date):
    """When every number of a clause sits in one coordinated part that names its own day, the claim is of
    that day ("A 24-hour pause agreed for April 18 fell apart, and a three-day truce ... from April 21 was
    broken": April 21 for the three days)."""
    parts = _parts(c.text)
    if len(parts) < 2 or not quantities:
        return date
    held = {next((i for i, (lo, hi) in enumerate(parts) if lo <= q.start - c.start < hi), -1) for q in quantities}
    if len(held) != 1 or -1 in held:
        return date
    lo, hi = parts[held.pop()]
    refs = [r for r in find_dates(c.text[lo:hi], article.published, anchor=date)
            if not r.background and r.kind in ("weekday", "explicit", "relative")]
    return refs[0].date if refs else date


def _evented(c: Sentence, quantities: list[Quantity], event: str | None) -> list[Quantity]:
    """Where a clause's numbers sit in parts that report different events, each number takes its own part's when
    that part names one ("... were taken to X, and 300 more arrived in Y"); a death or injury never spreads to
    another part's count ("At least 29 people have died, the sheriff said, and more than 200 are unaccounted
    for": the 200 are not deaths)."""
    parts = _parts(c.text)
    if len(parts) < 2 or len(quantities) < 2:
        return quantities
    out = []
    for q in quantities:
        lo, hi = next(((x, y) for x, y in parts if x <= q.start - c.start < y), (0, len(c.text)))
        part = c.text[lo:hi]
        own = classify(part, [q]) if _FINITE.search(part) else None  # "..., and 166 in road convoys": no verb
        keep = own is None or own == event or (own == "other" and event not in _VIOLENCE)
        out.append(q if keep else replace(q, event=own))
    return out


_VIOLENCE = frozenset({"killed", "wounded", "attack"})


def _dated(c: Sentence, quantities: list[Quantity], article: Article, date) -> list[Quantity]:
    """Where a clause's numbers sit in parts that name different days, each number takes its part's day (or
    the day of the part before it): "436 were evacuated on April 23, and by Tuesday authorities had brought back
    1,539 of them: ... 1,216 came by road" dates 1,539 and 1,216 to Tuesday."""
    parts = _parts(c.text)
    if len(quantities) < 2 or date is None:
        return quantities
    if len(parts) < 2:  # "counted 3,432 dead on Tuesday and 8,574 on Wednesday": each number its own day
        spans = [(q.start - c.start, q.end - c.start) for q in quantities]
        refs = [r for r in find_dates(c.text, article.published, anchor=date) if not r.background]
        own = [next((r.date for r in refs if r.start >= b), None) if d else None
               for (_, b), d in zip(spans, day_series(c.text, spans), strict=True)]
        return [replace(q, date=o if o != date else None) if o else q for q, o in zip(quantities, own, strict=True)]
    days, day = [], date
    for lo, hi in parts:
        refs = [r for r in find_dates(c.text[lo:hi], article.published, anchor=date)
                if not r.background and r.kind in ("weekday", "explicit", "relative")]
        day = refs[0].date if refs else day
        days.append(day)
    out = []
    for q in quantities:
        i = next((k for k, (lo, hi) in enumerate(parts) if lo <= q.start - c.start < hi), 0)
        out.append(replace(q, date=days[i] if days[i] != date else None))
    return out


_UNDONE = frozenset({"planned", "expected", "possible", "target", "feared"})


def _told_day(c: Sentence, article: Article, date, mood: str, quantities: list[Quantity]):
    """A plan, an expectation or a target is dated to when it was told, not to the day it is for: "2,000 people
    will be evacuated by Friday" in Wednesday's paper is Wednesday's claim (its modality says it has not happened).
    The told day is the clause's latest day on or before publication ("said on Monday that ... by Friday"), else
    the publication day."""
    pub = article.published
    if pub is None:
        return date, quantities
    told = max((r.date for r in find_dates(c.text, pub) if r.date <= pub and not r.background), default=pub)
    date = told if date and date > pub and mood in _UNDONE else date
    return date, [replace(q, date=told) if q.date and q.date > pub and (q.modality or mood) in _UNDONE else q
                  for q in quantities]


def _clause_date(c: Sentence, article: Article, sentence_date, last: bool = False):
    """A clause's own foreground day where it names one ("The first group sailed on Tuesday, and ... 557
    disembarked in Jeddah on Wednesday morning": Wednesday for the second clause), else its sentence's;
    `last`: the last day it names (where the next clause goes on from)."""
    refs = [r for r in find_dates(c.text, article.published, anchor=sentence_date)
            if not r.background and r.kind in ("weekday", "explicit", "relative")]
    return refs[-1 if last else 0].date if refs else sentence_date


def _clause_speaker(c: Sentence, k: int, masked: str, sentence_speaker: str | None) -> str | None:
    """A later clause that credits a source of its own is that source's ("..., a diplomatic source said;
    Cyprus's foreign ministry had put the number at about 40"); otherwise the sentence's speaker."""
    if k == 0:
        return sentence_speaker
    own = find_attribution(c.text, masked[c.start:c.end])
    return own.speaker if own and own.speaker and not own.pronoun else sentence_speaker


def _clause_claim(article: Article, c: Sentence, cid: str, *, previous: str, masked: str, mentions: MentionIndex,
                  skip: int, last_places: Callable[[], tuple[str, ...]], referents: Referents,
                  speaker: str | None, date, kind_of: Callable[[str], str | None] | None = None,
                  prior_event: str | None = None, context: str | None = None,
                  prior_kind: str | None = None) -> Claim | None:
    """The claim one clause makes, or None when it counts nothing and reports no event. `prior_event`: the
    event of the article's claim before it (what "They are beginning with the injured" goes on with);
    `context`: what an elided count may refer back to (the previous sentence, or the sentence's earlier clauses:
    "Eleven Cypriots have been evacuated; four more ..., while seven others have left": Cypriots)."""
    quantities = [q for q in parse_quantities(c.text, c.start, previous if context is None else context,
                                              prior=prior_kind) if q.counts]
    # Without a number, only the narrative counts: a quotation's "massacres" is not an event.
    event = classify(c.text if quantities else masked[c.start:c.end], quantities, previous)
    if event is None and not quantities and speaker and masked[c.start:c.end] != c.text:
        # a named witness's quoted report of the operation itself ("'The vehicles have arrived,' said X") is
        # a claim; a quotation's colour ("massacres") is not
        told = classify(_LEADING_SIDE.sub(r"\1", c.text), quantities, previous)
        event = told if told in _TOLD_EVENTS else None
    if event is None and prior_event == "evacuated" and BEGIN_WITH.search(masked[c.start:c.end]):
        event = "evacuated"
    if not quantities and event is None:
        return None
    kept = claim_mentions(c.text, c.start, mentions, skip, kind_of, numbers=[(q.start, q.end) for q in quantities])
    here = tuple(dict.fromkeys(m.place_id for m in kept if m.place_id))
    inferred: tuple[str, ...] = ()
    if ANAPHORA.search(c.text) and (before := last_places()):
        inferred = tuple(p for p in before if p not in here)
        here = here + inferred
    if described := tuple(p for p in referents.described(c.text, c.start) if p not in here):
        inferred, here = inferred + described, here + described  # "landed at the airport": the one named before
    date = _undated(c, article, date, event)
    quantities, scope, mood = _scoped(c, quantities)
    if scope is None and all(q.scope is None for q in quantities) and _other_year(c, article) \
            and not _SINCE_YEAR.search(c.text):
        scope = "total"  # a past event's count is its whole: "in the 2011 floods, 3,000 people were housed"
    quantities = _placed(c, quantities, kept, inferred)
    if date is None and (scope in _TALLIES or (quantities and all(q.scope in _TALLIES for q in quantities))) \
            and runs_to_report(c.text):
        date = article.published  # "88,000 were moved out this week": a total as of the report
    date = _part_date(c, quantities, article, date)
    quantities = _evented(c, _dated(c, quantities, article, date), event)
    date, quantities = _told_day(c, article, date, mood, quantities)
    times = find_times(c.text)
    return Claim(id=cid, article=article.id, outlet=article.outlet, start=c.start, end=c.end, text=c.text,
                 speaker=speaker, date=date, time=times[0][0] if times else None, event=event, places=here,
                 quantities=tuple(quantities), scope=scope, modality=mood, inferred_places=inferred)


_TOLD_EVENTS = frozenset({"arrived", "evacuated", "convoy", "halted"})
_LEADING_SIDE = re.compile(r"^(\W*)(?:when|after|before|as|while|if|since|because|until|once)\b[^,;.]*[,;.]", re.I)


# Where a clause's coordinated parts meet: each part states its own scope and mood ("436 were evacuated on
# April 23, and by Tuesday authorities had brought back 1,539"; "500 were in place and that 2,500 would be
# deployed"). A colon does not part them: what follows it details what precedes it.
_PART = re.compile(r";\s+|,\s*(?:and|but|while|whereas)\s+(?:that\s+)?|\s+and\s+that\s+|,\s+that\s+", re.I)
# "... had fled into Chad and about 4,000 refugees had gone home": "and" before a number opens a part when both
# sides have a verb of their own (not in a list: "240 men and 25 children arrived").
_AND_NUMBER = re.compile(r"\s+and\s+(?=(?:(?:about|around|some|nearly|almost|roughly|more than|over|at least|"
                         r"another|a further)\s+)?\d)", re.I)
_OWN_VERB = re.compile(r"^(?:[\w-]+\s+){0,2}[\d,.]+(?:\s+[\w'’-]+){0,4}?\s+(?:had|have|has|were|was|are|is|will|would|"
                       r"could|may|might)\b", re.I)

#: a verb of saying and its "that": what follows is the reported clause, whose own verb decides where it splits
_REPORTING = re.compile(r"\b(?:said|says|told\s+\w+|added|reported|announced|estimated)\s+(?:that\s+)?(?=\d)")


@functools.lru_cache(maxsize=1024)  # asked for up to three times per clause; callers only read the list
def _parts(text: str) -> list[tuple[int, int]]:
    """The coordinated parts of a clause as (start, end) offsets."""
    quoted, and_quoted = Quoted(text), Quoted(text)  # each asked in text order
    cuts = [m for m in _PART.finditer(text) if not quoted(m.start())]
    for m in _AND_NUMBER.finditer(text):
        left = text[max((c.end() for c in cuts if c.end() <= m.start()), default=0):m.start()]
        right = re.split(r",\s|;|\s+and\s+", text[m.end():], maxsplit=1)[0]
        left = _REPORTING.split(left)[-1]  # "said 400 X and 60 Y were expected": one clause reported, two subjects
        if _FINITE.search(ATTRIBUTIVE.sub(" ", left)) and _OWN_VERB.match(right) and not and_quoted(m.start()):
            cuts.append(m)
    cuts.sort(key=lambda m: m.start())
    bounds = [0, *(m.end() for m in cuts)]
    ends = [*(m.start() for m in cuts), len(text)]
    return list(zip(bounds, ends, strict=True))


def clause_parts(text: str) -> list[tuple[int, int]]:
    """The coordinated parts of a clause as (start, end) offsets, each stating its own numbers' scope and places."""
    return list(_parts(text))


_LIST_ON = re.compile(r"(?:\s+[\w'’-]+){0,2}?(?:\s*,\s*(?:and\s+)?|\s+and\s+)")


def _scoped(c: Sentence, quantities: list[Quantity]) -> tuple[list[Quantity], str | None, str]:
    """Each number with the scope and modality its own words, else its own part of the clause, give it; and
    the clause's scope and modality (its parts' when they agree; else the clause carries no scope and each
    number its own). A truce's length is no running total, whatever the tense of the clause that states it."""
    counted = [q for q in quantities if q.counts not in ("hours", "days", "weeks")]
    scope, mood = clause_scope(c.text, counted=bool(counted)), modality(c.text)
    parts = _parts(c.text)
    series = day_series(c.text, [(q.start - c.start, q.end - c.start) for q in quantities])
    out: list[Quantity] = []
    prev_end = 0
    for q, in_series in zip(quantities, series, strict=True):
        a, b = q.start - c.start, q.end - c.start
        own_scope, own_mood = quantity_scope(c.text, a, b, prev_end), quantity_modality(c.text, a, b, prev_end)
        own_scope = own_scope or ("daily" if in_series else None)
        if own_scope is None and out and out[-1].scope == "part" and _LIST_ON.fullmatch(c.text[prev_end:a]) \
                and not _FINITE.search(re.split(r"[,;.]", c.text[b:], maxsplit=1)[0]):
            own_scope = "part"  # "including 530 Germans and 4,400 Afghans": each item of the list is a part
        if len(parts) > 1:
            lo, hi = next(((x, y) for x, y in parts if x <= a < y), (0, len(c.text)))
            part = c.text[lo:hi]
            timed = q.counts in ("hours", "days", "weeks")
            own_scope = own_scope or part_scope(part, c.text, lo, counted=not timed) or _detailed_scope(c.text, lo, parts) \
                or "none"
            own_mood = own_mood or modality(part)
        if (own_scope or scope) in (None, "none") and q.counts not in ("hours", "days", "weeks") \
                and subject_tally(c.text, b):
            own_scope = "cumulative"
        if q.counts in ("hours", "days", "weeks") and own_scope is None and scope in _TALLIES:
            own_scope = "none"  # "since the three-day pause began": the pause's length is no running total
        if q.counts == "population" and own_scope is None:
            own_scope = "none"  # the people living there is a state: no running total, no first batch of it
        out.append(replace(q, scope=own_scope, modality=own_mood))
        prev_end = b
    own = len(parts) > 1
    if not own and any(q.scope == "none" for q in out):
        out = [replace(q, scope=q.scope or scope) for q in out]  # the others keep the clause's scope as their own
        own = True  # and the clause, its numbers now differing, carries none
    if own and out:
        scopes = {q.scope for q in out}
        scope = None if len(scopes) > 1 else next(iter(scopes))
        out = [replace(q, scope=None if q.scope == "none" else q.scope) for q in out]
        scope = None if scope == "none" else scope
        moods = {q.modality for q in out}
        mood = next(iter(moods)) if len(moods) == 1 and None not in moods else mood
    return out, scope, mood


def _detailed_scope(text: str, lo: int, parts: list[tuple[int, int]]) -> str | None:
    """The scope of the count a colon's list details, for a later item of the list that starts at `lo` ("by
    Tuesday they had brought back 1,539: 323 flew home ..., and 1,216 came by road": 1,216 is of the 1,539)."""
    colon = text.rfind(":", 0, lo)
    if colon < 0 or not _COUNT_START.match(text[lo:]):
        return None
    head = next((x for x, y in parts if x <= colon < y), 0)
    return clause_scope(text[head:colon], counted=True)


def _placed(c: Sentence, quantities: list[Quantity], kept: list[Mention],
            inferred: tuple[str, ...] = ()) -> list[Quantity]:
    """Where a clause's numbers sit in different coordinated parts, each number is about the places of its
    own part ("20,000 had fled into Chad and about 4,000 ... had gone home to South Sudan"), and a part
    without a number lends its places to the part before it. A number whose part names no place carries
    none rather than another part's (but places carried over by anaphora are every part's)."""
    parts = _parts(c.text)
    if len(parts) < 2:
        return quantities
    def part_of(offset: int) -> int:
        return next(i for i, (lo, hi) in enumerate(parts) if lo <= offset - c.start < hi or i == len(parts) - 1)
    holders = sorted({part_of(q.start) for q in quantities})
    if len(holders) < 2:
        # one part holds every number: where it names places of its own, an earlier part's places are of
        # another statement ("it slammed into Punta Gorda ..., and about 9,000 people ended up in Lee County
        # shelters": the 9,000 are Lee County's)
        if not holders:
            return quantities
        own = [m.place_id for m in kept if m.place_id and part_of(m.start) >= holders[0]]
        earlier = [m for m in kept if m.place_id and part_of(m.start) < holders[0]]
        if own and earlier:
            return [replace(q, places=tuple(dict.fromkeys([*own, *inferred]))) for q in quantities]
        return quantities
    owner = {i: max((h for h in holders if h <= i), default=holders[0]) for i in range(len(parts))}
    places: dict[int, list[str]] = {h: [] for h in holders}
    for m in kept:
        if m.place_id:
            places[owner[part_of(m.start)]].append(m.place_id)
    for i, h in enumerate(holders):  # a part that leans on an earlier count is at its places (corpus/leaning.py)
        lo, hi = parts[h]
        head = colon_head(c.text, lo) if not places[h] else None
        if head is not None:
            first = parts[part_of(c.start + head[1])][0]
            places[h] = [m.place_id for m in kept if m.place_id and first <= m.start - c.start < head[1]]
        elif not places[h] and leans_back(c.text[lo:hi]):
            places[h] = list(next((places[g] for g in reversed(holders[:i]) if places[g]), []))
    # places carried over by anaphora ("housed there") are the whole clause's
    return [replace(q, places=tuple(dict.fromkeys([*places[part_of(q.start)], *inferred]))) for q in quantities]


# Searched on folded text, behind a scan for the literals every match holds (corpus/folding.py, literals.py).
_BACKGROUND, _CUMULATIVE = fast(_BACKGROUND), fast(_CUMULATIVE)
# searched in every clause (clauses, _parts, _clause_claim): folded too
_COORD, _FINITE, _PART, _AND_NUMBER, _ALTERNATIVE, _SINCE_YEAR, _LEADING_SIDE = map(fast, (
    _COORD, _FINITE, _PART, _AND_NUMBER, _ALTERNATIVE, _SINCE_YEAR, _LEADING_SIDE))
