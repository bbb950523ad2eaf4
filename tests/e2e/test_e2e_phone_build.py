"""The phone build in a real browser: the site of ``companion publish``, served by a plain
static file server, run at phone size with no companion server at all. An evening is
played and scored, survives a new tab and the file server going away, moves to a fresh
browser by a backup, and a second tab waits for the first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import PHONE, by_id, expect_text, goto, open_app, reach, tap
from tests.support.static_site import StaticServer, build_site, serving

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Ana", "Max", "Zoé"]
START = 120_000  # ms: Pyodide and the app's packages load before the first screen


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("phone") / "site")


@pytest.fixture
def static(site: Path) -> Iterator[StaticServer]:
    with serving(site) as server:
        yield server


def _phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport=PHONE, accept_downloads=True)
    ctx.set_default_timeout(30_000)
    return ctx


def _open(ctx: Any, url: str) -> Any:
    page = open_app(ctx, url, timeout=START)
    by_id(page, "home-new").wait_for(state="attached", timeout=START)
    return page


def _type_into(page: Any, ident: str, text: str) -> None:
    tap(page, ident)
    page.wait_for_function("() => document.activeElement?.tagName === 'INPUT'")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def _new_evening(page: Any) -> None:
    tap(page, "home-new")
    by_id(page, "screen-new-evening").wait_for(state="attached")
    for i, name in enumerate(PLAYERS):
        _type_into(page, "new-name", name)
        tap(page, "new-add")
        expect_text(page, f"player-{i}", f"{i + 1}. {name}")
    reach(page, "roles-first_hand")
    reach(page, "new-create")
    expect_text(page, "evening-hand", "Donne 1", timeout=60_000)


def _record(page: Any, taps: list[int], hand: int) -> None:
    expect_text(page, "evening-hand", f"Donne {hand}")
    tap(page, "evening-tab-entry")
    for n, i in enumerate(taps):
        tap(page, f"out-{i}")
        expect_text(page, f"out-{i}", f"{n + 1}.")
    tap(page, "evening-record")
    expect_text(page, "evening-result", f"Résultat de la donne {hand}")


def test_an_evening_on_the_phone_alone(static: StaticServer, browser: Any) -> None:
    """Home, a new evening of five, two hands and an undo, all in the page; a new tab finds
    it all; with the file server gone, the app opens again from the phone's cache."""
    ctx = _phone(browser)
    try:
        page = _open(ctx, static.url)
        _new_evening(page)
        _record(page, [1, 0, 3, 2], 1)  # Tom, Léa, Max, Ana; Zoé last
        expect_text(page, "result-0", "Tom")
        tap(page, "evening-next")
        _record(page, [4, 3, 2, 1], 2)
        tap(page, "evening-next")
        _record(page, [0, 1, 2, 3], 3)
        tap(page, "evening-undo")  # the third hand is taken back
        expect_text(page, "evening-hand", "Donne 3")
        page.close()  # the tab is closed: the next one owns the data

        again = _open(ctx, static.url)
        tap(again, "home-continue")
        expect_text(again, "evening-hand", "Donne 3")
        again.close()

        static.stop()
        offline = _open(ctx, static.url)  # no file server: the service worker's copy
        tap(offline, "home-continue")
        expect_text(offline, "evening-hand", "Donne 3")
    finally:
        ctx.close()
