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


def _every_word(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The scan orgs_named replaced (every word of the stretch looked up in turn): what it must still find."""
    from evacmap.corpus.organisations import _LEAD, _LONGEST, _TAIL, _TOKEN, _alias_hit
    words = []
    for m in _TOKEN.finditer(text, start, end):
        lead = _LEAD.match(m.group(0))
        skip = lead.end() if lead else 0
        words.append((m.start() + skip, _TAIL.sub("", m.group(0)[skip:])))
    out: list[tuple[int, str]] = []
    k = 0
    while k < len(words):
        first = words[k][1].lower()
        longest = max(_LONGEST.get(first, 0), _LONGEST.get(first.rstrip("."), 0))
        for n in range(min(longest, len(words) - k), 0, -1):
            phrase = " ".join(w for _, w in words[k:k + n])
            hits = [hit for p in {phrase, phrase.rstrip(".")} if (hit := _alias_hit(p))]
            if hits:
                out.append((words[k][0], min(hits)[1]))
                k += n - 1
                break
        k += 1
    return out


def test_only_the_opening_words_are_looked_up_and_nothing_else_changes():
    """Every stretch `body_refs.resolve` may read (1,500 characters back from any offset, cut mid-word or not)
    of every article, and words in capitals, with quotes, possessives and full stops, and the two aliases
    whose first word is not ASCII, written in capitals."""
    texts = [p.read_text(encoding="utf-8") for p in ARTICLES]
    texts.append('"THE RED CROSS\'s" (U.N.) un. MÉDECINS SANS FRONTIÈRES, KIZILAY and Kızılay; the U.S. State '
                 "Department's \u212aIZILAY 'the World Food Programme' WFP.")
    for text in texts:
        for end in range(0, len(text) + 1, 97):
            start = max(0, end - 1500)
            assert orgs_named(text, start, end) == _every_word(text, start, end), (text[start:end],)
            assert orgs_named(text, end // 2, end) == _every_word(text, end // 2, end)
