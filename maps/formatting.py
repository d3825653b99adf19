"""How numbers are written for readers, shared by the CLI tables and the map popups."""
from __future__ import annotations


def amount(value, low=None, high=None) -> str:
    """A count as a reader writes it: 1,000; 1,500–5,000; 3,000+; up to 82."""
    if value is not None:
        return f"{value:,.0f}"
    if low is not None and high is not None:
        return f"{low:,.0f}–{high:,.0f}"
    if low is not None:
        return f"{low:,.0f}+"
    return f"up to {high:,.0f}" if high is not None else "?"


# How a count's scope and modality (corpus.scope) read on a page: a planned or first-batch figure shown as a
# plain number would tell readers something the text does not say.
SCOPE_WORDS = {
    "first_batch": "first batch", "first_convoy": "first convoy", "second_convoy": "second convoy",
    "third_convoy": "third convoy", "first_two": "first two batches", "cumulative": "running total",
    "total": "total", "daily": "per day", "part": "part of a larger figure", "remainder": "the rest",
    "target": "a target", "population": "people concerned, not a count of people moved",
}
MODALITY_WORDS = {"planned": "planned", "expected": "expected", "possible": "possible", "feared": "feared",
                  "target": "a target"}


def scope_words(scope: str | None, modality: str | None = None) -> list[str]:
    """Reader's words for a count's scope and modality; nothing for an unscoped, reported count."""
    words = []
    if scope:
        words.append(SCOPE_WORDS.get(scope) or scope.replace("_", " "))
    if modality and modality != "reported":
        word = MODALITY_WORDS.get(modality) or modality.replace("_", " ")
        if word not in words:
            words.append(word)
    return words
