"""What a group of cards is worth under a rule set: card order, sets, runs, poker hands.

A ``Combo`` is the classification of played cards; its ``key`` orders combos of the same
shape (higher beats). Keys are computed for one orientation of the card order (normal, or
reversed by a revolution or a Strutz 9), so the caller re-keys when the order flips.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from companion.rules.cards import Card, JokerColour, Rank, Suit
from companion.rules.errors import SuitNeededError
from companion.rules.ruleset import RuleSet
from companion.words import Message

# Primary keys: natural ranks are 0..n-1 in playing order; these sit above any natural rank.
SPECIAL_KEY = 100  # B6 black threes / jack of diamonds
WILD_HIGH_KEY = 150  # D6a a set made only of wild cards, Hűbéres
JOKER_KEY = 200  # jokers with a rank of their own (D5 adds 1 to the higher one)

_RANK_ORDERS: dict[str, tuple[Rank, ...]] = {
    "two_high": (*(Rank(n) for n in range(3, 15)), Rank.TWO),
    "ace_high": tuple(Rank(n) for n in range(2, 15)),
    "seven_high": (*(Rank(n) for n in range(8, 15)), Rank.SEVEN),
    "three_high": (*(Rank(n) for n in range(7, 15)), Rank.TWO, Rank.THREE),
}
_SUIT_RANKS = {
    "ranked": {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.DIAMONDS: 1, Suit.CLUBS: 0},
    "ranked_poker": {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.CLUBS: 1, Suit.DIAMONDS: 0},
}


class JokerChoiceError(SuitNeededError):
    """A play wrote ``JK`` where the joker order matters (D5): the transition tries both."""


class Order:
    """The card order of a rule set in one orientation (``reversed`` after a revolution)."""

    __slots__ = (
        "high_low_rank",
        "keys",
        "natural_ranks",
        "reversed",
        "rules",
        "suit_rank",
        "wild_ranks",
    )

    def __init__(self, rules: RuleSet, reversed_: bool) -> None:
        self.rules = rules
        self.reversed = reversed_
        ranks = list(_RANK_ORDERS[rules.rank_order])
        if rules.special_high_cards == "jokers_jacks_twos":
            ranks.remove(Rank.JACK)  # Sofia's table: joker, J, 2, A, K, …
            ranks.append(Rank.JACK)
        if reversed_:
            ranks.reverse()
            if rules.revolution == "quad_and_direction" and Rank.TWO in ranks:
                # Hamish Allan: reversed, the order runs (A)-2-4-5-…-K-(A): the 2 tops it.
                ranks.remove(Rank.TWO)
                ranks.append(Rank.TWO)
        self.natural_ranks = tuple(ranks)
        self.keys = {r: i for i, r in enumerate(ranks)}
        suit_rank = _SUIT_RANKS.get(rules.suits)
        if suit_rank and reversed_:  # PAGAT: reversed, the pair with the club is the higher
            suit_rank = {s: 3 - v for s, v in suit_rank.items()}
        self.suit_rank = suit_rank
        wild = set()
        for w in rules.wild_cards:
            wild.add(Rank.JOKER if w == "joker" else Rank(int(w)))
        self.wild_ranks = frozenset(wild)
        # B4 high_and_low / B9 quad_and_direction: the 2 normally, the ace once reversed.
        self.high_low_rank = None
        if rules.twos == "high_and_low":
            both_ways = rules.revolution == "quad_and_direction"
            self.high_low_rank = Rank.ACE if (reversed_ and both_ways) else Rank.TWO

    def rank_key(self, rank: Rank) -> int:
        return self.keys[rank]

    def joker_key(self, colour: JokerColour | None) -> int:
        order = self.rules.joker_order
        if order == "equal":
            return JOKER_KEY
        if colour is None:
            raise JokerChoiceError(Message.of("rules.joker_order_needed"))
        high = JokerColour.COLOURED if order == "coloured_high" else JokerColour.BLACK
        return JOKER_KEY + (1 if colour is high else 0)

    def top_joker_key(self) -> int:
        return JOKER_KEY + (0 if self.rules.joker_order == "equal" else 1)

    def is_special(self, card: Card) -> bool:
        special = self.rules.special_high_cards
        if special == "black_threes":
            return card.rank is Rank.THREE and card.suit in (Suit.SPADES, Suit.CLUBS)
        if special == "jack_of_diamonds":
            return card.rank is Rank.JACK and card.suit is Suit.DIAMONDS
        return False


def _new_order(rules: RuleSet, reversed_: bool) -> Order:
    return Order(rules, reversed_)


# Wrapped, not decorated: mutation testing (mutmut) leaves decorated functions out.
order_for = lru_cache(maxsize=256)(_new_order)


@dataclass(frozen=True, slots=True)
class Combo:
    """Played cards read as a combination.

    ``kind``: ``set`` (equal ranks), ``run`` (consecutive ranks, ``width`` cards each) or a
    poker hand (``straight``, ``flush``, ``full``, ``straight_flush``). ``rank`` is the rank a
    set stands for (None for jokers and all-wild sets); ``key`` orders combos of one shape.
    """

    kind: str
    count: int
    rank: Rank | None
    key: tuple[int, ...]
    width: int = 1
    natural: bool = True  # no wild card stands for another rank
    joker: bool = False  # a set of jokers with a rank (or power) of their own


class ComboError(Exception):
    """Internal: the cards form no combination; ``code`` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _suit_tiebreak(cards: tuple[Card, ...], order: Order) -> int:
    """B8 ranked suits: a set's best suit breaks a tie of rank; -1 when a card was typed
    without its suit (the comparison asks for it: ``beating``)."""
    if order.suit_rank is None:
        return 0
    values = []
    for c in cards:
        if c.suit is None:
            return -1
        values.append(order.suit_rank[c.suit])
    return max(values)


COUP_KINDS = frozenset({"coup_detat", "guillotine"})
COUP_KEY = 300  # above everything: nothing follows a coup d'État
# S8: (natural cards of one rank, jokers) → the kind, in the order candidates list them.
COUP_SHAPES: dict[tuple[int, int], str] = {
    (4, 1): "coup_detat",
    (3, 2): "coup_detat",
    (4, 2): "guillotine",
}


def _classify_within_limit(cards: tuple[Card, ...], order: Order) -> Combo:
    """Read cards as a combination, or raise ComboError(code)."""
    combo = _classify(cards, order)
    limit = order.rules.max_set
    if limit is not None and combo.kind == "set" and combo.count > limit:
        # B11a: « de une à quatre cartes » — two decks do not make sets of five to eight.
        raise ComboError("too-many-cards")
    return combo


def _combo_or_code(cards: tuple[Card, ...], order: Order) -> Combo | str:
    """The combination the cards form, or the code of why they form none."""
    try:
        return _classify_within_limit(cards, order)
    except ComboError as err:
        return err.code


# Cached, refusals included (a raised error is not cached, and most groups a player might
# try form no combination): the same few hundred groups of cards come back all hand long.
# Wrapped, not decorated: mutation testing (mutmut) leaves decorated functions out. Other
# errors (a question about a joker or a suit) are asked afresh each time.
combo_or_code = lru_cache(maxsize=65536)(_combo_or_code)


def classify(cards: tuple[Card, ...], order: Order) -> Combo:
    """Read cards as a combination, or raise ComboError(code)."""
    found = combo_or_code(cards, order)
    if isinstance(found, str):
        raise ComboError(found)
    return found


def _classify(cards: tuple[Card, ...], order: Order) -> Combo:
    rules = order.rules
    n = len(cards)
    if n > 1 and rules.single_cards_only:
        raise ComboError("single-cards-only")
    if rules.coup_detat and n in (5, 6):
        coup = _coup(cards, order)
        if coup is not None:
            return coup
    wild = order.wild_ranks
    if any(c.named is not None for c in cards):
        return _named_set(cards, order)
    naturals = [c for c in cards if c.rank not in wild]
    ranks = {c.rank for c in naturals}
    if not naturals:
        if rules.wild_alone == "forbidden":
            raise ComboError("wild-alone")
        if rules.wild_alone == "highest":
            key = WILD_HIGH_KEY
        else:  # Strutz: no higher than the top natural rank
            key = order.keys[order.natural_ranks[-1]]
        return Combo("set", n, None, (key, 0, 0), natural=False)
    if len(ranks) == 1:
        rank = next(iter(ranks))
        if rank is Rank.JOKER:
            keys = (
                {order.joker_key(c.colour) for c in naturals}
                if rules.joker_order != "equal"
                else {JOKER_KEY}
            )
            return Combo("set", n, None, (min(keys), 0, 0), joker=True)
        specials = [order.is_special(c) for c in naturals]
        if any(specials) and all(specials) and len(naturals) == n:
            return Combo("set", n, rank, (SPECIAL_KEY, 0, 0))
        natural = len(naturals) == n
        wild_tb = 0
        if rules.wild_vs_natural == "natural_wins":
            wild_tb = 1 if natural else 0
        elif rules.wild_vs_natural == "wild_wins":
            wild_tb = 0 if natural else 1
        primary = order.keys.get(rank)
        if primary is None:
            raise ComboError("not-a-set")
        suit_tb = _suit_tiebreak(tuple(naturals), order)
        return Combo("set", n, rank, (primary, wild_tb, suit_tb), natural=natural)
    if rules.combinations == "sets_and_runs":
        run = _run(cards, order)
        if run:
            return run
    if rules.combinations == "poker" and n == 5:
        hand = _poker(cards, order)
        if hand:
            return hand
    raise ComboError("not-a-set")


def _named_set(cards: tuple[Card, ...], order: Order) -> Combo:
    """D6 with jokers wild: jokers played as a named rank (``JK=4``, a lone joker played as a
    4) make a set of that rank, as if they stood in beside 4s. Only sets: a run names its
    ranks by its natural cards (open point)."""
    rules = order.rules
    wild = order.wild_ranks
    if Rank.JOKER not in wild:
        raise ComboError("joker-not-wild")
    naturals = [c for c in cards if c.rank not in wild]
    ranks = {c.rank for c in naturals} | {c.named for c in cards if c.named is not None}
    if len(ranks) != 1:
        raise ComboError("not-a-set")
    if not naturals and rules.wild_alone == "forbidden":
        raise ComboError("wild-alone")
    rank = next(iter(ranks))
    primary = order.keys.get(rank)
    if primary is None:
        raise ComboError("not-a-set")
    wild_tb = 1 if rules.wild_vs_natural == "wild_wins" else 0
    suit_tb = _suit_tiebreak(tuple(naturals), order) if naturals else 0
    return Combo("set", len(cards), rank, (primary, wild_tb, suit_tb), natural=False)


def _coup(cards: tuple[Card, ...], order: Order) -> Combo | None:
    """S8 (WIKI « Le coup d'État »): « une combinaison de 5 cartes (un carré accompagné d'un
    joker ou un brelan accompagné de deux jokers) »; « La Guillotine »: « un carré accompagné
    de deux jokers »."""
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if len(ranks) != 1:
        return None
    shape = (len(naturals), jokers)
    kind = COUP_SHAPES.get(shape)
    if kind is None:
        return None
    rank = next(iter(ranks))
    return Combo(kind, len(cards), rank, (COUP_KEY, 0, 0), natural=False)


def _run(cards: tuple[Card, ...], order: Order) -> Combo | None:
    """Zheng Shangyou sequences: ≥3 consecutive single ranks, or ≥2 consecutive equal groups
    (pairs, triples…). Jokers and the top rank (the 2 in two_high) never join a run."""
    counts: dict[Rank, int] = {}
    for c in cards:
        if c.rank is Rank.JOKER:
            return None
        counts[c.rank] = counts.get(c.rank, 0) + 1
    widths = set(counts.values())
    if len(widths) != 1:
        return None
    width = widths.pop()
    length = len(counts)
    if length < (3 if width == 1 else 2):
        return None
    keys = sorted(order.keys[r] for r in counts)
    top_rank = order.natural_ranks[-1]
    if order.keys[top_rank] in keys or any(b - a != 1 for a, b in pairwise(keys)):
        return None
    return Combo("run", len(cards), None, (keys[-1], length), width=width)


_POKER_CATEGORY = {"straight": 0, "flush": 1, "full": 2, "straight_flush": 3}
POKER_KINDS = frozenset(_POKER_CATEGORY)


def _poker(cards: tuple[Card, ...], order: Order) -> Combo | None:
    """WIKI's poker combinations of five cards, weakest to strongest: straight, flush, full
    house, straight flush; ties go to the highest card, then its suit."""
    if any(c.rank is Rank.JOKER for c in cards):
        return None
    keyed = sorted(cards, key=lambda c: order.keys[c.rank])
    keys = [order.keys[c.rank] for c in keyed]
    counts: dict[int, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) + 1
    straight = len(counts) == 5 and keys[-1] - keys[0] == 4
    suits = {c.suit for c in cards}
    flush = len(suits) == 1 and None not in suits
    top = keyed[-1]
    suit_of_top = order.suit_rank[top.suit] if order.suit_rank and top.suit else 0
    if straight and flush:
        kind = "straight_flush"
    elif sorted(counts.values()) == [2, 3]:
        triple = next(k for k, v in counts.items() if v == 3)
        return Combo("full", 5, None, (_POKER_CATEGORY["full"], triple, 0))
    elif flush:
        kind = "flush"
    elif straight:
        kind = "straight"
    else:
        return None
    return Combo(kind, 5, None, (_POKER_CATEGORY[kind], keys[-1], suit_of_top))
