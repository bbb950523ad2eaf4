"""A player's plays as actions, kept from state to state (``companion/rules/compact_offers.py``).

``tests/rules/test_compact.py`` holds the lists they give equal to the reference's at every
state of random hands; here, what the carrying itself promises: after a play only the rank
played is built again, and the ranks keep the order of their first card held.
"""

from __future__ import annotations

import doctest

from companion.rules import compact_offers
from companion.rules.cards import Card, Play, Rank, parse_cards
from companion.rules.compact_offers import (
    action,
    generals,
    generals_after,
    offers,
    offers_after,
    without,
)
from companion.rules.compact_rules import compact_rules
from companion.rules.notation import Action
from companion.rules.presets import get_preset


def test_offers_list_each_rank_by_its_first_card_with_one_action_a_size() -> None:
    """Each rank in the order of its first card held, with the actions of its first 1, 2, …
    cards."""
    found = offers("A", parse_cards("9♣ 5♠ 9♥ K♦"))
    assert list(found) == [Rank.NINE, Rank.FIVE, Rank.KING]
    assert [str(a) for a in found[Rank.NINE]] == ["A: 9♣", "A: 9♣ 9♥"]


def test_after_a_play_the_other_ranks_keep_their_action_objects() -> None:
    """After a play of the 5, the 9s' and the K's actions are the same objects (``legal_plays``
    gives them again without building them), and the 5 is gone."""
    hand = parse_cards("9♣ 5♠ 9♥ K♦")
    held = offers("A", hand)
    played = hand[1:2]
    after = offers_after(held, without(hand, played), Rank.FIVE, played)
    assert list(after) == [Rank.NINE, Rank.KING]
    assert after[Rank.NINE] is held[Rank.NINE] and after[Rank.KING] is held[Rank.KING]


def test_a_rank_whose_first_card_went_moves_to_its_next_card() -> None:
    """When a rank's first card is played and another of the rank stays, the rank moves to
    where its next card is held; the other ranks keep their objects."""
    hand = parse_cards("9♣ 5♠ 9♥ K♦")
    held = offers("A", hand)
    played = hand[:1]
    after = offers_after(held, without(hand, played), Rank.NINE, played)
    assert list(after) == [Rank.FIVE, Rank.NINE, Rank.KING]
    assert [str(a) for a in after[Rank.NINE]] == ["A: 9♥"]
    assert after[Rank.FIVE] is held[Rank.FIVE]


def test_a_play_with_wild_cards_builds_every_set_again() -> None:
    """Where wild cards stand in, a play that uses one changes every set beside them: nothing
    is carried (None); a play of natural cards alone rebuilds only its rank."""
    rules = compact_rules(get_preset("hubere").rules, 4)
    assert rules.general
    hand = parse_cards("5♠ 5♥ 9♣ 2♦")  # the 2 is wild in hubere
    held = generals(hand, rules)
    two: tuple[Card, ...] = hand[3:]
    five_and_two = hand[:1] + two
    assert generals_after(held, without(hand, five_and_two), Rank.FIVE, five_and_two, rules) is None
    nine = hand[2:3]
    after = generals_after(held, without(hand, nine), Rank.NINE, nine, rules)
    assert after is not None
    assert Rank.NINE not in after and after[Rank.FIVE] is held[Rank.FIVE]
    assert after == generals(without(hand, nine), rules)


def test_the_fast_action_is_the_dataclass_action() -> None:
    """``action`` builds the same value as ``Action(name, Play(cards))``: equal, the same
    hash and text, no effect or target; and the module's examples hold."""
    cards = parse_cards("10♥ 10♠")
    built, plain = action("Léa", cards), Action("Léa", Play(cards))
    assert built == plain and hash(built) == hash(plain) and str(built) == "Léa: 10♥ 10♠"
    assert built.effect is None and built.target is None and built.play.cards is cards
    results = doctest.testmod(compact_offers)
    assert results.attempted > 0 and results.failed == 0
