"""How badly people are hurt stands between a number and what it counts ("19 critically injured patients", "40
seriously wounded people"): the count is of the wounded; and those who go with patients ("65 companions") are counted.
Written sentences."""
from __future__ import annotations

from evacmap.corpus.quantities import parse_quantities


def test_a_degree_of_hurt_before_the_noun_keeps_the_count():
    for text in ("The director said 19 critically injured patients would be taken to Egypt.",
                 "Ambulances carried 40 seriously wounded people across on Monday.",
                 "Doctors treated 12 badly injured children."):
        assert parse_quantities(text)[0].counts is not None, text


def test_the_people_who_accompany_patients_are_counted():
    quantities = parse_quantities("He said 1,047 foreigners, 84 wounded and 65 companions had crossed on Wednesday.")
    assert [(q.value, q.counts) for q in quantities] == [(1047, "foreigners"), (84, "wounded"), (65, "companions")]
