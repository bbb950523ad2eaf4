"""Combinations (companion/rules/combos.py): poker hands and equal jokers. One rule per test,
the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.cards import parse_cards
from companion.rules.combos import classify, order_for
from companion.rules.errors import SuitNeededError
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState


def _start(**options: str) -> HandState:
    rules = get_preset("pagat").rules.with_options(combinations="poker", **options)
    return HandState.start(rules, ["A", "B", "C", "D"])


def test_equal_straights_go_to_the_higher_suit_of_the_top_card() -> None:
    """WIKI: « en cas d'égalité de cette carte de tête, c'est alors la hiérarchie des couleurs
    qui prévaudra »: 5-9 topped by 9♠ beats 5-9 topped by 9♦, whatever the lower cards."""
    state = _start(suits="ranked_poker")
    state = apply(state, Action.parse("A: 5♦ 6♠ 7♠ 8♥ 9♦"))
    assert judge(state, Action.parse("B: 5♠ 6♦ 7♦ 8♣ 9♠")).legal


def test_equal_straights_by_a_lower_suit_of_the_top_card_do_not_beat() -> None:
    """The same straight topped by a lower suit (9♦ after 9♠) is too low."""
    state = _start(suits="ranked_poker")
    state = apply(state, Action.parse("A: 5♦ 6♠ 7♠ 8♥ 9♠"))
    ruling = judge(state, Action.parse("B: 5♠ 6♦ 7♦ 8♣ 9♦"))
    assert not ruling.legal and ruling.code == "too-low"


def test_without_ranked_suits_an_equal_straight_does_not_beat() -> None:
    """Poker hands without the suit order: a straight with the same top card is a tie, so it
    does not beat (and judging it is not an error)."""
    state = _start()
    state = apply(state, Action.parse("A: 5♦ 6♠ 7♠ 8♥ 9♦"))
    ruling = judge(state, Action.parse("B: 5♠ 6♦ 7♦ 8♣ 9♠"))
    assert not ruling.legal and ruling.code == "too-low"


@pytest.mark.parametrize(
    "cards",
    ["3♠ 4♥ 5♦ 6♣ 7♠", "2♥ 4♥ 9♥ J♥ Q♥", "3♣ 3♦ 3♥ 5♠ 5♣", "4♠ 5♠ 6♠ 7♠ 8♠"],
)
def test_a_poker_hand_counts_as_five_cards(cards: str) -> None:
    """Straight, flush, full house and straight flush each count as the five cards played."""
    rules = get_preset("pagat").rules.with_options(combinations="poker", suits="ranked_poker")
    combo = classify(tuple(parse_cards(cards)), order_for(rules, False))
    assert combo.count == 5


def test_a_lone_joker_wins_at_once_when_both_jokers_are_equal() -> None:
    """PRES53 « remporte le pli »: with two jokers of equal rank, joker power beat_all and equal
    plays forbidden, nothing can answer a lone joker: its player wins the trick and leads."""
    rules = get_preset("pagat").rules.with_options(
        jokers=2, joker_power="beat_all", equal_play="forbidden", joker_order="equal"
    )
    state = HandState.start(rules, ["A", "B", "C", "D"])
    state = apply(state, Action.parse("A: 5"))
    ruling = judge(state, Action.parse("B: JK"))
    assert ruling.legal and ruling.next_player == "B" and ruling.to_beat is None


def test_equal_jokers_do_not_beat_each_other() -> None:
    """D5 joker_order=equal: the black-and-white joker is no higher than the coloured one."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="equal")
    state = apply(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: JKR"))
    ruling = judge(state, Action.parse("B: JKB"))
    assert not ruling.legal and ruling.code == "equal-forbidden"


def test_a_joker_without_its_colour_is_asked_for_when_the_order_matters() -> None:
    """D5 with ordered jokers: a joker given without its colour against a joker is answered
    with a question, in French and in English, since the ruling depends on it."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="coloured_high")
    state = apply(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: JKB"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: JK"))
    fr, en = info.value.message("fr"), info.value.message("en")
    assert fr.startswith("Précisez quel joker, le rouge (JKR) ou le noir (JKB)")
    assert en.startswith("Say which joker, the red one (JKR) or the black one (JKB)")
    # each outcome is named in words, not in the notation
    assert "Avec joker rouge — " in fr and "Avec joker noir — " in fr
    assert "With red joker — " in en and "With black joker — " in en


def test_after_a_plain_revolution_the_two_stays_high_and_low() -> None:
    """B4 high_and_low with B9 quad: a 2 may be played any time and anything may follow it,
    in the reversed order too; only quad_and_direction hands that role to the ace."""
    rules = get_preset("pagat").rules.with_options(twos="high_and_low", revolution="quad")
    state = HandState.start(rules, ["A", "B", "C", "D"], revolution=True)
    state = apply(state, Action.parse("A: 9"))
    two = judge(state, Action.parse("B: 2"))
    assert two.legal and two.to_beat is None
    assert judge(state, Action.parse("B: A")).code == "too-low"


def test_without_the_coup_detat_a_four_of_a_kind_and_a_joker_is_no_combination() -> None:
    """S8 off: five cards mixing a rank and a joker (two decks, jokers that are not wild) are
    not a set."""
    rules = get_preset("pagat").rules.with_options(jokers=2, decks=2)
    ruling = judge(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: 5 5 5 5 JK"))
    assert ruling.code == "not-a-set"


def test_wild_cards_alone_rank_above_every_natural_rank() -> None:
    """D6a wild_alone=highest (PAGAT, Hűbéres): a set made only of wild cards is above every
    rank, so two wild jokers beat a pair of 2s, the top natural rank."""
    rules = get_preset("pagat").rules.with_options(wild_cards=frozenset({"joker"}), jokers=2)
    state = apply(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: 2 2"))
    assert judge(state, Action.parse("B: JK JK")).legal
