"""The app as a packaged program (``flet build apk|web``): one device, its own data folder,
no table key (whoever holds the device holds the table).

``flet build`` needs ``main.py`` at the project root calling ``run()`` here::

    from companion.app import run

    run()
"""

from __future__ import annotations

import flet as ft

from companion.ui.server import ASSETS_DIR, build_config
from companion.ui.shell import make_main


def run() -> None:
    config = build_config(None, "127.0.0.1", 0, open_room=True)
    ft.run(make_main(config), assets_dir=str(ASSETS_DIR))
