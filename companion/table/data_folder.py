"""What the data folder holds beside the evenings, as the screens see it through
``TableService``: each store file with its backups, and whether it reads back now."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Literal

FileKind = Literal["evening", "players", "index"]


@dataclass(frozen=True)
class StoredFile:
    """A store file and its backups (newest first)."""

    path: Path
    kind: FileKind
    evening_id: str | None  # for an evening's file
    backups: tuple[Path, ...]
    newest: datetime | None  # when the newest backup was taken
    damaged: bool  # the file cannot be read now: restoring a backup is offered


@dataclass(frozen=True)
class GoodBackup:
    """The newest backup of a file that reads back: what a restore would put in its place."""

    path: Path
    taken: datetime | None  # when it was taken


@dataclass(frozen=True)
class Imported:
    """What an import wrote: its evenings (added, or replacing those with the same id), the
    players in the data folder afterwards, and the evening ids it moved to the trash."""

    evenings: int
    players: int
    trashed: tuple[str, ...] = ()
