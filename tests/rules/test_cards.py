"""Reading cards (companion/rules/cards.py): an empty play, a joker given a suit, a colour on
a card that is no joker, where a name ends. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.cards import Card, JokerColour, Play, Rank, Suit, parse_named
from companion.rules.errors import NotationError
from companion.rules.notation import Action


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_play_asks_for_cards_or_a_pass(text: str) -> None:
    """A play with nothing in it is refused with a sentence saying what to write, in French,
    English and German, naming what was typed."""
    with pytest.raises(NotationError) as info:
        Play.parse(text)
    assert info.value.message("fr") == "Coup vide : indiquez des cartes ou « passe »."
    assert info.value.message("en") == "Empty play: give cards or 'pass'."
    assert info.value.message("de") == "Leerer Zug: Karten angeben oder „pass“."
    assert info.value.details["token"] == text


def test_a_joker_with_a_suit_is_refused() -> None:
    """A joker has no suit: a card built as one is refused, in French and in English."""
    with pytest.raises(NotationError) as info:
        Card(Rank.JOKER, Suit.HEARTS)
    assert info.value.message("fr") == "Un joker n'a pas de couleur."
    assert info.value.message("en") == "A joker has no suit."


def test_a_colour_on_a_card_that_is_no_joker_is_refused() -> None:
    """Only a joker is coloured (R/B): any other card built with a joker's colour is refused,
    in French and in English."""
    with pytest.raises(NotationError) as info:
        Card(Rank.FIVE, None, JokerColour.BLACK)
    assert info.value.message("fr") == "Seul un joker a une teinte (R/B)."
    assert info.value.message("en") == "Only a joker has a colour (R/B)."


def test_a_name_ends_at_the_first_colon() -> None:
    """« NAME: REST » (a play, a hand): the name ends at the first colon, so in « Léa: 7: 8 »
    the player is Léa and « 7: » is the card refused, not a player « Léa: 7 » playing 8."""
    assert parse_named("Léa: 7: 8") == ("Léa", "7: 8")
    with pytest.raises(NotationError) as info:
        Action.parse("Léa: 7: 8")
    assert "'7:'" in info.value.message("en")
