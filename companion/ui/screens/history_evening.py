"""One evening of the history: a finished one's podium and sharing, or the way back to one
under way; then its ranking, its chart and each hand's titles."""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.rules.presets import PRESETS
from companion.ui import routes, theme
from companion.ui.charts import line_chart
from companion.ui.evenings import call
from companion.ui.failure_words import failure_words
from companion.ui.history_model import EveningDetail, evening_detail
from companion.ui.screens.podium import PodiumPanel
from companion.ui.session import Session, use_session
from companion.ui.state import use_maybe
from companion.ui.when import day_words
from companion.ui.widgets import big_button, guarded, note, screen, section, tagged


def _body(session: Session, detail: EveningDetail) -> list[ft.Control]:
    preset = PRESETS.get(detail.preset)
    body: list[ft.Control] = [
        ft.Text(
            " · ".join(
                p
                for p in (
                    day_words(session.lang, detail.day),
                    detail.title,
                    preset.name(session.lang) if preset else detail.preset,
                )
                if p
            ),
            size=theme.TEXT,
        )
    ]
    # A finished evening's podium and sharing, as the table saw them at the end; an evening
    # still under way is one tap from the table (not a past evening with 0 hands).
    if detail.ended:
        body.append(PodiumPanel(session, detail.evening_id, 0))
    else:
        under_way = session.tr("history.under_way", n=len(detail.hands))
        body.append(note(under_way, ident="history-under-way"))
        body.append(
            big_button(
                session.tr("home.continue" if session.editor else "home.scoreboard"),
                lambda _: session.go(f"{routes.EVENING}/{detail.evening_id}"),
                ident="history-continue",
                icon=ft.Icons.PLAY_ARROW if session.editor else ft.Icons.SCOREBOARD,
                primary=True,
            )
        )
    body.append(section(session.tr("history.standings")))
    body += [
        tagged(
            f"standing-{s.place}",
            ft.Text(
                (
                    session.tr("history.standing", place=s.place, name=s.name, total=s.total)
                    if detail.scored
                    else session.tr("history.standing_unscored", place=s.place, name=s.name)
                )
                + (f" · {detail.title_in(session.lang, s.title)}" if s.title else ""),
                size=theme.TEXT_LARGE if s.place == 1 else theme.TEXT,
            ),
        )
        for s in detail.standings
    ]
    chart = detail.points_chart
    if chart is not None and not chart.empty:
        places = chart.kind == "places"
        body.append(
            section(session.tr("history.chart_places" if places else "history.chart_points"))
        )
        body.append(
            line_chart(
                chart,
                lang=session.lang,
                ident="chart-evening",
                x_title=session.tr("history.axis_hands"),
                y_title=session.tr("history.axis_place" if places else "history.axis_points"),
            )
        )
    body.append(section(session.tr("history.hands")))
    if not detail.hands:
        body.append(note(session.tr("history.no_hands")))
    for hand in detail.hands:
        body.append(
            ft.Text(
                session.tr("history.hand", n=hand.number),
                size=theme.TEXT,
                weight=ft.FontWeight.BOLD,
            )
        )
        said = (f"{name} ({detail.title_in(session.lang, title)})" for name, title in hand.places)
        body.append(ft.Text(", ".join(said), size=15))
    return body


@ft.component
@guarded
def EveningHistoryScreen() -> ft.View:
    session = use_session()
    evening_id = ft.use_route_params().get("evening_id", "")
    detail, set_detail = use_maybe(EveningDetail)
    error, set_error = use_maybe(str)

    async def load() -> None:
        try:
            set_detail(await call(session.config.data_dir, evening_detail, evening_id))
        except CompanionError as err:
            set_error(failure_words(session.lang, "history.failed", err))

    ft.use_effect(load, [evening_id])
    if error:
        body = [note(error, ident="history-error", color=ft.Colors.ERROR)]
    elif detail is None:
        body = [note(session.tr("history.loading"), ident="history-loading")]
    else:
        body = _body(session, detail)
    return screen(
        session,
        f"{routes.HISTORY}/{evening_id}",
        session.tr("history.title"),
        body,
        ident="screen-history-evening",
    )
