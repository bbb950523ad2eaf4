"""Rolling backups: when they are taken and how many are kept."""

from __future__ import annotations

from pathlib import Path

from storetest_models import make_evening, make_players, open_repo

from companion.store import BackupPolicy


def _backups(tmp_path: Path, sub: str = "evenings") -> list[Path]:
    folder = tmp_path / "backups" / sub
    return sorted(folder.iterdir()) if folder.exists() else []


def test_first_write_of_a_session_backs_up_the_previous_file(tmp_path: Path) -> None:
    """The first save to an existing file after opening copies the old content to backups/."""
    open_repo(tmp_path).save(make_evening("ev1", hands=1))
    old = (tmp_path / "evenings" / "ev1.json").read_bytes()
    assert _backups(tmp_path) == []  # creating a file needs no backup
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=2))
    repo.save(make_evening("ev1", hands=3))
    [backup] = _backups(tmp_path)
    assert backup.read_bytes() == old
    assert backup.name.startswith("ev1.") and backup.name.endswith("Z.json")


def test_backup_every_k_writes(tmp_path: Path) -> None:
    """With every_writes=3, 10 saves in one session make a backup at writes 1, 4, 7, 10."""
    repo = open_repo(tmp_path, backup_policy=BackupPolicy(every_writes=3, keep=99))
    repo.save(make_evening("ev1", hands=0))
    for hands in range(1, 11):
        repo.save(make_evening("ev1", hands=hands))
    assert len(_backups(tmp_path)) == 4


def test_backup_every_n_seconds(tmp_path: Path) -> None:
    """With every_seconds=60, a save after 61 s (fake clock) takes a new backup."""
    now = [1000.0]
    repo = open_repo(
        tmp_path,
        clock=lambda: now[0],
        backup_policy=BackupPolicy(every_seconds=60, every_writes=1000),
    )
    repo.save(make_evening("ev1", hands=0))
    repo.save(make_evening("ev1", hands=1))  # first write on the existing file: backup
    now[0] += 30
    repo.save(make_evening("ev1", hands=2))
    assert len(_backups(tmp_path)) == 1
    now[0] += 31
    repo.save(make_evening("ev1", hands=3))
    assert len(_backups(tmp_path)) == 2


def test_only_latest_m_backups_are_kept(tmp_path: Path) -> None:
    """keep=3: after many backups only the 3 newest remain, and they are the newest contents."""
    repo = open_repo(tmp_path, backup_policy=BackupPolicy(every_writes=1, keep=3))
    for hands in range(8):
        repo.save(make_evening("ev1", hands=hands))
    backups = _backups(tmp_path)
    assert len(backups) == 3
    loaded = [repo.documents.load(b, "evening", "ev1")[0] for b in backups]
    assert [len(e.hands) for e in loaded] == [4, 5, 6]


def test_players_file_is_backed_up_too(tmp_path: Path) -> None:
    """Rewriting players.json in a new session backs up the previous one."""
    open_repo(tmp_path).save_players(make_players()[:1])
    old = (tmp_path / "players.json").read_bytes()
    open_repo(tmp_path).save_players(make_players())
    assert [p.read_bytes() for p in (tmp_path / "backups").glob("players.*.json")] == [old]
