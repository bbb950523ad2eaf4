"""Jokers played as a named rank (issue 23: "a lone joker played as a 4; the notation must
say it"), asked of the engine and of ``companion judge``, one rule per test.

Source: SKNY (pastebin.com/gVLUfCa2): "Jokers can substitute for any card". Under the
`daifugo` preset (jokers wild, 8-giri), four players A B C D, clockwise; ``JK=4`` is a joker
played as a 4.
"""

from __future__ import annotations

import pytest
from seed_check import check

from companion.errors import CompanionError
from companion.rules.cards import Card, Rank, parse_cards
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState


@pytest.mark.parametrize(
    ("text", "shown"), [("JK=4", "JK=4"), ("jkr=v", "JKR=J"), ("JKB=10", "JKB=10")]
)
def test_the_notation_says_the_named_rank_and_reads_back(text: str, shown: str):
    """``str`` round trip: a named joker is written ``JK=<rank>`` (colour first)."""
    card = Card.parse(text)
    assert card.is_joker and str(card) == shown and Card.parse(str(card)) == card


def test_only_a_joker_takes_a_name():
    """A named rank belongs to a joker: ``5=4`` is no card."""
    with pytest.raises(CompanionError):
        Card.parse("5=4")
    with pytest.raises(CompanionError):
        Card(Rank.FIVE, named=Rank.FOUR)


def test_a_lone_joker_played_as_a_four_is_a_four():
    """SKNY ("Jokers can substitute for any card"): a lone joker named a 4 beats a 3, and the
    next player must beat a 4 (a 4 is equal, a 5 beats it)."""
    check("daifugo", {}, ["A: 3"], "B: JK=4", "ok", next="C", to_beat="JK=4", option="wild_cards")
    check("daifugo", {}, ["A: 3", "B: JK=4"], "C: 4", "equal-forbidden")
    check("daifugo", {}, ["A: 3", "B: JK=4"], "C: 5", "ok")


def test_a_joker_named_an_eight_stops_the_trick():
    """H1 8-giri with a joker named an 8: the play holds an 8, so the trick ends at once."""
    check("daifugo", {}, ["A: 5"], "B: JK=8", "ok", next="B", to_beat=None, option="eight_stop")


def test_a_named_joker_joins_cards_of_its_rank_only():
    """A named joker stands in for its rank: beside a 4 it makes a pair of 4s, beside a 5 no
    set."""
    check("daifugo", {}, ["A: 3 3"], "B: 4 JK=4", "ok", next="C")
    check("daifugo", {}, ["A: 3 3"], "B: 5 JK=4", "not-a-set")


def test_without_wild_jokers_a_joker_takes_no_name():
    """D6: where jokers are not wild (PAGAT's basic game with a joker), naming one is refused,
    citing `wild_cards`, in the viewer's language."""
    answer = check("pagat", {"jokers": 1}, [], "A: JK=4", "joker-not-wild", option="wild_cards")
    assert "named rank" in answer.message_en and "rang nommé" in answer.message_fr


def test_the_ruling_names_the_joker_and_its_rank():
    """The sentence says what was played: « joker en 4 », "joker as 4", "Joker als 4"."""
    answer = check("daifugo", {}, ["A: 3"], "B: JK=4", "ok")
    assert "joker en 4" in answer.message_fr.lower()
    assert "joker as 4" in answer.message_en.lower()


def test_a_named_joker_leaves_the_hand_that_held_it():
    """A named joker is the joker its player held: a known hand loses it."""
    rules = get_preset("daifugo").rules
    held = {"A": "3♣ 9♠", "B": "JKR 6♥", "C": "K♠", "D": "K♥"}
    hands = {name: parse_cards(cards) for name, cards in held.items()}
    state = HandState.start(rules, ["A", "B", "C", "D"], hands=hands, leader="A")
    state = apply(state, Action.parse("A: 3♣"))
    assert judge(state, Action.parse("B: JKR=4")).legal
    after = apply(state, Action.parse("B: JKR=4"))
    assert after.hands[1] == parse_cards("6♥")
