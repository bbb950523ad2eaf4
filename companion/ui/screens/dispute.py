"""Dispute: tap what is on the table and the play in question; the referee rules.

Opened from an evening (``/dispute?evening=<id>``), the screen starts with that evening's
rules (preset and option changes) and its players in seating order."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion.errors import CompanionError
from companion.ui import routes, theme
from companion.ui.card_picker import mode_row, picker_controls
from companion.ui.dispute_model import DisputeModel, from_evening
from companion.ui.evenings import call
from companion.ui.screens.dispute_parts import (
    actor_section,
    mode_head,
    possible_section,
    rules_title,
    setup_section,
    table_section,
)
from companion.ui.screens.dispute_ruling import ruling_dialog
from companion.ui.session import use_session
from companion.ui.state import use_built, use_maybe
from companion.ui.text_input import use_typed_text
from companion.ui.widgets import (
    big_button,
    guarded,
    icon_button,
    next_panel,
    note,
    screen,
    section,
)


def _evening_param(route: object) -> str | None:
    if not isinstance(route, str):  # a client may set page.route to anything
        return None
    values = parse_qs(urlparse(route).query).get(routes.EVENING_PARAM)
    return values[0] if values else None


@ft.component
@guarded
def DisputeScreen() -> ft.View:
    session = use_session()
    wanted = _evening_param(ft.context.page.route)
    model, set_model = use_built(DisputeModel)
    loading, set_loading = ft.use_state(wanted is not None)
    failed, set_failed = use_maybe(str)  # why the evening could not be read

    def act(method: Callable[..., DisputeModel], *args: object) -> Callable[[], None]:
        # Updaters apply to the latest model, never to the one this render captured.
        return lambda: set_model(lambda m: method(m, *args))

    panel, set_panel = use_maybe(str)  # the setup panel unfolded, if any
    value = use_typed_text()  # an option's value being typed in

    def toggle(name: str) -> Callable[[], None]:
        return lambda: set_panel(lambda open_: next_panel(open_, name))

    async def load() -> None:
        if wanted is None:
            return
        try:
            evening = await call(session.config.data_dir, lambda s: s.evening(wanted))
            loaded = from_evening(evening)
        except CompanionError as err:  # an unknown evening: the default rules, and why
            set_failed(err.message(session.lang))
        else:
            set_model(loaded)
        set_loading(False)

    ft.use_effect(load, [wanted])

    ft.use_dialog(ruling_dialog(session, model.ruling, act) if model.ruling else None)

    actions: list[ft.Control] = []
    if model.evening is not None:  # the evening's screen, one tap away
        eid = model.evening.id
        actions.append(
            icon_button(
                "dispute-evening",
                ft.Icons.SCOREBOARD,
                session.tr("dispute.back_evening"),
                lambda: session.go(f"{routes.EVENING}/{eid}"),
                size=None,
            )
        )
    if loading:
        body: list[ft.Control] = [
            note(session.tr("dispute.loading_evening"), ident="dispute-loading")
        ]
        return screen(
            session, routes.DISPUTE, session.tr("dispute.title"), body, ident="screen-dispute"
        )
    body = []
    if failed:
        body.append(
            note(
                session.tr("dispute.evening_failed", reason=failed),
                ident="dispute-evening-failed",
                color=ft.Colors.ERROR,
            )
        )
    # The play in question first (the table, who plays, the cards, the verdict); the rules
    # and players, set once, below.
    body += [
        rules_title(session, model),
        *table_section(session, model, act),
        *actor_section(session, model, act),
        section(session.tr("dispute.cards")),
        mode_row(model.mode, session.tr, lambda m: act(DisputeModel.with_mode, m)()),
        # Fixed slots: what depends on the mode sits in its own column.
        ft.Column(mode_head(session, model, act), spacing=theme.GAP),
        *picker_controls(
            model.picker(),
            tr=session.tr,
            lang=session.lang,
            on_rank=lambda s: act(DisputeModel.tap_rank, s)(),
            on_count=lambda n: act(DisputeModel.set_count, n)(),
            on_suit=lambda s: act(DisputeModel.tap_suit, s)(),
            on_pass=act(
                DisputeModel.quick_pass if model.mode == "table" else DisputeModel.tap_pass
            ),
            count=model.count if model.mode == "table" else None,
            with_pass=model.mode != "hand",
            on_joker_name=lambda s: act(DisputeModel.name_joker, s)(),
            naming=model.tray[-1] if model.naming_joker() else None,
        ),
        ft.Column(
            [note(model.notice.text(session.lang), ident="notice", color=ft.Colors.ERROR)]
            if model.notice is not None
            and not model.table_cards  # else said by the play
            and not model.notice.about_a_name  # said beside the names
            else [],
        ),
        # Judging comes right under the keys; the possible plays, a help, after it.
        ft.Column(
            [
                big_button(
                    session.tr("dispute.judge"),
                    lambda _: act(DisputeModel.judge)(),
                    ident="judge",
                    icon=ft.Icons.GAVEL,
                    primary=True,
                ),
                big_button(
                    session.tr("dispute.add"),
                    lambda _: act(DisputeModel.add_to_table)(),
                    ident="add",
                    icon=ft.Icons.PLAYLIST_ADD,
                ),
            ]
            if model.mode == "play"
            else [],
            spacing=theme.GAP,
        ),
        ft.Column(possible_section(session, model, act), spacing=8),
        *setup_section(session, model, act, panel, toggle, value),
    ]
    return screen(
        session,
        routes.DISPUTE,
        session.tr("dispute.title"),
        body,
        ident="screen-dispute",
        actions=actions,
    )
