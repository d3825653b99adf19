"""A map labels a place as its sources write it: a GeoNames record named otherwise (a district's name, another
romanisation, the other side's name) is shown under the corpus's own name, its record's name kept in its citation
(corpus/places.written_names, Gazetteer.as_written)."""
from __future__ import annotations

from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parent / "corpora"


@pytest.mark.parametrize("corpus, record, written", [
    ("fukushima-2011", "Yamakiya", "Kawamata"),  # the record is a district of the town the text names
    ("fukushima-2011", "Kumamachi", "Okuma"),
    ("sudan-2023", "Al-Junaynah", "El Geneina"),  # another romanisation
    ("karabakh-2023", "Khankendi", "Stepanakert"),  # written 16 times; the record's name once
])
def test_places_and_routes_carry_the_name_the_sources_write(run_cli, corpus, record, written):
    places = run_cli("places", CORPORA / corpus, "--json").json()
    names = {p["name"] for p in places}
    assert written in names and record not in names
    routes = run_cli("routes", CORPORA / corpus, "--json").json()
    labels = " ".join(r["label"] for r in routes)
    assert record not in labels


def test_abbreviations_and_curated_names_are_kept(run_cli):
    """"Ga." never labels Georgia; a curated place keeps the name chosen for it, however a text spells it."""
    places = {p["id"]: p["name"] for p in run_cli("places", CORPORA / "hurricane-ian-2022", "--json").json()}
    assert "Ga." not in places.values()
    sample = Path(__file__).resolve().parents[1] / "corpus" / "samples" / "aleppo-2016"
    names = {p["id"]: p["name"] for p in run_cli("places", sample, "--json").json()}
    assert names.get("ramouseh") == "Ramouseh"  # written "Ramussa" once


def test_the_record_name_stays_in_the_places_citation():
    from evacmap.gazetteer import Gazetteer

    gaz = Gazetteer.load()
    pid = next(p.id for p in gaz.candidates("Yamakiya") if p.id.startswith("gn:"))
    named = gaz.as_written({pid: "Kawamata"})
    assert named.get(pid).name == "Kawamata" and "(named Yamakiya there)" in named.get(pid).citation
    assert gaz.get(pid).name == "Yamakiya"  # the gazetteer it came from is left as it was
