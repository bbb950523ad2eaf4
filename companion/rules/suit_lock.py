"""H8 shibari, the suit lock of the Daifugō tables: two plays in a row of the same suits lock
the trick to those suits until it ends.

BOKU (boku-boardgame.net, « マークしばり »): when cards of the same suit are played one after
the other, only that suit may be played until the trick is cleared ("♥4" then "♥6": from then
on only ♥); for sets, one of its two ways is that the lock starts when all the suits match.
We take that one, and decide the open points:

- a lock starts only between two plays of natural cards whose suits are all given: a joker or
  a wild card names no suit, and a card typed without its suit gets the benefit of the doubt;
- once locked, a joker or a wild card stands in for any locked suit (« A♥ + joker » may
  follow a ♥♠ pair), and every natural card must be of a locked suit, as many of each as the
  lock holds;
- the lock binds every play, whatever its power (a lone 2, a joker, the 3♠).

>>> from companion.rules.cards import parse_cards
>>> starts(parse_cards("4h 4s"), parse_cards("6s 6h"), frozenset())
(<Suit.SPADES: '♠'>, <Suit.HEARTS: '♥'>)
>>> fits(starts(parse_cards("4h"), parse_cards("6h"), frozenset()), parse_cards("9d"), frozenset())
False
"""

from __future__ import annotations

from collections import Counter

from companion.rules.cards import Card, Rank, Suit
from companion.rules.combos import order_for
from companion.rules.ruleset import RuleSet
from companion.rules.state import Trick

_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


def stand_ins(rules: RuleSet) -> frozenset[Rank]:
    """The ranks whose cards name no suit of their own under ``rules``: jokers, wild cards
    (the cached card order's, which reads ``wild_cards`` once)."""
    return order_for(rules, False).wild_ranks | {Rank.JOKER}


def _suits(cards: tuple[Card, ...], free: frozenset[Rank]) -> tuple[Suit, ...] | None:
    """The suits of a play made only of natural cards with their suits given, or None."""
    suits = []
    for card in cards:
        if card.rank in free or card.suit is None:
            return None
        suits.append(card.suit)
    return tuple(sorted(suits, key=_SUIT_ORDER.__getitem__))


def starts(
    under: tuple[Card, ...], played: tuple[Card, ...], free: frozenset[Rank]
) -> tuple[Suit, ...]:
    """The lock ``played`` puts on the trick when it follows ``under``: their suits when they
    are the same, else none (``()``)."""
    suits = _suits(played, free)
    return suits if suits is not None and suits == _suits(under, free) else ()


def fits(lock: tuple[Suit, ...], cards: tuple[Card, ...], free: frozenset[Rank]) -> bool | None:
    """Whether ``cards`` may be played on a trick locked to ``lock`` (``()``: not locked);
    None when a natural card's suit is not given and the answer depends on it."""
    if not lock:
        return True
    suits = [c.suit for c in cards if c.rank not in free]
    if None in suits:
        return None
    allowed = Counter(lock)
    return all(n <= allowed[suit] for suit, n in Counter(s for s in suits if s).items())


def open_lock(trick: Trick) -> tuple[Suit, ...]:
    """The suits a play on ``trick`` must keep to: none once everyone passed and the top
    player may start the next trick (P4), whatever they play."""
    return () if trick.pending_close else trick.lock
