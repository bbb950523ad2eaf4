"""A player's plays as actions on the compact state, kept from one state to the next.

``legal_plays`` returns actions, and a player's possible plays change only when he plays:
each player's are built once (when he is first to act) and carried from state to state; when
he plays, only the rank he played is built again, the other ranks keep their action objects.
Ranks come in the order of their first card held, the order ``legal_plays`` lists them in.

- ``Offers``, where each rank is one play per size: by rank, the actions of its first 1, 2, …
  cards held.
- ``Generals``, where wild cards stand in or jokers rank by colour (``CompactRules.general``):
  by the rank each set stands for, ``compact_plays.candidates``' plays in its order, with the
  wild cards alone last (under None).
"""

from __future__ import annotations

from companion.rules.cards import Card, Play, Rank
from companion.rules.combos import COUP_KEY, JOKER_KEY
from companion.rules.compact_plays import candidates
from companion.rules.compact_rules import CompactRules
from companion.rules.notation import Action

__all__ = [
    "COUPS",
    "General",
    "Generals",
    "Offers",
    "action",
    "generals",
    "generals_after",
    "offers",
    "offers_after",
    "tiebreak",
    "without",
]

Offers = dict[Rank, tuple[Action, ...]]
# A play where ``general``: its action once offered (built when first offered: about half of
# a hubere hand's sets with wild cards never are), its cards, the rank the set stands for
# (None: wild cards alone), its card count, the rank whose power ``Core.beats`` reads, its
# key when it does not follow the card order (else None), and its D7 tiebreak (``tiebreak``).
General = tuple[list[Action], tuple[Card, ...], Rank | None, int, Rank | None, int | None, int]
# By the rank each set stands for; the wild cards alone under None, the coups d'État (S8)
# under ``COUPS``, both last.
Generals = dict[Rank | str | None, list[General]]
COUPS = "coups"
_NONE: frozenset[Rank] = frozenset()

# ``Action(name, Play(cards))`` without the dataclasses' ``__init__``, which sets each field
# of a frozen class through ``object.__setattr__``: twice as fast, and a hand with wild cards
# builds hundreds of actions (a hubere hand of 13 cards has up to about 100 plays).
_new = object.__new__
_set_cards = Play.__dict__["cards"].__set__
_set_player = Action.__dict__["player"].__set__
_set_play = Action.__dict__["play"].__set__
_set_effect = Action.__dict__["effect"].__set__
_set_target = Action.__dict__["target"].__set__


def action(name: str, cards: tuple[Card, ...]) -> Action:
    """``Action(name, Play(cards))``, built faster.

    >>> from companion.rules.cards import parse_cards
    >>> action("Léa", parse_cards("10♥ 10♠")) == Action.parse("Léa: 10♥ 10♠")
    True
    """
    play = _new(Play)
    _set_cards(play, cards)
    made = _new(Action)
    _set_player(made, name)
    _set_play(made, play)
    _set_effect(made, None)
    _set_target(made, None)
    return made


def offers(name: str, hand: tuple[Card, ...]) -> Offers:
    """``name``'s plays holding ``hand``, where each rank is one play per size."""
    by_rank: dict[Rank, list[Card]] = {}
    for c in hand:
        group = by_rank.get(c.rank)
        if group is None:
            by_rank[c.rank] = [c]
        else:
            group.append(c)
    return {r: _sizes(name, tuple(cards)) for r, cards in by_rank.items()}


def offers_after(
    held: Offers, rest: tuple[Card, ...], rank: Rank, played: tuple[Card, ...]
) -> Offers:
    """The offers of a player who played ``played`` (cards of ``rank``) and holds ``rest``."""
    plays = held[rank]
    left = without(plays[-1].play.cards, played)
    if not left:  # the whole rank played: the others keep their order
        return {q: a for q, a in held.items() if q is not rank}
    remaining = _sizes(plays[0].player, left)
    # Its first card not played, the rank keeps its place. (Two decks' equal cards may be one
    # object: where the first card equals one played, the order is worked out again.)
    if plays[0].play.cards[0] not in played:
        return {q: (a if q is not rank else remaining) for q, a in held.items()}
    return {q: (held[q] if q is not rank else remaining) for q in _first_held(rest, _NONE)}


def generals(hand: tuple[Card, ...], r: CompactRules) -> Generals:
    """The plays of a player holding ``hand``, where ``r.general``."""
    keys = r.joker_keys if r.colours else None
    found: Generals = {}
    made = candidates(hand, r.wild, r.most, keys, JOKER_KEY, r.wild_key, r.coups)
    for rank, cards, power, fixed in made:
        tb = tiebreak(r, rank, power) if r.d7 else 0
        play: General = ([], cards, rank, len(cards), power, fixed, tb)
        at = COUPS if fixed == COUP_KEY else rank
        group = found.get(at)
        if group is None:
            found[at] = [play]
        else:
            group.append(play)
    return found


def tiebreak(r: CompactRules, rank: Rank | None, power: Rank | None) -> int:
    """D7 natural_wins / wild_wins: which of two sets of one rank and size is higher, a
    natural one or one with wild cards standing in (the higher tiebreak wins; a set of jokers
    and wild cards alone have none). ``power`` is None where wild cards stand in."""
    if rank is None or rank is Rank.JOKER:
        return 0
    return r.natural_tb if power is not None else r.wild_tb


def generals_after(
    held: Generals,
    rest: tuple[Card, ...],
    rank: Rank | None,
    played: tuple[Card, ...],
    r: CompactRules,
) -> Generals | None:
    """The plays of a player who played ``played``, standing for ``rank``, and holds ``rest``;
    None where the play had wild cards (every set with them changes: build them again) or
    coups d'État may be played (S8: they change with the jokers and every rank)."""
    wild = r.wild
    if rank is None or r.coups or any(c.rank in wild for c in played):
        return None
    plays = held[rank]
    left = tuple(c for c in rest if c.rank is rank)
    if not left:
        return {q: a for q, a in held.items() if q is not rank}
    # The rank's sets again, with the same wild cards beside them (in the hand's order).
    sub = left + tuple(c for c in rest if c.rank in wild)
    remaining = generals(sub, r)[rank]
    if plays[0][1][0] not in played:  # its place kept (as in ``offers_after``)
        return {q: (a if q is not rank else remaining) for q, a in held.items()}
    found: Generals = {
        q: (held[q] if q is not rank else remaining) for q in _first_held(rest, wild)
    }
    if None in held:  # the wild cards alone, last
        found[None] = held[None]
    return found


def _first_held(rest: tuple[Card, ...], skip: frozenset[Rank]) -> list[Rank]:
    """The ranks of ``rest`` but ``skip``, in the order of their first card."""
    seen: dict[Rank, None] = {}
    for c in rest:
        if c.rank not in skip:
            seen[c.rank] = None
    return list(seen)


def without(hand: tuple[Card, ...], played: tuple[Card, ...]) -> tuple[Card, ...]:
    """``hand`` without the played cards (each held, exactly as written)."""
    rest = list(hand)
    for c in played:
        # The cards of a legal action are the held ones themselves: found by identity first.
        for i, h in enumerate(rest):
            if h is c:
                del rest[i]
                break
        else:
            rest.remove(c)
    return tuple(rest)


def _sizes(name: str, cards: tuple[Card, ...]) -> tuple[Action, ...]:
    """The actions of the first 1, 2, … of ``cards`` (held cards of one rank)."""
    return tuple(action(name, cards[:k]) for k in range(1, len(cards) + 1))
