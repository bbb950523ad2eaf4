"""Store files through TinyDB's own API: one logical change, one atomic and durable write.

TinyDB writes its whole document after every table operation (``truncate`` then
``insert`` would be two writes, with a moment in between where the file is empty).
:class:`OneWrite` is a TinyDB middleware that gathers the operations made inside
``with storage.change():`` and hands the resulting document to the storage once, at the
end; under it, :class:`~companion.store.atomic.AtomicJSONStorage` makes that write atomic
(temporary file, fsync, rename, fsync of the folder).  A change that raises writes nothing.

Reading, :class:`Upgrade` is a TinyDB middleware that runs the numbered migrations on the
document it reads (see :mod:`~companion.store.migrations`), so tables are queried in the
current schema whatever the file's version.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from tinydb import TinyDB
from tinydb.middlewares import Middleware
from tinydb.storages import Storage

from .atomic import AtomicJSONStorage, parse_document
from .errors import ReadOnlyError
from .migrations import Migration, migrate_document

__all__ = [
    "BytesStorage",
    "OneWrite",
    "Upgrade",
    "open_one_write",
    "open_upgraded",
    "write_tables",
]

Tables = dict[str, dict[str, Any]]


class OneWrite(Middleware):
    """TinyDB middleware: the writes made inside :meth:`change` become one storage write."""

    def __init__(self, storage_cls: Any = AtomicJSONStorage) -> None:
        super().__init__(storage_cls)
        self._pending: Tables | None = None

    def read(self) -> Tables | None:
        if self._pending is not None:
            return self._pending
        data: Tables | None = self.storage.read()
        return data

    def write(self, data: Tables) -> None:
        if self._pending is not None:
            self._pending = data
        else:
            self.storage.write(data)

    def close(self) -> None:
        self.storage.close()

    @contextlib.contextmanager
    def change(self, *, replace: bool = False) -> Iterator[None]:
        """Gather the operations of the block into one write (``replace``: start from an
        empty document instead of the file's content)."""
        if self._pending is not None:
            raise RuntimeError("OneWrite.change() does not nest")
        self._pending = {} if replace else (self.storage.read() or {})
        try:
            yield
            data = self._pending
        finally:
            self._pending = None
        self.storage.write(data)


def open_one_write(path: str | os.PathLike[str], *, create_dirs: bool = True) -> TinyDB:
    """A TinyDB on ``path`` whose storage is ``OneWrite(AtomicJSONStorage)``."""
    return TinyDB(path, storage=OneWrite(AtomicJSONStorage), create_dirs=create_dirs)


def write_tables(path: str | os.PathLike[str], tables: Mapping[str, Sequence[Any]]) -> None:
    """Replace the file with these tables (name -> records, doc ids from 1), in one write."""
    db = open_one_write(path)
    storage: OneWrite = db.storage  # type: ignore[assignment]
    with storage.change(replace=True):
        for name, records in tables.items():
            db.table(name).insert_multiple(records)


class BytesStorage(Storage):
    """A read-only TinyDB storage over a file's bytes already read (they are also what a
    backup copies): parsed and checked by :func:`~companion.store.atomic.parse_document`."""

    def __init__(self, data: bytes, path: str | os.PathLike[str]) -> None:
        self._data = data
        self._path = path

    def read(self) -> Tables | None:
        return parse_document(self._data, self._path)

    def write(self, data: Tables) -> None:
        raise ReadOnlyError.opened_read_only(self._path)


class Upgrade(Middleware):
    """TinyDB middleware migrating what it reads to ``target`` (in memory: writing the
    upgraded file, after a backup, is the repository's decision).  After the first read,
    :attr:`document` is the upgraded document and :attr:`old_version` its stored version."""

    def __init__(
        self,
        storage_cls: Any,
        *,
        target: int,
        migrations: Mapping[int, Migration],
        path: str | os.PathLike[str],
    ) -> None:
        super().__init__(storage_cls)
        self._target = target
        self._migrations = migrations
        self._path = path
        self.document: Tables | None = None
        self.old_version = target

    def read(self) -> Tables | None:
        if self.document is None:
            raw = self.storage.read()
            if raw is None:
                return None
            self.document, self.old_version = migrate_document(
                raw, path=self._path, target=self._target, migrations=self._migrations
            )
        return self.document

    def write(self, data: Tables) -> None:
        raise ReadOnlyError.opened_read_only(self._path)


def open_upgraded(
    data: bytes,
    path: str | os.PathLike[str],
    *,
    target: int,
    migrations: Mapping[int, Migration],
) -> tuple[TinyDB, Upgrade]:
    """A read-only TinyDB over a file's bytes, upgraded to ``target`` on read."""
    middleware = Upgrade(BytesStorage, target=target, migrations=migrations, path=path)
    db = TinyDB(data, path, storage=middleware)
    middleware.read()  # parse and migrate now: errors belong to the caller
    return db, middleware
