"""gazetteer.geocoder: geopy's interface over the offline layers, and the opt-in online chain.

The online chain is tested against a real HTTP server on 127.0.0.1 (a random port) that answers Nominatim's
/search JSON format: geopy's own Nominatim class, RateLimiter and HTTP adapter do the talking, exactly as they
would with nominatim.openstreetmap.org.
"""
from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import geopy.exc
import geopy.geocoders.base
import pytest
from geopy.location import Location

from evacmap.gazetteer.geocoder import Geocoder, OnlineChain
from evacmap.gazetteer.normalize import name_key

# Records in Nominatim's format for villages no offline layer knows. Points: GeoNames 163576 (Tall Hadiyah)
# and 174611 (Abu az Zuhur), as carried by Who's On First; the rest of each record is shaped like a real answer.
NOMINATIM = {
    "tell hadiya": [{
        "place_id": 1001, "licence": "Data © OpenStreetMap contributors, ODbL 1.0.", "osm_type": "node",
        "osm_id": 2001, "lat": "35.99595", "lon": "36.93908", "class": "place", "type": "village",
        "place_rank": 19, "importance": 0.21, "addresstype": "village", "name": "Tell Hadiya",
        "display_name": "Tell Hadiya, Jebel Saman, Aleppo Governorate, Syria",
        "boundingbox": ["35.9759", "36.0159", "36.9190", "36.9590"]}],
    "abu al-duhur": [{
        "place_id": 1002, "licence": "Data © OpenStreetMap contributors, ODbL 1.0.", "osm_type": "relation",
        "osm_id": 2002, "lat": "35.74058", "lon": "37.0448", "class": "boundary", "type": "administrative",
        "place_rank": 16, "importance": 0.3, "addresstype": "town", "name": "Abu al-Duhur",
        "display_name": "Abu al-Duhur, Idlib Governorate, Syria",
        "boundingbox": ["35.70", "35.78", "37.00", "37.09"]}],
}
BROKEN = {"server error town"}  # queries the server answers with HTTP 500


class FakeNominatim(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), NominatimHandler)
        self.requests: list[dict] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def queries(self) -> list[str]:
        return [r["params"].get("q", [""])[0] for r in self.requests]


class NominatimHandler(BaseHTTPRequestHandler):
    def do_GET(self):
        parsed = urlparse(self.path)
        params = parse_qs(parsed.query)
        self.server.requests.append({"path": parsed.path, "params": params, "headers": dict(self.headers),
                                     "time": time.monotonic()})
        query = params.get("q", [""])[0].lower()
        if parsed.path != "/search":
            self._send(404, {"error": "not found"})
        elif query in BROKEN:
            self._send(500, {"error": "internal server error"})
        else:
            self._send(200, NOMINATIM.get(query, [])[: int(params.get("limit", ["10"])[0])])

    def _send(self, status: int, body) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):  # keep pytest output clean
        pass


@pytest.fixture(scope="module")
def server():
    srv = FakeNominatim()
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture
def nominatim(server):
    server.requests.clear()
    return server


@pytest.fixture
def chain(nominatim, tmp_path: Path) -> OnlineChain:
    return OnlineChain(base_url=nominatim.url, cache_path=tmp_path / "nominatim.json", min_delay=0.05)


# --- offline: geopy's interface ---------------------------------------------------------------------------------

def test_geocoder_is_a_geopy_geocoder(gazetteer):
    assert isinstance(Geocoder(gazetteer), geopy.geocoders.base.Geocoder)


@pytest.mark.parametrize("query", ["Kafriya", "Kefreia", "Kfraya", "كفريا"])
def test_geocode_returns_a_location_with_provenance(gazetteer, query):
    loc = Geocoder(gazetteer).geocode(query)
    assert isinstance(loc, Location)
    assert (round(loc.latitude, 3), round(loc.longitude, 3)) == (35.990, 36.678)
    assert loc.address == "Kafriya"
    raw = loc.raw
    assert raw["id"] == "kafriya" and raw["kind"] == "village" and raw["source"] == "curated"
    assert isinstance(raw["precision_m"], int) and 0 < raw["precision_m"] <= 3000
    assert "GeoNames" in raw["citation"] and raw["source_id"] == "geonames:168689"


def test_geocode_many_returns_a_list(gazetteer):
    locs = Geocoder(gazetteer).geocode("Idlib", exactly_one=False)
    assert isinstance(locs, list) and all(isinstance(loc, Location) for loc in locs)
    ids = [loc.raw["id"] for loc in locs]
    assert ids[0] == "idlib_city" and "idlib_governorate" in ids
    single = Geocoder(gazetteer).geocode("Kafriya", exactly_one=False)
    assert [loc.raw["id"] for loc in single] == ["kafriya"]


def test_geocode_unknown_or_ambiguous_is_none(gazetteer):
    geocoder = Geocoder(gazetteer)
    assert geocoder.geocode("Xqzwvbn") is None
    assert geocoder.geocode("Springfield") is None  # 15 Springfields, none clearly more likely: not guessed


def test_geocode_world_layer_place(gazetteer):
    loc = Geocoder(gazetteer).geocode("Paris")
    assert loc.raw["source"] == "geonames" and loc.raw["country"] == "FR"
    assert loc.raw["id"].startswith("gn:") and loc.raw["citation"]


# --- online chain against the local server ----------------------------------------------------------------

def test_online_chain_answers_what_offline_layers_do_not_know(gazetteer, chain, nominatim):
    assert gazetteer.resolve("Tell Hadiya")[0] is None  # the premise: no offline layer knows it
    loc = Geocoder(gazetteer, online=True, online_chain=chain).geocode("Tell Hadiya")
    assert isinstance(loc, Location)
    assert (loc.latitude, loc.longitude) == (35.99595, 36.93908)
    assert loc.raw["source"] == "nominatim" and loc.raw["kind"] == "village"
    assert "OpenStreetMap" in loc.raw["citation"] and loc.raw["id"] == "osm:node:2001"
    assert 1000 <= loc.raw["precision_m"] <= 5000  # from the bounding box: ±0.02° around the point

    assert len(nominatim.requests) == 1
    request = nominatim.requests[0]
    assert request["path"] == "/search"
    assert request["params"]["q"] == ["Tell Hadiya"]
    assert request["params"]["format"] == ["json"]
    assert "evacmap" in request["headers"].get("User-Agent", "")


def test_online_answers_are_cached_on_disk(gazetteer, chain, nominatim, tmp_path):
    Geocoder(gazetteer, online=True, online_chain=chain).geocode("Tell Hadiya")
    assert nominatim.queries() == ["Tell Hadiya"]
    again = Geocoder(gazetteer, online=True, online_chain=chain).geocode("tell hadiya")
    assert again.raw["source"] == "nominatim"
    # a new chain on the same file: the answer comes from disk, not from this process's memory
    fresh = OnlineChain(base_url=nominatim.url, cache_path=chain.cache_path, min_delay=0.05)
    third = Geocoder(gazetteer, online=True, online_chain=fresh).geocode("Tell Hadiya")
    assert (third.latitude, third.longitude) == (35.99595, 36.93908)
    assert nominatim.queries() == ["Tell Hadiya"], "the cache did not answer"
    assert name_key("Tell Hadiya") in json.loads(chain.cache_path.read_text(encoding="utf-8"))


def test_empty_online_answer_is_none_and_cached(gazetteer, chain, nominatim):
    geocoder = Geocoder(gazetteer, online=True, online_chain=chain)
    assert geocoder.geocode("Nowhere At All") is None
    assert geocoder.geocode("Nowhere At All") is None
    assert nominatim.queries() == ["Nowhere At All"]


def test_offline_names_never_go_online(gazetteer, chain, nominatim):
    loc = Geocoder(gazetteer, online=True, online_chain=chain).geocode("Kafriya")
    assert loc.raw["source"] == "curated"
    assert nominatim.requests == []


def test_offline_geocoder_never_contacts_the_server(gazetteer, nominatim, monkeypatch):
    monkeypatch.setenv("EVACMAP_NOMINATIM_URL", nominatim.url)
    assert Geocoder(gazetteer).geocode("Tell Hadiya") is None
    assert Geocoder(gazetteer, online=False).geocode("Abu al-Duhur") is None
    assert nominatim.requests == []


def test_online_false_wins_over_a_configured_chain(gazetteer, chain, nominatim):
    # online=False is an explicit promise not to use the network, even when a chain object is passed along
    assert Geocoder(gazetteer, online=False, online_chain=chain).geocode("Tell Hadiya") is None
    assert nominatim.requests == []


def test_server_error_is_geopys_named_exception(gazetteer, chain, nominatim):
    chain.limited.error_wait_seconds = 0.05  # geopy RateLimiter's pause before its one retry (default 5 s)
    geocoder = Geocoder(gazetteer, online=True, online_chain=chain)
    with pytest.raises(geopy.exc.GeocoderServiceError):
        geocoder.geocode("Server Error Town")
    assert nominatim.queries()[0] == "Server Error Town"
    # a failure is not cached as "no such place"
    cached = json.loads(chain.cache_path.read_text(encoding="utf-8")) if chain.cache_path.exists() else {}
    assert name_key("Server Error Town") not in cached


def test_requests_are_rate_limited(gazetteer, nominatim, tmp_path):
    # a 1 s delay checked at 0.6 s on the server's clock: a loaded machine may hold back the server thread's
    # handling of the first request, but never by half a second on both sides of the pause
    chain = OnlineChain(base_url=nominatim.url, cache_path=tmp_path / "n.json", min_delay=1.0)
    geocoder = Geocoder(gazetteer, online=True, online_chain=chain)
    geocoder.geocode("Tell Hadiya")
    geocoder.geocode("Abu al-Duhur")
    first, second = (r["time"] for r in nominatim.requests)
    assert second - first >= 0.6


# --- through the CLI -------------------------------------------------------------------------------------------

def test_cli_geocode_online(run_cli, nominatim):
    result = run_cli("geocode", "Abu al-Duhur", "--online", "--json", env={"EVACMAP_NOMINATIM_URL": nominatim.url})
    assert result.returncode == 0, result
    records = json.loads(result.stdout)
    assert len(records) == 1
    rec = records[0]
    assert (rec["lat"], rec["lon"], rec["source"]) == (35.74058, 37.0448, "nominatim")
    assert rec["kind"] == "town" and "OpenStreetMap" in rec["citation"]
    assert nominatim.queries() == ["Abu al-Duhur"]
    assert "evacmap" in nominatim.requests[0]["headers"]["User-Agent"]


def test_cli_geocode_without_online_stays_offline(run_cli, nominatim):
    result = run_cli("geocode", "Tell Hadiya", "--json", env={"EVACMAP_NOMINATIM_URL": nominatim.url})
    assert result.returncode != 0
    assert json.loads(result.stdout) == []
    assert nominatim.requests == []


def test_cli_geocode_online_server_error_is_one_line(run_cli, nominatim):
    result = run_cli("geocode", "Server Error Town", "--online", "--json",
                     env={"EVACMAP_NOMINATIM_URL": nominatim.url}, timeout=60)
    assert result.returncode != 0
    assert "Traceback" not in result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("evacmap:"), result
    # a remote service failing is not a bug in evacmap: say what failed, not "internal error"
    assert "internal error" not in lines[0] and "500" in lines[0], lines[0]
    assert nominatim.queries()[0] == "Server Error Town"
