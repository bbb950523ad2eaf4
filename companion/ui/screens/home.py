"""Home: what to do tonight, one big button each."""

from __future__ import annotations

import flet as ft

from companion.ui import routes, theme
from companion.ui.session import use_session
from companion.ui.widgets import big_button, guarded, screen


@ft.component
@guarded
def HomeScreen() -> ft.View:
    session = use_session()
    buttons = [
        big_button(
            session.tr(entry.label),
            lambda _, r=entry.route: session.go(r),
            ident=entry.ident,
            icon=getattr(ft.Icons, entry.icon),
            primary=entry.primary,
        )
        for entry in routes.home_entries(session.editor)
    ]
    header = ft.Column(
        [
            ft.Text(session.tr("home.title"), size=theme.TEXT_HUGE, weight=ft.FontWeight.BOLD),
            ft.Text(session.tr("home.tagline"), size=theme.TEXT),
        ],
        spacing=4,
    )
    return screen(
        session, routes.HOME, session.tr("app.title"), [header, *buttons], ident="screen-home"
    )
