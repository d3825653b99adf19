"""`evacmap gazetteer import`: a GeoNames dump into the user's imported layer, stored in the places schema."""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from evacmap.gazetteer.cache import write_atomic
from evacmap.gazetteer.gazetteer import data_home
from evacmap.gazetteer.layers import (
    COLUMNS,
    GazetteerDataError,
    parse_places_csv,
    places_to_csv_rows,
    read_geonames_dump,
)


def import_geonames(dump: Path, name: str | None = None, home: Path | None = None) -> tuple[Path, int]:
    """Read the dump (every row checked) and write it as <home>/imported/<name>.csv, atomically."""
    if not Path(dump).is_file():
        raise GazetteerDataError(f"{dump}: no such file")
    places = read_geonames_dump(Path(dump))
    if not places:
        raise GazetteerDataError(f"{dump}: no places (is this a GeoNames dump?)")
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name or Path(dump).stem).strip("-") or "geonames"
    folder = (home or data_home()) / "imported"
    target = folder / f"{slug}.csv"
    buffer = io.StringIO(newline="")
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS)
    writer.writeheader()
    writer.writerows(places_to_csv_rows(places))
    # Stored only if its own reader accepts it: a layer it rejects would break every command after this one.
    parse_places_csv(buffer.getvalue(), target, "imported")
    try:
        write_atomic(target, buffer.getvalue().encode("utf-8"))
    except OSError as err:
        raise GazetteerDataError(f"{target}: cannot write the imported layer ({err.strerror or err})") from None
    return target, len(places)
