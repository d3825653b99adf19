"""Fuzz the readers and the pipeline with mutated inputs; print how many gave an internal error or invalid JSON.

    python benchmarks/fuzz.py [--articles 10000] [--files 1000] [--cli 40] [--seed 14]

- articles: slices of the sample articles (as .txt or .html), mutated with random bytes and with the
  payloads that broke the tool before (310-digit numbers, reversed ranges, rich markup, ESC sequences,
  `<![foo[`, NUL, invalid UTF-8, long runs without punctuation). They go through the corpus loader and the
  whole analysis in batches of 25 (one corpus each), then every JSON export (`claims`, `compare`, `routes`,
  `places`, `zones`).
- files: mutated evacmap.toml, zone GeoJSON and places.csv files (text-level and structure-level
  mutations) through their loaders; every `--cli`-th one also through the in-process CLI (`zones --json`,
  `places --json`), whose exit status must be 0 or 1.

An *internal error* is any exception that is not an EvacmapError (the CLI's exit 70). *Invalid JSON* is a
document the CLI or an export would emit that a strict parser rejects. *Non-finite values* counts data that
held Infinity/NaN before strictjson turned it into null (reported, not a failure). The target is 0 and 0.
Uses a private cache and data home; the world index is built there on the first run (~30 s).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

__all__ = ["main"]

PAYLOADS = ["9" * 320, "1" + "0" * 400 + " people", "between 5,000 and 2 people", "[/red]", "[link=https://x.example]a[/link]",
            "\x1b[2J", "\x1b]8;;https://x.example\x1b\\", "<![foo[ x ]]>", "<![", "<script>alert(1)</script>", "\x00",
            "\u202e", "\ud800", "&#xD800;", "&#99999999;", "1e999", "NaN", "Infinity", "-", "—", "“", "(", "[", "\"",
            "U.S.", "a.m.", "Dr.", "…", "\r\n", "\n\n", "x" * 5000, "," * 300, "3,000,000,000,000,000 people",
            "as many as 1.5 million", "from 20 to 10 buses", "Aleppo to Idlib", "in the east of the city"]


def mutate_text(rng: random.Random, text: str, rounds: int) -> str:
    for _ in range(rounds):
        pos = rng.randrange(len(text) + 1)
        kind = rng.random()
        if kind < 0.45:
            text = text[:pos] + rng.choice(PAYLOADS) + text[pos:]
        elif kind < 0.6:
            text = text[:pos] + "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(1, 8))) + text[pos:]
        elif kind < 0.75:
            text = text[:pos] + text[pos + rng.randrange(1, 200):]
        elif kind < 0.9:
            end = min(len(text), pos + rng.randrange(1, 400))
            text = text[:pos] + text[pos:end] * rng.randrange(2, 6) + text[pos:]
        else:
            text = text[:pos] + text[pos:pos + 50].swapcase() + text[pos + 50:]
    return text


def mutate_bytes(rng: random.Random, raw: bytes, rounds: int) -> bytes:
    data = bytearray(raw)
    for _ in range(rounds):
        if not data:
            data.extend(b"x")
        pos = rng.randrange(len(data))
        if rng.random() < 0.5:
            data[pos] = rng.randrange(256)
        else:
            data[pos:pos] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 6)))
    return bytes(data)


def article_bytes(rng: random.Random, sources: list[str]) -> tuple[str, bytes]:
    source = rng.choice(sources)
    start = rng.randrange(len(source))
    text = mutate_text(rng, source[start:start + rng.randrange(200, 3000)], rng.randrange(1, 8))
    ext = "txt"
    if rng.random() < 0.3:
        ext = "html"
        text = f"<html><head><title>{rng.choice(PAYLOADS)}</title></head><body><p>{text}</p></body></html>"
    raw = text.encode("utf-8", errors="surrogatepass")
    if rng.random() < 0.15:
        raw = mutate_bytes(rng, raw, rng.randrange(1, 5))
    return ext, raw


class Tally:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, str] = {}

    def internal(self, what: str, err: BaseException) -> None:
        self.counts["internal errors"] += 1
        key = f"{what}: {type(err).__name__}"
        self.counts[key] += 1
        self.examples.setdefault(key, "".join(traceback.format_exception(err)[-3:]))

    def json(self, what: str, data) -> None:
        """Count a document that would be invalid as emitted, and one that needed non-finite values nulled."""
        from evacmap.maps import strictjson

        self.counts["JSON documents"] += 1
        try:
            json.dumps(data, allow_nan=False, default=str)
        except ValueError:
            self.counts["documents with non-finite values (written as null)"] += 1
        try:
            json.loads(strictjson.dumps(data, default=str), parse_constant=_refuse)
        except ValueError as err:
            self.counts["invalid JSON"] += 1
            self.examples.setdefault(f"invalid JSON: {what}", str(err))


def _refuse(name: str):
    raise ValueError(f"{name} is not JSON")


def fuzz_articles(rng: random.Random, count: int, work: Path, tally: Tally) -> None:
    from evacmap.corpus.articles import load_corpus, read_article, sample_path
    from evacmap.corpus.config import load_config
    from evacmap.errors import EvacmapError
    from evacmap.maps import exports
    from evacmap.maps.pipeline import analyse, load_gazetteer

    sources = [p.read_text(encoding="utf-8") for p in sorted((sample_path() / "articles").glob("*.txt"))]
    done = 0
    while done < count:
        batch = min(25, count - done)
        root = work / f"articles-{done}"
        (root / "articles").mkdir(parents=True)
        config = load_config(root)
        for i in range(batch):
            ext, raw = article_bytes(rng, sources)
            path = root / "articles" / f"a{i:03d}.{ext}"
            path.write_bytes(raw)
            try:
                read_article(path, root, config)  # one refused article would refuse its whole batch
            except EvacmapError:
                tally.counts["articles refused with a clear error"] += 1
                path.unlink()
            except Exception as err:
                tally.internal("read_article", err)
                path.unlink()
        done += batch
        tally.counts["articles"] += batch
        try:
            corpus = load_corpus(root)
            analysis = analyse(corpus, load_gazetteer(corpus), use_cache=False)
            for name, export in (("claims", exports.claims_json), ("compare", exports.compare_json),
                                 ("routes", exports.routes_json_for), ("zones", exports.zones_json_for)):
                tally.json(name, export(analysis))
            prods = exports.products(analysis)
            tally.json("places", exports.places_geojson(prods))
            tally.json("routes.geojson", exports.routes_geojson(prods))
        except EvacmapError:
            tally.counts["article batches refused with a clear error"] += 1
        except Exception as err:
            tally.internal("articles", err)
        shutil.rmtree(root, ignore_errors=True)
        if done % 500 == 0:
            print(f"  {done} articles, {tally.counts['internal errors']} internal errors", file=sys.stderr)


def _mutate_json(rng: random.Random, node, depth: int = 0):
    """Replace a random node of a JSON document with a hostile value."""
    hostile = [5, "5", None, [], {}, 1e308 * 10, float("nan"), -1, "x" * 10_000, [[[[0]]]], True, {"crs": 5},
               [1.0, 2.0], "EPSG:32637", {"type": "name", "properties": {"name": 5}}]
    if depth > 6 or not isinstance(node, (dict, list)) or not node or rng.random() < 0.25:
        return rng.choice(hostile)
    if isinstance(node, dict):
        key = rng.choice(list(node))
        node[key] = _mutate_json(rng, node[key], depth + 1)
        if rng.random() < 0.1:
            node[rng.choice(["crs", "bbox", "id", "foo", "properties"])] = rng.choice(hostile)
    else:
        i = rng.randrange(len(node))
        node[i] = _mutate_json(rng, node[i], depth + 1)
    return node


def _zone_text(rng: random.Random, source: str) -> str:
    if rng.random() < 0.1:
        depth = rng.choice([100, 1000, 100_000])
        return '{"type": "FeatureCollection", "features": [' + "[" * depth + "]" * depth + "]}"
    if rng.random() < 0.5:
        doc = _mutate_json(rng, json.loads(source))
        return json.dumps(doc, allow_nan=True)
    return mutate_text(rng, source, rng.randrange(1, 6))


def _places_text(rng: random.Random, header: str, rows: list[str]) -> str:
    lines = [header, *rng.sample(rows, min(len(rows), rng.randrange(1, 6)))]
    text = "\n".join(lines) + "\n"
    if rng.random() < 0.2:
        text += f'x1,"{"a" * rng.choice([1000, 140_000])}",,,town,36,37,100,,SY,,,,\n'
    return mutate_text(rng, text, rng.randrange(0, 6))


def _config_text(rng: random.Random, source: str) -> str:
    if rng.random() < 0.1:
        return "x = " + "[" * 3000 + "]" * 3000
    lines = source.splitlines()
    if rng.random() < 0.5 and lines:
        i = rng.randrange(len(lines))
        key = rng.choice(["focus", "zones", "articles", "title", "date", "roads", "titel", "maps", "bounds", "name"])
        value = rng.choice(["5", "[5]", '"x"', "[]", "{}", '"../../etc/passwd"', '"\\u001b[2J"', "1979-05-27T07:32:00",
                            '["a", 1]', "1e999", "nan", "inf", "true"])
        lines.insert(i, f"{key} = {value}")
        return "\n".join(lines)
    return mutate_text(rng, source, rng.randrange(1, 6))


def fuzz_files(rng: random.Random, count: int, every_cli: int, work: Path, tally: Tally) -> None:
    from evacmap.corpus.articles import sample_path
    from evacmap.corpus.config import load_config
    from evacmap.errors import EvacmapError
    from evacmap.gazetteer.layers import read_places_csv
    from evacmap.geo.zones import load_zones

    sample = sample_path()
    config_src = (sample / "evacmap.toml").read_text(encoding="utf-8")
    zone_path = next((sample / "zones").glob("*.geojson"))
    zone_src = zone_path.read_text(encoding="utf-8")
    places_src = (Path(__file__).resolve().parents[1] / "gazetteer" / "data" / "places.csv")
    places_lines = places_src.read_text(encoding="utf-8").splitlines() if places_src.is_file() else \
        ["id,name,name_ar,variants,kind,lat,lon,precision_m,parent,country,source_id,citation,approximate,note",
         "p1,Testplace,,,town,36.2,37.1,3000,,SY,,,,"]
    for n in range(count):
        root = work / f"files-{n}"
        shutil.copytree(sample, root)
        kind = ("config", "zones", "places")[n % 3]
        tally.counts[f"{kind} files"] += 1
        zfile = root / "zones" / zone_path.name
        if kind == "config":
            (root / "evacmap.toml").write_text(_config_text(rng, config_src), encoding="utf-8", errors="surrogatepass")
        elif kind == "zones":
            zfile.write_text(_zone_text(rng, zone_src), encoding="utf-8", errors="surrogatepass")
        else:
            (root / "places.csv").write_text(_places_text(rng, places_lines[0], places_lines[1:]),
                                             encoding="utf-8", errors="surrogatepass")
        try:
            if kind == "config":
                load_config(root)
            elif kind == "zones":
                load_zones([zfile])
            else:
                read_places_csv(root / "places.csv", "user")
        except EvacmapError:
            tally.counts[f"{kind} files refused with a clear error"] += 1
        except Exception as err:
            tally.internal(kind, err)
        if every_cli and n % every_cli == 0:
            _cli(root, "zones" if kind != "places" else "places", tally)
        shutil.rmtree(root, ignore_errors=True)


def _cli(root: Path, command: str, tally: Tally) -> None:
    from typer.testing import CliRunner

    from evacmap.maps.cli import app

    result = CliRunner().invoke(app, [command, str(root), "--json"])
    tally.counts["CLI runs"] += 1
    if result.exit_code not in (0, 1):
        tally.internal(f"cli {command} exit {result.exit_code}", RuntimeError(result.stderr[-300:]))
    elif result.exit_code == 0:
        try:
            json.loads(result.stdout, parse_constant=_refuse)
        except ValueError as err:
            tally.counts["invalid JSON"] += 1
            tally.examples.setdefault(f"invalid JSON: cli {command}", str(err))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--files", type=int, default=1_000)
    parser.add_argument("--cli", type=int, default=25, help="every N-th file also through the CLI (0: never)")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="evacmap-fuzz-"))
    os.environ.setdefault("EVACMAP_CACHE", str(work / "cache"))
    os.environ["EVACMAP_HOME"] = str(work / "home")
    rng = random.Random(args.seed)
    tally = Tally()
    started = time.perf_counter()
    try:
        fuzz_files(rng, args.files, args.cli, work, tally)
        fuzz_articles(rng, args.articles, work, tally)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for key, value in sorted(tally.counts.items()):
        print(f"{key}: {value}")
    for key, example in tally.examples.items():
        print(f"--- {key}\n{example}")
    print(f"internal errors: {tally.counts['internal errors']}  invalid JSON: {tally.counts['invalid JSON']}  "
          f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
