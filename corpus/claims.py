"""Sentence-level claims: what one outlet says, with its numbers, speaker, date and places.

A sentence becomes a claim when it counts something (a quantity with a counted noun) or reports
an event (corpus.events). Everything else in the article - colour, quotes about history - is
left out, so the map annotates numbers and events, not prose.
"""
from __future__ import annotations

import re

from evacmap.corpus.attribution import attribute, mask_quotes
from evacmap.corpus.dates import find_times, narrative_dates
from evacmap.corpus.events import classify
from evacmap.corpus.model import Article, Claim, Mention, Sentence
from evacmap.corpus.quantities import parse_quantities

# "in those two cities" names no place but means the ones the previous sentence named.
_PLACE_ANAPHORA = re.compile(r"\b(?:those|these|the|both)\s+(?:two\s+|three\s+)?"
                             r"(?:cities|towns|villages|enclaves|districts|neighbou?rhoods)\b", re.I)

# A toll over weeks or years ("the war that has killed hundreds of thousands") is of no single day.
_CUMULATIVE = re.compile(r"\b(?:has|have|had)\s+(?:\w+\s+)?(?:killed|displaced|left)\b|"
                         r"\bin recent (?:days|weeks|months)\b|\bsince\b|\b(?:years|months|weeks) of\b",
                         re.I)

CSV_HEADER = ("claim", "article", "outlet", "date", "time", "speaker", "event", "places", "value",
              "low", "high", "qualifier", "counts", "quantity_text", "start", "end", "text")


def _places(sentence: Sentence, mentions: list[Mention]) -> tuple[str, ...]:
    ids = [m.place_id for m in sorted(mentions, key=lambda m: (m.start, m.end))
           if m.place_id and sentence.start <= m.start and m.end <= sentence.end]
    return tuple(dict.fromkeys(ids))


def extract_claims(article: Article, sentences: list[Sentence], mentions: list[Mention]) -> list[Claim]:
    """One Claim per sentence that counts something or reports an event, in text order."""
    texts = [s.text for s in sentences]
    paragraphs = [article.text.count("\n", 0, s.start) for s in sentences]
    dates = narrative_dates(texts, article.published, paragraphs)
    speakers = attribute(article.text, sentences)
    places = [_places(s, mentions) for s in sentences]
    masked = mask_quotes(article.text)
    claims: list[Claim] = []
    for n, s in enumerate(sentences):
        previous = texts[n - 1] if n and paragraphs[n - 1] == paragraphs[n] else ""
        quantities = [q for q in parse_quantities(s.text, s.start, previous) if q.counts]
        # Without a number, only the narrative counts: a quotation's "massacres" is not an event.
        event = classify(s.text if quantities else masked[s.start:s.end], quantities, previous)
        if not quantities and event is None:
            continue
        here = places[n]
        if n and _PLACE_ANAPHORA.search(s.text):
            here = tuple(dict.fromkeys(here + places[n - 1]))
        date = dates[n]
        if event in ("killed", "wounded", "attack", "displaced") and _CUMULATIVE.search(s.text):
            date = None
        times = find_times(s.text)
        claims.append(Claim(
            id=f"{article.id}#{n}", article=article.id, outlet=article.outlet, start=s.start,
            end=s.end, text=s.text, speaker=speakers[n], date=date,
            time=times[0][0] if times else None, event=event, places=here,
            quantities=tuple(quantities)))
    return claims


def _num(x: float | None):
    if x is None:
        return ""
    return int(x) if float(x).is_integer() else x


def claims_csv_rows(claims: list[Claim]) -> tuple[tuple[str, ...], list[list]]:
    """(header, rows) for a spreadsheet: one row per quantity, one row for a claim without any."""
    rows = []
    for c in claims:
        base = [c.id, c.article, c.outlet, c.date.isoformat() if c.date else "", c.time or "",
                c.speaker or "", c.event or "", ";".join(c.places)]
        for q in c.quantities or (None,):
            if q is None:
                rows.append([*base, "", "", "", "", "", "", "", "", c.text])
            else:
                rows.append([*base, _num(q.value), _num(q.low), _num(q.high), q.qualifier or "", q.counts or "", q.text, q.start, q.end, c.text])
    return CSV_HEADER, rows
