"""Who can hold, control or besiege a place: the actor lexicon behind control statements.

Built from data only (see ``corpus/data/ACTORS.md``): every country's name and demonyms (``countryinfo``),
the shipped list of sides and non-state actors (``corpus/data/actors.csv``) and a corpus's own ``[actors]``
aliases. :class:`Actors` turns any of those surfaces into its canonical id ("Russian" -> "Russia", "rebel"
-> "opposition", "RSF" -> "Rapid Support Forces") and gives the regexes the control rules use.
"""
from __future__ import annotations

import csv
import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from evacmap.errors import CorpusError

DATA = Path(__file__).with_name("data") / "actors.csv"


def _surface_rx(surfaces: Sequence[str]) -> str:
    """One alternation, longest first; a name with a capital is matched case-sensitively."""
    parts = []
    for s in sorted(set(surfaces), key=lambda x: (-len(x), x)):
        body = r"[\s-]+".join(re.escape(w) for w in s.split())
        parts.append(f"(?-i:{body})" if any(c.isupper() for c in s) else body)
    return "(?:" + "|".join(parts) + ")" if parts else "(?!)"


@dataclass(frozen=True)
class Actors:
    """Surfaces -> canonical actor ids, as nouns ("held by X") and as adjectives ("X-held")."""

    nouns: dict[str, str] = field(default_factory=dict)  # lower-cased surface -> id
    adjectives: dict[str, str] = field(default_factory=dict)
    cased: frozenset[str] = frozenset()  # surfaces that must match with their capitals

    def canonical(self, surface: str | None) -> str | None:
        """The actor id a surface names ("Ukrainian" -> "Ukraine"), or None for an unknown surface."""
        if surface is None:
            return None
        key = re.sub(r"^the ", "", _key(surface))
        key = re.sub(r"['’]s$", "", key)
        cased = self._cased_by_key.get(key, ())
        if cased and not any(c in surface for c in cased):  # "is" is not "IS"
            return None
        return self.nouns.get(key) or self.adjectives.get(key)

    def same(self, a: str | None, b: str | None) -> bool:
        """Whether two names (a claim's controller, a zone's) stand for one actor."""
        if a is None or b is None:
            return False
        ca, cb = self.canonical(a) or a.strip().lower(), self.canonical(b) or b.strip().lower()
        return ca.lower() == cb.lower()

    @functools.cached_property
    def _cased_by_key(self) -> dict[str, tuple[str, ...]]:
        """The cased surfaces by their lower-cased key, built once (canonical is called for every rule hit)."""
        table: dict[str, list[str]] = {}
        for c in sorted(self.cased):
            table.setdefault(_key(c), []).append(c)
        return {k: tuple(v) for k, v in table.items()}

    @functools.cached_property
    def noun_rx(self) -> str:
        return _surface_rx([self._display(s) for s in self.nouns])

    @functools.cached_property
    def adjective_rx(self) -> str:
        return _surface_rx([self._display(s) for s in self.adjectives])

    def _display(self, key: str) -> str:
        return next((c for c in self.cased if _key(c) == key), key)

    def with_aliases(self, extra: Mapping[str, Sequence[str]]) -> Actors:
        """This lexicon plus a corpus's own ``[actors]`` table (id -> aliases and adjectives)."""
        nouns, adjectives, cased = dict(self.nouns), dict(self.adjectives), set(self.cased)
        for actor_id, names in sorted(extra.items()):
            for name in [actor_id, *names]:
                _add(nouns, cased, name, actor_id)
                _add(adjectives, cased, name, actor_id)
        return Actors(nouns, adjectives, frozenset(cased))


def _key(surface: str) -> str:
    """A name's lookup key: lower case, its words joined by one space whether the text writes a space or a
    hyphen between them ("al-Shabab", "al Shabab"), as the rules' patterns match either."""
    return " ".join(re.split(r"[\s-]+", surface.strip())).lower()


def _add(table: dict[str, str], cased: set[str], surface: str, actor_id: str) -> None:
    surface = " ".join(surface.split())
    if not surface:
        return
    table.setdefault(_key(surface), actor_id)
    if any(c.isupper() for c in surface):
        cased.add(surface)


def _countries(nouns: dict[str, str], adjectives: dict[str, str], cased: set[str]) -> None:
    try:
        import countryinfo
    except ImportError:  # pragma: no cover - a declared dependency
        return
    for path in sorted((Path(countryinfo.__file__).parent / "data").glob("*.json")):
        row = json.loads(path.read_text(encoding="utf-8"))
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            continue
        _add(nouns, cased, name, name)
        for demonym in str(row.get("demonym") or "").split(","):
            if demonym.strip():
                _add(adjectives, cased, demonym.strip(), name)


@functools.lru_cache(maxsize=1)
def default_actors() -> Actors:
    """Countries (countryinfo) and the shipped list (``actors.csv``); the shipped list wins on a clash."""
    nouns: dict[str, str] = {}
    adjectives: dict[str, str] = {}
    cased: set[str] = set()
    rows = list(csv.DictReader(DATA.open(encoding="utf-8")))
    for row in rows:  # the shipped list first: "Taliban" is the group, not a country's people
        if not row.get("id"):
            raise CorpusError(f"{DATA}: a row without an id")
        for alias in (row.get("aliases") or "").split("|"):
            _add(nouns, cased, alias, row["id"])
        _add(nouns, cased, row["id"], row["id"])
        for adjective in (row.get("adjectives") or "").split("|"):
            _add(adjectives, cased, adjective, row["id"])
    _countries(nouns, adjectives, cased)
    return Actors(nouns, adjectives, frozenset(cased))


def corpus_actors(aliases: Mapping[str, Sequence[str]] | None) -> Actors:
    """The lexicon for one corpus: the defaults plus its ``[actors]`` aliases (if any)."""
    base = default_actors()
    return base.with_aliases(aliases) if aliases else base


__all__ = ["Actors", "corpus_actors", "default_actors"]
