"""The data folder as ``TableService`` keeps it (companion/table/service_folder.py), one rule
per test: the files it lists with their backups or damage, restoring a backup, exporting and
importing, and an evening's index entry."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.store.backups import list_backups
from companion.store.errors import CorruptFileError, NoBackupError
from companion.table.service import TableService
from tests.support.evenings import FOUR, played

DAY = date(2024, 3, 1)


def _break_orders(node: object) -> None:
    """Every finishing order in a backup names its second player twice."""
    if isinstance(node, dict):
        if isinstance(node.get("order"), list) and len(node["order"]) > 1:
            node["order"][0] = node["order"][1]
        for value in node.values():
            _break_orders(value)
    elif isinstance(node, list):
        for value in node:
            _break_orders(value)


def test_stored_files_lists_each_file_with_backups_or_damaged(tmp_path: Path) -> None:
    """The data screen lists every store file that has a backup or is damaged: its kind,
    its evening, its backups newest first, when the newest was taken, and whether it reads."""
    data = tmp_path / "data"
    first = TableService(data)
    kept = played(first, date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    lost = played(first, date(2024, 1, 6), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    second = TableService(data)  # a new session: its first write to players.json backs it up
    broken = played(second, date(2024, 2, 5), [], players=["Ann", "Bob", "Cat", "Eve"])
    (data / "evenings" / f"{broken.id}.json").write_text("{broken", "utf-8")
    (data / "evenings" / f"{lost.id}.json").unlink()  # only its backups are left
    files = {f.path: f for f in TableService(data).stored_files()}

    evenings = data / "evenings"
    assert set(files) == {
        data / "players.json",
        evenings / f"{kept.id}.json",
        evenings / f"{lost.id}.json",
        evenings / f"{broken.id}.json",
    }
    players = files[data / "players.json"]
    assert (players.kind, players.evening_id, players.damaged) == ("players", None, False)
    assert players.backups == tuple(list_backups(data / "backups", "players"))
    for ev in (kept, lost):
        f = files[evenings / f"{ev.id}.json"]
        assert (f.kind, f.evening_id, f.damaged) == ("evening", ev.id, False)
        assert f.backups and f.backups == tuple(list_backups(data / "backups" / "evenings", ev.id))
        assert all(b.name.startswith(f"{ev.id}.") for b in f.backups)
        assert f.newest is not None and f.newest.strftime("%Y%m%dT%H%M%S%fZ") in f.backups[0].name
    damaged = files[evenings / f"{broken.id}.json"]
    assert (damaged.kind, damaged.evening_id, damaged.backups, damaged.newest) == (
        "evening",
        broken.id,
        (),
        None,
    )
    assert damaged.damaged


def test_a_damaged_index_is_listed_as_the_index(tmp_path: Path) -> None:
    """A damaged index file is listed as such, damaged, with no backup."""
    data = tmp_path / "data"
    played(TableService(data), date(2024, 1, 5), [])
    [index_file] = (data / "index").iterdir()
    index_file.write_text("{broken", "utf-8")
    files = TableService(data).stored_files()
    assert [(f.path, f.kind, f.evening_id, f.backups, f.damaged) for f in files] == [
        (index_file, "index", None, (), True)
    ]


def test_problems_name_each_damaged_file_once(tmp_path: Path) -> None:
    """The damaged files found are named, each once, however often they were read."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), ["Ann Bob Cat Dan"])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    service = TableService(data)
    for _ in range(2):
        with pytest.raises(CorruptFileError):
            service.evening(ev.id)
    assert service.problems() == [path]
    assert TableService(tmp_path / "other").problems() == []


def test_restoring_a_backup_brings_the_evening_back(tmp_path: Path) -> None:
    """Restoring puts the newest good backup back and returns it; the evening reads again
    (as it was at that backup)."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    service = TableService(data)
    used = service.restore_backup(path)
    assert used == list_backups(data / "backups" / "evenings", ev.id)[0]
    assert service.evening(ev.id).id == ev.id and service.problems() == []


def test_restoring_without_a_backup_is_refused(tmp_path: Path) -> None:
    """A damaged file without any backup cannot be restored."""
    data = tmp_path / "data"
    ev = played(TableService(data), date(2024, 1, 5), [])
    path = data / "evenings" / f"{ev.id}.json"
    path.write_text("{broken", "utf-8")
    with pytest.raises(NoBackupError):
        TableService(data).restore_backup(path)


def test_importing_keeps_the_evenings_already_there(tmp_path: Path) -> None:
    """Importing a backup adds its evenings and keeps the ones the folder already had."""
    source = TableService(tmp_path / "a")
    theirs = played(source, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    exported = source.export_backup(tmp_path / "backup.json")
    assert theirs.id in json.dumps(json.loads(exported.read_text("utf-8")))
    target = TableService(tmp_path / "b")
    ours = played(target, date(2024, 2, 5), ["Dan Cat Bob Ann"])
    result = target.import_backup(exported)
    assert result is not None
    assert {e.id for e in target.evenings()} == {theirs.id, ours.id}
    assert len(target.evening(theirs.id).hands) == 1


def test_an_import_whose_evening_does_not_replay_is_refused(tmp_path: Path) -> None:
    """A backup whose evening no longer replays (a player twice in an order) is refused
    whole: the folder keeps what it had."""
    source = TableService(tmp_path / "a")
    ev = source.create_evening(FOUR, "pagat", day=DAY)
    source.record_hand(ev.id, FOUR, expected_version=ev.version)
    path = source.export_backup(tmp_path / "backup.json")
    data = json.loads(path.read_text("utf-8"))
    _break_orders(data)
    path.write_text(json.dumps(data), "utf-8")
    target = TableService(tmp_path / "b")
    with pytest.raises(CompanionError) as info:
        target.import_backup(path)
    assert "Named twice in the finishing order: Bob." in str(info.value)
    assert target.evenings() == []


def test_an_evening_entry_and_the_next_plan_are_of_that_evening(
    service: TableService,
) -> None:
    """The index entry and the next plan asked for are those of the evening named."""
    ev = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 1, 6), [])
    assert service.evening_entry(ev.id).id == ev.id
    assert service.evening_entry(ev.id).hand_count == 1
    assert service.next_plan(ev.id) == service.evening(ev.id).next_plan
    assert service.next_plan(ev.id) is not None
