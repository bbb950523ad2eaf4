"""Backup file naming, creation and pruning.

A backup of ``<data>/<folder>/<stem>.json`` lives in
``<data>/backups/<folder>/<stem>.<timestamp>[.<tag>].json`` where
``<timestamp>`` is UTC ``YYYYmmddTHHMMSSffffffZ`` (sorts chronologically, safe
on every filesystem).  Rolling backups have no tag and only the latest
``keep`` of them are kept per file; pre-migration backups are tagged
``v<old version>`` and never pruned automatically.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from .atomic import atomic_write_bytes, read_bytes
from .errors import NotFoundError
from .names import BACKUP_NAME, BACKUP_TIMESTAMP_FORMAT

__all__ = [
    "BackupKeeper",
    "BackupPolicy",
    "list_backups",
    "make_backup",
    "prune_backups",
    "timestamp",
]


@dataclass(frozen=True)
class BackupPolicy:
    """When the repository copies a file to ``backups/`` before overwriting it.

    A rolling backup is taken before a write to an existing file when it is the
    first write to that file since the repository was opened, or when
    ``every_seconds`` have passed, or ``every_writes`` writes were made, since
    that file's last backup.  The newest ``keep`` rolling backups are kept per
    file.  ``keep=0`` disables rolling backups (migration backups remain).
    """

    keep: int = 10
    every_seconds: float = 600.0
    every_writes: int = 25

    def __post_init__(self) -> None:
        if self.keep < 0 or self.every_writes < 1 or self.every_seconds < 0:
            raise ValueError("BackupPolicy: keep >= 0, every_writes >= 1, every_seconds >= 0")


def timestamp(now: datetime | None = None) -> str:
    """A filesystem-safe, sortable UTC timestamp."""
    return (now or datetime.now(UTC)).astimezone(UTC).strftime(BACKUP_TIMESTAMP_FORMAT)


def list_backups(folder: Path, stem: str, *, rolling_only: bool = False) -> list[Path]:
    """Backups of ``stem`` in ``folder``, newest first."""
    found: list[tuple[str, str, Path]] = []
    try:
        entries = list(os.scandir(folder))
    except (FileNotFoundError, NotADirectoryError):
        return []
    for entry in entries:
        match = BACKUP_NAME.match(entry.name)
        if match is None or match["stem"] != stem or (rolling_only and match["tag"]):
            continue
        found.append((match["ts"], entry.name, Path(entry.path)))
    found.sort(reverse=True)
    return [path for _, _, path in found]


def make_backup(
    src: Path,
    folder: Path,
    stem: str,
    *,
    tag: str | None = None,
    data: bytes | None = None,
    now: datetime | None = None,
) -> Path:
    """Copy ``src`` (or ``data``, its already-read content) to a new backup file.

    The copy is written atomically and durably; returns its path.
    """
    if data is None:
        data = read_bytes(src)
    if data is None:
        raise NotFoundError.file(src)
    moment = now or datetime.now(UTC)
    suffix = f".{tag}" if tag else ""
    dest = folder / f"{stem}.{timestamp(moment)}{suffix}.json"
    while dest.exists():  # two backups in the same microsecond: bump the timestamp
        moment += timedelta(microseconds=1)
        dest = folder / f"{stem}.{timestamp(moment)}{suffix}.json"
    atomic_write_bytes(dest, data, create_dirs=True)
    return dest


def prune_backups(folder: Path, stem: str, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` rolling backups of ``stem``; return the deleted."""
    removed = list_backups(folder, stem, rolling_only=True)[keep:]
    for path in removed:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
    return removed


class BackupKeeper:
    """Applies a :class:`BackupPolicy`: remembers, per file, when it was last backed up and
    how many writes it had since (in this process)."""

    def __init__(self, policy: BackupPolicy, clock: Callable[[], float]) -> None:
        self.policy = policy
        self._clock = clock
        self._state: dict[Path, tuple[float, int]] = {}

    def before_write(self, path: Path, folder: Path, stem: str) -> None:
        """Back ``path`` up into ``folder`` when the policy says it is time (and prune)."""
        policy = self.policy
        if policy.keep == 0:
            return
        now = self._clock()
        state = self._state.get(path)
        if (
            state is None
            or state[1] >= policy.every_writes
            or now - state[0] >= policy.every_seconds
        ):
            make_backup(path, folder, stem)
            prune_backups(folder, stem, policy.keep)
            self._state[path] = (now, 0)

    def after_write(self, path: Path) -> None:
        state = self._state.get(path)
        if state is not None:  # (a file created in this session has no backup state yet)
            self._state[path] = (state[0], state[1] + 1)

    def forget(self, path: Path) -> None:
        """``path`` was replaced or removed: its next write starts a new series."""
        self._state.pop(path, None)
