"""Dispute: tap what is on the table and the play in question; the referee rules."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui import routes
from companion.ui.card_picker import picker_controls
from companion.ui.dispute_model import DisputeModel
from companion.ui.screens.dispute_parts import (
    actor_section,
    ruling_dialog,
    setup_section,
    table_section,
    tray_row,
)
from companion.ui.session import use_session
from companion.ui.widgets import big_button, guarded, note, screen, section


@ft.component
@guarded
def DisputeScreen() -> ft.View:
    session = use_session()
    model, set_model = ft.use_state(DisputeModel)

    def act(method: Callable[..., DisputeModel], *args: object) -> Callable[[], None]:
        # Updaters apply to the latest model, never to the one this render captured.
        return lambda: set_model(lambda m: method(m, *args))

    panel, set_panel = ft.use_state(None)  # the setup panel unfolded, if any

    def toggle(name: str) -> Callable[[], None]:
        return lambda: set_panel(lambda open_: None if open_ == name else name)

    ft.use_dialog(ruling_dialog(session, model.ruling, act) if model.ruling else None)

    body: list[ft.Control] = [
        *setup_section(session, model, act, panel, toggle),
        *table_section(session, model, act),
        *actor_section(session, model, act),
        section(session.tr("dispute.cards")),
        tray_row(session, model, act),
        *picker_controls(
            model.picker(), tr=session.tr,
            on_rank=lambda s: act(DisputeModel.tap_rank, s)(),
            on_count=lambda n: act(DisputeModel.set_count, n)(),
            on_suit=lambda s: act(DisputeModel.tap_suit, s)(),
            on_joker=lambda c: act(DisputeModel.tap_joker_colour, c)(),
            on_pass=act(DisputeModel.tap_pass)),
    ]
    if model.notice is not None:
        body.append(note(model.notice.text(session.lang), ident="notice",
                         color=ft.Colors.ERROR))
    body += [
        big_button(session.tr("dispute.judge"), lambda _: act(DisputeModel.judge)(),
                   ident="judge", icon=ft.Icons.GAVEL, primary=True),
        big_button(session.tr("dispute.add"), lambda _: act(DisputeModel.add_to_table)(),
                   ident="add", icon=ft.Icons.PLAYLIST_ADD),
    ]
    return screen(session, routes.DISPUTE, session.tr("dispute.title"), body,
                  ident="screen-dispute")
