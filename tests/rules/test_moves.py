"""Legal actions (companion/rules/moves.py) while a card effect is owed (B13). One rule per
test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.cards import Play, parse_cards
from companion.rules.moves import fast_path_covers, legal_plays, reference_legal_plays
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.state import HandState

PLAYERS = ("A", "B", "C", "D")


def _owing(card: str, hand: str) -> HandState:
    """PAGAT with B13 give_discard and two decks: A, holding ``hand``, has just led
    ``card``."""
    rules = get_preset("pagat").rules.with_options(card_effects="give_discard", decks=2)
    state = HandState.start(rules, PLAYERS, hands={"A": parse_cards(hand)}, preset="pagat")
    return apply(state, Action.parse(f"A: {card}"))


def test_after_a_nine_each_held_card_may_go_to_each_other_player() -> None:
    """B13 (WIKI): after a 9 « une carte de son choix au joueur de son choix »: the legal
    actions are every distinct held card given to every other player, in seat order, each
    named once even when he holds it twice (two decks); a card given without a receiver is not
    one of them."""
    state = _owing("9♣", "9♣ 5♥ K♠ K♠")
    held = ("5♥", "K♠")
    expected = [f"A: give {card} to {p}" for card in held for p in PLAYERS if p != "A"]
    actions = list(legal_plays(state))
    assert [str(a) for a in actions] == expected
    assert all(a.effect == "give" and a.player == "A" for a in actions)
    assert actions == list(reference_legal_plays(state))


def test_after_an_eight_each_held_card_may_be_discarded() -> None:
    """B13 (WIKI): after an 8 « se défausser d'une carte de son choix »: the legal actions are
    each distinct held card discarded, and no gift."""
    state = _owing("8♣", "8♣ 5♥ K♠")
    actions = list(legal_plays(state))
    assert actions == [
        Action("A", Play(parse_cards("5♥")), "discard"),
        Action("A", Play(parse_cards("K♠")), "discard"),
    ]
    assert all(judge(state, a).legal for a in actions)


def test_the_plays_of_a_player_whose_hand_is_unknown_cannot_be_listed() -> None:
    """Listing the plays of a player whose hand is not known, without giving it, is a
    caller's mistake, named with the player."""
    state = HandState.start(get_preset("pagat").rules, PLAYERS)
    with pytest.raises(ValueError, match=r"^A's hand is not known$"):
        list(legal_plays(state))


def test_a_hand_given_for_the_listing_replaces_the_known_one() -> None:
    """``legal_plays(state, hand)`` lists the plays of the hand given, even when the state
    knows another hand for that player (the « what if he held… » of the dispute screen)."""
    rules = get_preset("pagat").rules
    state = HandState.start(rules, PLAYERS, hands={"A": parse_cards("3♠ 4♠")})
    hand = parse_cards("9♥ 9♦ K♣")
    expected = ["A: 9♥", "A: 9♥ 9♦", "A: K♣"]
    assert [str(a) for a in legal_plays(state, hand)] == expected
    assert [str(a) for a in reference_legal_plays(state, hand)] == expected


def _plays(state: HandState, hand: str) -> list[str]:
    """B's legal actions holding ``hand``, which the reference must list the same."""
    held = parse_cards(hand)
    found = [str(a) for a in legal_plays(state, held, "B")]
    assert found == [str(a) for a in reference_legal_plays(state, held, "B")]
    return found


def _after(actions: str, hands: dict[str, str] | None = None, **options: object) -> HandState:
    rules = get_preset("pagat").rules.with_options(**options)
    held = {name: parse_cards(cards) for name, cards in (hands or {}).items()}
    state = HandState.start(rules, PLAYERS, hands=held)
    for text in actions.split(";"):
        state = apply(state, Action.parse(text))
    return state


def test_a_four_of_a_kind_is_a_set_when_four_is_the_most() -> None:
    """B11a max_set=4 (« de une à quatre cartes »): four of a kind may still be led."""
    state = _after("A: 3; B: 4; C: 5; D: 6; A: pass; B: pass; C: pass", max_set=4)
    assert "D: 5♠ 5♥ 5♦ 5♣" in [str(a) for a in legal_plays(state, parse_cards("5♠ 5♥ 5♦ 5♣"))]


def test_after_an_angevin_seven_lower_cards_follow_but_not_a_seven() -> None:
    """B13 angevin (WIKI): after a 7 any rank may follow, lower ones too; another 7 is an equal
    play, refused where equal plays are."""
    state = _after("A: 7", card_effects="angevin", equal_play="forbidden")
    assert _plays(state, "5♠ 7♥ 9♣") == ["B: 5♠", "B: 9♣", "B: pass"]


def test_more_cards_of_the_same_rank_beat_but_of_a_lower_rank_do_not() -> None:
    """B3 higher_rank with equal plays allowed (Wizz): more cards beat fewer when of the same
    or a higher rank, never of a lower one."""
    state = _after("A: 9", larger_sets="higher_rank", equal_play="allowed")
    assert _plays(state, "3♠ 3♥ 9♥ 9♦") == ["B: 9♥", "B: 9♥ 9♦", "B: pass"]


def test_under_any_rank_more_cards_beat_whatever_their_rank() -> None:
    """B3 any_rank: more cards beat fewer whatever their rank, a pair of 3s on a 9 too; a
    single 3 does not."""
    state = _after("A: 9", larger_sets="any_rank")
    assert _plays(state, "3♠ 3♥") == ["B: 3♠ 3♥", "B: pass"]


def test_the_fast_path_covers_a_known_hand_not_an_unknown_one() -> None:
    """``fast_path_covers``: the plays of a player whose hand is known are worked out by the
    fast generator under PAGAT; those of a player whose hand is not known are not."""
    assert fast_path_covers(_after("A: 5", {"B": "9♠ K♠"}))
    assert not fast_path_covers(_after("A: 5"))


def test_only_a_four_of_a_kind_answers_a_joker_on_its_power() -> None:
    """B5 beat_all_but_quad (PAGAT): a lone joker beats anything, but a four of a kind played
    on it wins."""
    state = _after("A: JK", jokers=1, joker_power="beat_all_but_quad")
    assert _plays(state, "5♠ 5♥ 5♦ 5♣ K♠") == ["B: 5♠ 5♥ 5♦ 5♣", "B: pass"]


def test_after_one_overplay_only_a_new_lead_or_a_gather_is_left() -> None:
    """P4 self_overplay=once: a player who has played once on his own cards, when everyone
    passes again, may only gather (pass) or lead anew with cards that do not beat his own."""
    state = _after(
        "A: 5; B: 6; C: pass; D: pass; A: pass; B: 9; C: pass; D: pass; A: pass",
        self_overplay="once",
    )
    assert state.next_player == "B"
    assert _plays(state, "4♠ K♠") == ["B: 4♠", "B: pass"]
