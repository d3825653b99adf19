"""The map renderer without a browser: escaping, determinism, self-containment, content, helpers."""

from __future__ import annotations

import hashlib
import html
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import geopandas as gpd
import pytest

sys.path.insert(0, str(Path(__file__).parent))

from conftest_browser import (
    CITY,
    CNN_EAST,
    EVIL,
    OUTLETS,
    OVERVIEW,
    sample_data,
)

from evacmap.maps import assets
from evacmap.maps.cartography import LABEL_LEVELS, Label, arrow_points, fit_zoom, layout_labels
from evacmap.maps.render import (
    MapData,
    MapSpec,
    embed_snippet,
    render_embed_page,
    render_index,
    render_map,
    render_social,
    render_static,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def data():
    return sample_data()


@pytest.fixture(scope="module")
def page(data):
    return render_map(OVERVIEW, data)


@pytest.fixture(scope="module")
def evil_pages():
    d = sample_data(EVIL)
    spec = MapSpec(name="evil", title="Evil " + EVIL, bounds=OVERVIEW.bounds, date="2016-12-15", description=EVIL)
    return [render_map(spec, d), render_embed_page(spec, d), render_map(spec, d, online_tiles=True)]


def scripts_of(text: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", text, re.S)


def styles_of(text: str) -> list[str]:
    return re.findall(r"<style>(.*?)</style>", text, re.S)


class _Text(HTMLParser):
    """Visible text inside the element with a given id (for checking the plain-HTML section)."""

    def __init__(self, root_id: str):
        super().__init__(convert_charrefs=True)
        self.root_id, self.depth, self.parts = root_id, 0, []

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += 1
        elif dict(attrs).get("id") == self.root_id:
            self.depth = 1

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1

    def handle_data(self, d):
        if self.depth:
            self.parts.append(d)


def text_of(page_html: str, root_id: str) -> str:
    p = _Text(root_id)
    p.feed(page_html)
    return re.sub(r"\s+", " ", "".join(p.parts))


# --------------------------------------------------------------------------------------------------
# untrusted text
# --------------------------------------------------------------------------------------------------


class _Tags(HTMLParser):
    """Tags, inline handlers, URLs and links of a page (script contents are not parsed as markup)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.handlers, self.urls, self.links = [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "a":
            self.links.append(dict(attrs))
        for k, v in attrs:
            if k.startswith("on"):
                self.handlers.append((tag, k, v))
            if k in ("href", "src", "action", "formaction", "xlink:href"):
                self.urls.append(v or "")


def test_hostile_text_is_escaped_everywhere(evil_pages):
    for out in evil_pages:
        tags = _Tags()
        tags.feed(out)
        assert tags.handlers == []  # no inline event handler attribute anywhere
        assert tags.tags.count("script") == len(scripts_of(out))
        assert "img" not in tags.tags and "iframe" not in tags.tags and "a" in tags.tags
        assert all(u.startswith(("http://", "https://")) for u in tags.urls), tags.urls
        assert "<script>document.title" not in out
        assert not re.search(r"""(href|src)\s*=\s*["']?\s*(javascript|data):""", out, re.I)
        assert "</textarea>" not in out and "--></style>" not in out
        # the hostile text is visible as text in the text version
        assert html.escape(EVIL, quote=True) in out or html.escape(EVIL, quote=False) in out


def test_hostile_text_cannot_leave_the_map_script(evil_pages):
    for out in evil_pages:
        scripts = scripts_of(out)
        assert len(scripts) in (3, 4)  # Leaflet, helpers, the map, (+ embed height)
        for s in scripts:
            assert "</script" not in s.lower() and "<!--" not in s
        for s in scripts[1:]:
            assert "</" not in s
            assert "PWNED" not in s or "\\u003cscript\\u003e" in s  # data only as escaped JSON


def test_csp_allows_exactly_the_page_scripts(evil_pages, page):
    for out in [page, *evil_pages]:
        csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', out).group(1)
        csp = html.unescape(csp)
        allowed = set(re.findall(r"'sha256-[^']+'", csp.split("script-src", 1)[1].split(";")[0]))
        assert allowed == {assets.csp_hash(s) for s in scripts_of(out)}
        assert "default-src 'none'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
        styles = set(re.findall(r"'sha256-[^']+'", csp.split("style-src", 1)[1].split(";")[0]))
        assert styles == {assets.csp_hash(s) for s in styles_of(out)}


def test_links_are_http_and_open_outside_the_frame(evil_pages, page):
    for out in [page, *evil_pages]:
        tags = _Tags()
        tags.feed(out)
        assert tags.links
        for a in tags.links:
            assert a["href"].startswith(("https://", "http://")), a
            # a new tab from a map page; the article's own page (_top) from an embed
            assert a.get("target") in ("_blank", "_top") and "noopener" in a.get("rel", ""), a
    assert 'href="https://edition.cnn.com/2016/12/15/middleeast/aleppo-idlib-evacuation/"' in page


def test_layer_names_and_attribution_are_escaped_for_leaflet(evil_pages):
    # Leaflet inserts layer names and attribution with innerHTML: they must arrive HTML-escaped
    out = evil_pages[0]
    script = scripts_of(out)[2]
    assert "\\u003cscript\\u003e" not in re.search(r"overlays :\s*\{(.*?)\}", script, re.S).group(1).replace(
        "\\u0026lt;script\\u0026gt;", ""
    )
    assert "\\u0026lt;script\\u0026gt;" in script  # escaped once, then JSON-encoded


# --------------------------------------------------------------------------------------------------
# determinism and self-containment
# --------------------------------------------------------------------------------------------------


def test_two_renders_are_identical(data, page):
    assert render_map(OVERVIEW, data) == page
    assert render_embed_page(CITY, data) == render_embed_page(CITY, data)
    assert not re.search(r"\b[0-9a-f]{32}\b", page)  # no folium uuid left


def _digest_in_subprocess(seed: str) -> str:
    code = (
        "import sys, hashlib; sys.path.insert(0, 'tests');"
        "from conftest_browser import sample_data, OVERVIEW;"
        "from evacmap.maps.render import render_map;"
        "print(hashlib.sha256(render_map(OVERVIEW, sample_data()).encode()).hexdigest())"
    )
    env = dict(os.environ, PYTHONHASHSEED=seed)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_identical_across_processes_and_hash_seeds(page):
    here = hashlib.sha256(page.encode()).hexdigest()
    assert _digest_in_subprocess("1") == here
    assert _digest_in_subprocess("4242") == here


EXTERNAL = re.compile(r"""<(script|link|img|iframe)[^>]+(src|href)\s*=\s*["']?(https?:)?//""", re.I)


def test_no_external_assets(page, data):
    for out in (page, render_embed_page(OVERVIEW, data)):
        assert not EXTERNAL.search(out)
        assert "<link" not in out
        assert "<script src" not in out
        for word in ("jquery", "bootstrap", "font-awesome", "fontawesome", "awesome-markers", "cdn.jsdelivr", "sourceMappingURL"):
            assert word not in out.lower(), word
        assert "url(images/" not in out
        assert "tile.openstreetmap.org" not in out


def test_leaflet_is_inlined_once(page):
    assert page.count("Leaflet 1.9.4") == 1
    assert assets.leaflet_js().strip()[:200] in page


def test_online_tiles_are_an_option(data):
    out = render_map(OVERVIEW, data, online_tiles=True)
    assert "https://tile.openstreetmap.org/{z}/{x}/{y}.png" in out
    assert "OpenStreetMap tiles (online)" in out
    csp = re.search(r'Content-Security-Policy" content="([^"]+)"', out).group(1)
    assert "img-src data: https://tile.openstreetmap.org" in csp
    assert not EXTERNAL.search(out)


def test_page_is_lean(page):
    size = len(page.encode())
    leaflet = len(assets.leaflet_js().encode()) + len(assets.leaflet_css().encode())
    assert size < leaflet + 150_000, size
    # the basemap is clipped: nothing of Turkey's far east (lon > 42) is carried
    assert not re.search(r"\[4[3-9]\.\d+,3\d\.\d+\]", page)


# --------------------------------------------------------------------------------------------------
# content
# --------------------------------------------------------------------------------------------------


def test_page_shell(page):
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    assert f"<title>{html.escape(OVERVIEW.title)}</title>" in page
    assert '<meta charset="utf-8">' in page
    assert 'aria-labelledby="evm-text-h"' in page


def test_legend_shows_date_approximate_and_source(page):
    legend = text_of(page, "evm-legend")
    assert "as of 15 December 2016" in legend
    assert "approximate" in legend
    assert "curated from OCHA and ISW maps" in legend
    for label in ("Government", "Opposition", "Besieged"):
        assert label in legend
    assert "Eastern Aleppo to the western countryside" in legend
    assert "not reported as done (optional, planned)" in legend


@pytest.mark.parametrize("status, words", [("under_way", "under way"), ("disputed", "disputed"),
                                            (None, "status not stated")])
def test_only_what_happened_is_drawn_solid(status, words):
    """A leg under way, disputed or with no stated status is dashed and the legend says why; never solid."""
    d = sample_data()
    d.routes.loc[d.routes["status"] == "happened", "status"] = status
    page = render_map(OVERVIEW, d)
    legend = text_of(page, "evm-legend")
    dashed = re.search(r"not reported as done \(([^)]*)\)", legend)
    assert dashed and words in dashed.group(1).split(", "), legend
    assert "evm-status-happened" not in page


def test_text_version_lists_every_place_and_every_quote(page, data):
    text = text_of(page, "evm-text")
    for name in data.places["name"]:
        assert name in text, name
    for claims in data.places["claims"]:
        for c in claims:
            assert c["text"] in text
            assert c["outlet"] in text
    for _, leg in data.routes.iterrows():
        assert f"{leg['from_name']} → {leg['to_name']}" in text
        for s in leg["sources"]:
            assert s["text"] in text
    for _, z in data.zones.iterrows():
        assert z["label"] in text and z["source"] in text
        for m in z["mismatches"]:
            assert m in text
    assert "Sources disagree" in text
    for notes in data.places["disagree_notes"]:
        for note in notes:  # each comparison is listed, one per line
            assert note in text
    assert "approximately 3,000 people" in text and "Marianne Gasser" in text


def test_place_entry_groups_claims_by_outlet(page):
    # the entry the eastern-Aleppo popup clones: each outlet's heading, then its sentences
    entry = text_of(page, "place-1")
    order = [page.index(f'id="place-1-o{j}"') for j in range(4)]  # VOA, Independent, NYT, CNN
    assert order == sorted(order)
    for j, outlet in enumerate(OUTLETS[:4]):
        assert text_of(page, f"place-1-o{j}").strip().startswith(outlet)
    assert CNN_EAST in text_of(page, "place-1-o3")
    assert "Located to within about 3.0 km" in entry and "approximate location" in entry
    # provenance is folded behind a disclosure, after the reporting
    assert entry.index("Where this point comes from") > entry.index(CNN_EAST[:40])


def test_every_popup_target_exists(page):
    script = scripts_of(page)[2]
    targets = re.findall(r'evm\.popup\([^,]+, "([a-z0-9-]+)"', script)
    assert len(targets) >= 10
    for t in set(targets):
        assert f'id="{t}"' in page, t


def test_outlet_groups_and_controls(page):
    script = scripts_of(page)[2]
    for o in OUTLETS:
        assert html.escape(o) in script or o in script
    assert script.count("L.featureGroup(") == 3 + len(OUTLETS)
    assert "L.control.layers(" in script
    assert "evm-outlet-3" in script  # CNN's rings/halos


def test_empty_map_renders():
    empty = gpd.GeoDataFrame({"geometry": []}, geometry="geometry", crs="EPSG:4326")
    d = MapData(title="Nothing", date=None, outlets=[], places=empty, routes=empty, zones=empty, basemap={}, attribution="")
    out = render_map(MapSpec(name="x", title="Nothing yet", bounds=(36, 35, 37, 36)), d)
    assert "<title>Nothing yet</title>" in out and "What each source reported" in out


# --------------------------------------------------------------------------------------------------
# embedding and index
# --------------------------------------------------------------------------------------------------


def test_embed_page_is_compact_and_posts_height(data):
    out = render_embed_page(OVERVIEW, data)
    assert 'class="evm-embed"' in out
    assert "height: 480px" in out
    assert 'postMessage({ type: "evacmap:height", map: "overview"' in out
    assert '<details class="evm-textwrap">' in out
    assert CNN_EAST in html.unescape(out)


def test_embed_snippet_checks_the_message_source():
    snip = embed_snippet(OVERVIEW, "maps/overview.embed.html")
    assert 'src="maps/overview.embed.html"' in snip
    assert "e.source!==f.contentWindow" in snip and 'd.type!=="evacmap:height"' in snip
    assert ('sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox '
            'allow-top-navigation-by-user-activation"') in snip
    # no same-origin access, and the top page may be navigated only by a reader's click on a link
    assert "allow-same-origin" not in snip and "allow-top-navigation " not in snip
    with pytest.raises(ValueError):
        embed_snippet(OVERVIEW, "javascript:alert(1)")
    evil = MapSpec(name='x"><script>', title='"><script>alert(1)</script>', bounds=(0, 0, 1, 1))
    s2 = embed_snippet(evil, 'a.html?"><script>')
    assert "<script>alert" not in s2 and '"><script>' not in s2


def test_index_lists_maps_and_exports():
    out = render_index(
        "Maps <b>of</b> Aleppo",
        [(OVERVIEW, "maps/overview.html", "maps/overview.embed.html"), (CITY, "javascript:alert(1)", "maps/c.embed.html")],
        [("Places (GeoJSON)", "data/places.geojson"), ("bad", "javascript:alert(1)")],
    )
    assert "<title>Maps &lt;b&gt;of&lt;/b&gt; Aleppo</title>" in out
    assert 'href="maps/overview.html"' in out and 'href="data/places.geojson"' in out
    assert "javascript:" not in out
    assert "&lt;iframe" not in out and "--base-url" in out  # no snippet without the public address
    assert "<script" not in out and "script-src 'none'" in html.unescape(out)
    out = render_index("Maps", [(OVERVIEW, "overview.html", "embed/overview.html")], [],
                       base_url="https://news.example.org/graphics/aleppo/")
    assert "&lt;iframe" in out  # the embed code is shown, escaped, with an absolute address
    assert "src=&#34;https://news.example.org/graphics/aleppo/embed/overview.html&#34;" in out
    assert '<link rel="canonical" href="https://news.example.org/graphics/aleppo/index.html">' in out


# --------------------------------------------------------------------------------------------------
# geometry helpers
# --------------------------------------------------------------------------------------------------


def test_arrow_angles_follow_the_line():
    east = arrow_points([[[36.0, 36.0], [36.0, 37.0]]], spacing=1.0)
    assert len(east) == 1 and abs(east[0][2]) < 0.5
    north = arrow_points([[[36.0, 36.0], [37.0, 36.0]]], spacing=1.0)
    assert abs(north[0][2] + 90) < 0.5  # screen y points down: north is -90
    southwest = arrow_points([[[36.0, 36.0], [35.0, 35.0]]], spacing=1.0)
    assert 90 < southwest[0][2] < 180
    many = arrow_points([[[36.0, 36.0], [36.0, 37.0]]], spacing=0.0005)
    assert len(many) == 6  # capped per part
    assert [round(p[1], 2) for p in many] == sorted(round(p[1], 2) for p in many)


def test_fit_zoom_matches_leaflet_arithmetic():
    # one degree of longitude at zoom z is 256 * 2**z / 360 px
    z = fit_zoom((0.0, -0.01, 1.0, 0.01), 256 * 2**8 // 360 + 17, 2000)
    assert z == 8.0
    assert fit_zoom(OVERVIEW.bounds, 960, 600) < fit_zoom(CITY.bounds, 960, 600)


def test_label_layout_defers_colliding_labels():
    # three places on one spot at low zoom: right, then left, then wait for a closer zoom
    a, b, c = (Label(("place", i), 0.6 + i * 1e-6, 0.4, 60, 16, "side", 5, i) for i in (1, 2, 3))
    layout_labels([a, b, c], [(lab.x, lab.y, 5, lab.own) for lab in (a, b, c)], 10)
    assert (a.level, a.side) == (0, "right") and (b.level, b.side) == (0, "left")
    assert c.level > 0
    lone = Label(("zone", 1), 0.5, 0.5, 140, 15, extent=(1e-7, 1e-7))  # zone far too small to hold it
    layout_labels([lone], [], 5)
    assert lone.level == LABEL_LEVELS


def test_assets_are_offline_safe():
    css = assets.leaflet_css()
    assert "url(images/" not in css and "data:image/png;base64," in css
    js = assets.leaflet_js()
    assert "sourceMappingURL" not in js and 'version="1.9.4"' in js


def test_template_syntax_in_data_is_text_not_a_template():
    """branca compiles rendered output as a Jinja template again; data carrying '{{ … }}' or '{% … %}' must
    come out as written, never evaluated at build time (template injection)."""
    payload = "{{ 6*7 }} {% if true %}EVALUATED{% endif %} {{ cycler.__init__.__globals__ }}"
    d = sample_data(payload)
    spec = MapSpec(name="tpl", title="Map " + payload, bounds=OVERVIEW.bounds, date="2016-12-15", description=payload)
    for text in (render_map(spec, d), render_embed_page(spec, d)):
        # the static picture wraps a long zone name over several <text> lines: read it as text
        flat = re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", text))
        assert "EVALUATED" not in flat.replace("{% if true %}EVALUATED{% endif %}", "")
        assert "__globals__" in text and "42" not in re.findall(r"Map (\S+)", text)
        unescaped = html.unescape(text)
        assert "{{ 6*7 }}" in unescaped and "{% if true %}" in unescaped


def test_source_links_open_in_the_article_page_from_an_embed(data):
    """In an embed a source link replaces the host article's page (target _top, allowed on a click by the
    iframe's sandbox); on a standalone map page it opens a new tab so the map stays open."""
    embed = render_embed_page(OVERVIEW, data)
    page = render_map(OVERVIEW, data)
    assert re.search(r'<a href="https://[^"]+" target="_top" rel="noopener noreferrer">', embed)
    assert 'target="_blank" rel="noopener noreferrer"' not in embed
    assert re.search(r'<a href="https://[^"]+" target="_blank" rel="noopener noreferrer">', page)
    snippet = embed_snippet(OVERVIEW, "embed/overview.html")
    assert "allow-top-navigation-by-user-activation" in snippet and "allow-top-navigation " not in snippet


# --------------------------------------------------------------------------------------------------
# the branca patch: loud if a folium/branca upgrade changes what it patches
# --------------------------------------------------------------------------------------------------


def test_branca_patch_holds_on_the_installed_versions():
    """Ids come from our counter and element text stays text; the versions are the pinned ones."""
    import tomllib
    from importlib.metadata import version

    from branca.element import Element

    from evacmap.maps.elements import check_branca, stable_ids

    check_branca()
    with stable_ids():
        a, b = Element("{{ 6*7 }}"), Element("x")
        assert (a._id, b._id) == ("0001", "0002")
        assert a.render() == "{{ 6*7 }}"  # not evaluated as a template
    assert len(Element("y")._id) == 32  # restored after the block
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    for name in ("folium", "branca"):
        assert f"{name}=={version(name)}" in [d.split(";")[0].strip() for d in deps], name


def test_branca_patch_refuses_an_element_of_another_shape(monkeypatch):
    from branca.element import Element

    from evacmap.errors import AssetError
    from evacmap.maps.elements import check_branca, stable_ids

    monkeypatch.setattr(Element, "__init__", lambda self, template=None, template_name=None, extra=None: None)
    with pytest.raises(AssetError, match="stable_ids must be updated"):
        check_branca()
    with pytest.raises(AssetError), stable_ids():
        pass


def test_zone_legend_words_come_from_the_zone():
    from evacmap.maps.styles import controller_label

    assert controller_label("besieged", "government forces").startswith("Besieged by the government forces")
    assert controller_label("besieged", "") == "Besieged (holder not stated)"
    assert controller_label("opposition") == "Opposition-held"
    assert controller_label("government", "opposition").startswith("Government-held, besieged by")
    page = render_map(OVERVIEW, sample_data())
    assert "Besieged (opposition-held)" not in page  # never a fixed story of who besieges whom


def test_route_colour_is_the_same_on_every_map():
    data = sample_data()
    data.route_order = ["fua-kafriya", "east-aleppo"]
    one = render_map(OVERVIEW, data)
    data2 = sample_data()
    data2.routes = data2.routes[data2.routes.route_id == "east-aleppo"]
    data2.route_order = ["fua-kafriya", "east-aleppo"]
    two = render_map(CITY, data2)
    from evacmap.maps.styles import ROUTE_COLOURS

    swatch = 'stroke="{}" stroke-width="3.5"'
    # east-aleppo is second in the corpus order: second colour on both maps, though alone on the city map
    assert swatch.format(ROUTE_COLOURS[1]) in one and swatch.format(ROUTE_COLOURS[1]) in two
    assert swatch.format(ROUTE_COLOURS[0]) in one and swatch.format(ROUTE_COLOURS[0]) not in two


def test_static_picture_for_readers_without_javascript(page):
    """<noscript> holds an SVG of the map at its opening view, with no script and no outside file."""
    m = re.search(r'<noscript><div class="evm-static-wrap">(<svg.*?</svg>)', page, re.S)
    assert m, "no static picture in <noscript>"
    svg = m.group(1)
    assert "<script" not in svg and "href=" not in svg.replace('marker-end="url(#', "")
    assert "<style" not in svg  # the page's CSP allows only its own hashed styles
    assert ">Idlib<" in svg and 'fill="#f2efe9"' in svg  # a story place, and land
    assert "<noscript><style>.evm-map,.evm-layers{display:none}</style></noscript>" in page


def test_base_url_in_the_corpus_config(tmp_path):
    from evacmap.corpus.config import load_config
    from evacmap.errors import CorpusError

    (tmp_path / "evacmap.toml").write_text('base_url = "https://news.example.org/maps/"\n', encoding="utf-8")
    assert load_config(tmp_path).base_url == "https://news.example.org/maps/"
    (tmp_path / "evacmap.toml").write_text('base_url = "javascript:alert(1)"\n', encoding="utf-8")
    with pytest.raises(CorpusError, match="base_url must be an absolute http"):
        load_config(tmp_path)


# --------------------------------------------------------------------------------------------------
# the social card (og:image)
# --------------------------------------------------------------------------------------------------


def _png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_social_card_png_is_deterministic_and_drawn_from_the_map(data):
    a, b = render_social(OVERVIEW, data), render_social(OVERVIEW, data)
    assert a == b
    assert _png_size(a) == (1200, 750)
    assert 5_000 < len(a) < 1_000_000
    # drawn from the map's own data: another view of it gives another picture
    assert render_social(CITY, data) != a
    # and from the same SVG as the static file: an empty map would not be this picture
    empty = MapData(title="x", date=None, outlets=[], places=data.places.iloc[0:0], routes=data.routes.iloc[0:0],
                    zones=data.zones.iloc[0:0], basemap={}, attribution="")
    assert render_social(OVERVIEW, empty) != a and "<path" in render_static(OVERVIEW, data)


def test_og_image_is_absolute_and_only_with_a_public_address(data):
    plain = render_map(OVERVIEW, data)
    assert "og:image" not in plain  # a relative og:image is useless to a sharing site
    spec = MapSpec(name="over<view>", title=OVERVIEW.title, bounds=OVERVIEW.bounds, date=OVERVIEW.date,
                   base_url="https://news.example.org/graphics/aleppo/")
    out = render_map(spec, data)
    m = re.search(r'<meta property="og:image" content="([^"]+)">', out)
    assert m and m.group(1).startswith("https://news.example.org/graphics/aleppo/") and m.group(1).endswith(".png")
    assert "<view>" not in m.group(1)
    assert '<meta property="og:image:width" content="1200">' in out
    assert '<meta name="twitter:card" content="summary_large_image">' in out
    assert len(out.encode("utf-8")) < 400_000


def test_boxes_offset_from_their_anchors_meet_between_two_zooms():
    """A callout standing off on a leader line is checked over every zoom it shows, exactly: a name beside a
    point just east of its anchor passes under it as the map zooms in, though the two are apart at both the
    first and the last step (checking the ends only would miss it)."""
    from evacmap.maps.cartography import _meet

    callout, dot = (10.0, -5.0, 60.0, 5.0), (-5.0, -5.0, 5.0, 5.0)  # px from each anchor
    a, b = (0.5, 0.5), (0.5 + 1e-4, 0.5)  # world units
    assert not _meet(callout, a, dot, b, (1e3, 1e4))  # still west of the callout
    assert _meet(callout, a, dot, b, (1e4, 1e5))
    assert _meet(callout, a, dot, b, (1e4, 1e7))  # apart at both ends, under it in between
    assert not _meet(callout, a, dot, (0.5 + 1e-4, 0.6), (1e4, 1e7))  # far south: never
