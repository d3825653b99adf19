"""The general rules behind claims, each tested on sentences written for the rule (not the sample's):
scope, modality, the places a claim is about, events by verb, lists, comparison of like with like,
speakers of any country, and outlet/date conventions."""
from __future__ import annotations

import datetime as dt

import pytest

from evacmap.corpus.attribution import find_attribution
from evacmap.corpus.claim_places import claim_places, dateline_end
from evacmap.corpus.claims import clauses, extract_claims
from evacmap.corpus.compare import compare_claims
from evacmap.corpus.events import classify
from evacmap.corpus.metadata import detect_outlet, detect_published, is_caption
from evacmap.corpus.model import Article, Claim, Mention, Quantity, Sentence
from evacmap.corpus.quantities import parse_quantities
from evacmap.corpus.scope import clause_scope, modality, quantity_scope
from evacmap.corpus.sentences import split_sentences


@pytest.mark.parametrize(("text", "scope"), [
    ("The first convoy of 12 buses left Mariupol at dawn.", "first_convoy"),
    ("The operation began with a convoy of 30 trucks.", "first_convoy"),
    ("The first flight carried 240 passengers.", "first_batch"),
    ("A third batch of 400 evacuees reached the port.", "third_convoy"),
    ("The first two flights brought out 500 people.", "first_two"),
    ("Some 12,000 people have been evacuated so far.", "cumulative"),
    ("By Tuesday night 3,000 people had crossed the border.", "cumulative"),
    ("The airlift carried a total of 900 people.", "total"),
    ("About 2,000 people are leaving the city each day.", "daily"),
    ("Rescuers pulled 14 people from the rubble.", None),
    # a running total since a date, whatever the day's number of digits
    ("The navy had taken 6,310 people off the island since Feb. 14.", "cumulative"),
    ("The navy had taken 6,310 people off the island since Feb. 4.", "cumulative"),
])
def test_clause_scope(text, scope):
    assert clause_scope(text, counted=True) == scope


def test_a_numbers_own_scope_part_remainder_target_population():
    def scope_of(text, number, prev=0):
        i = text.index(number)
        return quantity_scope(text, i, i + len(number), prev)

    t = "There are 8,000 people in the camp, including 3,000 children, and the remaining 5,000 will stay."
    assert scope_of(t, "8,000") == "total" and scope_of(t, "3,000") == "part"
    assert scope_of(t, "5,000", t.index("3,000") + 5) == "remainder"
    assert scope_of("The slow start means the goal of 20,000 evacuees will not be met.", "20,000") == "target"
    assert scope_of("The airlift started for hundreds of stranded students.", "hundreds") == "population"
    # a count over the last 24 hours is that day's, though the clause also gives a running total
    t = "Ferries took 2,300 people off the coast in the 24 hours to Sunday noon, bringing the total to 9,800."
    # the day window is the 2,300's own; the tally is the 9,800's alone (not a cue for the whole clause)
    assert scope_of(t, "2,300") == "daily" and clause_scope(t, counted=True) is None
    assert scope_of(t, "9,800", t.index("2,300") + 5) == "cumulative"  # the total the clause brings it to is not
    assert scope_of("Over the past 24 hours, 640 people were flown out.", "640") == "daily"
    # "of them" after a number is that number's: the next number of the list is no part
    t = "Trains carried about 1,200 of them and 48 buses carried the rest."
    assert scope_of(t, "48", t.index("1,200") + 5) is None


@pytest.mark.parametrize(("text", "mood"), [
    ("The remaining residents will be taken to Zaporizhzhia.", "planned"),
    ("Another 300 people would be flown out on Friday.", "planned"),
    ("Officials expect the operation to take a week.", "expected"),
    ("The crossing is likely to reopen tomorrow.", "expected"),
    ("Some families may choose to stay.", "possible"),
    ("Aid groups fear that thousands could be trapped.", "feared"),
    ("Buses carried 400 people out of the town after the shelling had stopped.", "reported"),
    # "fears among N people": the people fear, their number is counted, not feared
    ("The aftershock deepened fears among the 3,000 people who had fled Antakya.", "reported"),
    ("The spill raised fears among some 2,000 families evacuated from the delta.", "reported"),
    ("Officials fear 200 people are trapped among the rubble.", "feared"),
])
def test_modality(text, mood):
    assert modality(text) == mood


def _mentions(text: str, names: dict[str, str]) -> list[Mention]:
    return [Mention("a", text.index(s), text.index(s) + len(s), s, pid) for s, pid in names.items()]


@pytest.mark.parametrize(("text", "names", "kept"), [
    ("KHARTOUM — About 500 people left Omdurman on Sunday.", {"KHARTOUM": "k", "Omdurman": "o"}, ["o"]),
    ("Some 300 people left the town, according to Ruritania.", {"Ruritania": "r"}, []),
    ("A truce brokered by Norway and Qatar allowed 200 people to leave Tall.", {"Norway": "n", "Qatar": "q", "Tall": "t"},
     ["t"]),
    ("The deal was struck between Atlantis, which backs the militia, and Borduria.", {"Atlantis": "a", "Borduria": "b"},
     []),
    ("Speaking to reporters in Vienna, the envoy said 4,000 people had fled Tall.", {"Vienna": "v", "Tall": "t"}, ["t"]),
    ("The group, which monitors the war from Sweden, said 12 people died in Tall.", {"Sweden": "s", "Tall": "t"}, ["t"]),
    ("Canada's foreign minister said 90 Canadians left Tall.", {"Canada": "c", "Tall": "t"}, ["t"]),
    ("The UN coordinator for Yemen said 40 people were evacuated from Tall.", {"Yemen": "y", "Tall": "t"}, ["t"]),
    # a title's place, also after the body the official serves and for an official of no named body
    ("Some 500 people left Tall, said Ann Weir, a press officer for the IOM in Ruritania.", {"Tall": "t", "Ruritania": "r"},
     ["t"]),
    ("Up to 900 civilians are trapped in Tall, the top UN humanitarian official in Ruritania said.",
     {"Tall": "t", "Ruritania": "r"}, ["t"]),
    ("The representative of UNHCR in Ruritania said 70 families reached Tall.", {"Ruritania": "r", "Tall": "t"},
     ["t"]),
    # a president's region is the speaker's title, not where the people were moved from
    ("About 5,000 people were evacuated from Tall, the regional president of Ruritania said.",
     {"Tall": "t", "Ruritania": "r"}, ["t"]),
    ("Tens of thousands are trapped in Tall, which could become another Grozny.", {"Tall": "t", "Grozny": "g"}, ["t"]),
    ("While attention focused on Kherson, shelling killed nine people in Tall.", {"Kherson": "k", "Tall": "t"}, ["t"]),
    ("Tall, where the Oran buses are headed, was shelled overnight.", {"Tall": "t", "Oran": "o"}, ["t"]),
    # a state acting for its people: moving them to a place, counting its own nationals, hiring the ship,
    # running the operation; the place the people are in or go to stays
    ("Ruritania moved 86 of its citizens to Tall on three buses.", {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("Ruritania expects about 5,000 of its nationals to leave Tall.", {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("The minister said Ruritania expects to have moved up to 6,000 of its citizens out of Tall by Sunday.",
     {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("A cruise ship hired by Ruritania was expected back from Tall with about 1,200 people.",
     {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("By Thursday 4,515 people had left: 3,767 on ships Ruritania chartered and 166 by road to Tall.",
     {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("The last ship Ruritania had scheduled left Tall on Saturday with several hundred people aboard.",
     {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("The ship took on 1,200 people at Tall, as Ruritania stepped up its evacuation.",
     {"Ruritania": "r", "Tall": "t"}, ["t"]),
    ("About 300 people fled from Oran to Tall.", {"Oran": "o", "Tall": "t"}, ["o", "t"]),
    # a container after a comma, with a compass word: "Tyre, in southern Lebanon"
    ("A ship will pick up as many as 1,000 people from Tall, in southern Ruritania, on Wednesday.",
     {"Tall": "t", "Ruritania": "r"}, ["t"]),
])
def test_places_are_what_the_claim_is_about(text, names, kept):
    assert list(claim_places(text, 0, _mentions(text, names), dateline_end(text, 0))) == kept


def test_anaphora_inherits_the_previous_sentences_places_and_says_so():
    text = "Buses reached Kessab and Rabia on Monday.\n\nSome 40 buses started evacuations in those two towns on Tuesday."
    a = Article("a", "a.txt", text, "x", published=dt.date(2024, 5, 7))
    sentences = split_sentences(text)
    mentions = _mentions(text, {"Kessab": "kessab", "Rabia": "rabia"})
    claims = extract_claims(a, sentences, mentions)
    later = next(c for c in claims if "those two towns" in c.text)
    assert set(later.places) == {"kessab", "rabia"} and later.place_inferred
    assert later.to_dict()["place_inferred"] is True


@pytest.mark.parametrize(("text", "event"), [
    ("The convoy headed out of besieged Mariupol before dawn.", "evacuated"),
    ("A truce was brokered on Tuesday between the army and the militia.", "ceasefire"),
    ("The first convoy reached Zaporizhzhia without incident.", "arrived"),
    ("Evacuation attempts were halted after the shelling.", "halted"),
    ("Hundreds of families have gathered at the departure point.", "waiting"),
    ("The town has been besieged since March.", "besieged"),
])
def test_events_read_the_verb(text, event):
    assert classify(text, [q for q in parse_quantities(text) if q.counts]) == event


def test_lists_and_vague_amounts():
    q = parse_quantities("The plane carried 101 women, men and children.")[0]
    assert q.kinds == ("women", "men", "children") and q.to_dict()["counts"] == ["women", "men", "children"]
    q = parse_quantities("Thousands of people fled.")[0]
    assert q.value is None and q.qualifier == "thousands"  # vague stays vague
    q = parse_quantities("Two dozen ambulances waited.")[0]
    assert (q.value, q.qualifier) == (24, "about")
    assert parse_quantities("He met the two diplomats.") == []  # "the two X" counts nothing new


def test_clauses_split_only_at_independent_clauses():
    s = Sentence(0, 0, "About 90 people left in the first batch, and a second convoy left at noon, but the pace "
                       "means it could take days.")
    assert [c.text for c in clauses(s)] == ["About 90 people left in the first batch", "a second convoy left at noon",
                                            "the pace means it could take days."]
    s = Sentence(0, 0, "The minister said the border was open, but warned that queues were long.")
    assert len(clauses(s)) == 1  # no subject of its own: not a separate statement


def _claim(cid, outlet, value, *, scope=None, counts="people", event="evacuated", qualifier=None, date=dt.date(2024, 5, 7),
           speaker=None):
    q = Quantity(value, None, None, qualifier, counts, str(value), scope=scope)
    return Claim(cid, cid.split("#")[0], outlet, 0, 1, "x", speaker=speaker, date=date, event=event, quantities=(q,))


def test_compare_sets_like_against_like_and_never_sums():
    cs = [_claim("a#0", "A", 200, scope="first_batch"), _claim("b#0", "B", 1000, speaker="UNHCR"),
          _claim("c#0", "C", 3000, qualifier="about", speaker="ICRC"), _claim("d#0", "D", 5000, scope="target"),
          _claim("e#0", "E", 30000, scope="part"), _claim("e#1", "E", 30000, scope="part"),
          _claim("f#0", "F", 100, counts="killed", event="killed", date=None),
          _claim("g#0", "G", 900, counts="killed", event="killed", date=None),
          Claim("h#0", "h", "H", 0, 1, "x", date=dt.date(2024, 5, 7), event="convoy",
                quantities=(Quantity(20, None, None, None, "buses", "20"), Quantity(13, None, None, None, "ambulances", "13")))]
    groups = compare_claims(cs, place_of=lambda _: None)
    day = next(g for g in groups if g.event == "evacuated" and g.scope is None)
    assert {v.value for v in day.values} == {1000, 3000} and day.disagree
    assert {v.speaker for v in day.values} == {"UNHCR", "ICRC"}
    assert all(len(g.values) == 1 for g in groups if g.scope in ("part", "target", "first_batch") or g.date is None)
    assert not any(g.counts == "vehicles" for g in groups)  # 20 buses + 13 ambulances is not a figure anyone printed


@pytest.mark.parametrize(("text", "speaker"), [
    ("Russian state media reported that 300 people left the city.", "Russian state media"),
    ("Qatari state television said 70 people were flown out.", "Qatari state TV"),
    ("Austria's foreign ministry said 40 citizens had been evacuated.", "Austria's foreign ministry"),
    ("Sheriff Ana Lopez said 12 people were rescued.", "Ana Lopez (Sheriff)"),
    ("The Turkish Red Crescent said 900 people were housed in tents.", "Turkish Red Crescent"),
    ("About 50 people left, according to ministry spokesman Tariq Amin.", "Tariq Amin"),
    # a person behind an abbreviated rank, a role with an organisation, a minister whose title names a body
    ("Two ferries docked overnight, said Lt. Col. Ines Varga of the coast guard.", "Ines Varga"),
    ("UNHCR press officer Tomas Reyes said 400 people had been taken aboard.", "Tomas Reyes (UNHCR)"),
    ("Two ferries docked overnight, Defence Minister Sara Holm said.", "Sara Holm"),
    ("Premier Ana Costa said 300 people had left the island.", "Ana Costa"),
    # a document named by its author: the author, however long the participle after it
    ("A coast guard statement issued late on Sunday said 75 people were rescued.", "coast guard"),
    ("A police report said 12 people were missing.", "police"),
    # a figure someone "spoke of" is theirs
    ("The interior ministry spoke of 2,100 people in the shelters.", "interior ministry"),
])
def test_speakers_of_any_country(text, speaker):
    assert find_attribution(text).speaker == speaker


def test_outlet_and_date_from_news_conventions():
    assert detect_outlet("TBILISI, March 3 (Kavkaz Wire) — Buses left.") == "Kavkaz Wire"
    assert detect_outlet("ANKARA (AA) — Turkey sent three planes.") == "Anadolu"
    assert detect_outlet("Headline\n\nSource: Meduza, 4 March 2022\n\nPeople left.") == "Meduza"
    assert detect_outlet("Headline\nBy Jo Bloggs, Harbour Times staff\n\nPeople left.") == "Harbour Times"
    assert detect_published("Headline\n\nSource: Meduza, 4 March 2022\n\nPeople left.") == dt.date(2022, 3, 4)
    assert detect_published("TBILISI, March 3 (Kavkaz Wire) — Buses left.", 2021) == dt.date(2021, 3, 3)
    assert detect_published("Buses left on March 3.") is None


def test_a_dateline_closed_by_a_plain_hyphen_gives_its_date():
    """Wire copy typed in ASCII ends its dateline with " - " as often as with a dash: its date is the same."""
    assert detect_published("Floods spread\n\nNAIROBI, Kenya, Oct 5 (East Africa Wire) - Rescuers moved 300 families "
                            "to higher ground.", 2019) == dt.date(2019, 10, 5)
    assert detect_published("ANTAKYA, Turkey, Feb. 8 (Anatolia Desk) - Buses carried survivors to Mersin.",
                            2023) == dt.date(2023, 2, 8)
    # a hyphenated word is no dateline's end
    assert detect_published("Gaza-Egypt crossing March 3 re-opened, officials said.") is None
    assert is_caption("A file photo shows buses at the border on May 4, 2019. (Photo: J. Doe)")
    assert not is_caption("Buses carried 200 people to the border on Thursday.")


def test_it_is_the_organisation_last_credited_and_figures_are_attributions():
    from evacmap.corpus.speakers import attribute

    t = ("The Moldovan government said 4,000 people had crossed by 6 a.m. By noon it gave a figure of 5,200. "
         "On Friday border police put the number of arrivals at 7,000. The regional coroner listed 12 deaths.")
    assert attribute(t, split_sentences(t)) == ["Moldovan government", "Moldovan government", "border police",
                                                "regional coroner"]


def test_an_outlet_in_a_datelines_parenthesis_is_no_person_a_pronoun_refers_to():
    from evacmap.corpus.speakers import attribute

    t = ("OSLO, May 4 (Fjord Wire) — The ferries stopped, port officials said. Two ferries docked overnight, Defence "
         "Minister Sara Holm said. In all, 800 people were taken off the islands, she said.")
    assert attribute(t, split_sentences(t))[-1] == "Sara Holm"


@pytest.mark.parametrize(("text", "speaker"), [
    ("Norway sent a plane to Lima on Monday. Its embassy said 140 Norwegians had been flown out.", "Norway's embassy"),
    ("Norway sent a plane to Lima on Monday. The country's embassy said 140 had left.", "Norway's embassy"),
    ("Norway sent a plane to Lima, and its embassy said 140 Norwegians had been flown out.", "Norway's embassy"),
    # no state named before: "its" stays as written rather than be given to the wrong country
    ("Planes landed in Lima on Monday. Its embassy said 140 Norwegians had been flown out.", "Its embassy"),
])
def test_its_embassy_is_the_embassy_of_the_state_last_named_as_a_subject_or_possessor(text, speaker):
    from evacmap.corpus.speakers import attribute

    assert attribute(text, split_sentences(text), frozenset({"norway", "lima"}))[-1] == speaker


def test_what_a_speaker_adds_is_its_own_clause():
    s = Sentence(0, 0, "About 9,000 people are in the camp, the envoy said, adding the remaining 2,000 were students.")
    assert [c.text for c in clauses(s)][-1] == "the remaining 2,000 were students."


def test_mention_index_finds_exactly_the_mentions_inside_a_span():
    from evacmap.corpus.claim_places import MentionIndex
    ms = [Mention("a", s, s + 4, "Tall", f"p{s}") for s in range(0, 1000, 10)]
    ms.append(Mention("a", 95, 130, "Long Name", "long"))  # starts inside, ends outside
    index = MentionIndex(list(reversed(ms)))
    got = [m.place_id for m in index.within(100, 131)]
    assert got == ["p100", "p110", "p120"]
    assert [m.place_id for m in index.within(94, 131)] == ["long", "p100", "p110", "p120"]


def test_a_count_that_reached_a_level_is_no_arrival():
    """"The number of people in shelters reached 5,000": a count reaching a level; a convoy that reached a
    town is an arrival."""
    t = "The number of people in shelters reached 5,000 on Tuesday."
    assert classify(t, [q for q in parse_quantities(t) if q.counts]) != "arrived"
    t = "The first bus reached Ramstein with 50 people."
    assert classify(t, [q for q in parse_quantities(t) if q.counts]) == "arrived"


@pytest.mark.parametrize(("text", "expected"), [
    ("The total number of arrivals in Armenia reached 65,000.", [(65000, "people")]),
    ("The number of survivors rose to 40 on Friday.", [(40, "survivors")]),
])
def test_a_count_named_with_an_adjective_or_as_arrivals(text, expected):
    assert [(q.value, q.counts) for q in parse_quantities(text) if q.counts] == expected


def test_included_after_a_count_names_a_part_of_it():
    """"The total of 491 people included 196 French nationals": a part; "The convoy included 20 buses" is what
    the convoy was made of, no part of an earlier count."""
    t = "The total of 491 people included 196 French nationals."
    assert quantity_scope(t, t.index("196"), t.index("196") + 3, t.index("491") + 3) == "part"
    t = "The convoy included 20 buses and 13 ambulances."
    assert quantity_scope(t, t.index("20"), t.index("20") + 2, 0) is None


@pytest.mark.parametrize(("sentence", "speaker"), [
    ("About 1,200 residents boarded buses toward the city, the regional governor said.", "regional governor"),
    ("About 1,200 residents boarded buses, the city's mayor said.", "city's mayor"),
    ("The head of the regional military administration said 1,200 residents had left.",
     "head of the regional military administration"),
    ("About 1,200 residents boarded buses, Ukraine's deputy prime minister said.", "Ukraine's deputy prime minister"),
    # a name still wins over its office, and a pronoun is no office
    ("About 1,200 residents boarded buses, Mayor Vadym Boichenko said.", "Vadym Boichenko (Mayor)"),
    ("About 1,200 residents boarded buses, he said.", None),
])
def test_an_official_named_only_by_office_is_the_speaker(sentence, speaker):
    """"the governor said": the office is who said it (a map that says nobody did is wrong)."""
    found = find_attribution(sentence)
    assert (found.speaker if found else None) == speaker


@pytest.mark.parametrize(("text", "number", "scope"), [
    ("Nearly half of the town's 8,000 residents had left by Friday.", "8,000", "population"),
    ("About 80% of the city's 100,000 people left.", "100,000", "population"),
    ("Most of its 20,000 inhabitants fled.", "20,000", "population"),
    # no part named: the number may well be those who moved
    ("Its 20,000 inhabitants fled.", "20,000", None),
    ("Officials said 2,000 residents had left.", "2,000", None),
])
def test_a_part_of_a_places_residents_makes_their_number_the_population(text, number, scope):
    """"half of the town's 8,000 residents had left": 8,000 lived there; it is no count of people who left."""
    i = text.index(number)
    assert quantity_scope(text, i, i + len(number), 0) == scope


@pytest.mark.parametrize(("text", "number", "scope"), [
    ("Officials ordered 250,000 residents of coastal Louisiana to evacuate ahead of the storm.", "250,000", "population"),
    ("Some 250,000 people in low-lying areas were told to leave their homes.", "250,000", "population"),
    ("A mandatory evacuation order covering 30,000 residents was issued on Tuesday.", "30,000", "population"),
    ("About 40,000 people are under evacuation orders.", "40,000", "population"),
    # people who left after the order are people who moved
    ("About 40,000 people left after they were told to evacuate.", "40,000", None),
])
def test_people_ordered_to_leave_are_the_population_the_order_concerns(text, number, scope):
    """An order's count is of the people it concerns, no count of people moved: never set against one."""
    i = text.index(number)
    assert quantity_scope(text, i, i + len(number), 0) == scope


@pytest.mark.parametrize(("text", "counts"), [
    ("A Greek airliner carrying 64 Greeks landed in Athens.", "Greeks"),
    ("The ferry also carried 47 Swedes.", "Swedes"),
    ("About 300 Filipinos were waiting at the port.", "Filipinos"),
])
def test_irregular_demonym_plurals_are_counted(text, counts):
    """Demonyms whose plural has none of the usual endings ("-ans", "-ese", "-is"): the people of that country."""
    assert [q.counts for q in parse_quantities(text) if q.counts] == [counts]



def test_the_number_a_tally_is_brought_to_is_a_running_total_and_the_days_figure_is_not():
    t = "The ships carried 2,488 people and brought the number evacuated from the country to 6,700."
    a, b = t.index("2,488"), t.index("6,700")
    assert clause_scope(t, counted=True) is None
    assert quantity_scope(t, a, a + 5) is None
    assert quantity_scope(t, b, b + 5, a + 5) == "cumulative"


def test_later_in_the_week_is_a_moment_not_a_period():
    assert clause_scope("Five more boats carrying 5,000 passengers were expected later in the week.") is None
    assert clause_scope("Boats carried 5,000 passengers over the past week.", counted=True) == "total"


@pytest.mark.parametrize(("text", "low", "high", "counts"), [
    ("Four or five more boats were expected.", 4, 5, "boats"),
    ("Some 2,000 or 3,000 people fled.", 2000, 3000, "people"),
])
def test_two_numbers_joined_by_or_are_a_range(text, low, high, counts):
    [q] = parse_quantities(text)
    assert (q.value, q.low, q.high, q.counts) == (None, low, high, counts)


def test_dual_nationals_are_nationals():
    assert [q.counts for q in parse_quantities("Another 10,000 dual nationals live there.")] == ["nationals"]


def test_a_number_in_a_relative_clause_takes_that_clauses_mood():
    from evacmap.corpus.scope import quantity_modality
    t = "Britain expects about 5,000 of its nationals to leave Lebanon, where up to 12,000 British citizens live."
    a, b = t.index("12,000"), t.index("12,000") + 6
    assert modality(t) == "expected" and quantity_modality(t, a, b) == "reported"
    t = "Officials said 2,000 people were waiting at the port, where 500 more will be taken on Friday."
    a = t.index("500")
    assert quantity_modality(t, a, a + 3) == "planned"
    a = t.index("2,000")
    assert quantity_modality(t, a, a + 5) is None  # outside the relative clause: the clause's own mood


def test_the_level_a_change_starts_from_is_reported_not_expected():
    """"expected to grow from about 2,500 troops on Monday to about 4,000": 2,500 is where the force stands, the
    expectation is the 4,000; a number with no "to" after it keeps the clause's mood."""
    from evacmap.corpus.scope import quantity_modality
    t = "He said the U.S. force in Kabul was expected to grow from about 2,500 troops on Monday to about 4,000."
    a, b = t.index("2,500"), t.index("2,500") + 5
    assert modality(t) == "expected" and quantity_modality(t, a, b) == "reported"
    c = t.index("4,000")
    assert quantity_modality(t, c, c + 5) is None
    t = "Shelters are expected to fill from Friday, with 2,000 people due to arrive."
    a = t.index("2,000")
    assert quantity_modality(t, a, a + 5) is None


def test_a_yearless_dateline_takes_the_year_nearest_the_corpus_day(tmp_path):
    """A wire dateline gives a day and a month, no year: "Dec 30" in a story the corpus dates 2 January is the
    December before, and "Jan 2" in one dated 30 December the January after, not eleven months away."""
    from evacmap.corpus.articles import load_corpus
    assert detect_published("SYDNEY, Dec 30 (Tasman Wire) - Ferries took campers off the island.",
                            dt.date(2021, 1, 2)) == dt.date(2020, 12, 30)
    assert detect_published("AUCKLAND, Jan. 2 (Tasman Wire) - Ferries returned.", dt.date(2020, 12, 30)) == \
        dt.date(2021, 1, 2)
    assert detect_published("PERTH, March 3 (Tasman Wire) - Buses left.", dt.date(2021, 3, 20)) == dt.date(2021, 3, 3)
    (tmp_path / "articles").mkdir()
    (tmp_path / "evacmap.toml").write_text('date = "2021-01-02"\n', encoding="utf-8")
    (tmp_path / "articles" / "a.txt").write_text(
        "Campers leave the island\n\nSYDNEY, Dec 30 (Tasman Wire) - Ferries took 300 campers off the island on "
        "Wednesday.\n", encoding="utf-8")
    assert load_corpus(tmp_path).articles[0].published == dt.date(2020, 12, 30)


@pytest.mark.parametrize("text, mood", [
    ("About 140 campers who wanted to leave were expected to be flown out on Monday, police said.", "expected"),
    ("Some 300 residents who had stayed behind will be taken out by boat.", "planned"),
    ("About 350 people who were expected to leave on Friday were still in the town.", "reported"),
    ("The 200 families who had fled were taken to the showground.", "reported"),
])
def test_a_relative_clause_ends_where_the_main_clause_verb_comes_back(text, mood):
    """"140 campers who wanted to leave were expected to be flown out": the relative clause is "who wanted to
    leave"; "were expected" is the main clause's mood, not side-clause words to drop (its own "who were
    expected" is)."""
    assert modality(text) == mood


def test_of_them_after_a_number_of_things_no_noun_list_names_is_not_people():
    """"80 blazes burning across the region, 12 of them out of control": "them" are what 80 counts (no counted noun
    of ours), so 12 counts nothing known, not people; "2,000 people fled, 300 of them children" still children."""
    got = [(q.value, q.counts) for q in parse_quantities("Crews fought 80 blazes burning across the region, 12 of "
                                                          "them out of control, the service said.")]
    assert (12.0, "people") not in got and (12.0, None) in got
    assert [(q.value, q.counts) for q in parse_quantities("About 2,000 people fled, 300 of them children.")] == [
        (2000.0, "people"), (300.0, "children")]
    # however far the first number's phrase runs: "them" are the homes, not people
    got = [(q.value, q.counts) for q in parse_quantities("Officials counted 900 homes lost across the state this "
                                                          "summer, 210 of them in the hills.")]
    assert (210.0, "homes") in got, got
    # "them" without the comma is the object of the sentence's verb, people told of before, not the flights
    got = [(q.value, q.counts) for q in parse_quantities("Twelve flights carried about 2,100 of them to the coast.")]
    assert (2100.0, "flights") not in got, got


def test_visitors_holidaymakers_and_campers_are_counted_people():
    """Holiday crowds are what a fire or storm season's figures count: "30,000 visitors", "5,000 holidaymakers",
    "800 campers" count people, as "tourists" does."""
    for text, noun in (("About 30,000 visitors were staying on the coast.", "visitors"),
                       ("More than 5,000 holidaymakers left on Sunday.", "holidaymakers"),
                       ("Some 800 campers were moved to the oval.", "campers")):
        assert [q.counts for q in parse_quantities(text)] == [noun], text


def test_a_share_of_a_count_counts_what_the_count_counts():
    """"eight of the village's estimated 34 families", "12 of the 40 patients": the share counts families, patients."""
    got = [(q.value, q.counts) for q in parse_quantities("Only about eight of the village's estimated 34 families "
                                                          "had left by noon.")]
    assert got == [(8.0, "families"), (34.0, "families")], got
    assert [(q.value, q.counts) for q in parse_quantities("Only 12 of the 40 patients were moved.")] == [
        (12.0, "patients"), (40.0, "patients")]
