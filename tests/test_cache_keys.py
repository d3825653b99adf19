"""Cache keys change with the data a package reads, not only with its code: a word list edited by hand must not
leave results computed from the old list in the cache."""
from __future__ import annotations

import importlib
import sys

from evacmap.gazetteer.cache import source_hash


def test_a_packages_data_files_are_part_of_its_hash(tmp_path, monkeypatch):
    pkg = tmp_path / "probepkg"
    (pkg / "data").mkdir(parents=True)
    (pkg / "__init__.py").write_text("VALUE = 1\n", encoding="utf-8")
    (pkg / "data" / "words.json").write_text('["Red Cross"]\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("probepkg")
    try:
        before = source_hash(module)
        assert source_hash(module) == before  # the same files, the same key
        (pkg / "data" / "words.json").write_text('["ICRC"]\n', encoding="utf-8")
        assert source_hash(module) != before
    finally:
        sys.modules.pop("probepkg", None)
