"""Importing a backup as ``companion import`` and Settings › Data do (issue 21 §9): a
refused or failed import leaves no file behind, checking it holds no lock, and the copy
of the data as it was and the writes are one hold of the data folder."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

import companion.table.service_state as service_state
from companion.store import DiskFullError, ImportFileError
from companion.store import lock as lock_module
from companion.store import transfer as store_transfer
from companion.store.lock import LOCK_FILE
from companion.table import transfer
from companion.table.evening import Evening
from companion.table.service import TableService
from tests.support.words import Said

JUNK = (
    b'{"format": "companion-store-export", "schema_version": 2, "index": [], "players": [], '
    b'"evenings": [' + b",".join([b"{}"] * 100_000) + b"]}"
)


def _seeded(folder: Path) -> TableService:
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    service.record_hand(ev.id, ["Léa", "Tom", "Sam", "Zoé"], expected_version=ev.version)
    return service


def _backup(tmp_path: Path) -> bytes:
    """The full backup of another table's folder, as bytes."""
    other = TableService(tmp_path / "other")
    other.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat")
    return other.export_backup(tmp_path / "backup.json").read_bytes()


def _everything(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``folder`` (a folder maps to None)."""
    return {
        str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
        for p in sorted(folder.rglob("*"))
        if p.name != "companion.lock"  # its counter moves with every change
    }


def _memory_error(*args: object, **kwargs: object) -> None:
    raise MemoryError


@pytest.mark.parametrize("how", ["junk", "not-json", "too-large", "out-of-memory"])
def test_a_refused_import_leaves_no_file_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """Rule: whatever refuses an import (a long list of junk, a file that is not JSON, one
    over the size limit, memory running out), it is an ImportFileError naming the person's
    file, and the data folder is as it was: no safety copy, no scratch copy, no exports/
    folder."""
    service = _seeded(tmp_path / "data")
    payload = JUNK
    if how == "not-json":
        payload = b"{not json"
    elif how == "too-large":
        monkeypatch.setattr(store_transfer, "MAX_IMPORT_BYTES", 1_000_000)
        payload = _backup(tmp_path) + b" " * 1_000_000
    elif how == "out-of-memory":
        payload = _backup(tmp_path)
        monkeypatch.setattr(service.repo, "check_import", _memory_error)
    before = _everything(tmp_path / "data")
    with pytest.raises(ImportFileError) as info:
        transfer.import_backup(service, Path("photo.json"), data=payload)
    assert info.value.path == Path("photo.json")
    assert _everything(tmp_path / "data") == before


def test_a_write_failing_before_any_change_keeps_no_safety_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: when the writes fail having changed nothing (here a full disk at the first
    one), the copy of the data as it was, made just before, is removed again."""
    service = _seeded(tmp_path / "data")
    payload = _backup(tmp_path)
    before = _everything(tmp_path / "data")

    def full(*args: object, **kwargs: object) -> None:
        raise DiskFullError(Said("Disque plein.", "Disk full."))

    monkeypatch.setattr(service.repo, "write_import", full)
    with pytest.raises(DiskFullError):
        transfer.import_backup(service, tmp_path / "backup.json", data=payload)
    assert _everything(tmp_path / "data") == before


def _try_the_folder(folder: Path, seen: list[str], what: str) -> None:
    """Another writer trying the data folder's lock once, not waiting (and leaving no
    waiter behind): whether it found the folder free."""
    try:
        handle = os.open(folder / LOCK_FILE, os.O_RDWR)
    except FileNotFoundError:  # no folder yet (the seeding's first evening)
        return
    try:
        seen.append(f"{what}: {'free' if lock_module._try_lock(handle) else 'busy'}")
    finally:
        os.close(handle)  # which lets the lock go, if it was taken


def test_the_data_folder_is_free_while_a_backup_is_checked_and_held_while_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: while the backup is checked (each evening replayed) another writer takes the
    data folder; from the copy of the data as it was to the end of the writes, it finds
    it busy (no change can slip between the copy and the import)."""
    folder = tmp_path / "data"
    payload = _backup(tmp_path)
    seen: list[str] = []
    replay: Callable[[Evening], Evening] = service_state.derive

    def derive(evening: Evening) -> Evening:
        _try_the_folder(folder, seen, "check")
        return replay(evening)

    monkeypatch.setattr(service_state, "derive", derive)  # the store's check hook
    service = _seeded(folder)
    seen.clear()
    export = service.export_backup
    write = service.repo.write_import

    def safety_copy(path: Path) -> Path:
        _try_the_folder(folder, seen, "copy")
        return export(path)

    def write_import(*args: object, **kwargs: object) -> object:
        _try_the_folder(folder, seen, "write")
        return write(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "export_backup", safety_copy)
    monkeypatch.setattr(service.repo, "write_import", write_import)
    summary = transfer.import_backup(service, tmp_path / "backup.json", data=payload)
    assert summary.evenings == 1 and summary.safety_copy.exists()
    assert seen == ["check: free", "copy: busy", "write: busy"]


def test_an_old_backup_with_a_longer_title_imports_cut_at_the_limit(tmp_path: Path) -> None:
    """Rule: a backup exported before the text limits imports as its files would read: a
    title over today's limit is cut (ending in "…"), the evening is not refused."""
    from companion.table.text_limits import TITLE_MAX

    doc = json.loads(_backup(tmp_path))
    doc["evenings"][0]["title"] = "T" * 10_000
    doc["index"][0]["title"] = "T" * 10_000
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc), "utf-8")
    service = TableService(tmp_path / "data")
    service.import_backup(old)
    (item,) = service.evening_items()
    assert item.title == "T" * (TITLE_MAX - 1) + "…"
    assert service.evening(item.evening_id).title == item.title


def test_a_backup_from_a_newer_version_is_refused_naming_the_person_s_file(
    tmp_path: Path,
) -> None:
    """Rule: a backup written by a newer version of the app is a NewerSchemaError naming the
    file as the person knows it, with the version found and the one this app reads; the
    data folder is as it was."""
    from companion.store import SCHEMA_VERSION, NewerSchemaError

    service = _seeded(tmp_path / "data")
    doc = json.loads(_backup(tmp_path))
    doc["schema_version"] = SCHEMA_VERSION + 5
    before = _everything(tmp_path / "data")
    with pytest.raises(NewerSchemaError) as info:
        transfer.import_backup(
            service, Path("scratch.json"), name="photo.json", data=json.dumps(doc).encode()
        )
    assert info.value.path == Path("photo.json")
    assert (info.value.found, info.value.supported) == (SCHEMA_VERSION + 5, SCHEMA_VERSION)
    assert _everything(tmp_path / "data") == before
