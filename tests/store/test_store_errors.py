"""User-caused OS errors: read-only storage and full disk lose nothing; stable error codes."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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
from companion.store.errors import (
    CorruptFileError,
    FolderBusyError,
    ImportFileError,
    InvalidIdError,
    MigrationError,
    NewerSchemaError,
    NoBackupError,
    NotFoundError,
    StoreError,
    StoreWriteError,
    UnreadableFileError,
    backup_moment,
    map_os_error,
)
from companion.store.runtime import NotPersistedError
from companion.words import Message
from companion.words.formats import date_short, time_short
from tests.support.words import Said


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
        store.CorruptFileError(P, Said("JSON invalide", "invalid JSON"), backup=B),
        store.CorruptFileError(P, Said("le fichier est vide", "the file is empty")),
        store.NewerSchemaError(P, 9, 1),
        store.ImportFileError(P, Said("ce n'est pas un export", "not an export")),
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
    in the user's local time, as each language writes a day and a time (Babel)."""
    err = store.CorruptFileError(P, Said("JSON invalide", "invalid JSON"), backup=B)
    moment = datetime(2024, 5, 17, 21, 4, tzinfo=UTC)
    assert err.backup_date == moment and err.params["backup_date"] == moment.isoformat()
    local = moment.astimezone()
    fr, en = err.message("fr"), err.message("en")
    assert "JSON invalide" in fr and "conservé" in fr and B in fr
    assert f"date du {local:%d/%m/%Y à %H:%M}" in fr
    assert "invalid JSON" in en and "kept" in en and B in en
    assert f"from {date_short('en', local)}, {time_short('en', local)}" in en
    bare = store.CorruptFileError(P, Said("JSON invalide", "invalid JSON"))
    assert "Aucune sauvegarde valide" in bare.message("fr")
    assert "No good backup" in bare.message("en")
    again = bare.with_backup(Path(B))
    assert again.message("fr") == err.message("fr") and again.reason_fr == "JSON invalide"


FILE = Path("/data/evenings/ev1.json")


@pytest.fixture
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Dates in messages are on the user's clock: UTC here, whatever the machine says."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def _words(error: StoreError) -> tuple[str, str]:
    return error.message("fr"), error.message("en")


def test_a_corrupt_file_without_a_backup(tmp_path: Path) -> None:
    """What is wrong, that the file was kept, and that no backup was found."""
    error = CorruptFileError(FILE, Said("pas du JSON", "not JSON"))
    assert _words(error) == (
        f"Le fichier {FILE} est endommagé : pas du JSON. Il a été conservé tel quel (rien "
        "n'a été écrit par-dessus). Aucune sauvegarde valide de ce fichier n'a été trouvée : "
        "gardez-le et importez un export JSON si vous en avez un.",
        f"{FILE} is corrupt: not JSON. The file was kept as it is (nothing was written over "
        "it). No good backup of it was found: keep it, and import a JSON export if you have "
        "one.",
    )
    assert error.params == {
        "path": str(FILE),
        "reason": "not JSON",
        "reason_fr": "pas du JSON",
        "backup": None,
        "backup_date": None,
    }
    assert (error.reason, error.reason_fr, error.backup, error.backup_date) == (
        "not JSON",
        "pas du JSON",
        None,
        None,
    )


def test_a_corrupt_file_with_a_dated_backup(utc_clock: None) -> None:
    """The backup is offered with the date its name gives, in each language's format."""
    backup = Path("/data/backups/evenings/ev1.20240517T203001123456Z.json")
    error = CorruptFileError(FILE, Said("pas du JSON", "not JSON"), backup=backup)
    assert _words(error) == (
        f"Le fichier {FILE} est endommagé : pas du JSON. Il a été conservé tel quel (rien "
        "n'a été écrit par-dessus). La dernière sauvegarde valide date du 17/05/2024 à "
        f"20:30 ({backup}) : vous pouvez la restaurer.",
        f"{FILE} is corrupt: not JSON. The file was kept as it is (nothing was written over "
        f"it). The latest good backup is from 5/17/24, 8:30\u202fPM ({backup}): you can restore "
        "it.",
    )
    moment = datetime(2024, 5, 17, 20, 30, 1, 123456, tzinfo=UTC)
    assert error.params["backup"] == str(backup)
    assert error.params["backup_date"] == moment.isoformat()
    assert (error.backup, error.backup_date) == (backup, moment)


def test_a_corrupt_file_with_an_undated_backup() -> None:
    """A backup whose date cannot be known is offered by its path alone."""
    backup = Path("/nowhere/ev1.old.json")
    assert _words(CorruptFileError(FILE, Said("abîmé", "bad"), backup=backup)) == (
        f"Le fichier {FILE} est endommagé : abîmé. Il a été conservé tel quel (rien n'a été "
        f"écrit par-dessus). La dernière sauvegarde valide est {backup} : vous pouvez la "
        "restaurer.",
        f"{FILE} is corrupt: bad. The file was kept as it is (nothing was written over it). "
        f"The latest good backup is {backup}: you can restore it.",
    )


def test_with_backup_keeps_the_cause_and_the_reasons(tmp_path: Path) -> None:
    """The copy offering a backup keeps the file, both reasons and the original cause."""
    cause = ValueError("bad byte")
    error = CorruptFileError(FILE, Said("pas du JSON", "not JSON"))
    error.__cause__ = cause
    backup = tmp_path / "ev1.20240517T203001123456Z.json"
    copy = error.with_backup(backup)
    assert (copy.path, copy.reason, copy.reason_fr, copy.backup) == (
        FILE,
        "not JSON",
        "pas du JSON",
        backup,
    )
    assert copy.__cause__ is cause


def test_backup_moment_falls_back_to_the_file_time_in_utc(tmp_path: Path) -> None:
    """A backup without a timestamp in its name is dated by its modification time, in UTC;
    a missing one has no date."""
    backup = tmp_path / "ev1.old.json"
    backup.write_bytes(b"{}")
    os.utime(backup, (1_700_000_000, 1_700_000_000))
    assert backup_moment(backup) == datetime.fromtimestamp(1_700_000_000, UTC)
    assert backup_moment(backup).tzinfo is UTC  # type: ignore[union-attr]
    assert backup_moment(tmp_path / "gone.json") is None


def test_a_newer_file() -> None:
    """Both versions, what to do, and that the file was left alone."""
    error = NewerSchemaError(FILE, 3, 2)
    assert _words(error) == (
        f"{FILE} a été écrit par une version plus récente de l'application (format 3 ; "
        "celle-ci ne lit que jusqu'au format 2). Mettez l'application à jour pour l'ouvrir. "
        "Le fichier n'a pas été modifié.",
        f"{FILE} uses schema version 3, but this version of the app only understands up to "
        "version 2; update the app to open it. The file was left untouched.",
    )
    assert error.params == {"path": str(FILE), "found": 3, "supported": 2}
    assert (error.found, error.supported) == (3, 2)


def test_an_import_refused() -> None:
    """The reason, that nothing changed, and which file to choose."""
    error = ImportFileError("/tmp/x.json", Said("il est vide", "it is empty"))
    assert _words(error) == (
        "Impossible d'importer /tmp/x.json : il est vide. Rien n'a été modifié. Choisissez "
        "un fichier créé par l'export JSON de l'application.",
        "/tmp/x.json cannot be imported: it is empty. Nothing was changed. Choose a file made "
        "by the app's JSON export.",
    )
    assert error.params == {
        "path": "/tmp/x.json",
        "reason": "it is empty",
        "reason_fr": "il est vide",
    }


def test_an_evening_not_found() -> None:
    """The id, the missing file when known, and where a deleted evening went."""
    error = NotFoundError.evening("ev1", FILE)
    assert _words(error) == (
        f"Aucune soirée « ev1 » n'est enregistrée ({FILE} n'existe pas). Elle a peut-être "
        "été supprimée (voir la corbeille, trash/) : choisissez une soirée de la liste.",
        f"No evening with id 'ev1' is stored ({FILE} does not exist). It may have been "
        "deleted (see trash/): pick an evening from the list.",
    )
    assert error.params == {"path": str(FILE), "id": "ev1"}
    fr, en = _words(NotFoundError.evening("ev1"))
    assert fr.startswith("Aucune soirée « ev1 » n'est enregistrée. Elle")
    assert en.startswith("No evening with id 'ev1' is stored. It")


def test_an_id_refused() -> None:
    """The id as typed, what it is for, and the characters allowed."""
    error = InvalidIdError.bad("é t", "player")
    assert _words(error) == (
        "Identifiant de joueur invalide : 'é t'. Utilisez de 1 à 128 lettres (sans "
        "accents), chiffres, « - » ou « _ ».",
        "Invalid player id 'é t': use 1 to 128 letters (no accents), digits, '-' or '_'.",
    )
    assert error.params == {"path": None, "id": "'é t'", "what": "player"}
    assert InvalidIdError.bad(None).params["what"] == "evening"
    assert _words(InvalidIdError.bad("x", "hand"))[0].startswith("Identifiant hand invalide")


def test_an_id_given_twice() -> None:
    """The id (when known), that nothing was saved, and what to do."""
    error = InvalidIdError.duplicate("ev1", "player")
    assert _words(error) == (
        "Identifiant de joueur 'ev1' en double : rien n'a été enregistré. Donnez un "
        "identifiant différent à chacun.",
        "Duplicate player id 'ev1': nothing was saved. Give each one its own id.",
    )
    assert error.params == {"path": None, "id": "ev1", "what": "player"}
    unnamed = InvalidIdError.duplicate(None)
    assert _words(unnamed) == (
        "Identifiant de soirée en double : rien n'a été enregistré. Donnez un identifiant "
        "différent à chacun.",
        "Duplicate evening id: nothing was saved. Give each one its own id.",
    )
    assert unnamed.params["what"] == "evening"
    assert _words(InvalidIdError.duplicate("a", "hand"))[0].startswith("Identifiant hand 'a'")


def test_a_file_opened_read_only() -> None:
    """Nothing was written, and how to change it."""
    error = ReadOnlyError.opened_read_only(FILE)
    assert _words(error) == (
        f"{FILE} a été ouvert en lecture seule : rien n'a été écrit. Ouvrez-le en écriture "
        "pour le modifier.",
        f"{FILE} was opened read-only: nothing was written. Open it for writing to change it.",
    )
    assert error.params == {"path": str(FILE)}


def test_a_busy_folder_in_whole_seconds() -> None:
    """The folder, how long it was held (rounded), and what to close."""
    error = FolderBusyError("/data", 4.6)
    assert _words(error) == (
        "Le dossier de données /data est occupé par un autre programme depuis 5 s : rien "
        "n'a été écrit. Réessayez dans un instant ; si cela dure, fermez les autres fenêtres "
        "ou commandes companion qui l'utilisent.",
        "The data folder /data has been held by another program for 5 s: nothing was "
        "written. Try again in a moment; if it goes on, close the other companion windows or "
        "commands using it.",
    )
    assert error.params == {"path": "/data", "waited": 5}


def test_an_unreadable_file() -> None:
    """The system's reason, that the file is unchanged, and what to check."""
    error = UnreadableFileError(FILE, "Input/output error")
    assert _words(error) == (
        f"Impossible de lire {FILE} (Input/output error). Le fichier n'a pas été modifié. "
        "Vérifiez ses droits d'accès et le support de stockage, puis rouvrez l'application.",
        f"Cannot read {FILE} (Input/output error). The file was not changed. Check its "
        "permissions and the storage device, then open the app again.",
    )
    assert error.params == {"path": str(FILE), "detail": "Input/output error"}


def test_no_backup_to_restore() -> None:
    """No valid backup, the file kept, and the export as the way out."""
    error = NoBackupError(FILE)
    assert _words(error) == (
        f"Aucune sauvegarde valide de {FILE} n'a été trouvée. Le fichier est conservé tel "
        "quel ; importez un export JSON si vous en avez un.",
        f"No valid backup of {FILE} was found. The file is kept as it is; import a JSON "
        "export if you have one.",
    )
    assert error.params == {"path": str(FILE)}


def test_a_missing_migration() -> None:
    """The missing step, that it is the app's bug, and that the file is unchanged."""
    error = MigrationError(FILE, 1)
    assert _words(error) == (
        f"Impossible de mettre à jour le format de {FILE} : il manque l'étape du format 1 au "
        "format 2. C'est une erreur de l'application ; le fichier n'a pas été modifié. "
        "Signalez-la, et gardez le fichier.",
        f"No migration from schema version 1 to 2 for {FILE}. This is a bug in the app; the "
        "file was not changed. Please report it, and keep the file.",
    )
    assert error.params == {"path": str(FILE), "version": 1, "produced": None}


def test_a_migration_producing_the_wrong_version() -> None:
    """The version produced and the one expected, in each language."""
    error = MigrationError(FILE, 1, 3)
    fr, en = _words(error)
    assert fr.startswith(
        f"Impossible de mettre à jour le format de {FILE} : le passage du format 1 a donné "
        "le format 3 au lieu de 2. C'est"
    )
    assert en.startswith(
        f"Migration from schema version 1 produced version 3, expected 2 for {FILE}. This"
    )
    assert error.params["produced"] == 3


def test_a_write_refused_as_read_only() -> None:
    """Permission errors: the action, the file, the system's words, and what to do."""
    error = map_os_error(PermissionError(errno.EACCES, "Permission denied"), FILE)
    assert isinstance(error, ReadOnlyError)
    assert _words(error) == (
        f"Impossible d'enregistrer {FILE} : l'emplacement est en lecture seule ou protégé en "
        "écriture (Permission denied). Rien n'a été modifié. Rendez le dossier de données "
        "accessible en écriture (vérifiez ses droits) ou choisissez-en un autre, puis "
        "recommencez.",
        f"Cannot write {FILE}: the storage is read-only or not writable (Permission denied). "
        "Nothing was changed. Make the data folder writable (check its permissions) or "
        "choose another one, then try again.",
    )
    assert error.params == {"path": str(FILE), "detail": "Permission denied"}


def test_a_write_on_a_full_disk() -> None:
    """A full disk: the previous version is intact, free some space."""
    error = map_os_error(OSError(errno.ENOSPC, "No space left on device"), FILE, "move")
    assert isinstance(error, DiskFullError)
    assert _words(error) == (
        f"Impossible de déplacer {FILE} : le disque est plein (No space left on device). La "
        "version précédente du fichier est intacte. Libérez de la place, puis recommencez.",
        f"Cannot move {FILE}: the disk is full (No space left on device). The previous "
        "version of the file is intact. Free some space, then try again.",
    )
    assert error.params == {"path": str(FILE), "detail": "No space left on device"}


def test_another_os_error() -> None:
    """Any other failure: the system's words, try again, check the device."""
    error = map_os_error(OSError(errno.EIO, "Input/output error"), FILE, "read")
    assert isinstance(error, StoreWriteError)
    assert _words(error) == (
        f"Impossible de lire {FILE} : Input/output error. La version précédente du fichier "
        "est intacte. Recommencez ; si l'erreur persiste, vérifiez le support de stockage.",
        f"Cannot read {FILE}: Input/output error. The previous version of the file is "
        "intact. Try again; if it keeps failing, check the storage device.",
    )
    assert error.params == {"path": str(FILE), "detail": "Input/output error"}


def test_an_os_error_without_words_and_an_unknown_action() -> None:
    """Without the system's words the error itself is shown; an action not in the list is
    named as given in every language."""
    error = map_os_error(OSError("stale handle"), FILE, "sync")
    assert error.params["detail"] == "stale handle"
    fr, en = _words(error)
    assert fr.startswith(f"Impossible d'effectuer « sync » sur {FILE} : stale handle.")
    assert en.startswith(f"Cannot sync {FILE}: stale handle.")


# -- German ------------------------------------------------------------------------------------


def test_every_store_error_speaks_german(tmp_path: Path) -> None:
    """Every StoreError class has a German message of its own (not the French or English
    one), naming its file when it has one, a sentence ending in a full stop."""
    for err in _samples(tmp_path):
        de = err.message("de")
        assert de not in (err.message("fr"), err.message("en")), err
        if err.path is not None:
            assert str(err.path) in de, err
        assert de.rstrip().endswith("."), err


def test_an_evening_not_found_in_german() -> None:
    """The German message is the catalogue's, word for word, with the missing file."""
    assert NotFoundError.evening("ev1", FILE).message("de") == (
        f"Es ist kein Spieleabend mit der ID „ev1“ gespeichert ({FILE} existiert nicht). "
        "Vielleicht wurde er gelöscht (siehe Papierkorb, trash/): Wähle einen Spieleabend aus der "
        "Liste."
    )


def test_a_corrupt_file_in_german_dates_its_backup_the_german_way(
    tmp_path: Path, utc_clock: None
) -> None:
    """A file the store finds damaged says why in German (the reason is a catalogue message
    too) and dates its backup as German does (17.05.24, 20:30 Uhr): no French, no English."""
    path = tmp_path / "evenings" / "ev1.json"
    path.parent.mkdir()
    path.write_bytes(b"")
    with pytest.raises(CorruptFileError) as info:
        atomic_mod.parse_document(path.read_bytes(), path)
    backup = Path("/data/backups/evenings/ev1.20240517T203001123456Z.json")
    de = info.value.with_backup(backup).message("de")
    assert de == (
        f"Die Datei {path} ist beschädigt: die Datei ist leer. Sie wurde unverändert "
        "aufbewahrt (nichts wurde darüber geschrieben). Die letzte gültige Sicherung ist vom "
        f"17.05.24, 20:30 Uhr ({backup}): Du kannst sie wiederherstellen."
    )
    words = de.replace(str(path), "").replace(str(backup), "")
    assert "fichier" not in words and "file" not in words


@pytest.mark.parametrize(("waited", "seconds"), [(1.2, "1 Sekunde"), (4.6, "5 Sekunden")])
def test_a_busy_folder_in_german_counts_its_seconds(waited: float, seconds: str) -> None:
    """The seconds take German's plural form (eine Sekunde, fünf Sekunden)."""
    assert f" seit {seconds} " in FolderBusyError("/data", waited).message("de")


def test_an_import_refused_in_german_names_its_problems_in_german(tmp_path: Path) -> None:
    """An export's problems read in German, their count in German's plural and digits."""
    from companion.store.transfer import _Problems

    problems = _Problems()
    for n in range(1_205):
        problems.add(Message.of("store.reason.record", item=f"players[{n}]", detail="x"))
    error = ImportFileError(tmp_path / "x.json", problems.reason())
    de = error.message("de")
    assert de.startswith(f"{tmp_path / 'x.json'} kann nicht importiert werden: players[0] ")
    assert "players[4] ungültig (x) und 1.200 weitere Probleme. Nichts wurde verändert." in de
    assert "invalide" not in de and "more" not in de
