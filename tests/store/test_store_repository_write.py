"""The repository's writes in detail: what an overwrite keeps, backup series, the index
entry's fields, player copies, import refusals and merges, restore. One rule per test,
through the public API and the files on disk."""

from __future__ import annotations

import json
import os
import shutil
from collections import namedtuple
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field
from storetest_models import (
    Evening,
    Player,
    lose_after_reading,
    make_evening,
    make_players,
    open_repo,
    remove_index,
)

import companion.store.documents as documents_module
import companion.store.repository_files as repository_files
from companion.store import (
    BackupPolicy,
    DiskFullError,
    ImportFileError,
    InvalidIdError,
    NoBackupError,
    Repository,
    StoreError,
    migrate_0_to_1,
)

Usage = namedtuple("Usage", "total used free")

# ------------------------------------------------------------------ overwrites


def test_a_file_holding_another_evening_is_set_aside_before_a_save(tmp_path: Path) -> None:
    """Saving ev1 over a file that holds another evening (copied there by hand) moves that
    file to corrupt/ first: it is not taken for a backup of ev1."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2", title="Other")])
    foreign = repo.evening_path("ev2").read_bytes()
    repo.evening_path("ev1").write_bytes(foreign)
    open_repo(tmp_path).save(make_evening("ev1", hands=3))
    assert [p.read_bytes() for p in (tmp_path / "corrupt").rglob("ev1.*.json")] == [foreign]
    assert open_repo(tmp_path).get("ev1") == make_evening("ev1", hands=3)


def _v1_evening(tmp_path: Path, evening_id: str = "old") -> bytes:
    """An evening file at schema version 1, indexed as it is (not migrated)."""
    doc = migrate_0_to_1({"evening": {"1": make_evening(evening_id).model_dump(mode="json")}})
    path = tmp_path / "evenings" / f"{evening_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode()
    path.write_bytes(data)
    open_repo(tmp_path, schema_version=1, migrations={0: migrate_0_to_1})
    return data


def test_an_older_file_saved_over_is_backed_up_under_its_own_name(tmp_path: Path) -> None:
    """An evening file of an older schema, overwritten unread, is first copied to
    backups/evenings/<id>.<time>.v1.json."""
    original = _v1_evening(tmp_path)
    open_repo(tmp_path).save(make_evening("old", hands=5))
    [backup] = (tmp_path / "backups" / "evenings").glob("*.v1.json")
    assert backup.name.startswith("old.") and backup.read_bytes() == original


def test_a_current_file_changed_by_hand_gets_no_version_backup(tmp_path: Path) -> None:
    """Only an older file gets a version-tagged backup (never pruned): a current file
    edited by hand is copied by the rolling backups only."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    path = repo.evening_path("ev1")
    path.write_bytes(path.read_bytes().replace(b"Friday", b"Monday"))
    open_repo(tmp_path).save(make_evening("ev1", hands=3))
    backups = sorted(p.name for p in (tmp_path / "backups" / "evenings").iterdir())
    assert backups and not [name for name in backups if ".v" in name]


def test_a_players_file_changed_by_hand_is_backed_up_not_set_aside(tmp_path: Path) -> None:
    """players.json edited by hand (still valid) is checked as a players file before a
    save: it is backed up, not moved to corrupt/."""
    repo = open_repo(tmp_path)
    repo.save_players(make_players())
    edited = (tmp_path / "players.json").read_bytes().replace(b"Alice", b"Alicia")
    (tmp_path / "players.json").write_bytes(edited)
    repo.save_players(make_players()[:1])
    assert not (tmp_path / "corrupt").exists()
    assert [p.read_bytes() for p in (tmp_path / "backups").glob("players.*.json")] == [edited]


def test_an_older_file_whose_upgrade_cannot_be_written_is_served_and_listed(
    tmp_path: Path,
) -> None:
    """When the upgraded file cannot be written (here a file named backups is in the way
    of the backup), the evening is served upgraded from memory and the failure listed."""
    _v1_evening(tmp_path)
    (tmp_path / "backups").write_bytes(b"not a folder")
    repo = open_repo(tmp_path)
    assert repo.get("old") == make_evening("old")
    assert repo.problems and all(isinstance(p, StoreError) for p in repo.problems)


# -------------------------------------------------------------- backup series


def _backups_of(tmp_path: Path, stem: str) -> list[Path]:
    return sorted((tmp_path / "backups").rglob(f"{stem}.*.json"))


def test_players_are_backed_up_every_so_many_writes(tmp_path: Path) -> None:
    """With every_writes=2 (and no time limit), players.json is backed up before the
    second write, then again two writes later."""
    policy = BackupPolicy(keep=10, every_seconds=1e9, every_writes=2)
    repo = open_repo(tmp_path, backup_policy=policy)
    counts = []
    for _ in range(4):
        repo.save_players(make_players())
        counts.append(len(_backups_of(tmp_path, "players")))
    assert counts == [0, 1, 1, 2]


def test_an_evening_saved_again_after_a_delete_starts_a_new_backup_series(
    tmp_path: Path,
) -> None:
    """After a delete, the next overwrite of a new evening of that id is backed up first,
    as the first overwrite of any file is."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.save(make_evening("ev1", hands=3))
    assert len(_backups_of(tmp_path, "ev1")) == 1
    repo.delete("ev1")
    repo.save(make_evening("ev1", hands=4))
    repo.save(make_evening("ev1", hands=5))
    assert len(_backups_of(tmp_path, "ev1")) == 2


def test_a_restored_evening_is_backed_up_at_its_next_overwrite(tmp_path: Path) -> None:
    """After a restore, the next save first backs up the restored file."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=1))
    repo.save(make_evening("ev1", hands=2))
    [backup] = _backups_of(tmp_path, "ev1")
    repo.restore_backup(repo.evening_path("ev1"), backup)
    restored = repo.evening_path("ev1").read_bytes()
    repo.save(make_evening("ev1", hands=3))
    assert restored in [p.read_bytes() for p in _backups_of(tmp_path, "ev1")[1:]]


# ------------------------------------------------------------------- the index


class _Described(BaseModel):
    id: str
    label: str


def test_describe_may_give_a_plain_mapping(tmp_path: Path) -> None:
    """A describe hook returning a dict fills the index entry from its keys."""
    repo: Repository[_Described, Player] = Repository(
        _Described,
        Player,
        tmp_path,
        describe=lambda e: {"title": e.label, "date": "2024-05-17", "hand_count": 4},
    )
    entry = repo.save(_Described(id="ev1", label="Quiz night"))
    assert (entry.title, entry.date, entry.hand_count) == ("Quiz night", "2024-05-17", 4)


def test_save_stamps_the_evening_in_utc(tmp_path: Path) -> None:
    """The time of change of a saved evening is an aware UTC time, close to now."""
    entry = open_repo(tmp_path).save(make_evening("ev1"))
    assert entry.updated_at.utcoffset() is not None
    assert entry.updated_at.utcoffset().total_seconds() == 0  # type: ignore[union-attr]
    assert abs((datetime.now(UTC) - entry.updated_at).total_seconds()) < 3600


def test_an_evening_file_that_vanishes_while_indexed_is_dated_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An evening file removed right after it was read (another program deleting it) gets
    an entry without size or mtime (so the next opening reads it again), dated now, in
    UTC."""
    open_repo(tmp_path).save(make_evening("ev1"))
    remove_index(tmp_path)
    target = tmp_path / "evenings" / "ev1.json"
    lose_after_reading(monkeypatch, repository_files, target)
    before = datetime.now(UTC)
    entry = open_repo(tmp_path).get_entry("ev1")
    assert (entry.file_size, entry.file_mtime_ns) == (None, None)
    assert entry.updated_at.utcoffset() is not None
    assert before <= entry.updated_at <= datetime.now(UTC)


def test_a_taken_name_in_trash_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the name a deleted evening would get in trash/ is taken (two deletes in the
    same microsecond), another name is used and the file there is kept."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    taken = tmp_path / "trash" / "evenings" / "ev1.20240101T000000000000Z.json"
    taken.parent.mkdir(parents=True)
    taken.write_bytes(b"an earlier delete")
    stamps = iter(["20240101T000000000000Z", "20240101T000000000001Z"])
    monkeypatch.setattr(repository_files, "timestamp", lambda: next(stamps))
    dest = repo.delete("ev1")
    assert dest == taken.with_name("ev1.20240101T000000000001Z.json")
    assert taken.read_bytes() == b"an earlier delete"
    assert json.loads(dest.read_text("utf-8"))["evening"]["1"]["id"] == "ev1"


# ------------------------------------------------------------- models and ids


def test_save_refuses_another_kind_of_object(tmp_path: Path) -> None:
    """Something other than the evening model: TypeError naming both types."""
    with pytest.raises(TypeError, match=r"^expected a Evening, got Player$"):
        open_repo(tmp_path).save(make_players()[0])  # type: ignore[arg-type]


def test_a_model_without_the_id_field_is_an_invalid_id(tmp_path: Path) -> None:
    """A repository told to read ids from a field the models lack refuses them as having
    no valid id (InvalidIdError), an evening as an evening and a player as a player."""
    repo = open_repo(tmp_path, id_field="code", player_id_field="code")
    with pytest.raises(InvalidIdError) as evening:
        repo.save(make_evening("ev1"))
    with pytest.raises(InvalidIdError) as player:
        repo.save_players(make_players())
    assert (evening.value.params["what"], player.value.params["what"]) == ("evening", "player")


class _Member(BaseModel):
    id: str
    name: str
    nicknames: list[str] = Field(default_factory=list)


def test_players_are_stored_and_given_as_deep_copies(tmp_path: Path) -> None:
    """Changing a list inside a player after saving it, or inside a player returned,
    changes nothing stored."""
    repo: Repository[Evening, _Member] = Repository(Evening, _Member, tmp_path)
    given = _Member(id="ana", name="Ana", nicknames=["An"])
    repo.save_players([given])
    given.nicknames.append("Nana")
    repo.get_players()[0].nicknames.append("Anouk")
    assert repo.get_players() == [_Member(id="ana", name="Ana", nicknames=["An"])]


# --------------------------------------------------------------------- import


def _export(tmp_path: Path) -> Path:
    """An export of evenings a, b (titled "Bad" for the checks below) and two players."""
    repo = open_repo(tmp_path / "source")
    repo.save_many([make_evening("a"), make_evening("b", title="Bad")])
    repo.save_players(make_players()[:2])
    return repo.export_all(tmp_path / "export.json")


def _refuse_bad(message: str) -> Any:
    def check(evening: Evening) -> None:
        if evening.title == "Bad":
            raise ValueError(message)

    return check


def test_an_import_runs_the_check_on_each_evening(tmp_path: Path) -> None:
    """The repository's check sees every imported evening itself, before anything is
    written."""
    export = _export(tmp_path)
    seen: list[str] = []
    repo = open_repo(tmp_path / "data", check=lambda e: seen.append(e.id))
    repo.import_all(export)
    assert seen == ["a", "b"]


def test_an_evening_the_check_refuses_stops_the_import_with_its_reason(tmp_path: Path) -> None:
    """An evening the check refuses: ImportFileError naming the file, the evening's place
    in the export and the check's own words, in French and English; nothing written."""
    export = _export(tmp_path)
    repo = open_repo(tmp_path / "data", check=_refuse_bad("hand 2 has no winner, MAX"))
    with pytest.raises(ImportFileError) as info:
        repo.import_all(export)
    error = info.value
    assert error.path == export
    assert error.reason == "evenings[1] cannot be used (ValueError: hand 2 has no winner, MAX)"
    assert error.reason_fr == "evenings[1] est inutilisable (ValueError: hand 2 has no winner, MAX)"
    assert error.message("en").startswith(f"{export} cannot be imported: evenings[1] cannot")
    assert error.message("fr").startswith(f"Impossible d'importer {export} : evenings[1] est")
    assert repo.ids() == [] and not (tmp_path / "data" / "evenings").exists()


def test_a_refusal_without_words_is_named_by_its_type(tmp_path: Path) -> None:
    """A check raising without a message: the detail is the exception's type alone."""
    repo = open_repo(tmp_path / "data", check=_refuse_bad(""))
    with pytest.raises(ImportFileError) as info:
        repo.import_all(_export(tmp_path))
    assert info.value.reason == "evenings[1] cannot be used (ValueError)"


def test_an_import_that_replaces_drops_the_other_evenings_from_the_index(
    tmp_path: Path,
) -> None:
    """Importing with replace: the evenings absent from the export leave the index at
    once (their files go to trash/)."""
    repo = open_repo(tmp_path / "data")
    repo.save(make_evening("old"))
    result = repo.import_all(_export(tmp_path))
    assert result.trashed == ["old"]
    assert repo.ids() == ["a", "b"]
    assert sorted(e.id for e in repo.list_index()) == ["a", "b"]


def test_an_import_replaces_the_players_or_merges_them_by_id(tmp_path: Path) -> None:
    """With replace the players are the export's; without, the stored players are kept
    and those of the export added or updated by id."""
    export = _export(tmp_path)
    stored = [Player(id="bob", name="Robert"), Player(id="dora", name="Dora")]
    replaced = open_repo(tmp_path / "r")
    replaced.save_players(stored)
    replaced.import_all(export)
    assert replaced.get_players() == make_players()[:2]
    merged = open_repo(tmp_path / "m")
    merged.save_players(stored)
    result = merged.import_all(export, replace=False)
    assert merged.get_players() == [make_players()[1], stored[1], make_players()[0]]
    assert result.players == 3


# -------------------------------------------------------------------- restore


def _two_evenings_with_ev1_backed_up(tmp_path: Path) -> Repository[Evening, Player]:
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2")])
    repo.save(make_evening("ev1", hands=3))  # backs up the first ev1
    return repo


def test_restore_picks_only_a_backup_of_the_same_evening(tmp_path: Path) -> None:
    """Without a backup named, restore takes the newest good backup of that evening: one
    named for it but holding another evening is no backup, so none is restored."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("ev1"), make_evening("ev2")])
    folder = tmp_path / "backups" / "evenings"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ev1.20240101T000000000000Z.json").write_bytes(repo.evening_path("ev2").read_bytes())
    with pytest.raises(NoBackupError):
        repo.restore_backup(repo.evening_path("ev1"))
    assert repo.get("ev1") == make_evening("ev1")


def test_restore_of_a_named_good_backup(tmp_path: Path) -> None:
    """A backup named by the caller is checked, then put back in place."""
    repo = _two_evenings_with_ev1_backed_up(tmp_path)
    [backup] = _backups_of(tmp_path, "ev1")
    assert repo.restore_backup(repo.evening_path("ev1"), backup) == backup
    assert repo.get("ev1") == make_evening("ev1")
    assert repo.get_entry("ev1").hand_count == 2


def test_restore_recreates_a_removed_evenings_folder(tmp_path: Path) -> None:
    """Restoring an evening whose folder was removed creates the folder again."""
    repo = _two_evenings_with_ev1_backed_up(tmp_path)
    [backup] = _backups_of(tmp_path, "ev1")
    for path in (tmp_path / "evenings").iterdir():
        path.unlink()
    os.rmdir(tmp_path / "evenings")
    repo.restore_backup(tmp_path / "evenings" / "ev1.json", backup)
    assert repo.get("ev1") == make_evening("ev1")


def test_restore_clears_only_the_problems_of_the_restored_file(tmp_path: Path) -> None:
    """After restoring a damaged evening, its problems are gone and those of the other
    files remain."""
    _two_evenings_with_ev1_backed_up(tmp_path)
    [backup] = _backups_of(tmp_path, "ev1")
    (tmp_path / "evenings" / "ev1.json").write_bytes(b"{bad")
    (tmp_path / "evenings" / "ev2.json").write_bytes(b"{bad too")
    repo = open_repo(tmp_path)
    assert len(repo.problems) == 2
    repo.restore_backup(repo.evening_path("ev1"), backup)
    assert [p.path for p in repo.problems] == [repo.evening_path("ev2")]


def test_restoring_an_evening_reads_no_other_evening(tmp_path: Path) -> None:
    """A restore re-reads only the restored evening: another damaged evening is not
    reported again, even when index.json was removed meanwhile."""
    _two_evenings_with_ev1_backed_up(tmp_path)
    [backup] = _backups_of(tmp_path, "ev1")
    (tmp_path / "evenings" / "ev1.json").write_bytes(b"{bad")
    (tmp_path / "evenings" / "ev2.json").write_bytes(b"{bad too")
    repo = open_repo(tmp_path)
    remove_index(tmp_path)
    repo.restore_backup(repo.evening_path("ev1"), backup)
    assert [p.path for p in repo.problems] == [repo.evening_path("ev2")]
    assert repo.ids() == ["ev1", "ev2"]


def test_an_import_refused_for_want_of_space_names_the_export(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With less free space than twice the export, the import is refused naming the
    export file, and nothing is written."""
    export = _export(tmp_path)
    repo = open_repo(tmp_path / "data")
    monkeypatch.setattr(shutil, "disk_usage", lambda _: Usage(10**9, 10**9, 10))
    with pytest.raises(DiskFullError) as info:
        repo.import_all(export)
    assert info.value.path == export
    assert f"Not enough free space to import {export}" in info.value.message("en")
    assert repo.ids() == []


def test_players_file_vanishing_right_after_it_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """players.json removed by another program right after it was read: the players read
    are served, and the next save writes the file afresh."""
    open_repo(tmp_path).save_players(make_players())
    target = tmp_path / "players.json"
    lose_after_reading(monkeypatch, repository_files, target)
    repo = open_repo(tmp_path)
    monkeypatch.undo()
    assert repo.get_players() == make_players()
    repo.save_players(make_players()[:1])
    assert open_repo(tmp_path).get_players() == make_players()[:1]


def test_an_older_file_saved_over_is_backed_up_as_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version backup taken before saving over an older file holds the bytes that were
    checked, even when the file is removed right after that check (rolling backups off)."""
    original = _v1_evening(tmp_path)
    target = tmp_path / "evenings" / "old.json"
    lose_after_reading(monkeypatch, documents_module, target)
    repo = open_repo(tmp_path, backup_policy=BackupPolicy(keep=0))
    repo.save(make_evening("old", hands=5))
    [backup] = (tmp_path / "backups" / "evenings").glob("old.*.v1.json")
    assert backup.read_bytes() == original
    assert open_repo(tmp_path).get("old") == make_evening("old", hands=5)
