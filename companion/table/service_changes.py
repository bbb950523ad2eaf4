"""The changes of ``TableService`` to an evening: hands recorded, corrected and deleted,
players joining and leaving, roles drawn, the end, undo and redo. Each names the version
it was made from, is replayed whole before it is written, and is logged with what undoing
it needs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from companion.store.validation_words import validation_words
from companion.table import undo_log
from companion.table.evening import (
    PLAYER_FIELDS,
    Evening,
    EveningEndedError,
    EveningError,
    Event,
    HandStep,
    JoinStep,
    LeaveStep,
    LogEntry,
    PlayerProfile,
    RankStep,
    UnknownPlayerError,
    derive,
)
from companion.table.roster import check_players
from companion.table.service_errors import (
    DuplicateHandError,
    UnknownHandError,
    VersionConflictError,
)
from companion.table.service_evenings import ServiceEvenings
from companion.table.service_players import PlayerRef
from companion.table.text_limits import text_problem
from companion.words import Message

EventInput = Event | Mapping[str, Any]  # a model, or e.g. {"kind": "putsch", "player": "Bob"}
_EVENT: TypeAdapter[Any] = TypeAdapter(Event)


class ServiceChanges(ServiceEvenings):
    """Changes to an evening (see the module docstring)."""

    def _change(
        self,
        evening_id: str,
        expected_version: int,
        build: Callable[[Evening], tuple[Evening, dict[str, Any]]],
        *,
        key: str | None = None,
        open_only: bool = False,
    ) -> Evening:
        """Check the version, apply ``build`` (new inputs + log fields), replay, save."""
        with self._lock, self.repo.locked():  # no other process writes in between
            current = self._load(evening_id)
            if key is not None:
                for hand in current.hands:
                    if hand.key == key:
                        assert hand.result is not None
                        raise DuplicateHandError(current, hand.result.number)
            if expected_version != current.version:
                raise VersionConflictError(current, expected_version)
            if open_only and current.ended:
                raise EveningEndedError(Message.of("table.error.evening_ended"))
            changed, log = build(current)
            version = current.version + 1
            entry = LogEntry(version=version, **log)
            # ``changed.log`` is the current log, except after undo or redo (which mark an entry).
            evening = derive(
                changed.model_copy(update={"version": version, "log": (*changed.log, entry)})
            )
            self._save(evening)
            return evening

    def record_hand(
        self,
        evening_id: str,
        order: Sequence[PlayerRef] | str,
        *,
        expected_version: int,
        events: Sequence[EventInput] = (),
        cards_left: Mapping[PlayerRef, int] | None = None,
        none_played: Sequence[PlayerRef] = (),
        key: str | None = None,
    ) -> Evening:
        """Record a hand: its finishing order (first out first; ids or names) and events.
        ``key``: an idempotency key, so a retried request is refused as a duplicate.
        Returns the evening; ``next_plan`` is the plan of the next hand."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = HandStep(key=key, **_hand_inputs(ev, order, events, cards_left, none_played))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "record", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, key=key, open_only=True)

    def edit_hand(
        self,
        evening_id: str,
        hand: str | int,
        *,
        expected_version: int,
        order: Sequence[PlayerRef] | str | None = None,
        events: Sequence[EventInput] | None = None,
        cards_left: Mapping[PlayerRef, int] | None = None,
        none_played: Sequence[PlayerRef] | None = None,
    ) -> Evening:
        """Correct a past hand (by id or 1-based number); every later hand is replayed.
        Omitted fields keep their recorded value."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            i, old = _find_hand(ev, hand)
            given = _hand_inputs(
                ev,
                old.order if order is None else order,
                old.events if events is None else events,
                old.cards_left if cards_left is None else cards_left,
                old.none_played if none_played is None else none_played,
            )
            new = old.model_copy(update={**given, "result": None})
            steps = list(ev.steps)
            steps[i] = new
            return (
                ev.model_copy(update={"steps": tuple(steps)}),
                {"action": "edit", "step_id": old.id, "position": i, "step": old.inputs()},
            )

        return self._change(evening_id, expected_version, build)

    def delete_hand(self, evening_id: str, hand: str | int, *, expected_version: int) -> Evening:
        """Delete a past hand; it stays in the log and ``undo`` restores it."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            i, old = _find_hand(ev, hand)
            steps = ev.steps[:i] + ev.steps[i + 1 :]
            return (
                ev.model_copy(update={"steps": steps}),
                {"action": "delete", "step_id": old.id, "position": i, "step": old.inputs()},
            )

        return self._change(evening_id, expected_version, build)

    def join(self, evening_id: str, player: PlayerRef, *, expected_version: int) -> Evening:
        """S11: a player (profile id, name, or a new name) joins at the bottom."""
        new: list[PlayerProfile] = []

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            profile = _in_evening(ev, player)
            players = ev.players
            if profile is None:
                found, created = self._resolve_profiles([player])
                profile = found[0]
                new.extend(created)
                players = (*players, profile)
                check_players([p.name for p in players])
            step = JoinStep(player=profile.id)
            return (
                ev.model_copy(update={"players": players, "steps": (*ev.steps, step)}),
                {"action": "join", "step_id": step.id, "step": step},
            )

        with self._lock, self.repo.locked():
            evening = self._change(evening_id, expected_version, build, open_only=True)
            if new:
                self.repo.save_players([*self.repo.get_players(), *new])
            return evening

    def leave(self, evening_id: str, player: PlayerRef, *, expected_version: int) -> Evening:
        """S11: a player leaves; those below him move up."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = LeaveStep(player=_player_id(ev, player))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "leave", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, open_only=True)

    def set_ranking(
        self, evening_id: str, ranking: Sequence[PlayerRef], *, expected_version: int
    ) -> Evening:
        """S2: the roles drawn before the first hand (best first)."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            step = RankStep(ranking=tuple(_player_id(ev, p) for p in ranking))
            return (
                ev.model_copy(update={"steps": (*ev.steps, step)}),
                {"action": "rank", "step_id": step.id, "step": step},
            )

        return self._change(evening_id, expected_version, build, open_only=True)

    def close(self, evening_id: str, *, expected_version: int) -> Evening:
        """The table stops (an open evening, or before its target): the evening ends."""

        def build(ev: Evening) -> tuple[Evening, dict[str, Any]]:
            return ev.model_copy(update={"closed": True}), {"action": "close"}

        return self._change(evening_id, expected_version, build, open_only=True)

    def undo(self, evening_id: str, *, expected_version: int) -> Evening:
        """Undo the last change not yet undone (record, edit, delete, join, leave, drawn
        ranking, close). The undone entry stays in the log, marked ``undone_at``."""
        return self._change(evening_id, expected_version, undo_log.undo)

    def redo(self, evening_id: str, *, expected_version: int) -> Evening:
        """Make again the change undone last, if nothing new was entered since; raises
        ``NothingToRedoError`` otherwise. The log keeps both the undo and the redo."""
        return self._change(evening_id, expected_version, undo_log.redo)


def _in_evening(ev: Evening, ref: PlayerRef) -> PlayerProfile | None:
    key = ref.id if isinstance(ref, PlayerProfile) else ref.strip()
    for p in ev.players:
        if p.id == key or p.name.casefold() == key.casefold():
            return p
    return None


def _player_id(ev: Evening, ref: PlayerRef) -> str:
    profile = _in_evening(ev, ref)
    if profile is None:
        text = ref.name if isinstance(ref, PlayerProfile) else ref
        raise UnknownPlayerError(Message.of("table.error.unknown_tonight", name=text), player=text)
    return profile.id


def _events(ev: Evening, events: Sequence[EventInput]) -> tuple[Any, ...]:
    out = []
    for item in events:
        data = item.model_dump() if hasattr(item, "model_dump") else dict(item)
        for attr in PLAYER_FIELDS:
            if data.get(attr) is not None:
                data[attr] = _player_id(ev, data[attr])
        note = data.get("note")
        problem = text_problem("note", note) if isinstance(note, str) else None
        if problem is not None:
            raise problem
        try:
            out.append(_EVENT.validate_python(data))
        except ValidationError as exc:
            raise EveningError(
                Message.of("table.error.bad_event", detail=validation_words(exc)),
                code="bad-event",
            ) from None
    return tuple(out)


def _hand_inputs(
    ev: Evening,
    order: Sequence[PlayerRef] | str,
    events: Sequence[EventInput],
    cards_left: Mapping[Any, int] | None,
    none_played: Sequence[PlayerRef],
) -> dict[str, Any]:
    if isinstance(order, str):  # "Ann, Bob, Cat": a name may hold spaces, never a comma
        order = [name for name in order.split(",") if name.strip()]
    return {
        "order": tuple(_player_id(ev, p) for p in order),
        "events": _events(ev, events),
        "cards_left": None
        if cards_left is None
        else {_player_id(ev, p): int(v) for p, v in cards_left.items()},
        "none_played": tuple(_player_id(ev, p) for p in none_played),
    }


def _find_hand(ev: Evening, hand: str | int) -> tuple[int, HandStep]:
    number = 0
    for i, step in enumerate(ev.steps):
        if isinstance(step, HandStep):
            number += 1
            if step.id == hand or (isinstance(hand, int) and number == hand):
                return i, step
    raise UnknownHandError(Message.of("table.error.unknown_hand", hand=hand))
