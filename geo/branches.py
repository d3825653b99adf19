"""Branches: routes that share their first stages ("driven from Beirut to Damascus; from there some flew on to
Athens, others took buses to Amman"). A branch is drawn and named from the origin of the route it branches off,
through the stop where it leaves it ("Beirut -> Damascus -> Athens"), while the shared legs and their sources are
listed once, on that route. Also how a leg leads to where another movement starts, which trunk an onward
movement continues, and when an onward movement heads back instead (no continuation)."""
from __future__ import annotations

from evacmap.geo.geometry import distance_km
from evacmap.geo.leg_merge import MergedLeg, place_point


def leads_to(leg: MergedLeg, start: str | None, gazetteer) -> bool:
    """Whether a leg ends where another movement starts: at that place, or, coming from abroad, inside that
    country (a movement "from Sudan" does not go on from one that ended at Port Sudan)."""
    if leg.to_family == start:
        return True
    place = gazetteer.get(start) if (gazetteer is not None and start) else None
    if place is None or place.kind != "country" or not place.country or not leg.to_id or not leg.from_id:
        return False
    dest, origin = gazetteer.get(leg.to_id), gazetteer.get(leg.from_id)
    return (dest is not None and dest.country == place.country and origin is not None
            and bool(origin.country) and origin.country != place.country)


def turns_back(trunk: list[MergedLeg], onward: list[MergedLeg], gazetteer) -> int:
    """1 when every onward leg ends nearer the trunk's origin than where it starts (the ferries that sailed out
    empty from a port the evacuees are later flown back to): no continuation of that trunk."""
    origin = place_point(gazetteer, trunk[0].from_id) if trunk else None
    ends = [(place_point(gazetteer, lg.from_id), place_point(gazetteer, lg.to_id)) for lg in onward if lg.to_id]
    ends = [(a, b) for a, b in ends if a and b]
    if origin is None or not ends:
        return 0
    return int(all(distance_km(origin, b) <= distance_km(origin, a) for a, b in ends))


def shared_stages(groups: list[list[MergedLeg]], ofam: str | None, gazetteer) -> dict[int, list[MergedLeg]]:
    """Per branch (a group none of whose legs starts at the origin: "driven to Damascus ..., from there some
    flew on to Athens, others took buses to Amman"), the stages of the group it branches off, from the origin to
    the stop where the branch starts, so the branch's route names and draws the road it shares ("Beirut ->
    Damascus -> Athens", not "Damascus -> Athens"). None when the branch heads back toward the origin (a
    return, or ferries that sailed out empty: no continuation of that movement)."""
    out: dict[int, list[MergedLeg]] = {}
    trunks = [g for g in groups if any(lg.from_family == ofam for lg in g)]
    for branch in groups:
        if any(lg.from_family == ofam for lg in branch) or not trunks:
            continue
        start = branch[0].from_family
        for trunk in trunks:
            path = path_to(trunk, ofam, start, gazetteer)
            if path and not turns_back(path, branch, gazetteer):
                out[id(branch)] = path
                break
    return out


def path_to(group: list[MergedLeg], ofam: str | None, stop: str | None, gazetteer) -> list[MergedLeg]:
    """The legs of a group that lead from its origin to a stop, in order (empty when none reaches it)."""
    end = next((lg for lg in group if lg.to_id and leads_to(lg, stop, gazetteer)), None)
    path: list[MergedLeg] = []
    while end is not None and end not in path and len(path) < len(group):
        path.insert(0, end)
        if end.from_family == ofam:
            return path
        end = next((lg for lg in group if lg.to_id and lg.to_family == end.from_family and lg not in path), None)
    return []
