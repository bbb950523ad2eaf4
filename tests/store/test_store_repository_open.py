"""The repository on opening, in detail: leftover temporary files, a damaged or older
index, files changed behind its back, and problems found again on a re-read. One rule per
test, through the public API and the files on disk."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from storetest_models import (
    index_file,
    index_records,
    lose_after_reading,
    make_evening,
    make_players,
    open_repo,
    remove_index,
)

import companion.store.repository_files as repository_files
from companion.store import (
    SCHEMA_VERSION,
    CorruptFileError,
    NotFoundError,
    StoreError,
    migrate_0_to_1,
    migrate_document,
)

_OLD = time.time() - 3600  # an hour ago: a leftover of a crash, not a write under way


def _leftover(folder: Path, name: str = ".ev1.json.1a2b.tmp", mtime: float = _OLD) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(b"half a write")
    os.utime(path, (mtime, mtime))
    return path


@pytest.mark.parametrize("where", ["", "evenings", "backups", "backups/evenings"])
def test_opening_removes_old_temporary_files_in_each_store_folder(
    tmp_path: Path, where: str
) -> None:
    """A temporary file (".<name>.tmp") older than a minute, left by a crash mid-write, is
    removed on opening, in the data folder, evenings/, backups/ and backups/evenings/."""
    open_repo(tmp_path).save(make_evening("ev1"))
    leftover = _leftover(tmp_path / where)
    open_repo(tmp_path)
    assert not leftover.exists()


def test_a_missing_folder_does_not_stop_the_cleanup_of_the_others(tmp_path: Path) -> None:
    """Without an evenings/ folder, the leftovers of backups/ are removed all the same."""
    leftover = _leftover(tmp_path / "backups")
    assert not (tmp_path / "evenings").exists()
    open_repo(tmp_path)
    assert not leftover.exists()


def test_a_recent_temporary_file_is_left_to_its_writer(tmp_path: Path) -> None:
    """A temporary file younger than a minute may belong to a write under way: kept."""
    fresh = _leftover(tmp_path / "evenings", mtime=time.time() - 5)
    open_repo(tmp_path)
    assert fresh.exists()


def test_only_temporary_files_are_removed(tmp_path: Path) -> None:
    """Old hidden files that are not temporary files, and old ".tmp" files that are not
    hidden, are not the repository's: kept."""
    hidden = _leftover(tmp_path, ".keep")
    plain = _leftover(tmp_path, "notes.tmp")
    open_repo(tmp_path)
    assert hidden.exists() and plain.exists()


def test_a_leftover_that_cannot_be_removed_does_not_stop_opening(tmp_path: Path) -> None:
    """A folder with a temporary file's name cannot be unlinked: opening goes on."""
    open_repo(tmp_path).save(make_evening("ev1"))
    folder = tmp_path / "evenings" / ".ev2.json.9f.tmp"
    folder.mkdir()
    os.utime(folder, (_OLD, _OLD))
    assert open_repo(tmp_path).ids() == ["ev1"]
    assert folder.is_dir()


def test_a_temporary_file_exactly_a_minute_old_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only files older than the minute are removed: one exactly at the limit is kept."""
    now = 2_000_000_000.0
    at_limit = _leftover(tmp_path, mtime=now - 60)
    older = _leftover(tmp_path, ".b.json.2.tmp", mtime=now - 61)
    monkeypatch.setattr(time, "time", lambda: now)
    open_repo(tmp_path)
    assert at_limit.exists() and not older.exists()


def test_a_damaged_index_is_listed_with_its_path_and_rebuilt(tmp_path: Path) -> None:
    """A damaged index file is a problem naming the file; its entries are rebuilt from the
    evening files."""
    open_repo(tmp_path).save(make_evening("ev1"))
    index_file(tmp_path, "ev1").write_bytes(b"{oops")
    repo = open_repo(tmp_path)
    assert [(type(p), p.path) for p in repo.problems] == [
        (CorruptFileError, index_file(tmp_path, "ev1"))
    ]
    assert repo.ids() == ["ev1"]
    assert json.loads(index_file(tmp_path, "ev1").read_text("utf-8"))["evenings"]


def test_a_damaged_index_that_cannot_be_set_aside_is_not_overwritten(tmp_path: Path) -> None:
    """When the damaged index cannot be moved to corrupt/ (here a file is in the way), it
    is left as it was, never written over, and both problems are listed."""
    open_repo(tmp_path).save(make_evening("ev1"))
    index_file(tmp_path, "ev1").write_bytes(b"{oops")
    (tmp_path / "corrupt").write_bytes(b"not a folder")
    repo = open_repo(tmp_path)
    assert index_file(tmp_path, "ev1").read_bytes() == b"{oops"
    assert len(repo.problems) == 2
    assert all(isinstance(p, StoreError) for p in repo.problems)
    assert repo.problems[0].path == index_file(tmp_path, "ev1")
    assert repo.ids() == ["ev1"]


def test_an_index_keeps_the_fields_a_newer_app_wrote(tmp_path: Path) -> None:
    """An entry read from an index file is written back with the keys this app does not
    know (a newer app of the same schema added them), when an evening of the same file is
    saved."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    path = index_file(tmp_path, "ev1")
    doc = json.loads(path.read_text("utf-8"))
    [record] = doc["evenings"].values()
    record["colour"] = "green"
    path.write_text(json.dumps(doc), "utf-8")
    neighbour = next(f"e{n}" for n in range(999) if index_file(tmp_path, f"e{n}") == path)
    open_repo(tmp_path).save(make_evening(neighbour))
    records = json.loads(path.read_text("utf-8"))["evenings"].values()
    assert {r["id"]: r.get("colour") for r in records} == {"ev1": "green", neighbour: None}


def _old_index(tmp_path: Path) -> bytes:
    """A store whose index file is rewritten at version 1, its entries matching the files."""
    open_repo(tmp_path).save(make_evening("ev1"))
    doc = json.loads(index_file(tmp_path, "ev1").read_text("utf-8"))
    doc["_meta"]["1"]["schema_version"] = 1
    data = json.dumps(doc).encode()
    index_file(tmp_path, "ev1").write_bytes(data)
    return data


def test_an_older_index_is_backed_up_with_its_version_then_upgraded(tmp_path: Path) -> None:
    """An index file of an older schema is copied to backups/index/ as
    "<xx>.<time>.v1.json", then rewritten at the current version with the same entries; a
    reopen finds nothing wrong."""
    original = _old_index(tmp_path)
    repo = open_repo(tmp_path)
    assert repo.problems == []
    [backup] = (tmp_path / "backups" / "index").glob("*.json")
    assert backup.name.endswith(".v1.json") and backup.read_bytes() == original
    doc = json.loads(index_file(tmp_path, "ev1").read_text("utf-8"))
    assert doc["_meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert [r["id"] for r in doc["evenings"].values()] == ["ev1"]
    reopened = open_repo(tmp_path)
    assert reopened.problems == [] and reopened.ids() == ["ev1"]


def test_an_older_evening_opens_with_the_shipped_migrations_by_default(tmp_path: Path) -> None:
    """Without a migrations argument, the shipped chain upgrades an older evening file."""
    doc, _ = migrate_document(
        {"evening": {"1": make_evening("old").model_dump(mode="json")}}, target=1
    )
    (tmp_path / "evenings").mkdir()
    (tmp_path / "evenings" / "old.json").write_text(json.dumps(doc), "utf-8")
    repo = open_repo(tmp_path)
    assert repo.problems == []
    assert repo.get("old") == make_evening("old")


def test_an_evening_file_removed_by_hand_leaves_the_index_file(tmp_path: Path) -> None:
    """An evening whose file was deleted outside the app leaves the index at the next
    opening, even when nothing else changed."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2")])
    repo.evening_path("ev2").unlink()
    assert open_repo(tmp_path).ids() == ["ev1"]
    assert [r["id"] for r in index_records(tmp_path)] == ["ev1"]


def test_a_repository_trusts_its_own_writes(tmp_path: Path) -> None:
    """The files are read again only when another process changed the folder: after its
    own writes, the repository answers from what it holds (a players.json replaced by hand
    meanwhile is not seen until the folder's change count moves)."""
    repo = open_repo(tmp_path)
    repo.save_players(make_players())
    repo.save(make_evening("ev1"))
    (tmp_path / "players.json").write_bytes(b"{replaced by hand")
    assert repo.get_players() == make_players()
    assert repo.problems == []


def test_a_repository_does_not_read_again_right_after_opening(tmp_path: Path) -> None:
    """What opening read stands until the folder's change count moves."""
    open_repo(tmp_path).save_players(make_players())
    repo = open_repo(tmp_path)
    (tmp_path / "players.json").write_bytes(b"{replaced by hand")
    assert repo.get_players() == make_players()


def test_problems_found_again_are_listed_once_beside_new_ones(tmp_path: Path) -> None:
    """When another process's change makes the repository read the folder again, a damaged
    file it had reported is not listed twice, and a newly damaged one is added after it."""
    writer = open_repo(tmp_path)
    writer.save_players(make_players())
    writer.save_many([make_evening("a"), make_evening("b")])
    (tmp_path / "players.json").write_bytes(b"{bad players")
    reader = open_repo(tmp_path)
    assert [p.path for p in reader.problems] == [tmp_path / "players.json"]
    writer.evening_path("b").write_bytes(b"{bad evening")
    remove_index(tmp_path)
    writer.save(make_evening("c"))
    assert reader.ids() == ["a", "b", "c"]
    assert [(type(p), p.path) for p in reader.problems] == [
        (CorruptFileError, tmp_path / "players.json"),
        (CorruptFileError, reader.evening_path("b")),
    ]


def test_a_missing_evening_is_named_with_its_file(tmp_path: Path) -> None:
    """Reading an evening that has no file: NotFoundError with the id and the file."""
    repo = open_repo(tmp_path)
    with pytest.raises(NotFoundError) as info:
        repo.get("ev9")
    assert info.value.params["id"] == "ev9"
    assert info.value.path == repo.evening_path("ev9")
    assert "ev9" in info.value.message("en") and "ev9" in info.value.message("fr")


def test_a_file_holding_another_evening_is_refused(tmp_path: Path) -> None:
    """evenings/ev1.json holding evening ev2 (copied by hand) is a damaged file, not ev2."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2", title="Other")])
    repo.evening_path("ev1").write_bytes(repo.evening_path("ev2").read_bytes())
    with pytest.raises(CorruptFileError):
        open_repo(tmp_path).get("ev1")


def test_a_damaged_evening_offers_only_a_backup_of_itself(tmp_path: Path) -> None:
    """The backup offered with a damaged evening holds that evening: a backup named for it
    but holding another evening is not offered."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2")])
    folder = tmp_path / "backups" / "evenings"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ev1.20240101T000000000000Z.json").write_bytes(repo.evening_path("ev2").read_bytes())
    repo.evening_path("ev1").write_bytes(b"{bad")
    with pytest.raises(CorruptFileError) as info:
        open_repo(tmp_path).get("ev1")
    assert info.value.backup is None


def _plus_one(doc: dict[str, Any]) -> dict[str, Any]:
    """A next schema version that adds a word to every evening's title."""
    for record in doc.get("evening", {}).values():
        record["title"] += " (v3)"
    doc["_meta"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    return doc


def test_an_evening_migrated_on_read_keeps_its_index_entry_in_step(tmp_path: Path) -> None:
    """An evening rewritten at the newer version when first read gets its index entry's
    size and mtime from the rewritten file, so the next opening does not read it again."""
    open_repo(tmp_path).save(make_evening("ev1"))
    newer = open_repo(
        tmp_path, schema_version=SCHEMA_VERSION + 1, migrations={SCHEMA_VERSION: _plus_one}
    )
    assert newer.get("ev1").title == "Friday (v3)"
    st = newer.evening_path("ev1").stat()
    entry = newer.get_entry("ev1")
    assert (entry.file_size, entry.file_mtime_ns) == (st.st_size, st.st_mtime_ns)


def test_files_are_written_with_the_repository_schema_version(tmp_path: Path) -> None:
    """An evening and the players saved by a repository of a newer schema carry that
    version and their kind in _meta."""
    repo = open_repo(
        tmp_path, schema_version=SCHEMA_VERSION + 1, migrations={SCHEMA_VERSION: _plus_one}
    )
    repo.save(make_evening("ev1"))
    repo.save_players(make_players())
    for name, kind in (("evenings/ev1.json", "evening"), ("players.json", "players")):
        meta = json.loads((tmp_path / name).read_text("utf-8"))["_meta"]["1"]
        assert meta == {"schema_version": SCHEMA_VERSION + 1, "kind": kind}


def test_a_problem_found_again_before_a_new_one_is_not_listed_twice(tmp_path: Path) -> None:
    """On a re-read that meets a damaged evening it had reported, then a newly damaged
    players file, the repository lists the evening once and adds the players file."""
    writer = open_repo(tmp_path)
    writer.save_players(make_players())
    writer.save_many([make_evening("a"), make_evening("b")])
    writer.evening_path("a").write_bytes(b"{bad evening")
    remove_index(tmp_path)
    reader = open_repo(tmp_path)
    assert [p.path for p in reader.problems] == [reader.evening_path("a")]
    (tmp_path / "players.json").write_bytes(b"{bad players")
    writer.save(make_evening("c"))
    later = time.time() + 10
    os.utime(writer.evening_path("a"), (later, later))  # changed again: read again
    assert reader.ids() == ["a", "b", "c"]
    assert [(type(p), p.path) for p in reader.problems] == [
        (CorruptFileError, reader.evening_path("a")),
        (CorruptFileError, tmp_path / "players.json"),
    ]


def _v1_file(path: Path, kind: str, records: list[dict[str, Any]]) -> bytes:
    doc = migrate_0_to_1({kind: {str(n): r for n, r in enumerate(records, 1)}})
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode()
    path.write_bytes(data)
    return data


def _indexed_v1_evening(tmp_path: Path) -> tuple[Path, bytes]:
    """An evening file at schema version 1, indexed as it is (so it is read on demand)."""
    path = tmp_path / "evenings" / "old.json"
    data = _v1_file(path, "evening", [make_evening("old").model_dump(mode="json")])
    open_repo(tmp_path, schema_version=1, migrations={0: migrate_0_to_1})
    return path, data


def test_an_older_evening_is_upgraded_from_the_bytes_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older evening file removed right after it was read is still upgraded from what
    was read: served, backed up as read, and written back at the current version."""
    path, original = _indexed_v1_evening(tmp_path)
    repo = open_repo(tmp_path)
    lose_after_reading(monkeypatch, repository_files, path)
    assert repo.get("old") == make_evening("old")
    assert repo.problems == []
    [backup] = (tmp_path / "backups" / "evenings").glob("old.*.v1.json")
    assert backup.read_bytes() == original
    assert json.loads(path.read_text("utf-8"))["_meta"]["1"]["schema_version"] == SCHEMA_VERSION


def test_an_older_evening_lost_and_not_rewritable_is_served_from_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the older evening vanishes after its read and its upgrade cannot be written
    (a file named backups is in the way), the evening read is served all the same."""
    path, _ = _indexed_v1_evening(tmp_path)
    (tmp_path / "backups").write_bytes(b"not a folder")
    repo = open_repo(tmp_path)
    lose_after_reading(monkeypatch, repository_files, path)
    assert repo.get("old") == make_evening("old")
    assert {type(p).__name__ for p in repo.problems} == {"StoreWriteError"}  # index, evening


def test_an_older_index_is_upgraded_from_the_bytes_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older index file removed right after it was read is still backed up as read
    and written back upgraded, with its entries."""
    original = _old_index(tmp_path)
    lose_after_reading(monkeypatch, repository_files, index_file(tmp_path, "ev1"))
    repo = open_repo(tmp_path)
    assert repo.problems == [] and repo.ids() == ["ev1"]
    [backup] = (tmp_path / "backups" / "index").glob("*.v1.json")
    assert backup.read_bytes() == original
    assert json.loads(index_file(tmp_path, "ev1").read_text("utf-8"))["evenings"]


def test_an_older_players_file_is_upgraded_from_the_bytes_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older players.json removed right after it was read is still served, backed up
    as read and written back at the current version."""
    path = tmp_path / "players.json"
    original = _v1_file(path, "players", [p.model_dump(mode="json") for p in make_players()])
    lose_after_reading(monkeypatch, repository_files, path)
    repo = open_repo(tmp_path)
    assert repo.problems == []
    assert repo.get_players() == make_players()
    [backup] = (tmp_path / "backups").glob("players.*.v1.json")
    assert backup.read_bytes() == original
    assert json.loads(path.read_text("utf-8"))["_meta"]["1"]["schema_version"] == SCHEMA_VERSION


def test_a_data_folder_removed_while_open_is_written_afresh(tmp_path: Path) -> None:
    """A data folder removed between two calls (a USB stick pulled out) is no crash: the
    next save writes the folder afresh, and a reopening finds what it holds."""
    data = tmp_path / "data"
    data.mkdir()
    repo = open_repo(data)
    repo.save(make_evening("ev1"))
    shutil.rmtree(data)
    repo.save(make_evening("ev2"))
    assert open_repo(data).ids() == ["ev2"]
