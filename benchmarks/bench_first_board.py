"""The first leaderboard of a new process, on data folders already built (not a test; prints
figures).

    python benchmarks/bench_first_board.py DIR [DIR ...] [--runs 9] [--code CHECKOUT ...]

Each run is a new Python process that imports ``TableService`` (not timed), opens the
folder, and times its first ``leaderboard()`` (every index summary read and checked, then
added up), a second one (the same process: the reading is kept), and ``ratings()`` after
them; wall time, and the process's CPU time over the same calls (on a shared machine the
CPU figure is the steadier one). ``--code`` names checkouts to compare (e.g. a ``git
worktree`` of an older commit; default: this one): their runs take turns, so they see the
same machine. Prints the medians and the load average before and after.

Build a folder with ``benchmarks/bench_scale.py --dir DIR`` (``DIR/club-520``...) or
``benchmarks/bench_table.py --dir DIR``. A benchmark reports; it never fails.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from companion.table.service import TableService

def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000

service = TableService(sys.argv[2])
first = timed(service.leaderboard)
second = timed(service.leaderboard)
rated = timed(service.ratings)
print(json.dumps({"first": first, "second": second, "ratings": rated}))
"""

FIGURES = ("first", "second", "ratings")


def one_run(code: Path, folder: Path) -> dict[str, tuple[float, float]]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(code), str(folder)],
        capture_output=True,
        text=True,
        check=True,
    )
    return {k: tuple(v) for k, v in json.loads(done.stdout).items()}  # type: ignore[misc]


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--code", nargs="+", type=Path, default=None)
    args = parser.parse_args()
    codes = [c.resolve() for c in args.code or [Path(__file__).resolve().parents[1]]]
    print(f"load before: {load()}")
    rows = []
    for folder in args.folders:
        for code in codes:
            one_run(code, folder)  # the page cache and the .pyc files
        runs: dict[Path, list[dict[str, tuple[float, float]]]] = {c: [] for c in codes}
        for _ in range(args.runs):
            for code in codes:
                runs[code].append(one_run(code, folder))
        for code in codes:
            cells = []
            for name in FIGURES:
                wall = statistics.median(r[name][0] for r in runs[code])
                cpu = statistics.median(r[name][1] for r in runs[code])
                cells.append(f"{wall:.1f} / {cpu:.1f}")
            rows.append(f"| {folder.name} | {code} | " + " | ".join(cells) + " |")
    print(f"load after: {load()}")
    print(f"command: python benchmarks/bench_first_board.py ... --runs {args.runs}")
    print()
    print("| folder | code | first leaderboard, ms wall / CPU | second | ratings after them |")
    print("|---|---|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
