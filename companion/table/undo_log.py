"""Undo and redo over an evening's log, as plain functions of the evening.

Undo reverses the last change not yet undone; redo re-applies the change undone last, as
long as nothing new was entered since (a new change starts a new line of history, as in any
editor). Nothing is ever removed from the log: undo marks the entry ``undone_at`` and logs
an ``undo`` entry naming it; redo clears the mark and logs a ``redo`` entry naming it.

``next_undo`` / ``next_redo`` say what a tap would touch (``Change``), so a button can say
it in words before anyone taps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from companion.table.evening_errors import NothingToRedoError, NothingToUndoError
from companion.table.evening_models import Evening, HandStep, LogEntry, Step, now
from companion.words import Message

# The changes undo and redo reverse; the two others only point at one of these.
ChangeAction = Literal["record", "edit", "delete", "join", "leave", "rank", "close"]
_MARKERS = ("undo", "redo")


@dataclass(frozen=True)
class Change:
    """One change of the log as people name it: what it did, to which hand (1-based, as
    the table counts them) or which player."""

    action: ChangeAction
    hand: int | None = None
    player: str | None = None

    def words(self, lang: str) -> str:
        """The change in a few words ("correction de la donne 2"), in ``lang``."""
        return self.message().render(lang)

    def message(self) -> Message:
        """The change's words as data (``table.change.*``)."""
        if self.hand is None and self.action in ("record", "edit", "delete"):
            return Message.of(f"table.change.{self.action}.unnumbered")
        return Message.of(f"table.change.{self.action}", hand=self.hand, player=self.player)

    def as_json(self, lang: str) -> dict[str, Any]:
        return {
            "action": self.action,
            "hand": self.hand,
            "player": self.player,
            "text": self.words(lang),
        }


def undoable(ev: Evening) -> LogEntry | None:
    """The entry undo would reverse: the last change not undone (redone ones count)."""
    return next((e for e in reversed(ev.log) if e.undone_at is None and _is_change(e)), None)


def redoable(ev: Evening) -> tuple[LogEntry, LogEntry] | None:
    """``(change, its undo)`` redo would re-apply: the change undone last, provided only
    undos and redos were logged since. An edit undone by an older version of the app kept
    no copy of the correction, so it cannot be redone."""
    by_id = {e.id: e for e in ev.log}
    for entry in reversed(ev.log):
        if _is_change(entry):
            return None
        if entry.action == "undo" and entry.step_id is not None:
            target = by_id.get(entry.step_id)
            if target is not None and target.undone_at is not None:
                if target.action == "edit" and entry.step is None:
                    return None
                return target, entry
    return None


def next_undo(ev: Evening) -> Change | None:
    entry = undoable(ev)
    if entry is None:
        return None
    if entry.action == "delete":  # the hand comes back at the place it had
        return Change("delete", hand=_hands_before(ev.steps, entry.position or 0) + 1)
    return _change(ev, entry, appended=False)


def next_redo(ev: Evening) -> Change | None:
    pair = redoable(ev)
    return None if pair is None else _change(ev, pair[0], appended=True)


def undo(ev: Evening) -> tuple[Evening, dict[str, Any]]:
    """The evening with its last change reversed, and the fields of the ``undo`` entry to
    log (for an edit, it keeps the correction, so that redo can put it back)."""
    entry = undoable(ev)
    if entry is None:
        raise NothingToUndoError(Message.of("table.error.nothing_to_undo"))
    steps = list(ev.steps)
    closed = ev.closed
    replaced: Step | None = None
    if entry.action == "close":
        closed = False
    elif entry.action == "delete":
        assert entry.step is not None and entry.position is not None
        steps.insert(entry.position, entry.step)
    else:
        at = _index(steps, entry.step_id)
        if entry.action == "edit":
            assert entry.step is not None
            replaced = _inputs(steps[at])
            steps[at] = entry.step
        else:
            del steps[at]
    log = _marked(ev.log, entry.id, undone=True)
    return (
        ev.model_copy(update={"steps": tuple(steps), "closed": closed, "log": log}),
        {"action": "undo", "step_id": entry.id, "step": replaced},
    )


def redo(ev: Evening) -> tuple[Evening, dict[str, Any]]:
    """The evening with the change undone last made again, and the ``redo`` entry's fields.
    Redo follows undo exactly in reverse, so the evening is as it was just before that
    change: an added step goes back at the end."""
    pair = redoable(ev)
    if pair is None:
        raise NothingToRedoError(Message.of("table.error.nothing_to_redo"))
    entry, undone_by = pair
    steps = list(ev.steps)
    closed = ev.closed
    if entry.action == "close":
        closed = True
    elif entry.action == "delete":
        del steps[_index(steps, entry.step_id)]
    elif entry.action == "edit":
        assert undone_by.step is not None
        steps[_index(steps, entry.step_id)] = undone_by.step
    else:
        assert entry.step is not None
        steps.append(entry.step)
    log = _marked(ev.log, entry.id, undone=False)
    return (
        ev.model_copy(update={"steps": tuple(steps), "closed": closed, "log": log}),
        {"action": "redo", "step_id": entry.id},
    )


def last_undo_or_redo(ev: Evening) -> tuple[Literal["undo", "redo"], Change] | None:
    """What the log's last entry did when it is an undo or a redo: the change it took back
    or made again, named as the table counts now (what the other phones are told)."""
    if not ev.log or _is_change(ev.log[-1]):
        return None
    marker = ev.log[-1]
    target = next((e for e in ev.log if e.id == marker.step_id), None)
    if target is None:
        return None
    kind: Literal["undo", "redo"] = "undo" if marker.action == "undo" else "redo"
    if target.action == "delete":  # the hand's place, whether it came back or went again
        return kind, Change("delete", hand=_hands_before(ev.steps, target.position or 0) + 1)
    return kind, _change(ev, target, appended=kind == "undo")


# ---------------------------------------------------------------------- helpers


def _is_change(entry: LogEntry) -> bool:
    return entry.action not in _MARKERS


def _index(steps: list[Step], step_id: str | None) -> int:
    return next(i for i, s in enumerate(steps) if s.id == step_id)


def _inputs(step: Step) -> Step:
    return step.inputs() if isinstance(step, HandStep) else step


def _hands_before(steps: tuple[Step, ...] | list[Step], position: int) -> int:
    return sum(isinstance(s, HandStep) for s in steps[:position])


def _marked(log: tuple[LogEntry, ...], entry_id: str, *, undone: bool) -> tuple[LogEntry, ...]:
    mark = now() if undone else None
    return tuple(e.model_copy(update={"undone_at": mark}) if e.id == entry_id else e for e in log)


def _change(ev: Evening, entry: LogEntry, *, appended: bool) -> Change:
    """``entry`` named for people. ``appended``: its step is not in the evening yet and
    would go at the end (a redo of a record, join, leave or drawn ranking)."""
    action = cast(ChangeAction, entry.action)  # never undo/redo: those only point at one
    step = entry.step
    if action in ("join", "leave") and step is not None and hasattr(step, "player"):
        names = ev.names()
        return Change(action, player=names.get(step.player, step.player))
    if action in ("record", "edit", "delete"):
        if appended and action == "record":
            return Change(action, hand=len(ev.hands) + 1)
        found = [i for i, s in enumerate(ev.steps) if s.id == entry.step_id]
        hand = _hands_before(ev.steps, found[0]) + 1 if found else None
        return Change(action, hand=hand)
    return Change(action)
