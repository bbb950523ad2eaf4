"""Command-line cost: ``python benchmarks/bench_cli.py [--runs N]``.

Times the whole process of ``companion judge`` (interpreter start, imports, the ruling, the
JSON answer) against ``python -c "import pydantic"``, the floor of any command that reads a
rule set, each run in its own process, the two alternately so both see the same machine.
The figure is the process's CPU time (user + system, from ``getrusage`` of the children):
on a shared machine wall time counts the other processes too. It prints the medians, the
ratio (target: at most 3) and the wall-clock medians for reference.

This is a benchmark, not a test: it never fails on a missed target, it reports it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/bench_cli.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--runs", type=int, default=30, help="runs of each (default 30)")
    args = parser.parse_args(argv)
    for warm in (JUDGE, PYDANTIC):  # the page cache and the .pyc files
        run_once(warm)
    judge_cpu: list[float] = []
    judge_wall: list[float] = []
    base_cpu: list[float] = []
    base_wall: list[float] = []
    for _ in range(args.runs):
        cpu, wall = run_once(JUDGE)
        judge_cpu.append(cpu)
        judge_wall.append(wall)
        cpu, wall = run_once(PYDANTIC)
        base_cpu.append(cpu)
        base_wall.append(wall)
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    judge_med = statistics.median(judge_cpu)
    base_med = statistics.median(base_cpu)
    ratio = judge_med / base_med
    print("# Command-line cost, whole process, CPU time (user + system)")
    print(f"command:  python benchmarks/bench_cli.py --runs {args.runs}")
    print(f"python:   {sys.version.split()[0]} ({sys.executable})")
    print(f"load:     {load} (1/5/15 min, at the end)")
    print(f"judge:    python {' '.join(JUDGE)}")
    print()
    print("| process | CPU median ms | CPU min ms | wall median ms |")
    print("|---|---:|---:|---:|")
    print(
        f"| `companion judge` | {judge_med * 1000:.0f} | {min(judge_cpu) * 1000:.0f} | "
        f"{statistics.median(judge_wall) * 1000:.0f} |"
    )
    print(
        f'| `python -c "import pydantic"` | {base_med * 1000:.0f} | '
        f"{min(base_cpu) * 1000:.0f} | {statistics.median(base_wall) * 1000:.0f} |"
    )
    print()
    verdict = "met" if ratio <= RATIO_TARGET else "MISSED"
    print(f"ratio (CPU medians): {ratio:.2f}x (target <= {RATIO_TARGET:g}x): {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
