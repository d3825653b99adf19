"""The guards in front of the control rules (corpus/prefilter.Guarded): each rule is searched only where its
guard finds words that every match of the rule holds, so a text that the rule matches must pass its guard.
For each rule whose guard names more than a word (the verb before the place, "under its control", "cut its
road link", "holding the west"), texts it matches in every way it can: the guarded search finds what the
rule's pattern finds."""
from __future__ import annotations

import pytest

from evacmap.corpus.actors import default_actors
from evacmap.corpus.control_text import _rules

RULES = _rules(default_actors())

# the text before a place ("... took control of <place>"): these rules end at the place
BEFORE = [
    "Ukrainian forces had regained full control of ", "Rebels took control of the northern city of ",
    "the Houthis took over ", "rebels had taken over ", "rebels, who seized ", "Russian troops recaptured ",
    "Azerbaijani forces retook the town of ", "the army now controls ", "Rebel fighters still hold ",
    "rebels said on Friday they had captured the town of ", "the Taliban said it had taken over ",
    "government troops overran ", "Israeli troops occupied ", "rebels said they held ", "rebels said they controlled ",
]
SENTENCES = [
    ("its_control", "The army said the towns of Alpha and Beta were now under its full control."),
    ("its_control", "Rebels claimed that the villages south of the river remain firmly under their control."),
    ("its_link", "Azerbaijan had blockaded its only road link to Armenia."),
    ("its_link", "The rebels cut off their main supply route."),
    ("its_link", "Russian forces severed its last lifeline on Monday."),
    ("halves", "With the government holding the west and rebels holding the east, the city was split."),
    ("halves", "The army controls most neighbourhoods in the north of the city."),
    ("halves", "It left a rebel-controlled east and a government-held west."),
]


@pytest.mark.parametrize("before", BEFORE)
def test_took_control_guard_passes_every_way_of_taking(before):
    rule = RULES.took_control
    found = rule.search(before)
    assert found is not None and found.span() == rule.pattern.search(before).span()


@pytest.mark.parametrize(("name", "text"), SENTENCES)
def test_guards_pass_the_sentences_their_rules_match(name, text):
    rules = getattr(RULES, name)
    rules = rules if isinstance(rules, tuple) else (rules,)
    guarded = [m.span() for rule in rules for m in rule.finditer(text)]
    plain = [m.span() for rule in rules for m in rule.pattern.finditer(text)]
    assert plain and guarded == plain
