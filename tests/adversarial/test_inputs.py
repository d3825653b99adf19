"""Hostile corpus folders: links out of the folder, huge files, parser traps. Each is refused in one line or
read safely; none is an internal error (exit 70) and none publishes a file from outside the corpus."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from evacmap.corpus.articles import MAX_ARTICLE_BYTES, load_corpus
from evacmap.corpus.htmltext import html_to_text
from evacmap.corpus.sentences import split_sentences
from evacmap.errors import CorpusError, EvacmapError, GazetteerDataError

PLACES_HEADER = "id,name,name_ar,variants,kind,lat,lon,precision_m,parent,country,source_id,citation,approximate,note\n"
ZONES = "zones/control-2016-12-15.geojson"


def test_article_linking_outside_the_corpus_is_refused(corpus, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("Private memo: 12,000 people were moved to the stadium.\n")
    os.symlink(secret, corpus / "articles" / "memo.txt")
    with pytest.raises(CorpusError, match="outside the corpus folder"):
        load_corpus(corpus)


def test_places_csv_linking_outside_is_refused(run_cli, corpus, tmp_path):
    other = tmp_path / "elsewhere.csv"
    other.write_text(PLACES_HEADER)
    os.symlink(other, corpus / "places.csv")
    result = run_cli("places", corpus, "--json")
    assert result.returncode == 1 and "outside the corpus folder" in result.stderr, result


def test_a_3_gb_file_is_refused_without_reading_it(corpus):
    huge = corpus / "articles" / "huge.txt"
    with open(huge, "wb") as handle:  # sparse: 3 GB long, no disk used; reading it would take 3 GB of RAM
        handle.truncate(3_000_000_000)
    started = time.perf_counter()
    with pytest.raises(CorpusError, match="too large"):
        load_corpus(corpus)
    assert time.perf_counter() - started < 5
    assert os.path.getsize(huge) > MAX_ARTICLE_BYTES


# Loads the corpus in a process that may map at most 1 GiB: reading the 3 GB file before checking its size
# would fail with MemoryError there however fast the disk is (a sparse file reads back at memory speed).
_BOUNDED_LOAD = """
import resource, sys
limit = 1 << 30
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
from evacmap.corpus.articles import load_corpus
from evacmap.errors import CorpusError
try:
    load_corpus(sys.argv[1])
except CorpusError as err:
    print(err)
"""


def test_a_3_gb_file_is_refused_in_a_process_that_could_not_hold_it(corpus):
    huge = corpus / "articles" / "huge.txt"
    with open(huge, "wb") as handle:
        handle.truncate(3_000_000_000)
    done = subprocess.run([sys.executable, "-c", _BOUNDED_LOAD, str(corpus)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0 and "huge.txt" in done.stdout and "too large" in done.stdout, done


def test_sentence_splitting_is_linear_on_one_5_mb_paragraph():
    paragraph = ("Some 4,000 people left the eastern districts on Thursday, officials said, and buses "
                 "waited at the crossing while U.N. monitors counted them at 3 a.m. on Dec. 15 ") * 40_000
    assert len(paragraph) >= 5_000_000
    started = time.perf_counter()
    sentences = split_sentences(paragraph)
    assert time.perf_counter() - started < 10
    assert sentences and all(len(s.text) <= 2_000 for s in sentences)


@pytest.mark.parametrize("html", ["<p>Hi <![foo[ x ]]> there</p>", "<p>a<![ b", "<![if !IE]>x<![endif]>",
                                  "<![CDATA[ y ]]>", "<!", "<p>" * 50_000])
def test_html_traps_are_read_not_crashed_on(html):
    assert isinstance(html_to_text(html).text, str)


def _zones(corpus):
    return corpus / ZONES


@pytest.mark.parametrize("vandal", ["nested", "crs-number", "crs-string", "infinite", "not-json"])
def test_bad_zone_file_is_one_line(run_cli, corpus, vandal):
    path = _zones(corpus)
    doc = json.loads(path.read_text())
    if vandal == "nested":
        text = '{"type": "FeatureCollection", "features": [' + "[" * 200_000 + "]" * 200_000 + "]}"
    elif vandal.startswith("crs"):
        doc["crs"] = 5 if vandal == "crs-number" else "EPSG:4326"
        text = json.dumps(doc)
    elif vandal == "infinite":
        text = json.dumps(doc).replace("37.1", "1e999", 1)
    else:
        text = "{" + json.dumps(doc)
    path.write_text(text)
    result = run_cli("zones", corpus, "--json")
    assert result.returncode == 1, result
    assert result.stderr.count("\n") == 1 and str(path) in result.stderr


def test_a_131_kb_places_field_is_one_line(run_cli, corpus):
    (corpus / "places.csv").write_text(PLACES_HEADER + 'x,"' + "a" * 140_000 + '",,,town,36.2,37.1,100,,SY,,,,\n')
    result = run_cli("places", corpus, "--json")
    assert result.returncode == 1 and "places.csv:2: not readable as CSV" in result.stderr, result


GEONAMES_ROW = "1\tTestplace\tTestplace\t\t36.1\t37.1\tP\tPPL\tSY\t\t\t\t\t\t100\t\t\t\t2020-01-01\n"


def test_import_of_a_dump_with_a_duplicate_row_leaves_a_readable_layer(run_cli, tmp_path):
    from evacmap.gazetteer.gazetteer import imported_layer

    home = tmp_path / "home"
    dump = tmp_path / "dump.txt"
    dump.write_text(GEONAMES_ROW * 2)
    result = run_cli("gazetteer", "import", dump, env={"EVACMAP_HOME": str(home)})
    assert result.returncode == 0, result
    layer = imported_layer(home)  # the old code wrote a layer this raised on, breaking every command
    assert layer is not None and [p.id for p in layer.places] == ["gn:1"]
    other = tmp_path / "other.txt"
    other.write_text(GEONAMES_ROW + GEONAMES_ROW.replace("Testplace", "Otherplace"))
    with pytest.raises(GazetteerDataError, match="already on line 1"):
        from evacmap.gazetteer.imports import import_geonames

        import_geonames(other, home=home)


def test_unwritable_output_is_a_build_error(run_cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_cli("build", "--out", blocker / "site")
    assert result.returncode == 1 and result.stderr.startswith("evacmap: error:"), result


def test_every_user_error_subclasses_the_root():
    assert issubclass(CorpusError, EvacmapError) and issubclass(GazetteerDataError, EvacmapError)
