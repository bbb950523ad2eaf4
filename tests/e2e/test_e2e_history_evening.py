"""One evening opened from History (issue 21, bugs 2 and 3): a finished evening shows its
podium and its sharing again; one still under way says so and leads back to the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.support.browser import (
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    settle,
    tap,
    tap_found,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"  # screenshots to look at


@pytest.fixture(scope="module")
def two_evenings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Last week's evening, ended (Tom won it), and tonight's, under way after one hand."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("history-evening")
    service = TableService(folder)
    ev = service.create_evening(
        PLAYERS, "pagat", title="Chez Tom", day=date.today() - timedelta(days=7)
    )
    for order in (["Tom", "Léa", "Sam", "Zoé"], ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    service.close(ev.id, expected_version=ev.version)
    ev = service.create_evening(PLAYERS, "pagat", title="Chez Zoé")
    service.record_hand(ev.id, ["Zoé", "Sam", "Tom", "Léa"], expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


def _open(page, title: str) -> None:
    tap(page, "home-history")
    row = page.locator('[flt-semantics-identifier^="evening-"]').filter(has_text=title)
    row.wait_for(state="attached")
    tap_found(page, row)


def test_a_finished_evening_shows_its_podium_and_sharing_again(
    two_evenings: Server, context
) -> None:
    """Rule: History shows a finished evening's podium, its image and its text to share,
    above the standings and the hands."""
    page = open_app(context, two_evenings.url)
    _open(page, "Chez Tom")
    from playwright.sync_api import expect

    # The podium step's words are its label (its text is the avatar's initials).
    # The evening loads first (« Chargement… »): seconds on a busy machine.
    expect(by_id(page, "podium-1")).to_have_attribute(
        "aria-label", re.compile("^Tom\n"), timeout=PHONE_WAIT
    )
    for ident in ("podium-png", "podium-copy", "podium-text"):
        by_id(page, ident).wait_for(state="attached")
    expect_text(page, "standing-1", "1. Tom")
    assert by_id(page, "history-under-way").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.screenshot(path=str(SHOTS / "history-finished-evening.png"))


def test_an_evening_under_way_leads_back_to_the_table(two_evenings: Server, context) -> None:
    """Rule: History says an evening is still under way (standings after its hands, no
    podium) and one tap opens it at the table."""
    page = open_app(context, two_evenings.url)
    _open(page, "Chez Zoé")
    expect_text(page, "history-under-way", "Soirée en cours : le classement après 1 donne.")
    assert by_id(page, "podium").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    page.screenshot(path=str(SHOTS / "history-evening-under-way.png"))
    tap(page, "history-continue")
    expect_text(page, "evening-hand", "Donne 2")


def test_the_leaderboard_under_rules_without_points_shows_no_points(
    tmp_path: Path, context
) -> None:
    """Rule (issue 21, bug 10): under rules that keep no points (Trou-du-cul classique),
    the leaderboard names each player with his places and titles, not "— 0 pt"."""
    from companion.table.service import TableService

    service = TableService(tmp_path / "data")
    ev = service.create_evening(PLAYERS, "classique")
    for order in (["Tom", "Léa", "Sam", "Zoé"], ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    with running_server(data_dir=tmp_path / "data") as srv:
        page = open_app(context, srv.url)
        tap(page, "home-history")
        tap(page, "tab-leaderboard")
        expect_text(page, "leader-1", "1. Tom")
        labels = [by_id(page, f"leader-{rank}").inner_text() for rank in range(1, 5)]
        assert not [label for label in labels if " pt" in label], labels
        assert "Président 2×" in labels[0], labels[0]  # the places and titles say it
