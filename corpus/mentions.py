"""Place mentions in an article, through the gazetteer."""
from __future__ import annotations

from evacmap.corpus.model import Article, Mention
from evacmap.corpus.organisations import org_name
from evacmap.gazetteer import Gazetteer


def find_mentions(article: Article, gazetteer: Gazetteer, focus: str | None = None) -> list[Mention]:
    """The gazetteer's matches, less those that are the whole name, of several words, of a known organisation
    ("Red Cross staff": the organisation, not the village of Red Cross, North Carolina). One word is kept: an
    organisation called by one word ("Kizilay") may share it with a real place, and the traps decide."""
    return [
        Mention(article=article.id, start=m.start, end=m.end, surface=m.surface,
                place_id=m.place.id if m.place else None, score=m.score,
                candidates=tuple(c.id for c in m.candidates), reason=m.reason)
        for m in gazetteer.find(article.text, focus=focus)
        if " " not in m.surface.strip() or org_name(m.surface) is None
    ]
