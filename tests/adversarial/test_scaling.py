"""Work that grows with the input, not with its square: one long paragraph, and a corpus of many articles.

Each test times the same step on an input and on one eight times larger, in CPU seconds of this process (a
shared machine's load inflates them less than wall time), and asserts the ratio stays well under the 64 a
quadratic step gives (linear: about 8; caches and collection of garbage push a linear step above 8 on a
busy machine, so the bound is set between the two). Issue 14 measured legs and control statements
quadratic in the sentences of one paragraph (every sentence scanned every mention), and near-duplicate
detection quadratic in the articles (every pair).
"""
from __future__ import annotations

import gc
import hashlib
import random
import time

from evacmap.corpus.claims import extract_claims
from evacmap.corpus.control_text import control_claims
from evacmap.corpus.duplicates import find_duplicates
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.movements import extract_legs
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.speakers import attribute

CITIES = ("Manila", "Lyon", "Porto", "Nairobi", "Davao", "Geneva", "Lagos", "Quito")
LINEAR = 20.0  # the largest ratio accepted for an 8x larger input (linear: ~8; quadratic: ~64)


def _article(text: str, name: str = "long") -> Article:
    return Article(id=name, path=f"articles/{name}.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest())


def _cpu(fn) -> float:
    """CPU seconds of `fn` with the cyclic garbage collector paused: in a test process holding many objects a
    collection scans all of them, which would charge the whole heap to whichever input ran second."""
    gc.collect()
    gc.disable()
    try:
        began = time.process_time()
        fn()
        return time.process_time() - began
    finally:
        gc.enable()


def _legs_and_control(gazetteer, sentences: int) -> float:
    """CPU seconds of the movement and control rules on one paragraph of `sentences` short sentences, each
    naming one place (many mentions: the old per-sentence scan over all of them dominates)."""
    text = " ".join(f"Buses reached {CITIES[i % len(CITIES)]}." for i in range(sentences))
    article = _article(text)
    split = split_sentences(text)
    mentions = find_mentions(article, gazetteer, focus="SY")
    assert len(split) == sentences and len(mentions) >= sentences * 3 // 4  # the gazetteer may drop a name
    legs: list = []
    seconds = _cpu(lambda: legs.extend(extract_legs(article, split, mentions, gazetteer)))
    seconds += _cpu(lambda: control_claims(article, split, mentions, gazetteer))
    assert len(legs) >= sentences * 3 // 4  # the rules did their work: a leg per sentence naming a place
    return seconds


def test_legs_and_control_statements_are_linear_in_one_paragraph(gazetteer):
    _legs_and_control(gazetteer, 50)  # one-time costs (regexes, the world index's id table) out of the timing
    small, large = _legs_and_control(gazetteer, 1_250), _legs_and_control(gazetteer, 10_000)
    assert large / small < LINEAR, (small, large)


def _mentions(gazetteer, sentences: int) -> float:
    """CPU seconds of finding and resolving the places of one paragraph naming a few towns over and over."""
    article = _article(" ".join(f"Buses reached {CITIES[i % len(CITIES)]}." for i in range(sentences)))
    found: list = []
    seconds = _cpu(lambda: found.extend(find_mentions(article, gazetteer, focus="SY")))
    assert len(found) >= sentences * 3 // 4
    return seconds


def test_place_finding_is_linear_in_one_paragraph(gazetteer):
    _mentions(gazetteer, 50)  # the index's first-use costs out of the timing
    small, large = _mentions(gazetteer, 1_250), _mentions(gazetteer, 10_000)  # was quadratic: 2.4 s vs ~100 s
    assert large / small < LINEAR, (small, large)


def _claims(gazetteer, sentences: int) -> float:
    """CPU seconds of the claim rules on one paragraph alternating a count at a place with a definite number
    that names no place ("The remaining 1,007 people waited."), which is looked for among the claims before it."""
    text = " ".join(f"Buses carried {40 + i % 7} people from {CITIES[i % len(CITIES)]}." if i % 2 else
                    f"The remaining {1_000 + i} people waited." for i in range(sentences))
    article = _article(text)
    split = split_sentences(text)
    mentions = find_mentions(article, gazetteer, focus="SY")
    found: list = []
    seconds = _cpu(lambda: found.extend(extract_claims(article, split, mentions)))
    assert len(found) == sentences  # every sentence counts something
    return seconds


def test_claims_are_linear_in_one_paragraph(gazetteer):
    _claims(gazetteer, 40)
    small, large = _claims(gazetteer, 600), _claims(gazetteer, 4_800)
    assert large / small < LINEAR, (small, large)


def _corpus(count: int) -> list[Article]:
    rng = random.Random(count)
    words = [f"w{n}" for n in range(5_000)]
    return [_article(" ".join(rng.choice(words) for _ in range(60)), f"a{n}") for n in range(count)]


def test_near_duplicate_detection_is_not_pairwise():
    small_corpus, large_corpus = _corpus(400), _corpus(3_200)
    large_corpus[-1] = _article(large_corpus[0].text, "copy")  # one real pair: the step is not trivially empty
    find_duplicates(_corpus(20))
    small = min(_cpu(lambda: find_duplicates(small_corpus)) for _ in range(3))  # ~0.1 s: the best of three
    found: list = []
    large = _cpu(lambda: found.extend(find_duplicates(large_corpus)))
    assert [(d.first, d.second) for d in found] == [("a0", "copy")]
    assert large / small < LINEAR, (small, large)


def _speakers_in_open_quotation(sentences: int) -> float:
    """CPU seconds of attribution on one paragraph that opens a quotation and never closes it, so that every
    sentence is quoted and none names its speaker (each looked ahead through all the rest of the quotation)."""
    text = '"' + " ".join(f"We left {CITIES[i % len(CITIES)]} at night." for i in range(sentences))
    split = split_sentences(text)
    assert len(split) == sentences
    speakers: list = []
    seconds = _cpu(lambda: speakers.extend(attribute(text, split)))
    assert speakers == [None] * sentences  # nothing credits anyone: the look-ahead ran its full length
    return seconds


def test_attribution_is_linear_in_one_open_quotation():
    _speakers_in_open_quotation(50)
    small, large = _speakers_in_open_quotation(2_500), _speakers_in_open_quotation(20_000)
    assert large / small < LINEAR, (small, large)
