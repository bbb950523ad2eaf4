"""Imports that cannot hurt (issue 21 §9), at the store: a hostile export is refused with a
bounded list of problems in memory of the file's size, a file over the size limit is
refused unread, and the data folder is not locked while an export is checked."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest
from storetest_models import Evening, Player, make_evening, make_players, open_repo

import companion.store.repository_files as repository_files
from companion.store import MIGRATIONS, SCHEMA_VERSION, ImportFileError, transfer
from companion.store import lock as lock_module
from companion.store.documents import Documents
from companion.store.lock import LOCK_FILE
from companion.store.transfer import MAX_IMPORT_BYTES, parse_import

DOCS: Documents[Evening, Player] = Documents(
    Evening, Player, id_field="id", schema_version=SCHEMA_VERSION, migrations=MIGRATIONS
)
JUNK = 300_000  # records in the hostile list: 900 KB of "{},"


def _junk_export(count: int = JUNK) -> bytes:
    """An export whose evenings are ``count`` empty objects."""
    head = (
        f'{{"format": "companion-store-export", "schema_version": {SCHEMA_VERSION}, '
        '"index": [], "players": [], "evenings": ['
    ).encode()
    return head + b",".join([b"{}"] * count) + b"]}"


def _export(tmp_path: Path) -> Path:
    repo = open_repo(tmp_path / "source")
    repo.save_many([make_evening("a"), make_evening("b")])
    repo.save_players(make_players()[:2])
    return repo.export_all(tmp_path / "export.json")


def _free(data_dir: Path) -> bool:
    """Whether another writer, trying the data folder's lock once (leaving no waiter
    behind), would take it."""
    handle = os.open(data_dir / LOCK_FILE, os.O_RDWR)
    try:
        return lock_module._try_lock(handle)
    finally:
        os.close(handle)  # which lets the lock go, if it was taken


def test_a_long_list_of_junk_names_five_problems_and_counts_the_others(tmp_path: Path) -> None:
    """Rule: a list of 300,000 empty objects for evenings is refused naming the first five
    problems and counting the 299,995 others, in each language (a million messages once
    made a 3 MB file take 485 MB)."""
    path = tmp_path / "junk.json"
    path.write_bytes(_junk_export())
    with pytest.raises(ImportFileError) as info:
        parse_import(path, DOCS, "id")
    error = info.value
    assert [f"evenings[{n}]:" in error.reason for n in range(6)] == [True] * 5 + [False]
    assert error.reason.endswith(" and 299,995 more problems")
    assert error.reason_fr.endswith(" et 299\u202f995 autres problèmes")  # Babel's French
    assert len(error.reason) < 1000


def test_checking_a_long_list_of_junk_takes_memory_of_the_file_s_size_only() -> None:
    """Rule: the records are read one at a time and a wrong one is dropped: checking a
    list of junk allocates at most twice the file's size (its text, a record, five
    messages), where reading the list whole took twenty times it."""
    data = _junk_export()
    tracemalloc.start()
    try:
        with pytest.raises(ImportFileError):
            parse_import(Path("junk.json"), DOCS, "id", data=data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(data)


def test_a_file_over_the_size_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: a file larger than MAX_IMPORT_BYTES is refused by its size before a byte of it
    is read; the refusal gives its size and the limit, in each language."""
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(70_000_000)  # sparse: nothing is written
    reads: list[Path] = []
    monkeypatch.setattr(transfer, "read_bytes", lambda path, limit=None: reads.append(path))
    with pytest.raises(ImportFileError) as info:
        parse_import(path, DOCS, "id")
    assert reads == []
    assert info.value.reason == "it is 70 MB, larger than a backup can be (64 MB)"
    assert info.value.reason_fr == "il fait 70 Mo, plus qu'une sauvegarde ne peut faire (64 Mo)"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_file_without_an_end_is_read_no_further_than_the_limit() -> None:
    """Rule: a file whose size says nothing (a device, a pipe) is read one byte past the
    limit at most, then refused."""
    with pytest.raises(ImportFileError) as info:
        parse_import(Path("/dev/zero"), DOCS, "id")
    assert info.value.reason == "it is larger than a backup can be (64 MB)"
    assert MAX_IMPORT_BYTES == 64_000_000


def test_bytes_over_the_size_limit_are_refused_unparsed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule: the bytes of a file sent from a phone are held to the same limit."""
    monkeypatch.setattr(transfer, "MAX_IMPORT_BYTES", 2_000_000)
    with pytest.raises(ImportFileError) as info:
        parse_import(Path("big.json"), DOCS, "id", data=b" " * 3_000_000)
    assert info.value.reason == "it is 3 MB, larger than a backup can be (2 MB)"


def _records(part: str, count: int) -> str:
    """``count`` valid records of one part of an export, as JSON."""
    if part == "evenings":
        return ",".join(make_evening(f"e{n}").model_dump_json() for n in range(count))
    return ",".join(f'{{"id": "p{n}", "name": "P{n}"}}' for n in range(count))


@pytest.mark.parametrize(
    ("part", "en", "fr"),
    [
        ("evenings", "it holds more than 3 evenings", "il compte plus de 3 soirées"),
        ("players", "it holds more than 3 players", "il compte plus de 3 joueurs"),
    ],
)
def test_more_records_than_a_backup_holds_are_refused(
    monkeypatch: pytest.MonkeyPatch, part: str, en: str, fr: str
) -> None:
    """Rule: past MAX_IMPORT_RECORDS valid records of a part (evenings, players) the file is
    refused there, unread further (each one kept would cost memory, and its check and write
    time), and the refusal counts that part, in each language."""
    monkeypatch.setattr(transfer, "MAX_IMPORT_RECORDS", 3)
    parts = {"evenings": "", "players": ""}
    parts[part] = _records(part, 5)
    data = (
        f'{{"format": "companion-store-export", "schema_version": {SCHEMA_VERSION}, '
        f'"index": [], "players": [{parts["players"]}], "evenings": [{parts["evenings"]}]}}'
    ).encode()
    with pytest.raises(ImportFileError) as info:
        parse_import(Path("many.json"), DOCS, "id", data=data)
    assert info.value.reason == en
    assert info.value.reason_fr == fr


def test_the_data_folder_is_free_while_an_export_is_checked(tmp_path: Path) -> None:
    """Rule: checking an import (reading, validating, the check hook on every evening)
    holds no lock: another writer takes the data folder meanwhile."""
    data_dir = tmp_path / "data"
    taken: list[str] = []

    def check(evening: Evening) -> None:
        if _free(data_dir):
            taken.append(evening.id)

    repo = open_repo(data_dir, check=check)
    repo.save_players(make_players()[:1])  # the folder exists, with its lock file
    repo.import_all(_export(tmp_path), replace=False)
    assert taken == ["a", "b"]


def test_the_writes_of_an_import_hold_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule: the import's writes are done holding the data folder: another writer trying
    then finds it busy, at each file."""
    export = _export(tmp_path)
    data_dir = tmp_path / "data"
    repo = open_repo(data_dir)
    repo.save_players(make_players()[:1])
    refused: list[str] = []
    write = repository_files.write_tables

    def write_tables(path: Path, tables: dict) -> None:
        if not _free(data_dir):
            refused.append(path.name)
        write(path, tables)

    monkeypatch.setattr(repository_files, "write_tables", write_tables)
    repo.import_all(export, replace=False)
    assert refused == ["a.json", "b.json", "players.json"]
