"""The table: evenings, hands, plans and rankings, and ``TableService``, the one way the
screens and the command line reach storage.

The storage errors a caller must tell apart are re-exported here, so that nothing above
this layer imports ``companion.store``. They are loaded on first use: ``companion judge``
reads the table's presets and should not wait for the storage modules to load."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.store.errors import (
        CorruptFileError,
        ImportFileError,
        NewerSchemaError,
        NoBackupError,
        StoreError,
    )

__all__ = [
    "CorruptFileError",
    "ImportFileError",
    "NewerSchemaError",
    "NoBackupError",
    "StoreError",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from companion.store import errors

        return getattr(errors, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
