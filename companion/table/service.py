"""The Python API the screens call: evenings, hands, corrections and rankings, persisted
through ``companion.store``.

Every change names the evening version it was made from (``expected_version``): when two
phones act from the same version, the second gets a ``VersionConflictError`` carrying the
current evening and changes nothing. A change is validated by replaying the whole evening
(``evening.derive``) before anything is written, so bad input never reaches the disk, and
it is on disk when the call returns (the store writes atomically and durably).

Every change is logged (``Evening.log``) with what ``undo`` needs to reverse it exactly
(and ``redo`` to make it again, ``table/undo_log``);
entries are never removed, so a deleted or undone hand can always be found there.

The service serialises its own calls with a lock; like the store, it assumes one process
owns the data directory.

``TableService`` is made of one part per section, each in its own module:
``service_state`` (the store, the lock, the caches, the data folder's own files),
``service_players``, ``service_index`` (evenings and index summaries as read, cached),
``service_ratings``, ``service_evenings``, ``service_changes``, ``service_reads`` and
``service_folder`` (export, import, backups); its errors are in ``service_errors``.
"""

from __future__ import annotations

from companion.table.evening_errors import NothingToRedoError, NothingToUndoError
from companion.table.service_changes import ServiceChanges
from companion.table.service_errors import (
    DuplicateHandError,
    UnknownEveningError,
    UnknownHandError,
    VersionConflictError,
)
from companion.table.service_folder import ServiceFolder
from companion.table.service_players import PlayerRef
from companion.table.service_ratings import RATINGS_FILE
from companion.table.service_reads import ServiceReads
from companion.table.service_state import open_repository

__all__ = [
    "RATINGS_FILE",
    "DuplicateHandError",
    "NothingToRedoError",
    "NothingToUndoError",
    "PlayerRef",
    "TableService",
    "UnknownEveningError",
    "UnknownHandError",
    "VersionConflictError",
    "open_repository",
]


class TableService(ServiceChanges, ServiceReads, ServiceFolder):
    """Evenings, hands and rankings for the screens (see the module docstring)."""
