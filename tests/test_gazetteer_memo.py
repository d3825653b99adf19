"""The finder's shortcuts give the answers of the rules they skip, on the project's real articles.

Gazetteer._passes reads a one-word name the common-word trap turns away (decided once per word, sentence
position and places list, in spans.ListFacts) by the dateline rule alone; Gazetteer._traps runs every trap in
turn. Both are asked about every name span of every article, with every combination of their options, and the
trap path gets a fresh ListFacts for each question (nothing remembered from another occurrence)."""
from __future__ import annotations

import itertools

import pytest

from evacmap.gazetteer.newsforms import abbreviations, county_lists, paired_spans
from evacmap.gazetteer.spans import ListFacts, list_facts, name_spans
from evacmap.gazetteer.text import Stream, tokenize
from tests.helpers import CORPUS_ARTICLES


def _questions(gaz, text: str):
    """Each name span of `text` with what _kept_with_associative gives _passes: persons, signals, pairs."""
    tokens = tokenize(text)
    spans = name_spans(gaz.indexes, tokens, Stream(tokens), text, abbreviated=abbreviations(tokens, text),
                       counties=county_lists(tokens, text))
    paired = paired_spans(spans, tokens, text)
    signals: dict = {}
    facts: dict = {}
    persons = gaz._person_keys(tokens, [s for s in spans if s[:2] not in paired], text, signals, facts)
    return tokens, spans, paired, signals, facts, persons


@pytest.mark.parametrize("focus", [None, "SY"])
def test_the_common_word_shortcut_gives_every_traps_answer_on_real_articles(evacmap_env, focus):
    from evacmap.gazetteer import Gazetteer

    gaz = Gazetteer.load(focus=focus)
    asked = shortcut = 0
    wrong = []
    for path in CORPUS_ARTICLES:
        text = path.read_text(encoding="utf-8")
        tokens, spans, paired, signals, facts, persons = _questions(gaz, text)
        for (i, j, _key, places), organisation, common_words in itertools.product(spans, (True, False), (True, False)):
            options = {"text": text, "persons": persons, "signals": signals, "paired": paired,
                       "organisation": organisation, "common_words": common_words}
            fast = gaz._passes(tokens, i, j, places, facts=facts, **options)
            full = gaz._traps(tokens, i, j, places, ListFacts(places), **options)
            asked += 1
            shortcut += (common_words and j - i == 1 and places[0].source not in {"curated", "user"}
                         and list_facts(facts, places).common_word(tokens.words[i], tokens.initial(i)))
            if fast != full:
                wrong.append((path.name, " ".join(tokens.words[i:j]), organisation, common_words, fast, full))
    assert not wrong, wrong[:10]
    assert asked > 2000 and shortcut > 100  # the shortcut is taken, often, on real text


@pytest.mark.parametrize("text", [
    # a town named like a fairly common word: the trap turns it away at a sentence start only, so the
    # remembered answer must be per sentence position, whichever comes first
    "Buses left Drama for Kavala on Monday. Drama was quiet by the evening, officials said.",
    "Drama was quiet by the evening, officials said. Buses left Drama for Kavala on Monday.",
    "Rain fell on Forest Hill. Families fled Forest for the coast, and Rain stayed shut.",
    # a dateline passes, common word or not
    "DRAMA, Greece — Drama was quiet by the evening, officials said.",
])
def test_the_common_word_shortcut_tells_sentence_starts_apart(evacmap_env, text):
    from evacmap.gazetteer import Gazetteer

    gaz = Gazetteer.load()
    tokens, spans, paired, signals, facts, persons = _questions(gaz, text)
    answers = []
    for i, j, _key, places in spans:
        options = {"text": text, "persons": persons, "signals": signals, "paired": paired,
                   "organisation": True, "common_words": True}
        answers.append((gaz._passes(tokens, i, j, places, facts=facts, **options),
                        gaz._traps(tokens, i, j, places, ListFacts(places), **options)))
    assert all(fast == full for fast, full in answers), answers
    assert len({full for _, full in answers}) == 2  # some occurrences pass, some do not


def test_the_remembered_settlements_of_a_list_give_village_words_answer(evacmap_env):
    # village_word asks whether a name's places hold a settlement of a broad layer; _kept_with_associative
    # gives it the answer remembered per places list (spans.ListFacts): the same on every span of every article
    from evacmap.gazetteer import Gazetteer, wordtraps

    gaz = Gazetteer.load(focus="SY")
    answers = []
    for path in CORPUS_ARTICLES:
        tokens, spans, _paired, _signals, facts, _persons = _questions(gaz, path.read_text(encoding="utf-8"))
        for i, j, _key, places in spans:
            remembered = wordtraps.village_word(tokens, i, j, places, list_facts(facts, places).settlements)
            answers.append((remembered, wordtraps.village_word(tokens, i, j, places)))
    assert all(a == b for a, b in answers)
    assert sum(b for _, b in answers) > 10 and len(answers) > 1000  # both answers occur on real text
    assert len(set(answers)) == 2


def test_finding_places_sets_off_no_garbage_collection_and_leaves_the_collector_as_it_was(evacmap_env):
    # the objects of one find (spans, signals, matches) are in no cycle; the collections their number set off
    # walked every tracked object again and again (a fifth of a long article's time; dozens of collections in this
    # text), so find pauses the collector
    import gc

    from evacmap.gazetteer import Gazetteer

    gaz = Gazetteer.load(focus="SY")
    text = "\n\n".join(path.read_text(encoding="utf-8") for path in CORPUS_ARTICLES)
    started: list[int] = []

    def count(phase, info):
        if phase == "start":
            started.append(info["generation"])

    gc.callbacks.append(count)
    try:
        found = gaz.find(text)
        assert len(found) > 500 and len(started) <= 1  # (one as the collector resumes, at most)
        assert gc.isenabled()
        gc.disable()
        gaz.find("Buses left Aleppo for Idlib.")
        assert not gc.isenabled()
    finally:
        gc.enable()
        gc.callbacks.remove(count)
