"""Moving the data between devices: the full backup out, and a backup in with a safety copy
of what was there, the one way Settings › Data and ``companion import`` both use.

A backup is one JSON file (players, evenings, index) that ``TableService.import_backup``
reads back whole before writing anything.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from companion.store.errors import ImportFileError, NewerSchemaError
from companion.table.service import TableService
from companion.words import Message

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
    service: TableService,
    source: Path,
    now: datetime | None = None,
    name: str | None = None,
    *,
    data: bytes | None = None,
) -> ImportSummary:
    """Import the backup at ``source`` (or ``data``, its bytes, sent from a phone): its
    evenings are added, or replace those with the same id; the others are kept.

    The whole file is checked first, holding no lock and writing nothing: a wrong file
    raises ``ImportFileError`` or ``NewerSchemaError`` and leaves no file anywhere. Then,
    under the data folder's lock, the data as it was is exported to ``exports/`` and the
    file's evenings written; a failure that wrote nothing removes that copy again.
    ``name`` is the file's name as the person knows it, which a refusal names (``source``
    may be a scratch copy)."""
    folder = exports_dir(service)
    made: list[Path] = []

    def safety_copy() -> Path:
        made.append(service.export_backup(folder / f"before-import-{stamp(now)}.json"))
        return made[-1]

    try:
        result = service.import_backup(source, data=data, before_write=safety_copy)
    except (ImportFileError, NewerSchemaError) as err:
        _tidy(folder, made)
        if name is None:
            raise
        if isinstance(err, NewerSchemaError):
            raise NewerSchemaError(name, err.found, err.supported) from err
        raise ImportFileError(name, err.reason_words) from err
    except MemoryError:
        # A file within the size limit should never come to this; if it does, it is a
        # refusal in words like any other, not a crash of the screen or the command.
        _tidy(folder, made)
        if made and made[-1].exists():
            raise  # some evenings were written: the copy of the data as it was stays
        raise ImportFileError(name or source, Message.of("table.error.import_no_memory")) from None
    except BaseException:
        _tidy(folder, made)
        raise
    return ImportSummary(result.evenings, result.players, made[-1])


def _tidy(folder: Path, made: list[Path]) -> None:
    """After a failed import: ``exports/`` made for a safety copy that was removed again
    (nothing was written) goes too. An ``exports/`` with anything in it stays."""
    if made and not made[-1].exists():
        with contextlib.suppress(OSError):
            folder.rmdir()
