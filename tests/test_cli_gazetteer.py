"""The gazetteer's command line, run as a user runs it: the installed `evacmap` script in a subprocess.

`evacmap places [CORPUS] --json`, `evacmap geocode NAME --json`, user overrides in a corpus folder's
places.csv, malformed input reported as one line, and `evacmap gazetteer import` of a GeoNames dump.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, SAMPLE_ARTICLES
from helpers import km

HEADER = "id,name,name_ar,variants,kind,lat,lon,precision_m,parent,country,source_id,citation,approximate,note\n"
TRUE_POINTS = {"amiriyah": (36.1702, 37.1263), "ramouseh": (36.1567, 37.1288), "fuah": (35.9826, 36.7035),
               "kafriya": (35.9903, 36.6782)}
PLACE_FIELDS = {"id", "name", "lat", "lon", "kind", "precision_m", "source", "mentions"}
MENTION_FIELDS = {"article", "surface", "start", "end"}
DUMP = FIXTURES / "geonames_SY_sample.txt"


def assert_one_line_error(result, *needles: str) -> str:
    """Non-zero exit, nothing on stdout, exactly one line on stderr naming what went wrong, no traceback."""
    assert result.returncode != 0, result
    assert "Traceback" not in result.output, result
    assert result.stdout.strip() in {"", "[]"}, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


# --- evacmap places on the bundled sample -----------------------------------------------------------------

@pytest.fixture(scope="module")
def sample_places(run_cli):
    result = run_cli("places", "--json")
    assert result.returncode == 0, result
    return result


def test_places_json_is_a_json_array_and_nothing_else(sample_places):
    out = sample_places.stdout
    assert out.lstrip().startswith("[") and out.rstrip().endswith("]")
    data = json.loads(out)  # raises if anything else shares stdout
    assert isinstance(data, list) and data
    assert all(isinstance(p, dict) for p in data)


def test_places_json_fields(sample_places):
    articles = {p.stem: p.read_text(encoding="utf-8") for p in SAMPLE_ARTICLES.glob("*.txt")}
    for place in sample_places.json():
        assert PLACE_FIELDS <= place.keys(), place.keys()
        assert place["mentions"], place["id"]
        for m in place["mentions"]:
            assert MENTION_FIELDS <= m.keys()
            assert m["article"] in articles
            assert articles[m["article"]][m["start"]:m["end"]] == m["surface"], (place["id"], m)


def test_places_json_sample_content(sample_places):
    by_id = {p["id"]: p for p in sample_places.json()}
    unresolved = [p["id"] for p in by_id.values() if p["lat"] is None]
    assert not unresolved
    for place_id, (lat, lon) in TRUE_POINTS.items():
        p = by_id[place_id]
        assert km(p["lat"], p["lon"], lat, lon) <= 3.0, p
        assert p["source"] == "curated" and p["precision_m"] <= 3000
    for place_id in ("aleppo", "eastern_aleppo", "idlib_city", "idlib_governorate", "damascus", "palmyra",
                     "beirut", "geneva", "london", "brussels", "turkey"):
        assert place_id in by_id, place_id
    assert by_id["idlib_governorate"]["kind"] == "governorate" and by_id["idlib_city"]["kind"] == "city"
    surfaces = {m["surface"] for p in by_id.values() for m in p["mentions"]}
    assert {"Fua", "Al-Foua", "Kfraya", "Kefreia", "Ramussa"} <= surfaces
    assert not surfaces & {"Most", "Doha", "Kerry", "Zarqa", "Soviet Union", "Chatham"}
    fuah = {(m["article"], m["surface"]) for m in by_id["fuah"]["mentions"]}
    assert fuah == {("002_42f7b2695aa7c251", "Fua"), ("003_4bc8ad44158da2af", "Al-Foua")}


def test_places_table_for_a_person(run_cli):
    result = run_cli("places")
    assert result.returncode == 0, result
    assert "Ramouseh" in result.stdout and "Kafriya" in result.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stdout)


# --- corpus errors ---------------------------------------------------------------------------------------------

def test_places_missing_corpus_is_one_line(run_cli, tmp_path):
    missing = tmp_path / "no-such-corpus"
    assert_one_line_error(run_cli("places", missing, "--json"), str(missing))


def test_places_corpus_that_is_a_file_is_one_line(run_cli, tmp_path):
    path = tmp_path / "article.txt"
    path.write_text("Buses left Aleppo.", encoding="utf-8")
    assert_one_line_error(run_cli("places", path, "--json"), str(path))


# --- unresolved places ------------------------------------------------------------------------------------------

def test_places_unresolved_have_null_point_and_candidates(run_cli, tmp_path):
    (tmp_path / "articles").mkdir()
    (tmp_path / "articles" / "report.txt").write_text(
        "He was born in Springfield and later moved to Aleppo.\n", encoding="utf-8")
    result = run_cli("places", tmp_path, "--json")
    assert result.returncode == 0, result
    by_name = {p["name"]: p for p in result.json()}
    spring = by_name["Springfield"]
    assert spring["lat"] is None and spring["lon"] is None
    assert len(spring["candidates"]) >= 2
    for c in spring["candidates"]:
        assert {"id", "name", "lat", "lon"} <= c.keys() and c["lat"] is not None
    assert spring["mentions"] == [{**spring["mentions"][0], "article": "report", "surface": "Springfield",
                                   "start": 15, "end": 26}]
    assert by_name["Aleppo"]["lat"] is not None and "candidates" not in by_name["Aleppo"]


# --- geocode ---------------------------------------------------------------------------------------------------------

def test_geocode_json(run_cli):
    result = run_cli("geocode", "Kefraya", "--json")
    assert result.returncode == 0, result
    records = result.json()
    assert isinstance(records, list) and len(records) == 1
    rec = records[0]
    assert rec["id"] == "kafriya" and rec["name"] == "Kafriya" and rec["kind"] == "village"
    assert km(rec["lat"], rec["lon"], *TRUE_POINTS["kafriya"]) <= 3.0
    assert rec["source"] == "curated" and rec["citation"] and rec["precision_m"] > 0
    assert isinstance(rec["alternatives"], list) and rec["reason"]


def test_geocode_human_output(run_cli):
    result = run_cli("geocode", "al-Fu'ah")
    assert result.returncode == 0, result
    assert "al-Fu'ah" in result.stdout and "35.98" in result.stdout and "curated" in result.stdout


def test_geocode_unknown_name(run_cli):
    result = run_cli("geocode", "Xqzwvbn")
    assert_one_line_error(result, "Xqzwvbn")
    assert run_cli("geocode", "Xqzwvbn", "--json").stdout.strip() == "[]"


# --- user overrides ----------------------------------------------------------------------------------------------

@pytest.fixture
def corpus(tmp_path) -> Path:
    """A user's corpus folder: two of the sample articles and a one-line report of our own."""
    root = tmp_path / "corpus"
    (root / "articles").mkdir(parents=True)
    for name in ("003_4bc8ad44158da2af.txt", "004_5c55c10b1034d00a.txt"):
        shutil.copy(SAMPLE_ARTICLES / name, root / "articles" / name)
    (root / "articles" / "field-notes.txt").write_text(
        "On 16 December the second convoy waited at Tal Shaghib before crossing Ramouseh.\n", encoding="utf-8")
    return root


def test_user_places_csv_overrides_and_adds(run_cli, corpus):
    (corpus / "places.csv").write_text(
        HEADER
        + "ramouseh,Ramouseh,الراموسة,Ramussa|Ramousa,district,36.1500,37.1350,600,aleppo,SY,,"
          "our own survey of the crossing point,false,moved to the roundabout\n"
        + "tal_shaghib,Tal Shaghib,تل شغيب,Tel Shaghib|Tall Shughayb,village,36.1900,37.0500,1500,"
          "aleppo_governorate,SY,,our field notes,true,\n",
        encoding="utf-8")
    result = run_cli("places", corpus, "--json")
    assert result.returncode == 0, result
    by_id = {p["id"]: p for p in result.json()}
    ram = by_id["ramouseh"]
    assert (ram["source"], ram["lat"], ram["lon"], ram["precision_m"]) == ("user", 36.15, 37.135, 600)
    assert {(m["article"], m["surface"]) for m in ram["mentions"]} == {
        ("004_5c55c10b1034d00a", "Ramussa"), ("field-notes", "Ramouseh")}
    new = by_id["tal_shaghib"]
    assert (new["source"], new["lat"], new["lon"], new["kind"]) == ("user", 36.19, 37.05, "village")
    assert [m["surface"] for m in new["mentions"]] == ["Tal Shaghib"]
    assert by_id["amiriyah"]["source"] == "curated"  # what the user did not touch stays curated

    geo = run_cli("geocode", "Ramussa", "--json", "--corpus", corpus)
    assert geo.returncode == 0, geo
    assert geo.json()[0]["source"] == "user"


ROW_OK = "aaa,Aaa Village,,,village,36.1,37.1,,,SY,,,,\n"
MALFORMED = [
    # (what is wrong, the file's text (str, or bytes to write raw), the line the message must name)
    ("bad lat", HEADER + ROW_OK + "bad,Bad Village,,,village,36.x,37.1,,,SY,,,,\n", 3),
    ("missing name", HEADER + ROW_OK + "noname,,,,village,36.1,37.1,,,SY,,,,\n", 3),
    ("unknown kind", HEADER + "hamlet,Hamlet,,,hamlet,36.1,37.1,,,SY,,,,\n", 2),
    ("extra field", HEADER + ROW_OK + ROW_OK.replace("aaa", "bbb").rstrip("\n") + ",surplus\n", 3),
    ("lat without lon", HEADER + "half,Half,,,village,36.1,,,,SY,,,,\n", 2),
    ("out of range", HEADER + "far,Far,,,village,136.1,37.1,,,SY,,,,\n", 2),
    ("duplicate id", HEADER + ROW_OK + ROW_OK, 3),
    ("not UTF-8", (HEADER + ROW_OK).encode() + "caf,Café,,,village,36.1,37.1,,,SY,,,,\n".encode("latin-1"), 3),
]


@pytest.mark.parametrize("what, content, line", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_places_csv_is_one_line_naming_file_and_line(run_cli, tmp_path, what, content, line):
    corpus = tmp_path / "corpus"
    (corpus / "articles").mkdir(parents=True)
    (corpus / "articles" / "a.txt").write_text("Buses left Aleppo.\n", encoding="utf-8")
    path = corpus / "places.csv"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    message = assert_one_line_error(run_cli("places", corpus, "--json"), f"{path}:{line}")
    assert "error" in message


# --- gazetteer import --------------------------------------------------------------------------------------------

@pytest.fixture
def home(tmp_path) -> dict[str, str]:
    """A data home of its own, so imported layers do not leak into other tests."""
    folder = tmp_path / "home"
    folder.mkdir()
    return {"EVACMAP_HOME": str(folder)}


def test_geonames_import_then_geocode(run_cli, home):
    # before the import, only the world layer (GeoNames places of 500+ people) knows it
    before = run_cli("geocode", "Hreitan", "--json", env=home)
    assert before.returncode != 0 or before.json()[0]["source"] == "geonames"
    result = run_cli("gazetteer", "import", DUMP, env=home)
    assert result.returncode == 0, result
    assert "4" in result.stderr  # four places; the stream row is skipped
    stored = list((Path(home["EVACMAP_HOME"]) / "imported").glob("*.csv"))
    assert len(stored) == 1

    for query, gid, (lat, lon) in [("Hreitan", "169858", (36.28861, 37.08527)),
                                   ("حريتان", "169858", (36.28861, 37.08527)),
                                   ("Kafr Hamra", "168734", (36.25279, 37.07918))]:
        geo = run_cli("geocode", query, "--json", env=home)
        assert geo.returncode == 0, geo
        rec = geo.json()[0]
        assert (rec["source"], rec["source_id"], rec["lat"], rec["lon"]) == \
               ("imported", f"geonames:{gid}", lat, lon), query
        assert "GeoNames" in rec["citation"]

    # feature class H (a stream) is not imported
    assert run_cli("geocode", "Nahr Quwayq", "--json", env=home).returncode != 0
    # the curated layer, checked by hand, stays above an imported homonym
    kafrayya = run_cli("geocode", "Kafrayya", "--json", env=home).json()[0]
    assert (kafrayya["id"], kafrayya["source"]) == ("kafriya", "curated")
    alt = run_cli("geocode", "Kafraya al-Maarra", "--json", env=home).json()[0]
    assert (alt["source"], alt["source_id"]) == ("imported", "geonames:168717")


def test_imported_places_are_found_in_text(run_cli, home, tmp_path):
    assert run_cli("gazetteer", "import", DUMP, env=home).returncode == 0
    corpus = tmp_path / "c"
    (corpus / "articles").mkdir(parents=True)
    (corpus / "articles" / "a.txt").write_text(
        "Fighters withdrew from Huraytan, Hayyan and Kfar Hamra towards Aleppo.\n", encoding="utf-8")
    result = run_cli("places", corpus, "--json", env=home)
    assert result.returncode == 0, result
    got = {p["mentions"][0]["surface"]: (p["id"], p["source"], p["lat"]) for p in result.json()}
    assert got == {"Huraytan": ("gn:169858", "imported", 36.28861), "Hayyan": ("gn:169644", "imported", 36.32417),
                   "Kfar Hamra": ("gn:168734", "imported", 36.25279), "Aleppo": ("aleppo", "curated", 36.20124)}


def test_reimport_replaces_the_layer(run_cli, home):
    for _ in range(2):
        assert run_cli("gazetteer", "import", DUMP, env=home).returncode == 0
    stored = list((Path(home["EVACMAP_HOME"]) / "imported").glob("*.csv"))
    assert len(stored) == 1
    assert stored[0].read_text(encoding="utf-8").count("\n") == 1 + 4


def dump_line(**changes) -> str:
    cols = DUMP.read_text(encoding="utf-8").splitlines()[0].split("\t")
    for index, value in changes.items():
        cols[int(index[1:])] = value
    return "\t".join(cols) + "\n"


BAD_DUMPS = [
    ("18 columns", lambda: dump_line() + "\t".join(dump_line().split("\t")[:18]) + "\n", 2),
    ("bad latitude", lambda: dump_line() + dump_line(c4="north"), 2),
    ("bad geonameid", lambda: dump_line(c0="x169858"), 1),
    ("out of range", lambda: dump_line() + dump_line() + dump_line(c5="237.1"), 3),
    ("not UTF-8", lambda: dump_line().encode() + "\t".join(
        ["169644", "Hayy\xe1n", "Hayyan", "Hayan", "36.32417", "37.05886", "P", "PPL", "SY", "", "09", "", "", "",
         "0", "", "468", "Asia/Damascus", "2012-01-18"]).encode("latin-1") + b"\n", 2),
]


@pytest.mark.parametrize("what, make, line", BAD_DUMPS, ids=[b[0] for b in BAD_DUMPS])
def test_malformed_dump_is_one_line_naming_file_and_line(run_cli, home, tmp_path, what, make, line):
    path = tmp_path / "SY.txt"
    content = make()
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    assert_one_line_error(run_cli("gazetteer", "import", path, env=home), f"{path}:{line}")
    assert not (Path(home["EVACMAP_HOME"]) / "imported").exists() or \
        not list((Path(home["EVACMAP_HOME"]) / "imported").glob("*.csv")), "a bad dump must not be half-imported"


def test_import_missing_file_is_one_line(run_cli, home, tmp_path):
    assert_one_line_error(run_cli("gazetteer", "import", tmp_path / "SY.txt", env=home), "SY.txt")
