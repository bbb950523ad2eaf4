"""The phone build for the browser tests: the site ``companion publish`` writes, served by a
plain static file server (``python -m http.server``) on loopback, which a test can stop
and start again on the same port (the phone going offline and back)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    by_id,
    expect_text,
    free_port,
    open_app,
    reach,
    settle,
    tap,
)

PLAYERS = ["Léa", "Tom", "Ana", "Max", "Zoé"]
START = 120_000  # ms: Pyodide and the app's packages load before the first screen


class StaticServer:
    """``python -m http.server`` over ``folder`` on 127.0.0.1 (a secure context: the
    service worker registers there)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return self.base + "/"

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError(f"the static server did not answer on {self.url}")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            self._proc.wait(10)
            self._proc = None
        # Nothing answers on the port any more: the browser is offline as far as the site goes.
        with socket.socket() as sock:
            assert sock.connect_ex(("127.0.0.1", self.port)) != 0


@contextmanager
def serving(folder: Path) -> Iterator[StaticServer]:
    server = StaticServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def build_site(folder: Path) -> Path:
    """``companion publish folder`` as a user runs it (the wheels come from PyPI, cached)."""
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "publish", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder


def phone(browser: Any) -> Any:
    """A fresh browser profile the size of a phone, downloads accepted."""
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)
    ctx.set_default_timeout(PHONE_WAIT)
    return ctx


def open_site(ctx: Any, url: str) -> Any:
    """A new tab on the site, once its home screen is there (Python loaded, data read)."""
    page = open_app(ctx, url, timeout=START)
    by_id(page, "home-new").wait_for(state="attached", timeout=START)
    return page


def type_into(page: Any, ident: str, text: str) -> None:
    tap(page, ident)
    page.wait_for_function("() => document.activeElement?.tagName === 'INPUT'")
    # A key pressed while the page still answers the tap can be lost (seen in the phone
    # build, where Python answers slower: "Max" became "ax"); a person's keyboard takes that
    # long to open anyway.
    settle(page, quiet=300)
    page.keyboard.press("Control+A")
    # At a person's pace: each key is a round trip to the Python worker, slower in the page
    # than on a server (see the note on typing in docs/performance.md).
    page.keyboard.type(text, delay=60)


def new_evening(page: Any, players: list[str] = PLAYERS) -> None:
    """From home: a new evening of ``players`` on the default rules, roles from the first
    hand, up to its plan."""
    tap(page, "home-new")
    by_id(page, "screen-new-evening").wait_for(state="attached")
    for i, name in enumerate(players):
        type_into(page, "new-name", name)
        tap(page, "new-add")
        expect_text(page, f"player-{i}", f"{i + 1}. {name}")
    reach(page, "roles-first_hand")
    reach(page, "new-create")
    expect_text(page, "evening-hand", "Donne 1", timeout=60_000)


def record(page: Any, taps: list[int], hand: int) -> None:
    """Record hand ``hand``: the players tapped in finishing order (the last one placed by
    the app), until the screen acknowledges it."""
    expect_text(page, "evening-hand", f"Donne {hand}")
    tap(page, "evening-tab-entry")
    for n, i in enumerate(taps):
        tap(page, f"out-{i}")
        expect_text(page, f"out-{i}", f"{n + 1}.")
    tap(page, "evening-record")
    expect_text(page, "evening-result", f"Résultat de la donne {hand}")
