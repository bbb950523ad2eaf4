"""Hands and players: the hands recorded so far (newest first), each correctable or deletable;
the players at the table and those who left, joins and leaves; ending the evening.

Every change names the version shown (another phone's change meanwhile is refused and the new
state shown) and tells the other phones to reload, as the evening screen does. Without the key,
or once the evening has ended, everything reads only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.table.evening import Evening
from companion.table.service import TableService, VersionConflictError
from companion.ui import routes, theme
from companion.ui.evenings import call
from companion.ui.failure_words import failure_words
from companion.ui.hands_model import HandCard, HandEdit, HandsView, hands_view
from companion.ui.live import use_evening_change, use_live_evening
from companion.ui.screens.cards_left import cards_left_picker
from companion.ui.screens.evening_players import (
    Actions,
    Message,
    message_lines,
    players_section,
)
from companion.ui.session import Session, use_session
from companion.ui.state import Setter, bind, use_maybe
from companion.ui.text_input import use_typed_text
from companion.ui.widgets import (
    big_button,
    guarded,
    key_button,
    note,
    rows_of,
    screen,
    section,
    tagged,
)


def _card(
    session: Session, view: HandsView, card: HandCard, on_open: Callable[[], None] | None
) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Text(
            session.tr("evening.hand", n=card.number), size=theme.TEXT, weight=ft.FontWeight.BOLD
        ),
        ft.Text(session.tr("hands.order", order=" → ".join(card.shown_order)), size=15),
    ]
    lines += [
        ft.Text(
            session.tr(
                "evening.result_line",
                title=view.title_in(session.lang, p.title),
                name=p.name,
                points=p.points,
                total=p.total,
            )
            if view.scored
            else session.tr(
                "evening.result_title", title=view.title_in(session.lang, p.title), name=p.name
            ),
            size=15,
        )
        for p in card.places
    ]
    lines += [
        ft.Text(
            session.tr(
                "evening.effect", effect=session.tr(f"evening.effect.{kind}"), name=name or "—"
            ),
            size=15,
        )
        for kind, name in card.effects
    ]
    return ft.Semantics(
        identifier=f"hand-{card.number}",
        button=on_open is not None,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Column(lines, spacing=2, expand=True),
                    *([ft.Icon(ft.Icons.EDIT)] if on_open else []),
                ]
            ),
            padding=theme.GAP,
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=on_open is not None,
            on_click=(lambda _: on_open()) if on_open else None,
        ),
    )


def _removable(text: str, on_click: Callable[[], None], ident: str) -> ft.Control:
    return ft.Semantics(
        identifier=ident,
        button=True,
        content=ft.Container(
            content=ft.Row(
                [ft.Icon(ft.Icons.CLOSE, size=22), ft.Text(text, size=theme.TEXT, expand=True)]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=True,
            on_click=lambda _: on_click(),
        ),
    )


def _events(
    session: Session, edit: HandEdit, change: Callable[[Callable[[HandEdit], HandEdit]], None]
) -> list[ft.Control]:
    """The hand's events as recorded, each removable, and the keys to mark more."""
    card, entry = edit.card, edit.entry
    controls: list[ft.Control] = [section(session.tr("evening.events"))]
    controls += rows_of(
        [
            key_button(
                session.tr(f"evening.event.{kind}"),
                bind(
                    lambda k: change(lambda e: e.change(lambda h: h.tap_event(k, card.scum))), kind
                ),
                f"edit-event-{kind}",
                selected=entry.pending == kind,
                size=theme.TEXT,
            )
            for kind in card.allowed
        ],
        2,
    )
    if entry.pending == "guillotine":
        controls.append(
            note(
                session.tr("evening.guillotine_who")
                if entry.pending_player is None
                else session.tr("evening.guillotine_victim", name=entry.pending_player),
                ident="edit-event-pending",
            )
        )
    elif entry.pending:
        controls.append(
            note(
                session.tr("evening.event_who", event=session.tr(f"evening.event.{entry.pending}")),
                ident="edit-event-pending",
            )
        )
    for i, e in enumerate(entry.events):
        # president_falls is never marked by hand (the replay applies it), only recorded
        label = session.tr(
            "evening.effect.president_falls"
            if e.kind == "president_falls"
            else f"evening.event.{e.kind}"
        )
        if e.victim is not None:
            text = session.tr(
                "evening.event_victim_line", event=label, name=e.player, victim=e.victim
            )
        elif e.player:
            text = session.tr("evening.event_line", event=label, name=e.player)
        else:
            text = session.tr("evening.event_plain", event=label)
        controls.append(
            _removable(
                text,
                bind(lambda i: change(lambda x: x.change(lambda h: h.drop_event(i))), i),
                f"edit-event-line-{i}",
            )
        )
    return controls


def _card_keys(
    session: Session, edit: HandEdit, change: Callable[[Callable[[HandEdit], HandEdit]], None]
) -> list[ft.Control]:
    """card_penalty: who went out, then each other player's cards left (a picker up to what
    he held, ±1) and his 'played no card' flag, as on the evening screen."""
    card, entry = edit.card, edit.entry
    controls: list[ft.Control] = [section(session.tr("evening.cards_out"))]
    controls += rows_of(
        [
            key_button(
                name,
                bind(lambda n: change(lambda e: e.tap_out(n)), name),
                f"edit-out-{i}",
                selected=name in entry.order,
                size=theme.TEXT,
            )
            for i, name in enumerate(card.players)
        ],
        2,
    )
    return controls + cards_left_picker(
        session,
        entry,
        lambda fn: change(lambda e: e.change(fn)),
        slots=card.players,
        players=card.players,
        hand_sizes=card.hand_sizes,
        prefix="edit-",
    )


def _editor(
    session: Session,
    view: HandsView,
    edit: HandEdit,
    set_edit: Callable[[Any], None],
    actions: Actions,
    message: Message | None,
    busy: bool,
) -> list[ft.Control]:
    """The hand being corrected: the evening screen's taps, prefilled as recorded."""
    card, entry = edit.card, edit.entry

    def change(fn: Callable[[HandEdit], HandEdit]) -> None:
        set_edit(lambda e: fn(e) if e is not None else e)

    controls: list[ft.Control] = [
        tagged(
            "edit-title",
            ft.Text(
                session.tr("hands.edit_title", n=card.number),
                size=theme.TEXT_LARGE,
                weight=ft.FontWeight.BOLD,
            ),
        ),
        note(session.tr("hands.order", order=" → ".join(card.shown_order)), ident="edit-recorded"),
    ]
    if card.by_cards:
        controls += _card_keys(session, edit, change)
    else:
        controls.append(section(session.tr("evening.order")))
        keys = []
        for i, name in enumerate(card.players):
            placed = name in entry.order
            label = f"{entry.order.index(name) + 1}. {name}" if placed else name
            keys.append(
                key_button(
                    label,
                    bind(lambda n: change(lambda e: e.tap_player(n)), name),
                    f"edit-out-{i}",
                    selected=placed,
                    size=theme.TEXT,
                )
            )
        controls += rows_of(keys, 2)
        controls.append(
            note(
                " → ".join(entry.order) if entry.order else session.tr("evening.order_empty"),
                ident="edit-order",
            )
        )
        if entry.order:
            controls.append(
                big_button(
                    session.tr("evening.clear"),
                    lambda _: change(lambda e: e.change(lambda h: h.clear_order())),
                    ident="edit-clear",
                    icon=ft.Icons.BACKSPACE,
                )
            )
    if card.allowed or entry.events:
        controls += _events(session, edit, change)
    controls += message_lines(message)
    controls.append(
        big_button(
            session.tr("hands.save"),
            actions.save,
            ident="hand-save",
            icon=ft.Icons.CHECK,
            primary=True,
            disabled=busy,
        )
    )
    controls.append(
        big_button(
            session.tr("hands.close_edit"),
            lambda _: set_edit(None),
            ident="hand-close",
            icon=ft.Icons.CLOSE,
        )
    )
    controls.append(
        big_button(
            session.tr("hands.delete"),
            lambda _: change(HandEdit.ask_delete),
            ident="hand-delete",
            icon=ft.Icons.DELETE,
        )
    )
    if edit.confirm_delete:
        controls.append(
            note(
                session.tr("hands.delete_warning", n=card.number),
                ident="hand-delete-warning",
                color=ft.Colors.ERROR,
            )
        )
        controls.append(
            big_button(
                session.tr("hands.delete_confirm", n=card.number),
                actions.delete,
                ident="hand-delete-confirm",
                icon=ft.Icons.DELETE_FOREVER,
                primary=True,
                disabled=busy,
            )
        )
    return controls


def _hands(
    session: Session,
    view: HandsView,
    editable: bool,
    open_hand: Callable[[HandCard], None],
    message: Message | None,
) -> list[ft.Control]:
    controls: list[ft.Control] = message_lines(message)
    if not view.hands:
        return [*controls, note(session.tr("hands.none"), ident="hands-none")]
    if editable:
        controls.append(note(session.tr("hands.tap_to_correct")))
    controls += [
        _card(session, view, card, (bind(open_hand, card)) if editable else None)
        for card in view.hands
    ]
    return controls


@ft.component
@guarded
def EveningHandsScreen() -> ft.View:
    session = use_session()
    page = ft.context.page
    evening_id = ft.use_route_params().get("evening_id", "")
    view, set_view = use_maybe(HandsView)
    profiles: tuple[str, ...]
    set_profiles: Setter[tuple[str, ...]]
    profiles, set_profiles = ft.use_state(())
    error, set_error = use_maybe(str)
    message: Message | None
    set_message: Setter[Message | None]
    message, set_message = ft.use_state(None)
    tab, set_tab = ft.use_state("hands")
    edit, set_edit = use_maybe(HandEdit)
    typed_name = use_typed_text()
    confirm_end, set_confirm_end = ft.use_state(False)
    data_dir = session.config.data_dir
    route = routes.evening_hands(evening_id)

    async def load_profiles() -> None:
        if not session.editor:
            return
        try:
            found = await call(data_dir, lambda s: s.active_players())
        except CompanionError:
            return  # a typed name still works
        set_profiles(tuple(p.name for p in found))

    async def load() -> None:
        try:
            set_view(hands_view(await call(data_dir, lambda s: s.evening(evening_id))))
        except CompanionError as err:
            set_error(failure_words(session.lang, "evening.failed", err))
            return
        await load_profiles()

    ft.use_effect(load, [evening_id])

    # An open correction keeps the version it was read from: saving it is refused with the
    # new state rather than applied to an evening it was not made on.
    use_live_evening(data_dir, evening_id, set_view, hands_view)

    def close_refused(err: CompanionError) -> None:
        if isinstance(err, VersionConflictError):  # what was open is on an older version
            set_edit(None)
            set_confirm_end(False)

    busy, change_evening = use_evening_change(
        data_dir,
        session.lang,
        lambda ev: set_view(hands_view(ev)),
        lambda text, is_error: set_message((text, is_error) if text else None),
        close_refused,
    )

    async def change(action: Callable[[TableService], Evening], done: str | None) -> bool:
        """Save a change; say ``done`` once it is saved. True when it was saved."""
        if view is None or await change_evening(action) is None:
            return False
        set_message((done, False) if done else None)
        return True

    async def save(_: object = None) -> None:
        if edit is None:
            return
        if not edit.complete():
            key = "evening.cards_missing" if edit.card.by_cards else "evening.incomplete"
            set_message((session.tr(key, names=", ".join(edit.missing())), True))
            return
        if not edit.changed():
            set_message((session.tr("hands.unchanged"), False))
            return
        args, hand_id, n = edit.edit_args(), edit.card.hand_id, edit.card.number
        if await change(
            lambda s: s.edit_hand(evening_id, hand_id, **args),
            session.tr("hands.saved", n=n),
        ):
            set_edit(None)

    async def delete(_: object = None) -> None:
        if edit is None:
            return
        hand_id, n, version = edit.card.hand_id, edit.card.number, edit.version
        if await change(
            lambda s: s.delete_hand(evening_id, hand_id, expected_version=version),
            session.tr("hands.deleted", n=n),
        ):
            set_edit(None)

    async def join_named(name: str) -> bool:
        if view is None:
            return False
        version = view.version
        if not await change(
            lambda s: s.join(evening_id, name, expected_version=version),
            session.tr("hands.joined", name=name),
        ):
            return False
        await load_profiles()  # a new name became a saved profile
        return True

    async def join(e: ft.Event[Any] | None = None) -> None:
        if view is None:
            return
        if e is not None and isinstance(e.control, ft.TextField):
            # Enter: the next name (or the corrected one) goes into the same field. Asked
            # now, while this render's field is the one on screen (the join re-renders).
            await e.control.focus()  # type: ignore[no-untyped-call]
        typed = typed_name.latest()
        problem = view.name_problem(typed)
        if problem is not None:
            key, fields = problem
            set_message((session.tr(key, **fields), True))
        elif await join_named(typed.strip()):
            typed_name.set("")  # kept when refused: nothing typed is lost

    async def leave(name: str) -> None:
        if view is None:
            return
        version = view.version
        await change(
            lambda s: s.leave(evening_id, name, expected_version=version),
            session.tr("hands.gone", name=name),
        )

    async def end(_: object = None) -> None:
        if view is None:
            return
        version = view.version
        # No message: the evening screen shows its podium, as on the other phones.
        if await change(lambda s: s.close(evening_id, expected_version=version), None):
            set_confirm_end(False)
            session.go(f"{routes.EVENING}/{evening_id}")

    def open_hand(card: HandCard) -> None:
        if view is not None:
            set_message(None)
            set_edit(HandEdit.start(card, view.version))

    def pick_tab(name: str) -> None:
        set_tab(name)
        set_edit(None)
        set_message(None)
        set_confirm_end(False)

    actions = Actions(
        save=save,
        delete=delete,
        join=join,
        end=end,
        join_named=lambda n: page.run_task(join_named, n),
        leave=lambda n: page.run_task(leave, n),
    )
    body: list[ft.Control]
    if error:
        body = [note(error, ident="hands-error", color=ft.Colors.ERROR)]
    elif view is None:
        body = [note(session.tr("evening.loading"), ident="hands-loading")]
    else:
        editable = session.editor and not view.ended
        body = rows_of(
            [
                key_button(
                    session.tr(f"hands.tab_{name}"),
                    bind(pick_tab, name),
                    f"tab-{name}",
                    selected=tab == name,
                    size=theme.TEXT,
                )
                for name in ("hands", "players")
            ],
            2,
        )
        if view.ended:
            body.append(note(session.tr("evening.ended"), ident="hands-ended"))
        if tab == "players":
            body += players_section(
                session,
                view,
                editable,
                profiles,
                typed_name,
                actions,
                confirm_end,
                set_confirm_end,
                message,
                busy,
            )
        elif edit is not None and editable:
            body += _editor(session, view, edit, set_edit, actions, message, busy)
        else:
            body += _hands(session, view, editable, open_hand, message)
    return screen(session, route, session.tr("hands.title"), body, ident="screen-hands")
