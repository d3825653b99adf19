"""Single rules that read back from a clause must stop at its sentence, not at the article's start: on one long
paragraph a look back to the start per clause is quadratic (issue 14). Each test times the rule over every
sentence of a paragraph and of one eight times longer, in CPU seconds with the garbage collector paused, and
asserts the ratio stays under the bound of tests/adversarial/test_scaling.py (linear: about 8; quadratic: 64)."""
from __future__ import annotations

import gc

from evacmap.corpus.claims import clauses, extract_claims
from evacmap.corpus.control_text import control_claims
from evacmap.corpus.fronted import fronted_arrival
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Sentence
from evacmap.corpus.movements import extract_legs
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.slots import Slot
from evacmap.corpus.speakers import attribute

from .test_scaling import CITIES, LINEAR, _article, _cpu  # the bound, and CPU seconds with the collector paused


def _fronted(sentences: int) -> float:
    """The fronted-arrival rule on each sentence of one paragraph ("In Lyon, the buses arrived."), each read
    three times (a sentence has several clauses)."""
    one = "In Lyon, the buses arrived after a long night on the road near the old market square. "
    text = one * sentences
    spans = [(k * len(one), (k + 1) * len(one) - 1) for k in range(sentences)]
    slots = [[Slot(lo + 3, lo + 7, ("gn:1",), "Lyon", "mention")] for lo, _hi in spans]
    found: list = []

    def run() -> None:
        for _ in range(3):
            for (lo, hi), own in zip(spans, slots, strict=True):
                found.extend(fronted_arrival(text, lo, hi, own))
    seconds = _cpu(run)
    assert len(found) == 3 * sentences  # the rule did its work: each sentence's arrival is at its place
    return seconds


def test_the_fronted_arrival_rule_is_linear_in_one_paragraph():
    small, large = _fronted(4_000), _fronted(32_000)
    assert large / max(small, 1e-3) < LINEAR, (small, large)
    print(f"fronted arrival: {small:.3f} s -> {large:.3f} s for 8x the sentences")



def _initialism_speakers(sentences: int) -> float:
    """CPU seconds of attribution on one paragraph that names a body in full once, then credits it by its
    initials in every sentence ("..., the RFS said."): each initialism is the name spelt out before it."""
    text = "The Rural Fire Service ordered residents out. " + " ".join(
        f"Crews left {CITIES[i % len(CITIES)]} at dawn, the RFS said." for i in range(sentences))
    split = split_sentences(text)
    speakers: list = []
    seconds = _cpu(lambda: speakers.extend(attribute(text, split)))
    assert speakers == [None] + ["Rural Fire Service"] * sentences  # the rule did its work in every sentence
    return seconds


def test_initialism_speakers_are_linear_in_one_paragraph():
    _initialism_speakers(50)
    small, large = _initialism_speakers(1_000), _initialism_speakers(8_000)
    assert large / max(small, 1e-3) < LINEAR, (small, large)
    print(f"initialism speakers: {small:.3f} s -> {large:.3f} s for 8x the sentences")


def _clauses(count: int) -> float:
    """CPU seconds of cutting one sentence of `count` coordinated clauses (", and the road north was closed"),
    three times over (a sentence is cut for its claims and read again for its parts)."""
    text = "The buses left Lyon at dawn" + ", and the road north was closed" * count + "."
    sentence = Sentence(0, len(text), text)
    found: list = []
    seconds = _cpu(lambda: [found.extend(clauses(sentence)) for _ in range(3)])
    assert len(found) == 3 * (count + 1)  # the rule did its work: every clause has a subject and a verb
    return seconds


def test_cutting_one_sentence_into_clauses_is_linear():
    _clauses(50)
    small, large = _clauses(2_000), _clauses(16_000)
    assert large / max(small, 1e-3) < LINEAR, (small, large)
    print(f"clauses: {small:.3f} s -> {large:.3f} s for 8x the clauses")


def test_the_stages_of_one_long_paragraph_set_off_no_collection(gazetteer):
    """Claims, legs and control statements make many small objects in no cycle; each collection they set off
    would walk the objects alive (a full one, the whole heap: the gazetteer too), a cost that grows with the
    article (gazetteer/nogc.py). At most one young collection per stage, as the collector comes back on."""
    text = " ".join(f"Buses carried {40 + i % 7} people from {CITIES[i % len(CITIES)]} to "
                    f"{CITIES[(i + 3) % len(CITIES)]}, officials said." for i in range(3_000))
    article, sentences = _article(text), split_sentences(text)
    mentions = find_mentions(article, gazetteer, focus="SY")
    collections: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])
    gc.collect()
    gc.callbacks.append(count)
    try:
        found = [extract_claims(article, sentences, mentions), extract_legs(article, sentences, mentions, gazetteer),
                 control_claims(article, sentences, mentions, gazetteer)]
    finally:
        gc.callbacks.remove(count)
    assert len(found[0]) == 3_000 and len(found[1]) >= 2_000  # the stages did their work
    assert len(collections) <= 3, f"{len(collections)} collections, {collections.count(2)} full"
