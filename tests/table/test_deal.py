"""The deal (S5) and the pack (D1-D3): the simulation, the turn order, the deck. One rule per
test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.presets import ruleset_from
from companion.table.deal import Deal, deck_for, rotate, simulate
from companion.table.plan_errors import PlanError

SEATS = ("Ana", "Bob", "Cléo", "Dan")


def test_cards_go_round_one_at_a_time_after_the_prelude() -> None:
    """The prelude's cards first, in its order, then one each round the cycle until the
    pack is out: the first players of the cycle get the extra cards."""
    deal = simulate(11, ("Bob", "Cléo", "Dan", "Ana"), (("Dan", 2),))
    assert deal.order == ("Dan", "Dan", "Bob", "Cléo", "Dan", "Ana", "Bob", "Cléo", "Dan",
                          "Ana", "Bob")  # fmt: skip
    assert deal.prelude == (("Dan", 2),)
    assert deal.cycle == ("Bob", "Cléo", "Dan", "Ana")
    assert deal.set_aside == 0
    assert deal.counts(SEATS) == {"Ana": 2, "Bob": 3, "Cléo": 2, "Dan": 4}


def test_an_equal_deal_sets_the_rest_aside() -> None:
    """WIKI's first game: everyone gets the same number, the rest is set aside."""
    deal = simulate(54, SEATS, equal=True)
    assert deal.counts(SEATS) == dict.fromkeys(SEATS, 13)
    assert deal.set_aside == 54 - 4 * 13
    exact = simulate(52, SEATS, equal=True)
    assert exact.set_aside == 0 and len(exact.order) == 52


def test_counts_include_players_dealt_nothing() -> None:
    """A player who got no card still has a count, of zero."""
    assert Deal(("Ana",), (), ("Ana",), 0).counts(["Ana", "Bob"]) == {"Ana": 1, "Bob": 0}


def test_a_prelude_bigger_than_the_pack_is_refused() -> None:
    """More cards promised before the round than the pack holds: refused, in both
    languages; exactly the pack is fine."""
    with pytest.raises(PlanError) as info:
        simulate(3, SEATS, (("Ana", 2), ("Bob", 2)))
    assert info.value.code == "too-few-cards"
    assert info.value.message("fr") == "Pas assez de cartes pour cette distribution."
    assert info.value.message("en") == "Not enough cards for this deal."
    assert simulate(4, SEATS, (("Ana", 2), ("Bob", 2))).order == ("Ana", "Ana", "Bob", "Bob")


def test_turn_order_from_any_seat_both_ways() -> None:
    """Clockwise follows the seats; anticlockwise goes the other way round the same ring."""
    assert rotate(SEATS, "Cléo") == ("Cléo", "Dan", "Ana", "Bob")
    assert rotate(SEATS, "Cléo", clockwise=False) == ("Cléo", "Bob", "Ana", "Dan")
    assert rotate(SEATS, "Ana", clockwise=False) == ("Ana", "Dan", "Cléo", "Bob")


@pytest.mark.parametrize(
    ("pid", "players", "cards", "decks", "jokers", "deck"),
    [
        ("pagat", 4, 52, 1, 0, "52"),
        ("president", 4, 53, 1, 1, "52"),
        ("trou-du-cul", 4, 54, 1, 2, "52"),
        ("klootzakken", 4, 40, 1, 0, "40"),
        ("concierge", 5, 106, 2, 2, "52"),
    ],
)
def test_the_pack_follows_the_rules(
    pid: str, players: int, cards: int, decks: int, jokers: int, deck: str
) -> None:
    """D1-D3: cards per deck times decks, plus the jokers."""
    rules = ruleset_from(pid)
    got = deck_for(rules, players)
    assert (got.cards, got.decks, got.jokers, got.deck) == (cards, decks, jokers, deck)
    assert got.cards == int(rules.deck) * rules.deck_count(players) + rules.joker_count(players)
