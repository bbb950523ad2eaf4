"""The evening errors (companion/table/evening_errors.py): an error placed at a hand of the
replay."""

from __future__ import annotations

from companion.table.evening_errors import DuplicateInOrderError, EveningError


def test_an_error_at_a_hand_names_the_hand_and_keeps_the_rest() -> None:
    """A refusal found while replaying hand 3 says "Main 3" / "Hand 3" before its own
    words, keeps its type, code and details, adds the hand to the details, and leaves the
    original error as it was."""
    original = DuplicateInOrderError(
        "Ana est deux fois dans l'ordre.", "Ana is twice in the order.", player="Ana"
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
    placed = EveningError("Trop tard.", "Too late.", "too-late").at_hand(1)
    assert placed.code == "too-late"
    assert placed.details == {"hand": 1}
