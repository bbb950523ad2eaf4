"""Candidate plays: the distinct groups of held cards that could form a combination.

The transition uses them to decide whether a player can beat the table (P2 must_beat, a
leader who may not pass); the referee filters them through the transition to list the legal
plays. Nothing here judges legality.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from companion.rules.cards import Card, Rank, Suit
from companion.rules.combos import COUP_SHAPES, Order
from companion.rules.ruleset import RuleSet

Emit = Callable[[tuple[Card, ...]], Iterator[tuple[Card, ...]]]


def suits_can_decide(rules: RuleSet) -> bool:
    """Whether the suit of any natural card can change a ruling: B8 suits, B6 special cards,
    B11 poker hands, H8 the suit lock. (H3 makes one card special, the 3♠: see below.)"""
    return (
        rules.suits != "ignored"
        or rules.special_high_cards in ("black_threes", "jack_of_diamonds")
        or rules.combinations == "poker"
        or rules.shibari
    )


def suit_sensitive(rules: RuleSet) -> bool:
    """Whether two cards of one rank can rule differently (so each suit is its own play)."""
    return (
        suits_can_decide(rules)
        or rules.joker_order != "equal"
        or rules.spade_three  # H3: the 3♠ is not any 3
    )


def suits_judge_no_set(rules: RuleSet) -> bool:
    """Whether a set of natural cards of one rank is judged by its rank and size alone
    (suits never decide, no card of a rank is special); jokers may still differ by colour."""
    return not suits_can_decide(rules) and not rules.spade_three


def candidate_plays(
    rules: RuleSet, order: Order, hand: tuple[Card, ...], lock: tuple[Suit, ...] = ()
) -> Iterator[tuple[Card, ...]]:
    """Distinct groups of held cards that could form a combination (each yielded once; one
    representative per rank and size where suits cannot tell two picks apart, as with D5's
    jokers of two colours for every rank but the jokers). ``lock``: H8's locked suits,
    the only ones a play may hold (a run's one representative must be of them)."""
    wild = order.wild_ranks
    if lock:
        hand = tuple(c for c in hand if c.suit is None or c.suit in lock or c.rank in wild)
    groups: dict[Rank, list[Card]] = {}
    wilds: list[Card] = []
    for c in hand:
        (wilds if c.rank in wild else groups.setdefault(c.rank, [])).append(c)
    max_size = 1 if rules.single_cards_only else len(hand)
    sensitive = suit_sensitive(rules)
    # Where only the jokers' colours can decide (D5), natural cards of one rank and size
    # are one play, whatever their suits: one representative, as when nothing decides.
    by_suit = sensitive and not suits_judge_no_set(rules)
    seen: set[tuple[Card, ...]] = set()

    def emit(cards: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        if not sensitive:  # one representative per rank and size never repeats
            yield cards
            return
        # suit-by-suit picks can repeat: two decks hold twin cards
        key = tuple(sorted(cards, key=str))
        if key not in seen:
            seen.add(key)
            yield cards

    picks_of_wilds = wild_picks(wilds, max_size)
    for rank, cards_of_rank in groups.items():
        each = by_suit or (sensitive and rank is Rank.JOKER)  # every pick of its cards
        for k in range(1, min(len(cards_of_rank), max_size) + 1):
            picks = combinations(cards_of_rank, k) if each else [tuple(cards_of_rank[:k])]
            for pick in picks:
                yield from emit(pick)
                for extra in picks_of_wilds:
                    if k + len(extra) <= max_size:
                        yield from emit(pick + extra)
    for extra in picks_of_wilds:
        yield from emit(extra)
    if rules.combinations == "sets_and_runs" and not rules.single_cards_only:
        yield from _run_candidates(groups, order, emit)
    if rules.coup_detat:
        for coup in coup_picks(groups, [*wilds, *groups.get(Rank.JOKER, [])]):
            yield from emit(coup)
    if rules.combinations == "poker" and len(hand) >= 5:
        for five in combinations(hand, 5):
            yield from emit(five)


def coup_picks(groups: dict[Rank, list[Card]], held: list[Card]) -> list[tuple[Card, ...]]:
    """S8: by rank in ``groups``' order, four of a kind with one joker, three with two, and the
    guillotine's four with two: the first cards of each, the first jokers of ``held``."""
    jokers = [c for c in held if c.is_joker]
    return [
        (*cards[:naturals], *jokers[:extra])
        for rank, cards in groups.items()
        if rank is not Rank.JOKER
        for naturals, extra in COUP_SHAPES
        if len(cards) >= naturals and len(jokers) >= extra
    ]


def wild_picks(wilds: list[Card], max_size: int) -> list[tuple[Card, ...]]:
    """Every distinct choice of wild cards by rank (which wild stands in matters only by its
    rank: a 2 and a 3 are different cards to hold on to)."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in wilds:
        by_rank.setdefault(c.rank, []).append(c)
    picks: list[tuple[Card, ...]] = [()]
    for cards in by_rank.values():
        picks = [
            p + tuple(cards[:n])
            for p in picks
            for n in range(len(cards) + 1)
            if len(p) + n <= max_size
        ]
    return [p for p in picks if p]


def _run_candidates(
    groups: dict[Rank, list[Card]], order: Order, emit: Emit
) -> Iterator[tuple[Card, ...]]:
    ranks = sorted((r for r in groups if r in order.keys), key=order.keys.__getitem__)
    for width in (1, 2, 3):
        for start in range(len(ranks)):
            run: list[Card] = []
            for j in range(start, len(ranks)):
                r = ranks[j]
                if j > start and order.keys[r] - order.keys[ranks[j - 1]] != 1:
                    break
                if len(groups[r]) < width:
                    break
                run.extend(groups[r][:width])
                if j - start + 1 >= (3 if width == 1 else 2):
                    yield from emit(tuple(run))
