"""Text bound for a terminal, made inert: article text, outlet and file names are untrusted.

Rich markup is disabled where data is printed (a name like "[/red]" crashed rich, "[link=…]" made a
clickable link); this module removes what would still reach the terminal raw: ESC and the other control
characters (colour, cursor moves, title changes, OSC 8 links), and the bidirectional overrides that reorder
what is shown. It is applied in a pipe too, since a pipe often ends in a terminal (`| less -R`, `| tee`).
"""
from __future__ import annotations

import re

__all__ = ["clean"]

# C0 controls but tab and newline, DEL, C1 controls, and the bidi embeddings/overrides/isolates.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean(value: object) -> str:
    """`value` as text with every control character shown as U+FFFD, so nothing is hidden silently."""
    return _CONTROL.sub("\ufffd", str(value))
