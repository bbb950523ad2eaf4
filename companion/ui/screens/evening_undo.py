"""Undo and redo on the evening screen. The undo button says what it will take back
("Annuler : correction de la donne 2"); once it is taken back a snackbar says so and offers
to make it again, and a redo button saying what it would make again stays while it can.
The other phones following the evening are told in a snackbar of their own."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import flet as ft

from companion.table.evening import Evening
from companion.table.undo_log import Change
from companion.ui.live import Change as SaveChange
from companion.ui.session import Session
from companion.ui.state import Setter, use_maybe
from companion.ui.table_model import TableView
from companion.ui.widgets import big_button, tagged

Tap = Callable[[object], Awaitable[None]]


@dataclass(frozen=True)
class Notice:
    """What the snackbar says; ``redo``: the evening and version its "Rétablir" acts on."""

    text: str
    redo: tuple[str, int, Change] | None = None


def use_undo_redo(
    session: Session,
    view: TableView | None,
    change: SaveChange,
    after: Callable[[Evening], None],
) -> tuple[Tap, Tap, Callable[[TableView, TableView, bool], None]]:
    """``(undo, redo, told)``: undo and redo for the buttons, and the snackbar saying what
    they did (a hook: call it on every render). ``change`` saves through the screen's one
    way to save (``live.use_evening_change``); ``after`` is what the screen resets once the
    evening moved back or forward. ``told(old, new, by_phone)`` takes a view reloaded for
    someone else's change: an undo or redo made there is said here too, without "Rétablir"
    (the redo button says what it would make again). The snackbar belongs to the screen:
    leaving it closes it."""
    notice, set_notice = use_maybe(Notice)
    ft.use_dialog(_snackbar(session, notice, set_notice, change, after) if notice else None)

    async def undo(_: object = None) -> None:
        await _undo(session, view, change, after, set_notice)

    async def redo(_: object = None) -> None:
        if view is not None and view.redo_next is not None:
            target = (view.evening_id, view.version, view.redo_next)
            await _redo(session, target, change, after, set_notice)

    def told(old: TableView, new: TableView, by_phone: bool) -> None:
        if new.moved_by is None or new.evening_id != old.evening_id:
            return
        kind, what = new.moved_by
        where = "phone" if by_phone else "elsewhere"
        set_notice(Notice(session.tr(f"evening.{kind}_{where}", what=what.words(session.lang))))

    return undo, redo, told


async def _undo(
    session: Session,
    view: TableView | None,
    change: SaveChange,
    after: Callable[[Evening], None],
    set_notice: Setter[Notice | None],
) -> None:
    if view is None:
        return
    evening_id, version, what = view.evening_id, view.version, view.undo_next
    saved = await change(lambda s: s.undo(evening_id, expected_version=version))
    if saved is None or what is None:
        return
    after(saved)
    text = session.tr("evening.undone", what=what.words(session.lang))
    set_notice(Notice(text, (saved.id, saved.version, what)))


async def _redo(
    session: Session,
    target: tuple[str, int, Change],
    change: SaveChange,
    after: Callable[[Evening], None],
    set_notice: Setter[Notice | None],
) -> None:
    evening_id, version, what = target
    set_notice(None)
    saved = await change(lambda s: s.redo(evening_id, expected_version=version))
    if saved is not None:
        after(saved)
        set_notice(Notice(session.tr("evening.redone", what=what.words(session.lang))))


def _snackbar(
    session: Session,
    notice: Notice,
    set_notice: Setter[Notice | None],
    change: SaveChange,
    after: Callable[[Evening], None],
) -> ft.SnackBar:
    action = None
    if notice.redo is not None:
        target = notice.redo

        async def again() -> None:
            await _redo(session, target, change, after, set_notice)

        action = ft.SnackBarAction(label=session.tr("evening.redo_action"), on_click=again)
    return ft.SnackBar(
        content=tagged("evening-snackbar", ft.Text(notice.text)),
        action=action,
        duration=ft.Duration(seconds=8),
        show_close_icon=True,
        on_dismiss=lambda _: set_notice(None),
    )


def undo_buttons(
    session: Session, view: TableView, undo: Tap, redo: Tap, busy: bool
) -> list[ft.Control]:
    """The undo button, then redo while there is something to redo; none on a phone that
    only reads."""
    if not session.editor:
        return []
    out: list[ft.Control] = []
    if view.undo_next is not None:
        what = view.undo_next.words(session.lang)
        out.append(
            big_button(
                session.tr("evening.undo", what=what),
                undo,
                ident="evening-undo",
                icon=ft.Icons.UNDO,
                disabled=busy,
            )
        )
    if view.redo_next is not None:
        what = view.redo_next.words(session.lang)
        out.append(
            big_button(
                session.tr("evening.redo", what=what),
                redo,
                ident="evening-redo",
                icon=ft.Icons.REDO,
                disabled=busy,
            )
        )
    return out
