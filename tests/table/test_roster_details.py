"""Details of who may sit at a table: each refusal's words in both languages."""

from __future__ import annotations

import pytest

from companion.table.roster import PlayerListError, check_count, check_players


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
