"""Atomic, durable writes and the TinyDB storage that never damages a file."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from tinydb import TinyDB

from companion.store import (
    AtomicJSONStorage,
    CorruptFileError,
    DiskFullError,
    StoreWriteError,
    atomic_write_bytes,
)
from companion.store import atomic as atomic_mod


def _tmp_leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_failure_before_rename_keeps_old_content(tmp_path: Path, monkeypatch) -> None:
    """If os.replace fails, the old file is intact and no temporary file is left."""
    target = tmp_path / "data.json"
    atomic_write_bytes(target, b'{"old": {}}')

    def boom(src, dst):
        raise OSError(errno.EIO, "injected I/O error")

    monkeypatch.setattr(atomic_mod.os, "replace", boom)
    with pytest.raises(StoreWriteError) as info:
        atomic_write_bytes(target, b'{"new": {}}')
    assert info.value.code == "write-failed"
    assert target.read_bytes() == b'{"old": {}}'
    assert _tmp_leftovers(tmp_path) == []


def test_disk_full_mid_write_keeps_old_content(tmp_path: Path, monkeypatch) -> None:
    """A write that fills the disk halfway raises DiskFullError; the old file is intact."""
    target = tmp_path / "data.json"
    atomic_write_bytes(target, b'{"old": {}}')
    real_write = os.write

    def half_then_full(fd, data):
        if len(data) > 4:
            return real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic_mod.os, "write", half_then_full)
    with pytest.raises(DiskFullError) as info:
        atomic_write_bytes(target, b'{"new": {"1": {"x": "' + b"y" * 100 + b'"}}}')
    assert info.value.code == "disk-full"
    assert "data.json" in str(info.value)
    assert target.read_bytes() == b'{"old": {}}'
    assert _tmp_leftovers(tmp_path) == []


def test_write_fsyncs_file_and_directory(tmp_path: Path, monkeypatch) -> None:
    """A write fsyncs the temporary file before the rename and the directory after it."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def spy_fsync(fd):
        calls.append("dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        return real_fsync(fd)

    def spy_replace(src, dst):
        calls.append("replace")
        return real_replace(src, dst)

    monkeypatch.setattr(atomic_mod.os, "fsync", spy_fsync)
    monkeypatch.setattr(atomic_mod.os, "replace", spy_replace)
    atomic_write_bytes(tmp_path / "a.json", b"{}")
    if os.path.isdir("/proc/self/fd"):
        assert calls == ["file", "replace", "dir"]
    else:  # pragma: no cover - non-Linux
        assert calls[1] == "replace" and len(calls) == 3


def test_opening_missing_file_creates_nothing(tmp_path: Path) -> None:
    """TinyDB over AtomicJSONStorage does not create the file (or folders) on open or read."""
    path = tmp_path / "sub" / "db.json"
    db = TinyDB(path, storage=AtomicJSONStorage)
    assert db.all() == []
    assert not path.exists() and not path.parent.exists()


def test_tinydb_round_trip_through_storage(tmp_path: Path) -> None:
    """TinyDB inserts through AtomicJSONStorage are read back by a fresh instance."""
    path = tmp_path / "db.json"
    TinyDB(path, storage=AtomicJSONStorage).table("t").insert({"a": "é"})
    assert TinyDB(path, storage=AtomicJSONStorage).table("t").all() == [{"a": "é"}]


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"_default": {"1": {"a": 1}', "invalid JSON at line 1"),
        (b"", "empty"),
        (b"\xff\xfe garbage", "not UTF-8"),
        (b"[1, 2]", "not a TinyDB document"),
        (b'{"t": [1]}', "table 't' is a list"),
        (b'{"t": {"x": {}}}', "non-numeric document id"),
        (b'{"t": {"1": 5}}', "document 1 of table 't' is a number"),
    ],
)
def test_corrupt_file_is_reported_and_left_untouched(
    tmp_path: Path, content: bytes, expected: str
) -> None:
    """Reading a damaged file raises CorruptFileError naming it; TinyDB cannot truncate it."""
    path = tmp_path / "db.json"
    path.write_bytes(content)
    db = TinyDB(path, storage=AtomicJSONStorage)
    with pytest.raises(CorruptFileError) as info:
        db.table("t").all()
    with pytest.raises(CorruptFileError):
        db.table("t").insert({"b": 2})  # a write needs a read first: refused too
    assert info.value.code == "corrupt-file"
    assert str(path) in str(info.value) and expected in str(info.value)
    assert path.read_bytes() == content


def test_read_only_storage_refuses_writes(tmp_path: Path) -> None:
    """access_mode='r' makes writes raise ReadOnlyError and leaves the file as it was."""
    path = tmp_path / "db.json"
    path.write_bytes(b'{"_default": {}}')
    db = TinyDB(path, storage=AtomicJSONStorage, access_mode="r")
    with pytest.raises(ValueError, match="read-only"):
        db.insert({"a": 1})
    assert path.read_bytes() == b'{"_default": {}}'
