"""Routes whose branches share their first stage: driven from one town to a hub, then some on by road to one
place and others flown to another. The branch is named and drawn from the origin through the hub ("Kisumu ->
Nairobi -> Addis Ababa"), not from the hub alone, while the shared leg is listed once, on the other route.
Written sentences of an invented story (none from the corpora)."""
from __future__ import annotations

import hashlib

import pytest
from helpers import km_between as km

from evacmap.corpus.mentions import find_mentions
from evacmap.corpus.model import Article
from evacmap.corpus.sentences import split_sentences
from evacmap.gazetteer import Gazetteer
from evacmap.geo.legs import extract_legs
from evacmap.geo.routes import build_routes


@pytest.fixture(scope="module")
def gaz():
    return Gazetteer.load()


def _routes(text: str, gaz):
    a = Article(id="t", path="t.txt", text=text, sha256=hashlib.sha256(text.encode()).hexdigest(), outlet="T")
    return build_routes(extract_legs(a, split_sentences(text), find_mentions(a, gaz), gaz), gaz)


def _names(route, gaz) -> list[str]:
    return [gaz.get(pid).name for pid in route.waypoints]


STORY = ("Aid workers drove 300 foreigners from Kisumu to Nairobi on Monday. On Tuesday 200 of them were driven "
         "from Nairobi to Mombasa by bus. The other 100 were flown from Nairobi to Addis Ababa.")


def test_a_branch_keeps_the_stage_it_shares_with_the_trunk(gaz):
    routes = _routes(STORY, gaz)
    chains = sorted(_names(r, gaz) for r in routes)
    assert chains == [["Kisumu", "Nairobi", "Addis Ababa"], ["Kisumu", "Nairobi", "Mombasa"]], chains
    branch = next(r for r in routes if _names(r, gaz)[-1] == "Addis Ababa")
    assert branch.label == "Kisumu → Nairobi → Addis Ababa"
    start = gaz.get(branch.waypoints[0])
    lon, lat = branch.geometry.coords[0][:2]
    assert km((lat, lon), (start.lat, start.lon)) < 1  # the line is drawn from Kisumu, through Nairobi
    assert any("shares its first stages" in n for n in branch.notes)
    # the shared leg and its source are listed once, on the trunk
    shared = [lg for r in routes for lg in r.legs if lg.from_name == "Kisumu"]
    assert len(shared) == 1


def test_a_movement_heading_back_toward_the_origin_is_no_branch(gaz):
    """Ferries sailed out empty from a far port to the hub; the evacuees are then flown from the hub to a town
    nearer that port: no route runs from the far port through the hub (it is no continuation of that sailing)."""
    routes = _routes("Two ferries sailed from Istanbul to Mombasa on Monday. On Friday 300 foreigners were "
                     "flown from Mombasa to Nairobi.", gaz)
    chains = sorted(_names(r, gaz) for r in routes)
    assert chains == [["Istanbul", "Mombasa"], ["Mombasa", "Nairobi"]], chains
