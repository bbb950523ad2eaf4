"""A phone opens in its browser's language until the table picks one: an English phone and a
German one on a table that never chose see their own words; a phone whose browser speaks none
of the app's languages sees the default one; once the table picks French in the settings,
every phone opening the app speaks French."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    expect_text,
    open_app,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).parents[2] / "build" / "e2e"


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Server]:
    """A server on a data folder where no one has chosen a language yet."""
    with running_server(data_dir=tmp_path / "data") as srv:
        yield srv


def _phone(browser: Any, server: Server, locale: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport=PHONE, locale=locale)
    ctx.set_default_timeout(PHONE_WAIT)
    return ctx, open_app(ctx, server.url)


@pytest.mark.parametrize(
    ("locale", "new", "settings"),
    [
        ("en-GB", "New evening", "Settings"),
        ("de-AT", "Neuer Spieleabend", "Einstellungen"),
        ("pt-BR", "Nouvelle soirée", "Réglages"),  # none of ours: the default language
    ],
)
def test_a_phone_speaks_its_browser_s_language(
    browser: Any, fresh: Server, locale: str, new: str, settings: str
) -> None:
    """Rule: with no language chosen for the table, the home screen and the settings are in
    the browser's language (its first one the app speaks)."""
    ctx, page = _phone(browser, fresh, locale)
    try:
        expect_text(page, "home-new", new)
        tap(page, "home-settings")
        expect_text(page, "screen-settings", settings)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"browser-lang-{locale}.png"))
    finally:
        ctx.close()


def test_the_table_s_choice_wins_over_the_browser(browser: Any, fresh: Server) -> None:
    """Rule: once a phone with the key picks French, a phone whose browser is English opens
    in French: the table's language is the table's."""
    ctx, page = _phone(browser, fresh, "en-US")
    try:
        tap(page, "home-settings")
        expect_text(page, "screen-settings", "Settings")
        tap(page, "lang-fr")
        expect_text(page, "screen-settings", "Réglages")
    finally:
        ctx.close()
    ctx, page = _phone(browser, fresh, "en-US")
    try:
        expect_text(page, "home-new", "Nouvelle soirée")
    finally:
        ctx.close()
