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
