"""A hand's candidate plays for the compact state where a rank is not one play per size:
wild cards standing in beside a rank or alone (D6), and jokers ranked by colour (D5).

They come in ``candidates.candidate_plays``' order, the order ``legal_plays`` lists them in:
each natural rank in the order of its first card held, one to all of its cards, each followed
by the same cards with every pick of wild cards; then the wild cards alone, then the coups
d'État (S8). Where the jokers' colours decide, each distinct pick of jokers is its own play.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from companion.rules.candidates import coup_picks, wild_picks
from companion.rules.cards import Card, JokerColour, Rank
from companion.rules.combos import COUP_KEY

__all__ = ["Candidate", "candidates", "joker_picks"]

# A candidate: the rank its set stands for (None for wild cards alone), its cards, the rank
# whose power ``Core.beats`` reads (a joker set's JOKER, a natural set's rank, None when wild
# cards stand in), and its key when it does not follow the card order (jokers, wild cards
# alone), else None.
Candidate = tuple[Rank | None, tuple[Card, ...], Rank | None, int | None]


def candidates(
    hand: tuple[Card, ...],
    wild: frozenset[Rank],
    most: int,
    joker_keys: dict[JokerColour, int] | None,
    joker_key: int,
    wild_key: int | None,
    coups: bool = False,
) -> list[Candidate]:
    """The candidate plays of ``hand``: ``most`` cards at most (1 when single cards only),
    ``joker_keys`` by colour where they decide (D5), ``joker_key`` otherwise, ``wild_key`` the
    key of wild cards alone (None: they may not be played alone); with ``coups`` (S8, no wild
    cards), the coups d'État last."""
    naturals: dict[Rank, list[Card]] = {}
    wilds: dict[Rank, list[Card]] = {}
    for c in hand:
        (wilds if c.rank in wild else naturals).setdefault(c.rank, []).append(c)
    extras = wild_picks([c for cards in wilds.values() for c in cards], most)
    out: list[Candidate] = []
    for rank, held in naturals.items():
        cards = tuple(held)
        joker = rank is Rank.JOKER
        top = min(len(cards), most)
        if joker and joker_keys is not None:  # each pick of colours is its own play
            for pick in joker_picks(cards, top):
                key = min(joker_keys[c.colour] for c in pick)  # type: ignore[index]
                out.append((rank, pick, rank, key))
                for extra in extras:  # D6: wild cards beside them keep the jokers' key
                    if len(pick) + len(extra) <= most:
                        out.append((rank, pick + extra, rank, key))
            continue
        fixed = joker_key if joker else None
        for k in range(1, top + 1):
            pick = cards[:k]
            out.append((rank, pick, rank, fixed))
            for extra in extras:
                if k + len(extra) <= most:
                    both = pick + extra
                    out.append((rank, both, Rank.JOKER if joker else None, fixed))
    if wild_key is not None:
        out.extend((None, extra, None, wild_key) for extra in extras)
    if coups:  # the step engine's own picks, keyed above everything
        jokers = naturals.get(Rank.JOKER, [])
        out.extend((cards[0].rank, cards, None, COUP_KEY) for cards in coup_picks(naturals, jokers))
    return out


@lru_cache(maxsize=4096)
def joker_picks(jokers: tuple[Card, ...], most: int) -> tuple[tuple[Card, ...], ...]:
    """D5: every distinct pick of up to ``most`` of the held jokers, by size, in the order
    ``candidates.candidate_plays`` lists them (two jokers of one colour are one play)."""
    seen: set[tuple[str, ...]] = set()
    picks = []
    for k in range(1, most + 1):
        for pick in combinations(jokers, k):
            same = tuple(sorted(map(str, pick)))
            if same not in seen:
                seen.add(same)
                picks.append(pick)
    return tuple(picks)
