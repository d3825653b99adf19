"""Movement statements -> legs: who moved (or will move) from where, through where, to where, per sentence.

A *leg* is what one sentence of one article says about a movement: "A slow-moving convoy ... snaked out of
<district> and crossed into government-held <district> en route to rebel-held territory in the west of <province>"
is one leg: origin, via, destination (a described area), status ``happened``.

The rules are small regexes of English news text over the sentence, with the slots of :mod:`corpus.slots`
(gazetteer mentions, described areas, groups) as the places. The per-clause rules (cues, roles, status,
movers) live in :mod:`corpus.movement_clauses`; this module chains clauses and sentences into legs:

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

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from evacmap.corpus.actors import Actors, default_actors
from evacmap.corpus.capitals import at_capitals
from evacmap.corpus.claim_places import article_dateline
from evacmap.corpus.fronted import dateline_slot, evacuating_place, fronted_departure, receiving_place
from evacmap.corpus.held import held_place, left_from_held, pronoun_origin
from evacmap.corpus.model import Article, Mention, Sentence
from evacmap.corpus.movement_clauses import OWN_ORIGIN, Move, clause_mode, clause_move, clause_spans, clause_status, clause_who
from evacmap.corpus.movement_cues import (
    ARRIVED_FROM,
    DEPARTED,
    FRONTED_AT,
    HOME,
    PEOPLE_OF,
    PEOPLE_OF_PLACE,
    SAID,
    WAIT_TO_BE,
)
from evacmap.corpus.movers import Movers
from evacmap.corpus.slots import Slot, article_slots
from evacmap.corpus.speakers import attribute, place_words
from evacmap.gazetteer.context import km
from evacmap.gazetteer.model import ADMIN_KINDS
from evacmap.gazetteer.nogc import paused_gc

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
    mode: str | None = None  # air | sea | road | foot | rail, when the clause's verbs or vehicles say


@paused_gc  # many small objects in no cycle: collections would walk the whole heap (gazetteer/nogc.py)
def extract_legs(article: Article, sentences: Sequence[Sentence], mentions: Sequence[Mention],
                 gazetteer=None, actors: Actors | None = None) -> list[Leg]:
    """Every movement leg the article states, in text order. ``actors`` (default: countries and the shipped
    list) name the controllers of described areas; ``gazetteer`` is accepted for compatibility."""
    text = article.text
    actors = actors or default_actors()
    per_sentence: list[tuple[Sentence, list[Move], list[Slot]]] = []
    last_dest: Slot | None = None
    speakers = dict(zip((s.start for s in sentences), attribute(text, list(sentences), place_words(mentions)),
                        strict=False))
    dateline, here = article_dateline(text), None  # "this port": the place of the dateline
    held: Slot | None = None  # the place the sentence before says held people (corpus.held)
    places = _Places(gazetteer) if gazetteer is not None else None  # every move asks about the same few places
    for sentence, slots in zip(sentences, article_slots(article, sentences, mentions, actors, gazetteer), strict=True):
        here = here or dateline_slot(dateline, sentence, slots)
        moves = []
        earlier = last_dest  # a later clause of the sentence goes on from the last place an earlier one reached
        held_before, held = held, held_place(text, slots)
        for lo, hi in clause_spans(sentence):
            move = clause_move(text, lo, hi, slots, earlier, same_sentence=earlier is not last_dest, here=here)
            move = _gone_home(text, (lo, hi), move, sentence, (actors, gazetteer))
            move = _implied_move(text, (lo, hi), move, slots, places=places, held=held_before)
            if move is not None:
                moves.append(move)
                placed = [d for d in move.dests if d.ids != (None,)]
                earlier = placed[-1] if placed else earlier
        per_sentence.append((sentence, moves, slots))
        dests = [d for mv in moves for d in mv.dests if d.ids != (None,)]
        last_dest = dests[-1] if dests else None

    context = _context_origin(per_sentence, places, getattr(gazetteer, "focus", None))
    reception = _reception(per_sentence)
    people_of = _people_of_place(per_sentence, text, gazetteer) if context is None else None
    by_destination = _by_destination(per_sentence)  # once: a scan of every sentence per move is quadratic
    legs: list[Leg] = []
    movers = Movers([s.text for s, _m, _s in per_sentence])
    for n, (sentence, moves, slots) in enumerate(per_sentence):
        reached = {d.start for mv in moves for d in mv.dests}  # "driven to X and flown to Y": X is no origin of X
        sentence_origins = [o for mv in moves for o in mv.origins if o.start not in reached]
        inherits = any(mv.dests and not mv.origins for mv in moves)
        for k, move in enumerate(moves):
            if not move.dests and inherits and move.origins[:1] == sentence_origins[:1]:
                continue  # "left X and drove to Y": one leg X -> Y, not also X -> nowhere
            if not move.origins and move.dests and _reached_before(moves[:k], move):
                continue  # "flown to Y ...; the first of those flights has landed in Y": the same movement
            origins = move.origins or sentence_origins[:1]
            from_context, context_note = False, ""
            if not origins:  # "In the centre of X, families ... waiting to be taken to Y"
                origins = _waiting_place(text, sentence, slots, move)
            if not origins and move.origin_text:  # "from the camps": named, not located; no origin borrowed
                origins = [Slot(move.start, move.start, (None,), move.origin_text, "area", "origin named but not located")]
            if not origins:  # from another sentence of the article
                origins, from_context, context_note = _borrowed(text, (n, sentence, move), per_sentence, by_destination,
                                                                (context, people_of), places=places)
            if not origins:  # a destination with no origin anywhere in the article: keep it, unplaced
                origins = [Slot(move.start, move.start, (None,), "", "none", "origin not stated")]
            base = _LegBase(
                article=article, sentence=sentence, move=_arrived_at(text, move, origins, reception, places),
                status=clause_status(text[move.start:move.window_end], text[move.start:move.end]),
                who=clause_who(text[move.start:move.window_end], slots, move.start, lambda n=n: movers.before(n)),
                context_note=context_note,
                reported_by=speakers.get(sentence.start),
                mode=clause_mode(text[move.start:move.end]))
            for origin_slot in origins:
                legs.extend(_legs_from(base, origin_slot, from_context))
    return _dedupe(at_capitals(legs, gazetteer))


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


def _gone_home(text: str, span: tuple[int, int], move: Move | None, sentence: Sentence,
               ctx: tuple[Actors, object]) -> Move | None:
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
        return Move(lo, hi, [], [], [home], [m.group(0)], max(m.end(), lo))
    return Move(move.start, move.end, move.origins, move.vias, [home], [*move.cues, m.group(0)],
                 max(move.window_end, m.end()))


def _implied_move(text: str, span: tuple[int, int], move: Move | None, slots: list[Slot], *, places,
                  held: Slot | None) -> Move | None:
    """A clause with no origin of its own: "Odisha evacuated 12 lakh people to safer places" starts from the
    state, county or city that evacuated its people (fronted.evacuating_place); "209 patients ... left" from
    the place the sentence before said held them (`held`: held.held_place). A clause with no movement at all
    may name where people went, as may one with an origin only: "X hosts 285 people displaced from Y" (fronted.py)."""
    acting = evacuating_place(text, *span, slots, places.kind) if places and not (move and move.origins) else None
    if acting is not None:
        return Move(span[0], span[1], [acting], [], move.dests if move else [], ["evacuated"], acting.end)
    left = (left_from_held(text, *span, slots, held) or fronted_departure(text, *span, slots)) if move is None else None
    if left is not None:
        return Move(span[0], span[1], [left[0]], [], [], ["left"], left[1])
    received = receiving_place(text, *span, slots) if move is None or not move.dests else None
    if received is None or move is None:
        return Move(span[0], span[1], [], [], [received], ["received"], received.end) if received is not None else move
    return Move(move.start, move.end, move.origins, move.vias, [received], [*move.cues, "received"], move.window_end)


class _Places:
    """A gazetteer's `get`, remembered: the moves of one article ask about its few places again and again."""

    def __init__(self, gazetteer) -> None:
        self._gazetteer = gazetteer
        self._got: dict = {}

    def get(self, pid: str):
        if pid not in self._got:
            self._got[pid] = self._gazetteer.get(pid)
        return self._got[pid]

    def kind(self, pid: str) -> str | None:
        place = self.get(pid)
        return place.kind if place is not None else None


def _lies_in(gazetteer: _Places | None, pid: str | None, dests: list[Slot]) -> bool:
    """Whether a place lies in the country or region a movement goes to: the article's evacuation origin is
    then no origin of it ("refugees had reached <country>" in a story datelined from a town of that country,
    "crews rolled into <state>" in a story from a town of that state)."""
    if pid is None or any(d.ids[:1] == (pid,) for d in dests):  # the context origin is where it went
        return True
    if gazetteer is None:
        return False
    place = gazetteer.get(pid)
    parents = _parents(gazetteer, place)
    for d in dests:
        target = gazetteer.get(d.ids[0]) if d.ids and d.ids[0] else None
        if place is None or target is None:
            continue
        if target.kind == "country" and place.country and place.country == target.country:
            return True
        if _within_reach(place, target):  # "buses left for <town>" in a story about the region around it
            return True
        if target.id in parents:  # "crews were rolling south into <state>" of a story from a town in that state
            return True
    return False


def _within_reach(area, target) -> bool:
    """Whether ``target`` is where the gazetteer puts a region or division ``area`` (a region's point is often
    its main town: "buses left for <town>" in a story about the region around it set out from elsewhere):
    a place smaller than the area, closer to the area's point than its own precision."""
    if area.kind not in ADMIN_KINDS:
        return False
    return target.precision_m < area.precision_m and km(area, target) * 1000 <= target.precision_m


def _parents(gazetteer, place) -> set[str]:
    """The ids of the places that enclose ``place`` (its region, that region's parent, ...)."""
    out: set[str] = set()
    while place is not None and place.parent and place.parent not in out and len(out) < 8:
        out.add(place.parent)
        place = gazetteer.get(place.parent)
    return out


@dataclass(frozen=True)
class _LegBase:
    """What every leg of one movement shares."""

    article: Article
    sentence: Sentence
    move: Move
    status: str
    who: str
    context_note: str
    reported_by: str | None
    mode: str | None = None


def _legs_from(base: _LegBase, origin_slot: Slot, from_context: bool) -> list[Leg]:
    """One leg per (origin place, destination) of a movement."""
    move, sentence, text = base.move, base.sentence, base.article.text
    via_ids = tuple(dict.fromkeys(i for v in move.vias for i in v.ids if i))
    via_text = tuple(v.text for v in move.vias if v.ids == (None,))
    notes = [v.note for v in move.vias if v.note] + ([base.context_note] if base.context_note else [])
    if origin_slot.kind == "none":
        notes.append("origin not stated")
    elif origin_slot.ids == (None,):
        notes.append(f"origin named but not located ('{origin_slot.text}')")
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
                note="; ".join(dict.fromkeys(leg_notes)), reported_by=base.reported_by, origin_group=group,
                mode=base.mode))
    return out


_Reached = dict[str, list[tuple[int, int, Move]]]  # destination id -> (sentence start, move number, move)


def _by_destination(per_sentence) -> _Reached:
    """Every move with an origin, under each place it goes to, in text order."""
    out: _Reached = {}
    for other, moves, _slots in per_sentence:
        for k, mv in enumerate(moves):
            if mv.origins:
                for pid in dict.fromkeys(d.ids[0] for d in mv.dests if d.ids[:1] and d.ids[0]):
                    out.setdefault(pid, []).append((other.start, k, mv))
    return out


def _usable_origins(mv: Move, targets: set) -> list[Slot]:
    return [o for o in mv.origins if o.kind != "group" and o.ids[0] and o.ids[0] not in targets
            and o.note != OWN_ORIGIN]


def _nearest_on_side(entries: list[tuple[int, int, Move]], at: int, step: int, start: int,
                     targets: set) -> tuple[int, int, Slot] | None:
    """The first move from `at` outwards (step -1 or +1) in another sentence with a usable origin, as
    (sentence start, move number, origin); of one sentence's moves, the first in text order."""
    found = None
    while 0 <= at < len(entries):
        other_start, k, mv = entries[at]
        if found is not None and other_start != found[0]:
            break
        origins = _usable_origins(mv, targets) if other_start != start else []
        if origins and (found is None or k < found[1]):
            found = (other_start, k, origins[0])
        at += step
    return found


def _borrowed(text: str, at: tuple[int, Sentence, Move], per_sentence, by_destination: _Reached,
              article_origins: tuple[Slot | None, Slot | None], *, places) -> tuple[list[Slot], bool, str]:
    """The origin of a movement whose sentence names none, from another sentence (origins, from context, note):
    where the article's nearest movement to the same place started; where the people of the sentence before
    left, when this one calls them "them" (held.pronoun_origin); the article's evacuation origin; the town
    whose evacuees the article speaks of, for a departure."""
    n, sentence, move = at
    context, people_of = article_origins
    same = _same_destination_origin(by_destination, sentence, move)
    if same is not None:
        return [same], True, (f"origin not in the sentence: where another sentence of the article says the "
                              f"movement to the same place started ({same.ids[0]})")
    them = pronoun_origin(text, move, per_sentence[n - 1][1], text.rfind("\n", 0, move.start) + 1) if n else None
    if them is not None:
        return [them], True, them.note
    if context is not None and not _lies_in(places, context.ids[0], move.dests):
        return [context], True, f"origin not in the sentence: the article's evacuation origin ({context.ids[0]})"
    if people_of is not None and DEPARTED.search(text, move.start, move.end):
        return [people_of], True, (f"origin not in the sentence: the people who left are the article's "
                                   f"'{people_of.text} evacuees/residents' ({people_of.ids[0]})")
    return [], False, ""


def _same_destination_origin(by_destination: _Reached, sentence: Sentence, move: Move) -> Slot | None:
    """"About 700 staff reached <port> on Monday ... <others> arrived in <port> after a drive from <city>": a
    movement whose sentence names no origin started where the article's nearest sentence about a movement to
    the same place says it did (the earlier one on a tie). Bisection over the moves to each place keeps this
    linear in the article."""
    targets = {d.ids[0] for d in move.dests if d.ids and d.ids[0]}
    best: tuple[int, int, int, Slot] | None = None
    for pid in targets:
        entries = by_destination.get(pid, [])
        at = bisect_left(entries, sentence.start, key=lambda e: e[0])
        for side in (_nearest_on_side(entries, at - 1, -1, sentence.start, targets),
                     _nearest_on_side(entries, at, 1, sentence.start, targets)):
            if side is not None:
                key = (abs(side[0] - sentence.start), side[0], side[1], side[2])
                if best is None or key[:3] < best[:3]:
                    best = key
    return best[3] if best is not None else None


def _most_named(slots) -> tuple[Slot, int] | None:
    """The place the given slots name most often (groups and unplaced slots aside), as its first slot, with
    its count; the first in the text on a tie."""
    counts: Counter[str] = Counter()
    first: dict[str, Slot] = {}
    for slot in slots:
        if slot.kind != "group" and slot.ids[0]:
            counts[slot.ids[0]] += 1
            first.setdefault(slot.ids[0], slot)
    if not counts:
        return None
    best = min(counts, key=lambda pid: (-counts[pid], first[pid].start))
    return first[best], counts[best]


def _context_origin(per_sentence, places: _Places | None, focus: str | None) -> Slot | None:
    """The article's evacuation origin: its most frequent explicit origin (groups aside), the first in the text on
    a tie; in the story's country when the corpus has one (a plane that "took off from Ankara" with aid for Libya)."""
    def origins():
        for _sentence, moves, _slots in per_sentence:
            reached = {d.start for mv in moves for d in mv.dests}  # a stage's end is no evacuation origin
            yield from (o for move in moves for o in move.origins if o.start not in reached and o.note != OWN_ORIGIN
                        and not (focus and places and (p := places.get(o.ids[0])) and p.country not in (focus, "")))

    found = _most_named(origins())
    return found[0] if found else None


def _reception(per_sentence) -> Slot | None:
    """The article's reception place: the destination its movements name most often, when named at least
    twice (groups aside), the first in the text on a tie."""
    found = _most_named(d for _sentence, moves, _slots in per_sentence for move in moves for d in move.dests)
    return found[0] if found and found[1] >= 2 else None


def _arrived_at(text: str, move: Move, origins: list[Slot], reception: Slot | None, gazetteer: _Places | None) -> Move:
    """"100,417 people had now arrived from X" names no destination: people arrive where the story stands,
    the article's reception place (:func:`_reception`), unless one of the two lies in the other."""
    if move.dests or reception is None or ARRIVED_FROM.search(text, move.start, move.end) is None:
        return move
    if any(o.ids[0] is None or _lies_in(gazetteer, reception.ids[0], [o]) or _lies_in(gazetteer, o.ids[0], [reception])
           for o in origins):
        return move
    note = f"destination not in the sentence: the article's reception place, where its other movements go ({reception.ids[0]})"
    dest = Slot(reception.start, reception.end, reception.ids, reception.text, reception.kind, note)
    return Move(move.start, move.end, move.origins, move.vias, [dest], move.cues, move.window_end, move.origin_text)


def _waiting_place(text: str, sentence: Sentence, slots: list[Slot], move: Move) -> list[Slot]:
    """"In the centre of X, families who had arrived sat waiting to be transferred to Y", "In X, 1,200 residents
    boarded buses and left for Y": the place a sentence opens with is where people wait for a transfer or leave
    from, so where the movement starts (when no other place comes between, and nobody is quoted there: "In
    Washington, officials said 300 people left for Y" is where they spoke)."""
    if not move.dests or not slots or slots[0].ids[0] is None or slots[0].start >= move.dests[0].start:
        return []
    if any(slots[0].end <= s.start < move.dests[0].start for s in slots):  # another place between: not sure
        return []
    if WAIT_TO_BE.search(text, move.start, move.end) is None and (
            DEPARTED.search(text, move.start, move.dests[0].start) is None
            or SAID.search(text, slots[0].end, move.dests[0].start) is not None):
        return []
    opening = FRONTED_AT.match(text, sentence.start, slots[0].start)
    return [slots[0]] if opening is not None and opening.end() == slots[0].start else []


def _people_of_place(per_sentence, text: str, gazetteer) -> Slot | None:
    """An article that names no origin of any movement but speaks of "<town> evacuees" or "<town> residents"
    evacuates that town: the first such town (not a country or province) is where its movements with a
    departure verb and no place ("who fled north") started. Other movements of the article do not take it."""
    for _sentence, _moves, slots in per_sentence:
        for slot in slots:
            pid = slot.ids[0] if slot.kind == "mention" and len(slot.ids) == 1 else None
            if pid is None or PEOPLE_OF_PLACE.match(text, slot.end) is None:
                continue
            place = gazetteer.get(pid) if gazetteer is not None else None
            if place is None or place.kind not in ("country", "state", "province", "governorate", "region"):
                return slot
    return None


def _reached_before(earlier: list[Move], move: Move) -> bool:
    """Whether an earlier clause of the sentence already takes people to every place this one names as
    where it goes (a clause that goes on to the earlier one's place without naming it, "850 were still on
    the road", is news of its own)."""
    reached = {d.ids[0] for mv in earlier for d in mv.dests if d.ids[:1] and d.ids[0]}
    return all(move.start <= d.start < move.end and d.ids[:1] and d.ids[0] in reached for d in move.dests)


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
