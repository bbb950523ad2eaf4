"""How the first roles are assigned (S2): ranking drawn cards, ties redrawn; or at random.

PRES53: "Chaque joueur, au début du jeu, tire une carte. La plus forte désigne le président".
TDC: "Evidemment, 2 cartes identiques sont départagées par tirage."
The same ranking serves PAGAT's "Exposer une carte" (the top card of each dealt hand is
turned up): pass the exposed cards as the first round; ties turn up the next card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from companion.errors import CompanionError
from companion.rules.cards import DECK_RANKS, Card, JokerColour, Rank
from companion.rules.combos import order_for
from companion.rules.ruleset import RuleSet
from companion.words import Message


class DrawError(CompanionError):
    """A drawn card that cannot be in the pack, or a redraw by the wrong players."""

    code = "bad-draw"


class DrawResult(BaseModel):
    """Players grouped by drawn card, best first. ``ranking`` is set once nobody is tied;
    ``ties`` lists the groups that must draw again (only among themselves)."""

    model_config = ConfigDict(frozen=True)

    groups: tuple[tuple[str, ...], ...]

    @property
    def ties(self) -> tuple[tuple[str, ...], ...]:
        return tuple(g for g in self.groups if len(g) > 1)

    @property
    def ranking(self) -> tuple[str, ...] | None:
        return None if self.ties else tuple(g[0] for g in self.groups)


def draw_strength(card: Card, rules: RuleSet, draw_order: str = "game") -> int:
    """How strong a drawn card is (higher wins). Suits never count: equal ranks are redrawn.
    ``draw_order='ace_high'`` is the order of « la bataille » (PRES53's easier choice)."""
    if card.is_joker:
        # Jokers top the draw; a distinguishable pair ranks as the game ranks them (CONC).
        if rules.joker_order == "equal" or card.colour is None:
            return 1000
        high = JokerColour.COLOURED if rules.joker_order == "coloured_high" else JokerColour.BLACK
        return 1001 if card.colour is high else 1000
    if draw_order == "ace_high":
        return 12 if card.rank is Rank.ACE else int(card.rank) - 2
    order = order_for(rules, False)
    if card.rank in order.wild_ranks and rules.wild_alone == "highest":
        return 500  # Hűbéres: a lone wild card is above every rank, all wilds equal
    return order.rank_key(card.rank)


def _check_card(card: Card, rules: RuleSet, players: int) -> None:
    if card.is_joker:
        if rules.joker_count(players) == 0:
            raise DrawError(Message.of("table.error.no_joker"))
    elif card.rank not in DECK_RANKS[rules.deck]:
        raise DrawError(
            Message.of("table.error.not_in_deck", card=str(card), deck=rules.deck), card=str(card)
        )


def rank_draws(
    rounds: Sequence[Mapping[str, Card | str]], rules: RuleSet, draw_order: str = "game"
) -> DrawResult:
    """Rank players by drawn cards. ``rounds[0]`` has every player's card (in seating
    order); each later round has a card for every member of one or more tied groups of the
    round before. Returns the groups, best first; tied groups must draw again."""
    if not rounds:
        raise DrawError(Message.of("table.error.no_draw"))
    groups: list[tuple[str, ...]] = [tuple(rounds[0])]
    players = len(groups[0])
    for number, draws in enumerate(rounds):
        cards = {name: Card.parse(c) if isinstance(c, str) else c for name, c in draws.items()}
        for card in cards.values():
            _check_card(card, rules, players)
        drawn = set(cards)
        next_groups: list[tuple[str, ...]] = []
        for group in groups:
            members = set(group)
            if not members & drawn:
                next_groups.append(group)
                continue
            if members - drawn or len(group) == 1:
                raise DrawError(
                    Message.of("table.error.redraw", number=number + 1, who=", ".join(group))
                )
            by_strength: dict[int, list[str]] = {}
            for name in group:
                by_strength.setdefault(draw_strength(cards[name], rules, draw_order), []).append(
                    name
                )
            next_groups.extend(tuple(by_strength[s]) for s in sorted(by_strength, reverse=True))
        unknown = drawn - {n for g in groups for n in g}
        if unknown:
            raise DrawError(
                Message.of("table.error.unknown_player", who=", ".join(sorted(unknown)))
            )
        groups = next_groups
    return DrawResult(groups=tuple(groups))


def random_ranking(
    players: Sequence[str], rng: random.Random | int | None = None
) -> tuple[str, ...]:
    """Roles at random (S2 ``random``); pass a seed or a Random for a repeatable draw."""
    generator = rng if isinstance(rng, random.Random) else random.Random(rng)
    order = list(players)
    generator.shuffle(order)
    return tuple(order)
