"""Ten years of evenings: 52, 520 and 2,080 side by side, in one run (not a test; prints
figures).

    python benchmarks/bench_scale.py [--sizes 52,520,2080] [--dir DIR] [--opens 3]
                                     [--visits 20] [--runs 5]

For each size, builds (or reuses, in ``DIR/club-N``) a folder of N weekly evenings x 30 hands
x 6 players from a club of 12 (``bench_table``'s generator), then measures:

* in Chromium at phone size, against ``companion serve``: History tap -> the first evening
  row; the Leaderboard tab tap -> its first row, and -> its position chart (``--opens`` new
  tabs, median);
* the server's resident memory after a first visit of History and the Leaderboard, after
  ``--visits`` more in the same tab, then after ``--visits`` visits in new tabs (Flet keeps
  the session of a closed tab for an hour, in case the phone comes back);
* the whole-process CPU of ``companion history --json`` and ``companion leaderboard --rating
  --json``, over ``python -c "import pydantic"`` (``--runs`` each, in turns, median);
* in process: opening the data (a new ``TableService``, its evenings and players), recording
  a hand into the newest evening, and the leaderboard with ratings and average places.

Issue 20's targets are printed beside the figures. A benchmark reports; it never fails.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_cli import PYDANTIC, run_once
from bench_table import make_evening
from playwright.sync_api import sync_playwright

import tests.support.browser as browser
from companion.table.evening import PlayerProfile
from companion.table.service import TableService, open_repository

HANDS, PLAYERS = 30, 6
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def build(folder: Path, evenings: int) -> None:
    """The club's folder, made once (a folder already holding ``evenings`` is reused)."""
    if folder.is_dir() and len(TableService(folder).evenings()) == evenings:
        return
    rng = random.Random(20)
    club = [PlayerProfile(id=f"player{i:02d}", name=name) for i, name in enumerate(NAMES)]
    made = [make_evening(rng, n, HANDS, PLAYERS, club) for n in range(evenings)]
    repo = open_repository(folder)
    repo.save_players(club)
    repo.save_many(made)
    TableService(folder).ratings()  # kept, as after any evening's first leaderboard


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def visit(page: Any) -> tuple[float, float, float]:
    """Home -> History's first row -> the Leaderboard's first row -> its chart (ms each)."""
    browser.by_id(page, "home-history").wait_for(state="attached")
    t0 = time.perf_counter()
    browser.tap(page, "home-history")
    row = page.locator('[flt-semantics-identifier^="evening-"]').first
    row.wait_for(state="attached", timeout=120_000)
    t1 = time.perf_counter()
    browser.tap(page, "tab-leaderboard")
    browser.by_id(page, "leader-1").wait_for(state="attached", timeout=120_000)
    t2 = time.perf_counter()
    browser.by_id(page, "chart-position").wait_for(state="attached", timeout=120_000)
    t3 = time.perf_counter()
    return (t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t1) * 1000


def browser_figures(folder: Path, opens: int, visits: int) -> dict[str, float]:
    """Tap -> shown times in Chromium, and the server's memory: one tab visiting History
    and the Leaderboard again and again, then new tabs (Flet keeps a closed tab's session
    for an hour, for a phone that comes back)."""
    command = [sys.executable, "-u", "-m", "companion.cli", "serve"]
    times = []
    with (
        mock.patch.object(browser, "serve_command", lambda: command),
        browser.running_server(data_dir=folder) as server,
        sync_playwright() as pw,
    ):
        chromium = browser.launch(pw)
        context = chromium.new_context(viewport=browser.PHONE)
        for _ in range(opens):
            page = browser.open_app(context, server.url)
            times.append(visit(page))
            page.close()
        page = browser.open_app(context, server.url)
        visit(page)
        browser.tap(page, "back")
        one_tab_first = rss_mib(server.pid)
        for _ in range(visits):
            visit(page)
            browser.tap(page, "back")
        one_tab_after = rss_mib(server.pid)
        page.close()
        for _ in range(visits):
            page = browser.open_app(context, server.url)
            visit(page)
            page.close()
        new_tabs_after = rss_mib(server.pid)
        chromium.close()
    return {
        "history": statistics.median(t[0] for t in times),
        "board": statistics.median(t[1] for t in times),
        "chart": statistics.median(t[2] for t in times),
        "rss_first": one_tab_first,
        "rss_after": one_tab_after,
        "rss_tabs": new_tabs_after,
    }


def cli_figures(folder: Path, runs: int) -> dict[str, float]:
    """Median CPU milliseconds of the two commands and of ``import pydantic``."""
    table = ["--data-dir", str(folder), "--json"]
    timed = {
        "history": ["-m", "companion.cli", "history", *table],
        "rating": ["-m", "companion.cli", "leaderboard", "--rating", *table],
        "pydantic": PYDANTIC,
    }
    for command in timed.values():
        run_once(command)  # the page cache and the .pyc files
    cpu: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(runs):
        for name, command in timed.items():
            cpu[name].append(run_once(command)[0] * 1000)
    return {name: statistics.median(values) for name, values in cpu.items()}


def ms(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def service_figures(folder: Path) -> dict[str, float]:
    """Open, record a hand (then undo it, leaving the folder as it was), the leaderboard."""

    def open_app() -> None:
        service = TableService(folder)
        service.evenings()
        service.players()

    opened = statistics.median(ms(open_app) for _ in range(5))
    service = TableService(folder)
    service.ratings()
    newest = service.evenings()[0].id
    records = []
    for _ in range(10):
        ev = service.evening(newest)
        order = list(ev.present)
        records.append(ms(lambda: service.record_hand(newest, order, expected_version=ev.version)))  # noqa: B023
        service.undo(newest, expected_version=service.evening(newest).version)
    service.ratings()

    def board() -> None:
        now = service.evening(newest)
        service.record_hand(newest, list(now.present), expected_version=now.version)
        t0 = time.perf_counter()
        service.leaderboard()
        service.ratings()
        service.average_places()
        boards.append((time.perf_counter() - t0) * 1000)
        service.undo(newest, expected_version=service.evening(newest).version)

    boards: list[float] = []
    for _ in range(10):
        board()
    return {
        "open": opened,
        "record": statistics.median(records),
        "board": statistics.median(boards),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="52,520,2080")
    parser.add_argument("--dir", type=Path, default=None, help="where the folders are kept")
    parser.add_argument("--opens", type=int, default=3)
    parser.add_argument("--visits", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="bench_scale_") as tmp:
        root = (args.dir or Path(tmp)).resolve()
        # ``python -m companion.cli`` in the children must find this checkout first.
        os.chdir(Path(__file__).resolve().parents[1])
        figures: dict[int, dict[str, float]] = {}
        for size in sizes:
            folder = root / f"club-{size}"
            t0 = time.perf_counter()
            build(folder, size)
            built = time.perf_counter() - t0
            print(f"club of {size} evenings ready in {built:.0f} s", file=sys.stderr, flush=True)
            figures[size] = {
                **{
                    f"ui_{k}": v
                    for k, v in browser_figures(folder, args.opens, args.visits).items()
                },
                **{f"cli_{k}": v for k, v in cli_figures(folder, args.runs).items()},
                **{f"table_{k}": v for k, v in service_figures(folder).items()},
            }
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"# Scale: {', '.join(map(str, sizes))} evenings x {HANDS} hands x {PLAYERS} players")
    print(
        f"command: python benchmarks/bench_scale.py --sizes {args.sizes} --opens {args.opens} "
        f"--visits {args.visits} --runs {args.runs}"
    )
    print(
        f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}, load {load} (at the end)"
    )
    print()
    print("| measure | " + " | ".join(f"{s} evenings" for s in sizes) + " | target |")
    print("|---|" + "---:|" * len(sizes) + "---|")
    first, last = sizes[0], sizes[-1]

    def row(label: str, key: str, fmt: str, target: str) -> None:
        cells = " | ".join(format(figures[s][key], fmt) for s in sizes)
        print(f"| {label} | {cells} | {target} |")

    def ratio(key: str) -> str:
        return f"{figures[last][key] / figures[first][key]:.2f}x the {first}-evening figure"

    row(
        "History tap -> first row, ms",
        "ui_history",
        ".0f",
        f"<= 1,000 at 520; {ratio('ui_history')} (<= 1.5x)",
    )
    row(
        "Leaderboard tab -> first row, ms",
        "ui_board",
        ".0f",
        f"<= 1,000 at 520; {ratio('ui_board')} (<= 1.5x)",
    )
    row("Leaderboard tab -> position chart, ms", "ui_chart", ".0f", ratio("ui_chart"))
    row("server RSS after a first visit, MiB", "ui_rss_first", ".0f", "")
    row(
        f"... after {args.visits} more visits in that tab, MiB",
        "ui_rss_after",
        ".0f",
        "within 20 MiB of the first",
    )
    row(
        f"... then after {args.visits} visits in new tabs, MiB",
        "ui_rss_tabs",
        ".0f",
        "(Flet keeps a closed tab's session an hour)",
    )
    row("`history --json`, CPU ms", "cli_history", ".0f", "")
    row("`leaderboard --rating --json`, CPU ms", "cli_rating", ".0f", "")
    row('`python -c "import pydantic"`, CPU ms', "cli_pydantic", ".0f", "")
    for s in sizes:
        figures[s]["cli_history_x"] = figures[s]["cli_history"] / figures[s]["cli_pydantic"]
        figures[s]["cli_rating_x"] = figures[s]["cli_rating"] / figures[s]["cli_pydantic"]
    row("`history --json` / import pydantic", "cli_history_x", ".2f", "<= 3 at 520")
    row("`leaderboard --rating --json` / import pydantic", "cli_rating_x", ".2f", "<= 3 at 520")
    row("open the data, ms", "table_open", ".0f", "<= 500 at 2,080")
    row("record a hand, ms", "table_record", ".1f", "<= 30 at 2,080")
    row("leaderboard + ratings + places after a hand, ms", "table_board", ".1f", "<= 50 at 2,080")


if __name__ == "__main__":
    main()
