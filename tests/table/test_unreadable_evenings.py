"""Evenings whose file does not read, as the service tells the screens: which ones the
leaderboard leaves out, why, and the damaged ones offered for a restore."""

from datetime import date
from pathlib import Path

from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def damaged_evening(folder: Path) -> str:
    service = TableService(folder)
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 3, 8))
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    (folder / "evenings" / f"{ev.id}.json").write_bytes(b"garbage")
    TableService(folder).evenings()  # another process finds it damaged and says so in the index
    return ev.id


def test_settings_offers_to_restore_an_evening_another_process_found_damaged(tmp_path):
    """A process that never read the damaged file itself (the index already says it is
    damaged) still lists it as damaged, so Settings › Data offers its restore."""
    evening_id = damaged_evening(tmp_path)
    fresh = TableService(tmp_path)
    assert fresh.problems() == []  # this process read nothing damaged
    (line,) = [f for f in fresh.stored_files() if f.evening_id == evening_id]
    assert line.damaged and line.backups


def test_left_out_and_the_history_list_give_the_reason(tmp_path):
    """``left_out`` and the history list's item carry the store's reason, and an evening of a
    date nobody could read is said to be left out of any period (it may be in it)."""
    evening_id = damaged_evening(tmp_path)
    service = TableService(tmp_path)
    (left,) = service.left_out()
    assert (left.evening_id, left.reason, left.date) == (
        evening_id,
        "corrupt-file",
        date(2024, 3, 8),
    )
    assert service.left_out(date(2025, 1, 1), None) == []
    (item,) = service.evening_items()
    assert item.unreadable and item.problem == "corrupt-file"
    # Never read before it broke: no date known, so left out of every period.
    (tmp_path / "evenings" / "e2.json").write_bytes(b"{")
    assert [e.evening_id for e in TableService(tmp_path).left_out(date(2025, 1, 1), None)] == ["e2"]


def test_an_evening_left_out_keeps_its_title(tmp_path):
    """Rule: an evening left out because its file broke is named by the title the index
    kept, so people know which evening to restore."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "pagat", day=date(2024, 3, 8), title="Chez Léa")
    (tmp_path / "evenings" / f"{ev.id}.json").write_bytes(b"garbage")
    TableService(tmp_path).evenings()  # the index now says it is damaged
    (left,) = TableService(tmp_path).left_out()
    assert (left.evening_id, left.title) == (ev.id, "Chez Léa")
