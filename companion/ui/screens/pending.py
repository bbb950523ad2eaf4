"""Screens that need the evening model (``companion.table.service``), until it lands."""

from __future__ import annotations

import flet as ft

from companion.ui import routes
from companion.ui.session import use_session
from companion.ui.widgets import big_button, guarded, note, screen


@ft.component
@guarded
def PendingScreen(route: str, title_key: str) -> ft.View:
    session = use_session()
    if route in routes.EDITOR_ONLY and not session.editor:
        body = [note(session.tr("app.editor_only"), ident="editor-only")]
    else:
        body = [note(session.tr("pending.body"), ident="pending-body")]
    body.append(big_button(session.tr("app.home"), lambda _: session.go(routes.HOME),
                           ident="go-home", icon=ft.Icons.HOME))
    return screen(session, route, session.tr(title_key), body, ident="screen-pending")


@ft.component
@guarded
def EveningScreen() -> ft.View:
    return PendingScreen(routes.EVENING, "home.continue")


@ft.component
@guarded
def NewEveningScreen() -> ft.View:
    return PendingScreen(routes.NEW_EVENING, "home.new")
