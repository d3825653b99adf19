"""Fixtures of the attack suite: a writable copy of the sample corpus, and a private article cache."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "corpus" / "samples" / "aleppo-2016"


@pytest.fixture
def corpus(tmp_path) -> Path:
    """A copy of the sample corpus that a test may vandalise."""
    return Path(shutil.copytree(SAMPLE, tmp_path / "corpus"))


@pytest.fixture
def private_cache(tmp_path, evacmap_env) -> dict[str, str]:
    """A private EVACMAP_CACHE (this test's article entries only) with the session's world index linked in."""
    from evacmap.gazetteer.gazetteer import world_index

    world_index()
    shared = Path(evacmap_env["EVACMAP_CACHE"])
    private = tmp_path / "cache"
    private.mkdir()
    for f in shared.glob("world-index-*"):  # the world index is a folder of data files
        os.symlink(f, private / f.name)
    return {"EVACMAP_CACHE": str(private)}
