"""When a sentence says something happened, as a calendar date, from the article's published date.

News prose dates by weekday ("on Thursday", "Wednesday night") and relative words ("a day
earlier", "earlier this week"). A past-tense weekday is the last such weekday on or before
publication; a future one ("is due to meet Friday") the next one on or after it. "A day earlier"
and "the previous day" count from the day the story is currently telling (the narrative date),
not from publication.

Dates in a background clause ("after a ceasefire deal was struck on Wednesday night", "since
2012") or inside a quotation are found but marked `background`: they are not when the sentence's
own event happened. `narrative_dates` carries the story's current day from sentence to sentence so
an undated sentence ("Approximately 200 left in the first batch...") inherits it; each paragraph
starts again from the story's day (the lede's date: 'Thursday' for a Friday-morning paper).
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from evacmap.corpus.folding import fast

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = {m: i + 1 for i, m in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"))}
_MONTH_RE = (r"(?P<mon>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
             r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_PART = r"(?:\s+(?:morning|afternoon|evening|night))?"
_DAYS_N = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

_DATE = re.compile(
    r"(?P<weekday>\b(?:(?P<wmod>last|next|this|on|early|late|earlier|later)\s+)?"
    rf"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday){_PART}\b)"
    + r"|(?P<explicit>\b(?:(?P<d1>\d{{1,2}})\s+{}|{}\s+(?P<d2>\d{{1,2}})(?!\d))(?:,?\s+(?P<year>\d{{4}}))?\b)".format(
        _MONTH_RE, _MONTH_RE.replace("?P<mon>", "?P<mon2>"))
    + r"|(?P<rel>\b(?:today|tonight|yesterday|tomorrow|this (?:morning|afternoon|evening)"
      r"|last night)\b)"
    # "a day after the military told the UN": the day of the event after "after" is one before the sentence's, which
    # stays the story's own; a bare "a day after" or "a day later" moves it
    + r"|(?P<anch>\b(?:(?P<n>a|one|two|three|four|five|six|seven) days? (?P<dir>earlier|later|(?:before|after)"
      r"(?!\s+(?:(?:the|a|an|his|her|its|their|he|she|it|they|we)\b|(?-i:[A-Z]))))"
      r"|the (?P<dir2>previous|next|following) day|the day (?P<dir3>before|after)|(?P<same>(?:the|that) same day))\b)"
    + r"|(?P<ago>\b(?P<an>a|one|two|three|four|five|six|seven) (?P<unit>days?|weeks?) ago)\b"
    + r"|(?P<week>\b(?:earlier|later) this week|\b(?:this|last|next) week)\b",
    re.I,
)
# "after the deal was struck on Wednesday" sets its date in the background; "shortly before 5 a.m. on
# Wednesday" is a time adjunct of the sentence's own event.
# "..., which followed a similar explosion at Unit 1 on Saturday": a relative clause tying in an earlier event
_BACKGROUND = re.compile(r"\b(?:after|since|before|until|following|prior to|when|(?:which|that)\s+(?:had\s+)?"
                         r"(?:followed|preceded|came after))\b(?!\s+(?:\d{1,2}(?:[:.]\d\d)?\s*"
                         r"(?:a\.m\.|p\.m\.|am\b|pm\b)|noon|midday|midnight|dawn|dusk|daybreak|nightfall))", re.I)
# A count's own predicate before the day: "The number confirmed dead after Cyclone Idai rose to 417 on Saturday" is
# of Saturday (a storm does not rise to 417: the "after" phrase belongs to the subject, not to the day)
_COUNT_MOVED = re.compile(r"\b(?:rose|climbed|jumped|increased|grew|reached|stood|topped|passed)\s+(?:to\s+|at\s+)?"
                          r"(?:(?:more than|about|nearly|almost|some|over)\s+)?\d[\d,.]*\s*$", re.I)
# "would" is the future of reported speech: "Ottawa said a ship would pick up 1,000 people on Wednesday".
_FUTURE = re.compile(r"\b(?:will|shall|would|due|expected|set (?:to|for)|plans?|planned|scheduled|going to|"
                     r"hopes? to|tomorrow)\b", re.I)
# A clause that carries its own tense (an auxiliary or a past form); one without it ("at first light on Friday")
# takes the tense of the sentence before it.
_TENSED = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|will|would|shall|should|can|could|may|might|must|"
                     r"did|does|do|said|says|left|went|took|came|fled|began|told|met|got|made|\w{3,}ed)\b", re.I)
_TENSE_CUE = re.compile(f"{_FUTURE.pattern}|{_TENSED.pattern}", re.I)
_CLAUSE_START = re.compile(r"(?<!\d),|,(?!\d{3}\b)|[;:—–(]|\s-{1,2}\s")  # not the comma of "5,000"
_QUOTE_SPAN = re.compile(r"[\"“](?:(?!’’)[^\"”])*(?:[\"”]|’’|$)|(?<!\w)[‘'][^’']*[’'](?!\w)")
_TIME = re.compile(
    r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![A-Za-z])(?:\s+local time)?"
    r"(?:\s*\(\s*\d{3,4}\s*(?:GMT|UTC)\s*\))?"
    r"|\b\d{1,2}:\d{2}\b(?:\s+local time)?(?:\s*\(\s*\d{3,4}\s*(?:GMT|UTC)\s*\))?"
    r"|\b\d{3,4}\s*(?:GMT|UTC)\b|\b(?:midday|noon|midnight)\b",
    re.I,
)


# A figure given as the newest one ("in its latest report", "the most recent count") is as of publication.
_LATEST = re.compile(r"\b(?:latest|most recent|newest)\s+(?:\w+\s+)?(?:report|update|figures?|count|tally|toll|"
                     r"bulletin|statement|estimate|numbers?|data)\b", re.I)


# A reported state of the operation, not an event: "officials said about 150 soldiers were taking part", "it could
# handle as many as 500 people a day, he said". Naming no day, it holds as of the report, not on the day of the
# event told just before it.
_STATE_REPORTED = re.compile(r"\b(?:could|can)\s+(?:handle|hold|take in|accommodate|house|carry|process|cope with)\b|"
                             r"\b(?:were|was|are|is)\s+(?:still\s+)?(?:taking part|involved|deployed|on the ground|"
                             r"in place|on standby|stationed)\b|"
                             # "1,200 evacuees were staying at shelters in X, the Red Cross said": where people are now
                             r"\b(?:were|was|are|is)\s+(?:still\s+)?(?:staying|sheltering|housed|sleeping)\s+(?:at|in)\b", re.I)
_SAID = re.compile(r"\b(?:said|says|told|according to)\b", re.I)


# An event the article dates once ("Monday's fuel-depot explosion") and then tells of as "the blast": a sentence
# about it ("The blast happened as thousands were trying to leave") is of its day. Nouns for one event share a key.
_EVENT_NOUNS = {"blast": "blast", "explosion": "blast", "blasts": "blast", "quake": "quake", "earthquake": "quake",
                "attack": "attack", "assault": "attack", "strike": "strike", "airstrike": "strike", "fire": "fire",
                "blaze": "fire", "crash": "crash", "storm": "storm", "shelling": "shelling", "bombing": "bombing",
                "flood": "flood", "flooding": "flood", "landslide": "landslide", "collapse": "collapse"}
_EVENT_ALT = "|".join(sorted(_EVENT_NOUNS, key=len, reverse=True))
_POSSESSIVE_DAY = re.compile(rf"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday)['’]s\s+(?:[\w-]+\s+){{0,2}}?"
                             rf"({_EVENT_ALT})\b", re.I)
_THE_EVENT = re.compile(rf"^\W*the\s+(?:[\w-]+\s+)?({_EVENT_ALT})\s+(?:happened|occurred|struck|hit|came|took place|"
                        r"erupted|started|began|tore|ripped)\b", re.I)


def _dated_events(texts: list[str], published: dt.date | None) -> dict[str, dt.date]:
    """The events an article dates with a possessive day ("Monday's explosion"), by event key."""
    out: dict[str, dt.date] = {}
    if published is None:
        return out
    for text in texts:
        for m in _POSSESSIVE_DAY.finditer(text):
            refs = find_dates(m.group(0), published)
            if refs and refs[0].date <= published:
                out.setdefault(_EVENT_NOUNS[m.group(1).lower()], refs[0].date)
    return out


@dataclass(frozen=True)
class DateRef:
    """A date phrase in a text. `last` equals `date` for a day; a week phrase spans date..last."""

    date: dt.date
    last: dt.date
    text: str
    start: int
    end: int
    kind: str  # weekday | explicit | relative | anchored | same | week
    background: bool = False  # in an after/since clause or a quotation: not the sentence's own time


def _quote_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _QUOTE_SPAN.finditer(text)]


# "When the lava reached the sea on Nov. 22, the government confined ...": a clause opening the sentence with
# "when" sets the time of the sentence's own event (the same time), unlike "after", "since" or a "when" inside it.
_WHEN_OPENS = re.compile(r"^\W*(?:just\s+|only\s+)?when\b", re.I)


def _when_opens(clause: str) -> bool:
    m = _WHEN_OPENS.match(clause)
    return m is not None and not _BACKGROUND.search(clause, m.end())


def _clause_before(text: str, start: int) -> str:
    """The words from the start of the clause up to `start` (for tense and 'after ...')."""
    head = text[:start]
    cut = max((m.end() for m in _CLAUSE_START.finditer(head)), default=0)
    return head[cut:]


def _weekday(published: dt.date, wd: int, future: bool, strict: bool) -> dt.date:
    if future:
        delta = (wd - published.weekday()) % 7 or (7 if strict else 0)
        return published + dt.timedelta(days=delta)
    delta = (published.weekday() - wd) % 7 or (7 if strict else 0)
    return published - dt.timedelta(days=delta)


# a deadline set for an instruction: "were advised to leave by mid-morning on Monday", "told to get out by
# Friday": the day is the one to come, whatever the tense of the telling ("had left by Sunday" is no instruction)
_DEADLINE = re.compile(r"\bto\s+[a-z]+(?:\s+[a-z]+){0,2}?\s+by(?:\s+[\w:.-]+){0,2}\s*$", re.I)


_FUTURE_IN_PAST = re.compile(r"\b(?:was|were)\s+(?:due|scheduled|expected|set|going|about)?\s*to\b|\bwould\b|"
                             r"\b(?:was|were)\s+(?:planned|scheduled|set|due|expected)\s+(?:for|on)\b", re.I)
# the day of what a forecast or a warning looks ahead to: "urged to leave ahead of hot weather forecast for
# Saturday", "evacuated ahead of landfall on Friday" (the day to come, not when the urging or leaving happened)
_AHEAD = re.compile(r"\b(?:forecast|predicted)(?:\s+(?:for|on))?\s*$|\bahead of\b[^,;]*$", re.I)


def _future(text: str, m: re.Match, window: str) -> bool:
    """Whether the clause a weekday sits in is in the future. A clause without a tense of its own ("..., the
    only road out, at first light on Friday") takes the nearest tense before it in the sentence, or, when the
    date opens the sentence ("On Friday, the convoy will leave"), the first one after it. A deadline given with
    an instruction ("told to leave by Monday") is to come."""
    if _DEADLINE.search(window):
        return True
    if _FUTURE.search(window) or _TENSED.search(window):
        return bool(_FUTURE.search(window))
    before = list(_TENSE_CUE.finditer(" ".join(text[:m.start()].split()[-30:])))
    if before:
        return bool(_FUTURE.fullmatch(before[-1].group(0)))
    after = _TENSE_CUE.search(" ".join(text[m.end():].split()[:12]))
    return bool(after and _FUTURE.fullmatch(after.group(0)))


# A dateline opening a paragraph ("BEIRUT —", "NEW DELHI, April 7 (Wire) -"): its day is when the story was filed
DATELINE = re.compile(r"^[ \t]*(?:[A-Z][A-Z'.-]+(?:[ ,]+(?:[A-Z][A-Za-z'.-]+|\d{1,4}))*)(?:\s*\([^)\n]{1,30}\))?"
                      r"\s*(?:—|–|--|-|:)\s", re.M)


def find_dates(text: str, published: dt.date | None, anchor: dt.date | None = None,
               datelines: bool = False) -> list[DateRef]:
    """Date phrases in `text` resolved against `published`; 'a day earlier' against `anchor`. The day of a
    dateline opening `text` ("NEW DELHI, April 7 (Wire) - India took 1,000 people out on Monday") is when the story
    was filed, not a day the text tells of: left out unless `datelines`."""
    if published is None:
        return []
    anchor = anchor or published
    quotes = _quote_spans(text)
    out: list[DateRef] = []
    filed = DATELINE.match(text) if not datelines else None
    for m in _DATE.finditer(text, filed.end() if filed else 0):
        clause = _clause_before(text, m.start())
        window = " ".join(clause.split()[-8:])
        in_quote = any(a <= m.start() < b for a, b in quotes)
        background = in_quote or (bool(_BACKGROUND.search(clause)) and not _when_opens(clause)
                                  and not _COUNT_MOVED.search(clause))
        last = None
        if m.group("weekday"):
            wd = WEEKDAYS.index(m.group("wd").lower())
            mod = (m.group("wmod") or "").lower()
            ahead = mod != "last" and _AHEAD.search(window) is not None
            future = mod == "next" or ahead or (mod != "last" and _future(text, m, window))
            # the future in the past ("were due to leave on Monday" after "flew out 257 on Sunday") is counted
            # from the day the sentence told of, not from publication
            base = anchor if future and anchor < published and _FUTURE_IN_PAST.search(window) else published
            day = _weekday(base, wd, future, strict=mod in ("last", "next"))
            kind = "weekday"
            # a deadline, or what a forecast looks ahead to, is not when things happened
            background = background or bool(_DEADLINE.search(window)) or ahead
        elif m.group("explicit"):
            mon = (m.group("mon") or m.group("mon2")).lower()[:3]
            month = next(v for k, v in _MONTHS.items() if k.startswith(mon))
            year = int(m.group("year")) if m.group("year") else published.year
            try:
                day = dt.date(year, month, int(m.group("d1") or m.group("d2")))
            except ValueError:
                continue
            kind = "explicit"
        elif m.group("rel"):
            word = m.group("rel").lower()
            shift = -1 if word in ("yesterday", "last night") else 1 if word == "tomorrow" else 0
            day, kind = published + dt.timedelta(days=shift), "relative"
        elif m.group("same"):  # "on the same day": the day last told of (narrative_dates reads it)
            day, kind = anchor, "same"
        elif m.group("ago"):  # "three weeks ago": counted back from the day of publication
            n = _DAYS_N[m.group("an").lower()] * (7 if m.group("unit").lower().startswith("week") else 1)
            day, kind = published - dt.timedelta(days=n), "relative"
        elif m.group("anch"):
            n = _DAYS_N.get((m.group("n") or "a").lower(), 1)
            direction = (m.group("dir") or m.group("dir2") or m.group("dir3")).lower()
            sign = -1 if direction in ("earlier", "before", "previous") else 1
            day, kind = anchor + dt.timedelta(days=sign * n), "anchored"
        else:
            phrase = m.group("week").lower()
            monday = published - dt.timedelta(days=published.weekday())
            if phrase.startswith("last"):
                monday -= dt.timedelta(days=7)
            elif phrase.startswith("next"):
                monday += dt.timedelta(days=7)
            day, kind = monday, "week"
            last = min(published, monday + dt.timedelta(days=6)) if "earlier" in phrase \
                else monday + dt.timedelta(days=6)
        out.append(DateRef(day, last or day, m.group(0), m.start(), m.end(), kind, background))
    return out


def find_times(text: str) -> list[tuple[str, int, int]]:
    """Clock times as written: ("2:30pm local time (1230GMT)", start, end)."""
    return [(m.group(0), m.start(), m.end()) for m in _TIME.finditer(text)]


def story_day(texts: list[str], published: dt.date | None) -> dt.date | None:
    """The day the story is about: the article's first foreground day, else its publication day."""
    for text in texts:
        for r in find_dates(text, published, datelines=True):  # a dateline's day is the story's
            if not r.background and r.kind in ("weekday", "explicit", "relative") \
                    and (published is None or r.date <= published):
                return r.date
    return published


def narrative_dates(texts: list[str], published: dt.date | None,
                    paragraphs: list[int] | None = None) -> list[dt.date | None]:
    """The date each sentence is about: its own foreground date, else the story's current day.

    The current day starts each paragraph at the story's day (a backstory paragraph about
    "Tuesday night" does not leak into the next one) and moves with each foreground weekday,
    explicit or relative date that is not after publication; forecasts ("into Friday") and
    "a day earlier" do not move it. A sentence dated only to a week gets None, not a guessed day; one that gives
    the latest figures and names no day is of the publication day, and so is the story after it; so is a reported
    state of the operation ("said 150 soldiers were taking part"), the story staying put; one that tells of
    an event the article dated ("Monday's explosion" ... "The blast happened as ...") is of that event's day.
    `paragraphs` gives each sentence's paragraph number (default: all in one paragraph). A dateline's day is the
    story's day, not its first sentence's own.
    """
    base = story_day(texts, published)
    current, para = base, None
    out: list[dt.date | None] = []
    events = _dated_events(texts, published)
    for i, text in enumerate(texts):
        p = paragraphs[i] if paragraphs else 0
        if p != para:
            current, para = base, p
        refs = [r for r in find_dates(text, published, anchor=current) if not r.background]
        if not refs and published is not None and _LATEST.search(text):
            current = published  # "in its latest report": as of the report, and the story is now
        if not refs and published is not None and _STATE_REPORTED.search(text) and _SAID.search(text):
            out.append(published)  # a reported state: as of the report; the story stays where it was
            continue
        told = _THE_EVENT.match(text) if not refs and events else None
        if told and _EVENT_NOUNS[told.group(1).lower()] in events:
            current = events[_EVENT_NOUNS[told.group(1).lower()]]  # "The blast happened as ...": that day's
        if not refs:
            out.append(current)
            continue
        first = refs[0]
        if first.kind == "week":
            out.append(None)
            continue
        if first.kind == "same" and out and out[-1] is not None:
            out.append(out[-1])  # "On the same day, ..." opening a paragraph: the day the one before ended on
            continue
        out.append(first.date)
        # the story moves on to the latest day the sentence tells of ("28,120 at 8 p.m. on Tuesday and 42,500
        # by 8 a.m. on Wednesday": the next sentence is of Wednesday)
        moved = [r.date for r in refs if r.kind not in ("anchored", "week") and published is not None
                 and r.date <= published]
        if moved:
            current = max(moved)
    return out


# A span that runs up to the report ("this week", "over the past week"): a total over it is as of publication.
# So is a tally "since" a day or the start of the story's event ("seven had died since Wednesday", "22,000 had been
# displaced since the offensive began"), not since a year (a war's toll over years is of no day).
_SPAN_TO_REPORT = re.compile(r"(?<!earlier )(?<!later )\bthis week\b|\b(?:over|in|during) the (?:past|last) (?:week|"
                          r"\w+ days)\b(?! ago)|\bsince (?:(?:last )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                          r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d|\d{1,2} (?:jan|feb|mar|"
                          r"apr|may|jun|jul|aug|sep|oct|nov|dec)|the (?:[\w-]+ ){1,3}(?:began|started|opened|struck|hit|"
                          r"broke out))", re.I)


def runs_to_report(text: str) -> bool:
    """Whether a clause counts over a span that runs up to the report ("this week", "since Wednesday", "since
    the offensive began"): its total is as of the report's day."""
    return _SPAN_TO_REPORT.search(text) is not None


_SPAN_TO_REPORT = fast(_SPAN_TO_REPORT)  # searched on folded text behind a scan for its literals (corpus/folding.py)
