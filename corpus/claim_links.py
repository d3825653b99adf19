"""How a claim reads in the light of the claims around it: what a neighbouring sentence says about its scope,
day or event, by general rules of news English.

- "Another 289 ... will be brought out in a second stage" makes the count told just before it the first stage;
- "Rebels also shelled ..., too" right after an undated (background) claim of the same kind is background too;
- "They are beginning with the injured ..." right after an evacuation goes on with that evacuation;
- "Of them, 6,500 were foreigners", "Flights carried 11,200 of them", right after a count, count part of
  it: they are at that count's places (flagged `place_inferred`: their own words name none). Not "5,347
  people, more than 4,000 of them Afghans": that part is of a count of its own clause. ("Another 400", "the
  remaining 2,000" are more of, or the rest of, the count before: the same kind of movement, but not
  always between the same two places, so no place is carried over for them.)
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from evacmap.corpus.dates import find_dates
from evacmap.corpus.model import Claim
from evacmap.corpus.quantities import counts_people

__all__ = ["BEGIN_WITH", "also_undated", "first_stage", "part_of_previous"]

# "They are beginning with the injured, the vulnerable ...": an operation starting with a group of people.
BEGIN_WITH = re.compile(r"\b(?:begin|begins|beginning|began|start|starts|starting|started)\s+with\s+(?:the\s+)?"
                        r"(?:most\s+)?(?:injured|wounded|sick|elderly|vulnerable|women|children|families|patients|"
                        r"orphans|disabled|critically)\b", re.I)


# "Another 289 will be brought out in a second stage": a second stage presupposes a first one, and the count
# told just before (in the same paragraph, of the same kind) is it.
_SECOND_STAGE = re.compile(r"\b(?:another|a further|the (?:remaining|other|rest))\b[^.;]*?\b(?:in|as|on|with|by)\s+"
                           r"(?:a|the)\s+(?:second|next)\s+(stage|batch|phase|wave|group|round|convoy|airlift|"
                           r"rotation|trip)\b", re.I)


def first_stage(text: str, claims: list[Claim]) -> list[Claim]:
    """The claim before one that counts "another N ... in a second stage", in its paragraph and counting the
    same kind, with no scope of its own and reported as done, is the first stage."""
    out = list(claims)
    for i in range(1, len(out)):
        m = _SECOND_STAGE.search(out[i].text)
        if m is None or not out[i].quantities:
            continue
        j = next((k for k in range(i - 1, -1, -1) if out[k].quantities), None)
        if j is None or "\n" in text[out[j].end:out[i].start]:
            continue
        prior = out[j]
        kinds = {q.counts for q in out[i].quantities}
        if prior.scope is None and prior.modality == "reported" and all(q.scope is None for q in prior.quantities) \
                and kinds & {q.counts for q in prior.quantities}:
            out[j] = replace(prior, scope="first_convoy" if m.group(1).lower() == "convoy" else "first_batch")
    return out


_ALSO = re.compile(r"\b(?:also|too|as well)\b", re.I)
_VIOLENCE = frozenset({"killed", "wounded", "attack"})


def also_undated(published: dt.date | None, claims: list[Claim]) -> list[Claim]:
    """A claim that adds to the one before it ("also", "too") with the same kind of event and no day of its own
    is of that claim's time: undated when it is (background over months or years)."""
    out = list(claims)
    for i in range(1, len(out)):
        c, prior = out[i], out[i - 1]
        if c.date is None or prior.date is not None or prior.article != c.article or not _ALSO.search(c.text):
            continue
        same = c.event == prior.event or {c.event, prior.event} <= _VIOLENCE
        # any reference day will do: only whether the clause names a day of its own matters
        if same and c.event is not None and not find_dates(c.text, published or dt.date(2000, 1, 1)):
            out[i] = replace(c, date=None, quantities=tuple(replace(q, date=None) for q in c.quantities))
    return out


# "Of them, ...", "Among those, ...": a clause that opens by taking part of the group just counted; "11,200 of
# them" does so inside it.
_PARTITIVE = re.compile(r"^\W*(?:of|among)\s+(?:them|those|these|whom)\s*,", re.I)
_PART_OF = re.compile(r"\b(?:of|among)\s+(?:them|those|these|whom)\b", re.I)


def part_of_previous(text: str, claims: list[Claim]) -> list[Claim]:
    """A claim that names no place and counts part of the count before it ("Of them," opening it, "11,200 of
    them" with no count of people before it in the clause) right after a claim with a count (nothing but
    space between them) is at that claim's places, flagged inferred."""
    out = list(claims)
    for i in range(1, len(out)):
        c, before = out[i], out[i - 1]
        leans = _PARTITIVE.match(c.text) or _part_of_before(c)
        if c.places or not before.places or not before.quantities or not leans or text[before.end:c.start].strip():
            continue
        out[i] = replace(c, places=before.places, inferred_places=before.places,
                         quantities=tuple(replace(q, places=None) for q in c.quantities))
    return out


def _part_of_before(c: Claim) -> bool:
    """Whether a claim's "N of them" is its first count of people (so "them" is not a group it counted)."""
    people = [q for q in c.quantities if counts_people(q.counts)]
    if not people:
        return False
    m = _PART_OF.search(c.text, people[0].end - c.start)
    return m is not None and m.start() - (people[0].end - c.start) <= 1
