"""The app as a program of its own: one device, its own data, no table key (whoever holds
the device holds the table).

- In a browser (the static site ``companion publish`` writes, where Python runs in the
  page through Pyodide): the data lives in the browser's IndexedDB.
- Elsewhere (``flet build``, which needs ``main.py`` at the project root calling
  ``run()``): a data folder on the device.
"""

from __future__ import annotations

import flet as ft

from companion.table import runtime


def run() -> None:
    if runtime.in_browser():
        from companion.ui.browser import make_browser_main

        ft.run(make_browser_main(runtime.browser_runtime()))
        return
    from companion.ui.server import ASSETS_DIR, build_config
    from companion.ui.shell import make_main

    config = build_config(None, "127.0.0.1", 0, open_room=True)
    ft.run(make_main(config), assets_dir=str(ASSETS_DIR))
