"""User-caused OS errors: read-only storage and full disk lose nothing; stable error codes."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from storetest_models import (
    make_evening,
    make_players,
    open_repo,
    remove_index,
    snapshot,
)

from companion import store
from companion.errors import CompanionError
from companion.store import DiskFullError, ReadOnlyError
from companion.store import atomic as atomic_mod
from companion.store.runtime import NotPersistedError


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


def test_read_only_storage_gives_read_only_error_and_loses_nothing(
    tmp_path: Path, monkeypatch
) -> None:
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
    remove_index(tmp_path)  # forces a rebuild that cannot be written
    _read_only_fs(monkeypatch)
    ro_repo = open_repo(tmp_path)
    assert ro_repo.get("ev1") == make_evening("ev1", hands=2)
    assert ro_repo.ids() == ["ev1"]
    assert [p.code for p in ro_repo.problems] == ["read-only"]


NOBODY = 65534  # the unprivileged user and group the root run drops to
READONLY_CHILD = Path(__file__).with_name("readonly_child.py")


@pytest.fixture
def shared_data_dir(tmp_path: Path):
    """A data folder the unprivileged child can reach.

    As root, pytest's own temporary folders are private (0700), so the folder is made in
    the system temporary directory and handed over to ``nobody`` by the test."""
    if os.geteuid() != 0:
        yield tmp_path / "data"
        return
    base = Path(tempfile.mkdtemp(prefix="companion-ro-"))
    base.chmod(0o755)
    blocked = [p for p in base.parents if not p.stat().st_mode & 0o001]
    assert not blocked, f"{blocked[0]} cannot be crossed by other users: set TMPDIR"
    try:
        yield base / "data"
    finally:
        for path in [base, *base.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        shutil.rmtree(base)


def _set_modes(folder: Path, dirs: int, files: int) -> None:
    for path in [folder, *folder.rglob("*")]:
        path.chmod(dirs if path.is_dir() else files)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_unwritable_directory_gives_read_only_error(shared_data_dir: Path) -> None:
    """A real read-only data folder (chmod 555, files 444): every write raises ReadOnlyError
    with code read-only, in both languages, and nothing is lost or changed; it still reads.

    The writes run in a child process.  As root (CI), permissions do not bind, so the child
    drops to ``nobody`` first and the folder is handed over to that user."""
    data = shared_data_dir
    repo = open_repo(data)
    repo.save(make_evening("ev1", hands=2))
    repo.save_players(make_players())
    root = os.geteuid() == 0
    if root:
        for path in [data, *data.rglob("*")]:
            os.chown(path, NOBODY, NOBODY)
    _set_modes(data, 0o555, 0o444)
    before = snapshot(data)
    try:
        args = [sys.executable, str(READONLY_CHILD), str(data)]
        if root:
            args += [str(NOBODY), str(NOBODY)]
        done = subprocess.run(args, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
    finally:
        _set_modes(data, 0o755, 0o644)
    assert snapshot(data) == before
    if root:
        assert result["euid"] == NOBODY
    assert result["problems"] == []  # opening never needed to write
    for action in ("save", "save_new", "save_players", "delete"):
        err = result[action]
        assert err is not None, f"{action} wrote into a read-only folder"
        assert (err["type"], err["code"]) == ("ReadOnlyError", "read-only"), err
        assert err["path"].startswith(str(data)) and err["str"] == err["en"]
        assert err["path"] in err["fr"] and err["path"] in err["en"]
        assert "lecture seule" in err["fr"] and "read-only" in err["en"]
    assert result["read_ok"] is True, result["read_ok"]
    assert open_repo(data).get("ev1") == make_evening("ev1", hands=2)
    assert open_repo(data).get_players() == make_players()


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
    """Each error class has its documented stable code and derives from StoreError, a
    CompanionError (hence a ValueError)."""
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
        store.DataFolderLinkError: "data-folder-link",
    }
    for cls, code in codes.items():
        assert cls.code == code and issubclass(cls, store.StoreError)
    assert issubclass(store.StoreError, CompanionError) and issubclass(store.StoreError, ValueError)


# ------------------------------------------------------------------ messages in two languages

P = "/data/evenings/ev1.json"
B = "/data/backups/evenings/ev1.20240517T210400000000Z.json"


def _samples(tmp_path: Path) -> list[store.StoreError]:
    """At least one error of each class, built the way the store builds them."""
    with pytest.raises(store.StoreError) as outside:  # not a file of the store
        open_repo(tmp_path).latest_good_backup(P)
    return [
        outside.value,
        store.CorruptFileError(P, "invalid JSON", reason_fr="JSON invalide", backup=B),
        store.CorruptFileError(P, "the file is empty", reason_fr="le fichier est vide"),
        store.NewerSchemaError(P, 9, 1),
        store.ImportFileError(P, "not an export", reason_fr="ce n'est pas un export"),
        store.NotFoundError.evening("ev1", P),
        store.NotFoundError.evening("ev1"),
        store.NotFoundError.file(P),
        store.InvalidIdError.bad("soirée!", "evening"),
        store.InvalidIdError.duplicate("p1", "player"),
        store.errors.map_os_error(PermissionError(errno.EACCES, "Permission denied"), P),
        store.ReadOnlyError.opened_read_only(P),
        store.errors.map_os_error(OSError(errno.ENOSPC, "No space left on device"), P),
        store.errors.map_os_error(OSError(errno.EIO, "Input/output error"), P, "move"),
        store.UnreadableFileError(P, "Permission denied"),
        store.NoBackupError(P),
        store.MigrationError(P, 1),
        store.MigrationError(P, 1, 3),
        store.FolderBusyError("/data", 60.0),
        store.DataFolderLinkError("/data", "/data", "/media/usb/companion"),
        NotPersistedError("QuotaExceededError"),
    ]


def _all_classes(cls: type) -> set[type]:
    return {cls}.union(*(_all_classes(sub) for sub in cls.__subclasses__()))


def test_every_store_error_has_a_french_and_an_english_message(tmp_path: Path) -> None:
    """Every StoreError class is a CompanionError with both languages filled: the French
    and English messages differ, name the file when there is one, and str() is English."""
    samples = _samples(tmp_path)
    assert {type(e) for e in samples} == _all_classes(store.StoreError)  # none forgotten
    for err in samples:
        assert isinstance(err, CompanionError) and isinstance(err, ValueError)
        fr, en = err.message("fr"), err.message("en")
        assert fr and en and fr != en, err
        assert (fr, en) == (err.fr, err.en) and str(err) == en
        assert err.params is err.details and err.params["path"] == (
            None if err.path is None else str(err.path)
        )
        if err.path is not None:
            assert str(err.path) in fr and str(err.path) in en, err
        assert fr.rstrip().endswith(".") and en.rstrip().endswith("."), err


@pytest.mark.parametrize(
    ("exc", "code", "fr", "en"),
    [
        (
            PermissionError(errno.EACCES, "Permission denied"),
            "read-only",
            "lecture seule",
            "read-only",
        ),
        (OSError(errno.EROFS, "Read-only file system"), "read-only", "lecture seule", "read-only"),
        (
            OSError(errno.ENOSPC, "No space left on device"),
            "disk-full",
            "Libérez de la place",
            "Free some space",
        ),
        (OSError(errno.EIO, "Input/output error"), "write-failed", "Recommencez", "Try again"),
    ],
)
def test_os_errors_say_what_happened_and_what_to_do(
    exc: OSError, code: str, fr: str, en: str
) -> None:
    """map_os_error: the file, the OS's reason, that the old content is safe, what to do."""
    err = store.errors.map_os_error(exc, P)
    assert err.code == code
    for text, advice in ((err.message("fr"), fr), (err.message("en"), en)):
        assert P in text and exc.strerror in text and advice in text


def test_corrupt_file_message_offers_the_backup_and_its_date() -> None:
    """A corrupt file's message says the file is kept and offers the backup with its date,
    in the user's local time."""
    err = store.CorruptFileError(P, "invalid JSON", reason_fr="JSON invalide", backup=B)
    moment = datetime(2024, 5, 17, 21, 4, tzinfo=UTC)
    assert err.backup_date == moment and err.params["backup_date"] == moment.isoformat()
    local = moment.astimezone()
    fr, en = err.message("fr"), err.message("en")
    assert "JSON invalide" in fr and "conservé" in fr and B in fr
    assert f"date du {local:%d/%m/%Y à %H:%M}" in fr
    assert "invalid JSON" in en and "kept" in en and B in en
    assert f"from {local:%Y-%m-%d %H:%M}" in en
    bare = store.CorruptFileError(P, "invalid JSON", reason_fr="JSON invalide")
    assert "Aucune sauvegarde valide" in bare.message("fr")
    assert "No good backup" in bare.message("en")
    again = bare.with_backup(Path(B))
    assert again.message("fr") == err.message("fr") and again.reason_fr == "JSON invalide"
