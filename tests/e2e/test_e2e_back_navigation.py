"""Back navigation (issue 21 §6): the browser's back button and the app's back arrow go to
the same place, and each screen is one entry of the browser's history."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import by_id, open_phone, running_server, tap

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


def _ended_evening(data: Path) -> str:
    service = TableService(data)
    ev = service.create_evening(PLAYERS, "classique", title="Chez Léa")
    ev = service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    service.close(ev.id, expected_version=ev.version)
    return ev.id


def test_the_back_arrow_is_the_browsers_back(browser: Any, tmp_path: Path) -> None:
    """Rule: Home › History › an evening, then the app's back arrow twice, leaves the
    browser's history as it was before the arrow: forward shows History again, and back from
    Home leaves the app instead of replaying History and the evening."""
    data = tmp_path / "data"
    evening = f"evening-{_ended_evening(data)}"
    with running_server(data_dir=data) as srv:
        ctx, page = open_phone(browser, srv.url)
        try:
            tap(page, "home-history")
            tap(page, evening)
            by_id(page, "screen-history-evening").wait_for(state="attached")
            tap(page, "back")
            by_id(page, evening).wait_for(state="attached")  # History again
            tap(page, "back")
            by_id(page, "home-history").wait_for(state="attached")  # Home again
            page.go_forward()  # the arrow went back: History is the entry ahead
            by_id(page, evening).wait_for(state="attached")
            page.go_back()
            by_id(page, "home-history").wait_for(state="attached")
            page.go_back()  # nothing of the app before Home
            page.wait_for_url("about:blank")
        finally:
            ctx.close()


def test_the_browsers_back_goes_where_the_arrow_would(browser: Any, tmp_path: Path) -> None:
    """Rule: from an evening opened in History, the browser's back shows History, as the
    app's arrow does."""
    data = tmp_path / "data"
    evening = f"evening-{_ended_evening(data)}"
    with running_server(data_dir=data) as srv:
        ctx, page = open_phone(browser, srv.url)
        try:
            tap(page, "home-history")
            tap(page, evening)
            by_id(page, "screen-history-evening").wait_for(state="attached")
            page.go_back()
            by_id(page, evening).wait_for(state="attached")
            page.go_back()
            by_id(page, "home-history").wait_for(state="attached")
        finally:
            ctx.close()
