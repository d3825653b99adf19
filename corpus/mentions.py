"""Place mentions in an article, through the gazetteer."""
from __future__ import annotations

from evacmap.corpus.model import Article, Mention
from evacmap.gazetteer import Gazetteer


def find_mentions(article: Article, gazetteer: Gazetteer, focus: str | None = None) -> list[Mention]:
    return [
        Mention(article=article.id, start=m.start, end=m.end, surface=m.surface,
                place_id=m.place.id if m.place else None, score=m.score,
                candidates=tuple(c.id for c in m.candidates), reason=m.reason)
        for m in gazetteer.find(article.text, focus=focus)
    ]
