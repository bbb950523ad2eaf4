"""The app shell: one ``App`` per phone session, the router, the look, the settings."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlparse

import flet as ft

from companion.rules.ruleset import RuleSet
from companion.table import StoreError, runtime
from companion.table.table_rules import TableRules
from companion.ui import routes, theme
from companion.ui.access import may_edit, route_with_key
from companion.ui.folder_watch import watch_folder
from companion.ui.i18n import LANGS, t
from companion.ui.live_settings import publish_settings, use_table_settings
from companion.ui.screens.dispute import DisputeScreen
from companion.ui.screens.evening import EveningScreen
from companion.ui.screens.evening_hands import EveningHandsScreen
from companion.ui.screens.history import HistoryScreen
from companion.ui.screens.history_evening import EveningHistoryScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.invite import InviteScreen
from companion.ui.screens.new_evening import NewEveningScreen
from companion.ui.screens.player import PlayerScreen
from companion.ui.screens.players import PlayersScreen
from companion.ui.screens.settings import SettingsScreen
from companion.ui.session import ServerConfig, Session, SessionContext
from companion.ui.settings import UiSettings
from companion.ui.widgets import note

ROUTES = [
    ft.Route(
        path=routes.HOME,
        component=HomeScreen,
        children=[
            ft.Route(path=routes.DISPUTE.lstrip("/"), component=DisputeScreen),
            ft.Route(path=routes.SETTINGS.lstrip("/"), component=SettingsScreen),
            ft.Route(path=routes.INVITE.lstrip("/"), component=InviteScreen),
            ft.Route(path=routes.EVENING.lstrip("/"), component=EveningScreen),
            ft.Route(path=routes.EVENING.lstrip("/") + "/:evening_id", component=EveningScreen),
            ft.Route(path=routes.EVENING_HANDS.lstrip("/"), component=EveningHandsScreen),
            ft.Route(path=routes.PLAYERS.lstrip("/"), component=PlayersScreen),
            ft.Route(path=routes.PLAYER.lstrip("/"), component=PlayerScreen),
            ft.Route(path=routes.NEW_EVENING.lstrip("/"), component=NewEveningScreen),
            ft.Route(
                path=routes.HISTORY.lstrip("/"),
                component=HistoryScreen,
                children=[
                    ft.Route(path=":evening_id", component=EveningHistoryScreen),
                ],
            ),
        ],
    ),
]


@ft.component
def NotFound() -> ft.Control:
    session = ft.use_context(SessionContext)
    return note(t(session.lang if session else "fr", "app.not_found"), ident="not-found")


@ft.component
def App(config: ServerConfig) -> list[ft.View]:
    page = ft.context.page
    settings, set_settings = use_table_settings(config.store)

    def apply_look() -> None:
        page.theme_mode = theme.THEME_MODES[settings.theme]
        page.title = t(settings.lang, "app.title")
        # Flutter's own words (the back button's tooltip…) in the app's language.
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(lang) for lang in LANGS],
            current_locale=ft.Locale(settings.lang),
        )

    ft.use_effect(apply_look, [settings])

    # Changes made by another process on the same folder reach the phones (once per server;
    # a browser tab has no other process to hear, and no thread to listen with).
    def watch() -> None:
        if runtime.current().threads:
            watch_folder(config.data_dir, page.pubsub)

    ft.use_effect(watch, [])

    async def change_settings(new: UiSettings) -> str | None:
        set_settings(new)
        if not may_edit(config.key, page.route or "/"):
            return None  # a phone without the key changes only its own view
        try:
            await runtime.current().run_blocking(config.store.save, new)  # off the event loop
        except StoreError as err:
            return t(new.lang, "settings.save_failed", reason=err.message(new.lang))
        publish_settings()  # the phones already open follow at once
        return None

    session = Session(config, may_edit(config.key, page.route or "/"), settings, change_settings)
    return SessionContext(session, _views)


def _views() -> list[ft.View]:
    # Flet annotates Router as returning one Control; with manage_views=True it returns the
    # views, one per level of the route (its docstring), which render_views expects.
    return ft.Router(ROUTES, not_found=NotFound, manage_views=True)  # type: ignore[return-value]


def warm_up() -> None:
    """Do before serving what the first phone would otherwise wait for: Flet imports its
    theme and component modules on first use, about 80 ms of the first open's answer, and
    the option sets build their validators on first use."""
    import flet.components.component  # noqa: F401  (what render_views imports)

    theme.make_theme()
    theme.make_theme(dark=True)
    RuleSet.ready()
    TableRules.ready()


def make_main(config: ServerConfig) -> Callable[[ft.Page], None]:
    """The Flet entry point for one server: each new phone session starts here."""

    def main(page: ft.Page) -> None:
        # Rights come from the address the phone is at (see use_session); the app keeps the
        # key in the addresses it navigates to, so that a reload keeps them.
        page.fonts = dict(theme.FONTS)
        page.theme = theme.make_theme()
        page.dark_theme = theme.make_theme(dark=True)

        def on_view_pop(_: ft.ViewPopEvent) -> None:
            # Back goes one level up (/history/x → /history → /) and keeps the key.
            path = urlparse(page.route or "/").path.rstrip("/")
            parent = path.rsplit("/", 1)[0] or routes.HOME
            editor = may_edit(config.key, page.route or "/")
            page.navigate(route_with_key(parent, config.key if editor else None))

        page.on_view_pop = on_view_pop  # set before the router mounts: it delegates to it
        page.render_views(App, config)

    return main
