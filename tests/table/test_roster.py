"""Who may sit at a table: one check of names and counts (``table.roster``) for a plan, a
new evening and a player joining or leaving, with one error type."""

from __future__ import annotations

import pytest

from companion.table.plan import plan_for_preset
from companion.table.roster import PlayerListError, check_count, check_players
from companion.table.service import TableService


def test_names_are_stripped_and_kept_in_order() -> None:
    assert check_players([" Léa", "Tom "]) == ["Léa", "Tom"]


def test_two_names_equal_but_for_case_are_refused() -> None:
    """Rule: "Léa" and "léa" would confuse the table."""
    with pytest.raises(PlayerListError) as caught:
        check_players(["Léa", "Tom", "léa"])
    assert caught.value.code == "duplicate-name" and "léa" in caught.value.message("en")


def test_an_empty_name_is_refused() -> None:
    with pytest.raises(PlayerListError) as caught:
        check_players(["Léa", "  "])
    assert caught.value.code == "empty-name"


@pytest.mark.parametrize(("count", "code"), [(2, "too-few-players"), (8, "too-many-players")])
def test_counts_outside_the_range_are_refused(count: int, code: str) -> None:
    with pytest.raises(PlayerListError) as caught:
        check_count(count, (3, 7))
    assert caught.value.code == code and str(count) in caught.value.message("fr")
    check_count(3, (3, 7))
    check_count(7, (3, 7))


def test_a_plan_and_an_evening_refuse_the_same_list_the_same_way(tmp_path) -> None:
    """Rule: one check for both: the same error type, code and message."""
    for players, code in (
        (["Ann", "Bob", "Cat"], "too-few-players"),
        (["A", "B", "a", "C"], "duplicate-name"),
    ):
        with pytest.raises(PlayerListError) as by_plan:
            plan_for_preset("pagat", players)
        with pytest.raises(PlayerListError) as by_evening:
            TableService(tmp_path).create_evening(players, "pagat")
        assert by_plan.value.code == by_evening.value.code == code
        assert by_plan.value.message("en").lower() == by_evening.value.message("en").lower()


def test_leaving_below_the_preset_s_minimum_is_the_same_error(tmp_path) -> None:
    service = TableService(tmp_path)
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat")
    with pytest.raises(PlayerListError) as caught:
        service.leave(ev.id, "Ann", expected_version=ev.version)
    assert caught.value.code == "too-few-players"
