"""The text side's plain data: articles, sentences, mentions, quantities and claims."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Article:
    """One article file. `id` is the file's stem; offsets everywhere index into `text`."""

    id: str
    path: str  # relative to the corpus folder
    text: str
    sha256: str
    outlet: str = "unknown"
    published: dt.date | None = None
    title: str = ""
    url: str = ""
    detected: tuple[str, ...] = ()  # metadata fields detected from the text rather than given in config


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Mention:
    """A place name in an article. `place_id` is None when it could not be resolved with confidence."""

    article: str
    start: int
    end: int
    surface: str
    place_id: str | None
    score: float = 1.0
    candidates: tuple[str, ...] = ()
    reason: str = ""


@dataclass(frozen=True)
class Quantity:
    """A number and what it counts. `value` is the point estimate; `low`/`high` bound it where the
    text does ("between 1,500 to 5,000", "at least 3,000" -> low=3000, high=None)."""

    value: float | None
    low: float | None
    high: float | None
    qualifier: str | None  # about, at least, more than, up to, as high as, almost, between, exactly...
    counts: str | None  # what is counted: people, civilians, fighters, wounded, buses, ambulances...
    text: str  # the words the number was read from
    start: int = 0  # offsets into the article text
    end: int = 0
    kinds: tuple[str, ...] = ()  # every kind a list counts ("women, men and children"); () = just `counts`
    scope: str | None = None  # this number's own scope where it differs from its claim's (corpus.scope)
    modality: str | None = None  # likewise for modality ("with a target of 5,000")
    places: tuple[str, ...] | None = None  # this number's own places where its clause's parts differ; None: the claim's
    date: dt.date | None = None  # this number's own day where its part of the clause names one; None: the claim's
    event: str | None = None  # this number's own event where its part of the clause reports another; None: the claim's

    def counted(self) -> str | list[str] | None:
        """What is counted, as the JSON gives it: a list when the phrase counts several kinds."""
        return list(self.kinds) if len(self.kinds) > 1 else self.counts

    def to_dict(self, claim: Claim | None = None) -> dict:
        """The one JSON form of a quantity; scope/modality fall back to its claim's."""
        from evacmap.corpus.events import quantity_event

        day = self.date or (claim.date if claim else None)
        return {"value": _num(self.value), "low": _num(self.low), "high": _num(self.high),
                "qualifier": self.qualifier, "counts": self.counted(), "text": self.text,
                "start": self.start, "end": self.end, "event": quantity_event(claim.event, self) if claim else None,
                "scope": self.scope or (claim.scope if claim else None),
                "modality": self.modality or (claim.modality if claim else None),
                "places": list(self.places) if self.places is not None else list(claim.places) if claim else [],
                "date": day.isoformat() if day else None}


@dataclass(frozen=True)
class Claim:
    """A sentence-level statement by one outlet, with its speaker, quantities, places and date."""

    id: str  # "<article>#<n>", stable for the same text
    article: str
    outlet: str
    start: int
    end: int
    text: str
    speaker: str | None = None
    date: dt.date | None = None
    time: str | None = None  # clock time as written, e.g. "2:30pm local time (1230GMT)"
    event: str | None = None  # one of corpus.events.EVENT_KINDS
    places: tuple[str, ...] = ()  # place ids of the mentions inside the sentence
    quantities: tuple[Quantity, ...] = ()
    scope: str | None = None  # first_batch, first_convoy, cumulative, total, daily ... (corpus.scope)
    modality: str = "reported"  # reported, planned, expected, possible, feared, target
    inferred_places: tuple[str, ...] = ()  # the places taken from context ("those two cities"), not named here

    @property
    def place_inferred(self) -> bool:
        """True when some of the claim's places were inferred rather than named in its words."""
        return bool(self.inferred_places)

    def to_dict(self) -> dict:
        """The one JSON form of a claim (`evacmap claims --json`, data/claims.json)."""
        return {
            "id": self.id, "article": self.article, "outlet": self.outlet, "text": self.text,
            "start": self.start, "end": self.end, "speaker": self.speaker,
            "date": self.date.isoformat() if self.date else None, "time": self.time, "event": self.event,
            "scope": self.scope, "modality": self.modality, "places": list(self.places),
            "place_inferred": self.place_inferred, "inferred_places": list(self.inferred_places),
            "quantities": [q.to_dict(self) for q in self.quantities],
        }

    def csv_rows(self) -> list[list]:
        """Spreadsheet rows (CSV_HEADER): one per quantity, one for a claim without any."""
        base = [self.id, self.article, self.outlet, self.date.isoformat() if self.date else "", self.time or "",
                self.speaker or "", self.event or "", self.scope or "", self.modality,
                ";".join(self.places), "true" if self.place_inferred else "false"]
        if not self.quantities:
            return [[*base, "", "", "", "", "", "", "", "", self.text]]
        return [[*base, _cell(q.value), _cell(q.low), _cell(q.high), q.qualifier or "",
                 "+".join(q.kinds) if len(q.kinds) > 1 else q.counts or "", q.text, q.start, q.end, self.text]
                for q in self.quantities]


CSV_HEADER = ("claim", "article", "outlet", "date", "time", "speaker", "event", "scope", "modality", "places",
              "place_inferred", "value", "low", "high", "qualifier", "counts", "quantity_text", "start", "end",
              "text")


def _num(x: float | None) -> int | float | None:
    if x is None:
        return None
    return int(x) if float(x).is_integer() else float(x)


def _cell(x: float | None) -> int | float | str:
    n = _num(x)
    return "" if n is None else n


def claims_csv_rows(claims: list[Claim]) -> tuple[tuple[str, ...], list[list]]:
    """(header, rows) for a spreadsheet: one row per quantity, one row for a claim without any."""
    return CSV_HEADER, [row for c in claims for row in c.csv_rows()]
