"""The house rules of the Daifugō tables (options H1–H4), each asked of the engine and of
``companion judge --set``, one rule per test, the source's words in the docstring.

Sources (``companion.rules.presets.PUBLIC_SOURCES``): pagat's « Dai Fugō » page (DAIFUGO, the
reference for the game), ZionC27's written rules (DFG: github.com/ZionC27/Daifugo_Game,
"Special Rules") and SKNY's notes (pastebin.com/gVLUfCa2, "Special rules"), quoted as read.
Under the PAGAT basic game with the option turned on: four players A B C D, clockwise.
"""

from __future__ import annotations

import pytest
from seed_check import check

from companion.errors import CompanionError
from companion.rules.cards import parse_cards
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState


def test_h1_an_eight_wins_the_trick_at_once():
    """H1 `eight_stop` (DFG: "An 8 played alone forces everyone to pass, clearing the table and
    giving you the lead for the next round")."""
    options = {"eight_stop": True}
    check("pagat", options, ["A: 5"], "B: 8", "ok", next="B", to_beat=None, option="eight_stop")
    check("pagat", options, ["A: 5", "B: 8"], "C: 9", "trick-over", option="eight_stop")


def test_h1_a_pair_of_eights_stops_too():
    """H1 `eight_stop` (DFG: "Playing a pair of 8s, for instance, would trigger an 8 Cut";
    SKNY: "If an 8 (or a combination with 8) is put down, the player wins the round
    immediately")."""
    check("pagat", {"eight_stop": True}, ["A: 6 6"], "B: 8 8", "ok", next="B", to_beat=None)


def test_h1_without_the_rule_an_eight_is_a_card_like_any_other():
    """H1 off (PAGAT: « Une carte simple est battue par toute carte simple supérieure »): the
    next player must beat the 8."""
    check("pagat", {}, ["A: 5"], "B: 8", "ok", next="C", to_beat="8")


def test_h2_a_jack_reverses_the_order_until_the_trick_ends():
    """H2 `jack_back` (DFG: "Playing a Jack (J) reverses the ranking of cards 2 smallest and 3
    biggest"): after the jack a lower card beats, a higher one does not."""
    options = {"jack_back": True}
    check("pagat", options, ["A: 5"], "B: J", "ok", next="C", option="jack_back")
    check("pagat", options, ["A: 5", "B: J"], "C: 9", "ok")
    check("pagat", options, ["A: 5", "B: J"], "C: Q", "too-low")


def test_h2_the_next_trick_is_in_the_usual_order():
    """H2 `jack_back`, until the trick ends (open point: DFG does not say; pagat's and SKNY's
    tables end it with the trick): once everyone passed, the usual order is back."""
    over = ["A: 5", "B: J", "C: pass", "D: pass", "A: pass", "B: 6"]
    check("pagat", {"jack_back": True}, over, "C: 5", "too-low")
    check("pagat", {"jack_back": True}, over, "C: 7", "ok")


def test_h2_with_a_revolution_the_two_cancel():
    """H2 `jack_back` under a revolution (B9): the jack turns the reversed order back, so the
    usual order holds until the trick ends."""
    options = {"jack_back": True, "revolution": "quad"}
    check("pagat", options, ["A: K"], "B: J", "ok", revolution=True)  # lower beats, reversed
    check("pagat", options, ["A: K", "B: J"], "C: Q", "ok", revolution=True)
    check("pagat", options, ["A: K", "B: J"], "C: 10", "too-low", revolution=True)


def test_h2_two_jacks_turn_the_order_twice():
    """H2 `jack_back`: each jack reverses the ranking, so a pair of jacks leaves it as it
    was (open point)."""
    check("pagat", {"jack_back": True}, ["A: 5 5", "B: J J"], "C: 9 9", "too-low")
    check("pagat", {"jack_back": True}, ["A: 5 5", "B: J J"], "C: Q Q", "ok")


def test_h3_the_spade_three_beats_a_lone_joker():
    """H3 `spade_three` (SKNY: "Joker as a single card is the strongest but can be beaten only
    by 3 of spades (and then has to be cleared). This applies only to single card")."""
    options = {"jokers": 1, "spade_three": True}
    check("pagat", options, ["A: JK"], "B: 3♠", "ok", next="B", to_beat=None, option="spade_three")
    check("pagat", options, ["A: JK"], "B: 3♥", "too-low")


def test_h3_only_a_lone_three_of_spades_on_a_lone_joker():
    """H3 `spade_three` (SKNY: "This applies only to single card"): on a pair of jokers a 3♠
    is one card short, and on anything else it is a 3."""
    options = {"jokers": 2, "spade_three": True}
    check("pagat", options, ["A: JK JK"], "B: 3♠", "count-mismatch")
    check("pagat", options, ["A: 9"], "B: 3♠", "too-low")


def test_h3_a_three_without_its_suit_on_a_joker_asks_for_it():
    """H3 `spade_three`: only the 3♠ beats the joker, so a 3 typed without its suit cannot be
    judged; the referee asks for the suit, in the viewer's language."""
    rules = get_preset("pagat").rules.with_options(jokers=1, spade_three=True)
    state = HandState.start(rules, ["A", "B", "C", "D"], leader="A", preset="pagat")
    state = apply(state, Action.parse("A: JK"))
    with pytest.raises(CompanionError) as caught:
        judge(state, Action.parse("B: 3"))
    assert "3♠" in caught.value.en and "3♠" in caught.value.fr


def test_h4_a_five_skips_the_next_player():
    """H4 `five_skip` (DFG: "A 5 skips the next player in turn")."""
    check("pagat", {"five_skip": True}, ["A: 4"], "B: 5", "ok", next="D", option="five_skip")


def test_h4_each_five_skips_one_more_player():
    """H4 `five_skip`, one player per 5 played (open point: DFG speaks of one 5): a pair of 5s
    skips C and D, and A is next."""
    check("pagat", {"five_skip": True}, ["A: 4 4"], "B: 5 5", "ok", next="A")


# --- the daifugo preset -------------------------------------------------------------------


def test_daifugo_an_eight_stops_the_trick():
    """The `daifugo` preset plays 8-giri (DFG: "8 Cut (8切り)", among the rules the Japanese
    tables add): the 8's player leads the next trick."""
    check("daifugo", {}, ["A: 5"], "B: 8", "ok", next="B", to_beat=None, option="eight_stop")


def test_daifugo_a_lone_joker_is_the_highest_card():
    """DAIFUGO (pagat): "The rank of the cards from high to low is: Joker-2-A-K-Q-J-10-9-8-7-6-
    5-4-3": a lone joker beats a 2, and a 2 does not beat it."""
    check("daifugo", {}, ["A: 2"], "B: JK", "ok")
    check("daifugo", {}, ["A: JK"], "B: 2", "too-low")


def test_daifugo_a_joker_with_cards_takes_their_rank():
    """The `daifugo` preset's jokers are wild (open point 2): a king and a joker are a pair of
    kings."""
    check("daifugo", {}, ["A: 9 9"], "B: K JK", "ok", to_beat="K JK")
    check("daifugo", {}, ["A: 9 9"], "B: 4 JK", "too-low")


def test_daifugo_a_four_of_a_kind_makes_a_revolution():
    """The `daifugo` preset's revolution (DFG: "four of a kind ... reverses the ranking of
    cards 2 smallest and 3 biggest until the game ends or until the next revolution"): after
    four 6s, a lower card beats."""
    history = ["A: 6 6 6 6", "B: pass", "C: pass", "D: pass", "A: 9"]
    check("daifugo", {}, history, "B: 4", "ok")
    check("daifugo", {}, history, "B: Q", "too-low")


# --- H5 7-watashi and H6 10-sute: cards given or discarded, up to one per card played -------


def test_h5_sevens_give_the_next_player_up_to_one_card_each():
    """H5 `seven_pass` (DFG: "A 7 lets you choose any card in your hand to give to the next
    person. You can give up to the number of 7s you played or none")."""
    options = {"seven_pass": True}
    played = ["A: 5 5", "B: 7 7"]
    check("pagat", options, ["A: 5 5"], "B: 7 7", "ok", next="B", option="seven_pass")
    check("pagat", options, played, "B: give 4 K", "ok", next="C", to_beat="7 7")
    check("pagat", options, played, "B: give 4 K Q", "too-many-given", option="seven_pass")


def test_h5_or_none():
    """H5 `seven_pass` (DFG: "... or none"): the player may give nothing (a pass), and play
    goes on."""
    check("pagat", {"seven_pass": True}, ["A: 5 5", "B: 7 7"], "B: pass", "ok", next="C")


def test_h5_the_cards_go_to_the_next_player_first():
    """H5 `seven_pass` (DFG: "to give to the next person"): the next player waits for them,
    and nobody else may receive them."""
    played = ["A: 5 5", "B: 7 7"]
    check("pagat", {"seven_pass": True}, played, "C: 9 9", "effect-pending", next="B")
    check("pagat", {"seven_pass": True}, played, "B: give 4 to D", "wrong-target")


def test_h5_the_given_cards_change_hands():
    """H5 `seven_pass`: with the hands known, the cards given leave the giver's hand and join
    the next player's."""
    rules = get_preset("pagat").rules.with_options(seven_pass=True)
    hands = {
        "A": parse_cards("5♠ 9♠"),
        "B": parse_cards("7♠ 4♥ K♦"),
        "C": parse_cards("8♣ 9♣"),
        "D": parse_cards("10♣ J♣"),
    }
    state = HandState.start(rules, list(hands), leader="A", hands=hands, preset="pagat")
    for action in ("A: 5♠", "B: 7♠", "B: give K♦"):
        state = apply(state, Action.parse(action))
    assert sorted(map(str, state.hands[1] or ())) == ["4♥"]
    assert sorted(map(str, state.hands[2] or ())) == ["8♣", "9♣", "K♦"]


def test_h6_tens_discard_up_to_one_card_each_or_none():
    """H6 `ten_discard` (DFG: "Playing a 10 allows you to discard one card from your hand.
    That card is out of the game. You can discard up to the number of 10s you played or
    none")."""
    options = {"ten_discard": True}
    played = ["A: 5", "B: 10"]
    check("pagat", options, ["A: 5"], "B: 10", "ok", next="B", option="ten_discard")
    check("pagat", options, played, "B: discard 4", "ok", next="C", to_beat="10")
    check("pagat", options, played, "B: discard 4 6", "one-card-only")  # one 10: one card
    check("pagat", options, played, "B: pass", "ok", next="C")
    check("pagat", options, played, "B: give 4", "wrong-effect")


# --- H7: the opening card is played ---------------------------------------------------------


def test_h7_the_opening_play_holds_the_card_that_named_the_leader():
    """H7 `opening_card_played` (GROUPGAMES: "The player with the 3 of Clubs (3♣) starts the
    first 'trick' by playing it"): under the daifugo preset the 3♦ names the first hand's
    leader (SKNY: "3 of diamonds start"), and must be in the opening play."""
    options = {"opening_card_played": True}
    first = {"first_hand": True}
    check("daifugo", options, [], "A: 5", "opening-card", option="opening_card_played", **first)
    check("daifugo", options, [], "A: 3♦", "ok", next="B", **first)
    check("daifugo", options, [], "A: 3♦ 3♣", "ok", to_beat="3♦ 3♣", **first)


def test_h7_only_the_opening_play_and_only_where_a_card_names_the_leader():
    """H7 `opening_card_played`: once the hand is opened any play goes; a later hand led by
    the Daihinmin (no card names him) opens with anything; without the option, anything."""
    options = {"opening_card_played": True}
    check("daifugo", options, ["A: 3♦"], "B: 5", "ok", first_hand=True)
    check("daifugo", options, [], "A: 5", "ok")  # not the first hand: the last leads
    check("daifugo", {}, [], "A: 5", "ok", first_hand=True)


def test_h7_the_lowest_card_under_president():
    """H7 with P5 `lowest_card` (PAGAT: « Généralement, ce sera un trois, par exemple le 3♣ »):
    under PAGAT's rules with the holder of the lowest card leading, the 3♣ opens."""
    options = {"opening_card_played": True, "first_lead": "lowest_card"}
    check("pagat", options, ["C: 3♣"], "D: 4", "ok")
    check("pagat", options, [], "C: 4", "opening-card")


def test_the_opening_and_preset_examples_run_as_written():
    """The doctest examples of `companion.rules.opening` (which card opens under each lead
    rule) and `companion.rules.presets` (`scum` names `pagat`) run as written."""
    import doctest

    from companion.rules import opening, presets

    for module in (opening, presets):
        assert doctest.testmod(module).failed == 0
        assert doctest.testmod(module).attempted > 0


def test_h5_the_next_player_is_told_what_is_owed_and_how_to_decline():
    """H5 `seven_pass`: a play before the cards owed are given is refused, and the refusal
    says what is owed (up to two cards) and that a pass gives nothing, in each language."""
    answer = check("pagat", {"seven_pass": True}, ["A: 5 5", "B: 7 7"], "C: 9 9", "effect-pending")
    assert "jusqu'à 2 cartes au joueur suivant" in answer.message_fr
    assert "'pass' to do neither" in answer.message_en
