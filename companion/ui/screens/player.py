"""One player's page: avatar, rating ± uncertainty, titles and average place, places and
rating over time, and head-to-head against everyone he played with."""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.ui import routes, theme
from companion.ui.avatar import avatar
from companion.ui.charts import line_chart
from companion.ui.evenings import call
from companion.ui.players_model import PlayerPage, player_page
from companion.ui.screens.history_leaderboard import average_place_words, rating_help, rating_words
from companion.ui.session import Session, use_session
from companion.ui.state import use_maybe
from companion.ui.widgets import guarded, note, screen, section, tagged


def _body(session: Session, page: PlayerPage) -> list[ft.Control]:
    facts: list[ft.Control] = []
    if page.mu is not None and page.sigma is not None:
        facts.append(
            tagged(
                "player-rating",
                ft.Text(
                    rating_words(session, page.mu, page.sigma, page.provisional),
                    size=theme.TEXT,
                ),
            )
        )
    if page.row is not None:
        facts.append(
            tagged(
                "player-titles",
                ft.Text(
                    session.tr(
                        "ui.player.titles",
                        hands=page.row.hands,
                        president=page.row.president,
                        last=page.row.trou_du_cul,
                    ),
                    size=theme.TEXT,
                ),
            )
        )
    if page.place is not None:
        facts.append(
            tagged(
                "player-place",
                ft.Text(
                    average_place_words(session.lang, page.place),
                    size=theme.TEXT,
                ),
            )
        )
    body: list[ft.Control] = [
        ft.Row(
            [
                avatar(page.player_id, page.name, page.colours, 64, "player-avatar"),
                ft.Column(
                    [ft.Text(page.name, size=theme.TEXT_LARGE, weight=ft.FontWeight.BOLD), *facts],
                    spacing=2,
                    expand=True,
                ),
            ],
            spacing=14,
        )
    ]
    if page.mu is not None:
        body.append(rating_help(session, "player-rating-help"))
    if page.row is None:
        return [*body, note(session.tr("player.none"), ident="player-none")]
    if not page.places_chart.empty:
        body += [
            section(session.tr("player.places_chart")),
            line_chart(
                page.places_chart,
                lang=session.lang,
                ident="chart-player-places",
                x_title=session.tr("board.axis_evenings"),
                y_title="",
                y_title_size=0,
            ),
        ]
    if not page.rating_chart.empty:
        body += [
            section(session.tr("board.rating_chart")),
            line_chart(
                page.rating_chart,
                lang=session.lang,
                ident="chart-player-rating",
                x_title=session.tr("board.axis_evenings"),
                y_title=session.tr("board.axis_rating"),
            ),
        ]
    if page.rivals:
        body.append(section(session.tr("player.h2h")))
        for i, rival in enumerate(page.rivals):
            body.append(
                tagged(
                    f"rival-{i}",
                    ft.Row(
                        [
                            avatar(rival.player_id, rival.name, page.colours, 32),
                            ft.Text(
                                session.tr(
                                    "ui.player.h2h_line",
                                    name=rival.name,
                                    ahead=rival.ahead,
                                    behind=rival.behind,
                                    hands=rival.hands,
                                ),
                                size=16,
                                expand=True,
                            ),
                        ],
                        spacing=10,
                    ),
                )
            )
    return body


@ft.component
@guarded
def PlayerScreen() -> ft.View:
    session = use_session()
    player_id = ft.use_route_params().get("player_id") or ""
    page, set_page = use_maybe(PlayerPage)
    error, set_error = use_maybe(str)

    async def load() -> None:
        try:
            set_page(await call(session.config.data_dir, player_page, player_id))
        except CompanionError as err:
            set_error(session.tr("history.failed", reason=err.message(session.lang)))

    ft.use_effect(load, [player_id])
    if error:
        body: list[ft.Control] = [note(error, ident="player-error", color=ft.Colors.ERROR)]
    elif page is None:
        body = [note(session.tr("history.loading"))]
    else:
        body = _body(session, page)
    title = page.name if page is not None else session.tr("players.title")
    return screen(session, routes.player(player_id), title, body, ident="screen-player")
