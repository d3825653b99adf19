"""What a disaster's aftermath counts: people named by the participle alone ("30,000 displaced", "among 800 displaced
in all"), cases of a disease, damaged schools. Sentences written for the rule."""
from __future__ import annotations

from test_claims_reading import _claims


def _counted(text: str) -> dict:
    return {q["value"]: q["counts"] for c in _claims(text) for q in c.to_dict()["quantities"]}


def test_a_count_of_the_displaced_is_a_count_of_people():
    found = _counted("The agency counted at least 12,000 displaced in the valley last week.")
    assert found.get(12000) == "displaced", found
    found = _counted("The town hosts 95 families from the coast, among 400 displaced there in all.")
    assert found.get(400) == "displaced" and found.get(95) == "families", found


def test_cases_and_schools_are_counted():
    assert _counted("Health workers reported 186 cases of cholera in one week.").get(186) == "cases"
    assert _counted("The ministry said floods damaged 52 schools.").get(52) == "schools"


def test_displaced_as_an_adjective_leaves_the_noun_counted():
    assert _counted("More than 5,000 displaced people reached the camp.").get(5000) == "people"


def test_a_toll_that_could_reach_a_figure_counts_the_dead_it_fears():
    found = [q for c in _claims("The health minister said the number of dead could reach 10,000.")
             for q in c.to_dict()["quantities"]]
    assert [(q["value"], q["counts"], q["modality"]) for q in found] == [(10000, "killed", "possible")]


def test_a_reported_clause_after_said_after_keeps_its_modal():
    """"said after touring the city that the number ... could reach N": the adverbial clause ends at "that"."""
    text = "The health minister said after touring the city that the number of dead could reach 10,000."
    assert [q["modality"] for c in _claims(text) for q in c.to_dict()["quantities"]] == ["possible"]
    text = "Before the storm that could hit on Monday, 300 people left the coast."
    assert [q["modality"] for c in _claims(text) for q in c.to_dict()["quantities"]] == ["reported"]
