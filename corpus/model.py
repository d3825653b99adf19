"""The text side's plain data: articles, sentences, mentions, quantities and claims."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field


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
    control: tuple = field(default=(), compare=False)  # reserved for control statements
