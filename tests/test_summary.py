"""The summaries a compact map page shows (maps.summary): the timeline strip, the disputed figures per place,
the latest report, and the budget that decides when a page summarises."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

import geopandas as gpd
from shapely.geometry import Point

from evacmap.maps.summary import CLAIM_BUDGET, MAX_PLACES, compact, figures_by_place, needs_compact, timeline


def _claim(n, day, outlet, event=None, modality="reported"):
    return NS(id=f"c{n}", date=day, outlet=outlet, event=event, modality=modality)


def test_timeline_counts_statements_and_outlets_per_day_and_leaves_plans_out():
    d1, d2 = dt.date(2023, 4, 22), dt.date(2023, 4, 23)
    claims = [_claim(1, d2, "A", "evacuated"), _claim(2, d1, "A", "convoy"), _claim(3, d2, "B", "evacuated"),
              _claim(4, d2, "B", "airlift", "planned"), _claim(5, None, "C", "evacuated")]
    days = timeline(claims)
    assert [d["date"] for d in days] == ["2023-04-22", "2023-04-23"]
    assert days[1] == {"date": "2023-04-23", "statements": 3, "outlets": 2, "events": ["evacuated"]}


def test_disputed_figures_give_the_range_and_the_outlets_at_each_place():
    value = lambda outlet, v, claim: NS(outlet=outlet, value=v, low=None, high=None, claim=claim)  # noqa: E731
    group = NS(disagree=True, event="evacuated", counts="people", date=dt.date(2016, 12, 15),
               values=[value("X", 200.0, "c1"), value("Y", 3000.0, "c2"), value("Y", 1000.0, "c3")])
    agreed = NS(disagree=False, event="convoy", counts="buses", date=None, values=[value("X", 20.0, "c1")])
    lines = figures_by_place([group, agreed], {"c1": [("p1", False)], "c2": [("p1", False)], "c3": [("p2", True)]})
    assert lines["p1"] == ["evacuated people, 15 Dec 2016: 200 to 3,000 (2 outlets, 3 reports)"]
    assert lines["p2"] == lines["p1"] and set(lines) == {"p1", "p2"}


def _places(n_places, claims_each):
    rows = []
    for i in range(n_places):
        claims = [{"outlet": f"O{k % 3}", "text": "x" * 200, "date": f"2030-08-{1 + k % 9:02d}", "claim_id": f"{i}:{k}"}
                  for k in range(claims_each)]
        rows.append({"id": f"p{i}", "name": f"Place {i}", "claims": claims, "figures": [], "geometry": Point(i, 0)})
    return gpd.GeoDataFrame(rows, geometry="geometry", crs=4326)


def test_a_page_summarises_only_past_its_budget_and_then_keeps_the_latest_report():
    small = _places(5, 10)
    assert not needs_compact(small)
    big = _places(MAX_PLACES + 10, CLAIM_BUDGET // 2000)
    assert needs_compact(big)
    places, _routes, over = compact(big, None)
    assert len(places) == MAX_PLACES and over.places == 10 and over.compact
    row = places.iloc[0]
    assert row["summary"]["reports"] == CLAIM_BUDGET // 2000 and row["summary"]["outlets"] == ["O0", "O1", "O2"]
    assert len(row["claims"]) == 1 and row["claims"][0]["date"] == "2030-08-09"  # the latest dated report
    assert row["summary"]["href"] == "places/p0.html"
