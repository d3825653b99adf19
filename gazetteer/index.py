"""A small layer's name index (curated, user, imported): one Aho-Corasick automaton whose words are the
normalised names and whose values are the places, plus (for the regional layers) a skeleton index for the
bounded fuzzy step. Built on every load from the layer's CSV; the world layer's index is stored on disk as
data instead (worldstore.py).
"""
from __future__ import annotations

import dataclasses
from collections import defaultdict

import ahocorasick

from evacmap.gazetteer.layers import Layer
from evacmap.gazetteer.model import Place
from evacmap.gazetteer.normalize import ARTICLES, name_key, skeleton

_FIELDS = [f.name for f in dataclasses.fields(Place)]


def usable_key(key: str) -> bool:
    """Keys too short or made only of articles would match noise ("al", "as", "us" in lowercase…); the
    initialisms news write for a country or a union are kept (the capitalisation gate and the acronym trap
    still ask for "UK", "US", "EU" in capitals)."""
    return (len(key.replace(" ", "")) >= 3 and key not in ARTICLES) or key in {"uk", "us", "eu"}


class NameIndex:
    def __init__(self, layer: Layer, fuzzy: bool = False):
        self.name = layer.name
        self.version = layer.version
        self._rows = [tuple(getattr(p, f) for f in _FIELDS) for p in layer.places]
        self._ids = {p.id: i for i, p in enumerate(layer.places)}
        self._cache: dict[int, Place] = {}
        by_key: dict[str, list[int]] = defaultdict(list)
        for i, place in enumerate(layer.places):
            for name in place.names:
                key = name_key(name)
                if usable_key(key) and (not by_key[key] or by_key[key][-1] != i):
                    by_key[key].append(i)
        self.automaton = ahocorasick.Automaton()
        for key, positions in by_key.items():
            self.automaton.add_word(f" {key} ", (key, tuple(positions)))
        if by_key:
            self.automaton.make_automaton()
        self.names_indexed = len(by_key)
        self.keys: tuple[str, ...] = tuple(sorted(by_key)) if fuzzy else ()
        skeletons: dict[str, list[str]] = defaultdict(list)
        for key in self.keys:
            skel = skeleton(key)
            if len(skel.replace(" ", "")) >= 2:
                skeletons[skel].append(key)
        self.by_skeleton = dict(skeletons)

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_cache"] = {}
        return state

    def place(self, i: int) -> Place:
        if i not in self._cache:
            self._cache[i] = Place(*self._rows[i])
        return self._cache[i]

    @property
    def places(self) -> list[Place]:
        return [self.place(i) for i in range(len(self._rows))]

    def __len__(self) -> int:
        return len(self._rows)

    def places_for_id(self, place_id: str) -> list[Place]:
        i = self._ids.get(place_id)
        return [] if i is None else [self.place(i)]

    def scan(self, stream) -> list[tuple[int, int, str]]:
        """Every (first token, end token, key) of the stream that is a name of this layer."""
        return stream.scan(self.automaton)

    def places_for(self, key: str) -> list[Place]:
        _, positions = self.automaton.get(f" {key} ", (None, ()))
        return [self.place(i) for i in positions]
