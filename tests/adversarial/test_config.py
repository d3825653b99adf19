"""evacmap.toml from someone else: every mistake is one line naming the file (exit 1), never exit 70."""
from __future__ import annotations

import hashlib

import pytest

from evacmap.corpus.config import load_config
from evacmap.errors import CorpusError

BAD = {
    "focus = 5": "focus must be a string",
    "zones = [5]": "zones must be a list of file names",
    'zones = "control.geojson"': "zones must be a list of file names, not str",
    "articles = 5": "articles must be a table",
    '[maps]\nname = "x"': "maps must be an array of [[maps]] tables",
    "[[maps]]\nname = 5": "name must be a string",
    '[[maps]]\nname = "a"\nbounds = [1, 2, "3", 4]': "bounds must be",
    '[articles.x]\noutlet = ["a"]': "outlet must be a string",
    'titel = "x"': "unknown key 'titel' (did you mean 'title'?)",
    '[[maps]]\nname = "a"\ndescripton = "x"': "did you mean 'description'?",
    "x = " + "[" * 5000 + "]" * 5000: "",
    'title = "unterminated': "",
    "date = 07:32:00": "date must be a date",
    '[actors]\nnobody = "one"': "actors must be a table of names",
    'roads = "../../etc/passwd"': "points outside the corpus folder",
}


@pytest.mark.parametrize("text", list(BAD))
def test_bad_config_is_one_line_naming_the_file(tmp_path, text):
    (tmp_path / "evacmap.toml").write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError) as err:
        load_config(tmp_path)
    message = str(err.value)
    assert "\n" not in message and message.startswith(str(tmp_path / "evacmap.toml"))
    assert BAD[text] in message


def test_config_that_is_a_folder(tmp_path):
    (tmp_path / "evacmap.toml").mkdir()
    with pytest.raises(CorpusError, match="not a regular file"):
        load_config(tmp_path)


def test_keys_of_other_features_are_accepted(tmp_path):
    (tmp_path / "evacmap.toml").write_text('base_url = "https://example.org/maps/"\n[actors]\nunhcr = ["UNHCR"]\n')
    assert load_config(tmp_path).title == "Evacuation map"


def test_fingerprinted_bytes_are_the_parsed_bytes(tmp_path):
    raw = b'title = "Before"\n'
    (tmp_path / "evacmap.toml").write_bytes(raw)
    assert load_config(tmp_path).sha256 == hashlib.sha256(raw).hexdigest()


def test_cli_reports_config_error_in_one_line(run_cli, corpus):
    (corpus / "evacmap.toml").write_text("focus = 5\n", encoding="utf-8")
    result = run_cli("claims", corpus, "--json")
    assert result.returncode == 1, result
    assert result.stderr.strip().count("\n") == 0 and "focus must be a string" in result.stderr
