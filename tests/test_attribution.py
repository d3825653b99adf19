"""Attribution: who a sentence credits, on sample sentences and one written sentence per rule."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evacmap.corpus.attribution import find_attribution, mask_quotes, org_name
from evacmap.corpus.sentences import split_sentences
from evacmap.corpus.speakers import attribute

ARTICLES = Path(__file__).resolve().parents[1] / "corpus" / "samples" / "aleppo-2016" / "articles"


def speaker(text):
    a = find_attribution(text)
    return a.speaker if a else None


def article_speakers(prefix):
    path = next(ARTICLES.glob(f"{prefix}_*.txt"))
    text = path.read_text(encoding="utf-8")
    sentences = split_sentences(text)
    return list(zip([s.text for s in sentences], attribute(text, sentences), strict=False))


def speaker_of(pairs, fragment):
    hits = [sp for text, sp in pairs if fragment in text]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


@pytest.mark.parametrize("text,expected", [
    # according to
    ("According to the World Health Organization, 21 buses and 19 ambulances were involved in the evacuation.",
     "WHO"),
    ("Twenty-nine buses started evacuations in those two cities Thursday, according to Syrian State TV.",
     "Syrian state TV"),
    ("long lines of government buses and ambulances returned with about 1,000 evacuees, according to Russia, "
     "which helped carry out the agreement, and the World Health Organization, which monitored it.",
     "Russia; WHO"),
    ("the deal collapsed when militia fighters opened fire on vehicles, according to opposition activists.",
     "opposition activists"),
    # subject said, with appositions either side
    ("Approximately 3,000 people and more than 40 wounded were brought out of eastern Aleppo during the first two "
     "evacuations on Thursday, the head of the International Committee of the Red Cross in Syria, Marianne "
     "Gasser, said in a statement.", "Marianne Gasser (ICRC)"),
    ("At least 3,000 civilians were evacuated from east Aleppo under a deal, the International Committee of the "
     "Red Cross (ICRC) said.", "ICRC"),
    ("UN envoy for Syria Staffan de Mistura said about 10,000 people, including fighters, were likely to be "
     "evacuated to the rebel-stronghold of Idlib.", "Staffan de Mistura (UN)"),
    ("Despite the evacuation, the UN warned almost 50,000 remained in the war-torn Syrian city.", "UN"),
    ("The UN has put the figure as high as 50,000, but critics say that is an overestimate.", "UN"),
    ("Speaking to journalists in Geneva, Jan Egeland, the UN humanitarian adviser for Syria, said an estimated "
     "50,000 people had fled eastern Aleppo.", "Jan Egeland (UN)"),
    ("The Syrian Observatory for Human Rights, which opposes the government and tracks the conflict from "
     "Britain, said the presence of 250 foreign fighters complicated the deal.", "SOHR"),
    ("The International Committee of the Red Cross and the Syrian Arab Red Crescent Society said the first "
     "evacuees reached the safe zone Thursday afternoon.", "ICRC; SARC"),
    ("Ibrahim Abu Allaith of the Syrian Civil Defence told Al Jazeera militias killed at least one person.",
     "Ibrahim Abu Allaith (White Helmets)"),
    ("Marwan Kabalan, a Syria analyst and associate political analyst at the Doha Institute, said he expects "
     "the Syrian government to focus its attacks near the capital.", "Marwan Kabalan (Doha Institute)"),
    ("U.N. humanitarian envoy Jan Egeland told reporters he hoped to see the start of evacuations.",
     "Jan Egeland (UN)"),
    # reported / state TV
    ("As darkness fell over the city, a third convoy was in the process of evacuating more citizens, Syrian "
     "state television reported.", "Syrian state TV"),
    ("Syrian state news media reported that buses and ambulances had begun evacuating residents.",
     "Syrian state media"),
    ("More violence was reported early Thursday, with activists and local medical officials saying "
     "pro-government forces fired on an ambulance.", "activists and local medical officials"),
    # inverted: "..., said X, descriptor"
    ("Some of the people are injured and suffering medical problems, including anemia and malnutrition, said "
     "Dr. Zaher Sahloul, a senior adviser to the Syrian American Medical Society.", "Zaher Sahloul (SAMS)"),
    ("They are beginning with the injured, the vulnerable, and rebel fighters and their families, said Jan "
     "Egeland, special adviser to the U.N. special envoy for Syria, earlier Thursday.", "Jan Egeland (UN)"),
    # written: one per rule
    ("Three buses left, Red Cross officials said.", "Red Cross officials"),
    ("The convoy reached Idlib, said Ahmad Hamid, a spokesman for the WHO.", "Ahmad Hamid (WHO)"),
    ("Forty people were hurt, Reuters reported.", "Reuters"),
    ("Nothing is attributed in this sentence about 300 buses.", None),
    ("Casualties were reported near the crossing.", None),  # passive: nobody is credited
    # a list before the role and name is no name in apposition: the role and name speak
    ("The ship brought 146 people home, among them Kenyans, Chinese and Britons, mission commander Commodore "
     "John Smith said.", "Commodore John Smith"),
    ("Jan Egeland, the UN humanitarian adviser for Syria, said 300 people had left.", "Jan Egeland (UN)"),
])
def test_sentence_attribution(text, expected):
    assert speaker(text) == expected


def test_pronoun_is_marked_for_resolution():
    a = find_attribution('"I\'m thinking of leaving," he said.')
    assert a.pronoun == "he" and a.speaker is None


def test_quotation_words_are_not_attribution():
    assert speaker('"The UN said nothing about Aleppo," the official remarked.') is None


def test_org_names_normalise_acronyms_and_long_forms():
    assert org_name("the World Health Organization") == "WHO"
    assert org_name("U.N.") == "UN"
    assert org_name("the Syrian Arab Red Crescent") == "SARC"
    assert org_name("who") is None  # the pronoun is not the WHO


def test_mask_quotes_keeps_length_and_blanks_quotations():
    text = '“It is history,’’ Assad said.\n"Open quote runs on\nNext paragraph “x” y'
    masked = mask_quotes(text)
    assert len(masked) == len(text)
    assert "history" not in masked and "Assad said." in masked
    assert "Open quote" not in masked
    assert masked.split("\n")[2] == "Next paragraph     y"


# --- article level: surnames, pronouns and quotations -----------------------------------------------

def test_al_jazeera_article():
    pairs = article_speakers("004")
    assert speaker_of(pairs, "There are about 50,000 people") == "Staffan de Mistura (UN)"  # "de Mistura said"
    assert speaker_of(pairs, "There were burnt cars.") == "Marianne Gasser (ICRC)"  # a quote's 2nd paragraph
    assert speaker_of(pairs, "When we arrived") == "Marianne Gasser (ICRC)"  # closed by "she said"
    assert speaker_of(pairs, "hundreds of families") == "Zouhir Al Shimale"  # "he told Al Jazeera"
    assert speaker_of(pairs, "He said he also spoke to German Chancellor") == "Recep Tayyip Erdogan"


def test_cnn_article():
    pairs = article_speakers("003")
    assert speaker_of(pairs, "Kerry said it will be hard") == "John Kerry"  # surname -> full name
    assert speaker_of(pairs, "tens of thousands of lives") == "John Kerry"  # quote paragraph after "Kerry said"
    assert speaker_of(pairs, "for 3,000 years") == "Jan Egeland (UN)"  # quote attributed a sentence before
    assert speaker_of(pairs, "You have patients") == "Zaher Sahloul (SAMS)"
    assert speaker_of(pairs, "I'm thinking of leaving") == "Abdulkafi al-Hamdo"  # "he" = the person just named
    assert speaker_of(pairs, "Meshaal is now in a stable condition") == "Hamza al-Khateab"
    assert speaker_of(pairs, "Turkish Prime Minister Binali Yildirim") == "Anadolu"


def test_voa_and_globe_articles():
    voa = article_speakers("000")
    assert speaker_of(voa, "We saw women and small children") == "Elizabeth Hoff (WHO)"  # attribution follows
    assert speaker_of(voa, "They deserve no credit") == "Boris Johnson"
    assert speaker_of(voa, "Erdogan, in a televised address") == "Recep Tayyip Erdogan"
    globe = article_speakers("002")
    assert speaker_of(globe, "I want to confirm") == "Bashar Assad"
    assert speaker_of(globe, "Around 1,000 people were evacuated") is None


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(st.sampled_from(
    ["said", "according to", "the", "UN", "WHO", ",", '"', "“", "”", "’’", "he", "she", "told", "Al", "Jazeera",
     "Marianne", "Gasser", "of", "ICRC", "(", ")", ".", "\n", "reported", "saying", "with", "al-Assad"]),
    max_size=30).map(" ".join)))
def test_attribution_never_crashes(text):
    sentences = split_sentences(text)
    assert len(attribute(text, sentences)) == len(sentences)
    assert len(mask_quotes(text)) == len(text)


@pytest.mark.parametrize(("text", "expected"), [
    # a document stands for whoever published it
    ("According to a passenger breakdown published in Ruritanian media, those on board included 56 Tolans.",
     "Ruritanian media"),
    ("According to figures released by Ruritania's Health Ministry, 20 people died.", "Ruritania's Health Ministry"),
    ("About 10,000 people lived there, according to official estimates.", "official estimates"),
    # a lower-case role opening an apposition describes the name before it
    ("Jane Doe, president of the Ruritanian Society, said about 500 responders were in place.",
     "Jane Doe (Ruritanian Society)"),
    ("A report from the state Examiners Commission put the confirmed storm deaths at 42.",
     "state Examiners Commission"),  # the whole name, not its first two words
    ("Leaders of the enclave have said that as many as 120,000 people could leave.", "Leaders"),
    ("The sheriff's office said 12 people died.", "sheriff's office"),
    ("Officials said 10,000 people were in shelters.", "Officials"),
])
def test_sources_named_through_documents_titles_and_offices(text, expected):
    a = find_attribution(text)
    assert a is not None and a.speaker == expected


@pytest.mark.parametrize("sentence", [
    "ANKARA (AA) - Turkish authorities said on Monday that 1,500 citizens had been brought home.",
    "ANKARA, April 25 (Wire) – Turkish authorities said on Monday that 1,500 citizens had been brought home.",
])
def test_a_dateline_ended_by_a_spaced_hyphen_or_en_dash_is_not_part_of_the_speaker(sentence):
    """Wire copy ends its dateline with " - " or " – " as often as with an em dash."""
    assert find_attribution(sentence).speaker == "Turkish authorities"


@pytest.mark.parametrize("sentence,speaker", [
    ("Some 30,000 people remained without power on Sunday, the utility said.", "utility"),
    ("The airline said 300 passengers were stranded.", "airline"),
])
def test_a_company_named_by_its_trade_is_a_speaker(sentence, speaker):
    assert find_attribution(sentence).speaker == speaker


@pytest.mark.parametrize("sentence,speaker", [
    ("An estimated 1.2 million people were moved to shelters before landfall, the state government said.",
     "state government"),
    ("The reported 300 deaths were not confirmed, officials said.", "officials"),
    ("Officials estimated that 3,000 people had left.", "Officials"),
])
def test_a_participle_after_a_determiner_is_no_speech_verb(sentence, speaker):
    """"An estimated 1.2 million": an adjective, so "An" is no speaker; the real attribution comes later."""
    assert find_attribution(sentence).speaker == speaker


@pytest.mark.parametrize("sentence,speaker", [
    ("In Futaba, about 1,200 residents boarded buses and left for Kawamata, the town said.", "town"),
    ("Two patients were dead when the bus arrived, according to the school.", "school"),
    ("About 300 people were moved to shelters, the county said on Tuesday.", "county"),
    ("The city said 4,000 homes had been cleared.", "city"),
])
def test_a_local_government_or_institution_named_by_its_kind_is_a_speaker(sentence, speaker):
    """"the town said": the town's officials speak; the claim is theirs, not unattributed."""
    assert find_attribution(sentence).speaker == speaker


@pytest.mark.parametrize("sentence,speaker", [
    # the phrase before "the X said" ends the clause when a preposition opens it: its object is no speaker
    ("The warship brought 180 people, most of them women and children, from Beirut, the Foreign Office said.",
     "Foreign Office"),
    ("The convoy took 300 families to Idlib, the ministry said.", "ministry"),
    # "official figures" are documents: the source is the figures, not an official
    ("Of them, more than 6,500 were foreigners, according to official figures.", "official figures"),
    ("Some 2,000 people crossed on Monday, according to official data.", "official data"),
])
def test_a_prepositional_phrase_is_no_speaker_and_official_figures_are_the_source(sentence, speaker):
    assert find_attribution(sentence).speaker == speaker


@pytest.mark.parametrize("sentence, who", [
    # written sentences: an unnamed official is credited with the body named after them, however long its name
    ("130,000 people were evacuated from the district, an official in the special relief commissioner's office said.",
     "official (special relief commissioner's office)"),
    ("About 550,000 people had been shifted, a senior official at the disaster management ministry said.",
     "official (disaster management ministry)"),
    ("A spokesman for the state transport department said five buses had left.", "spokesman (state transport department)"),
    ("About 2,000 people were moved, an official said.", "official"),
])
def test_an_unnamed_official_takes_the_body_that_employs_them(sentence, who):
    assert speaker(sentence) == who


def test_an_initialism_speaker_is_the_body_spelt_out_earlier():
    """"the Country Fire Authority sent 40 trucks ... The CFA said ...": the speaker is the body, spelt out as
    the article first named it (its initials, "of"/"and" skipped), not "The CFA" read as a person; an initialism
    the article never spells out stays as written."""
    text = ("Headline\n\nThe Country Fire Authority sent 40 trucks to the coast on Monday. The CFA said 200 campers "
            "had left.\n\nThe Department of Health and Human Services opened two centres. The DHHS said 90 people "
            "slept there. The SES said 12 roads were shut.")
    got = attribute(text, split_sentences(text))
    assert (got[2], got[4], got[5]) == ("Country Fire Authority", "Department of Health and Human Services", "The SES"), got
    # a body the organisations list knows by its initials keeps them
    text = "Headline\n\nThe International Committee of the Red Cross sent a team. The ICRC said 50 people left."
    assert attribute(text, split_sentences(text))[2] == "ICRC"


@pytest.mark.parametrize("sentence,speaker", [
    ("The U.N. then said that as many as 200,000 more people might try to leave.", "UN"),
    ("The ministry later said 300 people had left.", "ministry"),
    ("Three weeks ago the U.N. put the number of people trapped at 1,000.", "UN"),
    ("Last week the governor said 40 buses had left.", "governor"),
    ("Two days ago police said 12 people had died.", "police"),
])
def test_an_adverb_of_time_around_the_subject_is_not_part_of_the_speaker(sentence, speaker):
    """"X then/later said", "Three weeks ago X said", "Last week X said": the adverb tells when, not who."""
    a = find_attribution(sentence)
    assert a is not None and a.speaker == speaker, a


@pytest.mark.parametrize("sentence,speaker", [
    ("Some 1,200 evacuees were staying at shelters in the town, the Red Cross said.", "Red Cross"),
    ("About 300 people slept in the hall, the International Committee of the Red Cross said.", "ICRC"),
])
def test_a_bare_red_cross_is_no_particular_society(sentence, speaker):
    """"The Red Cross" in a story from Florida or Victoria is the national society there, not the ICRC: a bare
    "Red Cross" is credited as written; only the ICRC's own names are the ICRC."""
    a = find_attribution(sentence)
    assert a is not None and a.speaker == speaker, a


def test_a_role_with_a_lowercase_modifier_is_an_apposition_and_a_clause_is_no_speaker():
    """Written sentences: "X, technical director of Y, said" is X (as "X, the director of Y" is), not the body Y;
    "Residents were evacuated, the committee X said" is X's word or no one's, never "Residents" (the clause before
    the comma names no one)."""
    a = find_attribution("Maria Lopez, technical director of the emergency plan, said 6,000 people had left.")
    assert a is not None and a.speaker == "Maria Lopez", a
    a = find_attribution("Residents were evacuated overnight, the regional emergency committee said.")
    assert a is None or a.speaker != "Residents", a


@pytest.mark.parametrize(("text", "speaker"), [
    # a body described in common words, then named: the name speaks
    ("The town has 33,000 inhabitants, according to the national statistics institute INE.", "INE"),
    ("About 800 residents were told to leave, the regional volcanic emergency committee Pevolca said.", "Pevolca"),
])
def test_a_body_described_then_named_is_the_speaker(text, speaker):
    a = find_attribution(text)
    assert a is not None and a.speaker == speaker, a


def test_a_body_named_by_its_kind_is_the_body_of_that_kind_named_last():
    """"the agency said" after "the World Food Programme's trucks ...": a body the text names in full and then by
    its kind is the nearest one of that kind, by name or by a known alias ("the UN refugee agency" is UNHCR);
    "it said" then follows it. A kind the text never named nearby stays as written, and "the army" (a party,
    not a named body) is never read this way."""
    text = ("Headline\n\nFamilies crossed at dawn, citing figures from Chad's Ministry of Social Action. About 900 "
            "people waited at the border post, the ministry said. It estimated that 300 more were on the road.\n\n"
            "Tents went up at UNHCR's site near the river, and 1,200 people slept there, the agency said.\n\n"
            "The army said 40 trucks had gone north. The commission said 12 roads were closed.")
    got = attribute(text, split_sentences(text))
    assert got[2:4] == ["Chad's Ministry of Social Action"] * 2, got
    assert got[4] == "UNHCR", got
    assert got[5:] == ["army", "commission"], got


def test_a_ministry_credited_earlier_is_the_ministry_said_later():
    text = ("Headline\n\nRwanda's health ministry said 70 people were treated. Roads were cut. Rain fell all night. "
            "The ministry said 20 more arrived by boat.")
    got = attribute(text, split_sentences(text))
    assert got[-1] == "Rwanda's health ministry", got


@pytest.mark.parametrize("sentence,who", [
    ("The Danish Refugee Council, whose teams work at the crossings, recorded 4,310 arrivals by Sunday.",
     "Danish Refugee Council"),
    ("Volunteers counted more than 600 cars leaving the valley.", "Volunteers"),
    ("The county registered 2,150 households for help.", "county"),
    # a measurement is no count a body reports
    ("The gauge at the bridge recorded 240 mm of rain overnight.", None),
    ("The charity registered as a company in 2010.", None),
])
def test_a_body_that_counts_is_the_source_of_its_count(sentence, who):
    assert speaker(sentence) == who


@pytest.mark.parametrize("sentence,who", [
    ("Officials expected 200 buses to arrive by noon.", "Officials"),
    ("The agency predicted that 40,000 people would need shelter.", "agency"),
    ("Ruritania expects about 900 of its nationals to leave.", "Ruritania"),
    # a passive, or a comparison, names no one who expects
    ("Residents were expected to leave by noon.", None),
    ("As expected, 300 people left before dark.", None),
    ("More people than expected arrived at the shelters.", None),
])
def test_who_expects_or_predicts_a_number_is_its_source(sentence, who):
    assert speaker(sentence) == who


def test_a_sentence_adverb_is_no_speaker_and_an_article_before_a_body_is_no_part_of_its_name():
    assert speaker("Separately, Ruritania said it had evacuated 80 of its nationals by air.") == "Ruritania"
    assert speaker("Instead, the ministry said 40 buses had left.") == "ministry"
    text = ("Headline\n\nA State Department-chartered plane carried 30 Americans to Oran on Sunday. More than 1,600 had "
            "asked for help to leave, the department said.")
    assert attribute(text, split_sentences(text))[-1] == "State Department"


@pytest.mark.parametrize("sentence,who", [
    ("The foreign ministry put the first group at 122 nationals.", "foreign ministry"),
    ("Officials put the number of people in shelters at about 2,600.", "Officials"),
    ("He put the car at the gate.", None),  # no number: nothing counted
])
def test_whoever_puts_a_group_at_a_number_is_its_source(sentence, who):
    assert speaker(sentence) == who


def test_a_body_described_with_whose_it_is_is_the_speaker_before_the_agency_that_relayed_it():
    assert speaker("The interior ministry of the eastern government said at least 5,300 people had died in Oran, "
                   "according to the state news agency.") == "interior ministry of the eastern government"


def test_a_verb_of_saying_in_a_clause_on_one_noun_is_not_the_sentences_source():
    """"..., a deadline the United Nations said was impossible to meet": the UN spoke of the deadline, not of the
    sentence's numbers."""
    assert speaker("Thousands fled after the army told the 1.1 million people in the north to move within 24 hours, "
                   "a deadline the United Nations said was impossible to meet.") is None
    assert speaker("The United Nations said the deadline was impossible to meet.") == "UN"


def test_the_group_is_no_organisation_credited_before():
    """"A group of 40 tourists ... the group said": the tourists, not the body that spoke last."""
    text = ("Headline\n\nThe Red Cross said 200 people had left. A group of 40 tourists stayed at the hotel. "
            "The group said 12 of them were ill.")
    assert attribute(text, split_sentences(text))[-1] != "Red Cross"


@pytest.mark.parametrize("sentence,who", [
    ("In a statement on Saturday the Red Cross said 528,000 people had been evacuated.", "Red Cross"),
    ("In a separate statement on Friday UNHCR said 1,200 refugees had crossed.", "UNHCR"),
    ("In a televised address the prime minister said 300 families had left.", "prime minister"),
    ("In a town near the border the mayor said 300 families had left.", None),  # a place, not a statement
])
def test_the_statement_a_source_spoke_in_is_no_part_of_the_subject(sentence, who):
    """"In a statement on Saturday X said ...": a fronted statement, speech or interview (with no comma before the
    subject) is where X spoke, not part of X's name."""
    assert speaker(sentence) == who
