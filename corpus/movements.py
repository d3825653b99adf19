"""Movement statements -> legs: who moved (or will move) from where, through where, to where, per sentence.

A *leg* is what one sentence of one article says about a movement: "A slow-moving convoy ... snaked out of
<district> and crossed into government-held <district> en route to rebel-held territory in the west of <province>"
is one leg: origin, via, destination (a described area), status ``happened``.

The rules are small regexes of English news text over the sentence, with the slots of :mod:`corpus.slots`
(gazetteer mentions, described areas, groups) as the places:

- **cues** say what role the next slot plays: origin (``out of``, ``from`` after an evacuation word, ``fled``,
  ``evacuation of``), via (``through``, ``via``, ``into`` when a destination follows) and destination
  (``en route to``, ``bound for``, ``taken to``, ``go to``, ``reached``, ``making it to``, ``returning to``,
  ``to`` after a movement word...); a slot must follow its cue with only filler words between;
- **reverse** destinations: "<province>, where the <city> buses are headed";
- **groups**: "two villages ... The two villages, X and Y" give one leg per named place;
- **anaphora**: "move there" takes the destination of the previous sentence's leg;
- a sentence with a destination and no origin takes the article's *evacuation origin* (its most frequent
  explicit origin);
- **status** from the words of the clause: "may opt", "who choose" -> ``optional``; will/would/expected/
  plans... -> ``planned``; "denied", "unconfirmed" -> ``disputed``; "is under way", "bound for", "on their
  way", "are heading" with no completed verb -> ``under_way``; otherwise ``happened``. Clauses with "tried
  to", "collapsed", "failed", "halted" give no leg; vehicles "returning" with nobody on board are not an
  evacuation. Clauses split at "while", "but", ";".
- **who says so**: the sentence's attribution ("according to state TV") is kept as ``reported_by``.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from evacmap.corpus.actors import Actors, default_actors
from evacmap.corpus.attribution import attribute
from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.corpus.movement_cues import (
    BETWEEN,
    CHAIN_BREAK,
    CLAUSE_BREAK,
    CONTAINER_GAP,
    CONTINUES,
    COORDINATED,
    CROSSED_AT,
    DEST_CUES,
    DISPUTED,
    DONE,
    FILLER,
    FOR_DEST,
    FROM_CUE,
    HOME,
    MOVE_WORD,
    MOVERS,
    NOT_A_MOVE,
    ON_THE_WAY,
    OPTIONAL,
    ORIGIN_CUES,
    PEOPLE_OF,
    PLANNED,
    POSSESSIVE,
    PRONOUN,
    REVERSE_DEST,
    THERE,
    TO_EXCLUDED,
    UNDER_WAY,
    VEHICLES,
    VIA_CUES,
    WAIT_TO_GO,
    WAITING,
    WEAK_DEST,
    WHO,
)
from evacmap.corpus.slots import Slot, find_slots

STATUSES = ("happened", "under_way", "planned", "optional", "disputed")


@dataclass(frozen=True)
class Leg:
    """One movement as one sentence of one article states it. Offsets index the article text;
    ``text == article.text[start:end]`` (the sentence, extended over the next one when that names the
    places of "two villages")."""

    article: str
    outlet: str
    start: int
    end: int
    text: str
    origin: str | None  # place id
    via: tuple[str, ...]  # place ids
    destination: str | None  # place id
    destination_text: str | None  # the described area as written ("rebel-held territory in the west of ...")
    who: str  # "wounded, civilians, fighters", "convoy", "evacuees" ...
    status: str  # happened | under_way | planned | optional | disputed
    verb: str  # the cue words, e.g. "snaked out of / crossed into / en route to"
    via_text: tuple[str, ...] = ()  # vias described but not placed ("government-held territory")
    origin_text: str | None = None
    note: str = ""
    reported_by: str | None = None  # whom the sentence credits ("Syrian state TV"), None when the outlet itself
    origin_group: tuple[str, ...] = ()  # the places of the group the origin belongs to ("two villages, X and Y")


# ------------------------------------------------------------------------------------------------ rules

def _slot_after(slots: list[Slot], pos: int, text: str, stop: int) -> Slot | None:
    for slot in slots:
        if slot.start < pos:
            continue
        if slot.start > stop:
            return None
        gap = text[pos:slot.start]
        if not (FILLER.fullmatch(gap.lstrip()) and "," not in gap):
            return None
        possessive = POSSESSIVE.match(text, slot.end)
        if possessive is not None:  # "<country>'s eastern <city>": the place is the next slot
            pos = possessive.end()
            continue
        return slot
    return None


def _status(window: str, clause: str = "") -> str:
    """The status of a movement from the words of its clause (see the module docstring): the window up to
    the last place decides between done, under way and planned; a denial anywhere in the clause ("..., a
    claim X denied") makes it disputed."""
    if OPTIONAL.search(window):
        return "optional"
    if PLANNED.search(window):
        return "planned"
    if DISPUTED.search(clause or window):
        return "disputed"
    if UNDER_WAY.search(window) and not DONE.search(UNDER_WAY.sub(" ", window)):
        return "under_way"
    return "happened"


VEHICLES_RETURNING = re.compile(r"\b(?:buses|ambulances|vehicles|convoys?|trucks|boats|planes|aircraft)\s+"
                                r"(?:\w+\s+){0,2}?(?:returning|returned|going back|went back)\b", re.I)
#: "buses crossed into X and returned with 1,000 evacuees": the vehicles' trip in is not the evacuation
FETCHED = re.compile(r"\b(?:returned|came back|come back|returning) with\b", re.I)


def _who(clause: str, slots: list[Slot], lo: int, previous: str) -> str:
    plain = clause
    for s in slots:  # place names do not say who moves ("rebel-held" is not "rebels")
        a, b = s.start - lo, s.end - lo
        if 0 <= a < b <= len(plain):
            plain = plain[:a] + " " * (b - a) + plain[b:]
    found = [name for name, rx in WHO if rx.search(plain)]
    if found:
        return ", ".join(found)
    if previous and PRONOUN.search(plain):
        return previous
    if VEHICLES.search(plain):
        return "convoy"
    return "evacuees"


@dataclass
class _Move:
    start: int
    end: int
    origins: list[Slot]
    vias: list[Slot]
    dests: list[Slot]
    cues: list[str]
    window_end: int


def _clauses(sentence: Sentence) -> list[tuple[int, int]]:
    """The clauses of a sentence: split at the breaks of CLAUSE_BREAK, then before a chained verb
    ("... and flown to Y", whose clause keeps its "and" so that it goes on from the last place)."""
    bounds, pos = [], 0
    breaks = sorted([(m.start(), m.end()) for m in CLAUSE_BREAK.finditer(sentence.text)] +
                    [(m.start(), m.end()) for m in CHAIN_BREAK.finditer(sentence.text)])
    for a, b in breaks:
        if a < pos:
            continue
        bounds.append((sentence.start + pos, sentence.start + a))
        pos = b
    bounds.append((sentence.start + pos, sentence.end))
    return bounds


def _moved_before(before: str) -> bool:
    """A movement word before the cue, in the same phrase (no punctuation between)."""
    moves = list(MOVE_WORD.finditer(before))
    return bool(moves) and not re.search(r"[,;:.]", before[moves[-1].end():])


def _mover_before(before: str) -> bool:
    """Someone or something that evacuates is named before a weak cue: "the first convoy ... reached",
    not "aid must reach"."""
    return any(rx.search(before) for _name, rx in WHO) or bool(VEHICLES.search(before)) or \
        bool(re.search(r"\bevacuat\w*", before, re.I)) or bool(MOVERS.search(before))


def _generic_to(clause: str, cue: re.Match) -> bool:
    """A bare "to" is a destination cue only right after a movement word in the same phrase
    ("the evacuation of fighters and civilians to ..."), never in "according to", "back to"."""
    before = clause[max(0, cue.start() - 50):cue.start()]
    return not TO_EXCLUDED.search(before) and _moved_before(before)


def _window_end(text: str, end: int, hi: int, words: int = 3) -> int:
    """Extend the status window over up to `words` words after the last slot, stopping at punctuation:
    "the departure of rebels from Aleppo would mark ..." is planned."""
    m = re.match(rf"(?:[ \t]+[\w'’-]+){{0,{words}}}", text[end:hi])
    return end + (m.end() if m else 0)


def _moves_in_clause(text: str, lo: int, hi: int, slots: list[Slot], last_dest: Slot | None, *,
                     same_sentence: bool = False) -> _Move | None:
    clause = text[lo:hi]
    if NOT_A_MOVE.search(clause):
        return None
    if FETCHED.search(clause) or (VEHICLES_RETURNING.search(clause) and not any(rx.search(clause) for _, rx in WHO)):
        return None  # empty buses going back are not an evacuation
    inside = [s for s in slots if lo <= s.start and s.end <= hi]
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
    _coordinated(origins, inside, text, used)
    _reverse_roles(clause, lo, text, inside, used=used, origins=origins, dests=dests)
    _dest_and_via_roles(clause, take, vias, dests)
    _between_and_for(clause, lo, text, take=take, origins=origins, dests=dests)
    there = THERE.search(clause) or (ON_THE_WAY.search(clause) if same_sentence else None)
    if there and last_dest is not None and not dests:
        dests.append((there.start(), last_dest, there.group(0)))
    going_on = CONTINUES.search(clause)
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
    roles = sorted(origins + vias + dests, key=lambda r: r[0])
    window_end = max([r[1].end for r in roles if r[1].start >= lo] + [lo + r[0] + len(r[2]) for r in roles])
    window_end = _window_end(text, window_end, hi)
    return _Move(lo, hi, [o[1] for o in sorted(origins, key=lambda r: r[0])],
                 [v[1] for v in sorted(vias, key=lambda r: r[0])],
                 [d[1] for d in sorted(dests, key=lambda r: r[0])],
                 [r[2].strip() for r in roles], window_end)


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
        take(cue, origins, 25 if word.startswith("evacuation") or word in _SHORT_ORIGIN else 60)
    if WAIT_TO_GO.search(clause):
        for cue in re.finditer(r"\b(?:in|at)\b", clause):
            if WAITING.search(clause[:cue.end()]):
                take(cue, origins, 30)
    for cue in FROM_CUE.finditer(clause):
        opening = not clause[:cue.start()].strip() and MOVE_WORD.search(clause[cue.end():])  # "From X they flew to Y"
        if opening or _moved_before(clause[:cue.start()]):
            take(cue, origins)


def _coordinated(origins: list, inside: list[Slot], text: str, used: set[int]) -> None:
    """Add the places coordinated with each origin ("taken from X and Y, in the west, into Z")."""
    for pos, slot, cue in list(origins):
        last = slot
        for nxt in inside:
            if nxt.start < last.end:
                continue
            if nxt.start in used or not any(nxt.ids) or not COORDINATED.fullmatch(text[last.end:nxt.start]):
                break
            used.add(nxt.start)
            origins.append((pos, nxt, cue))
            last = nxt


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


def _dest_and_via_roles(clause: str, take, vias: list, dests: list) -> None:
    """Destination cues (a weak one needs a mover before it), then vias; "into" ends a movement when no
    destination follows it."""
    chained = clause[:4].lower() == "and "  # "... and drove to X": the mover is the earlier clause's
    for cue in DEST_CUES.finditer(clause):
        if (cue.group(0).lower() != "to" or _generic_to(clause, cue)) and \
                (not WEAK_DEST.fullmatch(cue.group(0)) or chained or _mover_before(clause[:cue.start()])):
            take(cue, dests)
    for cue in VIA_CUES.finditer(clause):
        later_dest = any(d[0] > cue.start() for d in dests)
        if (cue.group(0).lower() in {"into", "crossed into", "crossing into"} or CROSSED_AT.search(
                clause[:cue.start()])) and not later_dest:
            if MOVE_WORD.search(clause[:cue.start() + len(cue.group(0))]) or CROSSED_AT.search(clause[:cue.start()]):
                take(cue, dests)
        else:
            take(cue, vias)


def _between_and_for(clause: str, lo: int, text: str, *, take, origins: list, dests: list) -> None:
    """"trips between X and Y" (X origin, Y destination) and "left for X" / "fleeing A for X" (destination)."""
    for cue in re.finditer(r"\bbetween\b", clause, re.I):
        if BETWEEN.search(clause[:cue.end()] + " "):
            before = len(origins)
            take(cue, origins)
            if len(origins) > before:
                first = origins[-1][1]
                rest = re.match(r"\s+and\s+", text[first.end:])
                if rest is not None:
                    and_cue = re.compile(r"and").search(clause, first.end - lo)
                    if and_cue is not None:
                        take(and_cue, dests)
    for cue in re.finditer(r"\bfor\b", clause, re.I):
        if FOR_DEST.search(clause[:cue.end()]):
            take(cue, dests)


# ------------------------------------------------------------------------------------------------- public

def extract_legs(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention],
                 gazetteer=None, actors: Actors | None = None) -> list[Leg]:
    """Every movement leg the article states, in text order. ``actors`` (default: countries and the shipped
    list) name the controllers of described areas; ``gazetteer`` is accepted for compatibility."""
    text = article.text
    actors = actors or default_actors()
    groups: list[Slot] = []
    per_sentence: list[tuple[Sentence, list[_Move], list[Slot]]] = []
    last_dest: Slot | None = None
    speakers = dict(zip((s.start for s in sentences), attribute(text, list(sentences)), strict=False))
    for sentence in sentences:
        slots = find_slots(article, sentence, mentions, actors, groups=groups, sentences=sentences)
        moves = []
        earlier = last_dest  # a later clause of the sentence goes on from the last place an earlier one reached
        for lo, hi in _clauses(sentence):
            move = _moves_in_clause(text, lo, hi, slots, earlier, same_sentence=earlier is not last_dest)
            move = _gone_home(text, (lo, hi), move, sentence, (actors, gazetteer))
            if move is not None:
                moves.append(move)
                placed = [d for d in move.dests if d.ids != (None,)]
                earlier = placed[-1] if placed else earlier
        per_sentence.append((sentence, moves, slots))
        dests = [d for mv in moves for d in mv.dests if d.ids != (None,)]
        last_dest = dests[-1] if dests else None

    context = _context_origin(per_sentence)
    legs: list[Leg] = []
    previous_who = ""
    for sentence, moves, slots in per_sentence:
        reached = {d.start for mv in moves for d in mv.dests}  # "driven to X and flown to Y": X is no origin of X
        sentence_origins = [o for mv in moves for o in mv.origins if o.start not in reached]
        inherits = any(mv.dests and not mv.origins for mv in moves)
        for move in moves:
            if not move.dests and inherits and move.origins[:1] == sentence_origins[:1]:
                continue  # "left X and drove to Y": one leg X -> Y, not also X -> nowhere
            origins = move.origins or sentence_origins[:1]
            from_context = False
            if not origins and context is not None and not _lies_in(gazetteer, context.ids[0], move.dests):
                origins, from_context = [context], True
            if not origins:  # a destination with no origin anywhere in the article: keep it, unplaced
                origins = [Slot(move.start, move.start, (None,), "", "none", "origin not stated")]
            base = _LegBase(
                article=article, sentence=sentence, move=move,
                status=_status(text[move.start:move.window_end], text[move.start:move.end]),
                who=_who(text[move.start:move.window_end], slots, move.start, previous_who),
                context_note=(f"origin not in the sentence: the article's evacuation origin ({context.ids[0]})"
                              if from_context and context is not None else ""),
                reported_by=speakers.get(sentence.start))
            for origin_slot in origins:
                legs.extend(_legs_from(base, origin_slot, from_context))
        found = [name for name, rx in WHO if rx.search(sentence.text)]
        previous_who = ", ".join(found) if found else previous_who
    return _dedupe(legs)


def _home_country(text: str, sentence: Sentence, actors: Actors, gazetteer) -> str | None:
    """The one country whose people the sentence names ("Egyptians", "Turkish citizens"), or None."""
    found = set()
    for m in PEOPLE_OF.finditer(text, sentence.start, sentence.end):
        word = m.group(0).split()[0]
        who = actors.canonical(word) or actors.canonical(word[:-1])
        country = next((p.id for p in gazetteer.candidates(who) if p.kind == "country"), None) if who else None
        if country:
            found.add(country)
    return found.pop() if len(found) == 1 else None


def _gone_home(text: str, span: tuple[int, int], move: _Move | None, sentence: Sentence,
               ctx: tuple[Actors, object]) -> _Move | None:
    """A clause that says its movers went "home" and names no destination goes to their country."""
    lo, hi = span
    actors, gazetteer = ctx
    m = HOME.search(text, lo, hi)
    if m is None or gazetteer is None or (move is not None and move.dests):
        return move
    country = _home_country(text, sentence, actors, gazetteer)
    if country is None:
        return move
    home = Slot(m.start(), m.end(), (country,), m.group(0), "mention", note="'home': the country of the people named")
    if move is None:
        return _Move(lo, hi, [], [], [home], [m.group(0)], max(m.end(), lo))
    return _Move(move.start, move.end, move.origins, move.vias, [home], [*move.cues, m.group(0)],
                 max(move.window_end, m.end()))


def _lies_in(gazetteer, pid: str | None, dests: list[Slot]) -> bool:
    """Whether a place lies in the country a movement goes to: the article's evacuation origin is then no
    origin of it ("refugees had reached <country>" in a story datelined from a town of that country)."""
    if pid is None or any(d.ids[:1] == (pid,) for d in dests):  # the context origin is where it went
        return True
    if gazetteer is None:
        return False
    place = gazetteer.get(pid)
    for d in dests:
        target = gazetteer.get(d.ids[0]) if d.ids and d.ids[0] else None
        if place is not None and target is not None and target.kind == "country" and place.country \
                and place.country == target.country:
            return True
    return False


@dataclass(frozen=True)
class _LegBase:
    """What every leg of one movement shares."""

    article: Article
    sentence: Sentence
    move: _Move
    status: str
    who: str
    context_note: str
    reported_by: str | None


def _legs_from(base: _LegBase, origin_slot: Slot, from_context: bool) -> list[Leg]:
    """One leg per (origin place, destination) of a movement."""
    move, sentence, text = base.move, base.sentence, base.article.text
    via_ids = tuple(dict.fromkeys(i for v in move.vias for i in v.ids if i))
    via_text = tuple(v.text for v in move.vias if v.ids == (None,))
    notes = [v.note for v in move.vias if v.note] + ([base.context_note] if base.context_note else [])
    if origin_slot.kind == "none":
        notes.append("origin not stated")
    if origin_slot.kind == "group":
        notes.append(f"one of the places of '{origin_slot.text}'")
    end = max(sentence.end, origin_slot.extend_to or 0)
    group = tuple(i for i in origin_slot.ids if i) if origin_slot.kind == "group" else ()
    out = []
    for origin_id in origin_slot.ids:
        for dest in move.dests or [None]:
            dest_id = dest.ids[0] if dest is not None else None
            if dest_id is not None and dest_id == origin_id:
                continue
            leg_notes = list(notes)
            if dest is not None and dest.note:
                leg_notes.append(dest.note)
            if dest is None:
                leg_notes.append("destination not stated")
            out.append(Leg(
                article=base.article.id, outlet=base.article.outlet, start=sentence.start, end=end,
                text=text[sentence.start:end], origin=origin_id, via=via_ids, destination=dest_id,
                destination_text=dest.text if dest is not None and (dest.kind == "area" or dest_id is None) else None,
                who=base.who, status=base.status, verb=" / ".join(move.cues), via_text=via_text,
                origin_text=None if from_context or origin_slot.kind == "none" else origin_slot.text,
                note="; ".join(dict.fromkeys(leg_notes)), reported_by=base.reported_by, origin_group=group))
    return out


def _context_origin(per_sentence) -> Slot | None:
    """The article's evacuation origin: its most frequent explicit origin (groups aside), the first in the
    text on a tie."""
    counts: Counter[str] = Counter()
    first: dict[str, Slot] = {}
    for _sentence, moves, _slots in per_sentence:
        reached = {d.start for mv in moves for d in mv.dests}  # a stage's end is no evacuation origin
        for move in moves:
            for o in move.origins:
                if o.kind != "group" and o.ids[0] and o.start not in reached:
                    counts[o.ids[0]] += 1
                    first.setdefault(o.ids[0], o)
    if not counts:
        return None

    best = sorted(counts, key=lambda pid: (-counts[pid], first[pid].start))[0]
    return first[best]


def _dedupe(legs: list[Leg]) -> list[Leg]:
    seen, out = set(), []
    for leg in legs:
        key = (leg.start, leg.origin, leg.destination, leg.status)
        if key not in seen:
            seen.add(key)
            out.append(leg)
    return out


def article_legs(article: Article, gazetteer, mentions: Sequence[Mention] | None = None) -> list[Leg]:
    """Convenience: split the article, find its mentions with the gazetteer and extract its legs."""
    from evacmap.corpus.mentions import find_mentions
    from evacmap.corpus.sentences import split_sentences

    if mentions is None:
        mentions = find_mentions(article, gazetteer)
    return extract_legs(article, split_sentences(article.text), mentions, gazetteer)


__all__ = ["STATUSES", "Leg", "article_legs", "extract_legs"]
