"""Undo and redo over the log (companion/table/undo_log.py), one rule per test."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.evening_errors import NothingToUndoError
from companion.table.service import TableService
from companion.table.undo_log import Change, last_undo_or_redo, next_redo, next_undo

FOUR = ["Léa", "Tom", "Sam", "Zoé"]


def _hands(folder: Path, count: int) -> tuple[TableService, str]:
    service = TableService(folder)
    ev = service.create_evening(FOUR, "classique")
    for i in range(count):
        order = FOUR if i % 2 == 0 else FOUR[::-1]
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return service, ev.id


def test_nothing_to_undo_is_said_in_both_languages(tmp_path: Path) -> None:
    """Undo on an evening with nothing entered is refused with a plain sentence."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "classique")
    with pytest.raises(NothingToUndoError) as info:
        service.undo(ev.id, expected_version=ev.version)
    assert info.value.message("fr") == "Rien à annuler."
    assert info.value.message("en") == "Nothing to undo."


def test_a_fresh_evening_tells_no_undo_nor_redo(tmp_path: Path) -> None:
    """An evening with nothing logged has no undo or redo to tell."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "classique")
    assert last_undo_or_redo(ev) is None


def test_undoing_the_deletion_of_the_second_hand_names_hand_two(tmp_path: Path) -> None:
    """The hand that comes back is named by its place: hand 2, not hand 1."""
    service, eid = _hands(tmp_path, 3)
    ev = service.delete_hand(eid, 2, expected_version=service.evening(eid).version)
    ev = service.undo(eid, expected_version=ev.version)
    assert last_undo_or_redo(ev) == ("undo", Change("delete", hand=2))


def test_a_redone_deletion_names_the_hand_that_went_again(tmp_path: Path) -> None:
    """Redoing the deletion of hand 2 is told as the deletion of hand 2, though it is gone."""
    service, eid = _hands(tmp_path, 3)
    ev = service.delete_hand(eid, 2, expected_version=service.evening(eid).version)
    ev = service.undo(eid, expected_version=ev.version)
    ev = service.redo(eid, expected_version=ev.version)
    assert last_undo_or_redo(ev) == ("redo", Change("delete", hand=2))
    assert last_undo_or_redo(ev)[1].words("en") == "deletion of hand 2"


def test_the_undo_button_names_a_deleted_first_hand(tmp_path: Path) -> None:
    """After deleting hand 1, undo would bring back hand 1."""
    service, eid = _hands(tmp_path, 2)
    ev = service.delete_hand(eid, 1, expected_version=service.evening(eid).version)
    assert next_undo(ev) == Change("delete", hand=1)
    assert next_undo(ev).words("fr") == "suppression de la donne 1"


def test_the_undo_button_names_the_end_of_the_evening(tmp_path: Path) -> None:
    """After the table closes the evening, undo would reopen it, and says so."""
    service, eid = _hands(tmp_path, 1)
    ev = service.close(eid, expected_version=service.evening(eid).version)
    assert next_undo(ev) == Change("close")
    assert next_undo(ev).words("en") == "ending the evening"


def test_the_redo_button_names_the_drawn_roles(tmp_path: Path) -> None:
    """After undoing the drawn first roles, redo would draw them again, and says so."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "classique")
    ev = service.set_ranking(ev.id, FOUR[::-1], expected_version=ev.version)
    assert next_undo(ev) == Change("rank")
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("rank")
    assert next_redo(ev).words("fr") == "premiers rôles tirés"


def test_a_redone_join_names_the_player(tmp_path: Path) -> None:
    """Redoing an undone arrival names the player who came, by name."""
    service = TableService(tmp_path)
    ev = service.create_evening(FOUR, "pagat")
    ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    ev = service.join(ev.id, "Ana", expected_version=ev.version)
    eid = ev.id
    ev = service.undo(eid, expected_version=ev.version)
    assert next_redo(ev) == Change("join", player="Ana")
