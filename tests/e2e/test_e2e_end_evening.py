"""Ending the evening from its Scores tab (issue 21 §4): one tap and a confirmation there,
and every phone, the one that ended it included, lands on the podium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    by_id,
    expect_text,
    open_tonight,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"  # screenshots to look at


def test_the_scores_tab_ends_the_evening_and_every_phone_shows_the_podium(
    browser: Any, tmp_path: Path
) -> None:
    """Rule: "Terminer la soirée" is on the Scores tab once a hand is recorded; after its
    confirmation, the phone that ended it and the other phone both show the podium."""
    data = tmp_path / "data"
    service = TableService(data)
    ev = service.create_evening(PLAYERS, "trou-du-cul")
    service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    with running_server(data_dir=data) as srv:
        ctx_a, a = open_tonight(browser, srv.url)
        ctx_b, b = open_tonight(browser, srv.url)
        try:
            tap(a, "evening-tab-scores")
            tap(a, "evening-end")
            expect_text(a, "evening-end-warning", "Plus aucune donne")
            SHOTS.mkdir(parents=True, exist_ok=True)
            a.screenshot(path=str(SHOTS / "end-from-scores-confirm.png"))
            tap(a, "evening-end-confirm")
            for page in (a, b):
                expect_text(page, "evening-ended", "La soirée est terminée")
                by_id(page, "podium-1").wait_for(state="attached")
            assert service.evening(ev.id).ended
            assert by_id(a, "evening-end").count() == 0  # nothing left to end
            a.screenshot(path=str(SHOTS / "ended-from-scores.png"))
        finally:
            ctx_a.close()
            ctx_b.close()


def test_no_end_before_the_first_hand(browser: Any, tmp_path: Path) -> None:
    """Rule: an evening with no hand recorded offers no end on its Scores tab (there is
    nothing to rank yet)."""
    data = tmp_path / "data"
    TableService(data).create_evening(PLAYERS, "trou-du-cul")
    with running_server(data_dir=data) as srv:
        ctx, page = open_tonight(browser, srv.url)
        try:
            tap(page, "evening-tab-scores")
            by_id(page, "evening-tab-scores").wait_for(state="attached")
            expect_text(page, "standing-0", "")
            assert by_id(page, "evening-end").count() == 0
        finally:
            ctx.close()
