"""User-caused OS errors: read-only storage and full disk lose nothing; stable error codes."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from storetest_models import make_evening, make_players, open_repo, snapshot

from companion import store
from companion.store import DiskFullError, ReadOnlyError
from companion.store import atomic as atomic_mod


def _read_only_fs(monkeypatch) -> None:
    """Make every create/rename/mkdir fail like on a read-only filesystem (EROFS)."""
    real_open = os.open

    def ro_open(path, flags, *args, **kwargs):
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    def ro(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(atomic_mod.os, "open", ro_open)
    monkeypatch.setattr(atomic_mod.os, "replace", ro)
    monkeypatch.setattr(atomic_mod.os, "mkdir", ro)


def test_read_only_storage_gives_read_only_error_and_loses_nothing(tmp_path: Path,
                                                                    monkeypatch) -> None:
    """On a read-only filesystem save/save_players raise ReadOnlyError; files are unchanged."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=2))
    repo.save_players(make_players())
    before = snapshot(tmp_path)
    _read_only_fs(monkeypatch)
    with pytest.raises(ReadOnlyError) as info:
        repo.save(make_evening("ev1", hands=3))
    assert info.value.code == "read-only" and "read-only" in str(info.value)
    with pytest.raises(ReadOnlyError):
        repo.save(make_evening("new"))
    with pytest.raises(ReadOnlyError):
        repo.save_players(make_players()[:1])
    with pytest.raises(ReadOnlyError):
        repo.delete("ev1")
    monkeypatch.undo()
    assert snapshot(tmp_path) == before
    assert open_repo(tmp_path).get("ev1") == make_evening("ev1", hands=2)


def test_read_only_storage_can_still_be_opened_and_read(tmp_path: Path, monkeypatch) -> None:
    """A read-only data dir opens and reads (even a stale index is served from memory)."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=2))
    repo.index_path.unlink()  # forces a rebuild that cannot be written
    _read_only_fs(monkeypatch)
    ro_repo = open_repo(tmp_path)
    assert ro_repo.get("ev1") == make_evening("ev1", hands=2)
    assert ro_repo.ids() == ["ev1"]
    assert [p.code for p in ro_repo.problems] == ["read-only"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs POSIX permissions and a non-root user")
def test_unwritable_directory_gives_read_only_error(tmp_path: Path) -> None:
    """With real permissions (chmod 555), saving raises ReadOnlyError and loses nothing."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=2))
    before = snapshot(tmp_path)
    for folder in (tmp_path, tmp_path / "evenings"):
        folder.chmod(0o555)
    try:
        with pytest.raises(ReadOnlyError):
            open_repo(tmp_path).save(make_evening("ev1", hands=3))
    finally:
        for folder in (tmp_path, tmp_path / "evenings"):
            folder.chmod(0o755)
    assert snapshot(tmp_path) == before


def test_disk_full_gives_disk_full_error_and_loses_nothing(tmp_path: Path, monkeypatch) -> None:
    """When the disk is full, save raises DiskFullError and the previous files are intact."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=2))
    repo.save(make_evening("ev1", hands=3))  # take the session's first backup now
    before = snapshot(tmp_path)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic_mod.os, "write", full)
    with pytest.raises(DiskFullError) as info:
        repo.save(make_evening("ev1", hands=9))
    assert info.value.code == "disk-full"
    monkeypatch.undo()
    assert snapshot(tmp_path) == before
    assert repo.get("ev1") == make_evening("ev1", hands=3)


def test_permission_error_maps_to_read_only() -> None:
    """A PermissionError while writing becomes ReadOnlyError."""
    err = store.errors.map_os_error(PermissionError(errno.EACCES, "denied"), "/x/index.json")
    assert isinstance(err, ReadOnlyError) and err.params["path"] == "/x/index.json"


def test_error_codes_are_stable() -> None:
    """Each error class has its documented stable code and derives from StoreError(ValueError)."""
    codes = {
        store.CorruptFileError: "corrupt-file",
        store.NewerSchemaError: "newer-schema",
        store.ImportFileError: "import-invalid",
        store.NotFoundError: "not-found",
        store.ReadOnlyError: "read-only",
        store.DiskFullError: "disk-full",
        store.InvalidIdError: "invalid-id",
        store.StoreWriteError: "write-failed",
        store.NoBackupError: "no-backup",
        store.UnreadableFileError: "unreadable",
        store.MigrationError: "migration-failed",
    }
    for cls, code in codes.items():
        assert cls.code == code and issubclass(cls, store.StoreError)
    assert issubclass(store.StoreError, ValueError)
