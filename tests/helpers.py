"""Small helpers several test modules share: great-circle distances for tolerance checks, and claims read
from a written sentence with the places given by hand (as a gazetteer or a corpus's places.csv would)."""
from __future__ import annotations

import datetime as dt
import hashlib
import math
from pathlib import Path

from evacmap.corpus.claims import extract_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article, Mention
from evacmap.corpus.sentences import split_sentences
from evacmap.geo.control import control_claims
from evacmap.geo.legs import extract_legs

WED = dt.date(2024, 5, 8)  # a Wednesday: the publication day of the written sentences


def km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine, mean Earth radius)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in km between two (lat, lon) points."""
    return km(a[0], a[1], b[0], b[1])


def mentions_at(text: str, names: dict[str, str]) -> list[Mention]:
    """A mention of each surface (-> place id) at its first position in ``text``."""
    return [Mention("a", text.index(s), text.index(s) + len(s), s, pid) for s, pid in names.items()]


def claims_in(text: str, names: dict[str, str] | None = None, published: dt.date = WED):
    """The claims of a one-article text published on ``published``, with the places ``names``."""
    a = Article("a", "a.txt", text, "x", published=published)
    return extract_claims(a, split_sentences(text), mentions_at(text, names or {}))


def legs_in(text: str, gazetteer, focus: str | None = None) -> list:
    """The movement legs the real pipeline reads in a one-article text, with the gazetteer's places."""
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return extract_legs(a, split_sentences(text), find_mentions(a, gazetteer, focus=focus), gazetteer)


def control_in(text: str, gazetteer, focus: str | None = None) -> list:
    """The control statements the real pipeline reads in a one-article text, with the gazetteer's places."""
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return control_claims(a, split_sentences(text), find_mentions(a, gazetteer, focus=focus), gazetteer)


def place_id_of(gazetteer, name: str) -> str | None:
    """The id the gazetteer gives ``name`` in a plain sentence (looked up, not written into a test)."""
    text = f"They went to {name}."
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return next(m.place_id for m in find_mentions(a, gazetteer) if m.surface == name)


#: every article file the project holds (the sample and the test corpora), for tests that sweep real text
CORPUS_ARTICLES = sorted((Path(__file__).resolve().parents[1] / "corpus" / "samples").rglob("articles/*")) + \
    sorted((Path(__file__).resolve().parent / "corpora").rglob("articles/*"))
