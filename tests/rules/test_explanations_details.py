"""Ruling sentences that the rules layer's mutation run showed untested. One rule per test,
the rule in its docstring."""

from __future__ import annotations

from companion.rules.hand import Action, HandState
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge


def _owing(card: str) -> HandState:
    """A hand under PAGAT with B13 give_discard where A has just led ``card``."""
    rules = get_preset("pagat").rules.with_options(card_effects="give_discard")
    state = HandState.start(rules, ["A", "B", "C", "D"], preset="pagat")
    return apply(state, Action.parse(f"A: {card}"))


def test_a_card_given_face_down_is_told_without_a_card() -> None:
    """B13: a card given unseen is told as given, to whom, and nothing about the card."""
    ruling = judge(_owing("7"), Action.parse("A: give to B"))
    assert ruling.legal
    assert ": A gives to B; B to beat 7." in ruling.en
    assert " : A donne à B ; à B de battre 7." in ruling.fr


def test_a_card_discarded_face_down_is_told_without_a_card() -> None:
    """B13: a card discarded unseen is told as discarded, and nothing about the card."""
    ruling = judge(_owing("8"), Action.parse("A: discard"))
    assert ruling.legal
    assert ": A discards; B to beat 8." in ruling.en
    assert " : A défausse ; à B de battre 8." in ruling.fr


def test_a_card_given_openly_is_named_in_the_viewers_words() -> None:
    """B13: a card given face up is named as the viewer's cards read it (D♥ in French)."""
    ruling = judge(_owing("7"), Action.parse("A: give Q♥ to B"))
    assert ": A gives Q♥ to B;" in ruling.en
    assert " : A donne D♥ à B ;" in ruling.fr
