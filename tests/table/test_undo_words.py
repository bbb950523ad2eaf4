"""What the undo and redo buttons say: each change in a few words, in French and English."""

from __future__ import annotations

import pytest

from companion.table.undo_log import Change

WORDS = [
    (Change("record", hand=2), "enregistrement de la donne 2", "recording of hand 2"),
    (Change("edit", hand=3), "correction de la donne 3", "correction of hand 3"),
    (Change("delete", hand=1), "suppression de la donne 1", "deletion of hand 1"),
    (Change("record"), "enregistrement d'une donne", "recording of a hand"),
    (Change("edit"), "correction d'une donne", "correction of a hand"),
    (Change("delete"), "suppression d'une donne", "deletion of a hand"),
    (Change("join", player="Léa"), "arrivée de Léa", "Léa joining"),
    (Change("leave", player="Bo"), "départ de Bo", "Bo leaving"),
    (Change("rank"), "premiers rôles tirés", "the first roles drawn"),
    (Change("close"), "fin de la soirée", "ending the evening"),
]


@pytest.mark.parametrize(("change", "fr", "en"), WORDS)
def test_each_change_in_words(change: Change, fr: str, en: str) -> None:
    """A hand is named by its number when known, "a hand" otherwise; a player by name."""
    assert change.words("fr") == fr
    assert change.words("en") == en


def test_a_change_as_json_carries_its_words_in_the_language_asked() -> None:
    """The JSON keeps action, hand and player, and the words in the viewer's language."""
    change = Change("edit", hand=4)
    assert change.as_json("en") == {
        "action": "edit",
        "hand": 4,
        "player": None,
        "text": "correction of hand 4",
    }
    assert Change("join", player="Léa").as_json("fr") == {
        "action": "join",
        "hand": None,
        "player": "Léa",
        "text": "arrivée de Léa",
    }
