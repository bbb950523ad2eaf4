"""The scores in a real browser: the score sheet live on a second phone, the podium at the
end of the evening with its PNG and text downloads, and each player's colour the same on the
grid, the podium and the leaderboard."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PIL import Image

from companion.table.identity import colours
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    into_view,
    open_app,
    reach,
    running_server,
    tap,
    text_of,
)
from tests.support.colours import close, fill_of

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé", "Ana"]


@pytest.fixture(scope="module")
def scores_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """An evening of three hands (pagat, hands=3) with one hand played, and an older
    evening, so that the leaderboard has ratings."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("scores-data")
    service = TableService(folder)
    old = service.create_evening(PLAYERS, "pagat", day=date(2026, 1, 9), settings=("hands=1",))
    service.record_hand(old.id, list(reversed(PLAYERS)), expected_version=old.version)
    # "Zoe" typed once, a week later: the same person as Zoé, to be merged.
    typo = ["Léa", "Tom", "Sam", "Zoe", "Ana"]
    old = service.create_evening(typo, "pagat", day=date(2026, 1, 16), settings=("hands=1",))
    service.record_hand(old.id, typo, expected_version=old.version)
    ev = service.create_evening(PLAYERS, "pagat", title="Chez Léa", settings=("hands=3",))
    service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


def _record(page, taps: list[int], hand: int) -> None:
    """Tap the order in on the Donne tab and record (the screen then shows the Scores tab)."""
    tap(page, "evening-tab-entry")
    expect_text(page, "evening-hand", f"Donne {hand}")
    for n, i in enumerate(taps):
        into_view(page, f"out-{i}")
        tap(page, f"out-{i}")
        expect_text(page, f"out-{i}", f"{n + 1}.")
    into_view(page, "evening-record")
    tap(page, "evening-record")


def _expect_said(page, ident: str, text: str) -> None:
    """Wait until the control tagged ``ident`` says ``text``: in its text, or in the label
    Flutter gives a group that holds another tagged control (the avatar)."""
    import re

    from playwright.sync_api import expect

    node = by_id(page, ident)
    expect(node).to_have_attribute("aria-label", re.compile(re.escape(text)), timeout=PHONE_WAIT)


def test_sheet_live_on_a_second_phone_then_podium_downloads_and_colours(
    scores_server: Server, browser
) -> None:
    """The score sheet follows the hands recorded on another phone live; when the last hand ends the
    evening every phone shows the podium, which downloads a PNG 1080 pixels wide and the results as
    text, and each player has the same colour on the podium as on the grid."""
    from companion.table.service import TableService

    srv = scores_server
    first = browser.new_context(viewport=PHONE)
    second = browser.new_context(viewport=PHONE)
    for ctx in (first, second):
        ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(first, srv.url)
        tap(page, "home-continue")
        service = TableService(srv.data_dir)
        ids = {p.name: p.id for p in service.players()}
        expected = colours([p.id for p in service.players()])
        tap(page, "evening-tab-scores")
        into_view(page, "sheet-totals")
        expect_text(page, "sheet-total-0", "2")  # Léa won the first hand (2 points)
        other = open_app(second, page.url)
        tap(other, "evening-tab-scores")
        into_view(other, "sheet-totals")
        expect_text(other, "sheet-leader", "Léa")

        _record(page, [1, 0, 2, 3], 2)  # Tom, Léa, Sam, Zoé; Ana last
        into_view(other, "sheet-row-2")  # the other phone, without reloading
        expect_text(other, "sheet-total-1", "3")  # Tom: 1 + 2
        expect_text(other, "sheet-total-0", "3")  # Léa: 2 + 1

        # Out-keys follow the ranking (now Tom, Léa, Sam, Zoé, Ana): Tom, Sam, Léa, Zoé.
        _record(page, [0, 2, 1, 3], 3)  # Tom wins the last hand: the evening ends
        _expect_said(page, "podium-1", "Tom")
        _expect_said(other, "podium-1", "Tom")  # the podium on every phone
        _expect_said(page, "podium-2", "Léa")

        into_view(page, "podium-png")
        with page.expect_download() as download:
            tap(page, "podium-png")
        png = Path(download.value.path()).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and download.value.suggested_filename.endswith(
            ".png"
        )
        assert Image.open(io.BytesIO(png)).width == 1080
        into_view(page, "podium-text")
        with page.expect_download() as download:
            tap(page, "podium-text")
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert text.startswith("🃏 Chez Léa") and "🥇 Tom — 5 pts" in text

        # Each player's colour: the same on the grid and the podium.
        tom = expected[ids["Tom"]].fill
        into_view(page, "podium-avatar-1")
        assert close(fill_of(page, "podium-avatar-1"), tom)
        tom_column = ["Léa", "Tom", "Sam", "Zoé", "Ana"].index("Tom")  # seating order
        into_view(page, f"sheet-avatar-{tom_column}")
        assert close(fill_of(page, f"sheet-avatar-{tom_column}"), tom)
    finally:
        for ctx in (first, second):
            ctx.close()


def test_history_leaderboard_player_page_and_merge(scores_server: Server, browser) -> None:
    """The history row names the evening with its start time and rules; the leaderboard
    shows the rating and the average place as a place, each player in his own colour there
    and on his page; a merge on the players screen counts Zoe as Zoé, and undo takes it
    back."""
    from companion.table.service import TableService

    srv = scores_server
    service = TableService(srv.data_dir)
    ids = {p.name: p.id for p in service.players()}
    expected = colours([p.id for p in service.players()])
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, srv.url)
        tap(page, "home-history")
        row = page.locator('[flt-semantics-identifier^="evening-"]').filter(has_text="Chez Léa")
        row.wait_for(state="attached")
        text = row.inner_text()
        assert re.search(r"à \d\d:\d\d", text) and "Président (PAGAT" in text

        tap(page, "tab-leaderboard")
        expect_text(page, "leader-1", "cote ")
        expect_text(page, "leader-1", "place moyenne ")
        assert re.search(r"place moyenne \d(,\d)? sur \d", text_of(page, "leader-1"))
        first = text_of(page, "leader-1").split(". ", 1)[1].split(" —", 1)[0]
        # The line's avatar: 36 px after the line's 12 px padding.
        assert close(fill_of(page, "leader-1", width=50), expected[ids[first]].fill)
        tap(page, "leader-1")
        expect_text(page, "player-rating", "cote ")
        expect_text(page, "player-titles", "Président")
        assert close(fill_of(page, "player-avatar"), expected[ids[first]].fill)
        into_view(page, "rival-0")
        expect_text(page, "rival-0", "contre ")

        tap(page, "back")  # to the players
        by_id(page, "screen-players").wait_for(state="attached")
        names = [p.name for p in sorted(service.active_players(), key=lambda p: p.name.casefold())]
        zoe, zoe_accent = names.index("Zoe"), names.index("Zoé")
        reach(page, f"merge-{zoe}")
        expect_text(page, "merge-help", "Zoe")
        reach(page, f"merge-into-{zoe_accent}")
        expect_text(page, "players-message", "Zoe compte désormais comme Zoé")
        assert TableService(srv.data_dir).active_players() and "Zoe" not in {
            p.name for p in TableService(srv.data_dir).active_players()
        }
        page.mouse.wheel(0, -3000)
        tap(page, "players-undo")
        expect_text(page, "players-message", "Annulé")
        assert "Zoe" in {p.name for p in TableService(srv.data_dir).active_players()}
    finally:
        ctx.close()
