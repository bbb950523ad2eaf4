"""Options on the compact state (``companion/rules/compact.py``): B4's high-and-low 2, B6's
jokers, jacks and twos (Sofia), B7's transparent cards, B9's quad_and_direction, the cards
owed of B13 give_discard, each beside wild cards (D6), and D7's ranking of wild cards, played
with ``apply`` and with the step engine, which must agree on every state and on what
``legal_plays`` offers."""

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


def test_wild_cards_beside_jokers_ranked_by_colour_keep_the_jokers_key() -> None:
    """D5 with D6: where jokers rank by colour, each pick of jokers is its own play, followed
    by the same jokers with a wild card beside them, which ranks as those jokers."""
    rules = get_preset("pagat").rules.with_options(
        jokers=2, joker_order="coloured_high", wild_cards=frozenset({"3"})
    )
    assert covers(rules)
    start = _start(rules, {"A": "JKR JKB 3♠", "B": "6♠ 6♥", "C": "4♠"})
    jokers = ["A: JKR", "A: JKR 3♠", "A: JKB", "A: JKB 3♠", "A: JKR JKB", "A: JKR JKB 3♠"]
    assert _offers(start)[:6] == jokers
    state, _ = _play_both(start, "A: JKB 3♠")
    assert isinstance(state, FastState)
    assert state.trick.top is not None and state.trick.top.combo.joker


def test_a_transparent_card_with_a_wild_card_beside_it_is_not_transparent() -> None:
    """B7 with D6: only natural transparent cards take on the rank they beat: two 3s beat a
    pair of queens, a 3 with a wild 2 beside it is a pair of 3s, too low. (Where wild cards
    alone rank as the top natural rank, the step engine plays the rule set.)"""
    rules = get_preset("pagat").rules.with_options(transparent=3, wild_cards=frozenset({"2"}))
    assert covers(rules)
    assert not covers(rules.with_options(wild_alone="top_natural"))
    start = _start(rules, {"A": "Q♠ Q♥ 5♠", "B": "3♠ 3♥ 2♣ 6♣", "C": "4♠ 4♦"})
    state, _ = _play_both(start, "A: Q♠ Q♥")
    offered = _offers(state)
    assert "B: 3♠ 3♥" in offered and "B: 3♠ 2♣" not in offered


def test_a_high_and_low_two_beats_a_pair_made_with_a_wild_card() -> None:
    """B4 high_and_low with D6: a lone 2 beats a pair of kings made with a wild 3."""
    rules = get_preset("pagat").rules.with_options(twos="high_and_low", wild_cards=frozenset({"3"}))
    assert covers(rules)
    start = _start(rules, {"A": "K♠ 3♣ 5♠", "B": "2♠ 6♣", "C": "4♠ 4♦"})
    state, _ = _play_both(start, "A: K♠ 3♣")
    assert _offers(state) == ["B: 2♠", "B: pass"]


def test_sofias_jokers_with_a_wild_card_beside_them_beat_up_to_three_more_cards() -> None:
    """B6 with D6: a joker with a wild 3 beside it is a joker set of two, which beats four
    kings and stands for four cards."""
    rules = get_preset("pagat").rules.with_options(
        special_high_cards="jokers_jacks_twos", jokers=2, wild_cards=frozenset({"3"})
    )
    assert covers(rules)
    hands = {"A": "K♠ K♥ K♦ K♣ 5♠", "B": "JKR 3♥ 6♣", "C": "4♠ 4♦ A♣ A♦"}
    state, _ = _play_both(_start(rules, hands), "A: K♠ K♥ K♦ K♣")
    assert "B: JKR 3♥" in _offers(state)
    state, _ = _play_both(state, "B: JKR 3♥")
    assert isinstance(state, FastState)
    assert state.trick.top is not None and state.trick.top.combo.count == 4


def test_four_cards_with_a_wild_card_turn_the_order_and_the_direction() -> None:
    """B9 quad_and_direction with D6: three 9s and a wild 2 are a four of a kind, which
    turns the card order over and the direction of play."""
    rules = get_preset("pagat").rules.with_options(
        revolution="quad_and_direction", twos="normal", wild_cards=frozenset({"2"})
    )
    assert covers(rules)
    hands = {"A": "9♠ 9♥ 9♦ 2♣ 5♠", "B": "8♥ 6♣", "C": "K♦ K♠"}
    state, _ = _play_both(_start(rules, hands), "A: 9♠ 9♥ 9♦ 2♣")
    assert isinstance(state, FastState)
    assert state.revolution and state.direction == -1


def test_under_natural_wins_a_natural_pair_beats_one_made_with_a_wild_card() -> None:
    """D7 natural_wins: two natural kings beat a king with a wild 2, and are no equal play
    (under B2 skips_next, the next player is not skipped)."""
    rules = get_preset("pagat").rules.with_options(
        twos="normal",
        wild_cards=frozenset({"2"}),
        wild_vs_natural="natural_wins",
        equal_play="skips_next",
    )
    assert covers(rules)
    hands = {"A": "K♠ 2♣ 5♠", "B": "K♥ K♦ 6♣", "C": "4♠ 4♦ 7♣"}
    state, _ = _play_both(_start(rules, hands), "A: K♠ 2♣")
    assert "B: K♥ K♦" in _offers(state)
    state, _ = _play_both(state, "B: K♥ K♦")
    assert isinstance(state, FastState)
    assert state.next_player == "C"


def test_under_wild_wins_a_natural_pair_does_not_beat_one_made_with_a_wild_card() -> None:
    """D7 wild_wins: a set with wild cards is the higher of two of one rank and size, so two
    natural kings do not beat a king with a wild 2."""
    rules = get_preset("pagat").rules.with_options(
        twos="normal", wild_cards=frozenset({"2"}), wild_vs_natural="wild_wins"
    )
    assert covers(rules)
    hands = {"A": "K♠ 2♣ 5♠", "B": "K♥ K♦ 6♣", "C": "4♠ 4♦ 7♣"}
    state, _ = _play_both(_start(rules, hands), "A: K♠ 2♣")
    assert "B: K♥ K♦" not in _offers(state)


def test_a_coup_detat_is_played_on_anything_and_takes_the_trick() -> None:
    """S8 (WIKI « Le coup d'État »): four 9s with a joker are offered after every set, beat a
    pair of aces and take the trick: their player leads the next one."""
    rules = get_preset("pagat").rules.with_options(coup_detat=True, jokers=2)
    assert covers(rules)
    hands = {"A": "A♠ A♥ 5♠", "B": "9♠ 9♥ 9♦ 9♣ JKR 4♠", "C": "3♠ 3♦ 7♣"}
    state, _ = _play_both(_start(rules, hands), "A: A♠ A♥")
    assert _offers(state)[-2:] == ["B: 9♠ 9♥ 9♦ 9♣ JKR", "B: pass"]
    state, _ = _play_both(state, "B: JKR 9♣ 9♦ 9♥ 9♠")  # typed jokers first: the same coup
    assert isinstance(state, FastState)
    assert state.to_beat is None and state.next_player == "B"
