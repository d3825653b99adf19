"""What a whole article says about its names: the countries and regions it names (doc_countries) and the
towns it names with one meaning (anchors), the context that breaks ties between homonyms."""
from __future__ import annotations

from evacmap.gazetteer.context import SETTLEMENT_KINDS
from evacmap.gazetteer.model import Place

__all__ = ["anchors", "doc_countries", "dominant", "near_by_name"]


def doc_countries(kept, focus: str | None) -> frozenset[str]:
    """The countries of the article's curated places, of the names that are in one country only (every
    homonym of "Texas" or "Ankara" is in one country), and the focus: the context that breaks ties.
    `kept` holds (first token, end token, key, places, score) items."""
    return frozenset(
        p[0].country for _, _, _, p, _ in kept
        if (p[0].source in {"curated", "user"} or all(q.country == p[0].country for q in p)) and p[0].country
    ) | frozenset(  # and the regions named with one meaning: "Texas" makes Austin, Texas the likelier Austin
        p[0].id for _, _, _, p, _ in kept if len(p) == 1 and p[0].kind in {"governorate", "region"}
    ) | frozenset(  # or whose first-level region dwarfs its homonyms ("Florida" the state, not the towns),
        top.id for _, _, _, p, _ in kept if len(p) > 1  # unless a city of the name is in it ("Tripoli")
        for top in [max(p, key=lambda q: (q.population, q.id))]
        if top.kind == "governorate" and not any(q.parent == top.id for q in p)
    ) | frozenset(  # and the countries named, though towns share their names ("Canada", Canada, Kentucky)
        top.country for _, _, _, p, _ in kept if len(p) > 1
        for top in [max(p, key=lambda q: (q.population, q.id))] if top.kind == "country" and top.country
    ) | ({focus} if focus else set())


def dominant(places: list[Place]) -> Place | None:
    """The city of 100,000 or more that dwarfs every homonym tenfold ("Montreal"), if there is one: as sure a
    context for the article's other names as a name with one meaning."""
    ranked = sorted(places, key=lambda p: -p.population)
    top = ranked[0]
    if top.kind in SETTLEMENT_KINDS and top.population >= 100_000 and top.population >= 10 * ranked[1].population:
        return top
    return None


def anchors(items, narrowed_all: list[list[Place]], settled: dict[str, Place]) -> list[tuple[str, Place]]:
    """(key, place) of the towns and counties the article names with one meaning, placed by its dateline or
    a named container, or that dominate their homonyms: a homonym near one of them is likelier."""
    out = [(item[2], nar[0]) for item, nar in zip(items, narrowed_all, strict=False)
           if len(nar) == 1 and nar[0].kind in SETTLEMENT_KINDS | {"county"}]
    out += [(key, place) for key, place in settled.items() if place.kind in SETTLEMENT_KINDS]
    out += [(item[2], top) for item, nar in zip(items, narrowed_all, strict=False) if len(nar) > 1
            and (top := dominant(nar)) is not None]
    return out


def near_by_name(anchors: list[tuple[str, Place]], keys: list[str]) -> dict[str, tuple[Place, ...]]:
    """For each name, the anchors of the article's other names, each once: worked out per name, not per
    occurrence, so an article naming one town a thousand times costs a thousand lookups, not a million."""
    distinct = list(dict.fromkeys(anchors))  # one (name, place) per name, not per occurrence
    return {key: tuple(dict.fromkeys(place for k, place in distinct if k != key)) for key in dict.fromkeys(keys)}
