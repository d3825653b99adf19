"""Maps that summarise at scale: what one map page holds when the corpus is too large to list inline.

A page stays small at any corpus size. While the statements drawn on a map fit a fixed budget, the page lists
every one of them (the sample does). Past it the page turns *compact*:

- each place shows aggregated figures: how many outlets and statements, the range of each number the
  outlets dispute there, and the latest report; its full list of statements moves to the place's own pages
  (``places/<id>.html``, split into parts of ``PER_LIST_PAGE``), beside the data files;
- only the places reported most (at most ``MAX_PLACES``) and the legs with the most sources (at most
  ``MAX_LEGS``, each quoting at most ``MAX_SOURCES``) are drawn; the page says how many more there are and
  where they are listed (``places/index.html``, ``routes.html``; the data files hold everything);
- outlet rings give way to the marker clusters (``maps.clusters``), which a map draws at any size.

Budgets are bytes of page, not a property of any corpus: each statement costs about ``CLAIM_BYTES`` in the
text version, each place about ``PLACE_BYTES`` of map script and text.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from evacmap.maps.formatting import amount

__all__ = ["CLAIM_BUDGET", "MAX_DATES", "MAX_LEGS", "MAX_PLACES", "MAX_SOURCES", "PER_LIST_PAGE", "Overflow", "compact",
           "figures_by_place", "local_name", "needs_compact", "place_page", "slug", "timeline"]

CLAIM_BUDGET = 90_000  # bytes of statements a page may list inline (the sample's overview: about 45,000)
CLAIM_BYTES = 260  # the markup around one statement in the text version
MAX_PLACES = 25  # places drawn by a compact page (about 2 KB each: marker, label, popup, text entry)
MAX_LEGS = 10  # legs drawn by a compact page (about 2.5 KB each with their geometry)
MAX_SOURCES = 2  # source sentences quoted per leg on a compact page
MAX_FIGURES = 4  # disputed figures summarised per place
MAX_DATES = 24  # days on a page's timeline strip (the busiest, shown in date order)
PER_LIST_PAGE = 150  # statements (or places, legs) per list page: ~100 KB


def slug(text: str) -> str:
    """A file-name-safe, lower-case token (place ids hold colons and digits)."""
    import re

    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-") or "x"


def place_page(place_id: str, part: int = 1) -> str:
    """The site-relative path of a place's list of statements (part 1, 2, ...)."""
    return f"places/{slug(place_id)}{'' if part == 1 else f'-{part}'}.html"


def _claim_bytes(claim: dict) -> int:
    return CLAIM_BYTES + len(claim.get("text") or "") + len(claim.get("headline") or "") + len(claim.get("url") or "")


def needs_compact(places: Any) -> bool:
    """Whether listing every statement of these places inline would pass the page's budget."""
    if places is None or len(places) == 0 or "claims" not in places.columns:
        return False
    total = 0
    for claims in places["claims"]:
        total += sum(_claim_bytes(c) for c in claims)
        if total > CLAIM_BUDGET:
            return True
    return False


def figures_by_place(groups: list, claim_places: dict[str, list[tuple[str, str]]]) -> dict[str, list[str]]:
    """Place id -> one line per disputed figure there: what is counted, when, the range the outlets give and
    how many outlets give it (the groups with most values first)."""
    out: dict[str, list[tuple[int, int, str]]] = {}
    for n, group in enumerate(groups):
        if not group.disagree:
            continue
        lows = [v for val in group.values for v in (val.value, val.low) if v is not None]
        highs = [v for val in group.values for v in (val.value, val.high) if v is not None]
        if not lows and not highs:
            continue
        lo, hi = min(lows or highs), max(highs or lows)
        outlets = len({v.outlet for v in group.values})
        day = group.date.strftime("%-d %b %Y") if hasattr(group.date, "strftime") else "undated"
        what = " ".join(x for x in (group.event, group.counts) if x)
        span = amount(lo) if lo == hi else f"{amount(lo)} to {amount(hi)}"
        line = f"{what}, {day}: {span} ({outlets} outlet{'' if outlets == 1 else 's'}, {len(group.values)} reports)"
        pids = dict.fromkeys(pid for v in group.values for pid, _inf in claim_places.get(v.claim, []))
        for pid in pids:
            out.setdefault(pid, []).append((-len(group.values), n, line))
    return {pid: [line for *_k, line in sorted(lines)[:MAX_FIGURES]] for pid, lines in out.items()}


@dataclass
class Overflow:
    """What a compact map leaves out, so its page can say so and link to the lists."""

    places: int = 0  # places not drawn
    legs: int = 0  # legs not drawn
    compact: bool = False
    timeline: list[dict] = field(default_factory=list)  # see ``timeline``


def _latest(claims: list[dict]) -> dict | None:
    """The latest dated statement (the last in corpus order on a tie); the last statement if none is dated."""
    if not claims:
        return None
    dated = [(c.get("date") or "", n) for n, c in enumerate(claims)]
    return claims[max(dated)[1]]


def _summarise_place(row: dict) -> dict:
    claims = row["claims"]
    latest = _latest(claims)
    outlets = list(dict.fromkeys(c.get("outlet") for c in claims if c.get("outlet")))
    return {**row, "claims": [latest] if latest else [], "disagree_notes": [],
            "summary": {"outlets": outlets, "reports": len(claims), "figures": list(row.get("figures") or []),
                        "href": place_page(str(row["id"])) if claims else ""}}


def compact(places: Any, routes: Any, *, every: bool = False) -> tuple[Any, Any, Overflow]:
    """The places and legs a compact page draws, summarised (see the module's docstring). `every`: a small
    corpus whose page passes its budget only by its statements keeps every place and leg, summarised."""
    import geopandas as gpd

    over = Overflow(compact=True)
    if every:
        rows = [_summarise_place(places.iloc[i].to_dict()) for i in range(len(places))] if places is not None else []
        return (gpd.GeoDataFrame(rows, geometry="geometry", crs=places.crs) if rows else places), routes, over
    if places is not None and len(places):
        rank = sorted(range(len(places)), key=lambda i: (-len({c.get("outlet") for c in places["claims"].iloc[i]}),
                                                          -len(places["claims"].iloc[i]), i))
        keep = sorted(rank[:MAX_PLACES])
        over.places = len(places) - len(keep)
        rows = [_summarise_place(places.iloc[i].to_dict()) for i in keep]
        places = gpd.GeoDataFrame(rows, geometry="geometry", crs=places.crs)
    if routes is not None and len(routes) and "sources" in routes.columns:
        n_src = [len(s) if isinstance(s, list) else 0 for s in routes["sources"]]
        drawn = [not (g is None or g.is_empty) for g in routes.geometry]
        rank = sorted(range(len(routes)), key=lambda i: (not drawn[i], -n_src[i], i))
        keep = sorted(rank[:MAX_LEGS])
        over.legs = len(routes) - len(keep)
        routes = routes.iloc[keep].copy()
        routes["n_sources"] = [n_src[i] for i in keep]
        routes["sources"] = [list(s)[:MAX_SOURCES] if isinstance(s, list) else s for s in routes["sources"]]
    return places, routes, over


def timeline(claims: list) -> list[dict]:
    """The timeline strip: per day the articles date a statement to, how many statements and outlets, and the
    kinds of event reported most that day (with a reported modality: plans and fears are not events). At
    most ``MAX_DATES`` days, the busiest, in date order."""
    days: dict[Any, dict] = {}
    for c in claims:
        if c.date is None:
            continue
        day = days.setdefault(c.date, {"statements": 0, "outlets": set(), "events": Counter()})
        day["statements"] += 1
        day["outlets"].add(c.outlet)
        if c.event and c.modality == "reported":
            day["events"][c.event.replace("_", " ")] += 1
    busiest = sorted(days, key=lambda d: (-days[d]["statements"], d))[:MAX_DATES]
    return [{"date": d.isoformat(), "statements": days[d]["statements"], "outlets": len(days[d]["outlets"]),
             "events": [e for e, _n in sorted(days[d]["events"].items(), key=lambda kv: (-kv[1], kv[0]))[:3]]}
            for d in sorted(busiest)]


def local_name(place: Any) -> dict[str, str]:
    """The local-script name (places.csv ``name_ar``); not a country's: Natural Earth's is a translation."""
    local = getattr(place, "name_ar", "") or ""
    return {"name_local": local, "lang_local": "ar"} if local and place.kind != "country" and local != place.name else {}
