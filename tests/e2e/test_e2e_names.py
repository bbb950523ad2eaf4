"""Names at the table in a real browser: Enter in the name field adds the name and the
field keeps the focus for the next one; a name that looks like another ("Chloé" after
"Chloe", "zoe" beside "Zoé") is pointed out as it is typed, on the new-evening screen and
when a player joins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    settle,
    tap,
    type_names_in_a_row,
    wait_for_typing,
)

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def names_server() -> Iterator[tuple[Server, str]]:
    """Chloe played before (a saved profile); an evening of four is under way."""
    with running_server() as srv:
        service = TableService(srv.data_dir)
        service.add_player("Chloe")
        ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "trou-du-cul")
        yield srv, ev.id


def test_enter_adds_the_name_and_keeps_the_focus(names_server, browser) -> None:
    """On the new-evening screen, Enter adds the name typed and keeps the focus in the field for the
    next one; a name like a known player's ("Chloé" for "Chloe") is pointed out while typed, may
    still be added, and the notice goes when it is removed."""
    srv, _ = names_server
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, f"{srv.base}/new-evening?key={srv.key}")
        type_names_in_a_row(
            page, "new-name", [("Léa", "player-0", "1. Léa"), ("Tom", "player-1", "2. Tom")]
        )
        assert by_id(page, "new-similar-0").count() == 0  # nothing looks alike yet

        # Chloé, typed while Chloe is a player from before: pointed out while typing.
        settle(page)
        wait_for_typing(page)
        page.keyboard.type("Chloé")
        expect_text(page, "new-similar-0", "« Chloé » ressemble à « Chloe »")
        page.keyboard.press("Enter")  # added all the same (two friends may share a name)
        expect_text(page, "player-2", "3. Chloé")
        expect_text(page, "new-similar-0", "« Chloé » ressemble à « Chloe »")  # and it stays
        tap(page, "seat-remove-2")  # the same person after all: one Chloe only
        by_id(page, "new-similar-0").wait_for(state="detached")
    finally:
        ctx.close()


def test_a_joining_name_like_one_at_the_table_is_pointed_out(names_server, browser) -> None:
    """A name typed to join that looks like one at the table ("zoe" beside "Zoé") is pointed out
    while typed, and the notice goes once the name no longer looks like it."""
    srv, evening_id = names_server
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, f"{srv.base}/evening/{evening_id}/hands?key={srv.key}")
        tap(page, "tab-players")
        tap(page, "hands-name")
        wait_for_typing(page)
        page.keyboard.type("zoe")
        expect_text(page, "hands-similar-0", "« zoe » ressemble à « Zoé »")
        page.keyboard.press("Control+A")
        page.keyboard.type("Max")
        by_id(page, "hands-similar-0").wait_for(state="detached")
    finally:
        ctx.close()
