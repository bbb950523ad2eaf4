"""This phone's taps for the hand, kept in its own storage until the hand is recorded: a
restart of the server, a dropped connection or a reloaded tab gives them back (issue 21 §1).

The taps live in Flet's shared preferences (the browser's localStorage for this address),
one entry per evening, written after each change and removed once the hand is recorded or
the taps cleared. What comes back is checked as any input: a damaged or foreign value is
ignored, and names no longer at the table are dropped. Taps made for another hand than the
one to play come back stale, and the evening screen asks what to do with them, as when
another phone recorded meanwhile.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from typing import Any, cast

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from companion.ui.entry_box import EntryBox
from companion.ui.key_memory import phone_prefs
from companion.ui.table_model import HandEntry, Marked

PREFIX = "companion.taps."
_MAX_ITEMS = 64  # more names or events than any table has: not ours
_MAX_TEXT = 200
_log = logging.getLogger(__name__)


def taps_data(entry: HandEntry) -> dict[str, Any]:
    """The taps as plain JSON data (``taps_entry`` reads it back).

    >>> e = HandEntry(hand=2, order=("Léa", "Tom"), events=(Marked("bluff", "Tom"),))
    >>> taps_entry(json.loads(json.dumps(taps_data(e)))) == e
    True
    """
    return {
        "hand": entry.hand,
        "ticks": sorted(entry.ticks),
        "order": list(entry.order),
        "events": [list(e) for e in entry.events],
        "pending": entry.pending,
        "pending_player": entry.pending_player,
        "cards": [list(c) for c in entry.cards],
        "none_played": sorted(entry.none_played),
        "picking": entry.picking,
    }


def taps_entry(data: object) -> HandEntry | None:
    """The taps ``taps_data`` wrote, or None when ``data`` is not that (damaged, edited,
    written by another version).

    >>> taps_entry({"hand": "2"}) is None
    True
    """
    try:
        if not isinstance(data, dict):
            return None
        hand = data["hand"]
        if not isinstance(hand, int) or isinstance(hand, bool) or not 0 <= hand < 100_000:
            return None
        events = tuple(_event(e) for e in _items(data["events"]))
        return HandEntry(
            hand=hand,
            ticks=frozenset(_number(i) for i in _items(data["ticks"])),
            order=tuple(_text(n) for n in _items(data["order"])),
            events=events,
            pending=_maybe_text(data["pending"]),
            pending_player=_maybe_text(data["pending_player"]),
            cards=tuple(_count(c) for c in _items(data["cards"])),
            none_played=frozenset(_text(n) for n in _items(data["none_played"])),
            picking=_maybe_text(data["picking"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _items(value: object) -> list[Any]:
    if not isinstance(value, list) or len(value) > _MAX_ITEMS:
        raise ValueError("not a list of taps")
    return value


def _text(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT:
        raise ValueError("not a name")
    return value


def _maybe_text(value: object) -> str | None:
    return None if value is None else _text(value)


def _number(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1_000:
        raise ValueError("not a count")
    return value


def _event(value: object) -> Marked:
    kind, player, victim = _items(value)
    return Marked(_text(kind), _maybe_text(player), _maybe_text(victim))


def _count(value: object) -> tuple[str, int]:
    name, cards = _items(value)
    return _text(name), _number(cards)


def at_this_table(entry: HandEntry, players: tuple[str, ...]) -> HandEntry:
    """Taps given back, without the players no longer at the table (the ticks kept)."""
    named = {*entry.order, *entry.none_played, *(n for n, _ in entry.cards)}
    named |= {n for e in entry.events for n in (e.player, e.victim) if n is not None}
    named |= {n for n in (entry.pending_player, entry.picking) if n is not None}
    if named <= set(players):
        return entry
    return replace(entry.moved_to(entry.hand, players), ticks=entry.ticks)


async def remember(page: ft.Page, evening_id: str, entry: HandEntry) -> None:
    """Keep the taps for this evening in the phone (nothing to keep: forget them)."""
    try:
        if entry.has_taps or entry.ticks:
            await phone_prefs(page).set(PREFIX + evening_id, json.dumps(taps_data(entry)))
        else:
            await phone_prefs(page).remove(PREFIX + evening_id)
    except (RuntimeError, TimeoutError) as err:  # the phone did not answer: taps on screen
        _log.debug("taps memory: %s", type(err).__name__)


async def recall(page: ft.Page, evening_id: str) -> HandEntry | None:
    """The taps this phone kept for this evening, if any."""
    try:
        stored = await phone_prefs(page).get(PREFIX + evening_id)
    except (RuntimeError, TimeoutError) as err:
        _log.debug("taps memory: %s", type(err).__name__)
        return None
    if not isinstance(stored, str):
        return None
    try:
        return taps_entry(json.loads(stored))
    except ValueError:
        return None


class Keeper:
    """Writes the box's taps to the phone after each change, one write at a time: taps
    faster than the phone answers are written once, as they stand at the end."""

    def __init__(self, page: ft.Page, evening_id: str, box: EntryBox) -> None:
        self.page, self.evening_id, self.box = page, evening_id, box
        self.dirty = self.running = False
        # The box holds its listeners weakly: the keeper holds this one (and is held by
        # the screen's ref).
        self._listener = self.changed
        self.stop = box.subscribe(self._listener)

    def changed(self, _sender: object = None, _field: str | None = None) -> None:
        self.dirty = True
        if not self.running:
            self.running = True
            self.page.run_task(self._flush)

    async def _flush(self) -> None:
        try:
            while self.dirty:
                self.dirty = False
                await remember(self.page, self.evening_id, self.box.entry)
        finally:
            self.running = False


def use_taps_memory(evening_id: str | None, box: EntryBox, editor: bool) -> None:
    """Keep ``box``'s taps in the phone while this screen shows ``evening_id`` (a phone with
    the key: the others tap nothing). Call on every render."""
    page = ft.context.page
    held: MutableRef[Keeper | None] = ft.use_ref(cast(Keeper | None, None))

    def follow() -> None:
        # Not a cleanup returned by the effect: Flet forgets it at the next render.
        if held.current is not None:
            held.current.stop()
            held.current = None
        if evening_id is not None and editor:
            held.current = Keeper(page, evening_id, box)

    ft.use_effect(follow, [evening_id, editor])
