"""Leaflet, inlined: the JS and CSS of Leaflet 1.9.4 as shipped by the PyPI wheel
django-js-lib-leaflet, made safe to paste into a single offline HTML page.

What is changed, and why:
- the ``//# sourceMappingURL`` comment is dropped (a devtools request to a file that is not there);
- ``url(images/layers*.png)`` in the CSS (the collapsed layer-control button) becomes a ``data:`` URI,
  so a page opened from ``file://`` asks for no file beside it;
- the default marker icon rule is dropped: the maps draw no image markers.
Nothing else is touched; both texts are checked not to contain a closing ``</script``/``</style``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from importlib import resources

from evacmap.errors import AssetError

LEAFLET_VERSION = "1.9.4"
_PACKAGE = "js_lib_leaflet"
_STATIC = ("static", "js_lib_leaflet")


def _static():
    try:
        root = resources.files(_PACKAGE)
    except ModuleNotFoundError as exc:  # pragma: no cover - dependency declared in pyproject
        raise AssetError("django-js-lib-leaflet is not installed: pip install django-js-lib-leaflet") from exc
    return root.joinpath(*_STATIC)


@lru_cache(maxsize=1)
def leaflet_js() -> str:
    """Minified Leaflet, ready to sit inside an inline <script> element."""
    text = _static().joinpath("leaflet.js").read_text(encoding="utf-8")
    if f'version="{LEAFLET_VERSION}"' not in text:
        raise AssetError(f"the installed leaflet.js is not Leaflet {LEAFLET_VERSION}")
    text = re.sub(r"\n?//# sourceMappingURL=\S*\s*$", "", text)
    if re.search(r"</script|<!--", text, re.I):
        raise AssetError("leaflet.js contains a sequence that would end an inline <script>")
    return text.strip() + "\n"


def _data_uri(name: str) -> str:
    raw = _static().joinpath("images", name).read_bytes()
    return "data:image/png;base64," + base64.b64encode(raw).decode("ascii")


@lru_cache(maxsize=1)
def leaflet_css() -> str:
    """Leaflet's stylesheet with its two layer-control images inlined and the marker-icon rule removed."""
    text = _static().joinpath("leaflet.css").read_text(encoding="utf-8")
    text = text.replace("url(images/layers.png)", f"url({_data_uri('layers.png')})")
    text = text.replace("url(images/layers-2x.png)", f"url({_data_uri('layers-2x.png')})")
    text = re.sub(r"\.leaflet-default-icon-path\s*\{[^}]*\}\s*", "", text)
    left = re.findall(r"url\((?!data:|#default#VML)[^)]*\)", text)
    if left:
        raise AssetError(f"leaflet.css still refers to files: {left}")
    if re.search(r"</style", text, re.I):
        raise AssetError("leaflet.css contains a sequence that would end an inline <style>")
    return text.strip() + "\n"


def csp_hash(source: str) -> str:
    """The CSP source expression ('sha256-…') allowing exactly this inline script or style text."""
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"
