"""The deal (S5), simulated card by card so every pattern's extra cards land where the seed
says, and the deck it uses (D1–D3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.ruleset import RuleSet
from companion.table.plan_errors import PlanError
from companion.words import Message

# TDC article 4 (and article 3 at 4 players): the cards given before "puis 1 par 1", as
# (place in the ranking, 0 = Président, number of cards), in the order they are dealt.
TDC_PATTERNS: dict[int, tuple[tuple[int, int], ...]] = {
    3: ((1, 1), (2, 2)),  # "1 carte au Secrétaire, 2 cartes au Trou-du-cul, puis 1 par 1."
    4: ((3, 2),),  # "2 cartes au Trou-du-cul, puis 1 par 1"
    5: ((2, 1), (3, 1), (4, 2)),  # "1 carte au Contremaître, 1 carte au Larbin, 2 cartes au TdC"
    6: ((2, 1), (3, 1), (4, 2), (5, 2)),  # "…, 1 carte à l'Ouvrier, 2 cartes au Larbin, …"
}


@dataclass(frozen=True)
class Deck:
    cards: int
    decks: int
    jokers: int
    deck: str  # cards in one deck: 52, 32, 30, 40


def deck_for(rules: RuleSet, players: int) -> Deck:
    decks = rules.deck_count(players)
    jokers = rules.joker_count(players)
    return Deck(int(rules.deck) * decks + jokers, decks, jokers, rules.deck)


@dataclass(frozen=True)
class Deal:
    """Who gets each card, in order. ``prelude`` are the cards given before the round-robin
    (TDC); ``cycle`` is the round-robin order; ``set_aside`` cards are shown and put aside."""

    order: tuple[str, ...]
    prelude: tuple[tuple[str, int], ...]
    cycle: tuple[str, ...]
    set_aside: int

    def counts(self, players: Sequence[str]) -> dict[str, int]:
        got = dict.fromkeys(players, 0)
        for name in self.order:
            got[name] += 1
        return got


def simulate(
    total: int, cycle: Sequence[str], prelude: Sequence[tuple[str, int]] = (), equal: bool = False
) -> Deal:
    """Deal ``total`` cards: the prelude first, then one by one round ``cycle`` until the pack
    is out (or, if ``equal``, until everyone has the same number, the rest set aside)."""
    order: list[str] = []
    for name, count in prelude:
        order.extend([name] * count)
    if len(order) > total:
        raise PlanError(Message.of("table.error.plan.deal_short"), code="too-few-cards")
    dealt = (total // len(cycle)) * len(cycle) if equal else total
    i = 0
    while len(order) < dealt:
        order.append(cycle[i % len(cycle)])
        i += 1
    return Deal(tuple(order), tuple(prelude), tuple(cycle), total - dealt)


def rotate(seats: Sequence[str], start: str, clockwise: bool = True) -> tuple[str, ...]:
    """The seats in turn order starting at ``start``."""
    ring = list(seats) if clockwise else [seats[0], *reversed(seats[1:])]
    i = ring.index(start)
    return tuple(ring[i:] + ring[:i])
