"""The rating explained where it first appears, in a real browser: the Leaderboard says what
« cote 25.3 ± 7.9 » means and marks a rating of few hands « provisoire », and so does the
player's page it opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import Server, by_id, expect_text, open_app, running_server, tap

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose data folder holds one evening of three hands: every rating is
    still provisional."""
    from companion.table.service import TableService

    folder: Path = tmp_path_factory.mktemp("rating-data")
    service = TableService(folder)
    players = ["Léa", "Tom", "Sam", "Zoé"]
    ev = service.create_evening(players, "pagat", title="Chez Léa")
    for order in (players, ["Tom", "Léa", "Zoé", "Sam"], ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


def test_the_leaderboard_explains_the_rating_and_marks_it_provisional(
    rated_server: Server, context
) -> None:
    """Rule: on the Leaderboard, a sentence says what the rating and its ± are and that the
    list ranks by points; each line's rating of three hands says « (provisoire) »; the
    player's page it opens says both too."""
    page = open_app(context, rated_server.url)
    tap(page, "home-history")
    tap(page, "tab-leaderboard")
    expect_text(page, "board-rating-help", "La cote estime le niveau")
    expect_text(page, "board-rating-help", "qui baisse à chaque donne jouée")
    expect_text(page, "board-rating-help", "suit les points")
    for rank in (1, 4):
        expect_text(page, f"leader-{rank}", "(provisoire)")
    first = by_id(page, "leader-1").inner_text()
    assert " ± " in first and first.index("cote") < first.index("(provisoire)")

    tap(page, "leader-1")
    expect_text(page, "player-rating", "(provisoire)")
    expect_text(page, "player-rating-help", "± dit l'incertitude")
