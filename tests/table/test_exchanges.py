"""Exchanges and discards (S6, companion/table/exchanges.py): who gives how many cards to whom,
in which order.

Expected plans are written out by hand for small tables (players A, B, C… ranked best first)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table.exchanges import (
    PUTSCH_PENALTY,
    DiscardPlan,
    Give,
    Pair,
    plan_discards,
    plan_exchanges,
    symmetric_scores,
)
from companion.table.table_rules import TableRules


def _plan(players: int, putsch_penalty: bool | None = None, **options: Any) -> list[tuple]:
    """The plan as (higher, lower, cards the lower gives, cards the higher gives) tuples."""
    ranking = "ABCDEFGH"[:players]
    table = TableRules(**options)
    if putsch_penalty is None:
        pairs = plan_exchanges(table, ranking)
    else:
        pairs = plan_exchanges(table, ranking, putsch_penalty=putsch_penalty)
    out = []
    for pair in pairs:
        up = next(g for g in pair.gives if g.giver == pair.low)
        down = next(g for g in pair.gives if g.giver == pair.high)
        assert (up.to, down.to) == (pair.high, pair.low)
        out.append((pair.high, pair.low, up.count, down.count))
    return out


def test_outer_pairs_first_with_last_then_inwards() -> None:
    """Outer pairing: the Président with the last, the second with the second-last; the
    middle player of an odd table exchanges nothing."""
    assert _plan(5) == [("A", "E", 2, 2), ("B", "D", 1, 1)]


def test_no_more_pairs_than_half_the_table() -> None:
    """Three counts at four players: only two pairs exchange."""
    assert _plan(4, exchange=((3, 3), (2, 2), (1, 1))) == [("A", "D", 3, 3), ("B", "C", 2, 2)]


def test_counts_are_lower_gives_then_higher_gives() -> None:
    """Butthead's 2/3 1/2: the lower player gives the first number, the higher the second."""
    assert _plan(4, exchange=((2, 3), (1, 2))) == [("A", "D", 2, 3), ("B", "C", 1, 2)]


def test_the_lower_player_gives_first_by_default() -> None:
    """low_first: the lower player's cards go first, his best; the higher answers with his
    choice."""
    [pair, _] = plan_exchanges(TableRules(), "ABCD")
    assert pair == Pair(
        "A", "D", (Give("D", "A", 2, "best"), Give("A", "D", 2, "chosen")), veto=False
    )
    assert [g.kind for g in pair.gives] == ["best", "chosen"]


def test_the_higher_player_gives_first_when_told() -> None:
    """CONC: « le président donne … » first under exchange_order=high_first."""
    [pair] = plan_exchanges(TableRules(exchange=((1, 1),), exchange_order="high_first"), "ABC")
    assert pair.gives == (Give("A", "C", 1, "chosen"), Give("C", "A", 1, "best"))


def test_what_the_higher_gives_is_chosen_per_pair() -> None:
    """exchange_high per pair, its last value holding for the pairs after it."""
    table = TableRules(exchange=((3, 3), (2, 2), (1, 1)), exchange_high=("lowest", "negotiated"))
    pairs = plan_exchanges(table, "ABCDEF")
    assert [p.gives[1].how for p in pairs] == ["lowest", "negotiated", "negotiated"]
    assert [p.gives[1].kind for p in pairs] == ["lowest", "chosen", "chosen"]
    assert {p.gives[0].how for p in pairs} == {"best"}


def test_the_veto_is_carried_by_every_pair() -> None:
    """Strutz's veto applies to each exchange; without it no pair has one."""
    assert [p.veto for p in plan_exchanges(TableRules(veto=True), "ABCDE")] == [True, True]
    assert [p.veto for p in plan_exchanges(TableRules(), "ABCDE")] == [False, False]


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (3, [("A", "C", 1, 1)]),
        (4, [("A", "D", 2, 2), ("B", "C", 1, 1)]),
        (5, [("A", "E", 2, 2), ("B", "D", 1, 1)]),
        (7, [("A", "G", 3, 3), ("B", "F", 2, 2), ("C", "E", 1, 1)]),
    ],
)
def test_exchange_by_score_uses_the_positive_scores(players: int, expected: list) -> None:
    """PAGAT: each loser exchanges as many cards as his (symmetric) score; zero exchanges
    nothing."""
    assert _plan(players, exchange_by_score=True, scoring="symmetric", exchange=()) == expected


def test_symmetric_scores_have_a_zero_only_at_an_odd_count() -> None:
    """PAGAT's 5 and 7 players; 4 and 6 have no zero."""
    assert symmetric_scores(5) == [2, 1, 0, -1, -2]
    assert symmetric_scores(7) == [3, 2, 1, 0, -1, -2, -3]
    assert symmetric_scores(4) == [2, 1, -1, -2]
    assert symmetric_scores(6) == [3, 2, 1, -1, -2, -3]


def test_no_putsch_penalty_unless_asked() -> None:
    """By default the plan is the usual one."""
    assert _plan(5) == _plan(5, putsch_penalty=False) == [("A", "E", 2, 2), ("B", "D", 1, 1)]


def test_a_putsch_penalty_replaces_the_first_exchange_only() -> None:
    """WIKI: the failed putschist « est condamné à donner ses 4 meilleures cartes au
    Président » (4 for 4); the other pairs exchange as usual."""
    assert PUTSCH_PENALTY == 4
    assert _plan(5, putsch_penalty=True) == [("A", "E", 4, 4), ("B", "D", 1, 1)]
    assert _plan(6, putsch_penalty=True, exchange=((2, 2), (1, 1), (1, 1))) == [
        ("A", "F", 4, 4),
        ("B", "E", 1, 1),
        ("C", "D", 1, 1),
    ]
    assert _plan(4, putsch_penalty=True, exchange=((1, 1),)) == [("A", "D", 4, 4)]


def test_a_putsch_penalty_without_exchanges_plans_nothing() -> None:
    """With no exchange at all, a putsch penalty adds none."""
    assert _plan(5, putsch_penalty=True, exchange=()) == []


def test_chain_pairs_the_neighbours_from_the_bottom_up() -> None:
    """CONC at 6: the Président with the last, then 4th→5th… upwards to 2nd↔3rd, each with
    the second count."""
    assert _plan(6, exchange_pairing="chain", exchange=((2, 2), (1, 1))) == [
        ("A", "F", 2, 2),
        ("D", "E", 1, 1),
        ("C", "D", 1, 1),
        ("B", "C", 1, 1),
    ]
    assert _plan(5, exchange_pairing="chain", exchange=((2, 2), (1, 1))) == [
        ("A", "E", 2, 2),
        ("C", "D", 1, 1),
        ("B", "C", 1, 1),
    ]


def test_chain_with_one_count_is_only_the_outer_pair() -> None:
    """A single count under chain pairing: only the Président and the last exchange."""
    assert _plan(6, exchange_pairing="chain", exchange=((1, 1),)) == [("A", "F", 1, 1)]


def test_chain_with_a_putsch_penalty() -> None:
    """Under chain pairing the penalty also replaces the outer exchange only."""
    assert _plan(4, putsch_penalty=True, exchange_pairing="chain", exchange=((2, 2), (1, 1))) == [
        ("A", "D", 4, 4),
        ("B", "C", 1, 1),
    ]


def test_merchants_swap_the_middle_pair_at_an_even_count() -> None:
    """PAGAT « Cartes à échanger »: at six with one count, C and D swap one card each,
    bargaining, the upper one first."""
    pairs = plan_exchanges(TableRules(merchants=True, exchange=((1, 1),)), "ABCDEF")
    assert pairs[-1] == Pair(
        "C",
        "D",
        (Give("C", "D", 1, "merchants"), Give("D", "C", 1, "merchants")),
        merchants=True,
    )
    assert [p.merchants for p in pairs] == [False, True] and pairs[-1].gives[0].kind == "chosen"


def test_merchants_alone_at_four() -> None:
    """Merchants with no other exchange at four: B and C swap."""
    assert _plan(4, merchants=True, exchange=()) == [("B", "C", 1, 1)]


def test_no_merchants_at_an_odd_count_or_when_every_pair_exchanges() -> None:
    """The middle pair swaps only at an even count and only if it exchanges nothing else."""
    assert _plan(5, merchants=True, exchange=((1, 1),)) == [("A", "E", 1, 1)]
    assert _plan(4, merchants=True) == [("A", "D", 2, 2), ("B", "C", 1, 1)]


def test_kinds_of_giving() -> None:
    """What the JSON calls each way of giving."""
    kinds = {
        how: Give("A", "B", 1, how).kind
        for how in (
            "best",
            "best_collective",
            "best_no_joker",
            "lowest",
            "lowest_even_if_set",
            "chosen",
            "negotiated",
            "merchants",
        )
    }
    assert kinds == {
        "best": "best",
        "best_collective": "best",
        "best_no_joker": "best",
        "lowest": "lowest",
        "lowest_even_if_set": "lowest",
        "chosen": "chosen",
        "negotiated": "chosen",
        "merchants": "chosen",
    }


@pytest.mark.parametrize(
    ("players", "discarder"), [(3, "B"), (4, None), (5, "C"), (6, "C"), (7, None)]
)
def test_tdc_discards(players: int, discarder: str | None) -> None:
    """TDC article 4: the Secrétaire at 3, the Contremaître at 5 and 6 discard one card,
    collected by the Trou du cul; nobody at 4 or 7."""
    ranking = "ABCDEFG"[:players]
    plans = plan_discards(TableRules(discards="tdc", discard_shown=True), ranking)
    expected = [] if discarder is None else [DiscardPlan(discarder, 1, True, ranking[-1])]
    assert plans == expected
    hidden = plan_discards(TableRules(discards="tdc", discard_shown=False), ranking)
    assert [p.shown for p in hidden] == [False] * len(expected)
    assert plan_discards(TableRules(), ranking) == []
