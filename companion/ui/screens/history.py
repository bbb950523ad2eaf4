"""History: past evenings by date, newest first (a tap opens one); or the leaderboard, with
finishing position over time and head-to-head."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import flet as ft

from companion.errors import CompanionError
from companion.rules.presets import get_preset
from companion.ui import routes, theme
from companion.ui.evenings import call
from companion.ui.failure_words import failure_words
from companion.ui.history_filter import PAGE, EveningFilter, years
from companion.ui.history_model import EveningRow, evening_rows
from companion.ui.screens.history_leaderboard import LeaderboardPanel
from companion.ui.session import Session, use_session
from companion.ui.state import Setter, bind, use_maybe
from companion.ui.text_input import use_typed_text
from companion.ui.when import day_words, moment_words
from companion.ui.widgets import big_button, guarded, key_button, note, rows_of, screen, tagged

TABS = ("evenings", "leaderboard")
# What a row says of an evening whose file does not read, by the store's code.
DAMAGE = {"corrupt-file": "history.damaged", "newer-schema": "history.newer"}


def _rules(session: Session, preset: str | None) -> str | None:
    if preset is None:
        return None
    try:
        found = get_preset(preset)
    except CompanionError:
        return preset
    return found.name(session.lang)


def _row(session: Session, row: EveningRow) -> ft.Control:
    # Two evenings of the same day tell apart by their name or place and start time.
    day = moment_words(session.lang, row.day, row.start)
    lines: list[ft.Control] = [
        ft.Text(
            session.tr("history.row", day=day, players=len(row.players), hands=row.hands),
            size=theme.TEXT,
            weight=ft.FontWeight.W_500,
        ),
        ft.Text(", ".join(row.players), size=15),
    ]
    heading = row.title or row.place
    if heading:
        lines.insert(0, ft.Text(heading, size=theme.TEXT, weight=ft.FontWeight.BOLD))
    rules = _rules(session, row.preset)
    if rules:
        lines.append(ft.Text(rules, size=15, italic=True))
    if row.unreadable:
        lines.append(
            ft.Text(
                session.tr(DAMAGE.get(row.problem or "", "history.unreadable")),
                size=15,
                color=ft.Colors.ERROR,
                weight=ft.FontWeight.BOLD,
            )
        )
    elif row.leader:
        lines.append(
            ft.Text(
                session.tr("history.winner" if row.ended else "history.leader", name=row.leader),
                size=15,
            )
        )
    return ft.Semantics(
        identifier=f"evening-{row.evening_id}",
        button=True,
        content=ft.Container(
            content=ft.Column(lines, spacing=2),
            padding=theme.GAP,
            border_radius=12,
            ink=True,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            on_click=lambda _: session.go(f"{routes.HISTORY}/{row.evening_id}"),
        ),
    )


@ft.component
def EveningList(session: Session, rows: Sequence[EveningRow]) -> ft.Control:
    """The evenings, newest first: a search box, the years, and a page of rows at a time
    (only the rows shown are built and sent)."""
    typed = use_typed_text()
    year, set_year = ft.use_state(cast(str | None, None))
    shown, set_shown = ft.use_state(PAGE)
    chosen = EveningFilter(typed.shown, year)
    presets = {row.preset for row in rows if row.preset}
    rules = {preset: _rules(session, preset) or "" for preset in presets}
    found = chosen.rows(rows, rules, lambda day: day_words(session.lang, day))

    def search(e: Any) -> None:
        typed.on_change(e)
        set_shown(PAGE)  # a new search starts from its first page

    def pick(value: str | None) -> Callable[[], None]:
        def choose() -> None:
            set_year(value)
            set_shown(PAGE)

        return choose

    year_buttons = [
        key_button(
            session.tr("history.year_all") if value is None else value,
            pick(value),
            f"year-{value or 'all'}",
            selected=year == value,
            size=15,
        )
        for value in [None, *years(rows)]
    ]
    controls: list[ft.Control] = [
        tagged(
            "history-search",
            ft.TextField(
                value=typed.value,
                ref=typed.field,
                label=session.tr("history.search"),
                text_size=theme.TEXT,
                prefix_icon=ft.Icons.SEARCH,
                on_change=search,
            ),
        ),
    ]
    if len(year_buttons) > 2:  # one year only: nothing to choose
        controls += rows_of(year_buttons, 4)
    controls.append(
        note(session.tr("history.count", n=len(found)), ident="history-count")
        if found
        else note(session.tr("history.no_match"), ident="history-count")
    )
    controls += [_row(session, row) for row in found[:shown]]
    if len(found) > shown:
        more = min(PAGE, len(found) - shown)
        controls.append(
            big_button(
                session.tr("history.more", n=more),
                lambda _: set_shown(lambda now: now + PAGE),
                ident="history-more",
                icon=ft.Icons.EXPAND_MORE,
            )
        )
    return ft.Column(controls, spacing=theme.GAP)


@ft.component
@guarded
def HistoryScreen() -> ft.View:
    session = use_session()
    rows: tuple[EveningRow, ...] | None  # None while loading
    set_rows: Setter[tuple[EveningRow, ...] | None]
    rows, set_rows = ft.use_state(None)
    error, set_error = use_maybe(str)
    tab, set_tab = ft.use_state("evenings")

    async def load() -> None:
        try:
            set_rows(await call(session.config.data_dir, evening_rows))
        except CompanionError as err:
            set_error(failure_words(session.lang, "history.failed", err))

    ft.use_effect(load, [])
    tabs = ft.Row(
        [
            key_button(
                session.tr(f"history.tab.{name}"),
                bind(set_tab, name),
                f"tab-{name}",
                selected=tab == name,
                size=theme.TEXT,
            )
            for name in TABS
        ],
        spacing=6,
    )
    if tab == "leaderboard":
        body = [LeaderboardPanel(session)]
    elif error:
        body = [note(error, ident="history-error", color=ft.Colors.ERROR)]
    elif rows is None:
        body = [note(session.tr("history.loading"), ident="history-loading")]
    elif not rows:
        body = [note(session.tr("history.empty"), ident="history-empty")]
    else:
        body = [EveningList(session, rows)]
    return screen(
        session, routes.HISTORY, session.tr("history.title"), [tabs, *body], ident="screen-history"
    )
