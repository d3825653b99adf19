"""The folium/Leaflet elements evacmap draws with, and the one place that patches branca.

- no CDN bundles: the map class has empty ``default_js``/``default_css``; ``render_parts`` fails loudly
  if any element asks for an external script or stylesheet;
- no folium ``Popup``/``Tooltip``: they need jQuery and paste HTML into JS template literals. Every popup
  is a clone of the matching entry in the page's plain-HTML text version (``evm.popup`` in
  templates/evacmap.js), which jinja autoescaped once; tooltips and labels are DOM text nodes. Data never
  reaches ``innerHTML`` from JS, except layer names and the attribution line, which Leaflet inserts as
  HTML and which are ``html.escape``d here;
- stable element ids and literal element text: ``stable_ids`` (the branca patch, see there).
"""

from __future__ import annotations

import html
import inspect
import itertools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import folium
import jinja2
from branca.element import CssLink, Element, Figure, JavascriptLink, MacroElement
from folium.template import Template

from evacmap.errors import AssetError
from evacmap.maps.escape import js
from evacmap.maps.styles import VARIANTS

__all__ = [
    "Call",
    "Casing",
    "EvacMap",
    "Finish",
    "check_branca",
    "dom_popup",
    "layer_name",
    "path_options",
    "render_parts",
    "stable_ids",
    "text_tooltip",
]


class EvacMap(folium.Map):
    """A folium Map with no CDN bundles and a lean template (viewport, size and styles come from the page)."""

    default_js: list = []  # noqa: RUF012  (folium declares these as instance attributes)
    default_css: list = []  # noqa: RUF012

    _template = Template(
        """
        {% macro html(this, kwargs) %}
<div class="folium-map evm-map" id={{ this.get_name()|tojson }} role="region" aria-label="{{ this.aria_label }}"></div>
        {% endmacro %}
        {% macro script(this, kwargs) %}
var {{ this.get_name() }} = L.map({{ this.get_name()|tojson }}, {{ this.js_options }});
evm.setup({{ this.get_name() }}, {{ this.js_setup }});
        {% endmacro %}
        """
    )

    def __init__(self, *, aria_label: str, js_options: dict, js_setup: dict, **kwargs: Any):
        super().__init__(tiles=None, **kwargs)
        self.aria_label = html.escape(aria_label, quote=True)
        self.js_options = js(js_options)
        self.js_setup = js(js_setup)
        self.clustered = False  # whether the page draws marker clusters (maps.clusters), for its legend


class Call(MacroElement):
    """``evm.<fn>(<parent>, <json args...>)`` — a small call into the page's helper script."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
{{ this.prefix }}evm.{{ this.fn }}({{ this._parent.get_name() }}{% for a in this.args %}, {{ a }}{% endfor %});
        {% endmacro %}
        """
    )

    def __init__(self, fn: str, *args: Any, assign: bool = False, name: str = "Call"):
        super().__init__()
        self._name = name
        self.fn = fn
        self.args = [js(a) for a in args]
        self.prefix = f"var {self.get_name()} = " if assign else ""


class Casing(MacroElement):
    """The white casing under a route's line, drawn on the line's own coordinates: folium would write every
    vertex a second time, and a page with many legs would spend tens of kilobytes on the copy (issue 12:
    pages under 400 KB). Add it to the line's group after the line, so the line's variable exists."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
var {{ this.get_name() }} = L.polyline({{ this.line.get_name() }}.getLatLngs(), {{ this.options }})
    .addTo({{ this._parent.get_name() }});
        {% endmacro %}
        """
    )

    def __init__(self, line: Element, **options: Any):
        super().__init__()
        self._name = "Casing"
        self.line = line
        self.options = js(options)


def dom_popup(target_id: str, variant: str) -> Call:
    v = VARIANTS[variant]
    return Call("popup", target_id, {"maxWidth": v["popup_width"], "maxHeight": v["popup_height"]}, name="Popup")


def text_tooltip(text: str, options: dict) -> Call:
    return Call("tooltip", text, options, name="Tooltip")


class Finish(MacroElement):
    """The last call of a map script: fit, move controls, wire the filters (see ``evm.finish``)."""

    _template = Template(
        """
        {% macro script(this, kwargs) %}
evm.finish({{ this._parent.get_name() }}, {{ this.cfg }}, {{ this.control }}, {{ this.tiles }},
[{{ this.base|join(", ") }}], {{ this.groups }});
        {% endmacro %}
        """
    )

    def __init__(self, cfg: dict, control: Element, tiles: Element | None, base: list[Element],
                 groups: dict[str, Any]):
        super().__init__()
        self._name = "Finish"
        self.cfg = js(cfg)
        self.control = control.get_name()
        self.tiles = tiles.get_name() if tiles is not None else "null"
        self.base = [b.get_name() for b in base]

        def ref(v: Any) -> str:
            if v is None:
                return "null"
            if isinstance(v, list):
                return "[" + ",".join(ref(e) for e in v) + "]"
            return str(v.get_name())

        # JS variable names only (folium's own names, from our counter), never data
        self.groups = "{" + ",".join(f"{js(k)}:{ref(v)}" for k, v in groups.items()) + "}"


def path_options(el: Element, **extra: Any) -> Element:
    """Add Leaflet path options folium's ``path_options`` does not pass through (pane, interactive, and
    ``evmOutlets``/``evmKind``, which the page's filter reads)."""
    el.options.update(extra)  # type: ignore[attr-defined]
    return el


def layer_name(text: str, swatch: str = "") -> str:
    """Leaflet's layer control inserts names as HTML: escape the data, keep our markup."""
    return f'<span class="evm-lc">{swatch}{html.escape(text, quote=True)}</span>'


# --------------------------------------------------------------------------------------------------
# the branca patch
# --------------------------------------------------------------------------------------------------

_lock = threading.Lock()
_VERBATIM = jinja2.Template("{{ this._template_str }}", autoescape=False)


def check_branca() -> None:
    """Fail loudly if branca's ``Element`` no longer has the shape ``stable_ids`` patches: a
    ``_generate_id`` classmethod and ``__init__(self, template=None, template_name=None)`` that sets
    ``_id`` from it and compiles ``template``. A folium/branca upgrade that changes either would make
    pages non-deterministic, or evaluate data as templates."""
    gen = Element.__dict__.get("_generate_id")
    if not isinstance(gen, classmethod):
        raise AssetError("branca.element.Element._generate_id is no longer a classmethod: "
                         "evacmap.maps.elements.stable_ids must be updated for this branca version")
    params = list(inspect.signature(Element.__init__).parameters)
    if params != ["self", "template", "template_name"]:
        raise AssetError(f"branca.element.Element.__init__ takes {params}, not (self, template, template_name): "
                         "evacmap.maps.elements.stable_ids must be updated for this branca version")


@contextmanager
def stable_ids() -> Iterator[None]:
    """Within the block every new folium/branca element gets the next id of a fresh counter, and an element
    made from a string keeps that string as text.

    The second matters for safety: branca wraps each element's *rendered* output in ``Element(output)``, and
    ``Element`` compiles its string as a Jinja template. Output carrying data ("Outlet {{ 6*7 }}" in a
    user's config, a zone label) would be evaluated as a template at build time: template injection, and
    arbitrary Python, since branca's templates are not sandboxed. Every folium/branca call of
    ``Element(string)`` passes already-rendered output, so inside our renders the string is emitted
    verbatim (which also saves a template compile per element)."""
    check_branca()
    counter = itertools.count(1)
    original_id = Element.__dict__["_generate_id"]
    original_init = Element.__init__

    def literal_init(self: Element, template: str | None = None, template_name: str | None = None) -> None:
        original_init(self, None, template_name)
        if template is not None:
            self._template_str = template
            self._template = _VERBATIM

    with _lock:
        Element._generate_id = classmethod(lambda cls: f"{next(counter):04d}")  # type: ignore[assignment,method-assign]
        Element.__init__ = literal_init  # type: ignore[method-assign]
        try:
            yield
        finally:
            Element._generate_id = original_id  # type: ignore[method-assign]
            Element.__init__ = original_init  # type: ignore[method-assign]


def _tidy(text: str) -> str:
    lines = (ln.strip() for ln in text.splitlines())
    return "\n".join(ln for ln in lines if ln) + "\n"


def render_parts(fig: Figure) -> tuple[str, str]:
    """Render the folium tree to (map HTML, map script), refusing any external script/stylesheet."""
    for child in fig._children.values():
        child.render()
    for name, el in fig.header._children.items():
        if isinstance(el, (JavascriptLink, CssLink)):
            raise AssetError(f"folium element asked for an external asset: {name} {el.url}")
    return _tidy(fig.html.render()), _tidy(fig.script.render())
