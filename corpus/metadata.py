"""Metadata an article states about itself: its outlet ("(CNN)", "told Al Jazeera"), dateline, headline.

Only what the text makes explicit is detected, and every detected field is marked as such, so a reader can
tell a value the user gave in evacmap.toml from one the tool inferred.
"""
from __future__ import annotations

import re
from collections import Counter

_OUTLETS = {
    "CNN": [r"\(CNN\)", r"\btold CNN\b", r"\bCNN sources\b", r"\bCNN's\b", r"\bCNN is unable\b"],
    "Al Jazeera": [r"\btold Al Jazeera\b", r"\bAl Jazeera's correspondent\b"],
    "Reuters": [r"\(Reuters\)", r"^[A-Z][A-Z .'-]+\(Reuters\)"],
    "Associated Press": [r"\(AP\)"],
    "AFP": [r"\(AFP\)"],
    "BBC News": [r"\btold the BBC\b", r"\btold BBC\b"],
    "VOA News": [r"\btold VOA\b", r"\bVOA's\b"],
    "The Independent": [r"\btold The Independent\b"],
}
_COMPILED = {outlet: [re.compile(p, re.MULTILINE) for p in pats] for outlet, pats in _OUTLETS.items()}
_DATELINE = re.compile(r"^\s*([A-Z][A-Z'.-]+(?: [A-Z][A-Z'.-]+)*)(?:, [A-Z][A-Za-z.]+)?\s+(?:—|–|--|-)\s")


def detect_outlet(text: str) -> str | None:
    """The outlet whose signature occurs most often in the text, or None."""
    hits = Counter({outlet: sum(len(p.findall(text)) for p in pats) for outlet, pats in _COMPILED.items()})
    best = [o for o, n in hits.most_common() if n > 0]
    return best[0] if best else None


def detect_dateline(text: str) -> str | None:
    """"BEIRUT — Around 1,000 people…" → "BEIRUT"."""
    m = _DATELINE.match(text)
    return m.group(1) if m else None


def detect_title(text: str) -> str | None:
    """A headline: a short first line without a closing full stop, followed by a blank line."""
    first, _, rest = text.lstrip().partition("\n")
    first = first.strip().lstrip("#").strip()
    if first and len(first) <= 160 and not first.endswith((".", "”", '"')) and rest.startswith("\n"):
        return first
    return None
