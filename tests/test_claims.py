"""Claims and the cross-outlet comparison on the five sample articles, plus written cases and fuzzing."""
from __future__ import annotations

import csv
import datetime as dt
import functools
import hashlib
import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evacmap.corpus.claims import extract_claims
from evacmap.corpus.compare import ComparisonGroup, GroupValue, compare_claims, compare_csv_rows, disagree, interval, site_of
from evacmap.corpus.events import EVENT_KINDS, classify
from evacmap.corpus.model import Article, Claim, claims_csv_rows
from evacmap.corpus.quantities import parse_quantities
from evacmap.corpus.sentences import split_sentences

ARTICLES = Path(__file__).resolve().parents[1] / "corpus" / "samples" / "aleppo-2016" / "articles"
THU, FRI = dt.date(2016, 12, 15), dt.date(2016, 12, 16)
OUTLETS = {"000": ("VOA News", THU), "001": ("The Independent", THU), "002": ("The Boston Globe", FRI),
           "003": ("CNN", THU), "004": ("Al Jazeera", THU)}

# What the sample must yield: (article prefix, value, acceptable counted nouns).
GOLD = [
    ("000", 21, {"buses"}), ("000", 19, {"ambulances"}),
    ("001", 200, {"people", "evacuees", "civilians"}), ("001", 17, {"buses"}),
    ("001", 5000, {"people", "evacuees"}), ("001", 50000, {"people", "civilians"}),
    ("002", 1000, {"people", "evacuees"}), ("002", 250, {"fighters", "foreign fighters"}),
    ("002", 250000, {"people"}),
    ("003", 3000, {"people", "evacuees"}), ("003", 40, {"wounded"}), ("003", 20, {"buses"}),
    ("003", 13, {"ambulances"}), ("003", 29, {"buses"}),
    ("004", 3000, {"civilians", "people", "evacuees"}), ("004", 50000, {"people", "civilians"}),
    ("004", 10000, {"people", "fighters"}), ("004", 40000, {"civilians"}), ("004", 24, {"vehicles"}),
]


def article(prefix: str) -> Article:
    path = next(ARTICLES.glob(f"{prefix}_*.txt"))
    data = path.read_bytes()
    outlet, published = OUTLETS[prefix]
    return Article(id=path.stem, path=f"articles/{path.name}", text=data.decode("utf-8"),
                   sha256=hashlib.sha256(data).hexdigest(), outlet=outlet, published=published)


def claims_of(a: Article, mentions=()) -> list[Claim]:
    return extract_claims(a, split_sentences(a.text), list(mentions))


@functools.lru_cache(maxsize=1)
def sample_claims() -> tuple[Claim, ...]:
    return tuple(c for p in OUTLETS for c in claims_of(article(p)))


def claim_with(fragment: str) -> Claim:
    hits = [c for c in sample_claims() if fragment in c.text]
    assert len(hits) == 1, (fragment, hits)
    return hits[0]


def has_value(q, v):
    return any(x is not None and abs(x - v) <= 0.001 * v for x in (q.value, q.low, q.high))


# --- whole sample -----------------------------------------------------------------------------------

@pytest.mark.parametrize("prefix,value,counts", GOLD)
def test_every_gold_count_is_extracted(prefix, value, counts):
    found = [q for c in sample_claims() if c.article.startswith(prefix) for q in c.quantities
             if has_value(q, value) and q.counts in counts]
    assert found, (prefix, value, counts)


def test_no_phone_number_year_or_age_claims():
    values = {(c.article[:3], q.value) for c in sample_claims() for q in c.quantities}
    for bad in (44, 7435, 939, 154, 7435939154):
        assert ("003", bad) not in values
    assert not {v for _, v in values} & {2011, 2012, 2016, 4000}  # years; "4,000 years"
    assert ("000", 15) not in values and ("003", 9) not in values  # "15-member", "9-month-old"
    assert not any(q.counts is None for c in sample_claims() for q in c.quantities)


def test_claims_carry_outlet_ids_offsets_and_valid_events():
    for c in sample_claims():
        a = article(c.article[:3])
        assert a.text[c.start:c.end] == c.text
        n, _, k = c.id.split("#")[1].partition(".")
        sentence = split_sentences(a.text)[int(n)]
        assert c.id == f"{a.id}#{n}" + (f".{k}" if k else "")
        assert sentence.start <= c.start and c.end <= sentence.end  # the sentence or one of its clauses
        assert bool(k) == (c.start > sentence.start)
        assert c.outlet == a.outlet
        assert c.event is None or c.event in EVENT_KINDS
        for q in c.quantities:
            assert a.text[q.start:q.end] == q.text


def test_the_thursday_counts_with_speakers_and_dates():
    c = claim_with("Approximately 200 left in the first batch")
    assert (c.event, c.date, c.speaker) == ("evacuated", THU, None)
    c = claim_with("returned with about 1,000 evacuees")
    assert (c.event, c.date, c.speaker, c.outlet) == ("evacuated", THU, "Russia; WHO", "The Boston Globe")
    c = claim_with("Approximately 3,000 people and more than 40 wounded")
    assert (c.event, c.date, c.speaker) == ("evacuated", THU, "Marianne Gasser (ICRC)")
    c = claim_with("At least 3,000 civilians were evacuated")
    assert (c.event, c.date, c.speaker) == ("evacuated", THU, "ICRC")
    c = claim_with("21 buses and 19 ambulances")
    assert (c.event, c.speaker) == ("convoy", "WHO")
    c = claim_with("Twenty-nine buses")
    assert c.speaker == "Syrian state TV"


def test_remaining_counts_and_the_un():
    c = claim_with("as high as 50,000")
    assert (c.event, c.speaker) == ("remaining", "UN")
    c = claim_with("almost 50,000 remained")
    assert (c.event, c.speaker) == ("remaining", "UN")
    assert claim_with("about 10,000 people, including fighters").speaker == "Staffan de Mistura (UN)"
    assert claim_with("an estimated 50,000 people").speaker == "Jan Egeland (UN)"


def test_clock_time_and_cumulative_tolls():
    assert claim_with("2:30pm").time == "2:30pm local time (1230GMT)"
    assert claim_with("brutal five-year civil war that has killed").date is None  # a toll of years


def test_quotations_without_numbers_are_not_events():
    assert not [c for c in sample_claims() if "potential massacres" in c.text]  # a fear in a quote


# --- comparison --------------------------------------------------------------------------------------

def groups():
    return compare_claims(list(sample_claims()))


def values(g: ComparisonGroup):
    return sorted(((v.article[:3], v.value, v.qualifier) for v in g.values),
                  key=lambda t: (t[0], -1 if t[1] is None else t[1], t[2] or ""))


def test_thursday_evacuation_count_disagrees_and_scopes_stay_apart():
    day = [g for g in groups() if (g.event, g.counts, g.date) == ("evacuated", "people", THU)]
    g = next(g for g in day if g.scope is None)
    assert g.disagree
    got = values(g)
    for expected in [("002", 1000, "about"), ("004", 3000, "at least")]:
        assert expected in got
    assert ("002", 1000, "around") not in got  # the Globe's figure, printed twice, is entered once ...
    assert {"Russia; WHO", "ICRC"} <= {v.speaker for v in g.values}  # ... with the speaker it is credited to
    first = next(g for g in day if g.scope == "first_batch")
    assert ("001", 200, "approximately") in values(first) and ("001", 200, "approximately") not in got
    assert ("003", 3000, "approximately") in got  # "the first two evacuations": everything so far that day
    assert next(v for v in g.values if v.article.startswith("003")).scope == "first_two"  # kept on the value
    assert all(len({(v.article, v.value, v.low, v.high) for v in g.values}) == len(g.values) for g in groups())


def test_first_convoy_vehicle_groups_disagree_and_no_sum_is_invented():
    by = {(g.event, g.counts, g.date, g.scope): g for g in groups() if g.site in (None, "aleppo")}
    first = by[("convoy", "buses", THU, "first_batch")]
    assert [(a, v) for a, v, _ in values(first)] == [("001", 17), ("003", 20)] and first.disagree
    assert first.spread[0] == 17 and "first batch" in first.note
    assert ("000", 21, None) in values(by[("convoy", "buses", THU, None)])  # WHO's count: scope not stated
    assert not any(v.qualifier == "buses + ambulances" for g in groups() for v in g.values)


def test_remaining_estimates_agree_within_their_qualifiers():
    g = next(g for g in groups() if (g.event, g.counts, g.date) == ("remaining", "people", THU))
    assert {v.article[:3] for v in g.values} >= {"001", "004"}
    assert not g.disagree  # 'as high as 50,000' and 'almost 50,000' can both be right


def test_one_outlet_groups_never_disagree_and_order_is_stable():
    gs = groups()
    assert gs == compare_claims(list(reversed(sample_claims())))
    for g in gs:
        if len({v.outlet for v in g.values}) == 1:
            assert not g.disagree


def test_intervals_from_qualifiers():
    assert interval(1000, None, None, "about") == (850, 1150)
    assert interval(3000, 3000, None, "at least")[1] == float("inf")
    assert interval(40, 40, None, "more than")[0] > 40
    assert interval(50000, None, 50000, "almost") == (42500, 50000)
    assert interval(50000, None, 50000, "as high as") == (0, 50000)
    assert interval(None, 1500, 5000, "between") == (1500, 5000)
    assert interval(None, 2000, 9999, "thousands") == (2000, float("inf"))
    v = lambda o, x, q=None: GroupValue(o, o, o + "#1", x, None, None, q, None)  # noqa: E731
    assert disagree([v("a", 200, "about"), v("b", 1000, "about")])
    assert not disagree([v("a", 950, "about"), v("b", 1000, "about")])
    assert not disagree([v("a", 200), v("a", 1000)])  # one outlet's two numbers are not compared


def test_csv_rows():
    header, rows = claims_csv_rows(list(sample_claims()))
    assert header[0] == "claim" and all(len(r) == len(header) for r in rows)
    n_quantities = sum(max(1, len(c.quantities)) for c in sample_claims())
    assert len(rows) == n_quantities
    out = io.StringIO()
    csv.writer(out).writerows([header, *rows])
    assert "Marianne Gasser (ICRC)" in out.getvalue()
    header, rows = compare_csv_rows(groups())
    assert "disagree" in header and all(len(r) == len(header) for r in rows)
    assert any(r[header.index("value")] == 24 for r in rows)


# --- written sentences ----------------------------------------------------------------------------

def written(text, published=THU):
    a = Article(id="w", path="w.txt", text=text, sha256="0", outlet="Test", published=published)
    return claims_of(a)


def test_sentence_without_count_or_event_is_no_claim():
    assert written("Assad likened the recapture of Aleppo to the birth of Jesus Christ.") == []
    assert written("It took 4,000 years, hundreds of generations, to build Aleppo.") == []


@pytest.mark.parametrize("text,event", [
    ("About 500 people were evacuated from the enclave.", "evacuated"),
    ("Some 2,000 civilians remained inside the besieged districts.", "remaining"),
    ("A convoy of 12 buses left at dawn.", "convoy"),
    ("The ceasefire collapsed within hours.", "ceasefire"),
    ("Shelling killed 12 people and wounded 30 others.", "attack"),
    ("A sniper killed two volunteers.", "killed"),
    ("Gunmen opened fire, wounding at least five people.", "wounded"),
    ("Most of the 4,000 evacuees will be taken to Idlib.", "destination"),
    ("An estimated 50,000 people had fled the area.", "fled"),
])
def test_event_kinds(text, event):
    assert classify(text, parse_quantities(text)) == event


# --- places through the real gazetteer ---------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def curated_gazetteer():
    from evacmap.gazetteer import Gazetteer

    return Gazetteer.load(world=False, imported=False, focus="SY")


def test_places_from_mentions_and_the_29_buses_kept_apart():
    from evacmap.corpus.mentions import find_mentions

    gaz = curated_gazetteer()
    cs = []
    for p in OUTLETS:
        a = article(p)
        cs += claims_of(a, find_mentions(a, gaz, focus="SY"))
    convoy = next(c for c in cs if "two dozen vehicles" in c.text)
    assert "amiriyah" in convoy.places and "ramouseh" in convoy.places
    assert convoy.places.index("amiriyah") < convoy.places.index("ramouseh")
    fua = next(c for c in cs if "Twenty-nine buses" in c.text)
    assert {"fuah", "kafriya"} <= set(fua.places)  # "those two cities" = the previous sentence's places
    gs = compare_claims(cs, gaz.get)
    assert fua.place_inferred and not convoy.place_inferred
    aleppo_buses = [g for g in gs if (g.event, g.counts, g.date, g.site) == ("convoy", "buses", THU, "aleppo")]
    assert all(29 not in [v.value for v in g.values] for g in aleppo_buses)
    assert any(g.disagree for g in aleppo_buses)
    assert any(g.site == "fuah" and [v.value for v in g.values] == [29] for g in gs)
    thursday = next(g for g in gs if (g.event, g.counts, g.date, g.site, g.scope) ==
                    ("evacuated", "people", THU, "aleppo", None))
    assert thursday.disagree and len({v.outlet for v in thursday.values}) >= 2
    assert site_of("eastern_aleppo", gaz.get) == site_of("amiriyah", gaz.get) == "aleppo"
    assert site_of("syria", gaz.get) is None


# --- nothing crashes ------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=400), st.lists(st.sampled_from(
    ["About", "1,000", "people", "were", "evacuated", "on", "Thursday", ",", "the", "UN", "said", ".", "\n",
     "“", "”", "he", "said", "at least", "buses", "killed", "+44", "2012", "two dozen", "between", "to",
     "in those two cities", "the figure", "how many people are left"]), max_size=40).map(" ".join)),
       st.sampled_from([THU, FRI, None]))
def test_extract_claims_never_crashes(text, published):
    a = Article(id="x", path="x.txt", text=text, sha256="0", published=published)
    cs = claims_of(a)
    for c in cs:
        assert text[c.start:c.end] == c.text
    compare_claims(cs)
    claims_csv_rows(cs)
