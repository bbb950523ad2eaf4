"""Atomic, durable writes and the TinyDB storage that never damages a file."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from tinydb import TinyDB

from companion.store import (
    AtomicJSONStorage,
    CorruptFileError,
    DiskFullError,
    ReadOnlyError,
    StoreWriteError,
    UnreadableFileError,
    atomic_write_bytes,
    open_tinydb,
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


def test_a_table_that_is_not_an_object_names_its_type_in_french(tmp_path: Path) -> None:
    """A table holding a string is reported as "une chaîne" in the French message."""
    path = tmp_path / "db.json"
    path.write_bytes(b'{"t": "x"}')
    with pytest.raises(CorruptFileError) as info:
        atomic_mod.read_document(path)
    assert "la table 't' est une chaîne" in info.value.message("fr")


def test_move_into_an_existing_folder(tmp_path: Path) -> None:
    """move_file moves a file into a folder that already exists (and keeps its content)."""
    src = tmp_path / "a.json"
    src.write_bytes(b"{}")
    (tmp_path / "kept").mkdir()
    atomic_mod.move_file(src, tmp_path / "kept" / "a.json")
    assert (tmp_path / "kept" / "a.json").read_bytes() == b"{}"
    assert not src.exists()


@pytest.mark.parametrize("other_folder", [False, True])
def test_move_fsyncs_each_folder_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, other_folder: bool
) -> None:
    """A move fsyncs the destination folder, and the source folder too when it differs."""
    synced: list[Path] = []
    monkeypatch.setattr(atomic_mod, "fsync_dir", lambda folder: synced.append(Path(folder)))
    src = tmp_path / "a.json"
    src.write_bytes(b"{}")
    dest = tmp_path / ("sub" if other_folder else ".") / "b.json"
    atomic_mod.move_file(src, dest)
    assert synced == ([dest.parent, tmp_path] if other_folder else [tmp_path])


def test_a_failed_move_names_the_file_and_the_action(tmp_path: Path) -> None:
    """A move that fails says which file could not be moved ("move" / "déplacer")."""
    src = tmp_path / "missing.json"
    with pytest.raises(StoreWriteError) as info:
        atomic_mod.move_file(src, tmp_path / "dest.json")
    assert f"Cannot move {src}" in info.value.message("en")
    assert f"Impossible de déplacer {src}" in info.value.message("fr")


def test_open_tinydb_writes_by_default(tmp_path: Path) -> None:
    """open_tinydb opens for writing unless asked otherwise; the file appears on first write."""
    path = tmp_path / "db.json"
    db = open_tinydb(path)
    assert not path.exists()  # opening creates nothing (TinyDB's own storage would)
    db.insert({"a": 1})
    assert json.loads(path.read_bytes()) == {"_default": {"1": {"a": 1}}}


def test_open_tinydb_read_only_refuses_writes(tmp_path: Path) -> None:
    """open_tinydb(read_only=True) reads the file and refuses any write, leaving it as it was."""
    path = tmp_path / "db.json"
    path.write_bytes(b'{"_default": {"1": {"a": 1}}}')
    db = open_tinydb(path, read_only=True)
    assert db.all() == [{"a": 1}]
    with pytest.raises(ReadOnlyError):
        db.insert({"b": 2})
    assert path.read_bytes() == b'{"_default": {"1": {"a": 1}}}'


def test_binary_read_only_mode_refuses_writes(tmp_path: Path) -> None:
    """access_mode='rb' is read-only like 'r'."""
    storage = AtomicJSONStorage(tmp_path / "db.json", access_mode="rb")
    with pytest.raises(ReadOnlyError):
        storage.write({"_default": {}})
    assert not (tmp_path / "db.json").exists()


def test_a_read_only_refusal_names_the_file(tmp_path: Path) -> None:
    """Writing through a storage opened read-only names the file in the refusal."""
    path = tmp_path / "db.json"
    with pytest.raises(ReadOnlyError) as info:
        AtomicJSONStorage(path, access_mode="r").write({"_default": {}})
    assert str(path) in info.value.message("en")


@pytest.mark.parametrize("encoding", [None, "utf-8", "utf8", "UTF-8"])
def test_utf8_spellings_are_accepted(tmp_path: Path, encoding: str | None) -> None:
    """Every usual spelling of UTF-8 (or none) is accepted as the encoding."""
    storage = AtomicJSONStorage(tmp_path / "db.json", encoding=encoding)
    storage.write({"t": {"1": {"name": "Léa"}}})
    assert storage.read() == {"t": {"1": {"name": "Léa"}}}


def test_another_encoding_is_refused(tmp_path: Path) -> None:
    """Any encoding but UTF-8 is refused when the storage is made, with the reason."""
    with pytest.raises(ValueError, match=r"^AtomicJSONStorage always uses UTF-8$"):
        AtomicJSONStorage(tmp_path / "db.json", encoding="latin-1")


def test_no_folder_is_created_unless_asked(tmp_path: Path) -> None:
    """By default a write into a missing folder fails cleanly and creates no folder."""
    path = tmp_path / "sub" / "db.json"
    with pytest.raises(StoreWriteError):
        AtomicJSONStorage(path).write({"_default": {}})
    assert not path.parent.exists()


def test_create_dirs_creates_the_missing_folder(tmp_path: Path) -> None:
    """create_dirs=True creates the missing folders on the first write."""
    path = tmp_path / "sub" / "deeper" / "db.json"
    TinyDB(path, storage=AtomicJSONStorage, create_dirs=True).insert({"a": 1})
    assert json.loads(path.read_bytes()) == {"_default": {"1": {"a": 1}}}


def test_indent_is_used_when_writing(tmp_path: Path) -> None:
    """indent=N writes pretty-printed JSON with N spaces; without it, compact JSON."""
    pretty, compact = tmp_path / "pretty.json", tmp_path / "compact.json"
    AtomicJSONStorage(pretty, indent=2).write({"t": {"1": {"a": 1}}})
    AtomicJSONStorage(compact).write({"t": {"1": {"a": 1}}})
    assert pretty.read_text("utf-8") == json.dumps({"t": {"1": {"a": 1}}}, indent=2)
    assert compact.read_text("utf-8") == '{"t":{"1":{"a":1}}}'


@pytest.mark.parametrize("refusal", [errno.EINVAL, errno.EOPNOTSUPP, errno.EBADF])
def test_fsync_refused_by_the_filesystem_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refusal: int
) -> None:
    """A folder fsync the filesystem cannot do (EINVAL, EOPNOTSUPP, EBADF) is not an error."""

    def refuse(fd: int) -> None:
        raise OSError(refusal, os.strerror(refusal))

    monkeypatch.setattr(atomic_mod.os, "fsync", refuse)
    atomic_mod.fsync_dir(tmp_path)
    assert os.path.isdir(tmp_path)


def test_a_failing_folder_fsync_is_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder fsync failing with EIO is raised: the rename may not be on disk."""

    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(atomic_mod.os, "fsync", broken)
    with pytest.raises(OSError) as info:
        atomic_mod.fsync_dir(tmp_path)
    assert info.value.errno == errno.EIO


@pytest.mark.skipif(not hasattr(os, "O_DIRECTORY"), reason="O_DIRECTORY is POSIX")
def test_fsync_dir_refuses_a_file(tmp_path: Path) -> None:
    """fsync_dir opens its path as a folder: a file given by mistake is refused."""
    path = tmp_path / "a.json"
    path.write_bytes(b"{}")
    with pytest.raises(NotADirectoryError):
        atomic_mod.fsync_dir(path)


def test_atomic_write_creates_no_folder_unless_asked(tmp_path: Path) -> None:
    """atomic_write_bytes into a missing folder fails cleanly unless create_dirs=True."""
    path = tmp_path / "sub" / "a.json"
    with pytest.raises(StoreWriteError):
        atomic_mod.atomic_write_bytes(path, b"{}")
    assert not path.parent.exists()
    atomic_mod.atomic_write_bytes(path, b"{}", create_dirs=True)
    assert path.read_bytes() == b"{}"


def test_documents_are_written_as_utf8_not_escaped() -> None:
    """Names with accents are stored as UTF-8 text, readable in the file, not as \\u escapes."""
    assert atomic_mod.dumps_document({"t": {"1": {"name": "Léa"}}}) == (
        '{"t":{"1":{"name":"Léa"}}}'.encode()
    )


def test_documents_are_pretty_printed_on_request() -> None:
    """dumps_document(indent=2) writes the JSON of json.dumps(indent=2) (one key a line)."""
    doc = {"t": {"1": {"a": 1, "b": [1, 2]}}}
    assert atomic_mod.dumps_document(doc, indent=2) == json.dumps(doc, indent=2).encode()


@pytest.mark.parametrize("number", [float("nan"), float("inf")])
def test_a_number_json_cannot_hold_is_refused(number: float) -> None:
    """NaN and infinities are refused: they would make a file no JSON reader accepts."""
    with pytest.raises(ValueError):
        atomic_mod.dumps_document({"t": {"1": {"x": number}}})


@pytest.mark.parametrize(
    ("content", "english", "french"),
    [
        (b"  \n", ": the file is empty", " : le fichier est vide"),
        (
            b"[" * 100_000,
            ": invalid JSON: nested too deeply",
            " : JSON invalide : imbrication trop profonde",
        ),
        (
            b'{"t": ',
            "invalid JSON at line 1 column 7: Expecting value",
            "JSON invalide ligne 1, colonne 7 (Expecting value)",
        ),
        (
            b'{"t": [1]}',
            "table 't' is a list, expected an object of documents",
            "la table 't' est une liste au lieu d'un objet de documents",
        ),
        (
            b'{"t": {"x": {}}}',
            "table 't' has a non-numeric document id 'x'",
            "la table 't' a un identifiant de document non numérique 'x'",
        ),
        (
            b'{"t": {"1": []}}',
            "document 1 of table 't' is a list, expected an object",
            "le document 1 de la table 't' est une liste au lieu d'un objet",
        ),
        (b"[1, 2]", "found a list", "il contient une liste"),
        (b'"text"', "found a string", "il contient une chaîne"),
        (b"null", "found null", "il contient null"),
        (b"true", "found a boolean", "il contient un booléen"),
        (b"3.5", "found a number", "il contient un nombre"),
    ],
)
def test_a_damaged_file_says_what_is_wrong_in_both_languages(
    tmp_path: Path, content: bytes, english: str, french: str
) -> None:
    """Each kind of damage is named in the English and in the French message; a top level
    that is not an object says what it holds instead."""
    path = tmp_path / "db.json"
    path.write_bytes(content)
    with pytest.raises(CorruptFileError) as info:
        atomic_mod.read_document(path)
    assert f"{english}." in info.value.message("en")
    assert f"{french}." in info.value.message("fr")


def test_new_files_are_not_executable(tmp_path: Path) -> None:
    """Store files are created read-write (0o666 before the umask), never executable."""
    path = tmp_path / "a.json"
    atomic_mod.atomic_write_bytes(path, b"{}")
    assert path.stat().st_mode & 0o111 == 0


def test_a_failed_cleanup_does_not_hide_the_write_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the rename fails and removing the temporary file fails too, the caller still
    gets the write error, not the cleanup's."""

    def fail(*args: object) -> None:
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(atomic_mod.os, "replace", fail)
    monkeypatch.setattr(atomic_mod.os, "unlink", fail)
    with pytest.raises(StoreWriteError):
        atomic_mod.atomic_write_bytes(tmp_path / "a.json", b"{}")


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a write re-raises KeyboardInterrupt and removes the temporary file."""

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic_mod.os, "fsync", interrupt)
    with pytest.raises(KeyboardInterrupt):
        atomic_mod.atomic_write_bytes(tmp_path / "a.json", b"{}")
    assert list(tmp_path.iterdir()) == []


def test_an_interrupted_write_whose_cleanup_fails_still_raises_the_interrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a write is re-raised even if the temporary file cannot be removed."""

    def interrupt(fd: int) -> None:
        raise KeyboardInterrupt

    def fail(path: object) -> None:
        raise OSError(errno.EIO, "I/O error")

    monkeypatch.setattr(atomic_mod.os, "fsync", interrupt)
    monkeypatch.setattr(atomic_mod.os, "unlink", fail)
    with pytest.raises(KeyboardInterrupt):
        atomic_mod.atomic_write_bytes(tmp_path / "a.json", b"{}")


def test_a_folder_in_place_of_a_file_is_named_in_both_languages(tmp_path: Path) -> None:
    """A folder where a store file should be is a damaged file, said in English and French."""
    path = tmp_path / "db.json"
    path.mkdir()
    with pytest.raises(CorruptFileError) as info:
        atomic_mod.read_document(path)
    assert f"{path} is corrupt: a folder is where the file should be" in info.value.message("en")
    assert "endommagé : un dossier se trouve à la place du fichier." in info.value.message("fr")


@pytest.mark.parametrize(
    ("error", "detail"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "Permission denied"),
        (OSError("odd"), "odd"),
    ],
)
def test_an_unreadable_file_names_the_file_and_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: OSError, detail: str
) -> None:
    """A file that cannot be read is named with the system's reason (or the error's text)."""

    def refuse(*args: object) -> None:
        raise error

    path = tmp_path / "db.json"
    monkeypatch.setattr(atomic_mod, "open", refuse, raising=False)
    with pytest.raises(UnreadableFileError) as info:
        atomic_mod.read_bytes(path)
    assert f"Cannot read {path} ({detail})" in info.value.message("en")
