"""JSON that every parser accepts: Python writes `Infinity` and `NaN` for non-finite floats, which are not
JSON. A number too large for a float (a 310-digit figure in an article) has no honest value: it becomes null."""
from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["dumps", "finite"]


def finite(data: Any) -> Any:
    """`data` with every non-finite float (inf, -inf, nan) replaced by None, in lists, tuples and dicts."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [finite(v) for v in data]
    return data


def dumps(data: Any, **options: Any) -> str:
    """json.dumps that never writes Infinity or NaN. The C encoder tries first (`allow_nan=False` refuses a
    non-finite float); only data that holds one is walked by `finite`, in Python (that walk, run on every
    record, was most of the time of writing a large site's data files)."""
    try:
        return json.dumps(data, allow_nan=False, **options)
    except ValueError:
        return json.dumps(finite(data), allow_nan=False, **options)
