"""A hand's transitions (companion/rules/hand.py): card effects, unseen gifts and discards,
suit questions. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.cards import parse_cards
from companion.rules.errors import NotationError, SuitNeededError
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState


def _start(
    players: str = "A B C D", hands: dict[str, str] | None = None, **options: object
) -> HandState:
    rules = get_preset("pagat").rules.with_options(**options)
    held = {name: parse_cards(cards) for name, cards in (hands or {}).items()}
    return HandState.start(rules, players.split(), hands=held, preset="pagat")


def _apply_all(state: HandState, *actions: str) -> HandState:
    for text in actions:
        state = apply(state, Action.parse(text))
    return state


def test_a_player_who_goes_out_by_a_discard_on_his_own_lead_hands_the_lead_on() -> None:
    """B13 give_discard with B10 magic_square: the fourth 8 takes the trick, so its player
    leads the next one, but first discards; when that discard is his last card he is out
    and the lead passes to the next player (P6 next_left), not to him."""
    state = _start(
        "A B C",
        {"A": "8♠ 8♥ 5♠ 5♥"},
        card_effects="give_discard",
        equal_play="allowed",
        rule_of_four="magic_square",
    )
    state = _apply_all(state, "A: 8♠", "A: discard 5♠", "B: 8", "B: discard", "C: 8")
    state = _apply_all(state, "C: discard", "A: 8♥")
    assert state.next_player == "A"  # he owes a discard before leading
    ruling = judge(state, Action.parse("A: discard 5♥"))
    assert ruling.legal
    assert ruling.state is not None and ruling.state.out == (0,)
    assert ruling.next_player == "B" and ruling.to_beat is None


def test_a_card_given_unseen_makes_the_receivers_hand_unknown() -> None:
    """B13: a card given face down (not named) leaves the receiver's hand unknown: whatever
    he plays next is taken on trust."""
    state = _start(hands={"A": "7♣ 5♥ K♠", "B": "3♦"}, card_effects="give_discard")
    state = _apply_all(state, "A: 7♣", "A: give to B")
    assert state.hands[1] is None
    assert judge(state, Action.parse("B: 10")).legal
    assert judge(state, Action.parse("B: Q")).legal


def test_a_card_given_to_an_unknown_player_names_him() -> None:
    """B13: giving to a name that is not at the table is a notation error naming that name,
    in both languages and as its token."""
    state = apply(_start(card_effects="give_discard"), Action.parse("A: 9"))
    with pytest.raises(NotationError) as info:
        judge(state, Action.parse("A: give 5♥ to Zed"))
    assert "« Zed »" in info.value.message("fr") and "'Zed'" in info.value.message("en")
    assert info.value.details["token"] == "Zed"


def test_opposite_colour_asks_for_the_suits_of_an_equal_rank() -> None:
    """B8 opposite_colour (PAGAT): a card of the same rank beats only the opposite colour, so
    when the suits are not given the referee asks for them, word for word in each language."""
    state = apply(_start(suits="opposite_colour", equal_play="allowed"), Action.parse("A: 5♥"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: 5"))
    assert info.value.message("fr") == (
        "Précisez les couleurs : une carte de même rang ne bat que la couleur opposée."
    )
    assert info.value.message("en") == (
        "Give the suits: a card of the same rank beats only the opposite colour."
    )


@pytest.mark.parametrize("text", ["Léa: discard", "Léa: give to Tom", "Léa: give"])
def test_an_unseen_gift_or_discard_writes_back_as_read(text: str) -> None:
    """B13 notation: a card given or discarded face down (no card named) writes back as it
    was typed, and reads back to the same action."""
    action = Action.parse(text)
    assert not action.play.cards
    assert str(action) == text
    assert Action.parse(str(action)) == action


def test_a_discard_of_several_cards_reads_them_all() -> None:
    """B13 notation: « discard 5♥ 6♥ » names two cards (which the referee then refuses as
    more than one), not just the first."""
    action = Action.parse("Léa: discard 5♥ 6♥")
    assert action.effect == "discard"
    assert action.play.cards == parse_cards("5♥ 6♥")
    assert str(action) == "Léa: discard 5♥ 6♥"


def test_follow_suit_asks_for_the_suits_of_a_higher_single_card() -> None:
    """B8 follow_suit: a single card is beaten only in its own suit, so a higher card given
    without its suit is answered with a question, word for word in each language."""
    state = apply(_start(suits="follow_suit"), Action.parse("A: 5♥"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: 9"))
    assert info.value.message("fr") == (
        "Précisez les couleurs : une carte ne se bat que dans sa couleur."
    )
    assert info.value.message("en") == (
        "Give the suits: a single card is beaten only in its own suit."
    )


@pytest.mark.parametrize(
    ("play", "option"),
    [
        ("A: 2", "deck"),  # the 32-card deck has no 2
        ("A: 7 7 7 7 7", "decks"),  # one deck holds four 7s
        ("A: 7♠ 7♠", "decks"),  # and one 7♠
        ("A: JK", "jokers"),  # no joker in this pack
    ],
)
def test_a_card_the_pack_lacks_cites_the_option_that_rules_it_out(play: str, option: str) -> None:
    """D1–D3: a play the pack cannot hold is refused, citing the deck (a rank it lacks), the
    number of decks (too many of a rank or of one card) or the jokers."""
    state = _start(deck="32", rank_order="seven_high")
    ruling = judge(state, Action.parse(play))
    assert ruling.code == "not-in-deck" and ruling.option == option


def test_hands_that_do_not_fit_the_pack_are_refused_naming_their_cards() -> None:
    """D1–D3: hands given at the start must fit the pack; two 7♠ from one deck are refused,
    with every card given, in each language."""
    with pytest.raises(NotationError) as info:
        _start(hands={"A": "7♠ 9♥", "B": "7♠"})
    assert info.value.message("fr") == (
        "Ces mains ne tiennent pas dans le jeu (carte absente ou en trop) : 7♠ 9♥ 7♠"
    )
    assert info.value.message("en") == (
        "These hands do not fit the pack (a card it lacks, or too many): 7♠ 9♥ 7♠"
    )


def test_a_matching_play_out_of_turn_is_refused_without_speed_play() -> None:
    """B14 is off by default: a play of the same rank out of turn is not the player's turn."""
    state = apply(_start(), Action.parse("A: 5"))
    ruling = judge(state, Action.parse("C: 5"))
    assert ruling.code == "not-your-turn" and ruling.next_player == "B"


def test_an_atout_two_led_takes_the_trick_even_with_jokers() -> None:
    """B4 atout (WIKI): « Le joueur l'ayant placé récupère la main », even with jokers in the
    pack, which could otherwise beat it: a 2 led takes the trick and its player leads."""
    ruling = judge(_start(twos="atout", jokers=2), Action.parse("A: 2"))
    assert ruling.legal and ruling.next_player == "A" and ruling.to_beat is None


def test_an_overplay_is_told_as_such() -> None:
    """P4 self_overplay=once: playing once on one's own cards is told as that, citing P4."""
    state = _apply_all(_start(self_overplay="once"), "A: 5", "B: pass", "C: pass", "D: pass")
    ruling = judge(state, Action.parse("A: 9"))
    assert ruling.fr.endswith(
        ", option self_overplay=once (P4) : A rejoue une fois sur ses propres cartes avec 9 ;"
        " à B de battre 9."
    )
    assert ruling.en.endswith(
        ", option self_overplay=once (P4): A plays once on their own cards with 9; B to beat 9."
    )


def test_a_lone_two_beats_any_set_but_not_a_higher_single_card() -> None:
    """B4 beat_all (PAGAT): a lone 2 beats any combination of lower cards, a pair of jokers
    included, but not a lone joker, which ranks above it."""
    state = apply(_start(twos="beat_all", jokers=2), Action.parse("A: JK JK"))
    assert judge(state, Action.parse("B: 2")).legal
    state = apply(_start(twos="beat_all", jokers=1), Action.parse("A: JK"))
    assert judge(state, Action.parse("B: 2")).code == "too-low"


def test_after_a_revolution_an_unknown_suit_is_still_asked_for() -> None:
    """B8 ranked with B9 quad: the four of a kind that turns the order over keeps « suit not
    given », so an equal four of a kind (two decks) is answered with the suit question."""
    state = apply(_start(suits="ranked", revolution="quad", decks=2), Action.parse("A: 5 5 5 5"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: 5♠ 5♥ 5♦ 5♣"))
    assert info.value.message("en") == "Give the suits: between equal ranks the suit decides."
    assert info.value.message("fr") == (
        "Précisez les couleurs : à rang égal, la couleur départage."
    )


def test_one_round_still_gives_the_last_player_his_turn_after_the_direction_turns() -> None:
    """P1 one_round with B13 Strutz (« Si un joueur pose un 8, le jeu change de sens »): after
    the turn, the players who already spoke are passed over; the one who has not (D) speaks."""
    state = _start(trick_rounds="one_round", card_effects="strutz")
    state = _apply_all(state, "A: 5", "B: 6")
    ruling = judge(state, Action.parse("C: 8"))
    assert ruling.legal and ruling.next_player == "D"


def test_a_speed_play_takes_the_trick_when_everyone_passes() -> None:
    """B14 speed_play (WIKI): a matching play made out of turn becomes the play to beat; when
    all the others pass on it, its player wins the trick and leads."""
    state = _start(speed_play=True, equal_play="allowed")
    state = _apply_all(state, "A: 5", "C: 5")
    assert state.next_player == "D" and str(state.to_beat) == "5"
    state = _apply_all(state, "D: pass", "A: pass", "B: pass")
    assert state.next_player == "C" and state.to_beat is None


def test_must_beat_under_follow_suit_refuses_a_pass_holding_a_higher_card_of_the_suit() -> None:
    """P2 must_beat with B8 follow_suit (suits decide, so every candidate is judged in full): a
    player holding a higher card of the suit led may not pass."""
    state = _apply_all(_start(hands={"B": "9♥ 3♣"}, must_beat=True, suits="follow_suit"), "A: 5♥")
    ruling = judge(state, Action.parse("B: pass"))
    assert ruling.code == "must-play" and ruling.option == "must_beat"


def test_a_new_lead_after_a_strutz_nine_is_ranked_in_the_hands_order() -> None:
    """B13 Strutz with P4 self_overplay=once and B11 runs: a 9 inverts the order until the
    trick ends; when everyone passes on it and its player plays what does not beat it (a run,
    another combination), the run leads a new trick ranked in the hand's order, not the
    inverted one: 5 6 7 beats 4 5 6, 3 4 5 does not."""
    state = _start(card_effects="strutz", self_overplay="once", combinations="sets_and_runs")
    state = _apply_all(state, "A: 9", "B: pass", "C: pass", "D: pass", "A: 4 5 6")
    assert state.next_player == "B" and str(state.to_beat) == "4 5 6"
    assert judge(state, Action.parse("B: 5 6 7")).legal
    assert judge(state, Action.parse("B: 3 4 5")).code == "too-low"


def test_a_joker_led_without_its_colour_is_taken_as_the_lower_joker() -> None:
    """D5 coloured_high: a lone « JK » led is legal as either joker, so it stands as the lower
    one (the black), which the higher one may still beat: B's red joker beats it."""
    state = apply(_start(jokers=2, joker_order="coloured_high"), Action.parse("A: JK"))
    ruling = judge(state, Action.parse("B: JKR"))
    assert ruling.legal and ruling.next_player == "C"
