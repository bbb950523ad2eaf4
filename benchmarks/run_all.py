"""Every benchmark in one run, with the machine it ran on (issue 5 §5; prints figures).

    python benchmarks/run_all.py [--quick] [--only engine,store,table,app]
                                 [--evenings 520] [--cold 10] [--warm 10] [--taps 100]
                                 [--navs 20]

Runs, one after the other, each in its own process (each stays runnable alone):

* ``python benchmarks/bench_engine.py`` — the rules engine (``--quick`` with ``--quick``);
* ``python benchmarks/bench_store.py`` — the TinyDB layer on a ten-year history;
* ``python benchmarks/bench_table.py`` — the evening service on the same history (both with
  ``--evenings N`` and ``--records min(50, N - 10)``: they record into distinct evenings);
* ``python benchmarks/bench_app.py`` — the app in headless Chromium (first screen, taps,
  navigation).

and prints a header with the machine (CPU model, cores, platform, Python, Chromium, date, load
average) and a footer with each part's duration and the load average before and after it:
the figures mean little without the load beside them on a shared machine. The full run takes
about 6–8 minutes on a 2-vCPU machine; ``--quick`` about 2.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("engine", "store", "table", "app")


@dataclass
class Part:
    name: str
    command: list[str]
    seconds: float = 0.0
    load_before: str = ""
    load_after: str = ""
    status: int | None = None
    output: str = ""


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def chromium_version() -> str:
    from tests.support.browser import CHROMIUM

    try:
        done = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"unavailable ({err})"
    return done.stdout.strip() or "unknown"


def commands(args: argparse.Namespace) -> list[Part]:
    py = sys.executable
    evenings = args.evenings if args.evenings is not None else (100 if args.quick else 520)
    # Both storage benchmarks record into distinct evenings (10 kept open by bench_table).
    records = ["--records", str(min(50, evenings - 10))]
    cold, warm, taps, navs = (2, 2, 20, 3) if args.quick else (10, 10, 100, 20)
    app = [
        "--cold",
        str(args.cold if args.cold is not None else cold),
        "--warm",
        str(args.warm if args.warm is not None else warm),
        "--taps",
        str(args.taps if args.taps is not None else taps),
        "--navs",
        str(args.navs if args.navs is not None else navs),
    ]
    every = {
        "engine": [py, "benchmarks/bench_engine.py", *(["--quick"] if args.quick else [])],
        "store": [py, "benchmarks/bench_store.py", "--evenings", str(evenings), *records],
        "table": [py, "benchmarks/bench_table.py", "--evenings", str(evenings), *records],
        "app": [py, "benchmarks/bench_app.py", *app],
    }
    return [Part(name, every[name]) for name in args.only]


def run_echoed(command: list[str]) -> tuple[int, str]:
    """Run ``command`` from the project root, echoing its output as it comes and keeping it."""
    lines = []
    with subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            print(line, end="", flush=True)
            lines.append(line)
    return proc.returncode, "".join(lines)


# A row of the storage benchmarks' plain tables: the name, two or more spaces, the figure
# (a number, or two joined by "/", with a unit; or "index N KiB"), then the notes.
_FIGURE = re.compile(
    r"^(?P<measure>.*?)\s{2,}(?P<figure>(?:index )?[\d.,]+(?: ?/ +[\d.,]+)?"
    r"(?: ?[A-Za-z]+)?)\s*$"
)


def markdown_tables(output: str) -> list[str]:
    """The Markdown table lines of a part's output; the storage benchmarks' plain
    ``measure  figure  notes`` table is converted to one."""
    lines = output.splitlines()
    if any(line.startswith("|") for line in lines):
        return _tables_with_captions(lines)
    header = next(
        (i for i, line in enumerate(lines) if line.startswith("measure") and "notes" in line), None
    )
    if header is None:
        return ["(no table in the output)"]
    fig_end = lines[header].index("figure") + len("figure")
    rows = ["| measure | figure | notes |", "|---|---:|---|"]
    for line in lines[header + 1 :]:
        if not line.strip() or set(line.strip()) == {"-"}:
            continue
        match = _FIGURE.match(line[:fig_end])
        if match is None:
            rows.append(f"| {line.strip()} | | |")
            continue
        rows.append(
            f"| {match['measure'].strip()} | {' '.join(match['figure'].split())} | "
            f"{line[fig_end:].strip()} |"
        )
    return rows


def _tables_with_captions(lines: list[str]) -> list[str]:
    """Each Markdown table, after its caption when the line before it ends with a colon."""
    out: list[str] = []
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            continue
        if i == 0 or not lines[i - 1].startswith("|"):  # a table starts
            before = [text for text in lines[max(0, i - 3) : i] if text.strip()]
            if out:
                out.append("")
            if before and before[-1].rstrip().endswith(":"):
                out += [before[-1], ""]
        out.append(line)
    return out


def shown(command: list[str]) -> str:
    """The command as someone would type it (``python`` rather than the interpreter's path)."""
    return shlex.join(["python", *command[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="smaller runs of every part (a smoke run, noisier figures)",
    )
    parser.add_argument(
        "--only",
        type=lambda s: [p.strip() for p in s.split(",") if p.strip()],
        default=list(PARTS),
        help="comma-separated parts: " + ",".join(PARTS),
    )
    parser.add_argument(
        "--evenings",
        type=int,
        help="history size for store and table (default 520, 100 with --quick)",
    )
    parser.add_argument("--cold", type=int, help="app: opens with an empty cache (10)")
    parser.add_argument("--warm", type=int, help="app: opens with a warm cache (10)")
    parser.add_argument("--taps", type=int, help="app: timed taps (100)")
    parser.add_argument("--navs", type=int, help="app: home → history → home rounds (20)")
    args = parser.parse_args(argv)
    unknown = [p for p in args.only if p not in PARTS]
    if unknown:
        parser.error(f"unknown part(s) {', '.join(unknown)}; choose from {', '.join(PARTS)}")
    if args.evenings is not None and args.evenings < 20:
        parser.error("--evenings must be at least 20")

    parts = commands(args)
    started = time.perf_counter()
    print("# companion: every benchmark in one run")
    print(f"command:  python benchmarks/run_all.py {shlex.join(argv or sys.argv[1:])}".rstrip())
    print(f"date:     {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}")
    print(
        f"machine:  {cpu_model()}; {os.cpu_count()} cores (os.cpu_count()); {platform.platform()}"
    )
    print(f"python:   {platform.python_implementation()} {platform.python_version()}")
    print(f"browser:  {chromium_version()}")
    print(f"load:     {load()} (1/5/15 min, at start)")
    print(flush=True)
    for part in parts:
        print(f"## {part.name}: {shown(part.command)}", flush=True)
        part.load_before = load()
        t0 = time.perf_counter()
        part.status, part.output = run_echoed(part.command)
        part.seconds = time.perf_counter() - t0
        part.load_after = load()
        print(flush=True)
    print("## summary")
    print(f"load:     {load()} (1/5/15 min, at end); total {time.perf_counter() - started:.0f} s")
    print()
    print("| part | command | seconds | load before | load after | exit |")
    print("|---|---|---:|---|---|---:|")
    for part in parts:
        print(
            f"| {part.name} | `{shown(part.command)}` | {part.seconds:.0f} | "
            f"{part.load_before} | {part.load_after} | {part.status} |"
        )
    print()
    print("## tables for docs/performance.md")
    for part in parts:
        print()
        print(
            f"### {part.name}: `{shown(part.command)}` "
            f"(load {part.load_before} → {part.load_after})"
        )
        print()
        print("\n".join(markdown_tables(part.output)))
    return 0 if all(p.status == 0 for p in parts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
