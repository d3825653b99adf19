"""The places a corpus mentions: one record per place, with every mention of it, for `evacmap places`."""
from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from evacmap.corpus.model import Mention
from evacmap.gazetteer import Gazetteer, Place
from evacmap.gazetteer.normalize import name_key


@dataclass
class PlaceReport:
    id: str
    place: Place | None  # None: mentioned but not resolved with confidence
    name: str
    mentions: list[Mention] = field(default_factory=list)
    candidates: list[Place] = field(default_factory=list)

    def to_json(self) -> dict:
        p = self.place
        out = {
            "id": self.id, "name": self.name,
            "lat": p.lat if p else None, "lon": p.lon if p else None,
            "kind": p.kind if p else None, "precision_m": p.precision_m if p else None,
            "source": p.source if p else None, "citation": p.citation if p else None,
            "source_id": p.source_id if p else None, "approximate": p.approximate if p else None,
            "country": p.country if p else None,
            "mentions": [{"article": m.article, "surface": m.surface, "start": m.start, "end": m.end,
                          "reason": m.reason} for m in self.mentions],
        }
        if p is None:
            out["candidates"] = [{"id": c.id, "name": c.name, "kind": c.kind, "lat": c.lat, "lon": c.lon,
                                  "country": c.country, "source": c.source} for c in self.candidates]
        return out


def places_report(mentions: list[Mention], gazetteer: Gazetteer) -> list[PlaceReport]:
    """Group mentions by place (unresolved ones by their normalised spelling); ordered by first mention."""
    reports: dict[str, PlaceReport] = {}
    for m in mentions:
        if m.place_id:
            key = m.place_id
            if key not in reports:
                place = gazetteer.get(m.place_id)
                reports[key] = PlaceReport(key, place, place.name if place else m.surface)
        else:
            key = f"unresolved:{name_key(m.surface).replace(' ', '-')}"
            if key not in reports:
                cands = [c for c in (gazetteer.get(i) for i in m.candidates) if c]
                reports[key] = PlaceReport(key, None, m.surface, candidates=cands)
        reports[key].mentions.append(m)
    return list(reports.values())


#: below this similarity (0-100) of folded spellings a record's name is another name, not another spelling
_OTHER_NAME = 75


def _folded(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("-", " ").replace("'", "")


def _abbreviation(surface: str) -> bool:
    letters = surface.replace(".", "").replace(" ", "")
    return surface.endswith(".") or len(letters) <= 3 or (surface.isupper() and len(letters) <= 4)


def written_names(mentions: list[Mention], gazetteer: Gazetteer) -> dict[str, str]:
    """Place id -> the name the articles write most often (first written on a tie), for the GeoNames places
    whose record is named otherwise: not another spelling ("Gonder" for Gondar) but another name (a district's,
    "Yamakiya" for Kawamata; a romanisation, "Al-Junaynah" for El Geneina; "Khankendi" for the Stepanakert the
    sources write 16 times). Curated places keep their names (chosen on purpose); abbreviations ("Ga.") never
    replace a name; a dateline's capitals are written as a name ("MERSIN" -> "Mersin")."""
    surfaces: dict[str, Counter[str]] = {}
    for m in mentions:
        if _abbreviation(m.surface):
            continue  # "Ga.", "UAE": the record's name says more than the abbreviation
        if m.place_id and m.place_id.startswith("gn:"):
            surfaces.setdefault(m.place_id, Counter())[m.surface.title() if m.surface.isupper() else m.surface] += 1
    out: dict[str, str] = {}
    for pid, counts in surfaces.items():
        place = gazetteer.get(pid)
        written = max(counts, key=lambda s: counts[s])  # Counter keeps first-seen order on a tie
        if place is not None and fuzz.ratio(_folded(written), _folded(place.name)) < _OTHER_NAME:
            out[pid] = written
    return out
