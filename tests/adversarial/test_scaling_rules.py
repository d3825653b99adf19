"""Single rules that read back from a clause must stop at its sentence, not at the article's start: on one long
paragraph a look back to the start per clause is quadratic (issue 14). Each test times the rule over every
sentence of a paragraph and of one eight times longer, in CPU seconds with the garbage collector paused, and
asserts the ratio stays under the bound of tests/adversarial/test_scaling.py (linear: about 8; quadratic: 64)."""
from __future__ import annotations

from evacmap.corpus.fronted import fronted_arrival
from evacmap.corpus.slots import Slot

from .test_scaling import LINEAR, _cpu  # the bound, and CPU seconds with the collector paused


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

