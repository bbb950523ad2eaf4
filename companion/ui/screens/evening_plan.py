"""The evening's Plan tab: the table drawn with its seats (each player's avatar in his own
colour, title, cards dealt, who deals and who leads) around the deck, the exchanges as short
lines to tick off, and the plan's full sentences folded behind "Détails"."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import flet as ft

from companion.errors import CompanionError
from companion.table.identity import Colour
from companion.ui import theme
from companion.ui.avatar import avatar
from companion.ui.entry_box import EntryBox
from companion.ui.evenings import call
from companion.ui.session import Session
from companion.ui.state import bind, use_maybe
from companion.ui.table_model import HandEntry, TableView
from companion.ui.widgets import note, section, tagged, toggle_row

SEAT_WIDTH = 118
SEAT_AVATAR = 26


def _badge(text: str, ident: str) -> ft.Control:
    return tagged(
        ident,
        ft.Container(
            content=ft.Text(text, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
            bgcolor=ft.Colors.PRIMARY,
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=6, vertical=1),
        ),
    )


def _seat_avatar(
    view: TableView, name: str, colours: Mapping[str, Colour] | None, ident: str
) -> ft.Control:
    """The player's avatar; until the colours are loaded, his initials on a neutral disc
    (a guessed colour that then changes would read as another player)."""
    pid = view.player_ids.get(name, name)
    if colours is not None:
        return avatar(pid, name, colours, SEAT_AVATAR, ident)
    return tagged(
        ident,
        ft.Container(
            width=SEAT_AVATAR,
            height=SEAT_AVATAR,
            border_radius=SEAT_AVATAR // 2,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )


def _seat_tile(
    session: Session, view: TableView, i: int, colours: Mapping[str, Colour] | None
) -> ft.Control:
    seat = view.seats[i]
    lines: list[ft.Control] = [
        ft.Row(
            [
                _seat_avatar(view, seat.name, colours, f"seat-{i}-avatar"),
                ft.Text(
                    seat.name,
                    size=theme.TEXT,
                    weight=ft.FontWeight.BOLD,
                    no_wrap=True,
                    overflow=ft.TextOverflow.ELLIPSIS,
                    expand=True,
                ),
            ],
            spacing=4,
            tight=True,
        ),
        # Always there (empty on a first hand): the tiles of one table keep one height.
        ft.Text(
            view.title_in(session.lang, seat.title) or " ",
            size=14,
            text_align=ft.TextAlign.CENTER,
            no_wrap=True,
        ),
        ft.Text(
            session.tr("evening.seat_cards", n=seat.cards),
            size=15,
            weight=ft.FontWeight.W_600,
            text_align=ft.TextAlign.CENTER,
        ),
    ]
    badges: list[ft.Control] = []
    if seat.dealer:
        badges.append(_badge(session.tr("evening.dealer"), f"seat-{i}-deals"))
    if seat.leads:
        badges.append(_badge(session.tr("evening.leads"), f"seat-{i}-leads"))
    lines.append(
        ft.Row(badges or [ft.Text(" ", size=13)], spacing=4, alignment=ft.MainAxisAlignment.CENTER)
    )
    return tagged(
        f"seat-{i}",
        ft.Container(
            content=ft.Column(
                lines, spacing=1, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
            ),
            padding=6,
            border_radius=12,
            width=SEAT_WIDTH,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if seat.dealer else ft.Colors.SURFACE_CONTAINER,
        ),
    )


def _centre(session: Session, view: TableView) -> ft.Control:
    """The deck on the felt: what the dealer takes in hand."""
    lines: list[ft.Control] = [
        ft.Text(
            view.deck_text(session.lang),
            size=theme.TEXT,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.WHITE,
            text_align=ft.TextAlign.CENTER,
        )
    ]
    if view.plan is not None and view.plan.reversed_order:
        lines.append(
            tagged(
                "table-reversed",
                ft.Text(
                    session.tr("evening.reversed"),
                    size=14,
                    weight=ft.FontWeight.BOLD,
                    color=ft.Colors.AMBER_200,
                    text_align=ft.TextAlign.CENTER,
                ),
            )
        )
    if view.plan is not None and view.plan.set_aside:
        lines.append(
            ft.Text(
                session.tr("evening.set_aside", n=view.plan.set_aside),
                size=14,
                color=ft.Colors.WHITE,
                text_align=ft.TextAlign.CENTER,
            )
        )
    return tagged(
        "table-deck",
        ft.Container(
            content=ft.Column(
                lines, tight=True, spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER
            ),
            alignment=ft.Alignment.CENTER,
            padding=8,
            border_radius=80,
            bgcolor=ft.Colors.GREEN_800,
            expand=True,
        ),
    )


def table_drawing(
    session: Session, view: TableView, colours: Mapping[str, Colour] | None = None
) -> ft.Control:
    """Seats clockwise around the table: the first at the top, then round to the right."""
    n = len(view.seats)
    tiles = [_seat_tile(session, view, i, colours) for i in range(n)]
    if n % 2 == 0:
        right, bottom, left = list(range(1, n // 2)), [n // 2], list(range(n - 1, n // 2, -1))
    else:
        right, bottom, left = list(range(1, (n + 1) // 2)), [], list(range(n - 1, (n - 1) // 2, -1))
    rows = max(len(left), len(right), 1)
    centre = ft.Container(_centre(session, view), expand=True, height=96 * rows)
    sides = ft.Row(
        [
            ft.Column([tiles[i] for i in left], spacing=6),
            centre,
            ft.Column([tiles[i] for i in right], spacing=6),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    column: list[ft.Control] = [ft.Row([tiles[0]], alignment=ft.MainAxisAlignment.CENTER), sides]
    if bottom:
        column.append(ft.Row([tiles[bottom[0]]], alignment=ft.MainAxisAlignment.CENTER))
    return tagged("table-drawing", ft.Column(column, spacing=6))


@ft.component
def TableDrawing(session: Session, view: TableView) -> ft.Control:
    """The table, its seats in the players' own colours (``TableService.player_colours``,
    as on the score sheet, charts and podium), reloaded when the evening changes (a
    player who joins is a new profile, a merge changes a colour)."""
    colours, set_colours = use_maybe(dict)

    async def load() -> None:
        try:
            found = await call(session.config.data_dir, lambda s: s.player_colours())
        except CompanionError:
            return  # the seats keep their neutral discs; the names still say who sits where
        set_colours(found)

    ft.use_effect(load, [view.evening_id, view.version])
    return table_drawing(session, view, colours)


def check_line(
    text: str, ticked: bool, on_click: Callable[[], None] | None, ident: str
) -> ft.Control:
    icon = ft.Icons.CHECK_BOX if ticked else ft.Icons.CHECK_BOX_OUTLINE_BLANK
    return ft.Semantics(
        identifier=ident,
        button=on_click is not None,
        selected=ticked,
        content=ft.Container(
            content=ft.Row(
                [
                    ft.Icon(icon, size=26),
                    ft.Text(
                        text,
                        size=theme.TEXT,
                        expand=True,
                        color=ft.Colors.OUTLINE if ticked else None,
                    ),
                ]
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=on_click is not None,
            on_click=(lambda _: on_click()) if on_click else None,
        ),
    )


def _column(controls: list[ft.Control]) -> ft.Control:
    return ft.Column(
        controls,
        spacing=theme.GAP,
        visible=bool(controls),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def plan_tab(
    session: Session,
    view: TableView,
    entry: HandEntry,
    tick: Callable[[int], None] | None,
    details_open: bool,
    toggle_details: Callable[[], None],
) -> list[ft.Control]:
    """The table, the exchanges to tick (``tick`` None: read only), then the details."""
    lines = view.checklist(session.lang)
    checklist: list[ft.Control] = [section(session.tr("evening.exchanges"))]
    if lines:
        checklist += [
            check_line(line, i in entry.ticks, bind(tick, i) if tick else None, f"check-{i}")
            for i, line in enumerate(lines)
        ]
    else:
        checklist.append(note(session.tr("evening.no_exchange"), ident="no-exchange"))
    details: list[ft.Control] = []
    if details_open:
        details = [
            tagged(f"detail-{i}", ft.Text(line, size=theme.TEXT))
            for i, line in enumerate(view.plan.instructions(session.lang) if view.plan else [])
        ]
    return [
        TableDrawing(session, view),
        _column(checklist),
        toggle_row(
            session.tr("evening.details"),
            details_open,
            toggle_details,
            "plan-details",
            detail=session.tr("evening.details_hint"),
        ),
        _column(details),
    ]


@ft.component
def PlanPanel(
    session: Session,
    view: TableView,
    box: EntryBox,
    tick: Callable[[int], None] | None,
    details_open: bool,
    toggle_details: Callable[[], None],
) -> ft.Control:
    """The Plan tab as a component subscribed to ``box``: a tick rebuilds this panel, not
    the evening screen around it."""
    entry = box.entry.shown_for(view.hand_number)
    return _column(plan_tab(session, view, entry, tick, details_open, toggle_details))
