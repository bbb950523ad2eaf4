"""Exchanges and discards (S6) for a ranking, in the order they happen."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.table.table_rules import TableRules

# What the JSON calls each way of giving: best | lowest | chosen.
_KIND = {
    "best": "best", "best_collective": "best", "best_no_joker": "best",
    "lowest": "lowest", "lowest_even_if_set": "lowest",
    "chosen": "chosen", "negotiated": "chosen", "merchants": "chosen",
}  # fmt: skip

PUTSCH_PENALTY = 4  # WIKI: "il est condamné à donner ses 4 meilleures cartes au Président"


@dataclass(frozen=True)
class Give:
    giver: str
    to: str
    count: int
    how: str  # the S6 value: best, best_collective, lowest_even_if_set, negotiated…

    @property
    def kind(self) -> str:
        return _KIND[self.how]


@dataclass(frozen=True)
class Pair:
    """One exchange between a higher and a lower player; ``gives`` in the order they happen."""

    high: str
    low: str
    gives: tuple[Give, Give]
    veto: bool = False  # the lower player may refuse one card he is given (Strutz)
    merchants: bool = False  # the two bargain over which cards (PAGAT)


@dataclass(frozen=True)
class DiscardPlan:
    player: str
    count: int
    shown: bool
    to: str | None


def symmetric_scores(players: int) -> list[int]:
    """PAGAT: "A 5 joueurs … 2, 1, 0, -1, -2. A 7 joueurs … 3, 2, 1, 0, -1, -2, -3."
    At an even count there is no zero (4 players: 2, 1, −1, −2): our choice."""
    half = players // 2
    top = list(range(half, 0, -1))
    return [*top, *([0] if players % 2 else []), *(-s for s in reversed(top))]


def _counts(table: TableRules, players: int) -> list[tuple[int, int]]:
    if table.exchange_by_score:
        return [(s, s) for s in symmetric_scores(players) if s > 0]
    return list(table.counts(players))


def plan_exchanges(
    table: TableRules, ranking: Sequence[str], putsch_penalty: bool = False
) -> list[Pair]:
    """Exchanges for players ranked best first. ``putsch_penalty``: the last hand's failed
    putschist gives his 4 best for 4 cards of the Président's choice instead."""
    n = len(ranking)
    counts = _counts(table, n)
    if putsch_penalty:
        counts = [(PUTSCH_PENALTY, PUTSCH_PENALTY), *counts[1:]] if counts else []
    # (index of higher, index of lower, pair number for the counts and kinds)
    links: list[tuple[int, int, int]] = []
    if table.exchange_pairing == "chain":
        if counts:
            links.append((0, n - 1, 0))
        if len(counts) > 1:
            # CONC: "Le commis 1 donne … au commis 2 … Ensuite, le secrétaire … au commis 1 …
            # Enfin, le vice-président … secrétaire": neighbours from the bottom up.
            links.extend((i, i + 1, 1) for i in range(n - 3, 0, -1))
    else:
        links.extend((i, n - 1 - i, i) for i in range(min(len(counts), n // 2)))
    pairs = [_pair(table, ranking[h], ranking[lo], counts[k], k) for h, lo, k in links]
    if table.merchants and n % 2 == 0 and len(links) < n // 2:
        # PAGAT "Cartes à échanger": the middle two must swap one card each.
        upper, lower = ranking[n // 2 - 1], ranking[n // 2]
        pairs.append(
            Pair(
                upper,
                lower,
                (Give(upper, lower, 1, "merchants"), Give(lower, upper, 1, "merchants")),
                merchants=True,
            )
        )
    return pairs


def _pair(table: TableRules, high: str, low: str, count: tuple[int, int], k: int) -> Pair:
    up = Give(low, high, count[0], table.exchange_low)
    down = Give(high, low, count[1], table.high_gives(k))
    gives = (up, down) if table.exchange_order == "low_first" else (down, up)
    return Pair(high, low, gives, veto=table.veto)


def plan_discards(table: TableRules, ranking: Sequence[str]) -> list[DiscardPlan]:
    """TDC article 4: at 3 players "Le Secrétaire se débarrasse d'une carte au choix, qu'il
    montre à ses adversaires, et qui est ramassée par le Trou-du-cul"; at 5 and 6 "le
    Contremaître se débarrasse d'une carte au choix" (shown and collected the same way: our
    reading of "Comme à 4, et…")."""
    if table.discards == "none":
        return []
    place = {3: 1, 5: 2, 6: 2}.get(len(ranking))
    if place is None:
        return []
    return [DiscardPlan(ranking[place], 1, table.discard_shown, ranking[-1])]
