"""Where a tap's Python goes, on the server (not a test; prints a profile).

    pip install py-spy            # a sampling profiler; not a dependency of the project
    python benchmarks/profile_tap.py [--taps 100] [--raw PATH]

Seeds ``bench_app``'s evening, serves it with ``companion serve``, then taps the entry key
``out-0`` as ``bench_app`` does while ``py-spy`` samples the server at 500 Hz. Prints the taps'
medians and the functions holding the most samples (inclusive), as a share of all samples.
The profile window also holds the page's own load (its static files), before the first tap.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_app
from playwright.sync_api import sync_playwright

from tests.support.browser import launch, running_server


def functions(raw: Path) -> tuple[int, Counter[str]]:
    """Samples in all, and per function (``name (file)``) the samples it was on the stack."""
    total, inclusive = 0, Counter[str]()
    for line in raw.read_text().splitlines():
        stack, count = line.rsplit(" ", 1)
        n = int(count)
        total += n
        seen = set()
        for frame in stack.split(";"):
            name, _, where = frame.partition(" (")
            key = f"{name} ({where.split(':')[0].rsplit('/', 1)[-1]}" + (")" if where else "")
            if key not in seen:
                seen.add(key)
                inclusive[key] += n
    return total, inclusive


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=100)
    parser.add_argument("--raw", type=Path, default=None, help="keep py-spy's samples here")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    spy_bin = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    with tempfile.TemporaryDirectory(prefix="profile_tap_") as tmp:
        raw = args.raw or Path(tmp) / "tap.raw"
        folder = Path(tmp) / "data"
        bench_app.seed_data(folder)
        with running_server(data_dir=folder) as server, sync_playwright() as pw:
            browser = launch(pw)
            bench_app.taps(browser, server.url, 5, 300, 60_000)  # a warm server
            spy = subprocess.Popen(
                [
                    spy_bin,
                    "record",
                    "--pid",
                    str(server.pid),
                    "--rate",
                    "500",
                    "--format",
                    "raw",
                    "-o",
                    str(raw),
                    "--nonblocking",
                    "--threads",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.5)  # py-spy attached
            taps = bench_app.taps(browser, server.url, args.taps, 300, 60_000)
            spy.send_signal(signal.SIGINT)
            spy.wait(30)
            browser.close()
        total, inclusive = functions(raw)
    dom = statistics.median(t["dom"] for t in taps)
    on_server = [t["server"] for t in taps if "server" in t]
    print(f"{args.taps} taps: tap -> DOM median {dom:.1f} ms", end="")
    print(f", server median {statistics.median(on_server):.1f} ms" if on_server else "")
    print(f"{total} samples at 500 Hz: {total * 2 / args.taps:.1f} ms of Python a tap")
    for key, n in inclusive.most_common(args.top):
        print(f"{n:6d} {100 * n / total:5.1f}%  {key}")


if __name__ == "__main__":
    main()
