"""Rolling backups: when they are taken and how many are kept."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from storetest_models import make_evening, make_players, open_repo

from companion.store import BackupPolicy, NotFoundError
from companion.store.backups import (
    BackupKeeper,
    list_backups,
    make_backup,
    prune_backups,
    timestamp,
)


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


MOMENT = datetime(2024, 5, 17, 20, 30, 1, 123456, tzinfo=UTC)


@pytest.mark.parametrize("values", [{"keep": -1}, {"every_writes": 0}, {"every_seconds": -0.5}])
def test_a_policy_out_of_bounds_is_refused(values: dict[str, float]) -> None:
    """keep >= 0, every_writes >= 1, every_seconds >= 0."""
    with pytest.raises(ValueError, match="keep >= 0, every_writes >= 1, every_seconds >= 0"):
        BackupPolicy(**values)  # type: ignore[arg-type]


def test_a_policy_at_its_bounds_is_accepted() -> None:
    """keep=0 (no rolling backups), one write, no delay are allowed; defaults 10, 600 s, 25."""
    assert BackupPolicy(keep=0, every_writes=1, every_seconds=0).keep == 0
    assert BackupPolicy() == BackupPolicy(keep=10, every_seconds=600.0, every_writes=25)


def test_timestamp_is_utc_to_the_microsecond() -> None:
    """YYYYmmddTHHMMSSffffffZ, in UTC whatever the zone given."""
    assert timestamp(MOMENT) == "20240517T203001123456Z"
    paris = MOMENT.astimezone(timezone(timedelta(hours=2)))
    assert timestamp(paris) == "20240517T203001123456Z"
    assert len(timestamp()) == len("20240517T203001123456Z")


def test_make_backup_names_the_copy_with_its_moment_and_tag(tmp_path: Path) -> None:
    """<stem>.<timestamp>[.<tag>].json, the bytes of the source, folders created."""
    src = tmp_path / "ev1.json"
    src.write_bytes(b"old")
    folder = tmp_path / "backups" / "evenings"
    plain = make_backup(src, folder, "ev1", now=MOMENT)
    tagged = make_backup(src, folder, "ev1", tag="v0", now=MOMENT)
    given = make_backup(src, folder, "ev1", data=b"given", now=MOMENT + timedelta(seconds=1))
    assert plain.name == "ev1.20240517T203001123456Z.json" and plain.read_bytes() == b"old"
    assert tagged.name == "ev1.20240517T203001123456Z.v0.json"
    assert given.name == "ev1.20240517T203002123456Z.json" and given.read_bytes() == b"given"


def test_two_backups_in_the_same_microsecond_get_two_names(tmp_path: Path) -> None:
    """The second one's timestamp is bumped by a microsecond; nothing is overwritten."""
    src = tmp_path / "ev1.json"
    src.write_bytes(b"1")
    first = make_backup(src, tmp_path, "ev1", now=MOMENT)
    src.write_bytes(b"2")
    second = make_backup(src, tmp_path, "ev1", now=MOMENT)
    third = make_backup(src, tmp_path, "ev1", now=MOMENT)
    assert second.name == "ev1.20240517T203001123457Z.json"
    assert third.name == "ev1.20240517T203001123458Z.json"
    assert (first.read_bytes(), second.read_bytes()) == (b"1", b"2")


def test_a_backup_of_a_missing_file_is_not_found(tmp_path: Path) -> None:
    """Nothing to copy: NotFoundError, and no backup file."""
    with pytest.raises(NotFoundError):
        make_backup(tmp_path / "gone.json", tmp_path / "b", "gone", now=MOMENT)
    assert not (tmp_path / "b").exists()


def test_list_backups_newest_first_for_one_stem(tmp_path: Path) -> None:
    """Only backups of that stem (not of a longer one), newest first; tagged ones left out
    on request; other files ignored; a missing folder has none."""
    names = [
        "ev1.20240101T000000000000Z.json",
        "ev1.20240301T000000000000Z.v0.json",
        "ev1.20240201T000000000000Z.json",
        "ev10.20240401T000000000000Z.json",
        "ev1.json",
        "ev1.2024.json",
    ]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    assert [p.name for p in list_backups(tmp_path, "ev1")] == [
        "ev1.20240301T000000000000Z.v0.json",
        "ev1.20240201T000000000000Z.json",
        "ev1.20240101T000000000000Z.json",
    ]
    assert [p.name for p in list_backups(tmp_path, "ev1", rolling_only=True)] == [
        "ev1.20240201T000000000000Z.json",
        "ev1.20240101T000000000000Z.json",
    ]
    assert list_backups(tmp_path, "ev1")[0].parent == tmp_path
    assert list_backups(tmp_path / "missing", "ev1") == []
    assert list_backups(tmp_path / "ev1.json", "ev1") == []


def test_prune_keeps_the_newest_rolling_backups_and_every_tagged_one(tmp_path: Path) -> None:
    """prune deletes the older rolling backups beyond keep and returns them."""
    for day in range(1, 5):
        (tmp_path / f"ev1.202401{day:02}T000000000000Z.json").write_bytes(b"")
    (tmp_path / "ev1.20230101T000000000000Z.v0.json").write_bytes(b"")
    removed = prune_backups(tmp_path, "ev1", 2)
    assert [p.name for p in removed] == [
        "ev1.20240102T000000000000Z.json",
        "ev1.20240101T000000000000Z.json",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "ev1.20230101T000000000000Z.v0.json",
        "ev1.20240103T000000000000Z.json",
        "ev1.20240104T000000000000Z.json",
    ]


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _keeper(tmp_path: Path, **policy: float) -> tuple[BackupKeeper, _Clock, Path, Path]:
    clock = _Clock()
    keeper = BackupKeeper(BackupPolicy(**policy), clock)  # type: ignore[arg-type]
    path = tmp_path / "ev1.json"
    path.write_bytes(b"data")
    return keeper, clock, path, tmp_path / "backups"


def _count(folder: Path) -> int:
    return len(list_backups(folder, "ev1"))


def test_the_first_write_is_backed_up_then_every_n_writes(tmp_path: Path) -> None:
    """every_writes=3: a backup before the 1st write, then before the 4th (3 writes after)."""
    keeper, _, path, folder = _keeper(tmp_path, every_writes=3, every_seconds=1e9)
    counts = []
    for _ in range(5):
        keeper.before_write(path, folder, "ev1")
        keeper.after_write(path)
        counts.append(_count(folder))
    assert counts == [1, 1, 1, 2, 2]


def test_a_backup_after_exactly_every_seconds(tmp_path: Path) -> None:
    """every_seconds=60: a write 59.9 s after the backup takes none, one at 60 s does."""
    keeper, clock, path, folder = _keeper(tmp_path, every_writes=1000, every_seconds=60)
    keeper.before_write(path, folder, "ev1")
    clock.now += 59.9
    keeper.before_write(path, folder, "ev1")
    assert _count(folder) == 1
    clock.now += 0.1
    keeper.before_write(path, folder, "ev1")
    assert _count(folder) == 2


def test_keep_0_takes_no_backup(tmp_path: Path) -> None:
    """Rolling backups turned off: no backup folder at all."""
    keeper, _, path, folder = _keeper(tmp_path, keep=0)
    keeper.before_write(path, folder, "ev1")
    assert not folder.exists()


def test_the_keeper_prunes_to_keep(tmp_path: Path) -> None:
    """With keep=2 and a backup before every write, two backups are left."""
    keeper, clock, path, folder = _keeper(tmp_path, keep=2, every_writes=1)
    for _ in range(4):
        clock.now += 1
        keeper.before_write(path, folder, "ev1")
        keeper.after_write(path)
    assert _count(folder) == 2


def test_forget_starts_a_new_series(tmp_path: Path) -> None:
    """After forget, the next write is backed up as a first one; a write to a file never
    backed up counts nothing."""
    keeper, _, path, folder = _keeper(tmp_path, every_writes=100, every_seconds=1e9)
    keeper.after_write(path)  # no state yet: nothing to count
    keeper.before_write(path, folder, "ev1")
    keeper.before_write(path, folder, "ev1")
    assert _count(folder) == 1
    keeper.forget(path)
    keeper.forget(path)
    keeper.before_write(path, folder, "ev1")
    assert _count(folder) == 2


def test_the_policy_refusal_names_the_policy_and_its_bounds() -> None:
    """The refusal's words, exactly: the class and each bound."""
    with pytest.raises(ValueError) as info:
        BackupPolicy(keep=-1)
    assert str(info.value) == "BackupPolicy: keep >= 0, every_writes >= 1, every_seconds >= 0"


def test_timestamp_is_utc_whatever_the_machine_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A backup name does not depend on the machine's time zone (Paris here)."""
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        assert timestamp(MOMENT) == "20240517T203001123456Z"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_backup_of_a_missing_file_names_it(tmp_path: Path) -> None:
    """The NotFoundError carries the missing file's path."""
    with pytest.raises(NotFoundError) as info:
        make_backup(tmp_path / "gone.json", tmp_path / "b", "gone", now=MOMENT)
    assert info.value.path == tmp_path / "gone.json"


def test_prune_ignores_a_backup_already_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A backup deleted meanwhile (another process pruning too) is no error, and the others
    are still pruned."""
    for day in range(1, 4):
        (tmp_path / f"ev1.202401{day:02}T000000000000Z.json").write_bytes(b"")
    real_unlink = Path.unlink

    def racing_unlink(self: Path, missing_ok: bool = False) -> None:
        real_unlink(self)  # the other process was first
        real_unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", racing_unlink)
    removed = prune_backups(tmp_path, "ev1", 1)
    assert len(removed) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["ev1.20240103T000000000000Z.json"]
