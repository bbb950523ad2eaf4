"""Undo and redo: redo makes again exactly what undo took back, in reverse order, only while
nothing new was entered; the log keeps every step of it; and what a tap would touch is known
before the tap (``next_undo`` / ``next_redo``)."""

from datetime import date

import pytest

from companion.table.evening import Evening
from companion.table.service import (
    NothingToRedoError,
    NothingToUndoError,
    TableService,
    VersionConflictError,
)
from companion.table.undo_log import Change, next_redo, next_undo

DAY = date(2024, 3, 1)
FOUR = ["Ann", "Bob", "Cat", "Dan"]


def record(service, ev, order) -> Evening:
    return service.record_hand(ev.id, order.split(), expected_version=ev.version)


def state(ev: Evening) -> tuple:
    """What people see of an evening: its steps, whether it was stopped, and the scores."""
    return ev.steps, ev.closed, ev.totals, ev.next_plan


def test_redo_puts_back_each_kind_of_change_exactly(service):
    """Every change undone (record, join, leave, edit, delete, close) is made again by redo,
    in reverse order of the undos, giving each state the evening had."""
    ev = service.create_evening(FOUR, "pagat", day=DAY)
    states = [ev]
    ev = record(service, ev, "Cat Ann Dan Bob")
    states.append(ev)
    ev = record(service, ev, "Ann Cat Bob Dan")
    states.append(ev)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    states.append(ev)
    ev = service.leave(ev.id, "Bob", expected_version=ev.version)
    states.append(ev)
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Ann", "Cat", "Bob"], expected_version=ev.version
    )
    states.append(ev)
    ev = service.delete_hand(ev.id, 2, expected_version=ev.version)
    states.append(ev)
    ev = service.close(ev.id, expected_version=ev.version)
    states.append(ev)
    for _ in range(len(states) - 1):
        ev = service.undo(ev.id, expected_version=ev.version)
    assert state(ev) == state(states[0])
    for expected in states[1:]:
        ev = service.redo(ev.id, expected_version=ev.version)
        assert state(ev) == state(expected)
    with pytest.raises(NothingToRedoError):
        service.redo(ev.id, expected_version=ev.version)


def test_redo_of_a_correction_puts_the_correction_back(service):
    """Correct hand 2, undo, redo: hand 2 has the corrected order again, and every later
    hand is recomputed from it."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in ("Ann Bob Cat Dan", "Bob Ann Dan Cat", "Cat Dan Ann Bob"):
        ev = record(service, ev, order)
    corrected = service.edit_hand(
        ev.id, 2, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    ev = service.undo(corrected.id, expected_version=corrected.version)
    assert [ev.name(p) for p in ev.hands[1].order] == ["Bob", "Ann", "Dan", "Cat"]
    ev = service.redo(ev.id, expected_version=ev.version)
    assert [ev.name(p) for p in ev.hands[1].order] == ["Dan", "Cat", "Bob", "Ann"]
    assert state(ev) == state(corrected)


def test_a_new_change_after_undo_clears_redo(service):
    """Undo, then record a different hand: the undone hand is no longer offered to redo
    (it would replay on top of a history it was not made in)."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("record", hand=1)
    ev = record(service, ev, "Dan Cat Bob Ann")
    assert next_redo(ev) is None
    with pytest.raises(NothingToRedoError) as raised:
        service.redo(ev.id, expected_version=ev.version)
    assert raised.value.message("en") == "Nothing to redo."
    assert raised.value.message("fr") == "Rien à rétablir."


def test_undo_after_redo_undoes_the_redone_change(service):
    """Undo, redo, undo: the second undo takes back the same change again, not the one
    before it."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = record(service, ev, "Bob Ann Dan Cat")
    ev = service.undo(ev.id, expected_version=ev.version)
    ev = service.redo(ev.id, expected_version=ev.version)
    assert next_undo(ev) == Change("record", hand=2)
    ev = service.undo(ev.id, expected_version=ev.version)
    assert len(ev.hands) == 1
    ev = service.undo(ev.id, expected_version=ev.version)
    assert ev.hands == []
    with pytest.raises(NothingToUndoError):
        service.undo(ev.id, expected_version=ev.version)


def test_redo_redoes_the_last_undo_first(service):
    """Two undos, two redos: hand 1 comes back first, then hand 2, as they were."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    two = record(service, ev, "Bob Ann Dan Cat")
    ev = service.undo(two.id, expected_version=two.version)
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("record", hand=1)
    ev = service.redo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("record", hand=2)
    ev = service.redo(ev.id, expected_version=ev.version)
    assert state(ev) == state(two)


def test_the_log_keeps_every_undo_and_redo(service):
    """Nothing is dropped: the log holds the record, the undo and the redo, each naming
    the record; the record is no longer marked undone."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = service.undo(ev.id, expected_version=ev.version)
    ev = service.redo(ev.id, expected_version=ev.version)
    assert [e.action for e in ev.log] == ["record", "undo", "redo"]
    assert ev.log[1].step_id == ev.log[0].id == ev.log[2].step_id
    assert ev.log[0].undone_at is None


def test_redo_names_the_version_it_was_made_from(service):
    """Redo from an old version is refused like any other change, and changes nothing."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    undone = service.undo(ev.id, expected_version=ev.version)
    with pytest.raises(VersionConflictError):
        service.redo(ev.id, expected_version=ev.version)
    assert service.evening(ev.id).version == undone.version


def test_redo_survives_a_reload(service, tmp_path):
    """The redo line is in the stored log: another process (a new service) can redo."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = service.undo(ev.id, expected_version=ev.version)
    other = TableService(tmp_path / "data")
    again = other.redo(ev.id, expected_version=ev.version)
    assert len(again.hands) == 1 and [again.name(p) for p in again.hands[0].order] == FOUR


def test_next_undo_names_the_correction_then_the_last_hand(service):
    """The reported trap: correct hand 2 after hand 4 was recorded. The first undo is the
    correction of hand 2, the second the recording of hand 4, and each says so first."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in ("Ann Bob Cat Dan", "Bob Ann Dan Cat", "Cat Dan Ann Bob", "Dan Ann Bob Cat"):
        ev = record(service, ev, order)
    ev = service.edit_hand(
        ev.id, 2, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    assert next_undo(ev) == Change("edit", hand=2)
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("edit", hand=2)
    assert next_undo(ev) == Change("record", hand=4)


def test_next_undo_of_a_delete_names_the_hand_it_brings_back(service):
    """After a hand is deleted, the next undo is announced as that deletion, naming the hand; once
    undone, the next redo names the same deletion."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    for order in ("Ann Bob Cat Dan", "Bob Ann Dan Cat", "Cat Dan Ann Bob"):
        ev = record(service, ev, order)
    ev = service.delete_hand(ev.id, 2, expected_version=ev.version)
    assert next_undo(ev) == Change("delete", hand=2)
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("delete", hand=2)


def test_next_undo_names_who_joined_or_left(service):
    """The next undo of a join or a leave names the player who joined or left, and the redo of an
    undone leave names him too."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    assert next_undo(ev) == Change("join", player="Eve")
    ev = service.leave(ev.id, "Bob", expected_version=ev.version)
    assert next_undo(ev) == Change("leave", player="Bob")
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("leave", player="Bob")


def test_nothing_to_undo_or_redo_on_a_new_evening(service):
    """A new evening offers nothing to undo or redo, and a redo on it is refused."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    assert next_undo(ev) is None and next_redo(ev) is None
    with pytest.raises(NothingToRedoError):
        service.redo(ev.id, expected_version=ev.version)


def test_an_old_undo_of_a_correction_is_not_offered_to_redo(service):
    """An edit undone by an older app kept no copy of the correction: redo is not offered
    rather than putting back something wrong."""
    ev = service.create_evening(FOUR, "trou-du-cul", day=DAY)
    ev = record(service, ev, "Ann Bob Cat Dan")
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    ev = service.undo(ev.id, expected_version=ev.version)
    assert next_redo(ev) == Change("edit", hand=1)
    old = ev.model_copy(
        update={"log": (*ev.log[:-1], ev.log[-1].model_copy(update={"step": None}))}
    )
    assert next_redo(old) is None
