"""Running the app inside the phone's browser (the static site of ``companion publish``):
one tab, its data in the browser's IndexedDB, no server, no key (whoever holds the phone
holds the table).

Before the first screen the tab takes the data (a second tab of the app waits, and says
so) and loads it; only then are the settings read and the app rendered.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from companion.table import runtime
from companion.ui import theme
from companion.ui.session import ServerConfig
from companion.ui.settings import SettingsStore
from companion.ui.shell import make_main
from companion.ui.widgets import tagged
from companion.words import LANGS, t


def browser_config() -> ServerConfig:
    folder = runtime.BROWSER_DATA_DIR
    return ServerConfig(data_dir=folder, key=None, addresses=(), store=SettingsStore(folder))


def _every_language(key: str) -> str:
    # Said before the settings (and so the language) are loaded: in every language.
    return "\n\n".join(t(lang, key) for lang in LANGS)


def make_browser_main(
    tab: runtime.BrowserRuntime,
) -> Callable[[ft.Page], Awaitable[None]]:
    """The Flet entry point of the tab: own and load the data, then the app."""

    async def main(page: ft.Page) -> None:
        page.theme = theme.make_theme()
        page.dark_theme = theme.make_theme(dark=True)
        runtime.use(tab)

        def waiting() -> None:
            page.add(tagged("other-tab", ft.Text(_every_language("app.other_tab"), size=18)))
            page.update()

        await tab.start(waiting)
        page.clean()
        make_main(browser_config())(page)

    return main
