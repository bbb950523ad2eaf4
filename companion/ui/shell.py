"""The app shell: one ``App`` per phone session, the router, the look, the settings."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from urllib.parse import urlparse

import flet as ft

from companion.rules.ruleset import RuleSet
from companion.table import StoreError, runtime
from companion.table.table_rules import TableRules
from companion.ui import routes, theme
from companion.ui.access import may_edit, route_with_key
from companion.ui.browser_lang import use_browser_lang
from companion.ui.key_memory import phone_prefs
from companion.ui.live_settings import publish_settings, use_table_settings
from companion.ui.session import ServerConfig, Session, SessionContext
from companion.ui.settings import UiSettings
from companion.ui.widgets import note
from companion.words import DEFAULT_LANG, LANGS, t

# The app's language in the phone's storage, for the page's script (assets/index.html).
LANG_PREF = "companion.lang"

_SCREEN_MODULES: list[str] = []  # what warm_up imports ahead on a server


def _screen(module: str, name: str) -> Callable[[], ft.Control]:
    """A route's screen, its module imported when the screen is first shown: the first
    screen opens without importing the others (the dispute's engine, the charts, the QR
    code), which the phone build feels (issue 19). The router calls this as it would call
    the component, and gets the same control."""

    def screen() -> ft.Control:
        component: Callable[[], ft.Control] = getattr(
            importlib.import_module(f"companion.ui.screens.{module}"), name
        )
        return component()

    screen.__name__ = name
    _SCREEN_MODULES.append(module)
    return screen


ROUTES = [
    ft.Route(
        path=routes.HOME,
        component=_screen("home", "HomeScreen"),
        children=[
            ft.Route(
                path=routes.DISPUTE.lstrip("/"), component=_screen("dispute", "DisputeScreen")
            ),
            ft.Route(
                path=routes.SETTINGS.lstrip("/"), component=_screen("settings", "SettingsScreen")
            ),
            ft.Route(path=routes.INVITE.lstrip("/"), component=_screen("invite", "InviteScreen")),
            ft.Route(
                path=routes.EVENING.lstrip("/"), component=_screen("evening", "EveningScreen")
            ),
            ft.Route(
                path=routes.EVENING.lstrip("/") + "/:evening_id",
                component=_screen("evening", "EveningScreen"),
            ),
            ft.Route(
                path=routes.EVENING_HANDS.lstrip("/"),
                component=_screen("evening_hands", "EveningHandsScreen"),
            ),
            ft.Route(
                path=routes.PLAYERS.lstrip("/"), component=_screen("players", "PlayersScreen")
            ),
            ft.Route(path=routes.PLAYER.lstrip("/"), component=_screen("player", "PlayerScreen")),
            ft.Route(
                path=routes.NEW_EVENING.lstrip("/"),
                component=_screen("new_evening", "NewEveningScreen"),
            ),
            ft.Route(
                path=routes.HISTORY.lstrip("/"),
                component=_screen("history", "HistoryScreen"),
                children=[
                    ft.Route(
                        path=":evening_id",
                        component=_screen("history_evening", "EveningHistoryScreen"),
                    ),
                ],
            ),
        ],
    ),
]


@ft.component
def NotFound() -> ft.Control:
    session = ft.use_context(SessionContext)
    return note(t(session.lang if session else DEFAULT_LANG, "app.not_found"), ident="not-found")


@ft.component
def App(config: ServerConfig) -> list[ft.View]:
    page = ft.context.page
    settings, set_settings = use_table_settings(config.store)
    browser_lang = use_browser_lang()
    lang = settings.lang or browser_lang or DEFAULT_LANG

    def apply_look() -> None:
        page.theme_mode = theme.THEME_MODES[settings.theme]
        page.title = t(lang, "app.title")
        # Flutter's own words (the back button's tooltip…) in the app's language.
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGS],
            current_locale=ft.Locale(lang),
        )

    ft.use_effect(apply_look, [settings, lang])

    async def tell_the_page() -> None:
        # The page's own script says "connection lost" in this language (assets/index.html),
        # when no Python is there to say it.
        with contextlib.suppress(RuntimeError, TimeoutError):
            await phone_prefs(page).set(LANG_PREF, lang)

    ft.use_effect(tell_the_page, [lang])

    # Changes made by another process on the same folder reach the phones (once per server;
    # a browser tab has no other process to hear, and no thread to listen with).
    def watch() -> None:
        if runtime.current().threads:
            from companion.ui.folder_watch import watch_folder

            watch_folder(config.data_dir, page.pubsub)

    ft.use_effect(watch, [])

    async def change_settings(new: UiSettings) -> str | None:
        set_settings(new)
        if not may_edit(config.key, page.route or "/"):
            return None  # a phone without the key changes only its own view
        try:
            await runtime.current().run_blocking(config.store.save, new)  # off the event loop
        except StoreError as err:
            said = new.lang or lang
            return t(said, "settings.save_failed", reason=err.message(said))
        publish_settings()  # the phones already open follow at once
        return None

    session = Session(
        config, may_edit(config.key, page.route or "/"), settings, change_settings, browser_lang
    )
    return SessionContext(session, _views)


def _views() -> list[ft.View]:
    # Flet annotates Router as returning one Control; with manage_views=True it returns the
    # views, one per level of the route (its docstring), which render_views expects.
    return ft.Router(ROUTES, not_found=NotFound, manage_views=True)  # type: ignore[return-value]


def warm_up() -> None:
    """Do before serving what the first phone would otherwise wait for: Flet imports its
    theme and component modules on first use, about 80 ms of the first open's answer, the
    screens' modules are imported when first shown, and the option sets build their
    validators on first use."""
    import flet.components.component  # noqa: F401  (what render_views imports)

    for module in _SCREEN_MODULES:
        importlib.import_module(f"companion.ui.screens.{module}")

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
