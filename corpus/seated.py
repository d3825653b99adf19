"""Where a body sits, described rather than named, after the body: "the health ministry in the Hamas-run strip",
"the army in the north". The words before that description are the body a sentence
credits (corpus/attribution.py reads them as a noun phrase of a source); the description stays in the speaker as
written."""
from __future__ import annotations

import re

__all__ = ["unplaced"]

#: where a body sits, described rather than named: "(the health ministry) in the Hamas-run strip"; "(the interior
#: ministry) of the eastern government" is attribution._common_body's
_WHERE = re.compile(r"^(?:in|of)\s+the\s+(?:[\w'’-]+\s+){0,2}(?:strip|territory|enclave|country|region|province|"
                    r"state|city|capital|island|kingdom|republic|north|south|east|west)$", re.I)


def unplaced(words: list[str]) -> list[str]:
    """The words of a phrase before a trailing description of where the body sits (_WHERE), else all of them."""
    for k in range(1, len(words)):
        if _WHERE.match(" ".join(words[k:])):
            return words[:k]
    return words
