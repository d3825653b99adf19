"""The look-ahead of first characters (corpus/firstchars.py) in front of the folded rules: every rule of the
corpus modules finds the same matches, at the same places, with the same groups, with it as without it, on
the sentences of the corpora (folded, as the rules search them) and on written traps."""
from __future__ import annotations

import gc
import re

from helpers import CORPUS_ARTICLES

from evacmap.corpus import (  # noqa: F401  (their rules)
    attribution,
    claim_places,
    claims,
    control_text,
    events,
    movement_clauses,
    movement_cues,
    movements,
    quantities,
    scope,
    slots,
    speakers,
)
from evacmap.corpus.firstchars import first_class, quick
from evacmap.corpus.folding import Fast, fold, folded, loosened
from evacmap.corpus.prefilter import Guarded
from evacmap.corpus.sentences import split_sentences

TRAPS = ["+44 20 7946 0958, said 1,500 people", "  -- when the war began, 20,000 fled", "(About 3,000) left",
         "\u212aelvin İDLİB ſide", "\n\nthe 9-month-old and 15,000 others", "at 8 p.m. GMT on Dec. 15, 2016", ""]


def _texts() -> list[str]:
    out = list(TRAPS)
    for path in CORPUS_ARTICLES:
        text = path.read_text(encoding="utf-8")
        out += [s.text for s in split_sentences(text)]
        out.append(text[:3000])  # across sentences and paragraphs, as the article-wide searches run
    return [fold(t) for t in out]


def _plain_rules() -> list[re.Pattern[str]]:
    """The folded patterns the corpus rules search with, as compiled without the look-ahead."""
    out: list[re.Pattern[str]] = []
    for obj in gc.get_objects():
        if isinstance(obj, Fast):
            plain = folded(obj.pattern) or loosened(obj.pattern)
            out += [plain] if plain is not None else []
        elif isinstance(obj, Guarded):
            out += [p for p in (folded(obj.pattern), folded(obj.guard)) if p is not None]
    return out


def _found(rx: re.Pattern[str], text: str) -> list[tuple]:
    return [(m.span(), m.groups()) for m in rx.finditer(text)]


def test_every_rule_finds_the_same_matches_behind_its_look_ahead():
    rules = _plain_rules()
    quickened = [(rx, quick(rx)) for rx in rules]
    assert sum(q is not rx for rx, q in quickened) >= 100  # most rules open with \b or a look-behind
    texts = _texts()
    for rx, q in quickened:
        if q is rx:
            continue
        for text in texts:
            assert _found(q, text) == _found(rx, text), (rx.pattern, text)
            assert (q.search(text, 5, 60) or _NONE).span() == (rx.search(text, 5, 60) or _NONE).span()


class _None:
    def span(self) -> None:
        return None


_NONE = _None()


def test_the_class_holds_every_first_character_and_refuses_what_it_cannot_bound():
    assert first_class(re.compile(r"\b\d+")) == r"[\d]"
    assert first_class(re.compile(r"(?<![\w.])(?:has )?said")) == r"[\U00000068\U00000073]"  # h or s
    assert first_class(re.compile(r"^\W*(?:when|since)")) == r"[\U00000073\U00000077\W]"
    assert first_class(re.compile(r"\b(?:an?\s+)?\w*")) is None  # may match the empty string
    assert first_class(re.compile(r"\b.x")) is None  # any character
    assert first_class(re.compile(r"\b[^a]x")) is None  # a negated class
    assert first_class(re.compile(r"\b(?i:a)x")) is None  # a flag added inside: the class would be too narrow
    assert first_class(re.compile(r"(?x) \b a")) is None  # inline global flags


def test_ignoring_case_widens_the_class_as_it_widens_the_pattern():
    rx = re.compile(r"\bfled\b", re.I)
    q = quick(rx)
    assert q is not rx
    for text in ("FLED", "Fled", "they fled", "\u212a fled"):
        assert _found(q, text) == _found(rx, text)


def test_a_pattern_that_opens_with_a_literal_is_left_as_it_is():
    """`re` scans for a literal or class start itself: nothing to add."""
    rx = re.compile(r"fled\b|left\b")
    assert quick(rx) is rx


def test_a_pattern_anchored_at_the_start_is_left_as_it_is():
    """`re` tries `^...` at the start alone; a look-ahead in front would have it tried at every position."""
    for source in (r"^\W*(?:when|since)\b", r"\A\s+fled"):
        rx = re.compile(source)
        assert quick(rx) is rx


def test_the_speech_verbs_find_the_same_verbs_in_every_sentence_of_the_corpora():
    """attribution._VERB (case-sensitive, searched in every sentence) is the plain pattern behind its look-ahead."""
    quickened = attribution._VERB
    source = re.fullmatch(r"\(\?=\[[^\]]*\]\)\(\?:(.*)\)", quickened.pattern, re.S)
    assert source is not None
    plain = re.compile(source.group(1), quickened.flags)
    texts = [*TRAPS, "Jan Egeland said", "an estimated 1,000, the reported figure, officials had put the toll at"]
    for path in CORPUS_ARTICLES:
        texts += [s.text for s in split_sentences(path.read_text(encoding="utf-8"))]
    for text in texts:
        assert _found(quickened, text) == _found(plain, text), text
