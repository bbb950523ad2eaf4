"""A bare Flet app, the yardstick of the app's taps (issue 20): one button, one text.

    python benchmarks/bare_app.py [--host 127.0.0.1] [--port 8551]

Each tap on the button (``bare-tap``) adds one to the count the text (``bare-text``) shows.
Written the way the app is (a declarative ``@ft.component`` with ``ft.use_state``, served
like ``companion serve``: Flet's own web server, the web client's own files), but with
nothing else: no theme, fonts, routes, data or sessions. ``benchmarks/bench_app.py`` starts
it and times its taps the same way as the app's, in the same run.

Prints ``bare app up: http://HOST:PORT/`` once the server answers.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import threading
import time
import urllib.request

import flet as ft

TAP = 56  # the height of the app's keys (companion.ui.theme.TAP)


@ft.component
def Bare() -> ft.Control:
    count, set_count = ft.use_state(0)
    return ft.Column(
        [
            ft.Semantics(identifier="bare-text", content=ft.Text(str(count), size=22)),
            ft.Semantics(
                identifier="bare-tap",
                button=True,
                content=ft.FilledButton(
                    content=ft.Text("Tap", size=18),
                    height=TAP,
                    on_click=lambda _: set_count(count + 1),
                ),
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def main(page: ft.Page) -> None:
    page.render(Bare)


def say_when_up(url: str, timeout: float = 60.0) -> threading.Thread:
    """Print the address once the server answers it (the caller waits for that line)."""

    def wait() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=2):
                    print(f"bare app up: {url}", flush=True)
                    return
            except OSError:
                time.sleep(0.1)

    thread = threading.Thread(target=wait, daemon=True)
    thread.start()
    return thread


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args(argv)
    # As companion.ui.server.run_web: Flet's web server, and no browser opened by Flet.
    os.environ["FLET_FORCE_WEB_SERVER"] = "true"
    say_when_up(f"http://{args.host}:{args.port}/")
    with contextlib.suppress(KeyboardInterrupt):
        ft.run(main, view=ft.AppView.WEB_BROWSER, host=args.host, port=args.port, no_cdn=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(cli())
