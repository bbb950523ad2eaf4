"""Who may sit at a table: one check of names and counts (``table.roster``) for a plan, a
new evening and a player joining or leaving, with one error type."""

from __future__ import annotations

import pytest

from companion.table.plan import plan_for_preset
from companion.table.roster import PlayerListError, check_count, check_players
from companion.table.service import TableService


def test_names_are_stripped_and_kept_in_order() -> None:
    """Players' names are stripped of surrounding spaces and kept in the order given."""
    assert check_players([" Léa", "Tom "]) == ["Léa", "Tom"]


def test_two_names_equal_but_for_case_are_refused() -> None:
    """Rule: "Léa" and "léa" would confuse the table."""
    with pytest.raises(PlayerListError) as caught:
        check_players(["Léa", "Tom", "léa"])
    assert caught.value.code == "duplicate-name" and "léa" in caught.value.message("en")


def test_an_empty_name_is_refused() -> None:
    """A blank name is refused with the code empty-name."""
    with pytest.raises(PlayerListError) as caught:
        check_players(["Léa", "  "])
    assert caught.value.code == "empty-name"


@pytest.mark.parametrize(("count", "code"), [(2, "too-few-players"), (8, "too-many-players")])
def test_counts_outside_the_range_are_refused(count: int, code: str) -> None:
    """A player count outside the preset's range is refused naming the count; its bounds are
    allowed."""
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
    """A player leaving that would bring the table below the preset's minimum is refused as too-few-
    players."""
    service = TableService(tmp_path)
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat")
    with pytest.raises(PlayerListError) as caught:
        service.leave(ev.id, "Ann", expected_version=ev.version)
    assert caught.value.code == "too-few-players"


def refusal(names: list[str], player_range: tuple[int, int] | None = None) -> PlayerListError:
    with pytest.raises(PlayerListError) as caught:
        check_players(names, player_range)
    return caught.value


def test_an_empty_name_is_refused_in_both_languages() -> None:
    """A blank name is refused before anything else, said plainly."""
    err = refusal(["Léa", " ", "léa"])
    assert (err.code, err.message("fr"), err.message("en")) == (
        "empty-name",
        "Nom de joueur vide.",
        "Empty player name.",
    )


def test_a_duplicate_is_named_as_typed_the_second_time() -> None:
    """The refusal quotes the second spelling, the one to change, in its details too."""
    err = refusal(["Léa", "Tom", " LÉA "])
    assert err.message("fr") == "Nom en double : « LÉA » (choisissez des noms différents)."
    assert err.message("en") == "Duplicate name: 'LÉA' (use different names)."
    assert err.details == {"name": "LÉA"}
    assert err.code == "duplicate-name"


def test_counts_are_checked_after_the_names() -> None:
    """Without a range any count is fine; with one, the count is checked against it."""
    assert check_players(["A"]) == ["A"]
    err = refusal(["A", "B"], (3, 7))
    assert err.code == "too-few-players"


def test_count_refusals_name_the_count_and_the_limit() -> None:
    """Too few or too many: the count and the limit, in both languages; the limits
    themselves are allowed."""
    with pytest.raises(PlayerListError) as few:
        check_count(2, (3, 7))
    assert few.value.message("fr") == "Trop peu de joueurs : 2 (au moins 3)."
    assert few.value.message("en") == "Too few players: 2 (at least 3)."
    with pytest.raises(PlayerListError) as many:
        check_count(8, (3, 7))
    assert many.value.message("fr") == "Trop de joueurs : 8 (au plus 7)."
    assert many.value.message("en") == "Too many players: 8 (at most 7)."
    assert (few.value.code, many.value.code) == ("too-few-players", "too-many-players")
    check_count(3, (3, 7))
    check_count(7, (3, 7))
