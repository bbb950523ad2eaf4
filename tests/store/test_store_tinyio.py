"""TinyDB through the store's middlewares, in detail: a change is one storage write, writes
outside a change go straight through, and the read-only storages refuse every write."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tinydb import TinyDB
from tinydb.storages import MemoryStorage

from companion.store import MIGRATIONS, SCHEMA_VERSION
from companion.store.errors import ReadOnlyError
from companion.store.tinyio import BytesStorage, OneWrite, Upgrade, open_upgraded


class _CountingStorage(MemoryStorage):
    """A storage in memory that keeps a copy of each document written to it."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[dict[str, Any]] = []

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.writes.append({name: dict(table) for name, table in data.items()})
        super().write(data)


def _db() -> tuple[TinyDB, OneWrite, _CountingStorage]:
    db = TinyDB(storage=OneWrite(_CountingStorage))
    middleware: OneWrite = db.storage  # type: ignore[assignment]
    return db, middleware, middleware.storage


def test_a_change_is_one_write_of_the_whole_result() -> None:
    """Three operations inside change() reach the storage as one write, holding all three."""
    db, middleware, storage = _db()
    with middleware.change():
        db.table("a").insert({"n": 1})
        db.table("b").insert({"n": 2})
        db.table("a").insert({"n": 3})
    assert storage.writes == [{"a": {"1": {"n": 1}, "2": {"n": 3}}, "b": {"1": {"n": 2}}}]


def test_writes_outside_a_change_go_straight_to_the_storage() -> None:
    """Without change(), each operation is written at once and read back from the storage."""
    db, _, storage = _db()
    db.table("a").insert({"n": 1})
    assert storage.writes == [{"a": {"1": {"n": 1}}}]
    db.table("a").insert({"n": 2})
    assert len(storage.writes) == 2
    assert [doc["n"] for doc in db.table("a").all()] == [1, 2]


def test_reading_outside_a_change_reads_the_storage() -> None:
    """What the storage holds is what a table outside a change sees."""
    db, _, storage = _db()
    storage.memory = {"a": {"1": {"n": 7}}}
    assert db.table("a").all() == [{"n": 7}]


def test_bytes_storage_refuses_writes_naming_the_file(tmp_path: Path) -> None:
    """A file opened from its bytes is read-only: a write raises ReadOnlyError with its path."""
    path = tmp_path / "evening.json"
    with pytest.raises(ReadOnlyError) as info:
        BytesStorage(b"{}", path).write({})
    assert info.value.path == path
    assert str(path) in info.value.message("en") and str(path) in info.value.message("fr")


def test_an_upgraded_file_refuses_writes_naming_the_file(tmp_path: Path) -> None:
    """An upgraded read is in memory only: a write raises ReadOnlyError with the path."""
    path = tmp_path / "evening.json"
    _, upgrade = open_upgraded(
        b'{"evening": {}}', path, target=SCHEMA_VERSION, migrations=MIGRATIONS
    )
    with pytest.raises(ReadOnlyError) as info:
        upgrade.write({})
    assert info.value.path == path


def test_an_empty_read_keeps_the_target_version(tmp_path: Path) -> None:
    """Before (or without) a document, the stored version is taken to be the target."""

    class Empty(MemoryStorage):
        def read(self) -> None:
            return None

    upgrade = Upgrade(Empty, target=SCHEMA_VERSION, migrations=MIGRATIONS, path=tmp_path)
    upgrade()  # what TinyDB does: open the storage under the middleware
    assert upgrade.old_version == SCHEMA_VERSION
    assert upgrade.read() is None and upgrade.document is None
    assert upgrade.old_version == SCHEMA_VERSION


def test_an_old_file_reports_its_stored_version(tmp_path: Path) -> None:
    """After the read, old_version is the file's own version and the document is current."""
    _, upgrade = open_upgraded(
        b'{"evening": {}}', tmp_path / "e.json", target=SCHEMA_VERSION, migrations=MIGRATIONS
    )
    assert upgrade.old_version == 0
    assert upgrade.document is not None
    assert upgrade.document["_meta"]["1"]["schema_version"] == SCHEMA_VERSION
