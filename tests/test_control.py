"""Control claims from the text checked against zone files (the sample's, and ones written here), and the
spatial joins: places in zones, zones as GeoJSON with their places, claims and mismatches."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from evacmap.corpus.articles import load_corpus
from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.geo.control import check_against_zones, control_claims, corpus_control_claims
from evacmap.geo.joins import claims_in_zones, places_in_zones, zones_json
from evacmap.geo.zones import ZoneFileError, load_zones, zones_on

ROOT = Path(__file__).resolve().parents[1]
ZONES = ROOT / "corpus" / "samples" / "aleppo-2016" / "zones" / "control-2016-12-15.geojson"


@pytest.fixture(scope="module")
def claims(gaz):
    return corpus_control_claims(load_corpus(), gaz)


@pytest.fixture(scope="module")
def checks(claims, zones, gaz):
    return check_against_zones(claims, zones, gaz)


def claims_of(text, gaz):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    return control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="SY"))


def find(claims, phrase):
    found = [c for c in claims if phrase in c.phrase]
    assert found, [c.phrase for c in claims]
    return found


# ------------------------------------------------------------------------------------- the sample's claims

@pytest.mark.parametrize("article, phrase, place, controller", [
    ("004", "government-held Ramussa", "ramouseh", "government"),
    ("001", "neighbouring rebel-held Idlib province", "idlib_governorate", "opposition"),
    ("003", "rebel-controlled area in the neighboring province of Idlib", "idlib_governorate", "opposition"),
    ("000", "besieged eastern Aleppo", "eastern_aleppo", "besieged"),
    ("002", "the government holding the west", "western_aleppo", "government"),
    ("002", "rebels holding many neighborhoods in the east", "eastern_aleppo", "opposition"),
    ("004", "rebel-controlled east", "eastern_aleppo", "opposition"),
    ("004", "government-held west", "western_aleppo", "government"),
    ("004", "rebel-held territory in the west of Aleppo province", "western_aleppo_countryside", "opposition"),
    ("003", "parts of eastern Aleppo are still under rebel control", "eastern_aleppo", "opposition"),
])
def test_sample_claims(claims, article, phrase, place, controller):
    [claim] = [c for c in find(claims, phrase) if c.article.startswith(article)]
    assert (claim.place_id, claim.controller) == (place, controller)
    assert claim.text in load_corpus().article(claim.article).text
    assert claim.outlet != "unknown"


def test_shiite_villages_surrounded_by_rebels(claims):
    found = find(claims, "long been surrounded by Sunni rebels")
    assert {(c.place_id, c.controller, c.besieged_by) for c in found} == {
        ("fuah", "besieged", "opposition"), ("kafriya", "besieged", "opposition")}
    assert {c.article[:3] for c in found} == {"002"}


def test_claim_ids_unique_and_stable(claims, gaz):
    assert len({c.id for c in claims}) == len(claims)
    again = corpus_control_claims(load_corpus(), gaz)
    assert [c.id for c in again] == [c.id for c in claims]


def test_sample_claims_agree_with_the_sample_zones(checks):
    by_phrase = {(c["phrase"], c["place_id"]): c for c in checks}
    assert by_phrase[("government-held Ramussa", "ramouseh")]["zone_id"] == "aleppo-government"
    assert by_phrase[("neighbouring rebel-held Idlib province", "idlib_governorate")]["zone_id"] == "idlib-opposition"
    fua = [c for c in checks if c["place_id"] == "fuah"]
    assert fua and all(c["zone_id"] == "fuah-kafriya" and c["agree"] for c in fua)
    besieged = by_phrase[("besieged eastern Aleppo", "eastern_aleppo")]
    assert besieged["agree"] and besieged["zone_id"] == "aleppo-east-enclave"
    for c in checks:
        assert c["agree"] is True, c  # every control claim of the sample fits the drawn zones
        assert c["reason"]


# ------------------------------------------------------------------------------------------ mismatches

def test_written_mismatches_are_reported(gaz, zones):
    claims = claims_of("Rebel-held Ramouseh was quiet, while government-held Idlib was shelled.", gaz)
    assert {(c.place_id, c.controller) for c in claims} == {("ramouseh", "opposition"), ("idlib_city", "government")}
    checks = check_against_zones(claims, zones, gaz)
    assert [c["agree"] for c in checks] == [False, False]
    ramouseh = next(c for c in checks if c["place_id"] == "ramouseh")
    assert ramouseh["zone_id"] == "aleppo-government"
    assert "the text says opposition" in ramouseh["reason"] and "aleppo-government" in ramouseh["reason"]


def test_besieged_by_the_wrong_side_is_a_mismatch(gaz, zones):
    claims = claims_of("Kafriya has long been besieged by government forces.", gaz)
    [claim] = claims
    assert (claim.place_id, claim.controller, claim.besieged_by) == ("kafriya", "besieged", "government")
    [check] = check_against_zones(claims, zones, gaz)
    assert check["agree"] is False and check["zone_id"] == "fuah-kafriya"


def test_place_outside_every_zone(gaz, zones):
    claims = claims_of("Government-held Damascus was calm.", gaz)
    [check] = check_against_zones(claims, zones, gaz)
    assert check["agree"] is None and "outside every zone" in check["reason"]


def test_region_agrees_through_its_extent(gaz, zones):
    # the province's point is in opposition-held Idlib, but the besieged enclave lies inside its extent
    claims = claims_of("Besieged Idlib province was shelled.", gaz)
    [check] = check_against_zones(claims, zones, gaz)
    assert check["agree"] is True and check["zone_id"] == "fuah-kafriya"
    assert check["point_zone_id"] == "idlib-opposition" and "extent" in check["reason"]


def test_a_users_zone_file_can_contradict_the_text(tmp_path, gaz, claims):
    # a real zone file, written here: Ramouseh drawn as opposition-held on 15 Dec
    doc = {"type": "FeatureCollection", "features": [{
        "type": "Feature",
        "geometry": {"type": "Polygon", "coordinates": [[[37.11, 36.14], [37.15, 36.14], [37.15, 36.165],
                                                         [37.11, 36.165], [37.11, 36.14]]]},
        "properties": {"id": "ramouseh-rebel", "controller": "opposition", "label": "Ramouseh (test)",
                       "valid_from": "2016-12-15", "valid_to": None, "source": "test", "confidence": "low",
                       "approximate": True}}]}
    path = tmp_path / "zones.geojson"
    path.write_text(json.dumps(doc))
    zones = zones_on(load_zones([path]), "2016-12-15")
    [check] = [c for c in check_against_zones(claims, zones, gaz) if c["phrase"] == "government-held Ramussa"]
    assert check["agree"] is False and check["zone_id"] == "ramouseh-rebel"
    fc = zones_json(zones, [gaz.get("ramouseh")], check_against_zones(claims, zones, gaz))
    props = fc["features"][0]["properties"]
    assert props["places"] == ["ramouseh"]
    assert [m["phrase"] for m in props["mismatches"]] == ["government-held Ramussa"]
    assert props["mismatches"][0]["outlet"] == "Al Jazeera"


def test_a_broken_zone_file_is_refused(tmp_path):
    path = tmp_path / "bad.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [{
        "type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[37, 36], [37.1, 36], [37, 36.1],
                                                                            [37, 36]]]},
        "properties": {"controller": "", "label": "x", "valid_from": "2016-12-15", "valid_to": None,
                       "source": "x", "confidence": "low", "approximate": True}}]}))
    with pytest.raises(ZoneFileError, match="controller"):
        load_zones([path])


# ------------------------------------------------------------------------------------------ spatial joins

def test_places_in_zones(gaz, zones):
    ids = ["amiriyah", "sukkari", "ramouseh", "western_aleppo", "fuah", "kafriya", "idlib_city",
           "western_aleppo_countryside", "damascus", "turkey"]
    inside = places_in_zones([gaz.get(i) for i in ids], zones)
    assert inside == {
        "amiriyah": "aleppo-east-enclave", "sukkari": "aleppo-east-enclave", "ramouseh": "aleppo-government",
        "western_aleppo": "aleppo-government", "fuah": "fuah-kafriya", "kafriya": "fuah-kafriya",
        "idlib_city": "idlib-opposition", "western_aleppo_countryside": "western-aleppo-countryside",
        "damascus": None, "turkey": None}


def test_claims_in_zones(claims, zones, gaz, checks):
    inside = claims_in_zones(claims, zones, gaz)
    assert set(inside) == {c.id for c in claims}
    ramussa = next(c.id for c in claims if c.phrase == "government-held Ramussa")
    assert inside[ramussa] == "aleppo-government"
    # the verdicts rest on the same zones, except where a region's extent decided
    for check in checks:
        assert check["point_zone_id"] == inside[check["claim"]]


def test_zones_json_carries_places_claims_and_mismatches(gaz, zones, claims, checks):
    places = [gaz.get(i) for i in ("amiriyah", "ramouseh", "fuah", "kafriya", "idlib_city")]
    fc = zones_json(zones, places, checks)
    json.dumps(fc)
    assert fc["type"] == "FeatureCollection" and len(fc["features"]) == len(zones)
    props = {f["properties"]["id"]: f["properties"] for f in fc["features"]}
    assert props["aleppo-east-enclave"]["places"] == ["amiriyah"]
    assert props["aleppo-east-enclave"]["controller"] == "opposition"
    assert props["fuah-kafriya"]["places"] == ["fuah", "kafriya"]
    assert props["idlib-opposition"]["places"] == ["idlib_city"]
    ramussa = next(c.id for c in claims if c.phrase == "government-held Ramussa")
    assert ramussa in props["aleppo-government"]["claims"]
    assert all(p["mismatches"] == [] for p in props.values())
    for f in fc["features"]:
        assert f["geometry"]["type"] in {"Polygon", "MultiPolygon"}
        assert {"label", "valid_from", "valid_to", "source", "confidence", "approximate"} <= set(f["properties"])


# ---------------------------------------------------------------------- any actor, any conflict or disaster

def claims_in(text, gaz, focus):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    return control_claims(a, split_sentences(text), find_mentions(a, gaz, focus=focus), gaz)


@pytest.mark.parametrize("focus, text, controller", [
    ("UA", "Shelling hit the Russian-held southern half of Kherson overnight.", "Russia"),
    ("AF", "Families slipped out of a Taliban-controlled neighbourhood of west Kunduz at dawn.", "Taliban"),
    ("UA", "Food ran short in Russian-occupied areas of Mariupol.", "Russia"),
    ("UA", "Russian-held eastern districts of Kherson lost power.", "Russia"),
])
def test_a_part_of_a_place_held_by_an_actor(gaz, focus, text, controller):
    """"the <actor>-held <part> of X": a half, side, neighbourhood or areas of a place held by an actor say who
    holds (that part of) the place, as "the <actor>-held district of X" does."""
    claims = claims_in(text, gaz, focus)
    assert [c.controller for c in claims] == [controller], claims




@pytest.mark.parametrize("text, place, controller, issuer", [
    ("On Monday the government urged civilians in Bakhmut and the villages near it to leave.", "Bakhmut",
     "evacuation advised", "the government"),
    ("The governor ordered families in Pokrovsk to leave by Friday.", "Pokrovsk", "evacuation ordered", "the governor"),
])
def test_people_in_a_place_urged_or_ordered_to_leave(gaz, text, place, controller, issuer):
    """"urged|ordered <people> in X (and ...) to leave": advice or an order covering X, with who gave it."""
    claims = claims_in(text, gaz, "UA")
    assert [(gaz.get(c.place_id).name, c.controller, c.issued_by) for c in claims] == [(place, controller, issuer)]


def test_people_in_a_place_urged_to_stay_are_under_no_order(gaz):
    assert claims_in("The army asked people in Kherson to stay.", gaz, "UA") == []


@pytest.mark.parametrize("focus, text, controller", [
    ("UA", "The battle for Kherson, a port on the Dnipro, which Russian forces captured in March, is over.", "Russia"),
    ("UA", "Residents returned to Irpin, which Ukrainian troops retook in March.", "Ukraine"),
    ("AF", "Families fled Kunduz, which Taliban fighters overran on Sunday.", "Taliban"),
])
def test_a_place_which_an_actor_captured(gaz, focus, text, controller):
    """"X, (an apposition,) which <actor> (forces) captured|overran|retook": the relative clause says who took X."""
    assert [c.controller for c in claims_in(text, gaz, focus)] == [controller]


@pytest.mark.parametrize("focus, text", [
    ("UA", "Buses left Kherson, which many people had fled in March."),
    ("UA", "Families reached Lviv, which Russian missiles hit on Monday."),
])
def test_a_relative_clause_of_no_taking_says_nothing_of_who_holds(gaz, focus, text):
    assert claims_in(text, gaz, focus) == []


@pytest.mark.parametrize("focus, text, controller, besieged_by", [
    ("UA", "Russian-held Mariupol was shelled again.", "Russia", None),
    ("UA", "Kherson remained under Ukrainian control on Monday.", "Ukraine", None),
    ("AF", "Taliban-controlled Kunduz fell quiet.", "Taliban", None),
    ("AF", "Kandahar, the movement's birthplace, was held by the Taliban.", "Taliban", None),
    ("AF", "Kabul is under the control of the Taliban.", "Taliban", None),
    ("UA", "Bakhmut was besieged by Russian forces.", "besieged", "Russia"),
    ("UA", "Sievierodonetsk was cut off after the last bridge fell.", "cut off", None),
    ("SD", "The RSF said it had taken control of Omdurman.", "Rapid Support Forces", None),
    ("UA", "The cars passed a Russian checkpoint at Vasylivka before dawn.", "Russia", None),
    ("UA", "Kherson has been under Russian occupation since March.", "Russia", None),
    ("UA", "Russian forces captured Kherson in March.", "Russia", None),
    ("UA", "In March Ukrainian troops recaptured the town of Irpin.", "Ukraine", None),
    # what the place is called between the verb and its name ("the northern city of"), and "fell to"
    ("AF", "Taliban fighters took control of the northern city of Kunduz on Sunday.", "Taliban", None),
    ("UA", "Russian forces captured the southern port city of Berdiansk.", "Russia", None),
    ("AF", "Sheberghan, the capital of Jowzjan province, fell to the insurgents on Saturday.", "opposition", None),
])
def test_any_actor_controls_a_place(gaz, focus, text, controller, besieged_by):
    """Controllers come from data (countryinfo demonyms, corpus/data/actors.csv), for any conflict."""
    claims = claims_in(text, gaz, focus)
    assert [(c.controller, c.besieged_by) for c in claims] == [(controller, besieged_by)], claims


def test_an_evacuation_order_covers_the_places_named_after_it(gaz):
    claims = claims_in("Lee County told everyone living in mandatory evacuation zone A to leave. The order takes "
                       "in Sanibel and Fort Myers Beach.", gaz, "US")
    names = {gaz.get(c.place_id).name for c in claims if c.controller == "mandatory evacuation zone A"}
    assert {"Sanibel", "Fort Myers Beach"} <= names


def test_a_checkpoint_near_a_place_says_nothing_of_who_holds_it(gaz):
    assert claims_in("The cars passed a Russian checkpoint near Vasylivka before dawn.", gaz, "UA") == []


def test_a_place_that_adopts_the_order_is_covered_by_it(gaz):
    claims = claims_in("The county ordered a mandatory evacuation of zone A on Tuesday. The city of Sarasota, most "
                       "of which lies in zone B, adopted the county order.", gaz, "US")
    assert [(gaz.get(c.place_id).name, c.controller) for c in claims] == [("Sarasota", "mandatory evacuation zone B")]
    assert claims_in("The city of Sarasota adopted the county order.", gaz, "US") == []  # no order named before


def test_ordered_evacuations_for_places(gaz):
    claims = claims_in("On Tuesday officials ordered evacuations for Sanibel and Fort Myers Beach.", gaz, "US")
    assert {(gaz.get(c.place_id).name, c.controller) for c in claims} == {
        ("Sanibel", "evacuation ordered"), ("Fort Myers Beach", "evacuation ordered")}


def test_an_order_does_not_cover_where_people_went_nor_a_whole_state(gaz):
    claims = claims_in("TAMPA, Fla. - One man said his building sat in a mandatory evacuation zone, so he headed north "
                       "to stay with family in Valdosta.", gaz, "US")
    assert claims == []


def test_people_who_reached_a_place_do_not_hold_it(gaz):
    assert claims_in("Ukrainian refugees reached Kherson in March.", gaz, "UA") == []


def test_an_unknown_word_is_no_actor(gaz):
    assert claims_in("Well-held Kherson was quiet. Kherson is under curfew control.", gaz, "UA") == []


def test_corpus_aliases_name_an_actor(gaz):
    from evacmap.corpus.actors import corpus_actors

    text = "Wagnerite-held Bakhmut was quiet."
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    actors = corpus_actors({"Wagner Group": ["Wagnerite"]})
    [claim] = control_claims(a, split_sentences(text), find_mentions(a, gaz, focus="UA"), gaz, actors)
    assert claim.controller == "Wagner Group"


def test_a_zone_of_any_actor_agrees_with_the_text(gaz, tmp_path):
    path = tmp_path / "ru.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [{
        "type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[37.3, 46.9], [37.8, 46.9], [37.8, 47.3],
                                                                            [37.3, 47.3], [37.3, 46.9]]]},
        "properties": {"id": "mariupol", "controller": "Russian", "label": "Mariupol", "valid_from": "2022-05-20",
                       "valid_to": None, "source": "test", "confidence": "low", "approximate": True}}]}))
    zones = load_zones([path])
    claims = claims_in("Russian-held Mariupol was quiet. Ukrainian-held Mariupol was quiet.", gaz, "UA")
    checks = check_against_zones(claims, zones, gaz)
    assert [(c["claimed"], c["agree"]) for c in checks] == [("Russia", True), ("Ukraine", False)]


def test_an_evacuation_order_in_the_text_is_checked_against_the_zones_order(gaz, tmp_path):
    path = tmp_path / "orders.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": [{
        "type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[-82.3, 26.3], [-81.9, 26.3], [-81.9, 26.6],
                                                                            [-82.3, 26.6], [-82.3, 26.3]]]},
        "properties": {"id": "zone-a", "controller": "mandatory evacuation zone A", "label": "Zone A",
                       "valid_from": "2022-09-27", "valid_to": None, "source": "test", "confidence": "low",
                       "approximate": True}}]}))
    zones = load_zones([path])
    claims = claims_in("On Tuesday officials ordered evacuations for Sanibel. Sanibel was placed under a mandatory "
                       "evacuation order for zone B.", gaz, "US")
    checks = check_against_zones(claims, zones, gaz)
    assert [(c["claimed"], c["agree"]) for c in checks] == [("evacuation ordered", True),
                                                            ("mandatory evacuation zone B", False)]


def _dated_claims(text, gaz, focus, published):
    import datetime as dt

    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test",
                published=dt.date.fromisoformat(published))
    return control_claims(a, split_sentences(text), find_mentions(a, gaz, focus=focus), gaz)


def test_an_order_to_leave_covers_the_town_and_says_who_gave_it_and_when(gaz):
    """"<authority> ordered everyone in <town> to leave on <weekday>": the town is under an evacuation order,
    given by the subject of the verb, on the weekday before publication."""
    claims = _dated_claims("Officials in northern California ordered everyone in Redding to leave on Thursday as the "
                           "fire jumped the river.", gaz, "US", "2018-07-28")
    [claim] = [c for c in claims if gaz.get(c.place_id).name == "Redding"]
    assert (claim.controller, claim.issued_by, claim.date) == (
        "evacuation ordered", "officials in northern California", "2018-07-26")


def test_an_order_to_leave_a_radius_covers_the_places_it_is_drawn_around(gaz):
    """"ordered everyone living within 5 km of <place> to leave", "told people within 2 miles of the derailment
    in <town> to evacuate": a radius order covers the place it is drawn around, as "everyone in <town>" does;
    and "the order was extended to ... covering <towns>" then extends it to the towns named."""
    # the dateline's city, 50 km off, is where the story was filed, not inside the radius
    claims = _dated_claims("REYKJAVIK (Nordic Wire) - Police ordered everyone living within 5 kilometres of "
                           "Grindavik to leave on Friday as magma rose under the peninsula.", gaz, "IS", "2023-11-12")
    assert {(gaz.get(c.place_id).name, c.controller, c.date) for c in claims} == {
        ("Grindavík", "evacuation ordered", "2023-11-10")}
    claims = _dated_claims("The fire chief told people within 2 miles of the derailment in East Palestine to evacuate "
                           "on Sunday. Later the order was extended to everyone within 3 miles, covering Lisbon and "
                           "Columbiana.", gaz, "US", "2023-02-07")
    got = {gaz.get(c.place_id).name for c in claims if c.controller == "evacuation ordered"}
    assert {"East Palestine", "Lisbon", "Columbiana"} <= got


def test_a_passive_order_names_no_issuer_and_takes_its_own_weekday(gaz):
    """"a mandatory evacuation order was issued late on Monday for X and Y": both places, no issuer (the
    sentence names none), dated to the Monday."""
    claims = _dated_claims("A mandatory evacuation order was issued late on Monday for Redding and Chico, about "
                           "3,000 homes.", gaz, "US", "2018-07-28")
    got = {(gaz.get(c.place_id).name, c.controller, c.issued_by, c.date) for c in claims}
    assert {("Redding", "mandatory evacuation", None, "2018-07-23"),
            ("Chico", "mandatory evacuation", None, "2018-07-23")} <= got


def test_notices_and_a_voluntary_order_are_zone_statements(gaz):
    claims = _dated_claims("By noon residents of Redding had received mandatory evacuation notices. Chico was "
                           "put under a voluntary evacuation order on Friday.", gaz, "US", "2018-07-28")
    assert {(gaz.get(c.place_id).name, c.controller, c.date) for c in claims} == {
        ("Redding", "mandatory evacuation", "2018-07-27"), ("Chico", "voluntary evacuation", "2018-07-27")}
    # the undated first sentence is of the story's day: the first day the article names (Friday), as for claims
    assert all(c.issued_by is None for c in claims)


def test_the_issuer_is_named_in_an_active_or_by_phrase(gaz):
    active = _dated_claims("On Tuesday the Shasta County Sheriff ordered evacuations for Redding.", gaz, "US",
                           "2018-07-28")
    assert {c.issued_by for c in active} == {"the Shasta County Sheriff"}
    passive = _dated_claims("A mandatory evacuation order for Redding was issued by the county sheriff on Tuesday.",
                            gaz, "US", "2018-07-28")
    assert [(c.controller, c.issued_by) for c in passive] == [("mandatory evacuation", "the county sheriff")]


def test_told_residents_to_leave_with_no_place_is_no_order_for_the_sentences_places(gaz):
    """"Lee County officials faced questions about when they told residents to leave" looks back at an order;
    it names no place it covers, and its day would be the article's."""
    assert _dated_claims("Lee County officials faced growing questions about when they told residents to leave.", gaz,
                         "US", "2022-10-05") == []


# ------------------------------------------------------------------- "the crossing": a named feature restated

def _with_places(text: str, places: dict[str, str]):
    """Control claims of ``text`` with the mentions ``places`` (surface -> place id) at their first position,
    as the gazetteer or a corpus's places.csv would give them."""
    from evacmap.corpus.model import Mention

    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    mentions = []
    for surface, pid in places.items():
        at = text.index(surface)
        mentions.append(Mention("t", at, at + len(surface), surface, pid))
    return control_claims(a, split_sentences(text), sorted(mentions, key=lambda m: m.start))


def test_the_noun_of_a_named_feature_refers_back_to_it():
    text = ("Buses from Gaza reached the Rafah crossing on Monday. The crossing has been under Egyptian control "
            "since the morning, officials said.")
    claims = _with_places(text, {"Rafah crossing": "rafah_crossing"})
    assert [(c.place_id, c.controller) for c in claims if "crossing" in c.phrase] == [("rafah_crossing", "Egypt")]


def test_an_appositive_gives_a_place_its_noun():
    text = ("The flights leave from Wadi Seidna, an airfield about 40 kilometres north of Khartoum. "
            "The airfield is under Sudanese control, the brigadier said.")
    claims = _with_places(text, {"Wadi Seidna": "wadi_seidna", "Khartoum": "khartoum"})
    assert [(c.place_id, c.controller) for c in claims] == [("wadi_seidna", "Sudan")]


def test_the_latest_feature_with_that_noun_is_meant():
    text = ("Trucks first queued at the Salloum crossing, then many drove on to the Argeen crossing. "
            "The crossing has been under Egyptian control since Friday.")
    claims = _with_places(text, {"Salloum crossing": "salloum", "Argeen crossing": "argeen"})
    assert [c.place_id for c in claims] == ["argeen"]


@pytest.mark.parametrize("text", [
    # no earlier place carries the noun: "the crossing" is not guessed to be Rafah
    "Buses from Gaza reached Rafah on Monday. The crossing has been under Egyptian control since the morning.",
    # "the crossing at X" names another crossing, it does not restate the one before
    "Buses reached the Rafah crossing on Monday. The crossing at Kerem has been under Egyptian control since May.",
])
def test_no_antecedent_no_place(text):
    claims = _with_places(text, {"Rafah": "rafah"} if "Rafah crossing" not in text else {"Rafah crossing": "rafah"})
    assert [c for c in claims if c.place_id == "rafah"] == []


# --------------------------------------------------------- "the enclave", "its only road link": areas restated

def _world_claims(text, world):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="Test")
    return control_claims(a, split_sentences(text), find_mentions(a, world), world)


def test_the_territory_refers_back_to_the_area_named_before(world):
    text = ("Aid trucks waited for days before entering the Gaza Strip from Egypt. "
            "The territory has been under Hamas control since 2007, officials said.")
    [gaza] = [p.id for p in world.candidates("Gaza Strip")]
    claims = _world_claims(text, world)
    assert [(c.place_id, c.controller) for c in claims] == [(gaza, "Hamas")]


@pytest.mark.parametrize("text", [
    # the places before are a city and a country: "the territory" is not guessed to be either
    "Buses left Gaza City for Egypt on Monday. The territory has been under Hamas control since 2007.",
    # "the territory of X" introduces X; it does not restate the area before
    "Aid entered the Gaza Strip on Monday. The territory of Sinai has been under Egyptian control since 1982.",
])
def test_an_area_description_with_no_area_before_names_no_place(text, world):
    gaza = {p.id for p in world.candidates("Gaza Strip")}
    assert [c for c in _world_claims(text, world) if c.place_id in gaza] == []


def test_an_actor_that_blockaded_its_road_link_besieges_the_subject_before(world):
    text = ("Abkhazia has been held by separatist forces since 1993. "
            "Georgia had blockaded its only road link to the coast, local officials said.")
    [abkhazia] = [p.id for p in world.candidates("Abkhazia")]
    claims = _world_claims(text, world)
    assert (abkhazia, "besieged", "Georgia") in [(c.place_id, c.controller, c.besieged_by) for c in claims]


@pytest.mark.parametrize("text", [
    # the sentence before begins with a country: "its" is not read as a besieged place
    "Armenia took in the families on Sunday. Azerbaijan had blockaded its only road link to the north.",
    # the sentence before does not begin with its place ("Officials said ... in Abkhazia"): nothing is guessed
    "Officials said the families lived in Abkhazia. Georgia had blockaded its only road link to the coast.",
])
def test_its_road_link_with_no_subject_place_before_is_no_siege(text, world):
    assert [c for c in _world_claims(text, world) if c.controller == "besieged"] == []


@pytest.mark.parametrize("text, controller", [
    ("Flights left from Kandahar, which lies in an area controlled by the Taliban, on Monday.", "Taliban"),
    ("Flights left from Kandahar, which lay deep in a Taliban-held area, on Monday.", "Taliban"),
    ("Officials said on Monday that Kandahar was in a zone held by the army.", "government"),
])
def test_a_place_in_an_area_an_actor_holds_is_held_by_it(text, controller):
    claims = _with_places(text, {"Kandahar": "kandahar"})
    assert [(c.place_id, c.controller) for c in claims] == [("kandahar", controller)]


def test_a_place_in_an_area_nobody_is_said_to_hold_has_no_controller():
    claims = _with_places("Flights left from Kandahar, which lay in a safe area, on Monday.", {"Kandahar": "kandahar"})
    assert claims == []


def test_the_airstrip_restates_a_place_the_text_called_an_airfield():
    text = ("The flights leave from Wadi Seidna, an airfield north of Khartoum. The commander said the airstrip "
            "lay in a safe area controlled by the army.")
    claims = _with_places(text, {"Wadi Seidna": "wadi_seidna", "Khartoum": "khartoum"})
    assert [(c.place_id, c.controller) for c in claims] == [("wadi_seidna", "government")]


def test_the_crossing_restates_a_place_the_gazetteer_files_as_a_crossing(world):
    """"Bab al-Hawa" is named without the noun; the gazetteer knows it is a crossing, so "the crossing" is it."""
    text = ("Trucks queued for two days at Bab al-Hawa before the border opened. "
            "The crossing has been under Turkish control since the morning, drivers said.")
    claims = _world_claims(text, world)
    assert [(c.place_id, c.controller) for c in claims if "rossing" in c.phrase] == [("bab_al_hawa", "Turkey")]


def test_the_crossing_is_not_a_town_named_before(world):
    text = ("Trucks queued for two days at Idlib before the border opened. "
            "The crossing has been under Turkish control since the morning, drivers said.")
    assert [c for c in _world_claims(text, world) if "rossing" in c.phrase] == []


@pytest.mark.parametrize("text", [
    "Israeli warships, which have kept Lebanon's ports under blockade since Thursday, let the destroyer leave.",
    "Israel has kept Lebanon under a naval blockade since July.",
])
def test_an_actor_that_kept_a_place_or_its_ports_under_blockade_besieges_it(text, world):
    lebanon = {p.id for p in world.candidates("Lebanon")}
    claims = _world_claims(text, world)
    assert any(c.place_id in lebanon and c.controller == "besieged" and c.besieged_by == "Israel" for c in claims)


# ---------------------------------------------------------------------- rings, advice, staying indoors

@pytest.mark.parametrize("text, controller, issuer", [
    # advice is no order, and says how far it reaches
    ("The United States on Wednesday advised its citizens living within 50 miles (80 km) of Grindavik to "
     "evacuate.", "evacuation advised, within 50 miles", "the United States"),
    # a ring between two distances, told to stay indoors: no evacuation
    ("Prime Minister Naoto Kan told people living between 20 and 30 km from Grindavik to stay indoors on "
     "Tuesday.", "stay-indoors order, 20-30 km", "Prime Minister Naoto Kan"),
])
def test_a_ring_around_a_place_is_an_order_or_advice_for_that_place_alone(gaz, text, controller, issuer):
    claims = claims_in("REYKJAVIK - " + text, gaz, "IS")
    assert [(gaz.get(c.place_id).name, c.controller, c.issued_by) for c in claims] == \
        [("Grindavík", controller, issuer)], claims


def test_a_zone_widened_around_a_place_extends_the_last_order_named(gaz):
    order = "Police ordered everyone living within 5 km of Grindavik to leave. "
    widened = "The zone around Vogar was also widened to 10 km from 3 km, officials said."
    claims = claims_in(order + widened, gaz, "IS")
    assert ("Vogar", "evacuation ordered, widened to 10 km") in {(gaz.get(c.place_id).name, c.controller)
                                                                  for c in claims}
    assert claims_in(widened, gaz, "IS") == []  # no order named before: a zone of what, the text does not say


def test_advice_and_stay_indoors_orders_are_worded_as_what_they_are():
    from evacmap.geo.zones import order_status, zone_status

    assert order_status("evacuation advised, within 50 miles") == "under an evacuation advisory (within 50 miles)"
    assert zone_status("stay-indoors order, 20-30 km") == "under a stay-indoors order (20-30 km)"
    assert order_status("evacuation ordered, widened to 10 km") == "under an evacuation order (widened to 10 km)"
    assert zone_status("evacuation warning, leave now") == "under an evacuation warning (leave now)"


def test_a_group_told_to_leave_a_named_place_puts_that_place_under_an_order(gaz):
    """"<authority> told tourists to leave the seaside resort of <town>", "Tourists were told to leave <town>":
    the place named after "leave" is under an evacuation order (the active names who gave it, the passive nobody);
    the sentence's other places are not covered."""
    claims = _dated_claims("Officials in Florida told tourists to leave the beach town of Destin on Thursday and head "
                           "to Pensacola.", gaz, "US", "2018-10-12")
    assert {(gaz.get(c.place_id).name, c.controller, c.issued_by) for c in claims} == {
        ("Destin", "evacuation ordered", "officials in Florida")}
    claims = _dated_claims("Visitors were told to leave Key West by Sunday evening.", gaz, "US", "2017-09-07")
    assert {(gaz.get(c.place_id).name, c.controller, c.issued_by) for c in claims} == {
        ("Key West", "evacuation ordered", None)}


def test_a_group_told_with_its_count_and_day_to_get_out_of_a_place_puts_it_under_an_order(gaz):
    """"told tens of thousands of campers on Friday to get out of <place>": a count before the group and the day
    between it and the verb do not hide the order."""
    claims = _dated_claims("The state fire chief told tens of thousands of campers on Friday to get out of Redding.",
                           gaz, "US", "2018-07-28")
    assert {(gaz.get(c.place_id).name, c.controller) for c in claims} == {("Redding", "evacuation ordered")}


def test_a_group_in_named_places_told_to_leave_puts_those_places_under_an_order(gaz):
    """"Residents in <A> and <B>, in the hills east of <C>, were told to leave": A and B, not C."""
    claims = _dated_claims("Residents in Paradise and Magalia, in the hills east of Chico, were told to leave on "
                           "Thursday.", gaz, "US", "2018-11-10")
    assert {gaz.get(c.place_id).name for c in claims} == {"Paradise", "Magalia"}


def test_an_evacuation_order_in_force_for_a_place_covers_that_place(gaz):
    """"An evacuation order was already in force for <A>, in the forest north of <C>": A, not C."""
    claims = _dated_claims("An evacuation order was already in force for Magalia, in the forest north of Chico.",
                           gaz, "US", "2018-11-10")
    assert {(gaz.get(c.place_id).name, c.controller) for c in claims} == {("Magalia", "evacuation ordered")}


def test_the_authorities_ordered_the_evacuation_of_named_places(gaz):
    """"ordered the evacuation of four villages, among them <A> and <B>": with "the", as without it ("ordered
    evacuations for <A>"), the places named are under an evacuation order."""
    claims = _dated_claims("Two hours later the county ordered the evacuation of three towns, among them Paradise and "
                           "Magalia.", gaz, "US", "2018-11-09")
    assert {(gaz.get(c.place_id).name, c.controller) for c in claims} == {
        ("Paradise", "evacuation ordered"), ("Magalia", "evacuation ordered")}


def test_a_group_ordered_on_a_weekday_to_leave_puts_its_place_under_an_order(gaz):
    """"Residents of <A>, <description>, were ordered on Tuesday to leave", "Visitors were told on Sunday to leave
    <A>": the day between the verb and "to leave" does not hide the order, and dates it."""
    claims = _dated_claims("Between 700 and 800 residents of Magalia, a town in the hills above Chico, were ordered "
                           "on Tuesday to leave their homes.", gaz, "US", "2018-11-08")
    assert {(gaz.get(c.place_id).name, c.controller, str(c.date)) for c in claims} == {
        ("Magalia", "evacuation ordered", "2018-11-06")}
    claims = _dated_claims("Visitors were told on Sunday to leave Key West.", gaz, "US", "2017-09-07")
    assert {(gaz.get(c.place_id).name, c.controller) for c in claims} == {("Key West", "evacuation ordered")}


def test_an_order_or_warning_known_by_its_quoted_name_says_what_the_name_asks(gaz):
    """'Level 3 "Go Now" orders remained in effect for X, Y and Z' puts each under an order to leave; 'W was placed
    under a Level 2 "Be Set" warning' under a warning; a quoted name that asks nothing of leaving or staying in
    ('"Red Flag" warnings') is no evacuation."""
    text = ('GRANTS PASS - Level 3 "Go Now" orders remained in effect for Cave Junction, Kerby and Selma late Tuesday, '
            'while Merlin was placed under a Level 2 "Be Set" warning. "Red Flag" warnings were in effect for Medford.')
    got = {(gaz.get(c.place_id).name, c.controller) for c in claims_in(text, gaz, "US")}
    assert got == {("Cave Junction", "evacuation ordered"), ("Kerby", "evacuation ordered"),
                   ("Selma", "evacuation ordered"), ("Merlin", "evacuation warning")}, got


def test_an_order_covers_the_places_of_its_own_clause_and_a_zone_added_to_an_order_is_that_zone(gaz):
    """"<County> ordered residents of zones A, B and C to leave, and <County 2> added zone C to its order": the
    first county issued an order for zones A, B and C; the second's order covers zone C only, not A and B."""
    text = ("TAMPA, Fla. - Pinellas County ordered residents of zones A, B and C to leave by Tuesday evening, and "
            "Hillsborough County added zone C to its order.")
    got = {(gaz.get(c.place_id).name, c.controller, c.issued_by) for c in claims_in(text, gaz, "US")}
    assert got == {("Pinellas County", "mandatory evacuation zones A, B and C", "Pinellas County"),
                   ("Hillsborough County", "mandatory evacuation zone C", None)}, got


def test_places_told_to_evacuate_or_their_people_by_county_are_under_an_order(gaz):
    """"Nearly 190,000 people in Butte, Yuba and Sutter counties were ordered to evacuate": each county; "Yuba City
    and Marysville, about 40 miles south, were also told to evacuate": the towns themselves. People of a kind
    "in X" who were told to leave ("Reporters in X") are no order for X."""
    text = ("OROVILLE, Calif. - Nearly 190,000 people in Butte, Yuba and Sutter counties were ordered to evacuate on "
            "Sunday. Yuba City and Marysville, about 40 miles south, were also told to evacuate. Reporters in Chico "
            "were told to leave the levee.")
    got = {(gaz.get(c.place_id).name, c.controller) for c in claims_in(text, gaz, "US")}
    assert got == {("Butte County", "evacuation ordered"), ("Yuba County", "evacuation ordered"),
                   ("Sutter County", "evacuation ordered"), ("Yuba City", "evacuation ordered"),
                   ("Marysville", "evacuation ordered")}, got


def test_people_told_to_move_out_of_a_place_put_it_under_an_order(gaz):
    text = ("KHAN YOUNIS - The army told the 1.1 million people in northern Gaza to move south within 24 hours. "
            "Another group told residents of Rafah to stay in their homes.")
    got = {(gaz.get(c.place_id).name, c.controller) for c in claims_in(text, gaz, "PS")}
    assert ("Gaza", "evacuation ordered") in got, got
