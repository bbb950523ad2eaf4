"""Damaged files: detected, never overwritten, latest good backup offered and restorable."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from storetest_models import (
    index_file,
    make_evening,
    make_players,
    open_repo,
    snapshot,
)

from companion.store import BackupPolicy, CorruptFileError, NoBackupError
from companion.words.formats import date_short, time_short


def _repo_with_backups(tmp_path: Path):
    """ev1 saved 3 times with a backup before every write (hands 1 and 2 are backed up)."""
    repo = open_repo(tmp_path, backup_policy=BackupPolicy(every_writes=1))
    for hands in (1, 2, 3):
        repo.save(make_evening("ev1", hands=hands))
    return repo


def test_corrupt_evening_is_detected_and_not_overwritten(tmp_path: Path) -> None:
    """get() of a damaged evening raises CorruptFileError naming it; the bytes stay as they are."""
    repo = _repo_with_backups(tmp_path)
    path = repo.evening_path("ev1")
    path.write_bytes(b'{"_meta": {"1": {"schema_version": 1}}, "evening": {"1": {"id": "ev1"')
    damaged = snapshot(tmp_path)
    reopened = open_repo(tmp_path)
    with pytest.raises(CorruptFileError) as info:
        reopened.get("ev1")
    assert info.value.path == path and "invalid JSON" in info.value.reason
    assert str(path) in str(info.value)
    assert snapshot(tmp_path)["evenings/ev1.json"] == damaged["evenings/ev1.json"]


def test_corrupt_evening_is_flagged_in_index_on_open(tmp_path: Path) -> None:
    """Opening with a damaged evening does not fail: the entry carries error='corrupt-file'."""
    repo = _repo_with_backups(tmp_path)
    repo.evening_path("ev1").write_bytes(b"garbage")
    reopened = open_repo(tmp_path)
    assert reopened.get_entry("ev1").error == "corrupt-file"
    assert reopened.get_entry("ev1").title == "Friday"  # previous description kept
    assert [p.code for p in reopened.problems] == ["corrupt-file"]


def test_error_offers_latest_good_backup(tmp_path: Path) -> None:
    """The CorruptFileError offers the newest backup that parses and validates."""
    repo = _repo_with_backups(tmp_path)
    backups = sorted((tmp_path / "backups" / "evenings").iterdir())
    assert len(backups) == 2
    backups[-1].write_bytes(b"{ broken backup")  # the newest backup is bad too
    repo.evening_path("ev1").write_bytes(b"garbage")
    with pytest.raises(CorruptFileError) as info:
        open_repo(tmp_path).get("ev1")
    assert info.value.backup == backups[0]
    assert open_repo(tmp_path).latest_good_backup(repo.evening_path("ev1")) == backups[0]
    # the user is told, in French first, which file, that it is kept, and which backup
    # (with its date) can be restored
    path, when = repo.evening_path("ev1"), info.value.backup_date
    assert when is not None and abs(when - datetime.now(UTC)) < timedelta(minutes=5)
    fr, en = info.value.message("fr"), info.value.message("en")
    assert f"Le fichier {path} est endommagé" in fr and "conservé tel quel" in fr
    assert f"date du {when.astimezone():%d/%m/%Y à %H:%M} ({backups[0]})" in fr
    assert f"{path} is corrupt" in en and "kept" in en
    local = when.astimezone()
    assert f"from {date_short('en', local)}, {time_short('en', local)} ({backups[0]})" in en


def test_model_mismatch_counts_as_corrupt(tmp_path: Path) -> None:
    """Valid JSON that does not validate against the model is a CorruptFileError."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    path = repo.evening_path("ev1")
    path.write_text('{"_meta": {"1": {"schema_version": 1}}, "evening": {"1": {"id": "ev1"}}}')
    with pytest.raises(CorruptFileError, match="does not match the Evening model"):
        open_repo(tmp_path).get("ev1")


def test_restore_puts_backup_back_and_keeps_corrupt_file(tmp_path: Path) -> None:
    """restore_backup() restores the latest good backup and moves the damaged file to corrupt/."""
    repo = _repo_with_backups(tmp_path)
    repo.evening_path("ev1").write_bytes(b"garbage")
    reopened = open_repo(tmp_path)
    with pytest.raises(CorruptFileError) as info:
        reopened.get("ev1")
    used = reopened.restore_backup(info.value.path)
    assert used == info.value.backup
    assert reopened.get("ev1") == make_evening("ev1", hands=2)
    assert reopened.get_entry("ev1").error is None
    assert reopened.get_entry("ev1").hand_count == 2
    [aside] = (tmp_path / "corrupt" / "evenings").iterdir()
    assert aside.read_bytes() == b"garbage"
    assert open_repo(tmp_path).problems == []


def test_restore_without_good_backup_raises(tmp_path: Path) -> None:
    """restore_backup() with no valid backup raises NoBackupError and changes nothing."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))  # first write: nothing to back up yet
    repo.evening_path("ev1").write_bytes(b"garbage")
    reopened = open_repo(tmp_path)  # (opening flags the entry as corrupt in index.json)
    before = snapshot(tmp_path)
    with pytest.raises(NoBackupError) as info:
        reopened.restore_backup(repo.evening_path("ev1"))
    assert info.value.code == "no-backup"
    assert str(repo.evening_path("ev1")) in info.value.message("fr")
    assert "Aucune sauvegarde valide" in info.value.message("fr")
    assert snapshot(tmp_path) == before


def test_saving_over_corrupt_file_moves_it_aside_first(tmp_path: Path) -> None:
    """Saving an evening whose file got damaged keeps the damaged bytes in corrupt/."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.evening_path("ev1").write_bytes(b"garbage")
    repo.save(make_evening("ev1", hands=5))
    assert repo.get("ev1").hands == make_evening("ev1", hands=5).hands
    [aside] = (tmp_path / "corrupt" / "evenings").iterdir()
    assert aside.read_bytes() == b"garbage"


def test_corrupt_players_file_is_reported_and_restorable(tmp_path: Path) -> None:
    """A damaged players.json: open works, get_players raises with a backup, restore fixes it."""
    repo = open_repo(tmp_path, backup_policy=BackupPolicy(every_writes=1))
    repo.save_players(make_players()[:1])
    repo.save_players(make_players())
    repo.players_path.write_bytes(b"\x00\x00")
    reopened = open_repo(tmp_path)
    with pytest.raises(CorruptFileError) as info:
        reopened.get_players()
    assert info.value.path == repo.players_path and info.value.backup is not None
    reopened.restore_backup(info.value.path)
    assert reopened.get_players() == make_players()[:1]
    assert [p.read_bytes() for p in (tmp_path / "corrupt").iterdir()] == [b"\x00\x00"]


def test_corrupt_index_is_set_aside_and_rebuilt(tmp_path: Path) -> None:
    """A damaged index file is moved to corrupt/ (not lost) and its entries are rebuilt
    from the evenings."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("a", hands=1), make_evening("b", hands=2)])
    index_file(tmp_path, "a").write_bytes(b"[not an index")
    reopened = open_repo(tmp_path)
    assert {e.id: e.hand_count for e in reopened.list_index()} == {"a": 1, "b": 2}
    aside = [p.read_bytes() for p in (tmp_path / "corrupt" / "index").iterdir()]
    assert aside == [b"[not an index"]
    assert open_repo(tmp_path).problems == []
