"""Movement legs. The text rules live in :mod:`corpus.movements` (they do no geometry); this module keeps
the old import path for the layers above."""
from __future__ import annotations

from evacmap.corpus.movements import STATUSES, Leg, article_legs, extract_legs

__all__ = ["STATUSES", "Leg", "article_legs", "extract_legs"]
