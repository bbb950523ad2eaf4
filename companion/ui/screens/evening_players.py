"""The evening's players on the Hands and players screen: those at the table and those who
left, a join (a saved player or a new name) and a leave, and ending the evening; and the
parts the screen's sections share (the message under what was tapped, fixed slots)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import flet as ft

from companion.ui import theme
from companion.ui.hands_model import HandsView
from companion.ui.name_warnings import name_warnings
from companion.ui.session import Session
from companion.ui.state import bind
from companion.ui.text_input import TypedText
from companion.ui.widgets import big_button, key_button, note, rows_of, section, tagged

Message = tuple[str, bool]  # (text, is an error)
Tap = Callable[..., Awaitable[None]]  # a button's handler: Flet awaits it on its loop


@dataclass(frozen=True)
class Actions:
    """What the buttons do. ``join_named`` and ``leave`` serve plain callbacks (key buttons,
    one button per player): they start the change as a task."""

    save: Tap
    delete: Tap
    join: Tap
    end: Tap
    join_named: Callable[[str], object]
    leave: Callable[[str], object]


def message_lines(message: Message | None) -> list[ft.Control]:
    if message is None:
        return []
    text, bad = message
    return [note(text, ident="hands-message", color=ft.Colors.ERROR if bad else None)]


def slot(controls: list[ft.Control]) -> ft.Control:
    """A fixed place in the screen's column for a part that may be empty or change length
    (hidden while empty, so that it adds no gap)."""
    return ft.Column(
        controls,
        spacing=theme.GAP,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        visible=bool(controls),
    )


def players_section(
    session: Session,
    view: HandsView,
    editable: bool,
    profiles: tuple[str, ...],
    typed: TypedText,
    actions: Actions,
    confirm_end: bool,
    set_confirm_end: Callable[[bool], None],
    message: Message | None,
    busy: bool,
) -> list[ft.Control]:
    # The lists that grow or shrink sit in fixed slots (one Column each): Flet matches
    # controls by position, and a join that shifted the name field down would replace it,
    # dropping the keyboard focus the next name needs.
    present: list[ft.Control] = []
    can_move = editable and view.join_leave
    for i, p in enumerate(view.present):
        label = session.tr("hands.player", name=p.name, total=p.total) if view.scored else p.name
        row: list[ft.Control] = [
            tagged(f"player-{i}", ft.Text(label, size=theme.TEXT, expand=True))
        ]
        if can_move:
            row.append(
                big_button(
                    session.tr("hands.leave"),
                    lambda _, n=p.name: actions.leave(n),
                    ident=f"leave-{i}",
                    icon=ft.Icons.LOGOUT,
                    disabled=busy,
                )
            )
        present.append(ft.Row(row))
    left: list[ft.Control] = []
    if view.left:
        left.append(section(session.tr("hands.left")))
        left += [
            tagged(
                f"left-{i}",
                ft.Text(
                    session.tr("hands.player", name=p.name, total=p.total)
                    if view.scored
                    else p.name,
                    size=theme.TEXT,
                ),
            )
            for i, p in enumerate(view.left)
        ]
    controls: list[ft.Control] = [
        section(session.tr("hands.present")),
        slot(present),
        slot(message_lines(message)),  # under the players: in sight of what was tapped
        slot(left),
    ]
    if editable and not view.join_leave:
        controls.append(note(session.tr("hands.no_join_leave"), ident="no-join-leave"))
    elif can_move:
        controls.append(section(session.tr("hands.add")))
        joinable = view.joinable(profiles)
        saved: list[ft.Control] = []
        if joinable:
            saved.append(ft.Text(session.tr("new.saved"), size=15))
            saved += rows_of(
                [
                    key_button(
                        name,
                        bind(actions.join_named, name),
                        f"join-profile-{i}",
                        size=theme.TEXT,
                    )
                    for i, name in enumerate(joinable)
                ],
                3,
            )
        controls.append(slot(saved))
        controls.append(
            ft.Row(
                [
                    tagged(
                        "hands-name",
                        ft.TextField(
                            value=typed.value,
                            ref=typed.field,
                            label=session.tr("new.add_label"),
                            text_size=theme.TEXT,
                            expand=True,
                            on_change=typed.on_change,
                            on_submit=actions.join,
                        ),
                    ),
                    big_button(
                        session.tr("new.add"),
                        actions.join,
                        ident="hands-join",
                        icon=ft.Icons.PERSON_ADD,
                        disabled=busy,
                    ),
                ]
            )
        )
        at_table = [p.name for p in view.present]
        controls.append(
            name_warnings(session, (), typed.shown, [*at_table, *joinable], "hands-similar")
        )
    if editable:
        controls.append(
            big_button(
                session.tr("hands.end"),
                lambda _: set_confirm_end(not confirm_end),
                ident="evening-end",
                icon=ft.Icons.STOP_CIRCLE,
            )
        )
        if confirm_end:
            controls.append(
                note(
                    session.tr("hands.end_warning"),
                    ident="evening-end-warning",
                    color=ft.Colors.ERROR,
                )
            )
            controls.append(
                big_button(
                    session.tr("hands.end_confirm"),
                    actions.end,
                    ident="evening-end-confirm",
                    icon=ft.Icons.STOP_CIRCLE,
                    primary=True,
                    disabled=busy,
                )
            )
    return controls
