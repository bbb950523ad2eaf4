"""Command-line cost: ``python benchmarks/bench_cli.py [--runs N] [--data-dir DIR]``.

Times the whole process of ``companion judge`` (interpreter start, imports, the ruling, the
JSON answer), and of ``history``, ``leaderboard`` (with and without ``--rating``) and
``export`` on a data folder, against ``python -c "import pydantic"``, the floor of any
command that reads a rule set, each run in its own process, in turns so that all see the
same machine.
The figure is the process's CPU time (user + system, from ``getrusage`` of the children):
on a shared machine wall time counts the other processes too. It prints the medians, the
ratios (``judge``'s target: at most 3; issue 20's for ``history`` and ``leaderboard
--rating``: at most 3 at 520 evenings) and the wall-clock medians for reference.

This is a benchmark, not a test: it never fails on a missed target, it reports it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RATIO_TARGET = 3.0
JUDGE = [
    "-m",
    "companion.cli",
    "judge",
    "--rules",
    "classique",
    "--players",
    "Léa,Tom,Zoé",
    "--history",
    "Léa: 5♥ 5♠",
    "--play",
    "Tom: 7♦ 7♣",
]
PYDANTIC = ["-c", "import pydantic"]


def run_once(args: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, *args], capture_output=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{args} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def commands(data_dir: str, out: str) -> dict[str, list[str]]:
    """The processes timed: ``judge``, and the table's commands on ``data_dir``."""
    table = ["--data-dir", data_dir, "--json"]
    return {
        "companion judge": JUDGE,
        "companion history --json": ["-m", "companion.cli", "history", *table],
        "companion leaderboard --json": ["-m", "companion.cli", "leaderboard", *table],
        "companion leaderboard --rating --json": [
            "-m",
            "companion.cli",
            "leaderboard",
            "--rating",
            *table,
        ],
        "companion export FILE": ["-m", "companion.cli", "export", out, *table],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/bench_cli.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=30, help="runs of each (default 30)")
    parser.add_argument(
        "--data-dir", help="the data folder of the table's commands (default: a new, empty one)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench_cli_") as tmp:
        data_dir = args.data_dir or str(Path(tmp) / "data")
        timed = commands(data_dir, str(Path(tmp) / "backup.json"))
        for warm in [*timed.values(), PYDANTIC]:  # the page cache and the .pyc files
            run_once(warm)
        cpu: dict[str, list[float]] = {name: [] for name in [*timed, "pydantic"]}
        wall: dict[str, list[float]] = {name: [] for name in cpu}
        for _ in range(args.runs):
            for name, command in [*timed.items(), ("pydantic", PYDANTIC)]:
                c, w = run_once(command)
                cpu[name].append(c)
                wall[name].append(w)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    base_med = statistics.median(cpu["pydantic"])
    print("# Command-line cost, whole process, CPU time (user + system)")
    folder = args.data_dir or "a new, empty folder"
    print(f"command:  python benchmarks/bench_cli.py --runs {args.runs}")
    print(f"python:   {sys.version.split()[0]} ({sys.executable})")
    print(f"load:     {load} (1/5/15 min, at the end)")
    print(f"judge:    python {' '.join(JUDGE)}")
    print(f"data:     {folder}")
    print()
    print("| process | CPU median ms | CPU min ms | wall median ms | × import pydantic |")
    print("|---|---:|---:|---:|---:|")
    for name in cpu:
        label = '`python -c "import pydantic"`' if name == "pydantic" else f"`{name}`"
        med = statistics.median(cpu[name])
        print(
            f"| {label} | {med * 1000:.0f} | {min(cpu[name]) * 1000:.0f} | "
            f"{statistics.median(wall[name]) * 1000:.0f} | {med / base_med:.2f} |"
        )
    print()
    ratio = statistics.median(cpu["companion judge"]) / base_med
    verdict = "met" if ratio <= RATIO_TARGET else "MISSED"
    print(f"judge ratio (CPU medians): {ratio:.2f}x (target <= {RATIO_TARGET:g}x): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
