"""Movement clauses -> roles: which slots of one clause are a movement's origin, vias and destination, and
the clause's status and movers.

These are the per-clause rules of :mod:`corpus.movements` (whose docstring lists them): cues before slots,
reverse destinations, coordinated origins, "between X and Y", "left for X", entry points ("into <country>
at <town>"), and the words that make a clause planned, under way, disputed or no movement at all. They see
one sentence at a time; chaining across sentences and the article's evacuation origin stay in
:mod:`corpus.movements`.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from evacmap.corpus.folding import fast
from evacmap.corpus.fronted import dateline_arrival, fronted_arrival
from evacmap.corpus.model import Sentence
from evacmap.corpus.movement_cues import (
    ADVANCE,
    ARRIVED_NEXT,
    BACKSTORY,
    BETWEEN,
    CHAIN_BREAK,
    CLAUSE_BREAK,
    CONTAINER_GAP,
    CONTINUES,
    COORDINATED,
    CORRIDOR,
    CROSSED_AT,
    DEPARTURE_CUES,
    DESCRIBED_DEST,
    DEST_CUES,
    DIRECTED,
    DISPUTED,
    DONE,
    EMBARKING,
    FETCHED,
    FILLER,
    FIRST_TO_BE,
    FLOWN_OUT,
    FOR_DEST,
    FROM_CUE,
    HAZARD_MOVES,
    LOCATED_RE,
    MODES,
    MODES_FAMILY,
    MOVE_WORD,
    NOT_A_MOVE,
    OFFSHORE,
    ON_THE_WAY,
    OPTIONAL,
    ORDERED_OUT,
    ORDERED_OUT_TAIL,
    ORIGIN_CUES,
    PEOPLE_AT,
    PEOPLE_FROM,
    PLANNED,
    POPULATION_AFTER,
    POPULATION_BEFORE,
    POPULATION_LEFT,
    POSSESSIVE,
    PRONOUN,
    RELATIVE_STAGE,
    REVERSE_DEST,
    THEN_STAGE,
    THERE,
    TO_EXCLUDED,
    UNDER_WAY,
    VEHICLES,
    VEHICLES_RETURNING,
    VIA_CUES,
    WAIT_TO_GO,
    WAITING,
    WEAK_DEST,
    WHO,
    WHO_FAMILY,
    generic_to,
    moved_before,
    mover_before,
    status_window_end,
)
from evacmap.corpus.slots import Slot

# ------------------------------------------------------------------------------------------------ rules

def _slot_after(slots: list[Slot], pos: int, text: str, stop: int) -> Slot | None:
    for slot in slots:
        if slot.start < pos:
            continue
        if slot.start > stop:
            return None
        gap = text[pos:slot.start]
        if not (FILLER.fullmatch(gap.lstrip()) and "," not in LOCATED_RE.sub(" ", gap)):
            return None
        possessive = POSSESSIVE.match(text, slot.end)
        if possessive is not None:  # "<country>'s eastern <city>": the place is the next slot
            pos = possessive.end()
            continue
        return slot
    return None


def clause_status(window: str, clause: str = "") -> str:
    """The status of a movement from the words of its clause (see the module docstring): the window up to
    the last place decides between done, under way and planned; a denial anywhere in the clause ("..., a
    claim X denied") makes it disputed."""
    if OPTIONAL.search(window):
        return "optional"
    if PLANNED.search(FIRST_TO_BE.sub(" ", window)):
        return "planned"
    if DISPUTED.search(clause or window):
        return "disputed"
    if CORRIDOR.search(window) and not DONE.search(window):  # "a corridor from X to Y was announced"
        return "planned"
    if UNDER_WAY.search(window) and not DONE.search(UNDER_WAY.sub(" ", window)):
        return "under_way"
    return "happened"


#: the note of an origin that belongs to the clause's own movers ("evacuees who had sheltered in X", "the
#: residents of X were flown out"): never the article's evacuation origin for other sentences
OWN_ORIGIN = "where these movers started (not the article's origin)"


def clause_mode(clause: str) -> str | None:
    """How the clause says people moved (air, sea, road, foot, rail), from its verbs and vehicles ("were flown out",
    "put on buses", "drove north on Highway 63"); None when it does not say or names two ways."""
    matching = MODES_FAMILY.matching(clause)
    found = [mode for mode, rx in MODES if rx in matching]
    return found[0] if len(found) == 1 else None


def clause_who(clause: str, slots: list[Slot], lo: int, previous: str | Callable[[], str]) -> str:
    """Who moves in the clause; `previous` (or its value, asked only when needed): who the sentences before
    named, for a clause that says only "they"."""
    plain = clause
    for s in slots:  # place names do not say who moves ("rebel-held" is not "rebels")
        a, b = s.start - lo, s.end - lo
        if 0 <= a < b <= len(plain):
            plain = plain[:a] + " " * (b - a) + plain[b:]
    matching = WHO_FAMILY.matching(plain)
    found = [name for name, rx in WHO if rx in matching]
    if found:
        return ", ".join(found)
    if PRONOUN.search(plain) and (who := previous() if callable(previous) else previous):
        return who
    if VEHICLES.search(plain):
        return "convoy"
    return "evacuees"


@dataclass
class Move:
    start: int
    end: int
    origins: list[Slot]
    vias: list[Slot]
    dests: list[Slot]
    cues: list[str]
    window_end: int
    origin_text: str | None = None  # "flights from the camps to X": an origin named but not located


def clause_spans(sentence: Sentence) -> list[tuple[int, int]]:
    """The clauses of a sentence: split at the breaks of CLAUSE_BREAK, then before a chained verb
    ("... and flown to Y", whose clause keeps its "and" so that it goes on from the last place) and before
    the sentence's own arrival verb after a relative clause that moved its subject ("who had been driven to Y
    landed in Z")."""
    bounds, pos = [], 0
    breaks = sorted([(m.start(), m.end()) for m in CLAUSE_BREAK.finditer(sentence.text)] +
                    [(m.start(), m.end()) for m in CHAIN_BREAK.finditer(sentence.text)] +
                    [m.span("gap") for m in RELATIVE_STAGE.finditer(sentence.text)])
    for a, b in breaks:
        if a < pos:
            continue
        bounds.append((sentence.start + pos, sentence.start + a))
        pos = b
    bounds.append((sentence.start + pos, sentence.end))
    return bounds


def clause_move(text: str, lo: int, hi: int, slots: list[Slot], last_dest: Slot | None, *,
                     same_sentence: bool = False, here: Slot | None = None) -> Move | None:
    clause = text[lo:hi]
    if NOT_A_MOVE.search(clause) or (ADVANCE.search(clause) and not re.search(r"\bevacuat", clause, re.I) and not any(
            rx.search(clause) for who, rx in WHO if who != "fighters")):  # "evacuations from X, which rebels seized"
        return None
    if FETCHED.search(clause) or (VEHICLES_RETURNING.search(clause) and not any(rx.search(clause) for _, rx in WHO)):
        return None  # empty buses going back are not an evacuation
    struck = _struck_by_hazard(text, lo, hi, slots)
    inside = [s for s in slots if lo <= s.start and s.end <= hi and s.start not in struck]
    origins: list[tuple[int, Slot, str]] = []
    vias: list[tuple[int, Slot, str]] = []
    dests: list[tuple[int, Slot, str]] = []
    used: set[int] = set()

    def take(cue: re.Match, role: list, max_gap: int = 60) -> None:
        slot = _slot_after(inside, lo + cue.end(), text, lo + cue.end() + max_gap)
        if slot is not None and slot.start not in used:
            used.add(slot.start)
            role.append((cue.start(), slot, cue.group(0)))

    _origin_roles(clause, take, origins)
    _ordered_out(clause, lo, text, take, origins)
    _offshore(clause, lo, text, take, origins)
    _coordinated(origins, inside, text, used)
    _reverse_roles(clause, lo, text, inside, used=used, origins=origins, dests=dests)
    cues = list(DEST_CUES.finditer(clause))  # read by both rules below: searched once
    _dest_and_via_roles(clause, cues, take, vias, dests, origins=origins)
    _described_dest(cues, lo, text, dests)
    _coordinated(dests, inside, text, used, need_and=True)
    _out_of_the_place(clause, (lo, hi), slots, inside, origins, text=text)
    _between_and_for(clause, lo, text, take=take, origins=origins, dests=dests)
    there = THERE.search(clause) or (ON_THE_WAY.search(clause) if same_sentence else None)
    if there and last_dest is not None and not dests:
        dests.append((there.start(), last_dest, there.group(0)))
    _backstory(clause, origins, dests, last_dest)
    dests.extend(() if dests else fronted_arrival(text, lo, hi, slots) or dateline_arrival(text, lo, hi, here))
    if dests and not origins:  # "a man from X ... headed north to Y"
        for cue in FROM_CUE.finditer(clause):
            if PEOPLE_FROM.search(clause[:cue.end()]) and cue.start() < min(
                    (d[0] for d in dests if d[2] != "arrived in"), default=len(clause)):  # the scene is before
                take(cue, origins)
                _coordinated(origins, inside, text, used, need_and=True)  # "families from X and Y fled to Z"
                break
    if dests and not origins:
        _population_origin(text, (lo, hi), inside, used, origins=origins, dests=dests)
    going_on = CONTINUES.search(clause) or (ARRIVED_NEXT.match(clause) if same_sentence else None)
    if going_on is not None and dests and not origins:
        start = _continued_from(inside, lo + going_on.start(), {d[1].start for d in dests}, text) or last_dest
        if start is not None:
            origins.append((going_on.start(), start, going_on.group(0)))
    if not origins and not dests:
        return None
    dests = [_entry_point(d, inside, text, used) for d in dests]
    dests = [d for d in dests if any(i is not None for i in d[1].ids) or d[1].kind in ("area", "mention")]
    origins = [o for o in origins if any(i is not None for i in o[1].ids)]
    if not origins and not dests:
        return None
    described = _described_origin(clause, lo, text) if dests and not origins else None
    roles = sorted(origins + vias + dests, key=lambda r: r[0])
    window_end = max([r[1].end for r in roles if r[1].start >= lo] + [lo + r[0] + len(r[2]) for r in roles])
    window_end = tail.end() if (tail := ORDERED_OUT_TAIL.match(text, window_end, hi)) else window_end  # "X and Y to leave"
    window_end = status_window_end(text, window_end, hi)
    return Move(lo, hi, [o[1] for o in sorted(origins, key=lambda r: r[0])],
                 [v[1] for v in sorted(vias, key=lambda r: r[0])],
                 [d[1] for d in sorted(dests, key=lambda r: r[0])],
                 [r[2].strip() for r in roles], window_end, described)


def _population_origin(text: str, span: tuple[int, int], inside: list[Slot], used: set[int], *, origins: list,
                       dests: list) -> None:
    """"X's population has left for Y", "residents of X fled to Y": the place whose people are the subject of
    a departure verb, before the destination, is where they left from."""
    lo, _hi = span
    first = min(d[1].start for d in dests)
    for slot in inside:
        if slot.start in used or slot.end > first or slot.kind == "group" or slot.ids[0] is None:
            continue
        after = POPULATION_AFTER.match(text, slot.end, first)
        said = after is not None or POPULATION_BEFORE.search(text, max(lo, slot.start - 40), slot.start)
        if said and POPULATION_LEFT.match(text, after.end() if after else slot.end, first):
            used.add(slot.start)
            origins.append((slot.start - lo, slot, "people of"))
            return


def _struck_by_hazard(text: str, lo: int, hi: int, slots: list[Slot]) -> set[int]:
    """The places a fire, storm or flood reaches ("as the fire crossed into X", "the hurricane made landfall
    near X"): where a hazard goes is no destination of people, so those slots play no role in the clause."""
    struck: set[int] = set()
    for hazard in HAZARD_MOVES.finditer(text, lo, hi):
        hit = next((s for s in slots if hazard.end() <= s.start <= hazard.end() + 40 and s.end <= hi), None)
        if hit is not None:
            struck.add(hit.start)
    return struck


def _described_origin(clause: str, lo: int, text: str) -> str | None:
    """"Flights from the camps to X": the origin is named (as written) but is no place of the gazetteer; the
    leg keeps the words rather than take the article's evacuation origin."""
    for cue in FROM_CUE.finditer(clause):
        m = DESCRIBED_DEST.match(text, lo + cue.end())
        if m is not None and (moved_before(clause[:cue.start()]) or MOVE_WORD.search(clause[:cue.start()])):
            return " ".join(m.group("d").split())
    return None


ENTRY_AT = re.compile(r"\s+(?P<prep>at|near)\s+(?:the\s+)?(?:(?:town|village|city|border crossing|crossing|checkpoint|"
                      r"bridge|port)\s+(?:of|at)\s+)?", re.I)


def _entry_point(dest: tuple, inside: list[Slot], text: str, used: set[int]) -> tuple:
    """"into <country> at <town>", "crossed into <country> near <town>": the movement ends at the town."""
    pos, slot, cue = dest
    m = ENTRY_AT.match(text, slot.end)
    if m is None or (m.group("prep").lower() == "near" and "into" not in cue.lower()):
        return dest
    nxt = next((s for s in inside if s.start == m.end() and any(s.ids) and s.start not in used), None)
    if nxt is None:
        return dest
    used.add(nxt.start)
    return pos, nxt, f"{cue} ... {m.group('prep')}"


def _continued_from(inside: list[Slot], cue: int, dest_starts: set[int], text: str = "") -> Slot | None:
    """Where a movement that "goes on" starts: the last placed slot before the cue in the clause, not the
    country or region that only locates it ("to <town> airport in <country>, ... flying on to ...")."""
    before = [s for s in inside if s.end <= cue and s.start not in dest_starts and any(s.ids)]
    placed = [s for s in inside if s.end <= cue and any(s.ids)]
    if not before:
        return None
    last = before[-1]
    earlier = [s for s in placed if s.end <= last.start]
    if earlier and text and CONTAINER_GAP.fullmatch(text[earlier[-1].end:last.start]):
        return earlier[-1]
    return last


_SHORT_ORIGIN = {"fled", "left", "leave", "leaving", "departed", "fleeing", "escaped"}


def _origin_roles(clause: str, take, origins: list) -> None:
    """"out of X", "fled X", "evacuation of X" (close after the cue) and "from X" after a movement word."""
    for cue in ORIGIN_CUES.finditer(clause):
        word = cue.group(0).lower()
        before = len(origins)
        take(cue, origins, 25 if word.startswith("evacuation") or word in _SHORT_ORIGIN else 60)
        if len(origins) > before and word.split(" ", 1)[0] in ("who", "that"):  # "who had taken shelter at X"
            pos, slot, said = origins[-1]
            origins[-1] = (pos, dataclasses.replace(slot, note=OWN_ORIGIN), said)
    if WAIT_TO_GO.search(clause):
        for cue in re.finditer(r"\b(?:in|at)\b", clause):
            if WAITING.search(clause[:cue.end()]):
                take(cue, origins, 30)
    for cue in FROM_CUE.finditer(clause):
        opening = not clause[:cue.start()].strip() and MOVE_WORD.search(clause[cue.end():])  # "From X they flew to Y"
        if opening or moved_before(clause[:cue.start()]):
            take(cue, origins)


def _coordinated(roles: list, inside: list[Slot], text: str, used: set[int], *, need_and: bool = False) -> None:
    """Add the places coordinated with each origin ("taken from X and Y, in the west, into Z") or destination
    ("put on buses to X and Y"). For destinations the list must end in "and"/"or" ("to X, Y and Z"): "to
    <town>, <country>" only says where the town is."""
    for pos, slot, cue in list(roles):
        last, chain, seps = slot, [], []
        for nxt in inside:
            if nxt.start < last.end:
                continue
            sep = text[last.end:nxt.start]
            if nxt.start in used or not any(nxt.ids) or not COORDINATED.fullmatch(sep):
                break
            chain.append(nxt)
            seps.append(sep)
            last = nxt
        if need_and and not (seps and re.search(r"\b(?:and|or)\b", seps[-1])):
            continue
        for nxt in chain:
            used.add(nxt.start)
            roles.append((pos, nxt, cue))


def _offshore(clause: str, lo: int, text: str, take, origins: list) -> None:
    """"anchored off X to take on 1,200 Americans", "lay off X while small boats carried them out to it": X is
    where the people boarded, when the sentence says they board (an anchored ship alone moves no one)."""
    cue = OFFSHORE.search(clause)
    if cue is not None:
        stop = text.find(".", lo + cue.end())
        if EMBARKING.search(text, lo + cue.end(), len(text) if stop < 0 else stop):
            take(cue, origins, 30)


def _ordered_out(clause: str, lo: int, text: str, take, origins: list) -> None:
    """"ordered everyone in X to leave", "forced residents of X out": X is the origin."""
    for cue in ORDERED_OUT.finditer(clause):
        before = len(origins)
        take(cue, origins, 40)
        if len(origins) > before and ORDERED_OUT_TAIL.match(text, origins[-1][1].end) is None:
            origins.pop()


def _described_dest(cues: list[re.Match], lo: int, text: str, dests: list) -> None:
    """"drove north on Highway 63 toward the oil-sands work camps": a direction cue followed by no place but
    by a described one: the destination is named (kept as written) but not located."""
    if dests:
        return
    for cue in cues:  # the clause's DEST_CUES
        if not DIRECTED.search(cue.group(0)):
            continue
        m = DESCRIBED_DEST.match(text, lo + cue.end())
        if m is not None:
            words = " ".join(m.group("d").split())
            dests.append((cue.start(), Slot(m.start("d"), m.end("d"), (None,), words, "area",
                                            note="named but not located"), cue.group(0)))
            return


def _out_of_the_place(clause: str, span: tuple[int, int], slots: list[Slot], inside: list[Slot],
                      origins: list, *, text: str) -> None:
    """"X was put under an evacuation order, and about 200 residents were flown out": a clause that moves
    people "out" and names no place starts at the one place the sentence named before it, when the words
    between say it was evacuated (not "an airliner about to leave X was hit; its crew were brought out"); one
    that names only where its people are ("142 people still in X ... were airlifted out") starts there."""
    lo, _hi = span
    m = FLOWN_OUT.search(clause)
    if m is None or origins or (inside and not (len(inside) == 1 and inside[0].end <= lo + m.start() and  # "people
            PEOPLE_AT.search(text, max(lo, inside[0].start - 40), inside[0].start))):  # still in X were flown out"
        return
    before = list(dict.fromkeys(i for s in slots if s.end <= lo for i in s.ids if i))
    slot = inside[0] if inside else next(s for s in slots if s.end <= lo and before[0] in s.ids) if len(before) == 1 else None
    if slot is not None and (inside or re.search(r"\bevacuat", text[slot.end:lo], re.I)):  # about evacuating it
        origins.append((m.start(), slot if inside else Slot(slot.start, slot.end, (before[0],), slot.text, "mention",
                                                            note=OWN_ORIGIN), m.group(0)))


def _reverse_roles(clause: str, lo: int, text: str, inside: list[Slot], *, used: set[int], origins: list,
                   dests: list) -> None:
    """"<province>, where the <city> buses are headed": the slot before is the destination, the name before
    "buses" the origin."""
    for cue in REVERSE_DEST.finditer(clause):
        before = [s for s in inside if s.end <= lo + cue.start() and not text[s.end:lo + cue.start()].strip()]
        if not before or before[-1].start in used:
            continue
        used.add(before[-1].start)
        dests.append((cue.start(), before[-1], "where ... headed"))
        org = [s for s in inside if cue.start("org") >= 0 and lo + cue.start("org") <= s.start < lo + cue.end("org")]
        if org and org[0].start not in used:
            used.add(org[0].start)
            origins.append((cue.start(), org[0], "the ... buses"))


def _backstory(clause: str, origins: list, dests: list, last_dest: Slot | None) -> None:
    """"X reached Y on Monday. The convoy had set out from Z": a clause in the pluperfect that names only
    where a movement started tells the backstory of the movement just reported, so it ends where that one
    did."""
    if dests or not origins or last_dest is None or not any(last_dest.ids):
        return
    first = min(origins, key=lambda o: o[0])
    if first[1].ids[:1] == last_dest.ids[:1] or not BACKSTORY.search(clause[:first[0]]):
        return
    dests.append((first[0], last_dest, "had ... from (the movement just reported)"))


def _dest_and_via_roles(clause: str, cues: list[re.Match], take, vias: list, dests: list, *, origins: list) -> None:
    """Destination cues (a weak one needs a mover before it), then vias; "into" ends a movement when no
    destination follows it. A bare "to" after an origin taken by "from" ends the movement ("runs from X,
    an airfield near Y, to Z"), as after "out of" ("took its citizens out of X overland to Z")."""
    # "... and drove to X", "who had been driven to Y | landed in Z": the mover is the earlier clause's
    chained = clause[:4].lower() == "and " or bool(ARRIVED_NEXT.match(clause))
    from_at = [o[0] for o in origins if o[2].lower() == "from" or o[2].lower().endswith("out of")
               or o[2].lower() in DEPARTURE_CUES]  # "fled X by train to Y"
    # "took 1,400 people from the civic center to shelters in X": an origin described, not placed, ends at "to" too
    from_at += [c.start() for c in FROM_CUE.finditer(clause) if DESCRIBED_DEST.match(clause, c.end())]
    for cue in cues:  # the clause's DEST_CUES
        bare_to = cue.group(0).lower() == "to"
        if re.match(r"to (?:stay|shelter)\b", cue.group(0), re.I):  # "headed north to stay with family in Y"
            if moved_before(clause[:cue.start()]):
                take(cue, dests)
            continue
        if bare_to and any(f < cue.start() for f in from_at) and not TO_EXCLUDED.search(clause[:cue.start()]):
            take(cue, dests)
        elif (not bare_to or generic_to(clause, cue) or (chained and THEN_STAGE.search(clause, 0, cue.start()))) and \
                (not WEAK_DEST.fullmatch(cue.group(0)) or chained or mover_before(clause[:cue.start()])):
            take(cue, dests)
    for cue in VIA_CUES.finditer(clause):
        later_dest = any(d[0] > cue.start() for d in dests)
        if (cue.group(0).lower() in {"into", "crossed into", "crossing into"} or CROSSED_AT.search(
                clause[:cue.start()])) and not later_dest:
            if MOVE_WORD.search(clause[:cue.start() + len(cue.group(0))]) or CROSSED_AT.search(clause[:cue.start()]):
                take(cue, dests)
        else:
            take(cue, vias)


_AND, _BETWEEN, _FOR = re.compile(r"\s+and\s+"), fast(re.compile(r"\bbetween\b", re.I)), fast(re.compile(r"\bfor\b", re.I))


def _between_and_for(clause: str, lo: int, text: str, *, take, origins: list, dests: list) -> None:
    """"trips between X and Y" (X origin, Y destination) and "left for X" / "fleeing A for X" (destination)."""
    for cue in _BETWEEN.finditer(clause):
        if BETWEEN.search(clause[:cue.end()] + " "):
            before = len(origins)
            take(cue, origins)
            if len(origins) > before:
                first = origins[-1][1]
                rest = _AND.match(text, first.end)  # at an offset: slicing the article here is quadratic
                if rest is not None:
                    and_cue = re.compile(r"and").search(clause, first.end - lo)
                    if and_cue is not None:
                        take(and_cue, dests)
    for cue in _FOR.finditer(clause):  # compiled once, searched on folded text: every clause asks
        if FOR_DEST.search(clause[:cue.end()]):
            take(cue, dests)


__all__ = ["OWN_ORIGIN", "Move", "clause_mode", "clause_move", "clause_spans", "clause_status", "clause_who"]

