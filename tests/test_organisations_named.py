"""corpus.organisations.orgs_named (dictionary look-ups of word runs, used by corpus.body_refs to find the bodies
a stretch of text names) finds what a search for every alias finds, on the articles of every corpus."""
from __future__ import annotations

from pathlib import Path

import pytest

from evacmap.corpus.organisations import ALIASES, ANY_ORG, orgs_named

ROOT = Path(__file__).resolve().parents[1]
ARTICLES = sorted([*ROOT.glob("tests/corpora/*/articles/*.txt"), *ROOT.glob("corpus/samples/*/articles/*.txt")])


@pytest.mark.parametrize("path", ARTICLES, ids=lambda p: f"{p.parent.parent.name}/{p.stem[:20]}")
def test_the_bodies_named_are_those_every_alias_finds(path):
    text = path.read_text(encoding="utf-8")
    searched = {ALIASES[m.lastindex - 1][1] for m in ANY_ORG.finditer(text)}
    looked_up = {name for _, name in orgs_named(text, 0, len(text))}
    # "(UN) Security Council": the words read one body where the search reads two
    assert looked_up - searched == set() and searched - looked_up <= {"UN"}, (searched, looked_up)


def test_offsets_and_the_longest_alias():
    text = 'The U.N. refugee agency said so, as did "UNHCR\'s staff" (MSF) and the World Food Programme.'
    assert orgs_named(text, 0, len(text)) == [(4, "UNHCR"), (41, "UNHCR"), (57, "MSF"), (70, "WFP")]
