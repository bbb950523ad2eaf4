"""Settings: language and theme, kept on the server for the whole table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.table import runtime
from companion.ui import routes, theme
from companion.ui.screens.settings_data import DataPanel
from companion.ui.session import use_session
from companion.ui.settings import THEMES, UiSettings
from companion.ui.state import use_maybe
from companion.ui.widgets import guarded, note, screen, section, tagged
from companion.words import LANGS

_THEME_ICONS = {
    "light": ft.Icons.LIGHT_MODE,
    "dark": ft.Icons.DARK_MODE,
    "system": ft.Icons.BRIGHTNESS_AUTO,
}


def _choice(
    label: str,
    selected: bool,
    on_click: Callable[[], Awaitable[None]],
    ident: str,
    icon: ft.IconData | None = None,
) -> ft.Control:
    kind = ft.FilledButton if selected else ft.OutlinedButton
    return tagged(
        ident,
        kind(
            content=ft.Text(label, size=theme.TEXT),
            icon=ft.Icons.CHECK if selected else icon,
            on_click=on_click,
            height=theme.TAP,
        ),
    )


def _scope(editor: bool) -> str:
    """Whom a change of settings reaches: the table (a server), or this device alone."""
    if not runtime.current().has_server:
        return "settings.saved_device"
    return "settings.saved_server" if editor else "settings.this_phone"


@ft.component
@guarded
def SettingsScreen() -> ft.View:
    session = use_session()
    error, set_error = use_maybe(str)
    current = session.settings

    def change(new: UiSettings) -> Callable[[], Awaitable[None]]:
        async def handler() -> None:  # saving writes a file: awaited off the event loop
            set_error(await session.change_settings(new))

        return handler

    langs = [
        _choice(
            session.tr(f"settings.lang.{lang}"),
            session.lang == lang,
            change(current.with_lang(lang)),
            f"lang-{lang}",
        )
        for lang in LANGS
    ]
    themes = [
        _choice(
            session.tr(f"settings.theme.{mode}"),
            current.theme == mode,
            change(current.with_theme(mode)),
            f"theme-{mode}",
            _THEME_ICONS[mode],
        )
        for mode in THEMES
    ]
    body: list[ft.Control] = [
        section(session.tr("settings.language")),
        *langs,  # one per line, as the themes: three to a row broke « Deutsch » on a phone
        section(session.tr("settings.theme")),
        *themes,  # one per line: three to a row leave no room for the words on a phone
        note(
            session.tr(_scope(session.editor)),
            ident="settings-scope",
        ),
    ]
    if error:
        body.append(note(error, ident="settings-error", color=ft.Colors.ERROR))
    if session.editor:  # the data panel shows the data folder, exports, backups
        body.append(DataPanel(session))
    return screen(
        session, routes.SETTINGS, session.tr("settings.title"), body, ident="screen-settings"
    )
