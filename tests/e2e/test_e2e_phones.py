"""Phones at the table in a real browser: the join field keeps the focus for the next name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    Server,
    expect_text,
    open_app,
    running_server,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
_FOCUSED_INPUT = "() => document.activeElement?.tagName === 'INPUT'"


@pytest.fixture(scope="module")
def table() -> Iterator[tuple[Server, str]]:
    """An evening of four under trou-du-cul (players may join and leave)."""
    with running_server() as srv:
        ev = TableService(srv.data_dir).create_evening(PLAYERS, "trou-du-cul")
        yield srv, ev.id


def test_enter_in_the_join_field_adds_the_player_and_keeps_the_focus(table, browser) -> None:
    srv, evening_id = table
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(20_000)
    try:
        page = open_app(ctx, f"{srv.base}/evening/{evening_id}/hands?key={srv.key}")
        tap(page, "tab-players")
        tap(page, "hands-name")
        page.wait_for_function(_FOCUSED_INPUT)
        page.keyboard.type("Max")
        page.keyboard.press("Enter")
        expect_text(page, "player-4", "Max")
        settle(page)
        page.wait_for_function(_FOCUSED_INPUT)  # still in the field: no tap needed
        page.keyboard.type("Ana")  # straight on, as a person at the table would
        page.keyboard.press("Enter")
        expect_text(page, "player-5", "Ana")
        players = TableService(srv.data_dir).evening(evening_id).players
        assert [p.name for p in players][-2:] == ["Max", "Ana"]
    finally:
        ctx.close()
