"""A siege reported as over: "the siege of X was lifted", "X's siege ended", "<actor> lifted its siege of X",
"after the lifting of the siege of X". The place is then no longer besieged: the claim's controller is
``siege lifted`` (who holds it is not said). Read by corpus.control_text; kept apart so that module stays
within its size.

Only a siege stated as ended counts: "was not lifted", "could be lifted", "called for the siege of X to be
lifted", "demanded the lifting of the siege of X" say nothing of the kind (no past tense of ending, or a demand
before it).
"""
from __future__ import annotations

import functools
import re

from evacmap.corpus.actors import Actors
from evacmap.corpus.model import Sentence
from evacmap.corpus.slots import Slot

__all__ = ["LIFTED", "lifted_sieges"]

LIFTED = "siege lifted"

_SIEGE = r"(?:[\w-]+\s+){0,2}?(?:siege|blockade|encirclement)"
_ADVERB = r"(?:(?:finally|formally|officially|effectively|partially|fully|largely|now)\s+)?"
_ENDED = r"(?:lifted|broken|ended|raised|over|broke)"
#: "the siege of |", "the 10-month siege of the |"
_NAMED_BEFORE = re.compile(rf"\bthe\s+{_SIEGE}\s+(?:of|on)\s+(?:the\s+)?$", re.I)
#: "the end of the siege of |", "the lifting of the blockade of |"
_END_OF = re.compile(rf"\bthe\s+(?:end|lifting|breaking)\s+of\s+the\s+{_SIEGE}\s+(?:of|on)\s+(?:the\s+)?$", re.I)
#: a demand or a plan before it: "called for the end of the siege of X", "talks on lifting the siege of X"
_WANTED = re.compile(r"\b(?:call(?:s|ed|ing)?\s+for|demand(?:s|ed|ing)?|urg(?:e|es|ed|ing)|seek(?:s|ing)?|sought|"
                     r"push(?:es|ed|ing)?\s+for|negotiat\w*|talks\s+on|plans?\s+(?:to|for)|hopes?\s+(?:for|of)|"
                     r"would|will|could|may|might)\b[^.;]{0,60}$", re.I)
#: after "the siege of X": ", ... , was lifted", "was finally broken on Monday", "ended in May", "is over"
_PASSIVE_AFTER = re.compile(rf"(?:\s*,[^,.;]{{1,60}},)?\s*(?:(?:was|were|had\s+been|has\s+been|have\s+been|is|is\s+now)"
                            rf"\s+{_ADVERB}(?:lifted|broken|ended|raised|over)|{_ADVERB}ended)\b", re.I)
#: after the place: "'s siege ended", "'s 10-month siege was lifted"
_POSSESSIVE_AFTER = re.compile(rf"['’]s\s+{_SIEGE}\s+(?:(?:was|were|had\s+been|has\s+been|is)\s+{_ADVERB}"
                               rf"(?:lifted|broken|ended|raised|over)|{_ADVERB}ended)\b", re.I)


@functools.lru_cache(maxsize=8)
def _subject(adj: str, noun: str) -> re.Pattern[str]:
    """"<actor> (forces) (have) lifted|broke|ended the|its siege of |"."""
    return re.compile(rf"\b(?:{noun}|{adj})\b(?:\s+(?:forces|troops|army|soldiers|fighters|units))?\s+"
                      rf"(?:had\s+|has\s+|have\s+)?{_ADVERB}(?:lifted|broke|broken|ended|raised)\s+"
                      rf"(?:the|its|their)\s+{_SIEGE}\s+(?:of|on|around)\s+(?:the\s+)?$", re.I)


def lifted_sieges(text: str, sentence: Sentence, slot: Slot, pid: str, actors: Actors) -> list[tuple]:
    """The claim that the siege of the slot's place is over, when the words around it say so."""
    said = text[sentence.start:sentence.end].lower()
    if "siege" not in said and "blockade" not in said and "encirclement" not in said:
        return []
    base = max(sentence.start, slot.start - 90)
    before = text[base:slot.start]
    found: list[tuple[int, int]] = []
    named = _NAMED_BEFORE.search(before)
    if named is not None and (after := _PASSIVE_AFTER.match(text, slot.end, sentence.end)) is not None \
            and not _WANTED.search(text, sentence.start, base + named.start()):
        found.append((base + named.start(), after.end()))
    for rx in (_END_OF, _subject(actors.adjective_rx, actors.noun_rx)):
        m = rx.search(before)
        if m is not None and not _WANTED.search(text, sentence.start, base + m.start()):
            found.append((base + m.start(), slot.end))
    if (m := _POSSESSIVE_AFTER.match(text, slot.end, sentence.end)) is not None \
            and not _WANTED.search(text, sentence.start, slot.start):
        found.append((slot.start, m.end()))
    return [(s, e, pid, LIFTED, text[s:e], None) for s, e in found[:1]]
