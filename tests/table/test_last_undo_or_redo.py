"""What the other phones are told after an undo or a redo: ``last_undo_or_redo`` names the
change the log's last entry took back or made again, as the table counts hands now."""

from __future__ import annotations

from pathlib import Path

from companion.table.service import TableService
from companion.table.undo_log import Change, last_undo_or_redo

FOUR = ["Léa", "Tom", "Sam", "Zoé"]


def _two_hands(folder: Path) -> tuple[TableService, str]:
    service = TableService(folder)
    ev = service.create_evening(FOUR, "classique")
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    service.record_hand(ev.id, FOUR[::-1], expected_version=ev.version)
    return service, ev.id


def test_nothing_to_tell_after_an_ordinary_change(tmp_path: Path) -> None:
    """A recorded hand is no undo nor redo: nothing is told."""
    service, eid = _two_hands(tmp_path)
    assert last_undo_or_redo(service.evening(eid)) is None


def test_an_undone_hand_is_named_by_its_number(tmp_path: Path) -> None:
    """Undoing the recording of hand 2 is told as that, though hand 2 is gone."""
    service, eid = _two_hands(tmp_path)
    ev = service.undo(eid, expected_version=service.evening(eid).version)
    assert last_undo_or_redo(ev) == ("undo", Change("record", hand=2))


def test_a_redone_hand_is_named_by_its_number(tmp_path: Path) -> None:
    """Redoing it is told with the same words."""
    service, eid = _two_hands(tmp_path)
    ev = service.undo(eid, expected_version=service.evening(eid).version)
    ev = service.redo(eid, expected_version=ev.version)
    assert last_undo_or_redo(ev) == ("redo", Change("record", hand=2))


def test_an_undone_deletion_names_the_hand_that_came_back(tmp_path: Path) -> None:
    """Undoing the deletion of hand 1 brings back hand 1, and says so."""
    service, eid = _two_hands(tmp_path)
    ev = service.delete_hand(eid, 1, expected_version=service.evening(eid).version)
    ev = service.undo(eid, expected_version=ev.version)
    assert last_undo_or_redo(ev) == ("undo", Change("delete", hand=1))
