"""The table's language and theme reach the phones already open, live: a phone with the
key switches to English and to the dark theme, and a second phone, open on the home screen
all along, shows English words and a dark screen without being touched, and keeps them
after a reload."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    goto,
    open_app,
    running_server,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def settings_server() -> Iterator[Server]:
    """Its own data folder: the settings changed here must not reach the other tests."""
    with running_server() as srv:
        yield srv


def _background(page) -> tuple[int, int, int]:
    """The colour of the screen's background, away from any control (bottom corner)."""
    settle(page)
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    return shot.getpixel((8, shot.height - 8))


def _turns_dark(page, tries: int = 40) -> bool:
    """Whether the screen turns dark within a few seconds (the theme animates in)."""
    for _ in range(tries):
        if _is_dark(_background(page)):
            return True
        page.wait_for_timeout(250)
    return False


def _is_dark(rgb: tuple[int, int, int]) -> bool:
    return sum(rgb) / 3 < 80


def test_language_and_theme_reach_an_open_phone(settings_server: Server, browser) -> None:
    """A language and a theme chosen on one phone reach another phone already open, without a touch,
    and stay after a reload."""
    srv = settings_server
    first = browser.new_context(viewport=PHONE, color_scheme="light")
    second = browser.new_context(viewport=PHONE, color_scheme="light")
    for ctx in (first, second):
        ctx.set_default_timeout(PHONE_WAIT)
    try:
        watcher = open_app(second, srv.url)
        expect_text(watcher, "home-new", "Nouvelle soirée")
        assert not _is_dark(_background(watcher))

        page = open_app(first, srv.url)
        # A second app loading on a busy machine: its home may take longer than one wait.
        by_id(page, "home-settings").wait_for(state="attached", timeout=60_000)
        tap(page, "home-settings")
        tap(page, "lang-en")
        expect_text(page, "settings-scope", "Saved for the whole table")
        tap(page, "theme-dark")

        # The second phone was not touched: the new words and the dark screen came to it.
        expect_text(watcher, "home-new", "New evening")
        expect_text(watcher, "home-settings", "Settings")
        assert _turns_dark(watcher)

        goto(watcher, srv.url)  # and a reload keeps them
        expect_text(watcher, "home-new", "New evening")
        assert _turns_dark(watcher)
        assert by_id(watcher, "read-only-banner").count() == 0
    finally:
        for ctx in (first, second):
            ctx.close()
