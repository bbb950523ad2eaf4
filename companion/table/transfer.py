"""Moving the data between devices: the full backup out, and a backup in with a safety copy
of what was there, the one way Settings › Data and ``companion import`` both use.

A backup is one JSON file (players, evenings, index) that ``TableService.import_backup``
reads back whole before writing anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.store.errors import ImportFileError, NewerSchemaError
from companion.table.service import TableService

EXPORTS = "exports"  # the data folder's folder of exports and safety copies


def exports_dir(service: TableService) -> Path:
    return service.data_dir / EXPORTS


def stamp(now: datetime | None = None) -> str:
    """A file name's date, in local time: ``2026-11-27_031500``."""
    return (now or datetime.now(UTC)).astimezone().strftime("%Y-%m-%d_%H%M%S")


@dataclass(frozen=True)
class ImportSummary:
    evenings: int  # in the file, added or replacing those with the same id
    players: int  # in the data folder afterwards
    safety_copy: Path  # the data as it was before the import, in exports/


def import_backup(
    service: TableService, source: Path, now: datetime | None = None, name: str | None = None
) -> ImportSummary:
    """Import the backup at ``source``: its evenings are added, or replace those with the
    same id; the others are kept. The data as it was is first exported to ``exports/``
    (kept only if the import went ahead). A wrong file raises ``ImportFileError`` or
    ``NewerSchemaError`` and changes nothing; ``name`` is the file's name as the person
    knows it, which the refusal names (``source`` may be a scratch copy)."""
    folder = exports_dir(service)
    folder.mkdir(parents=True, exist_ok=True)
    safety = service.export_backup(folder / f"before-import-{stamp(now)}.json")
    try:
        result = service.import_backup(source)
    except (ImportFileError, NewerSchemaError) as err:
        safety.unlink(missing_ok=True)  # refused before any write: no copy to keep
        if name is None:
            raise
        if isinstance(err, NewerSchemaError):
            raise NewerSchemaError(name, err.found, err.supported) from err
        raise ImportFileError(name, err.reason, reason_fr=err.reason_fr) from err
    return ImportSummary(result.evenings, result.players, safety)
