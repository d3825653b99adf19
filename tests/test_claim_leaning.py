"""Where a number whose part of the clause names no place is, when its words lean on the count before it
(corpus/leaning.py): "N more", "N of them", "another N", the items of a list a colon opens; and an adverb with
a participle before a noun is no verb that parts a clause. Sentences written for the rules (invented places)."""
from __future__ import annotations

from helpers import claims_in


def _places(claims, value):
    """The places a number is at: its own where the tool gives it some (even none), else its claim's."""
    return next(c.places if q.places is None else q.places for c in claims for q in c.quantities
                if q.value == value)


def _claim_of(claims, value):
    return next(c for c in claims for q in c.quantities if q.value == value)


def test_more_of_a_count_is_at_its_place():
    claims = claims_in("Officials said more than 12,000 people had now left Ruritania and about 1,000 more were "
                       "expected to leave on Monday.", {"Ruritania": "r"})
    assert _places(claims, 1000) == ("r",)
    assert not _claim_of(claims, 1000).place_inferred  # stated in the clause, not inferred
    # a part that does not lean on the count before it stays without a place
    claims = claims_in("Officials said 12,000 people had left Ruritania and 300 soldiers were wounded in the "
                       "fighting.", {"Ruritania": "r"})
    assert not _places(claims, 300)


def test_part_of_a_count_is_at_its_place():
    claims = claims_in("Some 25,000 Ruritanians live in Tall, and about 8,000 of them have asked to leave.",
                       {"Tall": "t"})
    assert _places(claims, 8000) == ("t",)
    claims = claims_in("The ministry said 900 people had reached Oran on Monday and another 400 people would "
                       "arrive on Tuesday.", {"Oran": "o"})
    assert _places(claims, 400) == ("o",)


def test_items_of_a_colon_list_are_at_the_places_of_the_count_they_detail():
    claims = claims_in("The minister said 168 of the wounded were taken to hospitals in Ruritania on Tuesday: "
                       "96 by helicopter, some of them army aircraft, and 72 by ambulances escorted by the Red "
                       "Cross.", {"Ruritania": "r"})
    assert _places(claims, 72) == ("r",)
    # an earlier item's place is that item's, not the whole list's
    claims = claims_in("The ministry said 436 people were evacuated on Monday, and by Wednesday officials had "
                       "brought back 1,539 of them: 323 flew home from the airport of Tall, and 1,216 came by "
                       "road.", {"Tall": "t"})
    assert not _places(claims, 1216)


def test_an_adverb_and_participle_before_a_noun_do_not_part_the_clause():
    claims = claims_in("A further 43 internationally recruited staff and 29 employees of aid groups had been "
                       "taken from Tall into Ruritania, the agency said.", {"Tall": "t", "Ruritania": "r"})
    assert set(_places(claims, 43)) == {"t", "r"}


def test_of_them_opening_a_sentence_is_part_of_the_count_before_it():
    claims = claims_in("More than 100,000 people have crossed from Ruritania into Borduria since Thursday, "
                       "officials said. Of them, more than 6,500 were foreigners and at least 24,000 were "
                       "Ruritanians.", {"Ruritania": "r", "Borduria": "b"})
    later = _claim_of(claims, 6500)
    assert set(later.places) == {"r", "b"} and later.place_inferred
    # not after a paragraph of other words, and not when the clause names its own place
    claims = claims_in("More than 100,000 people have crossed from Ruritania since Thursday. The talks went on. "
                       "Of them, 6,500 were foreigners.", {"Ruritania": "r"})
    assert not _claim_of(claims, 6500).places


def test_another_sources_figure_for_the_same_count_is_at_its_place():
    claims = claims_in("The first plane landed in Tall on Tuesday with 39 people on board, a diplomat said; the "
                       "foreign ministry had put the number at about 40.", {"Tall": "t"})
    later = _claim_of(claims, 40)
    assert later.places == ("t",) and later.place_inferred


def test_n_of_them_in_the_next_sentence_is_part_of_the_count_before_it():
    claims = claims_in("The airlift flew 19,000 people out of Tall in the 24 hours to Wednesday, officials said.\n\n"
                       "Forty-two military flights carried about 11,200 of them, a general said.", {"Tall": "t"})
    later = _claim_of(claims, 11200)
    assert later.places == ("t",) and later.place_inferred
    # "5,347 people, more than 4,000 of them Afghans": the part is of its own clause's count, not the one before
    claims = claims_in("About 2,000 people reached Oran on Monday, officials said.\n\nIn all, the mission flew out 5,347 "
                       "people from 45 countries, more than 4,000 of them Afghans, she said.", {"Oran": "o"})
    assert not _claim_of(claims, 5347).places


def test_a_number_between_said_and_in_makes_the_place_the_claims_not_the_speakers_seat():
    from helpers import mentions_at

    from evacmap.corpus.claim_places import claim_places
    text = "The spokeswoman said 35 buses were waiting in Tall for clearance to drive to Oran."
    assert list(claim_places(text, 0, mentions_at(text, {"Tall": "t", "Oran": "o"}))) == ["t", "o"]
    text = "Officials told reporters in Oran that 35 buses had left Tall."  # still a seat
    assert list(claim_places(text, 0, mentions_at(text, {"Oran": "o", "Tall": "t"}))) == ["t"]


def test_a_figure_given_for_the_count_just_made_is_at_its_place():
    claims = claims_in("The government said 2,906 people had crossed from Tall into Ruritania as of 6 a.m. on "
                       "Monday. By noon it gave a figure of 4,850.", {"Tall": "t", "Ruritania": "r"})
    later = _claim_of(claims, 4850)
    assert set(later.places) == {"t", "r"} and later.place_inferred


def test_an_earlier_death_toll_for_the_same_deaths_is_no_running_total():
    claims = claims_in("The ombudsman said late on Tuesday that at least 68 people had died in the explosion in Tall. "
                       "Earlier in the day, health officials had put the death toll at 20.", {"Tall": "t"})
    later = _claim_of(claims, 20)
    assert later.scope is None and all(q.scope is None for q in later.quantities)
    assert later.places == ("t",) and later.place_inferred
