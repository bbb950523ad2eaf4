"""Details of history and head-to-head (companion/table/stats.py), one rule per test."""

from datetime import date

import pytest

from companion.table import stats
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def evening(service, players, orders, day, preset="trou-du-cul", settings=()):
    ev = service.create_evening(players, preset, day=day, settings=settings)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def ids(ev):
    return {name: pid for pid, name in ev.names().items()}


def test_history_rows_say_when_a_hand_started_reversed(service):
    """Under revolution=quad_persistent, a hand played after a revolution started with the
    order reversed, and the history row says so."""
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 1, 5), settings=["revolution=quad_persistent"]
    )
    ev = service.record_hand(ev.id, "Ann Bob Cat Dan".split(), expected_version=ev.version)
    ev = service.record_hand(
        ev.id,
        "Dan Cat Bob Ann".split(),
        expected_version=ev.version,
        events=[{"kind": "revolution", "player": "Dan"}],
    )
    ev = service.record_hand(ev.id, "Ann Bob Cat Dan".split(), expected_version=ev.version)
    rows = stats.evening_history(ev).hands
    assert [r.reversed_order for r in rows] == [h.result.reversed_order for h in ev.hands]
    assert [r.reversed_order for r in rows] == [False, False, True]


def test_head_to_head_skips_an_evening_outside_the_period_and_reads_on(service):
    """An evening outside the period is left out; the evenings after it still count."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead) == (2, 1, 1)


def test_head_to_head_keeps_to_the_start_of_the_period(service):
    """Evenings before ``start`` are left out of the head-to-head."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 0, 1, 1)


def test_head_to_head_keeps_to_the_end_of_the_period(service):
    """Evenings after ``end`` are left out of the head-to-head."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, end=date(2023, 12, 31)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 1, 0, 1)


def test_an_evening_of_even_duels_counts_as_met(service):
    """An evening where each placed above the other as often counts as an evening met."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    h = stats.head_to_head(stats.summaries_of([ev]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (2, 1, 1, 1)


def test_head_to_head_adds_up_over_evenings(service):
    """Hands won by each side add up over every evening both played."""
    one = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    two = evening(service, FOUR, ["Ann Bob Cat Dan", "Ann Cat Bob Dan"], date(2024, 1, 12))
    who = ids(two)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (3, 3, 0, 2)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Bob"], who["Ann"], {})
    assert (h.a_ahead, h.b_ahead) == (0, 3)


def test_head_to_head_shows_names_and_falls_back_on_ids(service):
    """Both players are shown by their names; an id without a name is shown as it is."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    summaries = stats.summaries_of([ev])
    names = {who["Ann"]: "Ann", who["Bob"]: "Bob"}
    h = stats.head_to_head(summaries, who["Ann"], who["Bob"], names)
    assert (h.a_name, h.b_name) == ("Ann", "Bob")
    h = stats.head_to_head(summaries, who["Ann"], who["Bob"], {})
    assert (h.a_name, h.b_name) == (who["Ann"], who["Bob"])
