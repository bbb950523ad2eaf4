"""Crash-safe storage of evenings and players (TinyDB files, pydantic models).

Quick start::

    from companion.store import Repository

    repo = Repository(Evening, Player)          # data dir from resolve_data_dir()
    repo.save(evening)                          # durable when it returns
    repo.get(evening.id); repo.list_index(); repo.delete(evening.id)
    repo.export_all("backup.json"); repo.import_all("backup.json")

See :mod:`companion.store.repository` for the layout and guarantees.
"""

from .atomic import AtomicJSONStorage, atomic_write_bytes, open_tinydb
from .backups import BackupPolicy
from .errors import (
    CorruptFileError,
    DiskFullError,
    ImportFileError,
    InvalidIdError,
    MigrationError,
    NewerSchemaError,
    NoBackupError,
    NotFoundError,
    ReadOnlyError,
    StoreError,
    StoreWriteError,
    UnreadableFileError,
)
from .migrations import MIGRATIONS, SCHEMA_VERSION, migrate_0_to_1, migrate_document
from .paths import DATA_DIR_ENV, resolve_data_dir
from .repository import (
    EXPORT_FORMAT,
    EveningInfo,
    ImportResult,
    IndexEntry,
    Repository,
    default_describe,
    validate_id,
)

__all__ = [
    "DATA_DIR_ENV",
    "EXPORT_FORMAT",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "AtomicJSONStorage",
    "BackupPolicy",
    "CorruptFileError",
    "DiskFullError",
    "EveningInfo",
    "ImportFileError",
    "ImportResult",
    "IndexEntry",
    "InvalidIdError",
    "MigrationError",
    "NewerSchemaError",
    "NoBackupError",
    "NotFoundError",
    "ReadOnlyError",
    "Repository",
    "StoreError",
    "StoreWriteError",
    "UnreadableFileError",
    "atomic_write_bytes",
    "default_describe",
    "migrate_0_to_1",
    "migrate_document",
    "open_tinydb",
    "resolve_data_dir",
    "validate_id",
]
