"""Options on the compact state (``companion/rules/compact.py``): B4's high-and-low 2, B6's
jokers, jacks and twos (Sofia), B7's transparent cards, B9's quad_and_direction and the cards
owed of B13 give_discard, each played with ``apply`` and with the step engine, which must
agree on every state and on what ``legal_plays`` offers."""

from __future__ import annotations

from companion.rules.compact import covers
from companion.rules.fast_path import FastState
from companion.rules.presets import get_preset
from tests.rules.test_compact import _offers, _play_both, _start


def test_a_lone_high_and_low_two_beats_a_pair() -> None:
    """B4 high_and_low: a lone 2 beats anything on the table, a pair of kings included."""
    rules = get_preset("pagat").rules.with_options(twos="high_and_low")
    assert covers(rules)
    start = _start(rules, {"A": "K♠ K♥ 5♠", "B": "2♠ 6♣", "C": "3♠ 3♦ A♣"})
    state, _ = _play_both(start, "A: K♠ K♥")
    assert _offers(state) == ["B: 2♠", "B: pass"]


def test_anything_may_follow_a_high_and_low_two() -> None:
    """B4 high_and_low: on a 2 anything may follow, lower ranks and larger sets too."""
    rules = get_preset("pagat").rules.with_options(twos="high_and_low")
    start = _start(rules, {"A": "9♠ 5♠", "B": "2♠ 6♣", "C": "3♠ 3♦ A♣"})
    state, _ = _play_both(start, "A: 9♠", "B: 2♠")
    assert isinstance(state, FastState)
    assert _offers(state) == ["C: 3♠", "C: 3♠ 3♦", "C: A♣", "C: pass"]
    state, _ = _play_both(state, "C: 3♠ 3♦")
    assert state.to_beat is not None and len(state.to_beat.cards) == 2


def test_on_a_high_and_low_two_one_may_pass_whatever_must_beat_says() -> None:
    """B4 high_and_low with P2 must_beat: nothing need beat a 2, so passing stays allowed."""
    rules = get_preset("pagat").rules.with_options(twos="high_and_low", must_beat=True)
    assert covers(rules)
    start = _start(rules, {"A": "9♠ 5♠", "B": "2♠ 6♣", "C": "3♠ A♣"})
    state, _ = _play_both(start, "A: 9♠", "B: 2♠")
    assert _offers(state)[-1] == "C: pass"


def test_transparent_threes_take_on_the_rank_they_beat() -> None:
    """B7 (PAGAT): a pair of 3s beats a pair of queens and stands as queens: a pair of kings
    still beats it, a pair of jacks does not."""
    rules = get_preset("pagat").rules.with_options(transparent=3)
    assert covers(rules)
    hands = {"A": "Q♠ Q♥ 5♠", "B": "3♠ 3♥ 6♣", "C": "J♠ J♦ K♣ K♦"}
    state, _ = _play_both(_start(rules, hands), "A: Q♠ Q♥")
    assert "B: 3♠ 3♥" in _offers(state)
    state, _ = _play_both(state, "B: 3♠ 3♥")
    assert isinstance(state, FastState)
    assert _offers(state) == ["C: K♣ K♦", "C: pass"]


def test_transparent_cards_never_beat_a_different_count() -> None:
    """B7: transparent cards beat only as many cards: a lone 3 does not beat a pair."""
    rules = get_preset("pagat").rules.with_options(transparent=3)
    start = _start(rules, {"A": "Q♠ Q♥ 5♠", "B": "3♠ 6♣", "C": "J♠ J♦"})
    state, _ = _play_both(start, "A: Q♠ Q♥")
    assert _offers(state) == ["B: pass"]


def test_four_lone_cards_of_a_rank_turn_the_order_and_the_direction() -> None:
    """B9 quad_and_direction (Hamish Allan): four lone 9s in a row turn the card order over
    and the direction of play."""
    rules = get_preset("pagat").rules.with_options(
        revolution="quad_and_direction", equal_play="allowed"
    )
    assert covers(rules)
    hands = {"A": "9♠ 5♠", "B": "9♥ 6♣", "C": "9♦ K♠", "D": "9♣ 8♦"}
    state, _ = _play_both(_start(rules, hands), "A: 9♠", "B: 9♥", "C: 9♦")
    assert not state.revolution and state.direction == 1
    state, _ = _play_both(state, "D: 9♣")
    assert isinstance(state, FastState)
    assert state.revolution and state.direction == -1


def test_once_reversed_the_ace_is_the_high_and_low_card() -> None:
    """B4 with B9 quad_and_direction: with the order turned over, a lone ace (not a 2, now
    the highest card) beats anything, a pair of 4s included, and anything may follow it."""
    rules = get_preset("pagat").rules.with_options(
        revolution="quad_and_direction", twos="high_and_low"
    )
    assert covers(rules)
    hands = {"A": "4♠ 4♥ 5♠", "B": "A♠ 2♣ 6♣", "C": "K♦ 9♠"}
    state, _ = _play_both(_start(rules, hands, revolution=True), "A: 4♠ 4♥")
    assert _offers(state) == ["B: A♠", "B: pass"]
    state, _ = _play_both(state, "B: A♠")
    assert isinstance(state, FastState)
    assert _offers(state) == ["C: K♦", "C: 9♠", "C: pass"]


def test_sofias_jacks_beat_up_to_two_more_cards_and_stand_for_them() -> None:
    """B6 (Sofia's jokers, jacks and twos): two jacks beat four kings and stand for four
    cards; a lone jack does not (one jack beats up to three cards)."""
    rules = get_preset("pagat").rules.with_options(special_high_cards="jokers_jacks_twos")
    assert covers(rules)
    hands = {"A": "K♠ K♥ K♦ K♣ 5♠", "B": "J♠ J♥ 6♣", "C": "3♠ 3♦ A♣ A♦"}
    state, _ = _play_both(_start(rules, hands), "A: K♠ K♥ K♦ K♣")
    assert _offers(state) == ["B: J♠ J♥", "B: pass"]
    state, _ = _play_both(state, "B: J♠ J♥")
    assert isinstance(state, FastState)
    assert state.trick.top is not None and state.trick.top.combo.count == 4
    assert _offers(state) == ["C: pass"]


def test_a_play_that_owes_a_card_goes_to_the_step_engine_and_play_comes_back() -> None:
    """B13 give_discard: a 6 owes a card to the previous player; the step engine builds that
    state and the gift, and the next play is on the compact state again."""
    rules = get_preset("pagat").rules.with_options(card_effects="give_discard")
    assert covers(rules)
    hands = {"A": "5♠ 9♠ K♦", "B": "6♥ Q♣ 4♣", "C": "7♦ K♠ A♦"}
    state, _ = _play_both(_start(rules, hands), "A: 5♠")
    assert isinstance(state, FastState)
    state, _ = _play_both(state, "B: 6♥")
    assert not isinstance(state, FastState) and state.pending is not None
    state, _ = _play_both(state, "B: give 4♣ to A")
    assert state.pending is None and len(state.hands[0] or ()) == 3
    state, _ = _play_both(state, "C: A♦")
    assert isinstance(state, FastState)
