"""Crash-safe storage of evenings and players (TinyDB files, pydantic models).

Quick start::

    from companion.store import Repository

    repo = Repository(Evening, Player)          # data dir from resolve_data_dir()
    repo.save(evening)                          # durable when it returns
    repo.get(evening.id); repo.list_index(); repo.delete(evening.id)
    repo.export_all("backup.json"); repo.import_all("backup.json")
    with repo.locked():                         # read, check, write: no other process between
        ...

Modules: ``repository`` (the facade), ``repository_files`` (the files behind it), ``paths``
(layout, ids), ``names`` (the id and backup name patterns), ``documents`` (reading the three
kinds of file), ``index``, ``transfer`` (export and import), ``backups``, ``migrations``,
``tinyio`` (TinyDB middlewares), ``atomic`` (atomic files, the TinyDB storage), ``lock`` (one
folder, many processes).
"""

from .atomic import AtomicJSONStorage, atomic_write_bytes, open_tinydb
from .backups import BackupPolicy
from .errors import (
    CorruptFileError,
    DataFolderLinkError,
    DiskFullError,
    FolderBusyError,
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
from .lock import FolderLock
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
    "DataFolderLinkError",
    "DiskFullError",
    "EveningInfo",
    "FolderBusyError",
    "FolderLock",
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
