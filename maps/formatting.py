"""How numbers are written for readers, shared by the CLI tables and the map popups."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from evacmap.corpus.compare import GroupValue
    from evacmap.corpus.model import Claim, Quantity

__all__ = ["amount", "count_words", "group_value_words", "order_lines", "scope_words"]


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


_STATES = frozenset({"killed", "wounded", "injured", "dead", "missing", "displaced", "evacuated", "rescued"})


def count_words(q: Quantity, claim: Claim) -> str:
    """A count as the page prints it, with its scope and modality in words ("200 people (first batch)")."""
    from evacmap.corpus.quantities import VAGUE_AMOUNTS

    counts = f"{', '.join(q.kinds[:-1])} and {q.kinds[-1]}" if len(q.kinds) > 1 else q.counts
    qualifier = (q.qualifier or "").lower()
    if q.value is None and qualifier in VAGUE_AMOUNTS:  # "thousands of people", never an invented 2,000–9,999
        joiner = " " if counts in _STATES else " of "
        base = f"{qualifier}{joiner}{counts}" if counts else qualifier
    elif qualifier == "between" and q.low is not None and q.high is not None:
        base = " ".join(x for x in (f"between {q.low:,.0f} and {q.high:,.0f}", counts) if x)
    else:
        base = " ".join(x for x in (q.qualifier, amount(q.value, q.low, q.high), counts) if x)
    tags = scope_words(q.scope or claim.scope, q.modality or claim.modality)
    return f"{base} ({', '.join(tags)})" if tags else base


def group_value_words(v: GroupValue) -> str:
    """One value of a comparison with its outlet and the speaker the outlet credits."""
    number = f"{(v.qualifier + ' ') if v.qualifier else ''}{amount(v.value, v.low, v.high)}"
    who = f", citing {v.speaker}" if v.speaker and v.speaker != v.outlet else ""
    return f"{v.outlet}{who}: {number}"


def order_lines(controls) -> dict[str, list[str]]:
    """Place id -> one line per evacuation order the text states for it (control claims of
    ``corpus.control_text``), in date order: what the order is (worded by ``geo.zones.order_status``: an order
    holds nothing), the day, who issued it or that the text does not say, and the outlet. "Under a voluntary
    evacuation order, 7 May 2016 (issuer not stated): Aspen Gazette"."""
    from evacmap.corpus.orders import is_order
    from evacmap.geo.zones import order_status
    from evacmap.maps.pages import human_date

    found: dict[str, dict[str, None]] = {}
    for c in sorted(controls, key=lambda c: (c.date or "", c.article, c.start)):
        if not is_order(c.controller):
            continue
        words = order_status(c.controller)
        when = f", {human_date(c.date)}" if c.date else ", undated"
        by = f"issued by {c.issued_by}" if c.issued_by else "issuer not stated"
        found.setdefault(c.place_id, {})[f"{words[:1].upper()}{words[1:]}{when} ({by}): {c.outlet}"] = None
    return {pid: list(lines) for pid, lines in found.items()}
