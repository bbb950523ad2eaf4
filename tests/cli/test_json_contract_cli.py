"""The JSON of ``companion history`` and ``companion leaderboard`` is a contract: keys are
only ever added. On one seeded data folder (an ended evening, one under way, one with a
damaged one), every key and value recorded before the table layer handed
out typed items is still there (ids, which change from run to run, replaced by the
evening's or player's name)."""

import argparse
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from companion.cli.history import register
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(list(argv))
    assert args.handler(args) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def folder(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A data folder and the names of its ids (evenings by place, players by name)."""
    service = TableService(tmp_path)
    names: dict[str, str] = {}
    plays = [
        ("Chez Ann", "trou-du-cul", date(2024, 3, 1), ["Cat Ann Dan Bob", "Ann Cat Bob Dan"], {}),
        ("Chez Bob", "pagat", date(2023, 3, 1), ["Ann Bob Cat Dan"] * 6, {"hands": 6}),
        ("Chez Cat", "classique", date(2024, 5, 2), ["Bob Ann Dan Cat"], {}),
    ]
    for place, preset, day, orders, kw in plays:
        ev = service.create_evening(FOUR, preset, day=day, place=place, **kw)
        names[ev.id] = place
        for order in orders:
            ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    broken = service.create_evening(FOUR, "pagat", day=date(2024, 6, 1), place="Chez Dan")
    broken = service.record_hand(broken.id, FOUR, expected_version=broken.version)
    names[broken.id] = "Chez Dan"
    (tmp_path / "evenings" / f"{broken.id}.json").write_bytes(b"garbage")
    names.update({p.id: p.name for p in service.players()})
    return tmp_path, names


def named(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every id replaced by its name (and paths by their file's name)."""
    if isinstance(value, dict):
        return {k: named(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [named(v, names) for v in value]
    if isinstance(value, str):
        if value in names:
            return names[value]
        if "/" in value:
            return "<path>"
    return value


HISTORY = [
    {
        "id": "Chez Dan",
        "date": "2024-06-01",
        "title": None,
        "place": "Chez Dan",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": 1,
        "ended": False,
        "leader": "Ann",
        "error": "corrupt-file",
        "preset": "pagat",
        "backup": "<path>",
        "start": "<start>",
    },
    {
        "id": "Chez Cat",
        "date": "2024-05-02",
        "title": None,
        "place": "Chez Cat",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": 1,
        "ended": False,
        "leader": "Bob",
        "error": None,
        "preset": "classique",
        "backup": None,
        "start": "<start>",
    },
    {
        "id": "Chez Ann",
        "date": "2024-03-01",
        "title": None,
        "place": "Chez Ann",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": 2,
        "ended": False,
        "leader": "Ann",
        "error": None,
        "preset": "trou-du-cul",
        "backup": None,
        "start": "<start>",
    },
    {
        "id": "Chez Bob",
        "date": "2023-03-01",
        "title": None,
        "place": "Chez Bob",
        "players": ["Ann", "Bob", "Cat", "Dan"],
        "hands": 6,
        "ended": True,
        "leader": "Ann",
        "error": None,
        "preset": "pagat",
        "backup": None,
        "start": "<start>",
    },
]


def test_history_json_keeps_every_key_and_value(folder, capsys):
    """``history --json`` lists every evening with the same keys and values as before."""
    path, names = folder
    listed = run(capsys, "history", "--data-dir", str(path), "--json")["evenings"]
    starts = [row["start"] for row in listed]
    for row in listed:
        row["start"] = None if row["start"] is None else "<start>"
    assert [named(row, names) for row in listed] == HISTORY
    # the start is the evening's creation time, as stored (UTC, ISO)
    service = TableService(path)
    for row, start in zip(listed, starts, strict=True):
        if row["error"] is None:
            assert start == service.evening(row["id"]).created_at.isoformat()


LEADERBOARD_KEYS = {
    "rank",
    "player_id",
    "name",
    "points",
    "penalty",
    "hands",
    "evenings",
    "wins",
    "avg_position",
    "president",
    "trou_du_cul",
    "longest_streak",
    "scored",
    "avg_place",
    "avg_table",
}


def test_leaderboard_json_keeps_every_key_and_value(folder, capsys):
    """``leaderboard --json`` keeps its keys and the values recorded before the change."""
    path, names = folder
    board = named(run(capsys, "leaderboard", "--data-dir", str(path), "--json"), names)
    assert set(board) == {"from", "to", "players", "left_out"}
    assert board["left_out"] == [
        {"id": "Chez Dan", "reason": "corrupt-file", "date": "2024-06-01", "title": None}
    ]
    assert all(set(row) >= LEADERBOARD_KEYS for row in board["players"])
    assert [{k: row[k] for k in sorted(LEADERBOARD_KEYS)} for row in board["players"]] == (
        LEADERBOARD
    )


LEADERBOARD = [
    {
        "avg_place": 1.2222,
        "avg_position": 0.0741,
        "avg_table": 4.0,
        "evenings": 3,
        "hands": 9,
        "longest_streak": 6,
        "name": "Ann",
        "penalty": 0,
        "player_id": "Ann",
        "points": 17,
        "president": 7,
        "rank": 1,
        "scored": 2,
        "trou_du_cul": 0,
        "wins": 1,
    },
    {
        "avg_place": 2.2222,
        "avg_position": 0.4074,
        "avg_table": 4.0,
        "evenings": 3,
        "hands": 9,
        "longest_streak": 1,
        "name": "Bob",
        "penalty": 0,
        "player_id": "Bob",
        "points": 7,
        "president": 1,
        "rank": 2,
        "scored": 2,
        "trou_du_cul": 1,
        "wins": 0,
    },
    {
        "avg_place": 2.7778,
        "avg_position": 0.5926,
        "avg_table": 4.0,
        "evenings": 3,
        "hands": 9,
        "longest_streak": 1,
        "name": "Cat",
        "penalty": 0,
        "player_id": "Cat",
        "points": 5,
        "president": 1,
        "rank": 3,
        "scored": 2,
        "trou_du_cul": 1,
        "wins": 0,
    },
    {
        "avg_place": 3.7778,
        "avg_position": 0.9259,
        "avg_table": 4.0,
        "evenings": 3,
        "hands": 9,
        "longest_streak": 0,
        "name": "Dan",
        "penalty": 0,
        "player_id": "Dan",
        "points": 1,
        "president": 0,
        "rank": 4,
        "scored": 2,
        "trou_du_cul": 7,
        "wins": 0,
    },
]
