"""Every field of the model reaches the page and the exports: nothing is computed and then dropped.

`place_inferred` was once written by the build and never read, so a claim drawn at a guessed place looked
like one about that place. These tests hold each field of a claim and of a count to one of two fates:
shown (on the page and in the JSON/CSV exports), or named below with the reason it is not on the page.
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
import re
from pathlib import Path

import pytest

from evacmap.corpus.model import CSV_HEADER, Claim, Quantity
from evacmap.maps import model as maps_model
from evacmap.maps.formatting import scope_words
from evacmap.maps.pages import human_date

ROOT = Path(__file__).resolve().parents[1]

# Fields of a claim the page does not print, each with its reason. A new field must be added to the page or
# here, or these tests fail.
NOT_ON_PAGE = {
    "id": "carried as the item's data-claim attribute, not as words",
    "article": "the source line names the article by outlet and headline instead",
    "start": "a character offset, for exports only",
    "end": "a character offset, for exports only",
    "event": "a comparison key; the quoted sentence states the event in its own words",
    "places": "the claim is listed under each place it is about",
    "inferred_places": "shown as the 'names no place' tag on the item at that place",
}
NOT_IN_JSON: dict[str, str] = {}  # every claim field is in claims.json
QUANTITY_NOT_IN_JSON = {"kinds": "given as `counts`, a list when the phrase counts several kinds"}


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    """The sample's site, built once per test run."""
    return built_site()


@pytest.fixture(scope="module")
def claims(site) -> list[dict]:
    return json.loads((site / "data" / "claims.json").read_text(encoding="utf-8"))


def _items(page: str) -> list[tuple[str, str, str]]:
    """(outlet, claim id, item HTML) for each claim item of a page's text version."""
    out = []
    for section in page.split('<section class="evm-outlet"')[1:]:
        head = re.search(r"<h5>(.*?)<span", section, re.S)
        assert head, "an outlet section without its outlet heading"
        outlet = html.unescape(head.group(1)).strip()
        body = section.split("</section>", 1)[0]
        out += [(outlet, cid, item) for cid, item in re.findall(r'<li class="evm-claim" data-claim="([^"]+)">(.*?)</li>',
                                                                  body, re.S)]
    return out


def _words(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_every_claim_field_is_exported_or_accounted_for(claims, site):
    names = {f.name for f in dataclasses.fields(Claim)} | {"place_inferred"}
    assert claims, "the sample has claims"
    for record in claims:
        assert names - set(NOT_IN_JSON) <= set(record), names - set(record)
        for q in record["quantities"]:
            qnames = {f.name for f in dataclasses.fields(Quantity)} - set(QUANTITY_NOT_IN_JSON)
            assert qnames <= set(q), qnames - set(q)
    rows = list(csv.reader(io.StringIO((site / "data" / "claims.csv").read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CSV_HEADER
    csv_claims = {r[0] for r in rows[1:]}
    assert csv_claims == {c["id"] for c in claims}
    inferred = {r[0] for r in rows[1:] if r[CSV_HEADER.index("place_inferred")] == "true"}
    assert inferred == {c["id"] for c in claims if c["place_inferred"]}


def test_page_fields_are_accounted_for():
    """Each field of a claim is on the page (checked below) or listed in NOT_ON_PAGE with its reason."""
    on_page = {"outlet", "speaker", "text", "date", "time", "quantities", "scope", "modality", "place_inferred"}
    names = {f.name for f in dataclasses.fields(Claim)}
    assert names == (on_page - {"place_inferred"}) | set(NOT_ON_PAGE), names ^ ((on_page - {"place_inferred"}) | set(NOT_ON_PAGE))


def test_every_drawn_claim_shows_its_fields_on_the_page(site, claims):
    by_id = {c["id"]: c for c in claims}
    places = json.loads((site / "data" / "places.geojson").read_text(encoding="utf-8"))["features"]
    wide = {f["properties"]["id"] for f in places if f["properties"]["kind"] in {"country", "continent"}}
    pages = [p for p in sorted(site.glob("*.html")) if p.name != "index.html"]
    seen: dict[str, list[str]] = {}
    for page in pages:
        for outlet, cid, item in _items(page.read_text(encoding="utf-8")):
            claim = by_id[html.unescape(cid)]
            words = _words(item)
            seen.setdefault(claim["id"], []).append(words)
            assert outlet == claim["outlet"], (page.name, cid)
            assert claim["text"] in words
            if claim["speaker"]:
                assert f"{claim['speaker']}:" in words, (cid, words)
            if claim["date"]:
                assert human_date(claim["date"]) in words, (cid, words)
            if claim["time"]:
                assert claim["time"] in words, (cid, words)
            for q in claim["quantities"]:
                for tag in scope_words(q["scope"], q["modality"]):
                    assert tag in words, (cid, tag, words)
            if not claim["quantities"]:
                for tag in scope_words(claim["scope"], claim["modality"]):
                    assert tag in words, (cid, tag, words)
            tagged = "names no place" in words
            if not claim["place_inferred"] and set(claim["places"]) - wide:
                assert not tagged, (cid, words)
            if not set(claim["places"]) - wide:  # no place a story map shows: drawn where its article is set
                assert tagged, (cid, words)
    assert seen, "no claim items found on the pages"
    # A claim whose places were inferred carries the tag at (at least) one place it is drawn at.
    for cid, shown in seen.items():
        if by_id[cid]["place_inferred"]:
            assert any("names no place" in w for w in shown), cid
    # Every claim with a count is drawn somewhere: no number is silently dropped from the maps.
    counted = {c["id"] for c in claims if c["quantities"]}
    assert counted <= set(seen), sorted(counted - set(seen))[:5]


def test_a_count_reads_as_its_words(site, claims):
    """Vague amounts stay words; a planned or first-batch count says so next to the number."""
    text = (site / "overview.html").read_text(encoding="utf-8")
    nums = [_words(m) for m in re.findall(r'<span class="evm-nums">(.*?)</span>', text, re.S)]
    assert nums
    for line in nums:
        assert not re.search(r"\b(?:hundreds|thousands|dozens)\s+\d", line), line  # no invented 2,000–9,999
    planned = [q for c in claims for q in c["quantities"] if q["modality"] == "planned"]
    if planned:
        assert any("planned" in line for line in nums)


def test_every_field_of_the_renderer_records_is_read():
    """A field of the maps model that no renderer reads is a value computed and then dropped."""
    sources = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "maps").rglob("*"))
                        if p.is_file() and p.suffix in {".py", ".j2", ".js"} and p.name != "model.py")
    model_src = (ROOT / "maps" / "model.py").read_text(encoding="utf-8")
    unread = []
    for cls in (maps_model.Claim, maps_model.Place, maps_model.Source, maps_model.Leg, maps_model.Route,
                maps_model.Zone, maps_model.ZoneClaim):
        for f in dataclasses.fields(cls):
            used_elsewhere = re.search(rf"\.{f.name}\b", sources)
            used_by_model = len(re.findall(rf"\.{f.name}\b", model_src)) > 0
            if not (used_elsewhere or used_by_model):
                unread.append(f"{cls.__name__}.{f.name}")
    assert not unread, unread


def test_every_leg_on_a_page_is_the_exported_leg(site):
    """Each leg listed on a page names the leg of data/routes.geojson it shows, with the same status and
    sources, so a fact-checker can go from the page to the data and back."""
    features = json.loads((site / "data" / "routes.geojson").read_text(encoding="utf-8"))["features"]
    legs = {f["properties"]["id"]: f["properties"] for f in features}
    shown = 0
    for page in sorted(site.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for chunk in text.split('<li class="evm-leg-item"')[1:]:
            leg_id, body = re.match(r' id="[^"]+" data-leg="([^"]*)">(.*)', chunk.split("</ol>")[0], re.S).groups()
            leg = legs[html.unescape(leg_id)]
            words = _words(body)
            shown += 1
            assert leg["status"].capitalize() in words, (leg_id, words)
            assert (leg["status"] == "happened") != ("not known to have happened" in words), (leg_id, words)
            for source in leg["sources"]:
                assert source["text"] in words, (leg_id, source["text"])
    assert shown, "no legs found on the pages"


def test_an_inferred_place_says_how_it_was_inferred(site, claims):
    """A place read by a rule from the text around a claim ("there", "the region", "Of them, ...") is not
    "where its article is set": the tag says which of the two it is."""
    places = json.loads((site / "data" / "places.geojson").read_text(encoding="utf-8"))["features"]
    wide = {f["properties"]["id"] for f in places if f["properties"]["kind"] in {"country", "continent"}}
    by_id = {c["id"]: c for c in claims}
    by_text = {c["id"] for c in claims if c["inferred_places"] and set(c["places"]) - wide
               and set(c["places"]) - wide <= set(c["inferred_places"])}
    by_article = {c["id"] for c in claims if c["quantities"] and not set(c["places"]) - wide}
    assert by_text and by_article, "the sample has claims of both kinds"
    for page in sorted(site.glob("*.html")):
        for _outlet, raw_id, item in _items(page.read_text(encoding="utf-8")):
            words, cid = _words(item), html.unescape(raw_id)
            assert by_id[cid]
            if cid in by_text:
                assert "place inferred from the text around it" in words and "article is set" not in words, words
            if cid in by_article:
                assert "placed where its article is set" in words, words
