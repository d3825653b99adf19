"""A blockade stated with its actor as the subject: "<actor> warships, which have kept X's ports under blockade",
"<actor> has kept X under a naval blockade" (the actor besieges X). Read by corpus.control_text, whose other rules
take the place's own phrase; kept apart so that module stays within its size."""
from __future__ import annotations

import functools
import re

from evacmap.corpus.actors import Actors
from evacmap.corpus.model import Sentence
from evacmap.corpus.prefilter import Guarded
from evacmap.corpus.slots import Slot

__all__ = ["kept_subject", "kept_under"]

#: what follows the place: the place itself, or its ports, coast or airport, then "under (a naval) blockade|siege"
_AFTER = re.compile(r"(?:['’]s?\s+(?:\w+\s+)?(?:ports?|harbou?rs?|coast(?:line)?|airports?|borders?))?\s+"
                    r"under\s+(?:a\s+|an?\s+\w+\s+)?(?:naval\s+|total\s+|full\s+)?(?:blockade|siege)\b", re.I)


@functools.lru_cache(maxsize=8)
def _subject(adj: str, noun: str) -> Guarded:
    """"<actor> (warships), which have kept ", "<actor> has kept ", right before the place."""
    return Guarded((rf"\b(?P<who>{noun}|{adj})\b(?:\s+(?:forces|troops|warships|ships|navy|army))?\s*,?\s*"
                    r"(?:(?:which|that)\s+)?(?:had\s+|has\s+|have\s+)?(?:kept|held|placed|put)\s+(?:the\s+)?$", re.I),
                   r"(?:kept|held|placed|put)\s+(?:the\s+)?$")


def kept_subject(actors: Actors) -> Guarded:
    """The rule of the actor before the place, for the lexicon of `actors`."""
    return _subject(actors.adjective_rx, actors.noun_rx)


def kept_under(text: str, sentence: Sentence, slot: Slot, pid: str, actors: Actors) -> list[tuple]:
    """The claim that the actor before the place besieges it, when the words after it say "under blockade"."""
    base = max(sentence.start, slot.start - 90)
    m = kept_subject(actors).search(text[base:slot.start])
    k = _AFTER.match(text, slot.end, sentence.end) if m is not None else None
    if m is None or k is None:
        return []
    return [(base + m.start(), k.end(), pid, "besieged", text[base + m.start():k.end()], actors.canonical(m.group("who")))]
