"""What the leaderboard's and a player's charts send, on a ten-year history (not a test;
prints figures).

    python benchmarks/bench_charts.py [--evenings 520] [--hands 30] [--players 6]

Builds the folder as ``bench_table.py`` does (a weekly evening for ten years, players from a
club of 12), then builds the Leaderboard's two charts (position and rating, its top
players) and a player's page's two charts, as the screens do, and prints for each the
points drawn and the bytes Flet's wire format (msgpack) gives the chart's control, with
every point (``--all``, what was sent before issue 20) and downsampled (what is sent now).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgpack
from bench_table import make_evening
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.table.evening import PlayerProfile
from companion.table.service import TableService, open_repository
from companion.ui import charts
from companion.ui.history_model import Chart, leaderboard_view
from companion.ui.players_model import player_page

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def wire(chart: Chart, every_point: bool) -> tuple[int, int]:
    """(points, bytes) of the chart's control as Flet sends it."""
    keep = (lambda points, most=0: tuple(points)) if every_point else charts.downsample
    with mock.patch.object(charts, "downsample", keep):
        control = charts.line_chart(chart, ident="c", x_title="x", y_title="y")
    body = msgpack.packb(control, default=configure_encode_object_for_msgpack(BaseControl))
    points = sum(len(keep(s.points)) for s in chart.series if s.points)
    return points, len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=520)
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    args = parser.parse_args()
    rng = random.Random(2024)
    club = [PlayerProfile(id=f"player{i:02d}", name=n) for i, n in enumerate(NAMES)]
    with tempfile.TemporaryDirectory(prefix="bench_charts_") as tmp:
        folder = Path(tmp) / "data"
        t0 = time.perf_counter()
        evenings = [
            make_evening(rng, n, args.hands, args.players, club) for n in range(args.evenings)
        ]
        repo = open_repository(folder)
        repo.save_players(club)
        repo.save_many(evenings)
        built = time.perf_counter() - t0
        service = TableService(folder)
        board = leaderboard_view(service, "all", date(2025, 1, 1))
        page = player_page(service, "player00")
        shown = {
            "leaderboard: position": board.position_chart,
            "leaderboard: rating": board.rating_chart,
            "player page: places": page.places_chart,
            "player page: rating": page.rating_chart,
        }
        print(f"# Charts on {args.evenings} evenings x {args.hands} hands x {args.players} players")
        print(
            f"command: python benchmarks/bench_charts.py --evenings {args.evenings} "
            f"--hands {args.hands} --players {args.players}  (folder built in {built:.0f} s)"
        )
        print()
        print("| chart | lines | points, all | bytes, all | points, sent | bytes, sent |")
        print("|---|---:|---:|---:|---:|---:|")
        total = [0, 0, 0, 0]
        for name, chart in shown.items():
            if chart is None:
                continue
            every = wire(chart, True)
            sent = wire(chart, False)
            for i, v in enumerate((*every, *sent)):
                total[i] += v
            print(
                f"| {name} | {len(chart.series)} | {every[0]:,} | {every[1]:,} | "
                f"{sent[0]:,} | {sent[1]:,} |"
            )
        print(f"| total | | {total[0]:,} | {total[1]:,} | {total[2]:,} | {total[3]:,} |")


if __name__ == "__main__":
    main()
