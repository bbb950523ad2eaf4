"""The score sheet in detail: who is at the table, zeros for those who have not played,
which direction wins, and the title tally (hands, Présidents, Trous du cul, streaks)."""

from __future__ import annotations

from datetime import date

import pytest

from companion.table.evening_models import HandResult
from companion.table.score_sheet import tally
from companion.table.service import TableService

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def hand(*ranking: str) -> HandResult:
    """A hand's result, reduced to the places it produced (all the tally reads)."""
    return HandResult.model_construct(ranking=ranking)


def column(sheet, name):
    return next(i for i, c in enumerate(sheet.columns) if c.name == name)


def test_a_player_who_left_is_shown_as_away(service):
    """The columns say who is at the table now: a player who left is not, the others are."""
    ev = service.create_evening(
        FIVE, "pagat", day=date(2026, 11, 23), settings=("join_leave=true",)
    )
    ev = service.record_hand(ev.id, FIVE, expected_version=ev.version)
    ev = service.leave(ev.id, "Eve", expected_version=ev.version)
    sheet = service.score_sheet(ev.id)
    assert {c.name: c.present for c in sheet.columns} == {
        "Ann": True,
        "Bob": True,
        "Cat": True,
        "Dan": True,
        "Eve": False,
    }


def test_a_player_who_joined_late_totals_zero_until_he_plays(service):
    """A player who sat down after the first hand has a running total of 0 in the rows
    before he played, and 0 in the totals row until his first hand."""
    ev = service.create_evening(
        FIVE[:4], "pagat", day=date(2026, 11, 23), settings=("join_leave=true",)
    )
    ev = service.record_hand(ev.id, FIVE[:4], expected_version=ev.version)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    sheet = service.score_sheet(ev.id)
    eve = column(sheet, "Eve")
    assert sheet.rows[0].totals[eve] == 0 and sheet.totals[eve] == 0
    ev = service.record_hand(
        ev.id, ["Eve", "Ann", "Bob", "Cat", "Dan"], expected_version=ev.version
    )
    sheet = service.score_sheet(ev.id)
    assert sheet.rows[0].totals[eve] == 0
    assert sheet.rows[1].totals[eve] == sheet.totals[eve] == sheet.rows[1].cells[eve].points
    assert sheet.totals[eve] > 0


def test_card_penalties_are_won_by_the_lowest_total(service):
    """Under card penalties the sheet says that the lowest total leads; under places,
    the highest."""
    ev = service.create_evening(
        FIVE[:4], "trou-du-cul", day=date(2026, 11, 23), settings=["scoring=card_penalty"]
    )
    ev = service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Ann": 0, "Bob": 3, "Cat": 10, "Dan": 5}
    )
    sheet = service.score_sheet(ev.id)
    assert sheet.lower_is_better and sheet.scheme == "card_penalty"
    assert sheet.leader == sheet.columns[column(sheet, "Ann")].player_id  # 0 cards left
    ev2 = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23))
    assert not service.score_sheet(ev2.id).lower_is_better


def test_the_tally_counts_each_players_hands():
    """A player's hands are the hands he played, not the hands he won; one who never
    played counts none."""
    rows = tally(
        ["a", "b", "c", "d"], [hand("a", "b", "c"), hand("a", "c", "b"), hand("b", "a", "c")]
    )
    assert [(t.player_id, t.hands, t.president) for t in rows] == [
        ("a", 3, 2),
        ("b", 3, 1),
        ("c", 3, 0),
        ("d", 0, 0),
    ]


def test_the_last_of_a_hand_is_trou_du_cul_only_with_two_or_more_players():
    """The last place of a hand counts as Trou du cul, even at two players; a hand's only
    player is Président, not also Trou du cul."""
    rows = tally(["a", "b"], [hand("a", "b"), hand("b", "a"), hand("a")])
    assert [(t.president, t.trou_du_cul) for t in rows] == [(2, 1), (1, 1)]


def test_a_streak_is_current_only_up_to_the_last_hand():
    """The current streak counts the hands in a row as Président up to the last one; the
    longest is kept apart, and a player never Président has streaks of 0."""
    rows = tally(
        ["a", "b", "c"],
        [hand("a", "b", "c"), hand("a", "c", "b"), hand("b", "a", "c"), hand("a", "b", "c")],
    )
    assert [(t.current_streak, t.longest_streak) for t in rows] == [(1, 2), (0, 1), (0, 0)]


def test_a_hand_without_anyone_breaks_every_streak():
    """A hand with no ranking at all names no Président: it ends every streak."""
    rows = tally(["a"], [hand("a"), hand()])
    assert (rows[0].current_streak, rows[0].longest_streak, rows[0].hands) == (0, 1, 1)


def test_the_tally_of_some_players_ignores_the_others():
    """Asked for some players only, the tally counts them and ignores the others who
    played the same hands."""
    rows = tally(["b"], [hand("a", "b", "c"), hand("b", "a")])
    assert [(t.player_id, t.hands, t.president, t.trou_du_cul) for t in rows] == [("b", 2, 1, 0)]
    assert rows[0].current_streak == 1
