"""A user's own background layers (``[[layers]]`` in evacmap.toml): a copy of the sample corpus given a road
and a river file, built through the CLI and opened in real headless Chromium. The project ships no roads or
rivers, so these GeoJSON files stand for a newsroom's own (their lines are test data, not real roads)."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_browser import Opened

from evacmap.corpus.articles import sample_path

pytestmark = pytest.mark.browser

ROAD = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "test road"},
        "geometry": {"type": "LineString", "coordinates": [[37.16, 36.20], [36.95, 36.15], [36.75, 36.02],
                                                            [36.63, 35.93]]}}]}
LAKE = {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [[[36.9, 36.4], [37.0, 36.4], [37.0, 36.48], [36.9, 36.48],
                                                         [36.9, 36.4]]]}}]}
LAYERS = """
[[layers]]
name = "Test roads"
file = "layers/roads.geojson"
kind = "road"
attribution = "Test data written for evacmap's tests"

[[layers]]
name = "Test lake"
file = "layers/lake.geojson"
kind = "water"
"""


def _corpus(tmp: Path, extra: str) -> Path:
    corpus = tmp / "corpus"
    shutil.copytree(sample_path(), corpus)
    (corpus / "layers").mkdir()
    (corpus / "layers" / "roads.geojson").write_text(json.dumps(ROAD), encoding="utf-8")
    (corpus / "layers" / "lake.geojson").write_text(json.dumps(LAKE), encoding="utf-8")
    toml = corpus / "evacmap.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return corpus


@pytest.fixture(scope="module")
def layered(tmp_path_factory, run_cli) -> Path:
    tmp = tmp_path_factory.mktemp("layers")
    out = tmp / "site"
    result = run_cli("build", _corpus(tmp, LAYERS), "--out", out)
    assert result.returncode == 0, result
    return out


def test_user_layers_are_drawn_under_the_story_and_credited(browser, layered):
    o = Opened(browser, layered / "overview.html")
    try:
        drawn = o.page.evaluate("""() => [...document.querySelectorAll('.leaflet-evm-base-pane path')]
            .map(p => [p.getAttribute('stroke'), p.getAttribute('fill'), p.getBBox().width])""")
        assert any(s == "#b3a58c" and f == "none" and w > 50 for s, f, w in drawn), drawn  # the road, a line
        assert any(f == "#c9dbe8" and s == "#7fa7c9" for s, f, _ in drawn), drawn  # the lake, filled
        credits = o.page.locator(".evm-credit, .leaflet-control-attribution").all_inner_texts()
        assert any("Test roads: Test data written for evacmap's tests" in c for c in credits), credits
        assert o.errors == [] and o.outside == []
    finally:
        o.close()
    svg = (layered / "overview.svg").read_text(encoding="utf-8")
    assert 'stroke="#b3a58c"' in svg and 'fill="#c9dbe8" stroke="#7fa7c9"' in svg


@pytest.mark.parametrize(("extra", "words"), [
    ('\n[[layers]]\nname = "x"\nfile = "layers/roads.geojson"\nkind = "motorway"\n', "kind 'motorway' is not one of"),
    ('\n[[layers]]\nname = "x"\nfile = "../outside.geojson"\n', "points outside the corpus folder"),
    ('\n[[layers]]\nname = "x"\nfile = "layers/none.geojson"\n', "does not exist"),
    ('\n[[layers]]\nname = "x"\nfile = "layers/roads.geojson"\ncolour = "red"\n', "unknown key 'colour'"),
])
def test_a_wrong_layer_is_one_line_naming_the_file(tmp_path, run_cli, extra, words):
    proc = run_cli("build", _corpus(tmp_path, extra), "--out", tmp_path / "site")
    assert proc.returncode == 1, proc
    assert words in proc.stderr and "evacmap.toml" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


EVIL = ("<script>document.title='PWNED'</script><img src=x onerror=\"document.title='PWNED'\">"
        "<a href=\"javascript:document.title='PWNED'\">x</a>]]></svg></style>`${document.title='PWNED'}`")


def test_hostile_layer_names_and_credits_are_shown_as_text_never_run(browser, tmp_path, run_cli):
    """A layer's name, its attribution and its features' names come from a user's files: on every page,
    in the layer control, the credits and the static SVG they are text, never markup."""
    road = json.loads(json.dumps(ROAD))
    road["features"][0]["properties"]["name"] = EVIL
    extra = (f'\n[[layers]]\nname = {json.dumps("Roads " + EVIL)}\nfile = "layers/evil.geojson"\n'
             f'kind = "road"\nattribution = {json.dumps("Credit " + EVIL)}\n')
    corpus = _corpus(tmp_path, extra)
    (corpus / "layers" / "evil.geojson").write_text(json.dumps(road), encoding="utf-8")
    out = tmp_path / "site"
    result = run_cli("build", corpus, "--out", out)
    assert result.returncode == 0, result
    o = Opened(browser, out / "overview.html")
    try:
        assert o.page.title() != "PWNED"
        texts = " ".join(o.page.locator(".evm-credit, .leaflet-control-attribution, .leaflet-control-layers")
                         .all_text_contents())
        assert "Credit <script>" in texts  # shown literally, so a reader sees what the file said
        assert o.page.locator("img[onerror]").count() == 0
        assert o.page.locator("a[href^='javascript:']").count() == 0
        o.page.wait_for_timeout(200)
        assert o.page.title() != "PWNED" and o.dialogs == [] and o.outside == []
    finally:
        o.close()
    import xml.etree.ElementTree as ET

    for svg in out.rglob("*.svg"):
        root = ET.fromstring(svg.read_text(encoding="utf-8"))  # well-formed: nothing closed the document early
        assert not any(el.tag.endswith(("script", "img", "a")) for el in root.iter()), svg
