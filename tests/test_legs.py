"""Movement legs: the sample's own sentences, and one written sentence for each rule."""
from __future__ import annotations

import hashlib

import pytest

from evacmap.corpus.articles import load_corpus
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer
from evacmap.geo.legs import Leg, extract_legs

IDLIB = {"idlib_city", "idlib_governorate"}


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load(focus="SY")


@pytest.fixture(scope="module")
def sample_legs(gaz):
    corpus = load_corpus()
    out = {}
    for a in corpus.articles:
        out[a.id[:3]] = (a, extract_legs(a, split_sentences(a.text), find_mentions(a, gaz, focus="SY"), gaz))
    return out


def legs_of(text: str, gaz, outlet: str = "Test") -> list[Leg]:
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet=outlet)
    return extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus="SY"), gaz)


def in_sentence(legs: list[Leg], words: str) -> list[Leg]:
    return [leg for leg in legs if words in leg.text]


# ------------------------------------------------------------------------------------------ the sample

def test_every_leg_points_back_into_its_article(sample_legs):
    for article, legs in sample_legs.values():
        assert legs, article.id
        for leg in legs:
            assert article.text[leg.start:leg.end] == leg.text
            assert leg.article == article.id and leg.outlet == article.outlet
            assert leg.status in {"happened", "under_way", "planned", "optional", "disputed"}


def test_al_jazeera_amiriyah_ramussa_leg(sample_legs):
    _a, legs = sample_legs["004"]
    [leg] = in_sentence(legs, "snaked out of Al-Amiriyah")
    assert (leg.origin, leg.via, leg.destination) == ("amiriyah", ("ramouseh",), "western_aleppo_countryside")
    assert leg.destination_text == "rebel-held territory in the west of Aleppo province"
    assert leg.status == "happened" and leg.outlet == "Al Jazeera"
    assert leg.who == "convoy"
    assert "crossed into" in leg.verb and "en route to" in leg.verb


def test_voa_out_of_besieged_east_into_government_territory(sample_legs):
    _a, legs = sample_legs["000"]
    [leg] = in_sentence(legs, "headed out of besieged eastern Aleppo")
    assert leg.origin == "eastern_aleppo"
    assert leg.via == () and leg.via_text == ("government-held territory",)
    assert "does not say where" in leg.note
    # "the province" is not named: the destination is listed by its words, not guessed from a table
    assert leg.destination is None
    assert leg.destination_text == "another rebel-held part of the province"
    assert leg.status == "happened"


def test_voa_bound_for_idlib_and_optional_turkey(sample_legs):
    _a, legs = sample_legs["000"]
    legs = in_sentence(legs, "Most of them were bound for Idlib")
    by_dest = {leg.destination: leg for leg in legs}
    assert set(by_dest) == {"idlib_city", "turkey"}
    assert by_dest["idlib_city"].status == "under_way"  # "were bound for": on the way, not arrived
    assert by_dest["turkey"].status == "optional"
    for leg in legs:  # the origin comes from the article: its evacuation origin ("the last rebel-held areas of
        # Aleppo", then "besieged eastern Aleppo": both the city's east)
        assert leg.origin in {"aleppo", "eastern_aleppo"} and leg.origin_text is None
        assert "evacuation origin" in leg.note
        # "Most of them": who moves is read from the sentence before
        assert set(leg.who.split(", ")) >= {"wounded", "civilians", "fighters"}


def test_cnn_taken_to_idlib_planned_and_turkey_optional(sample_legs):
    _a, legs = sample_legs["003"]
    legs = in_sentence(legs, "Most would be taken to Idlib")
    assert {(leg.destination, leg.status) for leg in legs} == {("idlib_city", "planned"), ("turkey", "optional")}
    assert {leg.origin for leg in legs} == {"eastern_aleppo"}


def test_cnn_rebel_controlled_area_in_idlib_is_planned(sample_legs):
    _a, legs = sample_legs["003"]
    [leg] = in_sentence(legs, "Most of the civilians will be taken")
    assert leg.destination == "idlib_governorate"
    assert leg.destination_text == "rebel-controlled area in the neighboring province of Idlib"
    assert leg.status == "planned" and leg.who == "civilians"
    # "Rebel fighters were also being allowed to move there": "there" is the previous sentence's Idlib
    [there] = in_sentence(legs, "allowed to move there")
    assert there.destination == "idlib_governorate" and there.who == "fighters" and there.status == "planned"


def test_independent_idlib_sentences(sample_legs):
    _a, legs = sample_legs["001"]
    [headline] = in_sentence(legs, "evacuation of fighters and civilians to neighbouring rebel-held Idlib")
    assert headline.destination == "idlib_governorate" and headline.status == "under_way"  # "is under way"
    assert headline.who == "civilians, fighters"
    [reached] = in_sentence(legs, "first convoy is reported to have reached")
    assert reached.destination in IDLIB and reached.status == "happened"
    [headed] = in_sentence(legs, "where the Aleppo buses are headed")
    assert (headed.origin, headed.destination) == ("aleppo", "idlib_governorate")


def test_globe_fua_and_kfraya_two_legs_no_destination(sample_legs):
    _a, legs = sample_legs["002"]
    legs = in_sentence(legs, "two Shi’ite villages")
    assert {leg.origin for leg in legs} == {"fuah", "kafriya"}
    for leg in legs:
        assert leg.destination is None and leg.destination_text is None
        assert leg.status == "happened" and leg.who == "residents"
        # the leg's text runs over the next sentence, which names the villages
        assert "Fua and Kfraya" in leg.text
        assert "destination not stated" in leg.note


def test_cnn_foua_kefreia_planned_then_happened(sample_legs):
    _a, legs = sample_legs["003"]
    pushed = in_sentence(legs, "pushed for the evacuation of two Shia enclaves")
    assert {(leg.origin, leg.status) for leg in pushed} == {("fuah", "planned"), ("kafriya", "planned")}
    started = in_sentence(legs, "Twenty-nine buses started evacuations in those two cities")
    assert {(leg.origin, leg.status) for leg in started} == {("fuah", "happened"), ("kafriya", "happened")}
    assert all(leg.destination is None for leg in pushed + started)


def test_de_mistura_planned_destinations(sample_legs):
    _a, legs = sample_legs["004"]
    [west] = in_sentence(legs, "that will go to west Aleppo")
    assert (west.origin, west.destination, west.status) == ("eastern_aleppo", "western_aleppo", "planned")
    [idlib] = in_sentence(legs, "were likely to be evacuated to the rebel-stronghold of Idlib")
    assert idlib.destination in IDLIB and idlib.status == "planned"
    assert "fighters" in idlib.who


def test_no_false_legs_in_the_sample(sample_legs):
    everything = [leg for _a, legs in sample_legs.values() for leg in legs]
    dests = {leg.destination for leg in everything}
    # "according to Russia", "come back to Aleppo", "the UK" are not destinations
    assert not dests & {"russia", "united_kingdom", "geneva", "aleppo", "syria", "france"}
    assert not any("tried to leave" in leg.text for leg in everything)


# ------------------------------------------------------------------------------------ written sentences

def test_origin_via_destination_rule(gaz):
    [leg] = legs_of("The convoy left Sukkari and drove through Ramouseh to Khan al-Asal.", gaz)
    assert (leg.origin, leg.via, leg.destination, leg.status) == ("sukkari", ("ramouseh",), "khan_al_asal", "happened")


def test_from_to_with_described_area(gaz):
    [leg] = legs_of("Hundreds of wounded were evacuated from al-Amiriyah to rebel-held Idlib province on Friday.", gaz)
    assert (leg.origin, leg.destination, leg.who) == ("amiriyah", "idlib_governorate", "wounded")
    assert leg.destination_text == "rebel-held Idlib province"


def test_west_of_aleppo_province_and_government_territory(gaz):
    [leg] = legs_of("The convoy headed out of Sukkari and into government-held territory before reaching rebel-held "
                    "territory in the west of Aleppo province.", gaz)
    assert leg.origin == "sukkari" and leg.via_text == ("government-held territory",)
    assert leg.destination == "western_aleppo_countryside"


@pytest.mark.parametrize("text, status", [
    ("Evacuations from eastern Aleppo began. The fighters will be bused to Idlib.", "planned"),
    ("Evacuations from eastern Aleppo began. Evacuees are expected to reach Idlib by night.", "planned"),
    ("Evacuations from eastern Aleppo began. About 5,000 people are likely to be evacuated to Idlib.", "planned"),
    ("Evacuations from eastern Aleppo began. Others may opt to go to Turkey.", "optional"),
    ("Evacuations from eastern Aleppo began. Those who choose to can go to Turkey.", "optional"),
    ("Evacuations from eastern Aleppo began. The first buses reached Idlib on Thursday.", "happened"),
])
def test_status_words(gaz, text, status):
    legs = [leg for leg in legs_of(text, gaz) if leg.destination]
    assert [leg.status for leg in legs] == [status]
    assert legs[0].origin == "eastern_aleppo"  # from the first sentence: the article's evacuation origin


def test_destination_without_any_origin_is_kept_unplaced(gaz):
    [leg] = legs_of("The fighters will be bused to Idlib.", gaz)
    assert leg.origin is None and leg.destination in IDLIB and "origin not stated" in leg.note


@pytest.mark.parametrize("text", [
    "An ambulance tried to leave eastern Aleppo.",
    "According to Russia, the buses crossed into the enclave.",
    "He hopes to come back to Aleppo one day.",
    "Boris Johnson summoned the Russian ambassador to the UK.",
    "According to a letter sent from France to the council president, aid must reach Aleppo.",
    "The Observatory, which tracks the conflict from Britain, said fighters were evacuated.",
])
def test_not_movements(gaz, text):
    assert legs_of(text, gaz) == []


def test_reverse_destination_and_there(gaz):
    legs = legs_of("Evacuations from eastern Aleppo began. Idlib, where the evacuees are headed, is crowded.", gaz)
    assert [(leg.origin, leg.destination) for leg in legs if leg.destination] == [("eastern_aleppo", "idlib_city")]
    legs = legs_of("Civilians were taken to Idlib. Fighters were also allowed to move there.", gaz)
    assert [(leg.destination, leg.who, leg.status) for leg in legs] == [
        ("idlib_city", "civilians", "happened"), ("idlib_city", "fighters", "planned")]


def test_group_named_in_next_sentence(gaz):
    legs = legs_of("Buses evacuated residents from two Shiite villages. The two villages, Fua and Kefraya, had been "
                   "besieged for years.", gaz)
    assert sorted(leg.origin for leg in legs) == ["fuah", "kafriya"]
    assert all(leg.text.endswith("besieged for years.") for leg in legs)


def test_possessive_is_not_the_origin(gaz):
    [leg] = legs_of("Evacuations began for thousands of civilians from Syria's eastern Aleppo on Thursday.", gaz)
    assert leg.origin == "eastern_aleppo"


@pytest.mark.parametrize("focus, text, status", [
    ("UA", "Buses were heading from Mariupol to Zaporizhzhia on Friday.", "under_way"),
    ("UA", "The convoy will travel from Kherson to Zaporizhzhia.", "planned"),
    ("UA", "Russia said buses had left Mariupol for Rostov, a claim Ukraine denied.", "disputed"),
    ("SD", "The ship sailed from Port Sudan to Jeddah on Sunday.", "happened"),
])
def test_status_under_way_planned_disputed_anywhere(gaz, focus, text, status):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    legs = extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus=focus), gaz)
    assert [leg.status for leg in legs if leg.destination] == [status], legs


def test_who_says_so_is_kept(gaz):
    text = "Twenty buses left Mariupol for Zaporizhzhia, according to Ukrainian state TV."
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    [leg] = extract_legs(a, split_sentences(text), find_mentions(a, gaz, focus="UA"), gaz)
    assert leg.reported_by and "state" in leg.reported_by.lower()


def test_out_of_a_place_then_a_bare_to_ends_the_movement(gaz):
    """"took its citizens out of X overland to Y": after "out of X", a bare "to" names where they went, however
    many words stand between; "overland" says how (by road)."""
    legs = legs_of("Turkey has taken hundreds of its citizens out of Sudan overland to Ethiopia, the minister said.", gaz)
    assert [(gaz.get(lg.origin).name, gaz.get(lg.destination).name, lg.mode) for lg in legs] == \
        [("Sudan", "Ethiopia", "road")]


def test_a_later_clause_reaching_the_same_place_is_the_same_movement(gaz):
    """"flown to Y ...; the first of those flights has landed in Y": no second leg to Y from the article's
    evacuation origin (that would be a flight that never happened)."""
    text = ("Hundreds of foreigners left Khartoum by road on Sunday. From the border they are driven to Gondar and "
            "flown to Addis Ababa; the first of those flights, with 164 passengers, has already landed in Addis Ababa.")
    legs = in_sentence(legs_of(text, gaz), "From the border")
    to_addis = [lg for lg in legs if lg.destination and gaz.get(lg.destination).name == "Addis Ababa"]
    assert [gaz.get(lg.origin).name for lg in to_addis] == ["Gonder"], [(lg.origin, lg.destination) for lg in legs]


def test_a_destination_after_an_origin_described_but_not_placed(gaz):
    """"took about 1,400 people from the civic center to shelters in X": the origin is words, not a place, but
    "to" still ends the movement at X (and the leg keeps no borrowed origin)."""
    legs = legs_of("Buses later took about 1,400 people from the civic center to shelters in Homs, officials said.", gaz)
    assert [(lg.origin, gaz.get(lg.destination).name) for lg in legs] == [(None, "Homs")]


@pytest.mark.parametrize(("text", "expected"), [
    # a bare "to" after a departure verb's origin, however far; "by train" says rail
    ("Thousands fled Kharkiv by train to Lviv.", [("Kharkiv", "Lviv", "rail")]),
    # "and then on to Y", "and then by bus to Y": a later stage, from where the first ended
    ("Thousands fled Kharkiv by train to Lviv and then on to Poland.",
     [("Kharkiv", "Lviv", "rail"), ("Lviv", "Poland", None)]),
    ("Many were taken from Kherson by ferry to Oleshky and then by bus to Simferopol.",
     [("Kherson", "Oleshky", "sea"), ("Oleshky", "Simferopol", "road")]),
    # the people of a place, with an apposition between them and their verb
    ("Residents of Snihurivka, a frontline town, were evacuated to Mykolaiv by train.",
     [("Snihurivka", "Mykolaiv", "rail")]),
])
def test_departures_and_later_stages_without_a_verb(gaz, text, expected):
    def name(pid):
        place = gaz.get(pid)
        return {"Mykolayiv": "Mykolaiv"}.get(place.name, place.name)  # GeoNames spells it so
    got = [(name(lg.origin), name(lg.destination), lg.mode) for lg in legs_of(text, gaz) if lg.origin and lg.destination]
    assert got == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("In Kherson, about 400 residents boarded buses outside the town hall and left for Mykolaiv.", ("Kherson", "Mykolaiv")),
    # where someone speaks is not where people left from
    ("In Washington, officials said 300 people had left for Germany.", (None, "Germany")),
])
def test_the_place_a_sentence_opens_with_is_where_people_leave_from(gaz, text, expected):
    def name(pid):
        return None if pid is None else {"Mykolayiv": "Mykolaiv"}.get(gaz.get(pid).name, gaz.get(pid).name)
    assert [(name(lg.origin), name(lg.destination)) for lg in legs_of(text, gaz)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # "stepped ashore at X", "came ashore in X": an arrival by sea
    ("The first Britons to be taken out of Lebanon by sea stepped ashore at Limassol early on Wednesday.",
     ("Lebanon", "Limassol", "happened")),
    ("Hundreds of evacuees from Syria came ashore in Mersin on Monday.", ("Syria", "Mersin", "happened")),
    # a plan still reads as one
    ("About 600 people are to be taken out of Lebanon by sea to Limassol on Friday.", ("Lebanon", "Limassol", "planned")),
])
def test_coming_ashore_is_an_arrival_and_the_first_to_be_taken_plans_nothing(gaz, text, expected):
    def name(pid):
        return None if pid is None else gaz.get(pid).name
    assert [(name(lg.origin), name(lg.destination), lg.status) for lg in legs_of(text, gaz)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # the comma inside a number does not end the phrase of the movement verb
    ("Buses took 1,000 people from Aleppo to Idlib on Friday.", ("Aleppo", "Idlib")),
    # nor does an apposition saying who the people were
    ("On Friday a ship took more than 1,000 people, 877 of them Canadians, from Beirut to Larnaca.",
     ("Beirut", "Larnaca")),
    ("An Italian convoy took 460 people, most of them Italians, to Syria on Saturday.", (None, "Syria")),
])
def test_a_number_or_an_apposition_of_the_movers_keeps_the_phrase_whole(gaz, text, expected):
    def name(pid):
        return None if pid is None else gaz.get(pid).name
    assert [(name(lg.origin), name(lg.destination)) for lg in legs_of(text, gaz)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # "bring", "carry" move people as "brought", "carried" do
    ("A second destroyer was due to bring more Britons to Cyprus later on Wednesday.", [(None, "Cyprus", "planned")]),
    ("Two ferries will carry 900 evacuees from Beirut to Larnaca.", [("Beirut", "Larnaca", "planned")]),
    # not when nothing that moves people is named
    ("The talks could bring peace to Syria.", []),
])
def test_bring_and_carry_are_movement_verbs(gaz, text, expected):
    def name(pid):
        return None if pid is None else gaz.get(pid).name
    assert [(name(lg.origin), name(lg.destination), lg.status) for lg in legs_of(text, gaz)] == expected


@pytest.mark.parametrize("text, expected", [
    # who moves is "those who ...": people, as "families" or "residents" would be
    ("Those who fled Aleppo were taken by bus to Idlib.", [("aleppo", "idlib_city")]),
    ("Those who escape are taken by truck or bus to Idlib.", [(None, "idlib_city")]),
    # "to camps south of the city, at X and Y": the camps' places come after the comma
    ("Buses took families from Aleppo to camps west of the city, at Idlib and Azaz.",
     [("aleppo", "idlib_city"), ("aleppo", "azaz")]),
])
def test_those_who_move_and_facilities_located_before_their_places(gaz, text, expected):
    assert [(leg.origin, leg.destination) for leg in legs_of(text, gaz)] == expected


@pytest.mark.parametrize("text, expected", [
    # an army's advance is no evacuation
    ("Government troops retook Azaz before moving on to Idlib.", []),
    ("In June government forces raised the national flag over Azaz, then pressed on toward Idlib.", []),
    # unless the clause names people who move
    ("After government forces recaptured Aleppo, families returned from Idlib to Aleppo.", [("idlib_city", "aleppo")]),
])
def test_an_advance_of_troops_is_no_leg(gaz, text, expected):
    assert [(leg.origin, leg.destination) for leg in legs_of(text, gaz)] == expected


@pytest.mark.parametrize("text, expected", [
    # people "received at/in" a place arrived there
    ("Some 5,000 of the new arrivals were received at the camps in Azaz.", [(None, "azaz")]),
    ("About 300 families were received in Idlib on Monday.", [(None, "idlib_city")]),
    # not what is not people
    ("The letter was received in Idlib on Monday.", []),
])
def test_people_received_at_a_place_arrived_there(gaz, text, expected):
    assert [(leg.origin, leg.destination) for leg in legs_of(text, gaz)] == expected
