"""Notation details that the rules layer's mutation run showed untested. One rule per test,
the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.cards import Play
from companion.rules.errors import NotationError


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_play_asks_for_cards_or_a_pass(text: str) -> None:
    """A play with nothing in it is refused with a sentence saying what to write, in French
    and in English, naming what was typed."""
    with pytest.raises(NotationError) as info:
        Play.parse(text)
    assert info.value.message("fr") == "Coup vide : indiquez des cartes ou « passe »."
    assert info.value.message("en") == "Empty play: give cards or 'pass'."
    assert info.value.details["token"] == text
