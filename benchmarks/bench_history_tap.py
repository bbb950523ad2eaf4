"""The History tab on a big folder: tap → first evening row, in Chromium at phone size (not a
test; prints figures).

    python benchmarks/bench_history_tap.py CODE_DIR DATA_DIR [--opens 4]

Serves DATA_DIR with ``companion serve`` run from CODE_DIR (this checkout, or a
``git worktree`` of an older commit, to compare), opens the app in a new tab, taps History and
times until the first evening row is in the page's semantics tree. Make a folder with
``python benchmarks/bench_table.py --evenings 520 --hands 30 --players 6 --dir DATA_DIR``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

import tests.support.browser as browser


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code", type=Path, help="the checkout whose companion is served")
    parser.add_argument("data", type=Path, help="the data folder")
    parser.add_argument("--opens", type=int, default=4)
    args = parser.parse_args()
    args.data = args.data.resolve()
    # ``python -m`` puts the working folder first on sys.path, before the editable install.
    os.chdir(args.code.resolve())
    command = [sys.executable, "-u", "-m", "companion.cli", "serve"]
    times = []
    with (
        mock.patch.object(browser, "serve_command", lambda: command),
        browser.running_server(data_dir=args.data) as server,
        sync_playwright() as pw,
    ):
        chromium = browser.launch(pw)
        context = chromium.new_context(viewport=browser.PHONE)
        for _ in range(args.opens):
            page = browser.open_app(context, server.url)
            browser.by_id(page, "home-history").wait_for(state="attached")
            t0 = time.perf_counter()
            browser.tap(page, "home-history")
            first = page.locator('[flt-semantics-identifier^="evening-"]').first
            first.wait_for(state="attached", timeout=60_000)
            times.append((time.perf_counter() - t0) * 1000)
            page.close()
        chromium.close()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"code {args.code}, data {args.data}, load {load}")
    print("History tap -> first row (ms):", ", ".join(f"{t:.0f}" for t in times))
    print(f"median {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
