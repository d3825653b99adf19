"""What reaches a terminal or a JSON reader: names from articles and files are printed as text (no rich
markup, no control characters, even in a pipe), and every JSON document is strict (no Infinity or NaN)."""
from __future__ import annotations

import json
import re
import shutil

import pytest

from evacmap.maps import exports

OUTLETS = ["[/red]", "[link=https://evil.example/]Reuters[/link]", "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\",
           "\x1b[2J\x1b[31mCNN\u202e"]


def _strict(text: str):
    def refuse(name):
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture
def hostile(corpus):
    """Outlets that are markup and escape sequences, and an article file whose name is one."""
    config = corpus / "evacmap.toml"
    names = iter(OUTLETS)
    config.write_text(re.sub(r'(?m)^outlet = ".*"$', lambda m: f"outlet = {json.dumps(next(names, 'x'))}",
                             config.read_text()))
    first = sorted((corpus / "articles").glob("*.txt"))[0]
    shutil.copy(first, corpus / "articles" / "\x1b[31mcopy\x1b[0m.txt")
    return corpus


def test_no_markup_and_no_control_characters_reach_the_terminal(run_cli, hostile):
    for command in ("claims", "compare", "routes", "places", "zones"):  # one corpus: later runs use the cache
        result = run_cli(command, hostile)
        assert result.returncode == 0, result
        assert "\x1b" not in result.output and "\u202e" not in result.output, result
    assert "[/red]" in run_cli("claims", hostile).stdout  # printed as text, not parsed (it crashed rich)


def test_markup_in_a_name_prints_as_text(run_cli, corpus):
    config = corpus / "evacmap.toml"
    config.write_text(config.read_text().replace("title = ", 'title = "[/red][link=https://evil.example/]x" #', 1))
    (corpus / "articles" / "[blink]dup[reverse].txt").write_text(
        next((corpus / "articles").glob("000_*.txt")).read_text())
    result = run_cli("claims", corpus)
    assert result.returncode == 0, result
    assert "[blink]dup[reverse]" in result.stderr  # the near-duplicate note names the file as it is


def test_non_utf8_stdout_is_not_an_internal_error(run_script):
    table = run_script("routes", env={"PYTHONIOENCODING": "ascii"})
    assert table.returncode == 0, table
    data = run_script("places", "--json", env={"PYTHONIOENCODING": "latin-1"})
    assert data.returncode == 0 and _strict(data.stdout)


def test_huge_numbers_are_not_infinity(run_cli, corpus):
    (corpus / "articles" / "huge.txt").write_text(
        "Officials said " + "9" * 400 + " people fled Aleppo on Thursday.\n"
        "Between 5,000 and 2 people crossed, a monitor said.\n")
    result = run_cli("claims", corpus, "--json")
    assert result.returncode == 0, result
    claims = _strict(result.stdout)
    for claim in claims:
        for q in claim["quantities"]:
            assert q["low"] is None or q["high"] is None or q["low"] <= q["high"], q


def test_exports_never_write_infinity():
    text = exports.dumps({"value": float("inf"), "values": [float("nan"), 1.5]})
    assert _strict(text) == {"value": None, "values": [None, 1.5]}
