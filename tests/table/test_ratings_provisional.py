"""A rating is provisional while its uncertainty is still high: the table layer decides it,
the leaderboard, the player's page and ``leaderboard --rating`` show it."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.ratings import PROVISIONAL_SIGMA, START, provisional, rate_hand
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def test_provisional_while_sigma_is_above_three_quarters_of_the_start() -> None:
    """Rule: provisional exactly while sigma > 3/4 of the starting sigma (25 ± 8.3)."""
    assert pytest.approx(0.75 * START[1]) == PROVISIONAL_SIGMA
    assert provisional(START[1]) and provisional(PROVISIONAL_SIGMA + 0.01)
    assert not provisional(PROVISIONAL_SIGMA) and not provisional(4.0)


def test_a_newcomer_is_provisional_and_an_evening_of_hands_settles_him() -> None:
    """Rule: three hands leave a rating provisional; 40 hands at a table of 4 do not."""
    values: dict[str, tuple[float, float]] = {}
    orders = [FOUR[i:] + FOUR[:i] for i in range(4)]  # everyone in every place in turn
    for hand in range(40):
        values.update(rate_hand(values, orders[hand % 4]))
        if hand == 2:
            assert provisional(values["Ann"][1])
    assert not provisional(values["Ann"][1])


def test_the_service_s_ratings_carry_the_provisional_mark(tmp_path) -> None:
    """Rule: each ``PlayerRating`` says whether it is provisional (what the screens and the
    command line show); the regular of 40 hands is not, the newcomer of 2 hands is."""
    service = TableService(tmp_path / "data")
    ev = service.create_evening(FOUR, "classique", day=date(2024, 3, 1))
    for hand in range(40):
        order = FOUR[hand % 4 :] + FOUR[: hand % 4]
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.create_evening([*FOUR[:3], "Eve"], "classique", day=date(2024, 3, 8))
    for order in (["Eve", "Ann", "Bob", "Cat"], ["Ann", "Eve", "Bob", "Cat"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    names = {p.id: p.name for p in service.players()}
    marks = {names[r.player_id]: r.provisional for r in service.ratings()}
    assert marks == {"Ann": False, "Bob": False, "Cat": False, "Dan": False, "Eve": True}
