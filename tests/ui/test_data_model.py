"""The settings' data tools: exports into exports/, import (a wrong file changes nothing),
the backups list and restoring the latest good backup of a damaged file."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from companion.store import ImportFileError
from companion.table.service import TableService
from companion.ui.data_model import (
    backups_overview,
    export_backup,
    export_spreadsheets,
    import_backup,
    restore_latest,
)

NOW = datetime(2026, 11, 22, 20, 30, tzinfo=UTC)


def _seed(folder: Path) -> tuple[TableService, str]:
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    for order in (["Léa", "Tom", "Sam", "Zoé"], ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return service, ev.id


def test_exports_land_in_the_data_folder_with_their_bytes(tmp_path: Path) -> None:
    """A backup (JSON) and the two spreadsheets (rankings and hands, CSV) are written into the data
    folder's exports/, and each export carries the very bytes written there."""
    service, _ = _seed(tmp_path)
    (backup,) = export_backup(service, NOW)
    assert backup.path.parent == tmp_path / "exports" and backup.name.endswith(".json")
    assert json.loads(backup.data)["format"] and backup.data == backup.path.read_bytes()
    rankings, hands = export_spreadsheets(service, NOW)
    assert rankings.name.endswith("-rankings.csv") and hands.name.endswith("-hands.csv")
    assert rankings.path.parent == tmp_path / "exports"
    assert "Léa" in hands.data.decode("utf-8-sig")


def test_a_backup_imports_into_another_folder(tmp_path: Path) -> None:
    """A backup exported from one data folder imports into another with every evening, hand and
    player, after a safety copy of what that folder held."""
    service, eid = _seed(tmp_path / "a")
    (backup,) = export_backup(service, NOW)
    other = TableService(tmp_path / "b")
    summary = import_backup(other, backup.data, NOW)
    assert summary.evenings == 1 and summary.players == 4
    assert summary.safety_copy.exists()
    assert [e.id for e in other.evenings()] == [eid]
    assert len(other.history(eid).hands) == 2


@pytest.mark.parametrize(
    "data",
    [
        b"not json at all",
        b'{"format": "something else"}',
        json.dumps({"a": 1}).encode(),
        b"\xff\xfe",
    ],
)
def test_a_wrong_file_changes_nothing_and_says_why(tmp_path: Path, data: bytes) -> None:
    """A file that is not a backup (not JSON, not text, or JSON of another kind) is refused with a
    message in French and English and changes nothing, leaving no safety copy behind."""
    service, eid = _seed(tmp_path)
    before = sorted(p.name for p in (tmp_path / "evenings").iterdir())
    with pytest.raises(ImportFileError) as caught:
        import_backup(service, data, NOW)
    assert caught.value.message("fr") and caught.value.message("en")
    assert sorted(p.name for p in (tmp_path / "evenings").iterdir()) == before
    assert [e.id for e in service.evenings()] == [eid]
    assert not list((tmp_path / "exports").glob("*.json"))  # no safety copy left behind


def test_backups_are_listed_and_a_damaged_file_restored(tmp_path: Path) -> None:
    """Each evening's backups are listed under its title; a damaged evening file is listed first,
    marked damaged, and restoring puts its newest good backup back (the damaged file kept in
    corrupt/) so the evening reads again."""
    service, eid = _seed(tmp_path)
    lines = backups_overview(service)
    evening = next(line for line in lines if line.kind == "evening")
    assert evening.count >= 1 and evening.newest is not None and not evening.damaged
    assert "Chez Léa" in evening.label
    path = service.repo.evening_path(eid)
    path.write_text("{ damaged", "utf-8")
    reopened = TableService(tmp_path)
    first = backups_overview(reopened)[0]
    assert first.damaged and first.file == path
    used = restore_latest(reopened, path)
    assert used.exists() and (tmp_path / "corrupt").exists()
    assert not any(line.damaged for line in backups_overview(reopened))
    # It reads again, as it was at the backup (taken before the first hand was written).
    assert reopened.history(eid).title == "Chez Léa"


def test_no_backups_in_a_fresh_folder(tmp_path: Path) -> None:
    """A fresh data folder lists no backups."""
    assert backups_overview(TableService(tmp_path)) == []


def test_backups_list_evenings_newest_first_after_damaged_files(tmp_path: Path) -> None:
    """Rule: the list reads as the evenings it names: damaged files first, then evenings by
    their date, newest first, then the other files (players, the index)."""
    service = TableService(tmp_path)
    for day in (date(2026, 11, 13), date(2026, 11, 27), date(2026, 11, 20)):
        ev = service.create_evening(["Léa", "Tom", "Sam"], "classique", day=day)
        service.record_hand(ev.id, ["Léa", "Tom", "Sam"], expected_version=ev.version)
    lines = backups_overview(service)
    evenings = [line.day for line in lines if line.kind == "evening"]
    assert evenings == [date(2026, 11, 27), date(2026, 11, 20), date(2026, 11, 13)]
    kinds = [line.kind for line in lines]
    assert kinds == sorted(kinds, key=lambda k: k != "evening")
