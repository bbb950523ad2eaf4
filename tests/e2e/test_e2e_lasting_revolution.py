"""A lasting revolution (B9 quad_persistent) at a real table, in a browser: after a hand with a
revolution, the evening's plan says the next hand starts with the order reversed, and the
dispute opened from the evening starts reversed too (a 4 beats a king)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    Server,
    by_id,
    expect_text,
    goto,
    into_view,
    open_app,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).parents[2] / "build" / "e2e"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, list[str]]]:
    """An evening of PAGAT with lasting revolutions, one hand played with a revolution."""
    folder: Path = tmp_path_factory.mktemp("revolution-data")
    service = TableService(folder)
    evening = service.create_evening(
        ["Léa", "Tom", "Sam", "Zoé"],
        "pagat",
        title="Chez Léa",
        settings=["revolution=quad_persistent"],
    )
    evening = service.record_hand(
        evening.id,
        ["Sam", "Tom", "Léa", "Zoé"],
        events=[{"kind": "revolution", "player": "Zoé"}],
        expected_version=evening.version,
    )
    assert evening.reversed_order and evening.next_plan is not None
    lines = evening.next_plan.instructions("fr")
    with running_server(data_dir=folder) as srv:
        yield srv, evening.id, lines


def test_the_plan_says_the_next_hand_starts_reversed(table, context) -> None:
    """WIKI: « gardent leur valeur inversée jusqu'à ce qu'un joueur pose une révolution »: the
    table plan says so on the felt at a glance, and in full in its details."""
    server, evening_id, lines = table
    page = open_app(context, server.url)
    goto(page, server.base + route_with_key(f"/evening/{evening_id}", server.key))
    expect_text(page, "table-reversed", "Révolution : ordre inversé")
    reversed_line = next(i for i, line in enumerate(lines) if "révolution continue" in line)
    tap(page, "plan-details")
    expect_text(page, f"detail-{reversed_line}", "La révolution continue")
    into_view(page, "table-reversed")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "plan-lasting-revolution.png"))


def test_a_dispute_from_the_evening_starts_reversed(table, context) -> None:
    """The dispute opened from that evening plays the reversed order: on a king, a 4 is good."""
    server, evening_id, _ = table
    page = open_app(context, server.url)
    goto(page, server.base + route_with_key(f"/evening/{evening_id}", server.key))
    tap(page, "evening-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")
    expect_text(page, "actor-0", "Sam (son tour)")  # the Président leads the next hand
    tap(page, "rank-K")
    tap(page, "add")
    expect_text(page, "table-0", "Sam : R")  # the king, as French cards read
    tap(page, "rank-4")
    tap(page, "judge")
    expect_text(page, "ruling-verdict", "Coup valable")
    page.screenshot(path=str(SHOTS / "dispute-lasting-revolution.png"), full_page=True)
