"""Small pydantic models and helpers shared by the store tests (not a test module)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import BaseModel, Field

from companion.store import BackupPolicy, Repository
from companion.store.atomic import read_bytes
from companion.store.index import shard_of


class Hand(BaseModel):
    number: int
    order: list[str]
    points: dict[str, int] = Field(default_factory=dict)
    events: list[str] = Field(default_factory=list)


class Evening(BaseModel):
    id: str
    date: str
    title: str
    place: str | None = None
    players: list[str] = Field(default_factory=list)
    hands: list[Hand] = Field(default_factory=list)


class Player(BaseModel):
    id: str
    name: str
    emoji: str | None = None


class Log(BaseModel):
    """The growing model of the crash test."""

    id: str
    items: list[int] = Field(default_factory=list)
    padding: str = ""


def summarize(evening: Evening) -> dict[str, Any]:
    """Points per player: what a leaderboard would keep in the index."""
    totals: dict[str, int] = {}
    for hand in evening.hands:
        for pid, pts in hand.points.items():
            totals[pid] = totals.get(pid, 0) + pts
    return {"points": totals}


def make_evening(evening_id: str = "ev1", hands: int = 2, title: str = "Friday") -> Evening:
    players = ["alice", "bob", "chloe"]
    return Evening(
        id=evening_id,
        date="2024-05-17",
        title=title,
        place="Lyon",
        players=players,
        hands=[
            Hand(
                number=n,
                order=players[n % 3 :] + players[: n % 3],
                points={p: (n + i) % 3 for i, p in enumerate(players)},
                events=["deal"],
            )
            for n in range(hands)
        ],
    )


def make_players() -> list[Player]:
    return [
        Player(id="alice", name="Alice", emoji="🂡"),
        Player(id="bob", name="Bob"),
        Player(id="chloe", name="Chloé"),
    ]


def open_repo(data_dir: Path, **kwargs: Any) -> Repository[Evening, Player]:
    kwargs.setdefault("summarize", summarize)
    kwargs.setdefault("backup_policy", BackupPolicy())
    return Repository(Evening, Player, data_dir, **kwargs)


def index_file(data_dir: Path, evening_id: str) -> Path:
    """The index file that holds ``evening_id``'s entry."""
    return data_dir / "index" / f"{shard_of(evening_id)}.json"


def index_records(data_dir: Path) -> list[dict[str, Any]]:
    """Every entry of every index file, sorted by evening id."""
    records = []
    for path in sorted((data_dir / "index").glob("*.json")):
        records.extend(json.loads(path.read_text("utf-8"))["evenings"].values())
    return sorted(records, key=lambda r: r["id"])


def remove_index(data_dir: Path) -> None:
    """Delete the index (derived data), as a person cleaning the folder would."""
    shutil.rmtree(data_dir / "index")


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def lose_after_reading(monkeypatch: pytest.MonkeyPatch, module: ModuleType, target: Path) -> None:
    """Make ``target`` disappear right after ``module`` reads it, as when another program
    (a sync tool, a person) removes it at that moment."""

    def read_then_lose(path: Path) -> bytes | None:
        data = read_bytes(path)
        if Path(path) == target:
            target.unlink()
        return data

    monkeypatch.setattr(module, "read_bytes", read_then_lose)
