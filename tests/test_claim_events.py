"""What each number of a sentence is about, on written sentences: a verb of carrying people from one place to
another is an evacuation, a clause of its own after "while another ..." reports its own event, and a death in
one part of a sentence never makes another part's count a death toll."""
from __future__ import annotations

import pytest
from helpers import claims_in


def _events(text: str) -> list[tuple[float | None, str | None]]:
    return [(q["value"], q["event"]) for c in claims_in(text) for q in (c.to_dict()["quantities"])]


def test_people_carried_from_one_place_to_another_were_evacuated():
    assert _events("The navy ship took about 1,000 people from Lamu to Mombasa on Friday, the navy said.") == [
        (1000, "evacuated")]
    assert _events("Officials said 67 people had been flown out by helicopter since Thursday.") == [(67, "evacuated")]


def test_another_count_with_its_own_verb_is_a_claim_of_its_own():
    got = _events("The ship took about 1,000 people from Lamu to Mombasa on Friday, while another 4,000 remained "
                  "in the town.")
    assert got == [(1000, "evacuated"), (4000, "remaining")]


def test_a_death_in_one_part_is_not_the_event_of_another_parts_count():
    got = _events("At least 29 people have died, the sheriff said, and more than 200 are unaccounted for.")
    assert got == [(29, "killed"), (200, "other")]
    # a part without a verb of its own repeats the verb before it: same event
    got = _events("By Thursday 400 people had been evacuated: 300 on ships and 100 in road convoys.")
    assert [e for _v, e in got] == ["evacuated"] * 3


def test_displaced_people_counted_in_passing_are_the_displaced():
    got = _events("Families were taken by bus from the checkpoint to camps housing more than 41,000 displaced people.")
    assert (41000, "displaced") in got


@pytest.mark.parametrize("text, event", [
    ("Last year's floods forced 8,000 people from their homes.", "displaced"),
    ("The fires have left 3,000 people homeless.", "displaced"),
    ("Two helicopters lifted 45 patients from the hospital to Oran.", "evacuated"),
    ("Crews moved 300 residents from the island to the mainland.", "evacuated"),
    ("A chartered helicopter carried the first group of about 30 Americans from Tall to Oran on Sunday.", "evacuated"),
    ("Rangers moved 300 residents into the school gym.", "other"),  # no journey from one place to another
    # people forced to leave did leave; an order that "remained in effect" is no one remaining
    ("A wildfire forced about 6,500 residents of the county to leave their homes on Tuesday.", "evacuated"),
    ("The shelling forced 2,000 families to flee.", "fled"),
    ("Orders to leave remained in effect for 400 residents of the valley late on Tuesday.", "other"),
    ("By 2 pm, 250,000 people had already been moved to shelters.", "evacuated"),
    ("Officials warned that a further 5,000 could be moved overnight.", "evacuated"),
])
def test_verbs_of_displacement_and_of_moving_people_between_places(text, event):
    assert {e for _, e in _events(text)} == {event}


@pytest.mark.parametrize(("text", "event"), [
    # brought out of danger: a rescue is an evacuation, whatever the people were trapped in
    ("Helicopters and boats rescued 167 people trapped on rooftops around Buzi on Tuesday.", "evacuated"),
    ("About 3,000 families were moved to higher ground in Chipinge, the administrator said.", "evacuated"),
    ("By noon, 404,225 people had been taken to shelters, the minister said.", "evacuated"),
    ("The number of people confirmed dead rose to 417 on Saturday, the government said.", "killed"),
    ("About 2,000 people remained trapped in the old city.", "remaining"),  # no rescue: still inside
    ("About 15,000 people need to be rescued urgently in the river basins.", "remaining"),  # not rescued yet
    ("The team managed to deliver food and bring out 611 people, the governor said.", "evacuated"),
])
def test_rescues_and_the_confirmed_dead(text, event):
    assert {e for _, e in _events(text)} == {event}
