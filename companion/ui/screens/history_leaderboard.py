"""The history's leaderboard panel: all time or a period, finishing position over time as a
chart, and head-to-head between two players."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

import flet as ft

from companion.errors import CompanionError
from companion.table.identity import Colour
from companion.table.places import AveragePlace
from companion.ui import routes, theme
from companion.ui.avatar import avatar
from companion.ui.charts import line_chart
from companion.ui.evenings import call
from companion.ui.failure_words import failure_words
from companion.ui.history_model import (
    PERIODS,
    HeadToHeadView,
    LeaderboardView,
    LeaderLine,
    head_to_head_view,
    leaderboard_view,
)
from companion.ui.session import Session
from companion.ui.state import Setter, bind, use_maybe
from companion.ui.widgets import key_button, note, rows_of, section, tagged
from companion.words import t
from companion.words.formats import decimal, number

NORMAL_TABLE = 5  # "as at a table of 5": the most common table
LEFT_OUT_REASONS = ("corrupt-file", "newer-schema")  # said in words; other codes as one


def rating_words(session: Session, mu: float, sigma: float, provisional: bool) -> str:
    """ "cote 27.1 ± 7.6 (provisoire)": a rating, marked while its uncertainty is high."""
    key = "board.rating_provisional" if provisional else "board.rating"
    lang = session.lang
    return session.tr(key, mu=decimal(lang, mu), sigma=decimal(lang, sigma))


def _mean(lang: str, value: float) -> str:
    """A mean as a number: one decimal, none when it is whole ("2,1", "5")."""
    whole = round(value)
    return number(lang, whole) if abs(value - whole) < 0.05 else decimal(lang, value)


def average_place_words(lang: str, place: AveragePlace, normalise_to: int | None = None) -> str:
    """ "place moyenne 2,1 sur 5": a mean place and the (mean) table size it was won at,
    or its place on a table of ``normalise_to`` for everyone."""
    if normalise_to is not None:
        value, size = place.normalised(normalise_to), float(normalise_to)
    else:
        value, size = place.place, place.table
    return t(lang, "ui.board.avg_place", place=_mean(lang, value), size=_mean(lang, size))


def rating_help(session: Session, ident: str, *extra: str) -> ft.Control:
    """What the rating is, where it first appears (a newcomer cannot guess « ± »)."""
    text = " ".join([session.tr("rating.explain"), *(session.tr(key) for key in extra)])
    return tagged(ident, ft.Text(text, size=15))


def _line(
    session: Session, line: LeaderLine, normalise: bool, colours: Mapping[str, Colour]
) -> ft.Control:
    # Points only where some evening kept them: under rules without points, "0 pt" for
    # everyone says nothing (the places and titles below do).
    head = (
        session.tr("board.line", rank=line.rank, name=line.name, points=line.points)
        if line.scored
        else session.tr("board.line_unscored", rank=line.rank, name=line.name)
    )
    if line.penalty:
        head += session.tr("board.penalty", penalty=line.penalty)
    facts = [
        session.tr("board.hands", hands=line.hands, evenings=line.evenings),
        session.tr("ui.board.roles", president=line.president, last=line.trou_du_cul),
    ]
    if line.place is not None:
        facts.append(
            average_place_words(session.lang, line.place, NORMAL_TABLE if normalise else None)
        )
    if line.wins:
        facts.append(session.tr("board.wins", wins=line.wins))
    if line.mu is not None and line.sigma is not None:
        facts.append(rating_words(session, line.mu, line.sigma, line.provisional))
    return ft.Semantics(
        identifier=f"leader-{line.rank}",
        button=True,
        content=ft.Container(
            content=ft.Row(
                [
                    avatar(line.player_id, line.name, colours, 36),
                    ft.Column(
                        [
                            ft.Text(
                                head,
                                size=theme.TEXT_LARGE if line.rank == 1 else theme.TEXT,
                                weight=ft.FontWeight.BOLD
                                if line.rank == 1
                                else ft.FontWeight.W_500,
                            ),
                            ft.Text(" · ".join(facts), size=15),
                        ],
                        spacing=2,
                        expand=True,
                    ),
                ],
                spacing=10,
            ),
            padding=ft.Padding.symmetric(horizontal=theme.GAP, vertical=8),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER,
            ink=True,
            on_click=lambda _: session.go(routes.player(line.player_id)),
        ),
    )


def _left_out(session: Session, board: LeaderboardView) -> ft.Control | None:
    """How many evenings of the period the leaderboard leaves out, and why (None: none)."""
    if not board.left_out:
        return None
    reasons = [
        session.tr(
            f"board.left_out.{code}" if code in LEFT_OUT_REASONS else "board.left_out.other",
            n=count,
        )
        for code, count in board.left_out
    ]
    n = sum(count for _, count in board.left_out)
    text = session.tr("board.left_out", n=n, why=", ".join(reasons))
    return note(text, ident="board-left-out", color=ft.Colors.ERROR)


def _head_to_head(
    session: Session,
    board: LeaderboardView,
    pair: tuple[str, str],
    set_pair: Setter[tuple[str, str]],
    result: HeadToHeadView | None,
) -> list[ft.Control]:
    a, b = pair
    body: list[ft.Control] = [section(session.tr("board.h2h"))]
    for side, chosen in (("a", a), ("b", b)):

        def pick(pid: str, side: str = side) -> None:
            set_pair((pid, b) if side == "a" else (a, pid))

        keys = [
            key_button(
                line.name,
                bind(pick, line.player_id),
                f"h2h-{side}-{line.rank}",
                selected=line.player_id == chosen,
                size=theme.TEXT,
            )
            for line in board.lines
        ]
        body.append(ft.Text(session.tr(f"board.h2h_{side}"), size=15))
        body += rows_of(keys, 3)
    if a == b:
        body.append(note(session.tr("board.h2h_same"), ident="h2h-result"))
    elif result is not None:
        text = (
            session.tr("board.h2h_none", a=result.a_name, b=result.b_name)
            if not result.hands
            else session.tr(
                "board.h2h_result",
                a=result.a_name,
                b=result.b_name,
                a_ahead=result.a_ahead,
                b_ahead=result.b_ahead,
                hands=result.hands,
                evenings=result.evenings,
            )
        )
        body.append(
            tagged("h2h-result", ft.Text(text, size=theme.TEXT, weight=ft.FontWeight.W_500))
        )
    return body


@ft.component
def LeaderboardPanel(session: Session) -> ft.Control:
    period, set_period = ft.use_state("all")
    board, set_board = use_maybe(LeaderboardView)  # None while loading
    error, set_error = use_maybe(str)
    pair, set_pair = ft.use_state(("", ""))
    normalise, set_normalise = ft.use_state(False)
    result, set_result = use_maybe(HeadToHeadView)

    async def load() -> None:
        try:
            view = await call(session.config.data_dir, leaderboard_view, period, date.today())
        except CompanionError as err:
            set_error(failure_words(session.lang, "history.failed", err))
            return
        set_error(None)
        set_board(view)
        ids = [line.player_id for line in view.lines]
        if len(ids) >= 2 and not (pair[0] in ids and pair[1] in ids):
            set_pair((ids[0], ids[1]))

    async def compare() -> None:
        a, b = pair
        if not a or not b or a == b:
            set_result(None)
            return
        try:
            set_result(
                await call(session.config.data_dir, head_to_head_view, a, b, period, date.today())
            )
        except CompanionError as err:
            set_error(failure_words(session.lang, "history.failed", err))

    ft.use_effect(load, [period])
    ft.use_effect(compare, [pair, period])

    periods = [
        key_button(
            session.tr(f"board.period.{p}"),
            bind(set_period, p),
            f"period-{p}",
            selected=p == period,
            size=theme.TEXT,
        )
        for p in PERIODS
    ]
    body: list[ft.Control] = [ft.Row(periods, spacing=6)]
    left_out = _left_out(session, board) if board is not None and not error else None
    if error:
        body.append(note(error, ident="history-error", color=ft.Colors.ERROR))
    elif board is None:
        body.append(note(session.tr("history.loading"), ident="board-loading"))
    elif not board.lines:
        body.append(note(session.tr("board.empty"), ident="board-empty"))
        if left_out is not None:
            body.append(left_out)
    else:
        body.append(
            tagged(
                "board-normalise",
                ft.Switch(
                    label=session.tr("board.normalise"),
                    value=normalise,
                    on_change=lambda e: set_normalise(bool(e.control.value)),
                ),
            )
        )
        if any(line.mu is not None for line in board.lines):
            body.append(rating_help(session, "board-rating-help", "board.rating_order"))
        body += [_line(session, line, normalise, board.colours) for line in board.lines]
        if left_out is not None:
            body.append(left_out)
        if not board.position_chart.empty:
            chart = replace(
                board.position_chart,
                y_labels=(
                    (1.0, session.tr("board.axis_first")),
                    (0.0, session.tr("board.axis_last")),
                ),
            )
            body += [
                section(session.tr("board.chart")),
                ft.Text(session.tr("board.chart_help"), size=15),
                line_chart(
                    chart,
                    lang=session.lang,
                    ident="chart-position",
                    x_title=session.tr("board.axis_evenings"),
                    y_title="",
                    y_title_size=0,
                ),
            ]
        if board.rating_chart is not None and not board.rating_chart.empty:
            body += [
                section(session.tr("board.rating_chart")),
                ft.Text(session.tr("board.rating_help"), size=15),
                line_chart(
                    board.rating_chart,
                    lang=session.lang,
                    ident="chart-rating",
                    x_title=session.tr("board.axis_evenings"),
                    y_title=session.tr("board.axis_rating"),
                ),
            ]
        if len(board.lines) >= 2:
            body += _head_to_head(session, board, pair, set_pair, result)
    return ft.Column(body, spacing=theme.GAP, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
