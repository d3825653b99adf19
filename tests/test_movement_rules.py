"""The general rules of news English for movements and control, each on written sentences of an invented
story (East African towns and an Afghan and a Floridian one, none from our corpora), with negative cases:
what the text does not state is never a leg or a claim."""
from __future__ import annotations

import hashlib

import pytest
from helpers import place_id_of

from evacmap.corpus.control_text import control_claims
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer
from evacmap.geo.legs import Leg, extract_legs


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load()


def _article(text: str) -> Article:
    return Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")


@pytest.fixture(scope="module")
def ids(gaz):
    """The ids the gazetteer gives the towns the sentences name (looked up, not written in)."""
    return {name: place_id_of(gaz, name)
            for name in ("Mombasa", "Nairobi", "Kisumu", "Kenya", "Uganda", "Tanzania", "Istanbul", "Kandahar")}


def legs_of(text: str, gaz) -> list[tuple[str | None, str | None, str]]:
    a = _article(text)
    legs: list[Leg] = extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz)
    return [(leg.origin, leg.destination, leg.status) for leg in legs]


def claims_of(text: str, gaz) -> list[tuple[str, str, str | None]]:
    a = _article(text)
    return [(c.place_id, c.controller, c.besieged_by)
            for c in control_claims(a, split_sentences(text), find_mentions(a, gaz), gaz)]


def test_chained_verbs_go_on_from_the_first_stage(gaz, ids):
    got = legs_of("From the border they are driven to the airport at Mombasa and flown to Nairobi on planes.", gaz)
    assert (None, ids["Mombasa"], "happened") in got
    assert (ids["Mombasa"], ids["Nairobi"], "happened") in got
    assert all(d != ids["Nairobi"] or o == ids["Mombasa"] for o, d, _s in got)


def test_a_later_clause_continues_from_the_earlier_one_and_keeps_its_own_status(gaz, ids):
    got = legs_of("The passengers were driven on to a bus stop near Mombasa, and many said they planned to "
                  "continue to Nairobi.", gaz)
    assert (ids["Mombasa"], ids["Nairobi"], "planned") in got
    assert not any(d == ids["Nairobi"] and s == "happened" for _o, d, s in got)


def test_a_count_or_a_demonym_is_a_mover(gaz, ids):
    assert (None, ids["Mombasa"], "happened") in legs_of("About 500 Indians had reached Mombasa by then.", gaz)
    assert (None, ids["Kenya"], "happened") in legs_of("Of those, 640 had already reached Kenya, he said.", gaz)


def test_a_count_that_is_not_a_mover_gives_no_leg(gaz):
    assert legs_of("In 2016 prices had reached record levels in Nairobi.", gaz) == []
    assert legs_of("The road runs 40 km to Kisumu.", gaz) == []


def test_more_on_the_way_is_under_way_to_the_same_place_only_in_the_same_sentence(gaz, ids):
    got = legs_of("About 500 Indians had reached Mombasa by then, with more on the way, the minister said.", gaz)
    assert (None, ids["Mombasa"], "under_way") in got
    got = legs_of("Of those, 640 had already reached Kenya and 850 were still on the road, he said.", gaz)
    assert (None, ids["Kenya"], "under_way") in got
    # a later sentence about time spent on the road is no new movement to the last place
    got = legs_of("About 500 Indians had reached Mombasa. Some said they had spent 24 hours on the road.", gaz)
    assert [s for _o, _d, s in got] == ["happened"]


def test_a_new_counted_subject_starts_a_new_clause(gaz, ids):
    got = legs_of("At least 20,000 people had fled into Uganda and about 4,000 refugees had gone home to Tanzania.",
                  gaz)
    assert (None, ids["Uganda"], "happened") in got
    assert (None, ids["Tanzania"], "happened") in got


def test_came_through_a_crossing_ends_the_leg_there(gaz, ids):
    got = legs_of("The port authority said 8,897 people came through Mombasa and 1,297 through Kisumu last week.", gaz)
    assert (None, ids["Mombasa"], "happened") in got and (None, ids["Kisumu"], "happened") in got
    # with a destination after it, "through" stays a via
    got = legs_of("Their convoy passed through Mombasa on its way to Kisumu.", gaz)
    assert [d for _o, d, _s in got] == [ids["Kisumu"]]


def test_a_sentence_opening_with_from_names_the_origin(gaz, ids):
    assert legs_of("From Mombasa the evacuees will be flown to Nairobi, officials said.", gaz) == [
        (ids["Mombasa"], ids["Nairobi"], "planned")]
    assert legs_of("From the outset, officials said the talks in Nairobi were difficult.", gaz) == []


def test_transitive_verbs_with_an_object_and_back_to(gaz, ids):
    assert (None, ids["Mombasa"], "happened") in legs_of("A convoy of vehicles had taken the group to Mombasa.", gaz)
    got = legs_of("Buses left for Mombasa on Thursday and brought about 2,000 people back to Nairobi, she said.", gaz)
    assert (ids["Mombasa"], ids["Nairobi"], "happened") in got
    assert (None, ids["Istanbul"], "planned") not in legs_of(
        "They will then be flown home from Nairobi to Istanbul.", gaz)
    assert (ids["Nairobi"], ids["Istanbul"], "planned") in legs_of(
        "They will then be flown home from Nairobi to Istanbul.", gaz)


def test_flying_on_starts_from_the_town_not_from_its_country(gaz, ids):
    got = legs_of("The airlift runs from Kisumu to Mombasa airport in Kenya, where evacuees are processed "
                  "before flying on to Istanbul.", gaz)
    assert (ids["Mombasa"], ids["Istanbul"], "happened") in got
    assert (ids["Kenya"], ids["Istanbul"], "happened") not in got


def test_under_its_control_names_the_speaking_actor(gaz, ids):
    got = claims_of("When fighting began, the Taliban said Kandahar's airport and the air base at Mombasa were "
                    "under its control; the army denied it.", gaz)
    assert (ids["Kandahar"], "Taliban", None) in got and (ids["Mombasa"], "Taliban", None) in got
    # the road to a place is not the place
    assert claims_of("The army said the road to Kandahar was under its control.", gaz) == []


def test_kept_under_blockade(gaz, ids):
    assert (ids["Kandahar"], "besieged", "Taliban") in claims_of(
        "Fuel is scarce in Kandahar, which the Taliban kept under blockade for nine months.", gaz)


def test_an_order_extended_by_it_names_the_zone_of_each_place(gaz):
    text = ("Pinellas County issued a mandatory evacuation order for zone A on Monday. It added the rest of zone B "
            "and, in the first expansion to reach zone C, the zone C parts of Largo west of the highway.")
    got = claims_of(text, gaz)
    largo = {m.place_id for m in find_mentions(_article(text), gaz) if m.surface == "Largo"}
    assert largo and {(p, ctrl) for p, ctrl, _b in got if p in largo} == {(*largo, "mandatory evacuation zone C")}
    # the county that issues the order is under it for the zone it names (as the Ian corpus's gold has it)
    assert all(ctrl == "mandatory evacuation zone A" for p, ctrl, _b in got if p not in largo)
    # "It" with no zone named is not an extension of the order
    assert not [c for c in claims_of("Pinellas County issued a mandatory evacuation order for zone A on Monday. It "
                                     "added that shelters in Largo were open.", gaz) if c[0] in largo]


def test_coordinated_origins_each_give_a_leg(gaz, ids):
    got = legs_of("A further 43 staff had already been taken from Kisumu and Mombasa, in the west, into "
                  "neighbouring Uganda, the UN added.", gaz)
    assert (ids["Kisumu"], ids["Uganda"], "happened") in got and (ids["Mombasa"], ids["Uganda"], "happened") in got
    # "between X and Y" stays origin and destination
    assert legs_of("French planes made two round trips between Kisumu and Nairobi on Monday.", gaz) == [
        (ids["Kisumu"], ids["Nairobi"], "happened")]


def test_waiting_somewhere_to_drive_on_is_a_planned_leg_from_there(gaz, ids):
    assert legs_of("He said 35 buses were waiting in Mombasa for clearance to drive to Nairobi.", gaz) == [
        (ids["Mombasa"], ids["Nairobi"], "planned")]
    assert legs_of("Residents waiting in Mombasa for news said the storm had passed.", gaz) == []


def test_the_context_origin_is_never_the_destination_itself(gaz, ids):
    text = ("The ship had sailed overnight from Mombasa. "
            "A convoy of vehicles had taken the group to Mombasa to board.")
    assert (None, ids["Mombasa"], "happened") in legs_of(text, gaz)


def test_flew_home_goes_to_the_country_of_the_people_named(gaz, ids):
    got = legs_of("By Tuesday the authorities had brought back 1,539 Kenyans: 323 flew home on military planes from "
                  "the airports of Mombasa and Kisumu, and 1,216 came by road.", gaz)
    assert (ids["Mombasa"], ids["Kenya"], "happened") in got and (ids["Kisumu"], ids["Kenya"], "happened") in got
    # an explicit destination wins; nobody named, no home guessed
    assert legs_of("About 300 Kenyans flew home from Nairobi to Kandahar on Monday.", gaz) == [
        (ids["Nairobi"], ids["Kandahar"], "happened")]
    assert legs_of("The minister went home after the meeting in Nairobi.", gaz) == []
    assert legs_of("Kenyans and Ugandans flew home from Nairobi.", gaz) == [(ids["Nairobi"], None, "happened")]


def test_movements_from_one_origin_in_opposite_directions_are_separate_routes(gaz, ids):
    from evacmap.geo.routes import build_routes

    text = ("Buses took 300 people from Nairobi to Mombasa on Monday. "
            "On Tuesday 200 people were flown from Nairobi to Kandahar.")
    a = _article(text)
    legs = extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz)
    routes = build_routes(legs, gaz, None)
    with_dest = [r for r in routes if any(lg.to_id for lg in r.legs)]
    assert len(with_dest) == 2
    for r in with_dest:
        assert not {ids["Mombasa"], ids["Kandahar"]} <= set(r.waypoints), r.label


def test_the_point_of_entry_is_where_the_leg_ends(gaz, ids):
    assert legs_of("More than 40,000 people have now crossed from Uganda into Kenya near Kisumu, the minister said.",
                   gaz) == [(ids["Uganda"], ids["Kisumu"], "happened")]
    assert (None, ids["Mombasa"], "happened") in legs_of("The convoy passed into Kenya at the town of Mombasa.", gaz)
    # "near" after an arrival that is not an entry says where the place is, not where they went
    assert legs_of("The evacuees reached Mombasa near the coast.", gaz) == [(None, ids["Mombasa"], "happened")]


def test_a_movement_with_no_origin_starts_where_the_article_says_the_movement_there_did(gaz, ids):
    """Not at the article's most frequent origin: at the origin another sentence gives for the same place."""
    got = legs_of("Staff were taken from Kisumu into Uganda. About 700 staff reached Mombasa on Monday. "
                  "Another 300 staff arrived in Mombasa after a drive from Nairobi. Others were taken from Kisumu "
                  "into Tanzania.", gaz)
    assert (ids["Nairobi"], ids["Mombasa"], "happened") in got
    assert not any(o == ids["Kisumu"] and d == ids["Mombasa"] for o, d, _s in got)


def test_the_pluperfect_backstory_of_a_movement_ends_where_it_did(gaz, ids):
    got = legs_of("A ship carrying 1,600 people docked at the naval base in Mombasa on Wednesday. The ship had "
                  "sailed overnight from Kisumu.", gaz)
    assert (ids["Kisumu"], ids["Mombasa"], "happened") in got
    # without the pluperfect, a sentence naming only an origin is not sent to the last destination
    got = legs_of("A ship docked at the naval base in Mombasa on Wednesday. Other ships sail from Kisumu.", gaz)
    assert (ids["Kisumu"], None, "happened") in got


def test_from_x_then_an_appositive_then_to_y(gaz, ids):
    got = legs_of("The airlift runs from Kisumu, a city about 300 kilometres from Nairobi, to Mombasa.", gaz)
    assert (ids["Kisumu"], ids["Mombasa"], "happened") in got
    assert not any(d == ids["Nairobi"] for _o, d, _s in got)


def test_a_facility_of_a_named_body_before_the_place(gaz, ids):
    got = legs_of("The convoy set out from the UN headquarters in Nairobi and reached Mombasa.", gaz)
    assert (ids["Nairobi"], ids["Mombasa"], "happened") in got


def test_people_from_x_who_headed_somewhere_to_stay(gaz, ids):
    got = legs_of("One man from Nairobi said his street had flooded, so he headed east to stay with family in "
                  "Mombasa.", gaz)
    assert (ids["Nairobi"], ids["Mombasa"], "happened") in got
    # people from a place who did not move are no leg
    assert legs_of("One man from Nairobi said his street had flooded and he wanted to stay in Mombasa.", gaz) == []


def test_a_country_crossed_on_the_way_is_no_waypoint_of_the_line(gaz, ids):
    """"left X, crossed into <country> and drove on to Y": the line runs X -> Y, not through the middle of the
    country, and its length is the geodesic X -> Y."""
    from pyproj import Geod

    from evacmap.geo.routes import build_routes

    text = "The convoy left Kisumu, crossing into Tanzania and driving on to Mombasa."
    a = _article(text)
    legs = extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz)
    [leg] = [lg for r in build_routes(legs, gaz, None) for lg in r.legs if lg.to_id == ids["Mombasa"]]
    assert ids["Tanzania"] in leg.via
    k, m = gaz.get(ids["Kisumu"]), gaz.get(ids["Mombasa"])
    coords = list(leg.geometry.coords)
    assert coords[0] == (k.lon, k.lat) and coords[-1] == (m.lon, m.lat)
    direct = Geod(ellps="WGS84").inv(k.lon, k.lat, m.lon, m.lat)[2] / 1000
    assert abs(leg.length_km - direct) <= 0.01 * direct


@pytest.mark.parametrize("text, status", [
    ("The evacuees are to leave Kisumu for Mombasa on Friday.", "planned"),
    ("Buses are scheduled to take residents from Kisumu to Mombasa.", "planned"),
    ("Officials announced a humanitarian corridor from Kisumu to Mombasa.", "planned"),
    ("Hundreds of evacuees left Kisumu along a humanitarian corridor and arrived in Mombasa.", "happened"),
    ("A convoy carrying 300 evacuees was on the way to Mombasa from Kisumu.", "under_way"),
])
def test_the_status_of_a_movement_comes_from_its_words(gaz, ids, text, status):
    got = legs_of(text, gaz)
    assert (ids["Kisumu"], ids["Mombasa"], status) in got, got
    assert all(s == status for _o, _d, s in got)


@pytest.mark.parametrize("text", [
    "Civilians were unable to leave Kisumu for Mombasa.",
    "The convoy from Kisumu was turned back before it reached Mombasa.",
    "Residents could not leave Kisumu for Mombasa because of the shelling.",
])
def test_a_movement_that_did_not_happen_is_no_leg(gaz, text):
    assert legs_of(text, gaz) == []


def _legs(text: str, gaz) -> list[Leg]:
    a = _article(text)
    return extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz)


def test_one_clause_to_several_destinations_gives_a_leg_to_each(gaz, ids):
    """"put on buses to X and Y", "have gone to X, Y and Z": every coordinated place is a destination."""
    got = legs_of("Families who had taken shelter at the stadium in Mombasa were put on buses to Nairobi and "
                  "Kisumu.", gaz)
    assert {(ids["Mombasa"], ids["Nairobi"], "happened"), (ids["Mombasa"], ids["Kisumu"], "happened")} <= set(got)
    three = {d for _o, d, _s in legs_of("Most evacuees have gone to Nairobi, Kisumu and Kandahar.", gaz)}
    assert {ids["Nairobi"], ids["Kisumu"], ids["Kandahar"]} <= three


def test_a_town_and_its_country_are_not_two_destinations(gaz, ids):
    got = legs_of("The refugees were driven to Mombasa, Kenya, on Monday.", gaz)
    assert [d for _o, d, _s in got] == [ids["Mombasa"]]


def test_a_direction_along_a_named_road_is_a_movement_without_a_named_mover(gaz, ids):
    """"lines of traffic heading south on Highway 7 toward X": under way to X; mode road."""
    [leg] = _legs("Long lines of traffic were heading south on Highway 7 toward Nairobi as the sky darkened.", gaz)
    assert (leg.destination, leg.status, leg.mode) == (ids["Nairobi"], "under_way", "road")


def test_a_described_destination_is_kept_by_name_not_located(gaz, ids):
    """"drove north on Route 9 toward the work camps beyond the city": the destination is listed as written."""
    legs = _legs("Authorities ordered everyone in Mombasa to leave on Tuesday. Many residents drove north on Route "
                 "9 toward the work camps beyond the city.", gaz)
    assert (legs[0].origin, legs[0].destination) == (ids["Mombasa"], None)
    camp = legs[-1]
    assert (camp.destination, camp.destination_text, camp.mode) == (None, "the work camps beyond the city", "road")


def test_flown_out_starts_at_the_place_the_sentence_is_about(gaz, ids):
    [leg] = _legs("Kisumu was put under a voluntary evacuation order on Saturday, and about 200 residents who were "
                  "elderly were flown out.", gaz)
    assert (leg.origin, leg.destination, leg.mode) == (ids["Kisumu"], None, "air")


def test_an_origin_named_but_not_located_is_not_replaced_by_the_articles_origin(gaz, ids):
    """"Flights from the camps to X": the leg keeps "the camps" as its origin's words and borrows no place."""
    legs = _legs("Thousands fled Mombasa on Tuesday. Flights from the camps to Nairobi and Kisumu continued.", gaz)
    flights = [leg for leg in legs if leg.destination in (ids["Nairobi"], ids["Kisumu"])]
    assert len(flights) == 2
    assert all(leg.origin is None and leg.origin_text == "the camps" and leg.mode == "air" for leg in flights)


def test_the_month_may_does_not_make_a_movement_planned(gaz, ids):
    [leg] = _legs("NAIROBI, May 3 — Thousands fled Mombasa on Tuesday.", gaz)
    assert leg.status == "happened"


def test_a_fire_that_reached_a_town_is_no_movement_of_people(gaz):
    assert legs_of("The fire covered 101,000 hectares on Friday and reached Kisumu.", gaz) == []


def test_where_some_movers_sheltered_is_not_the_origin_of_the_others(gaz, ids):
    """"Evacuees who had taken shelter in X were bused to Y" starts at X; "They landed in Z" and "Most have
    gone to Y" in later sentences do not borrow X."""
    got = legs_of("Evacuees who had taken shelter at the school in Mombasa were put on buses to Nairobi. Later a "
                  "family landed in Kisumu. Most evacuees have gone to Nairobi.", gaz)
    assert (ids["Mombasa"], ids["Nairobi"], "happened") in got
    assert (None, ids["Kisumu"], "happened") in got
    assert (None, ids["Nairobi"], "happened") in got


def test_people_of_a_town_who_fled_left_that_town(gaz, ids):
    """An article that names no origin but speaks of "<town> evacuees": "who fled north ... sheltering in camps,
    including at X" left the town for X; a movement with no departure verb ("They landed in Y") takes nothing."""
    got = legs_of("Officials began moving Mombasa evacuees out of the camps on Thursday. About 5,000 people who fled "
                  "north on Tuesday have been sheltering in industry camps, including at Kisumu. They landed in "
                  "Nairobi.", gaz)
    assert (ids["Mombasa"], ids["Kisumu"], "happened") in got
    assert (None, ids["Nairobi"], "happened") in got


def test_brought_out_after_a_sentence_not_about_evacuating_a_place_does_not_start_there(gaz):
    got = legs_of("An airliner parked at Kisumu was hit by gunfire, and its crew were brought out by sea.", gaz)
    assert got == []


def test_flights_that_continued_are_under_way(gaz, ids):
    assert legs_of("Flights from the camps to Nairobi continued through the weekend.", gaz) == [
        (None, ids["Nairobi"], "under_way")]


@pytest.mark.parametrize("text, origin, destination", [
    ("More than half of Kenya's population has now left for Uganda, officials said.", "Kenya", "Uganda"),
    ("Thousands of Kenya's residents had already fled to Uganda by Friday.", "Kenya", "Uganda"),
    ("Most residents of Kisumu have now fled to Nairobi.", "Kisumu", "Nairobi"),
])
def test_the_people_of_a_place_leave_it(gaz, ids, text, origin, destination):
    assert legs_of(text, gaz) == [(ids[origin], ids[destination], "happened")]


@pytest.mark.parametrize("text, destination", [
    ("People in Kisumu, Eldoret and Kitale, in the hills west of Nairobi, were told to leave on Thursday and travel "
     "to Mombasa.", "Mombasa"),
    ("Residents in Kisumu were ordered to leave and head to Nairobi.", "Nairobi"),
])
def test_people_in_a_place_told_to_leave_leave_that_place(gaz, ids, text, destination):
    """"People in X, Y and Z, in the hills west of W, were told to leave ... and travel to D": X (the first place
    of the subject) is the origin, not W of the description, and the leg is planned (they were told to)."""
    assert legs_of(text, gaz) == [(ids["Kisumu"], ids[destination], "planned")]


@pytest.mark.parametrize("text", [
    # the people of a place are the subject of another verb: the one who left is someone else
    "Kenya's people have elected a new president who left for Uganda.",
    # the place whose residents act is where the others went
    "Residents of Nairobi welcomed families who had fled to Nairobi.",
])
def test_the_people_of_a_place_doing_something_else_are_no_origin(gaz, ids, text):
    assert [leg[0] for leg in legs_of(text, gaz)] in ([], [None])


@pytest.mark.parametrize("text, origin", [
    ("On Friday, in the centre of Kisumu, families who had arrived that morning sat on their bundles, waiting to be "
     "transferred to Nairobi.", "Kisumu"),
    ("In Kisumu, hundreds of families were waiting to be taken to Nairobi.", "Kisumu"),
    # where officials speak is no origin of a movement they report
    ("In Kisumu, officials said families were flown to Nairobi.", None),
    # another place comes between: the opening place is not surely where they wait
    ("At Kisumu, officials said the families waiting at Mombasa were waiting to be taken to Nairobi.", "not Kisumu"),
])
def test_a_sentence_opening_place_is_where_people_wait_for_a_transfer(gaz, ids, text, origin):
    [(got, destination, _status)] = legs_of(text, gaz)
    assert destination == ids["Nairobi"]
    if origin == "not Kisumu":
        assert got != ids["Kisumu"]
    else:
        assert got == (ids[origin] if origin else None)


@pytest.mark.parametrize("text, origin", [
    ("A ferry pulled up to the jetty in Mombasa on Sunday carrying residents of Lamu.", "Lamu"),
    ("Boats brought families to the jetty in Mombasa.", None),
])
def test_boats_pull_up_at_a_jetty_in_a_town_carrying_the_people_of_another(gaz, ids, text, origin):
    lamu = place_id_of(gaz, "Lamu")
    [(got, destination, status)] = legs_of(text, gaz)
    assert (got, destination, status) == (lamu if origin else None, ids["Mombasa"], "happened")


@pytest.mark.parametrize("text, expected", [
    # where a fire, storm or flood goes is no destination of people
    ("Last evacuees leave the camps as fire crosses into Kisumu.", []),
    ("The fire crossed into Kisumu on Sunday.", []),
    ("Families drove to Nairobi after the floodwaters reached Kisumu.", [(None, "Nairobi", "happened")]),
    ("The hurricane made landfall near Mombasa and residents fled to Nairobi.", [(None, "Nairobi", "happened")]),
    ("Residents of Kisumu fled to Mombasa as the fire spread.", [("Kisumu", "Mombasa", "happened")]),
])
def test_what_a_hazard_reaches_is_no_destination(gaz, ids, text, expected):
    want = [(ids[o] if o else None, ids[d] if d else None, st) for o, d, st in expected]
    assert legs_of(text, gaz) == want


def test_the_story_origin_is_no_origin_of_a_movement_into_its_own_region(gaz, ids):
    """Aid rolling into the county of the town people fled is not a movement out of that town."""
    text = ("KISUMU, Kenya — Thousands of families fled Kisumu for Nairobi on Tuesday as the lake flooded. "
            "On Wednesday, aid convoys were rolling into Kisumu County.")
    legs = legs_of(text, gaz)
    assert (ids["Kisumu"], ids["Nairobi"], "happened") in legs
    into_county = [leg for leg in legs if leg[1] not in (ids["Nairobi"],)]
    assert into_county and all(leg[0] is None for leg in into_county)


def test_an_arrival_from_a_place_goes_to_the_article_reception_place(gaz, ids):
    text = ("Families fleeing the fighting in Uganda crossed into Kenya on Monday. More buses reached Kenya on "
            "Tuesday. Officials said 4,200 people had now arrived from Uganda.")
    got = legs_of(text, gaz)
    assert (ids["Uganda"], ids["Kenya"], "happened") in got
    assert got.count((ids["Uganda"], ids["Kenya"], "happened")) >= 2  # the arrival sentence's own leg too
    assert (ids["Uganda"], None, "happened") not in got


def test_a_reception_place_named_once_is_not_enough(gaz, ids):
    text = "Families fleeing Uganda crossed into Kenya on Monday. Officials said 4,200 people had arrived from Uganda."
    got = legs_of(text, gaz)
    assert got.count((ids["Uganda"], ids["Kenya"], "happened")) == 1  # the crossing only
    assert (ids["Uganda"], None, "happened") in got  # the arrival: where to is not said


def test_an_arrival_from_inside_the_reception_place_gets_no_destination(gaz, ids):
    text = "Buses reached Kenya on Monday. More reached Kenya on Tuesday. Officials said 300 people had arrived from Kisumu."
    assert (ids["Kisumu"], ids["Kenya"], "happened") not in legs_of(text, gaz)


def test_a_settlement_named_by_its_kind_is_the_origin_and_an_order_to_leave_is_planned(gaz, ids):
    """Written sentences: "left the town of X", "the seaside resort of X" name X as where people left; "told tourists
    to leave X" and "were told to leave X" say what an order asks, not that anyone has gone."""
    assert legs_of("Tourists left the coastal town of Mombasa on Thursday.", gaz) == [(ids["Mombasa"], None, "happened")]
    assert legs_of("Officials told tourists to leave the seaside resort of Mombasa on Thursday.", gaz) == [
        (ids["Mombasa"], None, "planned")]
    assert legs_of("Tourists were told to leave Mombasa by Thursday evening.", gaz) == [(ids["Mombasa"], None, "planned")]
    # people who asked to leave themselves are no order
    assert legs_of("Every Briton who had asked to leave was flown from Mombasa to Nairobi.", gaz) == [
        (ids["Mombasa"], ids["Nairobi"], "happened")]


def test_the_verb_after_a_relative_clause_that_moved_its_subject_goes_on_from_where_it_ended(gaz, ids):
    """Written sentence: "aid workers who had been bused from X to Y landed in Z" is two stages, X -> Y and then
    Y -> Z; the flight did not start at X."""
    text = ("A charter plane carrying 80 aid workers who had been bused from Kisumu to Nairobi landed in Istanbul "
            "on Monday, the airline said.")
    got = legs_of(text, gaz)
    assert (ids["Kisumu"], ids["Nairobi"], "happened") in got
    assert (ids["Nairobi"], ids["Istanbul"], "happened") in got
    assert (ids["Kisumu"], ids["Istanbul"], "happened") not in got


def test_a_person_who_arrived_somewhere_is_a_mover(gaz, ids):
    """Written sentence: "who" names a person, so "<name>, who arrived at X" is an arrival at X even though no
    word for evacuees or vehicles comes before it."""
    got = legs_of("Amina Otieno of Kisumu, who arrived at Mombasa with her two sons, said the road was empty.", gaz)
    assert any(dest == ids["Mombasa"] for _o, dest, _s in got), got


def test_a_ship_waiting_off_a_place_takes_people_from_there_only_when_they_board(gaz, ids):
    """Written sentences: a ship "anchored off X to take on" people, or lying off X while boats carry people
    out to it, takes them from X; a ship that only lies off a place moves no one."""
    got = legs_of("A Kenyan navy ship anchored off Mombasa on Friday to take on about 700 stranded tourists.", gaz)
    assert [o for o, _d, _s in got] == [ids["Mombasa"]], got
    text = ("On Friday a ferry lay off Mombasa while fishing boats carried Britons and Germans out to it for the "
            "crossing to Istanbul.")
    assert (ids["Mombasa"], ids["Istanbul"], "happened") in legs_of(text, gaz)
    assert legs_of("A Kenyan navy ship lay off Mombasa on Friday during the storm.", gaz) == []


def test_a_state_or_city_that_evacuated_its_people_is_where_they_left(gaz):
    """Written sentences: a first-level region or a city as the subject of "evacuated N people" is a government
    acting for its own people, who left places inside it; a country so named evacuated its citizens from abroad
    and is no origin, nor is a region that is not the subject."""
    florida, nairobi = place_id_of(gaz, "Florida"), place_id_of(gaz, "Nairobi")
    assert legs_of("MIAMI - Florida evacuated 2 million residents ahead of the storm, the governor said.", gaz) == [
        (florida, None, "happened")]
    assert legs_of("On Friday Nairobi moved 4,000 residents to schools on higher ground.", gaz) == [
        (nairobi, None, "happened")]
    assert legs_of("Kenya evacuated 300 people on Friday, the ministry said.", gaz) == []
    assert legs_of("Storms in Florida evacuated 300 people on Friday.", gaz) == []


def test_people_sent_somewhere_are_a_movement_but_troops_or_aid_are_not(gaz, ids):
    """Written sentences: "send up to 600 more to X" moves people; "sent 300 troops", "sent 20 tonnes of food"
    do not."""
    assert legs_of("The ministry hopes to send up to 600 more to Istanbul by ferry.", gaz) == [
        (None, ids["Istanbul"], "planned")]
    assert legs_of("The ministry will send 300 more tourists to Kisumu by bus.", gaz) == [(None, ids["Kisumu"], "planned")]
    assert legs_of("Kenya sent 300 troops to Kisumu on Friday.", gaz) == []
    assert legs_of("The agency sent 20 tonnes of food to Kisumu on Friday.", gaz) == []


def test_people_a_place_held_who_then_left_left_that_place(gaz, ids):
    """Written sentences: a place said to hold a number of people, and in the next sentence a counted subject who
    left with no place of its own: they left that place. Not when the count is two sentences away, nor when the
    departing clause names a place of its own."""
    text = ("The Coast General Hospital in Mombasa had about 500 patients when the storm hit, officials said. "
            "On Sunday, 120 patients who could walk left on buses.")
    assert legs_of(text, gaz) == [(ids["Mombasa"], None, "happened")]
    text = ("Mombasa had about 500 patients when the storm hit, officials said. The roads were empty. "
            "On Sunday, 120 patients who could walk left on buses.")
    assert legs_of(text, gaz) == []
    text = ("Mombasa had about 500 patients when the storm hit, officials said. "
            "On Sunday, 120 patients left Kisumu on buses.")
    assert [o for o, _d, _s in legs_of(text, gaz)] == [ids["Kisumu"]]


@pytest.mark.parametrize("text, origin, dest", [
    # the main verb after "those who reached X" goes on from X
    ("Those who reached Kisumu were then taken by bus to Nairobi.", "Kisumu", "Nairobi"),
    # "spent the night in X before driving on to Y": a stage from X
    ("They spent the night in Kisumu before driving on to Nairobi.", "Kisumu", "Nairobi"),
    # a destination described as near a place ("camps east of X") is drawn at that place, as "near X" is
    ("Buses ferried residents from Mombasa to camps east of Nairobi.", "Mombasa", "Nairobi"),
    # "took refuge in" names where people went; "residents of X who escaped" where they left
    ("Residents of Mombasa who escaped the flood took refuge in Nairobi.", "Mombasa", "Nairobi"),
    # "rescued from the beach at X": a place named by a part of it
    ("Most of the 1,200 people rescued from the beach at Mombasa were taken to Nairobi.", "Mombasa", "Nairobi"),
    # a place that "received N evacuees" is where they went
    ("Kisumu received 1,200 evacuees on Monday, the governor said.", None, "Kisumu"),
    # "for the Ugandan border at X": the border post is in X
    ("Some 2,000 people left Nairobi by bus for the Ugandan border at Kisumu.", "Nairobi", "Kisumu"),
])
def test_common_ways_news_says_where_people_went(gaz, ids, text, origin, dest):
    """Written sentences, each a general way of saying where a movement went or started."""
    assert (ids[origin] if origin else None, ids[dest], "happened") in legs_of(text, gaz)


@pytest.mark.parametrize("text", ["Kisumu received 40 mm of rain on Monday.", "Kisumu received 1,200 tents on Monday."])
def test_a_place_that_received_no_people_is_no_destination(gaz, text):
    assert legs_of(text, gaz) == []


def test_a_demonym_before_a_role_word_names_the_side(gaz, ids):
    """Written sentences: "Ugandan troops encircled X" is besieged by Uganda, not by "the state side" that bare
    "troops" names; "Ugandan troops regained control of X" and "Taliban fighters hold X" say who holds X; a
    side "backed" by a country is not that country."""
    assert claims_of("Ugandan troops encircled Kisumu on Monday.", gaz) == [(ids["Kisumu"], "besieged", "Uganda")]
    assert claims_of("Ugandan troops regained control of Kisumu on Monday.", gaz) == [(ids["Kisumu"], "Uganda", None)]
    assert claims_of("The army regained control of Kisumu on Monday.", gaz) == [(ids["Kisumu"], "government", None)]
    assert claims_of("Taliban fighters still hold Kandahar.", gaz) == [(ids["Kandahar"], "Taliban", None)]
    assert all(c[1] != "Uganda" for c in claims_of("Ugandan-backed militias took control of Kisumu on Monday.", gaz))
    assert claims_of("Taliban fighters still control parts of Kandahar.", gaz) == []


@pytest.mark.parametrize("text, place, words", [
    ("Evacuation orders were issued for Kisumu on Thursday.", "Kisumu", "evacuation ordered"),
    ("An evacuation order is in effect for Kisumu.", "Kisumu", "evacuation ordered"),
    ("Residents of Kisumu were told to evacuate.", "Kisumu", "evacuation ordered"),
    ("Residents of Kisumu were urged to evacuate before Monday.", "Kisumu", "evacuation advised"),
    ("Officials ordered 180,000 people to leave Kisumu on Sunday.", "Kisumu", "evacuation ordered"),
    ("An evacuation warning is in effect for Kisumu.", "Kisumu", "evacuation warning"),
    ('Authorities issued a "leave now" warning for Kisumu.', "Kisumu", "evacuation warning, leave now"),
    ("A shelter-in-place order was issued for Kisumu after the chemical leak.", "Kisumu", "stay-indoors order"),
    ("Residents of Kisumu were told to stay indoors and keep windows closed.", "Kisumu", "stay-indoors order"),
    ("Residents of Kisumu were urged to stay indoors.", "Kisumu", "stay-indoors advised"),
])
def test_orders_warnings_and_advice_in_the_words_news_uses(gaz, ids, text, place, words):
    """Written sentences: a passive order ("orders were issued for X"), an order to the residents of X, advice
    ("urged to evacuate") and warnings are each read with their own words: a warning or advice orders nothing."""
    assert claims_of(text, gaz) == [(ids[place], words, None)]


def test_a_lifted_order_is_no_order(gaz):
    assert claims_of("The county lifted the evacuation order for Kisumu on Friday.", gaz) == []


def test_people_ordered_to_leave_a_place_have_not_left_yet(gaz, ids):
    assert legs_of("Officials ordered 180,000 people to leave Kisumu on Sunday.", gaz) == [(ids["Kisumu"], None, "planned")]


def test_a_ship_docking_at_a_town_arrives_there(gaz, ids):
    """"..., docking at X with 400 evacuees": the participle is an arrival as "docked at X" is."""
    assert legs_of("The freighter followed, docking at Mombasa at dawn with 400 evacuees.", gaz) == [
        (None, ids["Mombasa"], "happened")]


@pytest.mark.parametrize("text, claim", [
    ("Civilians left the besieged city of Kandahar on foot.", ("besieged", None)),
    ("Kandahar, which has been under siege since March, ran out of food.", ("besieged", None)),
    ("Kandahar was recaptured by government forces in May.", ("government", None)),
])
def test_a_siege_or_a_recapture_in_the_words_news_uses(gaz, ids, text, claim):
    """Written sentences: "the besieged city of X", "X, which has been under siege" (by whom not said) and "X was
    recaptured by <actor>"."""
    assert claims_of(text, gaz) == [(ids["Kandahar"], *claim)]


def test_an_evacuation_from_a_place_rebels_once_seized_is_still_an_evacuation(gaz, ids):
    """Written sentence: "evacuations from X, which rebels seized in 2012": the seizure is X's backstory, not an
    advance that moves no one."""
    got = legs_of("The envoy hoped to see the start of evacuations from Kisumu, which rebels seized in 2012.", gaz)
    assert [o for o, _d, _s in got] == [ids["Kisumu"]]


def test_an_island_named_by_its_kind_and_a_barracks_in_a_town_are_destinations(gaz, ids):
    """Written sentences: "to the neighbouring island of X" names X as where people went, as "the seaside resort of X"
    does; "to an army barracks in X" is a facility in X, as "an army base in X" is."""
    zanzibar = place_id_of(gaz, "Zanzibar")
    assert legs_of("About 300 tourists were taken by ferry from Mombasa to the neighbouring island of Zanzibar.",
                   gaz) == [(ids["Mombasa"], zanzibar, "happened")]
    assert legs_of("Fifty patients were taken from Kisumu to an army barracks in Nairobi on Sunday.", gaz) == [
        (ids["Kisumu"], ids["Nairobi"], "happened")]


def test_a_lava_flow_heading_for_a_town_is_no_movement_of_people(gaz, ids):
    """Written sentences: a lava flow or an ash cloud that moves is a hazard's track, as a fire's or a storm's is."""
    assert legs_of("The flow is heading for Nairobi, where hundreds of houses are at risk, the mayor said.", gaz) == []
    assert legs_of("A new lava flow has reached Kisumu.", gaz) == []


def test_a_known_organisation_of_several_words_is_no_place(gaz, ids):
    """Written sentence: "Red Cross staff" is the organisation (corpus/data/organisations.json), not the village of
    Red Cross, North Carolina; the town in the same sentence is still found."""
    text = "Fifty people were taken to Nairobi, where Red Cross staff received them."
    a = _article(text)
    got = {m.surface: m.place_id for m in find_mentions(a, gaz)}
    assert got == {"Nairobi": ids["Nairobi"]}, got
    assert legs_of(text, gaz) == [(None, ids["Nairobi"], "happened")]


def test_a_way_out_that_stayed_closed_is_no_movement(gaz):
    from test_routes import _written_legs

    assert _written_legs("The Rafah crossing into Egypt remained closed on Saturday, officials said.", gaz) == []
    assert _written_legs("The border crossing into Egypt stayed shut.", gaz) == []
    assert [leg.destination for leg in _written_legs("Hundreds used the Rafah crossing into Egypt on Saturday.", gaz)] \
        == ["ne:EGY"]
