"""The evening's ranking rule on screen (issue 21 §3): the score sheet and the podium say
what ranks the evening, and the leader and the podium follow the table's choice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import by_id, expect_text, open_tonight, running_server, tap

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Tom", "Léa", "Max", "Zoé"]
# Ana is Président three times; Tom wins the last hand.
HANDS = [
    ["Ana", "Tom", "Léa", "Max", "Zoé"],
    ["Ana", "Léa", "Tom", "Max", "Zoé"],
    ["Tom", "Ana", "Léa", "Max", "Zoé"],
    ["Ana", "Léa", "Max", "Zoé", "Tom"],
    ["Tom", "Léa", "Ana", "Max", "Zoé"],
]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"


def _evening(data: Path, settings: list[str]) -> str:
    service = TableService(data)
    ev = service.create_evening(PLAYERS, "classique", settings=settings)
    for order in HANDS:
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return ev.id


def test_the_sheet_names_the_last_hand_rule_without_points(browser: Any, tmp_path: Path) -> None:
    """Rule: without points the last hand ranks the evening, and the Scores tab says so
    beside the leader (Tom, who won the last hand)."""
    data = tmp_path / "data"
    _evening(data, [])
    with running_server(data_dir=data) as srv:
        ctx, page = open_tonight(browser, srv.url)
        try:
            tap(page, "evening-tab-scores")
            expect_text(page, "sheet-leader", "En tête : Tom")
            expect_text(page, "sheet-rank-rule", "l'ordre de la dernière donne")
        finally:
            ctx.close()


def test_times_president_puts_the_most_presidencies_on_top(browser: Any, tmp_path: Path) -> None:
    """Rule: with evening_rank=times_president the leader and the podium's top step are Ana
    (three times Président), not Tom (last hand), and the podium names the rule."""
    data = tmp_path / "data"
    _evening(data, ["evening_rank=times_president"])
    with running_server(data_dir=data) as srv:
        ctx, page = open_tonight(browser, srv.url)
        try:
            tap(page, "evening-tab-scores")
            expect_text(page, "sheet-leader", "En tête : Ana")
            expect_text(page, "sheet-rank-rule", "le plus de fois Président")
            tap(page, "evening-end")
            tap(page, "evening-end-confirm")
            by_id(page, "podium-1").wait_for(state="attached")
            label = by_id(page, "podium-1").get_attribute("aria-label") or ""
            assert "Ana" in label and "3× Président" in label, label
            expect_text(page, "podium-rank-rule", "le plus de fois Président")
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "podium-times-president.png"))
        finally:
            ctx.close()
