"""The table: evenings, hands, plans and rankings, and ``TableService``, the one way the
screens and the command line reach storage.

The storage errors a caller must tell apart are re-exported here, so that nothing above
this layer imports ``companion.store``."""

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
