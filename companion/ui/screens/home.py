"""Home: what to do tonight, one big button each. The main action is a new evening, or
going back to the one under way."""

from __future__ import annotations

from urllib.parse import urlparse

import flet as ft

from companion.errors import CompanionError
from companion.ui import routes, theme
from companion.ui.evenings import call, current_evening_id, tonight_as_last_seen
from companion.ui.live import use_tonight_changes
from companion.ui.session import use_session
from companion.ui.widgets import big_button, guarded, screen


@ft.component
@guarded
def HomeScreen() -> ft.View:
    session = use_session()
    data_dir = session.config.data_dir
    # What the folder held when last looked at (by another phone or the folder watch): the
    # first frame already offers "Continue"; the look below confirms it.
    under_way, set_under_way = ft.use_state(tonight_as_last_seen(data_dir) is not None)

    # Home stays mounted under the screens opened from it: it looks again each time the
    # phone comes back here (an evening started meanwhile on this phone, with no other
    # phone or folder watch to say so, must offer "Continue"), and not while another
    # screen shows (it would race with that screen's own look at the folder).
    page = ft.context.page

    def at_home() -> bool:
        return urlparse(page.route or "/").path.rstrip("/") == ""

    async def look() -> None:
        if not at_home():  # the route now, not the render's: a message may come later
            return
        try:
            set_under_way(await call(data_dir, current_evening_id) is not None)
        except CompanionError:
            set_under_way(False)  # the evening screen says what is wrong with the data

    ft.use_effect(look, [data_dir, session.editor, at_home()])
    # Another phone or process started, changed or ended an evening: look again (a reload
    # of the same tab keeps this screen as it was, so it must already be right).
    use_tonight_changes(look)
    entries = routes.home_entries(session.editor, under_way)
    buttons = [
        big_button(
            session.tr(entry.label),
            lambda _, r=entry.route: session.go(r),
            ident=entry.ident,
            icon=getattr(ft.Icons, entry.icon),
            primary=entry.primary,
        )
        for entry in entries
    ]
    header = ft.Column(
        [
            ft.Text(session.tr("home.title"), size=theme.TEXT_HUGE, weight=ft.FontWeight.BOLD),
            ft.Text(session.tr("home.tagline"), size=theme.TEXT),
        ],
        spacing=4,
    )
    # "Continue" arrives once the data folder has answered: in a slot of its own, so that
    # it never takes the place of the button below it.
    first = [b for b, e in zip(buttons, entries, strict=True) if e.ident == "home-continue"]
    rest = [b for b, e in zip(buttons, entries, strict=True) if e.ident != "home-continue"]
    slot = ft.Column(
        first,
        visible=bool(first),
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
    return screen(
        session, routes.HOME, session.tr("app.title"), [header, slot, *rest], ident="screen-home"
    )
