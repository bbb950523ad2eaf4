"""The settings screen's data tools as plain functions of the evening service: export a full
JSON backup or CSV for spreadsheets into ``<data>/exports/``, import a backup, list the
store's backups and put the latest good one back in place of a damaged file.

Every function reads or writes files: screens call them through ``evenings.call`` (a worker
thread), never on the event loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from companion.table import transfer
from companion.table.csv_export import export_csv
from companion.table.service import TableService
from companion.table.transfer import ImportSummary, exports_dir
from companion.table.transfer import stamp as _stamp
from companion.words import DEFAULT_LANG


@dataclass(frozen=True)
class ExportedFile:
    path: Path
    data: bytes  # what the browser downloads

    @property
    def name(self) -> str:
        return self.path.name


def export_backup(service: TableService, now: datetime | None = None) -> list[ExportedFile]:
    """Everything (players, evenings, index) in one JSON file the import reads back."""
    path = service.export_backup(exports_dir(service) / f"companion-{_stamp(now)}.json")
    return [ExportedFile(path, path.read_bytes())]


def export_spreadsheets(
    service: TableService, now: datetime | None = None, lang: str = DEFAULT_LANG
) -> list[ExportedFile]:
    """Two CSV files: the rankings of every evening, and every hand (titles in ``lang``)."""
    result = export_csv(service, exports_dir(service), f"companion-{_stamp(now)}", lang)
    return [ExportedFile(p, p.read_bytes()) for p in (result.rankings, result.hands)]


def import_backup(
    service: TableService, data: bytes, now: datetime | None = None, name: str | None = None
) -> ImportSummary:
    """Read a backup sent from a phone (``companion.table.transfer.import_backup``: checked
    whole first, the data as it was exported to ``exports/``). ``name``: the file's name on
    the phone, which a refusal names. The bytes are checked as they are, with no copy on
    disk: a refused file leaves nothing in the data folder."""
    return transfer.import_backup(service, Path(name or "backup.json"), now, data=data)


@dataclass(frozen=True)
class BackupLine:
    file: Path  # the store file the backups are of
    kind: str  # "evening", "players", "index"
    label: str  # the evening's title (the screen puts its day first), else the file's name
    count: int
    newest: datetime | None
    damaged: bool  # the file cannot be read now: restoring is offered
    day: date | None = None  # the evening's


def _label(service: TableService, evening_id: str | None, file: Path) -> tuple[str, date | None]:
    if evening_id is None:
        return file.name, None
    try:
        entry = service.evening_entry(evening_id)
        day = date.fromisoformat(entry.date) if entry.date else None
    except Exception:  # a label, never a reason to fail the list
        return evening_id, None
    return entry.title or ("" if day else evening_id), day


def backups_overview(service: TableService) -> list[BackupLine]:
    """Every store file with backups (and every damaged file, with or without), damaged
    files first, then the most recently backed-up."""
    lines = [
        BackupLine(f.path, f.kind, label, len(f.backups), f.newest, f.damaged, day)
        for f in service.stored_files()
        for label, day in [_label(service, f.evening_id, f.path)]
    ]
    never = datetime.min.replace(tzinfo=UTC)
    by_backup = sorted(lines, key=lambda b: -(b.newest or never).timestamp())
    # Read as a list of evenings (each line opens on its date): damaged files first, then the
    # evenings newest first, then the other files; the latest backup breaks ties (Python's
    # sort is stable, reversed or not).
    by_label = sorted(by_backup, key=lambda b: (b.day or date.min, b.label), reverse=True)
    return sorted(by_label, key=lambda b: (not b.damaged, b.kind != "evening"))


def restore_latest(service: TableService, file: Path) -> Path:
    """Put the newest backup of ``file`` that reads back in its place (the damaged file is
    moved to ``corrupt/``); returns the backup used, or raises ``NoBackupError``."""
    return service.restore_backup(file)
