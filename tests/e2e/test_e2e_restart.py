"""A restart of ``companion serve`` at the table (issue 21 §1): the server killed and started
again with the same command keeps the table's key, so the phones that had it edit again
without scanning, and a phone's half-entered taps come back."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE_WAIT,
    by_id,
    expect_text,
    goto,
    open_tonight,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"  # screenshots to look at


def test_a_killed_server_started_again_lets_both_phones_edit_with_their_taps(
    browser: Any, tmp_path: Path
) -> None:
    """Rule: after SIGKILL and the same ``companion serve`` command, both phones that had
    the key edit again without scanning, and the taps one had made come back."""
    data = tmp_path / "data"
    contexts = []
    try:
        with running_server(data_dir=data) as first:
            evening = TableService(data).create_evening(PLAYERS, "trou-du-cul")
            ctx_a, a = open_tonight(browser, first.url)
            ctx_b, b = open_tonight(browser, first.url)
            contexts += [ctx_a, ctx_b]
            tap(a, "evening-tab-entry")
            tap(a, "out-0")
            expect_text(a, "order", "Léa")
            tap(a, "out-1")
            expect_text(a, "order", "Léa → Tom")
            # Back to the plan: the Donne tab and its order then come only from the new
            # server (the page keeps showing the old screen while it reconnects).
            tap(a, "evening-tab-plan")
            by_id(a, "order").wait_for(state="detached")
            port, key = int(first.base.rsplit(":", 1)[1]), first.key
            os.kill(first.pid, signal.SIGKILL)
            # While it is down, each phone says so in the table's language (issue 21, bug 5).
            for page in (a, b):
                offline = page.locator("#companion-offline")
                offline.wait_for(state="visible", timeout=PHONE_WAIT)
                assert "Connexion perdue" in offline.inner_text()
                assert "companion serve" in offline.inner_text()
            SHOTS.mkdir(parents=True, exist_ok=True)
            a.screenshot(path=str(SHOTS / "server-down.png"))
        with running_server(data_dir=data, port=port) as again:
            assert again.key == key
            assert "table-key" in again.output.read_text("utf-8")
            for page in (a, b):  # back: the notice goes
                page.locator("#companion-offline").wait_for(state="detached", timeout=60_000)
            # Phone A reconnects by itself, and opens the Donne tab with its two taps.
            expect_text(a, "order", "Léa → Tom", timeout=60_000)
            assert by_id(a, "read-only-banner").count() == 0
            tap(a, "out-2")
            expect_text(a, "order", "Léa → Tom → Sam → Zoé")
            tap(a, "evening-record")
            expect_text(a, "evening-hand", "Donne 2")
            saved = TableService(data).evening(evening.id)
            (hand,) = saved.hands
            assert [saved.names()[pid] for pid in hand.order] == PLAYERS  # the kept taps, then one
            # Phone B, which had tapped nothing, records the next hand.
            expect_text(b, "evening-hand", "Donne 2", timeout=60_000)
            assert by_id(b, "read-only-banner").count() == 0
            tap(b, "evening-tab-entry")
            for i in range(3):
                tap(b, f"out-{i}")
            tap(b, "evening-record")
            expect_text(b, "evening-hand", "Donne 3")
            assert len(TableService(data).evening(evening.id).hands) == 2
            # Recorded taps are forgotten: phone A reloaded shows none.
            goto(a, a.url)
            tap(a, "evening-tab-entry")
            expect_text(a, "order", "Touchez qui sort en premier")
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_server_down_is_said_in_the_table_s_language(browser: Any, tmp_path: Path) -> None:
    """Rule (issue 21, bug 5): a table playing in English is told in English that the
    server is gone (the page reads the language the app kept in the phone's storage)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "ui-settings.json").write_text('{"lang": "en", "theme": "light"}', "utf-8")
    TableService(data).create_evening(PLAYERS, "trou-du-cul")
    with running_server(data_dir=data) as srv:
        ctx, page = open_tonight(browser, srv.url)
        try:
            expect_text(page, "evening-hand", "Hand 1")
            page.wait_for_function(
                "() => localStorage.getItem('flutter.companion.lang') === '\"en\"'"
            )
            os.kill(srv.pid, signal.SIGKILL)
            offline = page.locator("#companion-offline")
            offline.wait_for(state="visible", timeout=PHONE_WAIT)
            assert "Lost the connection" in offline.inner_text()
        finally:
            ctx.close()
