"""The evening's Donne tab: the finishing order tapped in (under card_penalty scoring: who
went out and the cards the others have left), the events, and what will be recorded in one
line. The player keys sit in fixed slots, in seat order, each with the player's running total
(his title on an evening without points), so that they do not move under a finger when
another phone records a hand."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.ui import theme
from companion.ui.entry_box import EntryBox
from companion.ui.screens.cards_left import cards_left_picker
from companion.ui.screens.evening_plan import check_line
from companion.ui.session import Session
from companion.ui.state import bind
from companion.ui.table_model import HandEntry, TableView
from companion.ui.widgets import big_button, key_button, note, rows_of, section

Change = Callable[[Callable[[HandEntry], HandEntry]], None]


def _player_key(
    label: str, under: str, on_click: Callable[[], None], ident: str, *, selected: bool
) -> ft.Control:
    """A player's key: the name (with the place once tapped) over his running total."""
    color = ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SECONDARY_CONTAINER
    return ft.Semantics(
        identifier=ident,
        button=True,
        selected=selected,
        expand=True,
        content=ft.Container(
            content=ft.Column(
                [
                    ft.Text(
                        label,
                        size=theme.TEXT,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        no_wrap=True,
                        text_align=ft.TextAlign.CENTER,
                    ),
                    ft.Text(under, size=13, color=color, no_wrap=True),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            height=theme.TAP + 8,
            expand=True,
            alignment=ft.Alignment.CENTER,
            border_radius=12,
            padding=ft.Padding.symmetric(horizontal=4),
            ink=True,
            bgcolor=ft.Colors.PRIMARY if selected else ft.Colors.SECONDARY_CONTAINER,
            on_click=lambda _: on_click(),
        ),
    )


def _under(session: Session, view: TableView, name: str) -> str:
    """What a player's key shows under the name: the running total, or the title."""
    if view.scored:
        return session.tr("evening.key_total", total=view.totals.get(name, 0))
    seat = next((s for s in view.seats if s.name == name), None)
    return (view.title_in(session.lang, seat.title) if seat else None) or " "


def _order_keys(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Change,
    slots: tuple[str, ...],
) -> list[ft.Control]:
    """The finishing order: tap the players as they go out (the last placed for you)."""
    players = view.players
    controls: list[ft.Control] = [section(session.tr("evening.order"))]
    keys = []
    for i, name in enumerate(slots):
        placed = name in entry.order
        label = f"{entry.order.index(name) + 1}. {name}" if placed else name
        keys.append(
            _player_key(
                label,
                _under(session, view, name),
                bind(lambda n: change(lambda e: e.tap_player(n, players)), name),
                f"out-{i}",
                selected=placed,
            )
        )
    controls += rows_of(keys, 2)
    order_text = " → ".join(entry.order) if entry.order else session.tr("evening.order_empty")
    controls.append(note(order_text, ident="order"))
    if entry.order:
        controls.append(
            big_button(
                session.tr("evening.clear"),
                lambda _: change(HandEntry.clear_order),
                ident="order-clear",
                icon=ft.Icons.BACKSPACE,
            )
        )
    return controls


def _card_keys(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Change,
    slots: tuple[str, ...],
) -> list[ft.Control]:
    """card_penalty: who went out, then each other player's cards left with a one-thumb
    picker (1 … his hand, ±1) and his 'played no card' flag."""
    players = view.players
    controls: list[ft.Control] = [section(session.tr("evening.cards_out"))]
    controls += rows_of(
        [
            _player_key(
                name,
                _under(session, view, name),
                bind(lambda n: change(lambda e: e.tap_out(n, players)), name),
                f"out-{i}",
                selected=name in entry.order,
            )
            for i, name in enumerate(slots)
        ],
        2,
    )
    return controls + cards_left_picker(
        session, entry, change, slots=slots, players=players, hand_sizes=view.hand_sizes
    )


def _event_keys(
    session: Session, view: TableView, entry: HandEntry, change: Change
) -> list[ft.Control]:
    if not view.events:
        return []
    controls: list[ft.Control] = [section(session.tr("evening.events"))]
    controls += rows_of(
        [
            key_button(
                session.tr(f"evening.event.{kind}"),
                bind(lambda k: change(lambda e: e.tap_event(k, view.scum)), kind),
                f"event-{kind}",
                selected=entry.pending == kind,
                size=theme.TEXT,
            )
            for kind in view.events
        ],
        2,
    )
    if entry.pending == "guillotine":
        prompt = (
            session.tr("evening.guillotine_victim", name=entry.pending_player)
            if entry.pending_player
            else session.tr("evening.guillotine_who")
        )
        controls.append(note(prompt, ident="event-pending"))
    elif entry.pending:
        controls.append(
            note(
                session.tr("evening.event_who", event=session.tr(f"evening.event.{entry.pending}")),
                ident="event-pending",
            )
        )
    for i, marked in enumerate(entry.events):
        label = session.tr(f"evening.event.{marked.kind}")
        if marked.victim is not None:
            text = session.tr(
                "evening.event_victim_line", event=label, name=marked.player, victim=marked.victim
            )
        elif marked.player:
            text = session.tr("evening.event_line", event=label, name=marked.player)
        else:
            text = session.tr("evening.event_plain", event=label)
        controls.append(
            check_line(
                text, True, bind(lambda i: change(lambda e: e.drop_event(i)), i), f"event-line-{i}"
            )
        )
    return controls


def entry_tab(
    session: Session,
    view: TableView,
    entry: HandEntry,
    change: Change,
    slots: tuple[str, ...],
) -> list[ft.Control]:
    """Hand entry: the order (or the cards left), the events, and what will be recorded in
    one line, right above the record button: that line is the confirmation. Each part is
    one column in a slot of its own, so that a line appearing in one (a prompt, a picker)
    does not shift the others: in Chromium, Flutter left the summary's label empty once a
    prompt was inserted before it (the screen showed it, the semantics tree did not)."""
    keys = _card_keys if view.needs_cards else _order_keys
    parts = (keys(session, view, entry, change, slots), _event_keys(session, view, entry, change))
    controls: list[ft.Control] = [
        ft.Column(
            part,
            spacing=theme.GAP,
            visible=bool(part),
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        for part in parts
    ]
    summary = entry.summary(view.players, view.needs_cards, session.tr)
    controls.append(
        ft.Column(
            [note(summary, ident="entry-summary")] if summary is not None else [],
            visible=summary is not None,
        )
    )
    return controls


@ft.component
def EntryPanel(
    session: Session,
    view: TableView,
    box: EntryBox,
    change: Change,
    slots: tuple[str, ...],
    record: Callable[[object], Awaitable[None]],
    busy: bool,
) -> ft.Control:
    """The Donne tab and its record button: a component of its own, subscribed to ``box``,
    so that a tap rebuilds this panel and not the evening screen around it."""
    entry = box.entry.shown_for(view.hand_number)
    return ft.Column(
        [
            *entry_tab(session, view, entry, change, slots),
            big_button(
                session.tr("evening.record"),
                record,
                ident="evening-record",
                icon=ft.Icons.CHECK,
                primary=True,
                disabled=busy,
            ),
        ],
        spacing=theme.GAP,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
