"""Benchmark of companion.store on a synthetic ten-year history (not a test).

    python benchmarks/bench_store.py [--evenings 520] [--hands 20] [--records 50] [--dir PATH]

Builds 520 evenings x 20 hands x 5 players (a representative hand: finishing
order, titles, points, an events list and a ~15-field plan), then measures:

* recording one more hand in an existing evening (``save``), median and p95;
* opening the store (index + players, checking which evening files changed);
* loading every evening (``load_all``), and the fast leaderboard path:
  opening the store and reading the per-evening summaries kept in the index.

Figures are for a warm OS page cache (the files were just written).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.store import BackupPolicy, Repository

TITLES = ["president", "vice-president", "neutral", "vice-trou", "trou"]


class Plan(BaseModel):
    dealer: str
    first_player: str
    direction: str = "clockwise"
    deck_size: int = 52
    jokers: int = 0
    exchange_cards_top: int = 2
    exchange_cards_second: int = 1
    exchange_done: bool = True
    revolution_allowed: bool = True
    revolution: bool = False
    square_closes: bool = True
    twos_high: bool = True
    finish_on_two_allowed: bool = False
    skip_rule: bool = True
    notes: str | None = None


class Event(BaseModel):
    kind: str
    player: str
    at: int
    detail: str | None = None


class Hand(BaseModel):
    number: int
    order: list[str]
    titles: dict[str, str]
    points: dict[str, int]
    events: list[Event] = Field(default_factory=list)
    plan: Plan
    started_at: datetime
    ended_at: datetime


class Player(BaseModel):
    id: str
    name: str
    emoji: str | None = None
    created_at: datetime


class Evening(BaseModel):
    id: str
    date: date
    title: str
    place: str | None = None
    player_ids: list[str]
    hands: list[Hand] = Field(default_factory=list)
    notes: str = ""


def summarize(evening: Evening) -> dict[str, Any]:
    """What a leaderboard needs, per player: points, hands, titles, positions."""
    per: dict[str, dict[str, Any]] = {}
    for hand in evening.hands:
        for pos, pid in enumerate(hand.order):
            row = per.setdefault(pid, {"points": 0, "hands": 0, "titles": {}, "positions": {}})
            row["points"] += hand.points.get(pid, 0)
            row["hands"] += 1
            title = hand.titles.get(pid, "neutral")
            row["titles"][title] = row["titles"].get(title, 0) + 1
            row["positions"][str(pos + 1)] = row["positions"].get(str(pos + 1), 0) + 1
    return {"players": per}


def make_hand(rng: random.Random, number: int, players: list[str], start: datetime) -> Hand:
    order = players[:]
    rng.shuffle(order)
    points = {pid: [3, 2, 1, 0, -1][i] for i, pid in enumerate(order)}
    events = [
        Event(
            kind=rng.choice(["play", "pass", "square", "revolution", "cut"]),
            player=rng.choice(players),
            at=i,
            detail=None if i % 3 else "4 of hearts",
        )
        for i in range(6)
    ]
    return Hand(
        number=number,
        order=order,
        titles=dict(zip(order, TITLES, strict=True)),
        points=points,
        events=events,
        plan=Plan(dealer=order[-1], first_player=order[0], notes="house rules"),
        started_at=start + timedelta(minutes=6 * number),
        ended_at=start + timedelta(minutes=6 * number + 5),
    )


def make_evening(rng: random.Random, n: int, hands: int, roster: list[str]) -> Evening:
    day = date(2015, 1, 2) + timedelta(weeks=n)
    players = rng.sample(roster, 5)
    start = datetime(day.year, day.month, day.day, 20, tzinfo=UTC)
    return Evening(
        id=f"ev-{n:04d}",
        date=day,
        title=f"Friday #{n}",
        place="Chez Chloé",
        player_ids=players,
        hands=[make_hand(rng, h, players, start) for h in range(hands)],
    )


def timed(fn) -> tuple[float, Any]:
    t0 = time.perf_counter()
    result = fn()
    return (time.perf_counter() - t0) * 1000, result


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def open_repo(folder: Path) -> Repository[Evening, Player]:
    return Repository(Evening, Player, folder, summarize=summarize, backup_policy=BackupPolicy())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=520)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--records", type=int, default=50)
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="data dir (default: a temporary dir, removed afterwards)",
    )
    args = parser.parse_args()
    if args.evenings < args.records + 1:  # the records go into evenings drawn from the history
        parser.error(
            f"--evenings must be at least --records + 1 (got {args.evenings} and {args.records})"
        )
    with tempfile.TemporaryDirectory(prefix="bench_store_") as tmp:
        run(args, args.dir or Path(tmp) / "data")


def run(args: argparse.Namespace, folder: Path) -> None:
    rng = random.Random(42)
    roster = [f"p{i:02d}" for i in range(12)]
    rows: list[tuple[str, str, str]] = []

    gen_ms, evenings = timed(
        lambda: [make_evening(rng, n, args.hands, roster) for n in range(args.evenings)]
    )
    repo = open_repo(folder)
    players = [
        Player(id=p, name=p.upper(), created_at=datetime(2015, 1, 1, tzinfo=UTC)) for p in roster
    ]
    build_ms, _ = timed(lambda: (repo.save_many(evenings), repo.save_players(players)))
    sizes = [p.stat().st_size for p in (folder / "evenings").iterdir()]
    rows.append(
        (
            "build history (save_many, one index write)",
            f"{build_ms:8.0f} ms",
            f"{args.evenings} evenings; generating models took {gen_ms:.0f} ms",
        )
    )

    # record one more hand in an existing evening, as the UI does (new session)
    repo = open_repo(folder)
    evening = repo.get(evenings[len(evenings) // 2].id)
    save_times, cycle_times = [], []
    for i in range(args.records):
        hand = make_hand(
            rng, len(evening.hands), evening.player_ids, datetime(2025, 1, 1, tzinfo=UTC)
        )
        evening.hands.append(hand)
        ms, _ = timed(lambda: repo.save(evening))
        save_times.append(ms)
        other = evenings[i].id
        ms, _ = timed(
            lambda: repo.save(
                repo.get(other).model_copy(  # noqa: B023 (timed() calls it at once)
                    update={"hands": [*repo.get(other).hands, hand]}  # noqa: B023
                )
            )
        )
        cycle_times.append(ms)
    rows.append(
        (
            "record a hand: save()  median / p95",
            f"{statistics.median(save_times):5.1f} / {p95(save_times):5.1f} ms",
            f"target < 30 ms; {args.records} records, growing evening",
        )
    )
    rows.append(
        (
            "record a hand: get()+save() median / p95",
            f"{statistics.median(cycle_times):5.1f} / {p95(cycle_times):5.1f} ms",
            f"{args.records} different evenings, incl. first-write backup",
        )
    )

    open_times = [timed(lambda: open_repo(folder))[0] for _ in range(10)]
    rows.append(
        (
            "open store (index + players), median / max",
            f"{statistics.median(open_times):5.1f} / {max(open_times):5.1f} ms",
            "target < 500 ms",
        )
    )

    repo = open_repo(folder)
    load_times = [timed(repo.load_all)[0] for _ in range(3)]
    rows.append(
        (
            "load every evening (load_all), median",
            f"{statistics.median(load_times):8.0f} ms",
            f"{len(repo)} evenings x ~{args.hands} hands",
        )
    )

    def leaderboard_from_index() -> list[tuple[str, int]]:
        fresh = open_repo(folder)
        totals: Counter[str] = Counter()
        for entry in fresh.list_index():
            for pid, row in (entry.summary or {}).get("players", {}).items():
                totals[pid] += row["points"]
        return totals.most_common()

    lb_times = [timed(leaderboard_from_index)[0] for _ in range(10)]
    rows.append(
        (
            "leaderboard inputs: open + index summaries",
            f"{statistics.median(lb_times):5.1f} ms",
            "fast path, median of 10 (incl. open)",
        )
    )

    index_kb = sum(p.stat().st_size for p in (folder / "index").glob("*.json")) / 1024
    total_mb = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20
    rows.append(
        (
            "sizes",
            f"index {index_kb:.0f} KiB",
            f"evening file median {statistics.median(sizes) / 1024:.0f} KiB; "
            f"data dir {total_mb:.1f} MiB",
        )
    )

    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}; data dir {folder}"
    )
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>21}  notes")
    print("-" * (width + 50))
    for name, figure, note in rows:
        print(f"{name:<{width}}  {figure:>21}  {note}")


if __name__ == "__main__":
    main()
