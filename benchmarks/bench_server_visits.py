"""What phones that come and go cost ``companion serve`` (issue 21 §12; not a test: it prints
figures).

    python benchmarks/bench_server_visits.py [--visits 2000] [--leave home|at-once]
                                             [--every 250] [--settle 0]

Starts ``companion serve`` (with a key, as at a table) on loopback and makes ``--visits``
short keyless visits one after the other, each as a phone's browser makes it: the page
(``GET /``), then Flet's websocket (``/ws``) with its register message, until the home
screen has arrived (``tests.support.wire.WireClient``; ``--leave at-once``: as soon as the
session is registered, while the server still sends the screen), then the socket dropped.
Prints the server's resident memory (``VmRSS``) before the first visit, every ``--every``
visits, at the end and ``--settle`` seconds later, and what the visits added to its log
(lines, bytes, tracebacks). To measure another checkout's server, put it first on the path:
``PYTHONPATH=/tmp/old python benchmarks/bench_server_visits.py`` (the server subprocess
imports ``companion`` from there).

Target (issue 21 §12): the memory after 2,000 visits within 30 MB of the start; a departure
is one log line at most. A benchmark never fails on a missed target: it says MISSED.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.browser import Server, running_server  # noqa: E402
from tests.support.visits import rss_mb, visit  # noqa: E402

TARGET_MB = 30.0


async def visits(server: Server, count: int, every: int, at_once: bool) -> list[tuple[int, float]]:
    samples = []
    for done in range(1, count + 1):
        await visit(server, at_once)
        if done % every == 0 or done == count:
            samples.append((done, rss_mb(server.pid)))
            print(f"  after {done:>5} visits: {samples[-1][1]:6.1f} MB", flush=True)
    return samples


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=2000)
    parser.add_argument("--every", type=int, default=250, help="memory sample every N visits")
    parser.add_argument(
        "--leave",
        choices=["home", "at-once"],
        default="home",
        help="once the home screen has arrived, or as soon as the session is registered "
        "(the server is still sending the screen)",
    )
    parser.add_argument("--settle", type=float, default=0.0, help="seconds, then memory again")
    args = parser.parse_args()

    print(f"command:  python benchmarks/{Path(__file__).name} {' '.join(sys.argv[1:])}")
    if os.environ.get("PYTHONPATH"):
        print(f"code:     PYTHONPATH={os.environ['PYTHONPATH']}")
    with running_server() as server:
        log_before = server.output.read_bytes()
        start = rss_mb(server.pid)
        print(f"server memory before the first visit: {start:.1f} MB", flush=True)
        began = time.monotonic()
        samples = asyncio.run(visits(server, args.visits, args.every, args.leave == "at-once"))
        seconds = time.monotonic() - began
        end = rss_mb(server.pid)
        if args.settle:
            time.sleep(args.settle)
            print(f"  {args.settle:.0f} s later: {rss_mb(server.pid):6.1f} MB")
        added = server.output.read_bytes()[len(log_before) :].decode("utf-8", "replace")
    peak = max(mb for _, mb in samples)
    grown = end - start
    lines = len(added.splitlines())
    per_visit = lines / args.visits
    tracebacks = added.count("Traceback")
    print(f"visits:   {args.visits} in {seconds:.1f} s ({args.visits / seconds:.0f}/s)")
    print(f"memory:   {start:.1f} → {end:.1f} MB (+{grown:.1f}; highest sample {peak:.1f})")
    print(f"log:      {lines} lines, {len(added.encode()):,} bytes, {tracebacks} tracebacks")
    print(f"verdict:  memory +{grown:.1f} MB ≤ {TARGET_MB:.0f}: {_verdict(grown <= TARGET_MB)}")
    print(f"verdict:  {per_visit:.2f} log lines a visit ≤ 1: {_verdict(per_visit <= 1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
