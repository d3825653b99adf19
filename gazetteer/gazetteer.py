"""The Gazetteer: every layer behind one object that finds place names in text and resolves them."""
from __future__ import annotations

import bisect
import copy
import dataclasses
import hashlib
import itertools
from pathlib import Path

from rapidfuzz import fuzz, process

from evacmap.gazetteer import coherence, context, wordtraps
from evacmap.gazetteer.index import NameIndex
from evacmap.gazetteer.layers import curated_layer, user_layer
from evacmap.gazetteer.model import Match, Place
from evacmap.gazetteer.newsforms import (
    DOTTED_RUN,
    abbreviation_table,
    abbreviations,
    county_lists,
    county_sense,
    dateline,
    demonym_keys,
    paired_spans,
)
from evacmap.gazetteer.nogc import without_gc
from evacmap.gazetteer.normalize import name_key, respellings, skeleton
from evacmap.gazetteer.sources import code_version, data_home, imported_layer, world_index, world_index_cached
from evacmap.gazetteer.spans import ListFacts, list_facts, name_spans
from evacmap.gazetteer.text import Stream, Tokens, in_longer_name, tokenize, with_article
from evacmap.gazetteer.worldstore import WorldIndex

# data_home, world_index, world_index_cached and imported_layer are imported from here by the CLI and tests.
__all__ = ["LAYER_ORDER", "Gazetteer", "data_home", "imported_layer", "world_index", "world_index_cached"]

#: why a name is unresolved whose only places are curated districts of an unnamed city in another country ("the X road")
FAR_DISTRICT = "only a district of a city in another country that the story does not name"
LAYER_ORDER = ("user", "curated", "imported", "world")
# Marks a key in the person set that has evidence strong enough to hold against a country ("said Georgia").
PERSONAL = "person:"


class Gazetteer:
    """Find and resolve place names. Layers are consulted in authority order: user, curated, imported, world."""

    def __init__(self, indexes: list[NameIndex | WorldIndex], focus: str | None = None):
        self.indexes = sorted(indexes, key=lambda ix: LAYER_ORDER.index(ix.name))
        self.focus = focus
        self._renamed: dict[str, Place] = {}  # place id -> the place under the name its corpus writes (as_written)
        self._fuzzy_memo: dict[str, list[tuple[str, float]]] = {}
        self._by_id: dict[str, Place | None] = {}  # get(): the layers do not change once loaded
        self._fuzzy_keys = sorted({k for ix in self.indexes for k in ix.keys if " " not in k})
        # The same GeoNames/Natural Earth entity in the curated or user layer (small): reported as that place.
        self._by_source_id: dict[str, Place] = {}
        for index in self.indexes:
            if index.name in {"curated", "user"}:
                for place in index.places:
                    if place.source_id:
                        self._by_source_id.setdefault(place.source_id, place)
        digest = hashlib.sha256(code_version().encode())
        for index in self.indexes:
            digest.update(f"{index.name}:{index.version};".encode())
        self.version = digest.hexdigest()[:16]

    @classmethod
    def load(cls, overrides: Path | None = None, *, world: bool = True, imported: bool = True,
             focus: str | None = None, home: Path | None = None) -> Gazetteer:
        indexes: list[NameIndex | WorldIndex] = [NameIndex(curated_layer(), fuzzy=True)]
        if overrides is not None and Path(overrides).exists():
            indexes.append(NameIndex(user_layer(Path(overrides)), fuzzy=True))
        if imported and (layer := imported_layer(home)) is not None:
            indexes.append(NameIndex(layer))
        if world:
            indexes.append(world_index())
        return cls(indexes, focus=focus)

    # --- lookups -------------------------------------------------------------------------------------

    def get(self, place_id: str) -> Place | None:
        """A place by id, from the most authoritative layer that has it (under the name its corpus writes,
        see :meth:`as_written`). Remembered: assembling routes asks for the same few hundred ids hundreds of
        thousands of times (a 100-article corpus: 206,000 calls)."""
        renamed = self._renamed.get(place_id)
        if renamed is not None:
            return renamed
        try:
            return self._by_id[place_id]
        except KeyError:
            found = self._by_id[place_id] = self._get(place_id)
            return found

    def _get(self, place_id: str) -> Place | None:
        for index in self.indexes:
            if index.name == "world" and not place_id.startswith(("gn:", "ne:", "fips:", "wr:", "ap:")):
                continue
            for place in index.places_for_id(place_id):
                return place
        return None

    def as_written(self, names: dict[str, str]) -> Gazetteer:
        """This gazetteer showing the places of `names` (id -> name) under the names a corpus writes: a
        GeoNames record may carry a district's or an old name ("Yamakiya" for Kawamata); a map labels the
        town as its sources name it, and the place's citation keeps the record's own name."""
        named = copy.copy(self)
        named._renamed = {}
        for pid, name in names.items():
            if (place := self.get(pid)) is not None:  # the citation a popup shows keeps the record's name
                record, via, rest = place.citation.partition(" via ")
                named._renamed[pid] = dataclasses.replace(
                    place, name=name, citation=f"{record} (named {place.name} there){via}{rest}")
        return named

    def candidates(self, name: str) -> list[Place]:
        """Every place with this name (any spelling), best layer first, then by importance."""
        key = name_key(name)
        out: list[Place] = []
        for index in self.indexes:
            places = index.places_for(key)
            places.sort(key=lambda p: (-context.importance(p, self.focus, frozenset(), name), p.id))
            out.extend(p for p in places if p not in out)
        if not out:
            out = [p for k, _ in self._fuzzy(key) for ix in self.indexes for p in ix.places_for(k)]
        return out

    def score(self, place: Place, name: str | None = None) -> float:
        """The importance the resolver ranks homonyms by, with no text around the name: log10 of the
        population, plus bonuses for a country, a national capital and the focus country, less the cost of
        `name` when it is not the place's own name (context.importance)."""
        return round(context.importance(place, self.focus, frozenset(), name), 2)

    def resolve(self, name: str) -> tuple[Place | None, list[Place], str]:
        """The best place for a bare name (no text around it), the alternatives, and why."""
        cands = self.candidates(name)
        if not cands:
            return None, [], "no place with this name"
        best_layer = [c for c in cands if c.source == cands[0].source]
        region = name.lower().split()[-1] in context.REGION_WORDS if name.split() else False
        place, reason = context.choose(best_layer, region=region, focus=self.focus, doc_countries=frozenset(),
                                       surface=name)
        return place, [c for c in cands if c is not place], reason

    def _fuzzy_cached(self, key: str) -> list[tuple[str, float]]:
        """_fuzzy, remembered per key: an article repeats its capitalised words."""
        if key not in self._fuzzy_memo:
            self._fuzzy_memo[key] = self._fuzzy(key)
        return self._fuzzy_memo[key]

    def _fuzzy(self, key: str) -> list[tuple[str, float]]:
        """Bounded fuzzy match of one word against the regional layers' names: same consonant skeleton and
        a similar spelling, or a near-identical spelling."""
        if len(key) < 4 or " " in key:
            return []
        skel = skeleton(key)
        hits = []
        for index in self.indexes:
            for other in index.by_skeleton.get(skel, ()):
                score = fuzz.ratio(key, other)
                if score >= 70:
                    hits.append((other, score / 100))
        if not hits and len(key) >= 5:
            best = process.extractOne(key, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=88)
            if best:
                hits.append((best[0], best[1] / 100))
        # a country's name is spelt right in edited news: only a near-identical spelling is one ("Phillipines"), a
        # loose one is another name ("Channa", a village, is no China)
        hits = [h for h in hits if h[1] >= 0.88 or not self._a_country(h[0])]
        return sorted(set(hits), key=lambda h: (-h[1], h[0]))

    def _a_country(self, key: str) -> bool:
        """Whether the first layer that knows `key` knows it as countries only (the world layer's villages
        named "China" aside)."""
        places: list[Place] = next((found for ix in self.indexes if (found := ix.places_for(key))), [])
        return bool(places) and all(p.kind == "country" for p in places)

    # --- text ----------------------------------------------------------------------------------------

    def find(self, text: str, focus: str | None = None, *, demonyms: bool = False,
             associative: bool = False) -> list[Match]:
        """Every place name in `text`, resolved with context; unresolvable names come back with place=None.

        A country's demonym ("Syrian forces") names its people, not a place on the map, so it is left out
        unless `demonyms` is true; then it comes back as its country with fields={"demonym": True} (the
        convention of geoparsing test sets such as TR-News and LGL, which annotate adjectival forms).
        Likewise a place that opens an organisation's or a facility's name ("the Alberta Liquor Store
        Association", "Texas A&M University", "CTV Edmonton") names the body, not a place to map, so it is left
        out unless `associative` is true; then it comes back with fields={"associative": True} (the same test
        sets annotate such "associative" toponyms, Gritta et al. 2019)."""
        focus = focus or self.focus
        with without_gc():
            tokens = tokenize(text)
            kept, inside_names = self._kept_with_associative(tokens, text)
            matches = self._resolve(tokens, text, kept, focus=focus,
                                    doc_countries=coherence.doc_countries(kept, focus))
        matches = [dataclasses.replace(m, fields={**m.fields, "associative": True}) if item[:2] in inside_names else m
                   for m, item in zip(matches, kept, strict=True)]
        return [m for m in matches if (demonyms or not m.fields.get("demonym"))
                and (associative or not m.fields.get("associative"))]

    def resolve_spans(self, text: str, spans: list[tuple[int, int]], focus: str | None = None) -> list[Match]:
        """Resolve given character spans of `text` (names another recogniser found, or gold mentions), in
        text order, with the context and rules find() uses: the article's other places, the focus country,
        region words, a container named after the name. One Match per span, with place=None for a span
        whose text is no known name."""
        focus = focus or self.focus
        tokens = tokenize(text)
        kept = self._kept(tokens, text)
        starts = tokens.starts
        items, bounds = [], []
        for s, e in spans:
            key, places = self._span_places(text[s:e])
            score = 1.0
            if not places and (fuzzy := self._fuzzy(key)):
                score = fuzzy[0][1]
                places = next((found for ix in self.indexes if (found := ix.places_for(fuzzy[0][0]))), [])
            items.append((bisect.bisect_left(starts, s), bisect.bisect_left(starts, e), key, places, score))
            bounds.append((s, e))
        return self._resolve(tokens, text, items, focus=focus, doc_countries=coherence.doc_countries(kept, focus),
                             bounds=bounds)

    def _span_places(self, surface: str) -> tuple[str, list[Place]]:
        """The key and places of a given span: its own name, else the state its style-guide abbreviation
        stands for ("Ky."), else the country of its dotted initialism ("U.S.")."""
        if abbreviation := abbreviation_table()[0].get(surface):  # "Que." is Quebec, not a village Quế
            key = name_key(abbreviation[0])
            return key, [p for ix in self.indexes for p in ix.places_for(key)
                         if p.kind == "governorate" and p.country == abbreviation[1]][:1]
        key = name_key(surface)
        places: list[Place] = next((found for ix in self.indexes if (found := ix.places_for(key))), [])
        if not places and DOTTED_RUN.fullmatch(surface.rstrip(".")):
            key = surface.replace(".", "").lower()
            places = next((found for ix in self.indexes if (found := ix.places_for(key))), [])
        return key, places

    def _resolve(self, tokens: Tokens, text: str, items, *, focus: str | None, doc_countries: frozenset[str],
                 bounds: list[tuple[int, int]] | None = None) -> list[Match]:
        """Choose a place for each (first token, end token, key, places, score) of a text, in text order;
        `bounds` gives the character spans when they are not the tokens' own."""
        # One sense per article: a name placed by the region or country named with it ("Paris, Texas")
        # means that place wherever else the article uses it alone ("the mayor of Paris").
        narrowed_all = [self._within_next(tokens, text, items, n, item[3]) for n, item in enumerate(items)]
        settled = {item[2]: nar[0] for item, nar in zip(items, narrowed_all, strict=False) if len(nar) == 1 < len(item[3])}
        # A dateline ("DJIBOUTI, April 24 —", "WASHINGTON (AP)") names the city the story was filed from; the
        # article means that city wherever else it uses the name alone.
        datelined: set[str] = set()
        for n, (i, j, key, found, _) in enumerate(items):
            if i < j and len(found) > 1 and key not in settled and dateline(tokens, text, i, j):
                datelined.add(key)
                cities = [p for p in narrowed_all[n] if p.kind in context.SETTLEMENT_KINDS]
                if cities:
                    narrowed_all[n] = cities
                    if len(cities) == 1:
                        settled[key] = cities[0]
        anchors = coherence.anchors(items, narrowed_all, settled)
        matches = []
        nearby = coherence.Nearby(anchors)
        others_of: dict[str, frozenset[str]] = {}  # per name, not per occurrence: linear in a long article
        choices = coherence.Choices(focus, doc_countries, self._authoritative)  # per distinct occurrence too
        for n, (i, j, key, found, score) in enumerate(items):
            near = nearby.seen_from(key)
            if bounds:
                start, end = bounds[n]
            else:
                start, end = with_article(tokens, i, text), tokens.ends[j - 1]
                if text[end:end + 1] == "." and ((j - i >= 2 and all(len(w) == 1 for w in tokens.words[i:j]))
                                                  or text[start:end + 1] in abbreviation_table()[0]):
                    end += 1  # "U.S.", "Ky.": the abbreviation's last full stop is part of it
            if not found:
                matches.append(Match(start, end, text[start:end], None, (), 0.0, "no place with this name"))
                continue
            narrowed = narrowed_all[n]
            within = len(narrowed) < len(found)
            if not within and key in settled and settled[key] in found:
                narrowed, within = [settled[key]], True
            places = self._outside_curated(key, narrowed, items, focus, others_of)
            if not places:
                matches.append(Match(start, end, text[start:end], None, (), 0.0, FAR_DISTRICT))
                continue
            # a demonym spelt like its country's own name ("Djibouti") is that name; one that a town also bears
            # ("Canadian", Texas) is still the demonym: "The Canadian Press" is no mention of a place
            demonym = (key in demonym_keys() and any(p.kind == "country" for p in places)
                       and not any(name_key(p.name) == key for p in places if p.kind == "country"))
            if demonym:
                places = [p for p in places if p.kind == "country"]
            region = i < j and context.wants_region(tokens, i, j)
            surface = text[start:end]
            place, reason, others = choices.choose(key, places, region, surface, near)
            if within:
                why = "the article's dateline" if key in datelined else "the region or country named with it"
                reason = f"placed by {why} in the article; {reason}"
            matches.append(Match(start, end, text[start:end], place, tuple(others[:8]), score,
                                 f"demonym; {reason}" if demonym else reason,
                                 {"demonym": True} if demonym else {}))
        return county_sense(matches)

    def _outside_curated(self, key: str, places: list[Place], items, focus: str | None,
                         others_of: dict[str, frozenset[str]]) -> list[Place]:
        """A curated or user name wins only where the article's context allows it: when the article's other
        names point to the country or region of a far homonym from the world layer and not to the curated
        place's ("London" in a story that names Canada or Ontario and not Britain), that homonym is meant."""
        if not places or places[0].source not in {"curated", "user"} or (focus and places[0].country == focus):
            return places
        if key not in others_of:  # the article's other names, once per name
            others_of[key] = coherence.doc_countries([item for item in items if item[2] != key and item[3]], None)
        others = others_of[key]
        if any(p.country in others or p.parent in others for p in places):
            return places
        world = [q for ix in self.indexes if ix.name == "world" for q in ix.places_for(key)
                 if (q.parent in others or (q.country in others and q.kind == "city"))  # a town needs its region
                 and all(context.km(p, q) > 50 for p in places)]
        if not world and focus and all(p.source == "curated" and p.kind == "district" and p.parent for p in places):
            return []  # a curated district of a city in another country that the story never names: FAR_DISTRICT
        return world or places

    @staticmethod
    def _within_next(tokens: Tokens, text: str, kept, n: int, places: list[Place]) -> list[Place]:
        """"Paris, Texas", "Tripoli, Lebanon": a name followed by a comma and a region or country keeps only
        its places inside that region or country (all of them when none is)."""
        if len(places) < 2 or n + 1 >= len(kept) or kept[n][1] <= kept[n][0]:
            return places
        j = kept[n][1]
        k = kept[n + 1][0]
        if k != j or text[tokens[j - 1].end:tokens[k].start].strip() != ",":
            return places
        containers = [p for p in kept[n + 1][3] if p.kind in {"country", "governorate"}]
        regions = {p.id for p in containers if p.kind == "governorate"}
        countries = {p.country for p in containers if p.kind == "country" and p.country}
        inside = [p for p in places if (p.parent and p.parent in regions) or (p.country and p.country in countries)]
        return inside or places

    def _authoritative(self, place: Place | None) -> Place | None:
        """The curated or user place for the same source entity ("US" found in the world layer is the
        curated United States), else the place itself."""
        if place is None or place.source in {"curated", "user"} or not place.source_id:
            return place
        return self._by_source_id.get(place.source_id, place)

    def _kept(self, tokens: Tokens, text: str) -> list[tuple[int, int, str, list[Place], float]]:
        """The name spans of a text that pass the traps, plus fuzzy spellings, in text order."""
        kept, associative = self._kept_with_associative(tokens, text)
        return [item for item in kept if item[:2] not in associative]

    def _kept_with_associative(self, tokens: Tokens, text: str):
        """The kept spans (see _kept) and those among them that open an organisation's name: the spans
        only the organisation trap turns away."""
        abbreviated, counties = abbreviations(tokens, text), county_lists(tokens, text)
        spans = name_spans(self.indexes, tokens, Stream(tokens), text, abbreviated=abbreviated, counties=counties)
        paired = paired_spans(spans, tokens, text)
        signals: dict[tuple[int, int], str | None] = {}
        facts: dict[int, ListFacts] = {}  # per places list (one per distinct name): see spans.ListFacts
        preferred: dict[tuple[int, str, bool], tuple] = {}  # _prefer_regional's, per places list
        persons = self._person_keys(tokens, [s for s in spans if s[:2] not in paired], text, signals, facts)
        kept: list[tuple[int, int, str, list[Place], float]] = []
        abbreviated_spans = {(i, j) for i, j, *_ in abbreviated} | {(i, j) for i, j, _ in counties}
        associative: set[tuple[int, int]] = set()
        villages = []  # small villages named like English words: kept only where the article's geography backs them
        before_names = []  # areas before a capitalised word ("Manitoba Hydro"): see below
        for i, j, key, places in spans:
            if (i, j) not in abbreviated_spans and not self._passes(tokens, i, j, places, text=text, persons=persons,
                                                              signals=signals, paired=paired, facts=facts):
                if not (context.org_trap(tokens, i, j, places, text)
                        and context.associative(tokens, i, j, text) and self._passes(
                        tokens, i, j, places, text=text, persons=persons, signals=signals, paired=paired,
                        organisation=False, facts=facts)):
                    if wordtraps.village_word(tokens, i, j, places, list_facts(facts, places).settlements) and self._passes(
                            tokens, i, j, places, text=text, persons=persons, signals=signals, paired=paired,
                            common_words=False, facts=facts):
                        villages.append((i, j, key, places))
                    elif signals.get((i, j)) == "weak" and (list_facts(facts, places).large
                                                            or any(p.kind == "region" for p in places)):
                        before_names.append((i, j, key, places))
                    continue
                associative.add((i, j))
            kept.append(self._prefer_regional(i, j, key, places, preferred))
        kept.extend(coherence.supported(villages, kept))
        # One sense per article: a state, a country or a city of 100,000 the article names as a place elsewhere
        # is that place before a capitalised word too ("Manitoba Hydro", "Kentucky Derby", "Calgary Stampede"),
        # not a first name; it opens a body's or an event's name, so it is reported only as associative
        placed = {item[2] for item in kept if item[:2] not in associative}
        for i, j, key, places in before_names:
            if key in placed and self._passes(tokens, i, j, places, text=text, persons=persons, paired=paired,
                                              signals={**signals, (i, j): None}, facts=facts):
                kept.append(self._prefer_regional(i, j, key, places, preferred))
                associative.add((i, j))
        kept.extend(self._fuzzy_spans(tokens, kept, persons))
        kept.sort(key=lambda s: s[0])
        return kept, associative

    def _prefer_regional(self, i: int, j: int, key: str, places: list[Place], memo: dict):
        """A one-word exact hit only in the world layer, and only outside the corpus focus country, loses to a
        close spelling of a regional place: in an Aleppo story "Amerieh" is al-Amiriyah, not Amelia (Italy).
        Decided once per places list and key of an article (`memo`; the lists are shared, see spans.py)."""
        found = memo.get((id(places), key, j - i == 1))
        if found is None or found[0] is not places:
            found = memo[(id(places), key, j - i == 1)] = (places, self._regional(key, places) if j - i == 1 else None)
        return (i, j, *found[1]) if found[1] else (i, j, key, places, 1.0)

    def _regional(self, key: str, places: list[Place]) -> tuple[str, list[Place], float] | None:
        """The regional key, places and score a one-word name's world places lose to (_prefer_regional)."""
        if (self.focus and places and places[0].source not in {"curated", "user", "imported"}
                and all(p.country != self.focus and p.kind != "country" for p in places)
                and key not in demonym_keys()):
            hits = self._fuzzy_cached(key)
            if hits and hits[0][1] >= 0.8:
                regional: list[Place] = next((found for ix in self.indexes if (found := ix.places_for(hits[0][0]))), [])
                if regional:
                    return hits[0][0], regional, hits[0][1]
            for alt in respellings(key):  # French "Sousse", Italian "Derne": the focus country's Susa, Derna
                if local := [p for ix in self.indexes for p in ix.places_for(alt)
                             if p.country == self.focus and p.kind in context.SETTLEMENT_KINDS]:
                    return alt, local, 0.9
        return None

    def _person_keys(self, tokens: Tokens, spans, text: str, signals: dict[tuple[int, int], str | None],
                     facts: dict[int, ListFacts]) -> set[str]:
        """Names used for a person anywhere in the text ("John Kerry", "Kerry said"), so "Kerry" alone is
        not a place. Only strong evidence counts: a name before another capitalised word ("Aleppo
        Thursday") is doubtful in that occurrence only."""
        keys = set()  # each span's signal goes in `signals`, kept for _passes
        for i, j, key, places in spans:
            if places[0].source not in {"curated", "user"}:
                signal = signals[(i, j)] = context.person_signal(tokens, i, j, text)
                if signal == "strong" or ((signal in {"joined", "speaks"} or wordtraps.ship_name(tokens, i, text))
                                          and not list_facts(facts, places).large):
                    keys.add(key)  # a city or region after a capitalised word is doubtful there only; a ship's too
                if context.personal(tokens, i, j, text):
                    keys.update({key, PERSONAL + key})  # a person's, even if a country's too ("Georgia")
        return keys

    def _passes(self, tokens, i, j, places: list[Place], *, text: str, persons: set[str],
                signals: dict[tuple[int, int], str | None] | None = None,
                paired: frozenset[tuple[int, int]] = frozenset(), organisation: bool = True,
                common_words: bool = True, facts: dict[int, ListFacts] | None = None) -> bool:
        """Does span i..j pass the traps? `organisation=False` skips the organisation trap alone,
        `common_words=False` the common-word trap alone; `facts` is the article's memo of spans.ListFacts."""
        about = list_facts({} if facts is None else facts, places)
        if (common_words and j - i == 1 and places[0].source not in {"curated", "user"}
                and about.common_word(tokens.words[i], tokens.initial(i))):
            # the common-word trap, decided once per word and list, turns the name away, and every other way
            # through the traps below ends in it too, but a dateline's: read only that ("Thursday", "Most")
            return (dateline(tokens, text, i, j) and not (organisation and context.org_trap(tokens, i, j, places, text))
                    and not context.month_abbreviation(tokens, i, j, text) and not wordtraps.ship_prefix(tokens, i, j, text))
        return self._traps(tokens, i, j, places, about, text=text, persons=persons, signals=signals, paired=paired,
                           organisation=organisation, common_words=common_words)

    @staticmethod
    def _traps(tokens, i, j, places: list[Place], about: ListFacts, *, text: str, persons: set[str],
               signals: dict[tuple[int, int], str | None] | None, paired: frozenset[tuple[int, int]],
               organisation: bool, common_words: bool) -> bool:
        """_passes, every trap in turn (`about` is the ListFacts of `places`)."""
        if (organisation and context.org_trap(tokens, i, j, places, text)) or context.month_abbreviation(tokens, i, j, text):
            return False
        if dateline(tokens, text, i, j):  # "WASHINGTON Barack Obama pardoned", "MANSFIELD —": where the story was
            return not wordtraps.ship_prefix(tokens, i, j, text)  # filed; "INS Sumitra, ..." opens with a ship
        if not about.major and context.inside_proper_name(tokens, i, j, text):
            return False  # "the Gulf War", "Donetsk People's Republic"; not "the Berlin Christmas market"
        if j - i == 1 and wordtraps.feature_or_body(tokens, i, places):
            return False  # "Lake Chad", "the Dnipro River"; "the Duma approved"
        if places[0].source in {"curated", "user"}:
            return True
        if (context.acronym_trap(tokens, i, j, places, text) or wordtraps.common_phrase(tokens, i, j, places)
                or wordtraps.modifier_trap(tokens, i, j, places, text) or wordtraps.craft_name(tokens, i, j, places, text)):
            return False
        key = " ".join(tokens.keys[i:j])
        if about.local or PERSONAL + key in persons:
            if signals is not None and (i, j) in signals:
                signal = signals[(i, j)]
            else:
                signal = context.person_signal(tokens, i, j, text)
            if (i, j) in paired or (signal == "weak" and (not organisation or wordtraps.public_body_after(tokens, j))):
                signal = None  # "Fargo-Moorhead": a pair of places, not a first name and surname; the
                # capitalised words after a name that opens an organisation's name are that name's
            if (key in persons and (i, j) not in paired) or signal is not None:
                return False
        # a place if either the likeliest place of all or the likeliest that has the name as its own passes:
        # "Venice" is Venice, though Dayton lists it as another name; "Bombay" is Mumbai, though a village
        # is called Bombay
        return not common_words or j - i != 1 or not about.common_word(tokens.words[i], tokens.initial(i))

    def _fuzzy_spans(self, tokens: Tokens, kept, persons: set[str]):
        """Spellings no list has: a capitalised, uncommon word close to a regional name."""
        covered = {k for i, j, *_ in kept for k in range(i, j)}
        out = []
        words = tokens.words
        keys = tokens.keys
        for n in itertools.compress(range(len(keys)), tokens.caps):  # capitalised words only
            key = keys[n]
            if n in covered or key in persons or len(key) < 4:
                continue
            if context.zipf(tokens.lowers[n]) >= 3.0 or words[n].isupper() or in_longer_name(tokens, n):
                continue
            hits = self._fuzzy_cached(key)
            if not hits or context.person_trap(tokens, n, n + 1, ""):
                continue
            key, score = hits[0]
            places: list[Place] = next((ix.places_for(key) for ix in self.indexes if ix.places_for(key)), [])
            if places and not context.org_trap(tokens, n, n + 1) and not wordtraps.feature_or_body(tokens, n, places):
                out.append((n, n + 1, key, places, score))
        return out
