"""End-to-end fixtures: ``companion serve`` in a subprocess, Debian's Chromium via Playwright.

The tests skip (with the reason) only when /usr/bin/chromium is absent; CI installs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.browser import CHROMIUM, PHONE, PHONE_WAIT, Server, launch, running_server

# What a page that stopped answering looks like: a Playwright wait running out, the helpers'
# own waits for a page or a server that never came up (``TimeoutError``: the server's first
# answer, Flutter's semantics tree), or the hang guard of pyproject.toml. Only those get a
# second try (see the test extra's comment); a tap that lands wrong or a wrong text does not.
STALLED_PAGE: list[type[BaseException] | str] = [
    PlaywrightTimeout,
    TimeoutError,
    r"^Failed: Timeout \(>[0-9.]+s\) from pytest-timeout",
]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in item.keywords and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=STALLED_PAGE))
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is absent (apt-get install chromium)")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the e2e session, with its own data folder (holding one evening of two
    hands) and table key. Flet's info log is on, so the tests can check that the key never
    reaches a log."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("data")
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    ev = service.record_hand(ev.id, ["Léa", "Tom", "Sam", "Zoé"], expected_version=ev.version)
    service.record_hand(ev.id, ["Tom", "Léa", "Zoé", "Sam"], expected_version=ev.version)
    with running_server(data_dir=folder, env={"FLET_LOG_LEVEL": "info"}) as srv:
        yield srv


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Module scope: Playwright's sync API keeps an event loop running in this thread until
    # it stops, which tests elsewhere that call asyncio.run() must not inherit.
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (no shared storage) the size of a phone."""
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    yield ctx
    ctx.close()
