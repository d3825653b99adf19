"""HTML around the map: page skeleton, legend, the plain-HTML text version, the embed snippet, the index.

Everything from the data goes through jinja with autoescape on; URLs are kept only for http(s).
Every page carries a Content-Security-Policy that allows exactly its own inline scripts and styles
(by hash) and no network at all, so even a mistake in escaping could not run injected script or make
the page call out.
"""

from __future__ import annotations

import datetime as _dt
import html
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

import jinja2
from markupsafe import Markup

from evacmap.maps import assets
from evacmap.maps.cartography import LABEL_LEVELS
from evacmap.maps.escape import js, safe_href, safe_url
from evacmap.maps.static import SOCIAL_HEIGHT, SOCIAL_WIDTH
from evacmap.maps.styles import CONTROLLER_ORDER, STATUS_WORDS
from evacmap.maps.zonelabels import lead_css

if TYPE_CHECKING:
    from evacmap.maps.model import MapSpec, Model, Place

__all__ = ["absolute", "embed_snippet", "human_date", "index_page", "map_page", "safe_href", "safe_url", "zone_when"]

TEMPLATES = Path(__file__).with_name("templates")
ONLINE_TILE_HOST = "https://tile.openstreetmap.org"
# without JavaScript the empty map box and layer list go; the static picture in <noscript> takes their place
NOJS_CSS = ".evm-map,.evm-layers{display:none}"


# --------------------------------------------------------------------------------------------------
# small pure helpers
# --------------------------------------------------------------------------------------------------


def human_date(value: Any) -> str:
    """'2016-12-15' -> '15 December 2016'; anything else is returned as given."""
    if value is None:
        return ""
    text = str(value).strip()
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?", text)
    if m:
        try:
            d = _dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError:
            return text
        return f"{d.day} {d.strftime('%B')} {d.year}"
    return text


def km(value: Any) -> str:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return ""
    return f"{v:.0f} km" if v >= 10 else f"{v:.1f} km"


def precision(value: float | None) -> str:
    if value is None:
        return ""
    if value < 1000:
        return f"{value:.0f} m"
    return f"{value / 1000:.0f} km" if value >= 10000 else f"{value / 1000:.1f} km"


def place_meta(p: Place) -> str:
    """What a reader needs first about a place: what it is and whose area it lies in."""
    bits = []
    if p.kind:
        bits.append(p.kind.replace("_", " ").capitalize())
    if p.zone:
        bits.append(f"in: {p.zone}")
    if p.approximate:
        bits.append("approximate location")
    return " · ".join(bits)


def place_provenance(p: Place) -> str:
    """Where the point comes from: precision and the gazetteer source, for the folded disclosure."""
    bits = []
    if p.precision_m is not None:
        bits.append(f"Located to within about {precision(p.precision_m)}.")
    src = p.source
    if p.citation:
        src = f"{src} ({p.citation})" if src else p.citation
    if src:
        bits.append(f"Location source: {src}.")
    if p.any_inferred:
        bits.append("Some statements here name no place: they are shown at the place their article names most.")
    if p.any_inferred_from_text:
        bits.append("Some statements here do not name this place: it is inferred from the text around them "
                    "(a place named just before, or an area they describe).")
    return " ".join(bits)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9_-]+", "-", str(text).lower()).strip("-") or "map"


@lru_cache(maxsize=1)
def env() -> jinja2.Environment:
    e = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    e.filters["human_date"] = human_date
    e.filters["km"] = km
    e.globals["place_meta"] = place_meta
    e.globals["place_provenance"] = place_provenance
    return e


def _static(name: str) -> str:
    return (TEMPLATES / name).read_text(encoding="utf-8")


def _csp(scripts: list[str], styles: list[str], img: str = "data:") -> str:
    parts = [
        "default-src 'none'",
        "script-src " + (" ".join(assets.csp_hash(s) for s in scripts) if scripts else "'none'"),
        "style-src " + " ".join(assets.csp_hash(s) for s in styles),
        f"img-src {img}",
        "base-uri 'none'",
        "form-action 'none'",
    ]
    return "; ".join(parts)


def zone_when(model: Model, fallback: str | None = None) -> str:
    """The date the zones describe: their own validity dates if they have them, else the map's date."""
    ds = model.zone_dates
    if ds:
        if ds[0] == ds[-1]:
            return f"as of {human_date(ds[0])}"
        return f"{human_date(ds[0])} to {human_date(ds[-1])}"
    when = fallback or model.date
    return f"as of {human_date(when)}" if when else ""


# --------------------------------------------------------------------------------------------------
# pages
# --------------------------------------------------------------------------------------------------


def _brief(text: str, limit: int = 90) -> str:
    """The start of a long citation, cut at a word, for the legend."""
    text = " ".join((text or "").split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:(") + " … (full source in the text version)"


def absolute(base_url: str | None, rel: str) -> str | None:
    """``rel`` under the site's public address, or None without one (or with one that is not http(s))."""
    base = safe_url(base_url)
    if not base:
        return None
    return urljoin(base if base.endswith("/") else base + "/", rel)


def _legend_zones(model: Model) -> list[tuple[str, str, str]]:
    """(fill, stroke, words) once each, in controller order: exactly the kinds of area drawn."""
    out: list[tuple[str, str, str]] = []
    order = {c: i for i, c in enumerate(CONTROLLER_ORDER)}
    for z in sorted(model.zones, key=lambda z: (order.get(z.controller, len(order)), z.controller, z.besieged_by)):
        if z.style not in out:
            out.append(z.style)
    return out


def _zone_sources(model: Model) -> list[str]:
    out: list[str] = []  # the legend names sources briefly; popups and the text carry them whole
    for z in model.zones:
        brief = _brief(z.source)
        if brief and brief not in out:
            out.append(brief)
    return out


def map_page(spec: MapSpec, model: Model, *, map_html: str, map_script: str, variant: str, online_tiles: bool,
             static: str = "", overflow: Any = None, clustered: bool = False, locator: str = "") -> str:
    """The HTML page around one rendered map (``variant`` "page" or "embed")."""
    places_sorted = sorted(model.places, key=lambda p: (0 if p.by_outlet else 1, -len(p.by_outlet), -p.n_claims, p.idx))
    # a rule per label level the map uses (the page is under a byte budget)
    lz = sorted({int(k) for k in re.findall(r"\bevm-lz(\d+)\b", map_script) if 0 < int(k) <= LABEL_LEVELS})
    lu = sorted({int(k) for k in re.findall(r"\bevm-lu(\d+)\b", map_script) if 0 < int(k) < LABEL_LEVELS})
    label_css = "".join(
        [",".join(f".evm-lz{k}" for k in lz) + "{visibility:hidden}\n" if lz else "",
         ",".join(f".evm-zge{k} .evm-lz{k}" for k in lz) + "{visibility:visible}\n" if lz else "",
         ",".join(f".evm-zge{k} .evm-lu{k}" for k in lu) + "{visibility:hidden}\n" if lu else "",
         lead_css() if "evm-lead-" in map_script else ""])
    styles = [assets.leaflet_css(), _static("page.css") + label_css]
    nojs = NOJS_CSS
    scripts = [assets.leaflet_js(), _static("evacmap.js"), map_script]
    if variant == "embed":
        scripts.append(_static("embed.js").replace("EVM_MAP_NAME", js(_slug(spec.name))))
    img = "data:" + (f" {ONLINE_TILE_HOST}" if online_tiles else "")
    title = spec.title or model.title or "Map"
    rel = f"embed/{spec.name}.html" if variant == "embed" else f"{spec.name}.html"
    return env().get_template("page.html.j2").render(
        csp=_csp(scripts, [*styles, nojs], img),
        nojs_css=Markup(nojs),
        title=title,
        description=spec.description or "",
        date=spec.date or model.date or "",
        updated=spec.updated or "",
        variant=variant,
        model=model,
        places_sorted=places_sorted,
        routes_drawn=[r for r in model.routes if r.drawn],
        controllers=_legend_zones(model),
        zone_when=zone_when(model, spec.date),
        zone_sources=_zone_sources(model),
        any_approx_zone=any(z.approximate for z in model.zones),
        dashed_words=", ".join(sorted({STATUS_WORDS.get(leg.status, leg.status.replace("_", " "))
                                       for leg in model.legs if leg.dashed and leg.lines})),
        any_approx_place=any(p.approximate for p in model.places),
        canonical=absolute(spec.base_url, f"{spec.name}.html"),
        self_url=absolute(spec.base_url, rel),
        map_html=Markup(map_html),
        static=Markup(static),
        static_url=absolute(spec.base_url, f"{spec.name}.svg"),
        og_image=absolute(spec.base_url, f"{spec.name}.png"),
        og_size=(SOCIAL_WIDTH, SOCIAL_HEIGHT),
        overflow=overflow,
        clustered=clustered,
        locator=Markup(locator),  # built from numbers and escaped text only (maps.locator)
        root="../" if variant == "embed" else "",
        styles=[Markup(s) for s in styles],
        scripts=[Markup(s) for s in scripts],
    )


def embed_snippet(spec: MapSpec, src: str) -> str:
    """A sandboxed iframe and a listener that only accepts height messages from that iframe."""
    href = safe_href(src)
    if href is None:
        raise ValueError(f"embed src must be a relative path or an http(s) URL: {src!r}")
    frame_id = "evacmap-" + _slug(spec.name)
    title = f"Map: {spec.title}" if spec.title else "Map"
    script = (
        "(function(){var f=document.getElementById(" + js(frame_id) + ");if(!f)return;"
        'window.addEventListener("message",function(e){'
        "if(e.source!==f.contentWindow)return;var d=e.data;"
        'if(!d||typeof d!=="object"||d.type!=="evacmap:height")return;'
        "var h=Math.ceil(Number(d.height));"
        'if(isFinite(h)&&h>=150&&h<=20000)f.style.height=h+"px";});})();'
    )
    return (
        f'<iframe id="{html.escape(frame_id)}" class="evacmap-embed" src="{html.escape(href)}" '
        f'title="{html.escape(title)}" width="100%" height="760" loading="lazy" '
        'style="width:100%;height:760px;border:0;display:block" '
        'sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" '
        'referrerpolicy="no-referrer"></iframe>\n'
        f"<script>{script}</script>\n"
    )


def index_page(title: str, maps: list[tuple[Any, str, str]], exports: list[tuple[str, str]], *,
               base_url: str | None = None) -> str:
    """The site's index. Snippets are offered only with absolute addresses: pasted into a CMS, a relative
    ``src`` points at the CMS's own server. Without a base URL the index says how to get them."""
    items = []
    for spec, page_href, embed_href in maps:
        embed_abs = absolute(base_url, embed_href) if embed_href else None
        items.append({
            "spec": spec,
            "page": safe_href(page_href),
            "embed": safe_href(embed_href),
            "snippet": embed_snippet(spec, embed_abs) if embed_abs else "",
        })
    exp = [(label, safe_href(href)) for label, href in exports]
    css = _static("page.css")
    return env().get_template("index.html.j2").render(
        csp=_csp([], [css]),
        title=title or "Maps",
        maps=items,
        exports=exp,
        base_url=safe_url(base_url),
        canonical=absolute(base_url, "index.html"),
        styles=[Markup(css)],
    )
