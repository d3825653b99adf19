"""Known organisations (corpus/data/organisations.json) found in a phrase, in time independent of the list.

Aliases written in capitals (or with a dot) match case-sensitively: WHO is not "who". The list is compiled
once: `org_name` is two dictionary look-ups and `org_in` one regular-expression search over an alternation of
every alias, instead of one search per alias (the attribution rules call them for every noun phrase, and a
long article has tens of thousands). Both give what a scan of the aliases in order (longest first) gives:
the earliest match in the text, and at equal start the alias first in that order.
"""
from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path

from evacmap.corpus.folding import fold
from evacmap.errors import CorpusError

__all__ = ["ALIASES", "ANY_ORG", "ORGS", "named_state_media", "org_in", "org_name", "orgs_named", "state_media"]

_DATA = Path(__file__).resolve().parent / "data" / "organisations.json"


def _load_orgs() -> dict[str, tuple[str, ...]]:
    """Normal name -> aliases, from corpus/data/organisations.json (schema in its "_doc")."""
    try:
        data = json.loads(_DATA.read_text(encoding="utf-8"))
        return {o["name"]: tuple(o["aliases"]) for o in data["organisations"]}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CorpusError(f"{_DATA}: cannot read the organisations list ({exc})") from exc


ORGS: dict[str, tuple[str, ...]] = _load_orgs()
ALIASES: list[tuple[str, str]] = sorted(((a, k) for k, v in ORGS.items() for a in v), key=lambda x: -len(x[0]))


def _exact(alias: str) -> bool:
    return alias.isupper() or "." in alias


def _first_by(key, aliases: list[tuple[int, str, str]]) -> dict[str, tuple[int, str]]:
    table: dict[str, tuple[int, str]] = {}
    for rank, alias, name in aliases:
        table.setdefault(key(alias), (rank, name))
    return table


_RANKED = [(rank, alias, name) for rank, (alias, name) in enumerate(ALIASES)]
_EXACT = _first_by(str, [r for r in _RANKED if _exact(r[1])])
_FOLDED = _first_by(str.lower, [r for r in _RANKED if not _exact(r[1])])
# One group per alias, in rank order: at the earliest position the first alternative that matches wins.
ANY_ORG = re.compile(r"(?<![\w.])(?:" + "|".join(
    f"({re.escape(alias)})" if _exact(alias) else f"(?i:({re.escape(alias)}))" for alias, _ in ALIASES) + r")(?!\w)")
_GENERIC_ORG = re.compile(r"\b(?:of|at|to|from|for|with) (?:the )?((?:[A-Z][\w.'’-]*\s)+(?:Society|"
                          r"Institute|Council|Committee|Center|Centre|Organi[sz]ation|Observatory|"
                          r"Agency|University|House|Defen[cs]e|Group|Network|Foundation))\b")
_PARENTHESES = re.compile(r"\s*\([^)]*\)")
_THE = re.compile(r"^the\s+", re.I)
_ABBREVIATION = re.compile(r"\(([A-Z]{2,6})\)\s*$")


_LONGEST: dict[str, int] = {}  # an alias's first word (folded) -> the most words an alias opening with it has
for _alias, _ in ALIASES:
    _first = _alias.split()[0].lower()
    _LONGEST[_first] = max(_LONGEST.get(_first, 0), len(_alias.split()))
_TOKEN = re.compile(r"\S+")
_LEAD, _TAIL = re.compile(r"^[(\"“‘'\[]+"), re.compile(r"(?:['’]s)?[)\]\"”’',;:!?]*$")  # a full stop may end an alias


# A token whose word (less _LEAD and _TAIL) may open an alias, by `_LONGEST`'s keys, searched in the folded
# window (corpus/folding.py: same offsets; a scan with IGNORECASE costs four times as much): a word is looked up
# only where this finds one. A word whose `str.lower` is an ASCII key folds to that key (the Kelvin sign is the
# one character outside ASCII that lower-cases into it, and folding maps it too); keys outside ASCII ignore case.
_OPENING = re.compile(r"(?<!\S)[(\"“‘'\[]*(?:" + "|".join(
    re.escape(k) if k.isascii() else f"(?i:{re.escape(k)})" for k in sorted(_LONGEST, key=lambda k: (-len(k), k)))
    + r")\.*(?:['’]s)?[)\]\"”’',;:!?]*(?!\S)")


def orgs_named(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """(offset, normal name) of each known organisation named in `text[start:end]` by one of its aliases, in
    text order: the words looked up in runs of up to the longest alias's length (dictionary look-ups, where a
    search of `ANY_ORG` over a stretch of text is a regular expression of every alias tried at every
    character). Only the words `_OPENING` finds can open an alias; the runs are read from there (a scan of
    every word of a long stretch was most of the cost: "the agency said" looks back 1,500 characters)."""
    window = text[start:end]
    out: list[tuple[int, str]] = []
    after = 0  # the end of the last alias found, in `window`: an alias's own words open no other
    for opening in _OPENING.finditer(fold(window)):
        if opening.start() < after:
            continue
        tokens = _TOKEN.finditer(window, opening.start())
        head = next(tokens)
        first = _word(head)[1].lower()
        longest = max(_LONGEST.get(first, 0), _LONGEST.get(first.rstrip("."), 0))
        run = [head, *itertools.islice(tokens, max(0, longest - 1))]
        words = [_word(m) for m in run]
        for n in range(min(longest, len(words)), 0, -1):  # the longest alias first, as ANY_ORG takes it
            phrase = " ".join(w for _, w in words[:n])
            bare = phrase.rstrip(".")  # or a sentence ("... said the ICRC.")
            hits = [hit for p in {phrase, bare} if (hit := _alias_hit(p))]
            if hits:
                out.append((start + words[0][0], min(hits)[1]))
                after = run[n - 1].end()
                break
    return out


def _word(token: re.Match[str]) -> tuple[int, str]:
    """A token's offset and word, less the quotes or brackets before it and the possessive and punctuation after."""
    lead = _LEAD.match(token.group(0))
    skip = lead.end() if lead else 0
    return token.start() + skip, _TAIL.sub("", token.group(0)[skip:])


def _alias_hit(phrase: str) -> tuple[int, str] | None:
    """(rank, normal name) of the best-ranked alias `phrase` is, case-sensitively or folded (see _exact)."""
    hits = [hit for hit in (_EXACT.get(phrase), _FOLDED.get(phrase.lower())) if hit]
    return min(hits) if hits else None


def org_name(phrase: str) -> str | None:
    """The normal name if `phrase` is (only) a known organisation."""
    hit = _alias_hit(_THE.sub("", _PARENTHESES.sub("", phrase).strip(" ,.")))
    if hit:
        return hit[1]
    m = _ABBREVIATION.search(phrase)  # "the International Committee ... (ICRC)"
    return org_in(m.group(1)) if m else None


@functools.lru_cache(maxsize=4096)  # the same descriptors come back sentence after sentence
def org_in(text: str) -> str | None:
    """The first known (or plainly named) organisation mentioned in a descriptor."""
    m = ANY_ORG.search(text)
    if m and m.lastindex:
        return ALIASES[m.lastindex - 1][1]
    g = _GENERIC_ORG.search(" " + text)
    return g.group(1).strip() if g else None


_STATE_MEDIA = re.compile(r"^(?:the\s+)?([A-Z][a-z]+)\s+(state(?:-run)?\s+(?:news\s+media|media|television|TV|"
                          r"news agency|broadcaster|radio))$")
_NAMED_STATE_MEDIA = re.compile(r"^(?:the\s+)?(?:([A-Z][a-z]+(?:['’]s)?)\s+)?state(?:-run|-owned)?\s+(?:news\s+agency|"
                                r"television|TV|broadcaster|news\s+media|media|radio)\s+([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)$")


def state_media(phrase: str) -> str | None:
    """"Russian state media", "Syrian state TV": the country the text names, never another country's list."""
    sm = _STATE_MEDIA.match(phrase)
    return f"{sm.group(1)} {sm.group(2).replace('television', 'TV').replace('news media', 'media')}" if sm else None


def named_state_media(phrase: str) -> str | None:
    """"Russia's state news agency TASS": the agency by its name (a known one normalised), with the country the
    text gives it."""
    m = _NAMED_STATE_MEDIA.match(phrase)
    if not m:
        return None
    name, country = m.group(2), m.group(1)
    return org_name(name) or (f"{name} ({country} state media)" if country else name)
