"""Making untrusted text safe where pages put it: JSON inside inline scripts, and link targets.

Kept apart from the page and map builders so both can use it without importing each other.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

__all__ = ["checked_base_url", "js", "safe_href", "safe_url"]

_CONTROL = re.compile(r"[\x00-\x20\x7f]")


def js(obj: Any) -> str:
    """A JSON literal that is safe inside an inline <script> (no '<', '>', '&', quote or line separators)."""
    return (
        json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("'", "\\u0027")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def safe_url(value: Any) -> str | None:
    """``value`` if it is an absolute http(s) URL with a host, else None (javascript:, data:, ... dropped)."""
    if value is None or not isinstance(value, str):
        return None
    url = value.strip()
    if not url or _CONTROL.search(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return url


def safe_href(value: Any) -> str | None:
    """A link target for our own pages: a relative path, or an absolute http(s) URL; else None."""
    if value is None or not isinstance(value, str):
        return None
    href = value.strip()
    if not href or _CONTROL.search(href):
        return None
    if href.startswith(("//", "\\")):
        return None
    try:
        parts = urlsplit(href)
    except ValueError:
        return None
    if parts.scheme:
        return safe_url(href)
    return href


def checked_base_url(value: str | None) -> str | None:
    """The site's public address given on the command line, or a clear error naming the option."""
    from evacmap.errors import InputError

    if value is None:
        return None
    if safe_url(value) is None or any(c in value for c in " \t\n\"'<>"):
        raise InputError(f"--base-url {value!r}: must be an absolute http(s) address, e.g. https://example.org/maps/")
    return value.strip()
