"""Control claims checked against the zone file: agreement and mismatch are both reported.

The claims themselves are read from the text by :mod:`corpus.control_text` (re-exported here). A claim is
checked at the place's point against the most specific zone in force there: the zone agrees when its holder
is the claimed actor (names compared through the actor lexicon: "rebel" and "opposition" are one actor), or,
for a claim of siege, when the zone says who besieges it. A region's point stands for an area: when the point's
zone disagrees, a zone of the claimed kind within the place's precision radius makes it agree, and the reason
says so.
"""
from __future__ import annotations

from collections.abc import Sequence

import geopandas as gpd
import numpy as np
import shapely

from evacmap.corpus.actors import Actors, corpus_actors, default_actors
from evacmap.corpus.control_text import ControlClaim, control_claims
from evacmap.corpus.orders import is_order
from evacmap.corpus.siege_lifted import LIFTED
from evacmap.geo.geometry import local_crs, to_metric
from evacmap.geo.zones import CONTROLLERS, zone_index_at

# ------------------------------------------------------------------------------------------------ checks

def _agrees(claim: ControlClaim, controller: str, besieged_by, actors: Actors | None = None) -> bool:
    """Whether a zone (holder, besieger) fits the claim. A zone written in the old style, ``besieged`` with no
    holder, fits a claim that names either side of a two-sided siege."""
    actors = actors or default_actors()
    besieged_by = _clean(besieged_by)
    besieged_by = None if besieged_by is None else str(besieged_by)
    if claim.controller == "besieged":
        if controller != "besieged" and besieged_by is None:
            return False
        return claim.besieged_by is None or besieged_by is None or actors.same(claim.besieged_by, besieged_by)
    if claim.controller == LIFTED:  # the siege is over: a zone that says nobody besieges the place agrees
        return controller != "besieged" and besieged_by is None
    if claim.controller in ("contested", "cut off"):
        return controller == claim.controller
    if is_order(claim.controller) and is_order(controller):
        return _same_order(claim.controller, controller)
    if actors.same(controller, claim.controller):
        return True
    if controller == "besieged":  # old style: held by the side its besiegers fight
        holder = {"opposition": "government", "government": "opposition"}.get(actors.canonical(besieged_by) or "")
        return holder == claim.controller
    return False


def _same_order(claimed: str, zone: str) -> bool:
    """An evacuation order in the text fits a zone's order unless they name different zones or kinds:
    "evacuation ordered" fits any order, "mandatory evacuation zone A" fits "mandatory evacuation"."""
    claimed, zone = " ".join(claimed.lower().split()), " ".join(zone.lower().split())
    claimed = claimed.split(",", 1)[0]  # "evacuation ordered, within 20 km": the kind, not the reach
    if claimed.startswith("stay-indoors") != zone.startswith("stay-indoors"):
        return False  # staying indoors is no evacuation
    if claimed == "evacuation ordered":
        return True
    return claimed in zone or zone in claimed


def _describe(controller: str, besieged_by) -> str:
    if besieged_by is not None and not (isinstance(besieged_by, float) and np.isnan(besieged_by)):
        return f"{controller} (besieged by {besieged_by})"
    return controller


def check_against_zones(claims: Sequence[ControlClaim], zones: gpd.GeoDataFrame | None, gazetteer) -> list[dict]:
    """For each claim: the zone at its place (most specific), whether the zone agrees, and why.

    Returns dicts with claim, article, outlet, phrase, text, place_id, place_name, claimed (controller, plus
    besieged_by), zone_id (the zone the verdict rests on), point_zone_id, zone_label, zone_controller,
    zone_besieged_by, agree (True/False, None when it cannot be checked) and reason."""
    out = []
    zones = zones if zones is not None else gpd.GeoDataFrame(geometry=[], crs="EPSG:4326")
    places = [gazetteer.get(c.place_id) if gazetteer is not None else None for c in claims]
    xy = [(p.lon, p.lat) if p is not None and p.lat is not None else (np.nan, np.nan) for p in places]
    idx = zone_index_at(zones, [a for a, _ in xy], [b for _, b in xy]) if claims else np.array([], dtype=int)
    for claim, place, i in zip(claims, places, idx, strict=False):
        rec = {"claim": claim.id, "article": claim.article, "outlet": claim.outlet, "phrase": claim.phrase,
               "text": claim.text, "place_id": claim.place_id, "place_name": place.name if place else claim.place_id,
               "claimed": claim.controller, "claimed_besieged_by": claim.besieged_by,
               "zone_id": None, "point_zone_id": None, "zone_label": None, "zone_controller": None,
               "zone_besieged_by": None, "agree": None, "reason": ""}
        if place is None or place.lat is None:
            rec["reason"] = "the place has no coordinates"
            out.append(rec)
            continue
        if i < 0:
            rec["reason"] = f"{place.name} lies outside every zone in force"
            out.append(rec)
            continue
        row = zones.iloc[int(i)]
        rec.update(zone_id=row["id"], point_zone_id=row["id"], zone_label=row["label"],
                   zone_controller=row["controller"], zone_besieged_by=_clean(row.get("besieged_by")))
        if _agrees(claim, row["controller"], row.get("besieged_by")):
            rec.update(agree=True, reason=f"{place.name} lies in {row['id']} "
                                          f"({_describe(row['controller'], row.get('besieged_by'))})")
            out.append(rec)
            continue
        near = _agreeing_zone_nearby(claim, place, zones)
        if near is not None:
            rec.update(zone_id=near["id"], zone_label=near["label"], zone_controller=near["controller"],
                       zone_besieged_by=_clean(near.get("besieged_by")), agree=True,
                       reason=(f"{place.name}'s point lies in {row['id']} "
                               f"({_describe(row['controller'], row.get('besieged_by'))}), but {near['id']} "
                               f"({_describe(near['controller'], near.get('besieged_by'))}) lies within the "
                               f"place's extent ({place.precision_m / 1000:g} km): the claim fits part of it"))
        else:
            rec.update(agree=False, reason=(f"the text says {claim.controller}"
                                            f"{' (by ' + claim.besieged_by + ')' if claim.besieged_by else ''}; "
                                            f"{place.name} lies in {row['id']} "
                                            f"({_describe(row['controller'], row.get('besieged_by'))})"))
        out.append(rec)
    return out


def _clean(value):
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    return value


def _area(row) -> float:
    return float(row["area_km2"]) if "area_km2" in row.index else float(row.geometry.area)


def _agreeing_zone_nearby(claim: ControlClaim, place, zones: gpd.GeoDataFrame):
    """For an area-like place (precision >= 1 km): the smallest zone of the claimed kind within the place's
    precision radius of its point, measured in a projection centred on the place."""
    if place.precision_m < 1000 or place.kind not in {"region", "governorate", "city"}:
        return None
    crs = local_crs(place.lon, place.lat)
    centre = to_metric(shapely.Point(place.lon, place.lat), crs)
    geoms = to_metric(np.asarray(zones.geometry.array), crs)
    within = shapely.dwithin(geoms, centre, place.precision_m)
    best = None
    for j in np.flatnonzero(within):
        row = zones.iloc[int(j)]
        if _agrees(claim, row["controller"], row.get("besieged_by")):
            if best is None or _area(row) < _area(best):
                best = row
    return best


def corpus_control_claims(corpus, gazetteer, mentions_for=None) -> list[ControlClaim]:
    """Every control claim of every article of a loaded corpus (its ``[actors]`` aliases included)."""
    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.sentences import split_sentences

    config = getattr(corpus, "config", None)
    focus = getattr(config, "focus", None)
    actors = corpus_actors(getattr(config, "actors", None))
    out: list[ControlClaim] = []
    for article in corpus.articles:
        mentions = mentions_for(article) if mentions_for else find_mentions(article, gazetteer, focus=focus)
        out.extend(control_claims(article, split_sentences(article.text), mentions, gazetteer, actors))
    return out


__all__ = ["CONTROLLERS", "ControlClaim", "check_against_zones", "control_claims", "corpus_control_claims"]
