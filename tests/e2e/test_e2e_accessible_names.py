"""Every screen read by a screen reader (issue 21 §8): no button, checkbox, switch or field
without a name. Walks every screen of the app with an evening under way, a past one and
players, as a person would, and lists what has no accessible name on each."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    by_id,
    open_app,
    running_server,
    settle,
    tap,
    type_names_in_a_row,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]

# What a reader announces as something to act on, and the name it reads: the label, the
# text inside, a field's placeholder or its value (a selectable text is a read-only field).
# The unnamed ones are reported by the identifier of their nearest tagged ancestor (else
# their HTML).
_UNNAMED = """() => [...document.querySelectorAll(
    '[role=button],[role=checkbox],[role=switch],[role=radio],[role=slider],'
    + '[role=textbox],[role=tab],[role=link],input,textarea')]
  .filter(e => !(e.getAttribute('aria-label') || '').trim()
            && !(e.textContent || '').trim()
            && !(e.getAttribute('placeholder') || '').trim()
            && !(e.value || '').trim())
  .map(e => {
    const tagged = e.closest('[flt-semantics-identifier]');
    return tagged ? tagged.getAttribute('flt-semantics-identifier') : e.outerHTML.slice(0, 120);
  })"""


def _unnamed(page: Any) -> list[str]:
    settle(page)
    return list(page.evaluate(_UNNAMED))


def test_every_screen_names_everything_a_person_can_act_on(browser: Any, tmp_path: Path) -> None:
    """Rule: on every screen, each button, checkbox, switch and field has a name a screen
    reader can say."""
    data = tmp_path / "data"
    service = TableService(data)
    past = service.create_evening(PLAYERS, "pagat", day=date.today() - timedelta(days=7))
    past = service.record_hand(past.id, PLAYERS, expected_version=past.version)
    service.close(past.id, expected_version=past.version)
    tonight = service.create_evening(PLAYERS, "trou-du-cul")
    service.record_hand(tonight.id, PLAYERS, expected_version=tonight.version)
    found: dict[str, list[str]] = {}
    with running_server(data_dir=data) as srv:
        ctx = browser.new_context(viewport=PHONE)
        ctx.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(ctx, srv.url)

            def look(screen: str, ident: str) -> None:
                by_id(page, ident).wait_for(state="attached")
                found[screen] = _unnamed(page)

            look("home", "home-continue")
            tap(page, "home-new")
            type_names_in_a_row(
                page, "new-name", [("Ana", "player-0", "Ana"), ("Bob", "player-1", "Bob")]
            )
            look("new evening, two players seated", "seat-remove-1")
            tap(page, "back")
            tap(page, "home-continue")
            look("evening: plan", "table-drawing")
            tap(page, "evening-tab-entry")
            tap(page, "out-0")
            look("evening: hand entry, one tap", "order-clear")
            tap(page, "evening-tab-scores")
            look("evening: scores", "evening-tab-scores")
            tap(page, "evening-hands")
            look("hands and players", "screen-hands")
            tap(page, "back")
            tap(page, "back")
            tap(page, "home-dispute")
            look("dispute", "delete-card")
            tap(page, "back")
            tap(page, "home-history")
            look("history", "tab-leaderboard")
            page.locator('[flt-semantics-identifier^="evening-"]').first.click()
            look("history: one evening", "standing-1")
            tap(page, "back")
            tap(page, "tab-leaderboard")
            look("leaderboard", "leader-1")
            tap(page, "leader-1")
            look("a player", "player-rating")
            tap(page, "back")
            tap(page, "back")
            tap(page, "home-players")
            look("players", "screen-players")
            tap(page, "back")
            tap(page, "home-invite")
            look("invite", "screen-invite")
            tap(page, "back")
            tap(page, "home-settings")
            look("settings", "screen-settings")
        finally:
            ctx.close()
    assert {screen: names for screen, names in found.items() if names} == {}
    assert len(found) == 14
