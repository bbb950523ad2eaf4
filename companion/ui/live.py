"""One evening shown on several phones: a change saved on one reloads it on the others
(Flet's pub/sub, one topic per evening), a new evening is announced to the phones on an
evening screen, and the one way an evening screen saves a change. Changes made by another
process reach the same topics through ``folder_watch``."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Protocol

import flet as ft

from companion.errors import CompanionError
from companion.table.evening import Evening
from companion.table.service import DuplicateHandError, TableService, VersionConflictError
from companion.ui.evenings import call
from companion.ui.text_input import read_latest
from companion.words import t


class _Versioned(Protocol):
    @property
    def version(self) -> int: ...


def topic(evening_id: str) -> str:
    return f"evening:{evening_id}"


# Something that may change tonight's evening (one started, changed or ended): the home
# screens look again, to offer "Continue" or not.
TONIGHT = "evenings:tonight"


def publish(evening: Evening) -> None:
    """Tell the other phones showing ``evening`` that it changed."""
    pubsub = ft.context.page.pubsub
    pubsub.send_others_on_topic(topic(evening.id), evening.version)
    pubsub.send_others_on_topic(TONIGHT, None)


def use_tonight_changes(on_change: Callable[[], Awaitable[None]]) -> None:
    """While this screen is mounted, run ``on_change`` (as this phone's task) when another
    phone or process may have changed tonight's evening. The handler is read at delivery."""

    async def heard(_message: object) -> None:
        await on_change()

    _use_topic(TONIGHT, heard)


def _use_topic(name: str, on_message: Callable[[Any], Awaitable[None] | None]) -> None:
    """While the screen is mounted, run ``on_message(message)`` for each message on topic
    ``name``, as this phone's task (pub/sub delivers in the sender's context). The handler
    is read at delivery, so it sees this phone's latest state rather than the one of the
    render that subscribed."""
    page = ft.context.page
    handler: ft.MutableRef[Callable[[Any], Awaitable[None] | None]] = ft.use_ref()
    handler.current = on_message  # (a callable given to use_ref would be taken for a factory)

    def subscribe() -> None:
        async def deliver(message: Any) -> None:
            if handler.current is not None:
                done = handler.current(message)
                if done is not None:
                    await done

        async def received(_topic: str, message: Any) -> None:
            page.run_task(deliver, message)

        page.pubsub.subscribe_topic(name, received)

    def unsubscribe() -> None:
        page.pubsub.unsubscribe_topic(name)

    ft.use_effect(subscribe, [], cleanup=unsubscribe)


def use_live_evening(
    data_dir: Path,
    evening_id: str | None,
    set_view: Callable[[Any], None],
    make_view: Callable[[Evening], _Versioned],
    on_moved: Callable[[Any, Any, bool], None] | None = None,
) -> None:
    """While this screen shows ``evening_id``, reload its view when another phone (or
    another process, through ``folder_watch``) changes the evening. A view already at the
    stored version is kept as it is (with what the phone has open on it). ``on_moved(old,
    new, by_phone)`` hears of each newer view taken this way (read at delivery, so it sees
    the phone's latest state); ``by_phone``: a phone of this server made the change."""
    page = ft.context.page
    told: ft.MutableRef[Callable[[Any, Any, bool], None] | None] = ft.use_ref(None)
    told.current = on_moved

    def subscribe() -> None:
        if evening_id is None:
            return

        async def on_change(_topic: str, version: int | None) -> None:
            # Delivered in the sender's context: run the reload as this phone's task, so
            # that its state changes re-render this phone, not the sender.
            page.run_task(reload, version is not None)

        async def reload(by_phone: bool) -> None:
            # While this phone saves a change of its own, its screen is the save's to update
            # (the news may be of that very change): read the evening once it is done.
            for _ in range(_SAVE_WAIT_STEPS):
                if id(page) not in _saving:
                    break
                await asyncio.sleep(_SAVE_WAIT_STEP)
            try:
                ev = await call(data_dir, lambda s: s.evening(evening_id))
            except CompanionError:
                return
            old = read_latest(set_view)
            if old is not None and ev.version == old.version:
                return
            new = make_view(ev)
            set_view(new)
            if old is not None and new.version > old.version and told.current is not None:
                told.current(old, new, by_phone or (ev.id, ev.version) in _saved_here)

        page.pubsub.subscribe_topic(topic(evening_id), on_change)

    def unsubscribe() -> None:
        if evening_id is not None:
            page.pubsub.unsubscribe_topic(topic(evening_id))

    ft.use_effect(subscribe, [evening_id], cleanup=unsubscribe)


NEW_EVENINGS = "evenings:new"


@dataclass(frozen=True)
class NewEvening:
    """What the phones on an evening screen hear when an evening starts."""

    evening_id: str
    title: str | None
    day: date


_announced: set[str] = set()  # evenings a phone of this server has announced (ids are unique)


def announce(evening: Evening) -> None:
    """Tell the other phones that ``evening`` has just started."""
    _announced.add(evening.id)  # the folder watch must not announce it a second time
    new = NewEvening(evening.id, evening.title, evening.date)
    ft.context.page.pubsub.send_others_on_topic(NEW_EVENINGS, new)
    ft.context.page.pubsub.send_others_on_topic(TONIGHT, None)


def announced_here(evening_id: str) -> bool:
    """Whether a phone of this server has announced ``evening_id`` already."""
    return evening_id in _announced


def use_new_evenings(on_new: Callable[[NewEvening], None]) -> None:
    """While this screen is shown, call ``on_new`` (as this phone's task) when another phone
    starts an evening, with this phone's latest state (see ``_use_topic``)."""
    _use_topic(NEW_EVENINGS, on_new)


# The phones (``id`` of their page) saving a change of their own: a reload that would land
# meanwhile (the folder watch tells every phone, the saver too) waits for the save.
_saving: set[int] = set()
_SAVE_WAIT_STEP, _SAVE_WAIT_STEPS = 0.05, 1200  # a save may wait for the folder (60 s)
# The latest versions saved by the phones of this server, (evening id, version): the folder
# watch's news of one of them is a phone's change, not another process's.
_saved_here: dict[tuple[str, int], None] = {}
_SAVED_KEPT = 256
_saved_lock = threading.Lock()


def _saved(evening: Evening) -> Evening:
    """Note ``evening`` as saved here (called in the worker thread, right after the save)."""
    with _saved_lock:  # worker threads of several phones
        _saved_here[(evening.id, evening.version)] = None
        while len(_saved_here) > _SAVED_KEPT:
            del _saved_here[next(iter(_saved_here))]
    return evening


# Shows a message under the screen's buttons: (text, is_error); None clears it.
Say = Callable[[str | None, bool], None]
Change = Callable[[Callable[[TableService], Evening]], Awaitable[Evening | None]]


def use_evening_change(
    data_dir: Path,
    lang: str,
    show: Callable[[Evening], None],
    say: Say,
    on_refused: Callable[[CompanionError], None] | None = None,
) -> tuple[bool, Change]:
    """``(busy, change)``: ``await change(lambda service: service.…)`` saves one change to
    an evening, shows the result and tells the other phones; it returns the evening saved,
    or None when the change was refused (a tap while another change is saving, a change
    made from an older version, a hand recorded twice, or bad input), after saying why.
    When the change came too late, the evening as it stands now is shown instead.
    ``on_refused`` lets a screen close what was open on the refused change."""
    busy, set_busy = ft.use_state(False)
    page = ft.context.page

    async def change(action: Callable[[TableService], Evening]) -> Evening | None:
        if busy:
            return None
        set_busy(True)
        say(None, False)
        _saving.add(id(page))
        try:
            evening = await call(data_dir, lambda s: _saved(action(s)))
        except (VersionConflictError, DuplicateHandError) as err:
            show(err.current)
            late = isinstance(err, VersionConflictError)
            say(t(lang, "evening.conflict" if late else "evening.duplicate"), True)
            if on_refused is not None:
                on_refused(err)
            return None
        except CompanionError as err:
            say(t(lang, "evening.rejected", reason=err.message(lang)), True)
            if on_refused is not None:
                on_refused(err)
            return None
        finally:
            set_busy(False)
            _saving.discard(id(page))
        show(evening)  # at once: a reload after this finds the version shown
        publish(evening)
        return evening

    return busy, change
