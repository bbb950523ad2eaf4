"""The evening errors (companion/table/evening_errors.py): an error placed at a hand of the
replay."""

from __future__ import annotations

import pytest

from companion.table.evening_errors import DuplicateInOrderError, EveningError
from companion.table.roster import PlayerListError, check_count, check_players
from companion.words import Message
from tests.support.words import Said


def test_an_error_at_a_hand_names_the_hand_and_keeps_the_rest() -> None:
    """A refusal found while replaying hand 3 says "Main 3" / "Hand 3" before its own
    words, keeps its type, code and details, adds the hand to the details, and leaves the
    original error as it was."""
    original = DuplicateInOrderError(
        Said("Ana est deux fois dans l'ordre.", "Ana is twice in the order."), player="Ana"
    )
    placed = original.at_hand(3)
    assert type(placed) is DuplicateInOrderError
    assert placed.code == "duplicate-in-order"
    assert placed.message("fr") == "Main 3 : Ana est deux fois dans l'ordre."
    assert placed.message("en") == "Hand 3: Ana is twice in the order."
    assert str(placed) == "Hand 3: Ana is twice in the order."
    assert placed.details == {"player": "Ana", "hand": 3}
    assert original.details == {"player": "Ana"}
    assert original.message("en") == "Ana is twice in the order."


def test_a_finer_code_survives_the_hand() -> None:
    """An error carrying a finer code than its class keeps it once placed at a hand."""
    placed = EveningError(Said("Trop tard.", "Too late."), "too-late").at_hand(1)
    assert placed.code == "too-late"
    assert placed.details == {"hand": 1}


def test_an_error_at_a_hand_speaks_german() -> None:
    """A catalogue error placed at a hand reads all in German: « Runde 3: … », no French
    word."""
    original = DuplicateInOrderError(Message.of("table.error.named_twice", who="Ana"))
    placed = original.at_hand(3)
    assert placed.message("de") == "Runde 3: Zweimal in der Reihenfolge genannt: Ana."
    assert placed.message("fr") == "Main 3 : Nommé deux fois dans l'ordre d'arrivée : Ana."
    assert placed.message("en") == "Hand 3: Named twice in the finishing order: Ana."


def test_player_list_refusals_in_german() -> None:
    """Too few players and a duplicate name are refused in German too, with their codes."""
    with pytest.raises(PlayerListError) as few:
        check_count(2, (3, 7))
    assert few.value.code == "too-few-players"
    assert few.value.message("de") == "Zu wenige Spieler: 2 (mindestens 3)."
    with pytest.raises(PlayerListError) as twice:
        check_players(["Léa", "léa", "Tom"], (2, 7))
    assert twice.value.code == "duplicate-name"
    assert twice.value.message("de") == "Doppelter Name: „léa“ (wähle verschiedene Namen)."
    assert twice.value.message("fr").startswith("Nom en double")


def test_a_name_given_twice_in_an_order_is_in_the_details(tmp_path) -> None:
    """Rule: a finishing order naming a player twice is refused, and the error's details (what
    a script reads) name that player by id, with the hand."""
    from companion.table.service import TableService

    service = TableService(tmp_path)
    ev = service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat")
    ann = next(p.id for p in ev.players if ev.name(p.id) == "Ann")
    with pytest.raises(DuplicateInOrderError) as caught:
        service.record_hand(ev.id, ["Ann", "Ann", "Cat", "Dan"], expected_version=ev.version)
    assert caught.value.details == {"players": [ann], "hand": 1}
