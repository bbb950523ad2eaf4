"""Cards, plays and their text notation.

Notation (used by the command line, the tests and the storage; case-insensitive):

- ranks ``2``–``10``, ``J`` ``Q`` ``K`` ``A``; also ``T`` for 10 and the French ``V`` (valet),
  ``D`` (dame), ``R`` (roi);
- an optional suit suffix ``♠ ♥ ♦ ♣`` or ``s h d c``; a card without a suit means
  "a card of that rank, suit irrelevant";
- jokers ``JK`` (any joker), ``JKR`` (the coloured one), ``JKB`` (the black-and-white one);
- a play is cards separated by spaces (``10♥ 10♠``, ``4 4``, ``JK``) or ``pass``
  (``passe`` accepted).

``str()`` of a card or a play is canonical (``10♥``, ``K``, ``JKR``, ``pass``) and parses back
to an equal value.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from companion.rules.errors import NotationError
from companion.words import Message


class Rank(IntEnum):
    """Natural ranks; the playing order is the rule set's business, not the enum's."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS = {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
    **{Rank(n): str(n) for n in range(2, 11)},
}


class Suit(Enum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    # Members are singletons compared by identity: hash them in C, not through their name
    # (cards are hashed all game long, in caches and counts).
    __hash__ = object.__hash__

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_LETTERS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}

# Suits in the order decks are printed (bridge order, highest first).
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class JokerColour(Enum):
    COLOURED = "R"  # the coloured (red) joker; CONC's "Fou en couleurs"
    BLACK = "B"  # the black-and-white joker; CONC's "Fou blanc"

    __hash__ = object.__hash__


_RANK_TOKENS = {
    **{str(n): Rank(n) for n in range(2, 11)},
    "T": Rank.TEN,
    "J": Rank.JACK,
    "V": Rank.JACK,
    "Q": Rank.QUEEN,
    "D": Rank.QUEEN,
    "K": Rank.KING,
    "R": Rank.KING,
    "A": Rank.ACE,
}
_SUIT_TOKENS = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "S": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "C": Suit.CLUBS,
}  # fmt: skip
_CARD_RE = re.compile(r"^(10|[2-9TJVQDKRA])([♠♤♥♡♦♢♣♧SHDC])?$")
_JOKER_RE = re.compile(r"^JK([RB])?(?:=(10|[2-9TJVQDKRA]))?$")  # JKR=4: a joker named a 4
PASS_WORDS = frozenset({"pass", "passe"})


@dataclass(frozen=True, slots=True)
class Card:
    """A card. ``suit`` is None when the suit is irrelevant or unknown; jokers have no suit but
    may have a ``colour`` (None: "any joker"), and a wild joker may be played as a ``named``
    rank (``JK=4``: a lone joker played as a 4).

    >>> Card.parse("jkr=v")
    Card.parse('JKR=J')
    >>> Card.parse("JK=4").plain
    Card.parse('JK')
    """

    rank: Rank
    suit: Suit | None = None
    colour: JokerColour | None = None
    named: Rank | None = None
    # Worked out once: cards are dictionary keys all along a hand (the combinations cache).
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        # The dataclass's own compares two tuples of fields; a hand is searched card by card.
        if self is other:
            return True
        if not isinstance(other, Card):
            return NotImplemented
        return (
            self._hash == other._hash
            and self.rank is other.rank
            and self.suit is other.suit
            and self.colour is other.colour
            and self.named is other.named
        )

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.rank, self.suit, self.colour, self.named)))
        if self.rank is Rank.JOKER and self.suit is not None:
            raise NotationError(Message.of("rules.notation.joker_suit"))
        if self.rank is not Rank.JOKER and self.colour is not None:
            raise NotationError(Message.of("rules.notation.colour_not_joker"))
        if self.named is not None and self.rank is not Rank.JOKER:
            raise NotationError(Message.of("rules.notation.named_not_joker"))

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card token (``10♥``, ``qs``, ``V``, ``JKR``, ``JK=4``)."""
        text = token.strip().replace("\ufe0f", "").upper()
        joker = _JOKER_RE.match(text)
        if joker:
            colour = JokerColour(joker.group(1)) if joker.group(1) else None
            named = _RANK_TOKENS[joker.group(2)] if joker.group(2) else None
            return cls(Rank.JOKER, None, colour, named)
        match = _CARD_RE.match(text)
        if not match:
            raise NotationError(Message.of("rules.notation.bad_card", token=token), token=token)
        suit = _SUIT_TOKENS[match.group(2)] if match.group(2) else None
        return cls(_RANK_TOKENS[match.group(1)], suit)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def plain(self) -> Card:
        """The card itself, without the rank a joker was named (the card held)."""
        return self if self.named is None else Card(self.rank, self.suit, self.colour)

    def matches(self, other: Card) -> bool:
        """True if ``other`` (a held card) can stand for this card as written: a card
        without a suit (or a joker without a colour) matches any card of its rank."""
        if self.rank is not other.rank:
            return False
        if self.is_joker:
            return self.colour is None or self.colour is other.colour
        return self.suit is None or self.suit is other.suit

    def __str__(self) -> str:
        if self.is_joker:
            named = "=" + self.named.symbol if self.named is not None else ""
            return "JK" + (self.colour.value if self.colour else "") + named
        return self.rank.symbol + (self.suit.value if self.suit else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas. An empty text is no cards."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    return tuple(Card.parse(t) for t in tokens)


@dataclass(frozen=True, slots=True)
class Play:
    """What a player does on his turn: some cards, or a pass (no cards)."""

    cards: tuple[Card, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Play:
        stripped = text.strip()
        if stripped.lower() in PASS_WORDS:
            return PASS
        if not stripped:
            raise NotationError(Message.of("rules.notation.empty_play"), token=text)
        return cls(parse_cards(stripped))

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Play:
        return cls(tuple(cards))

    @property
    def is_pass(self) -> bool:
        return not self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards) if self.cards else "pass"

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


PASS = Play()


def parse_named(text: str) -> tuple[str, str]:
    """Split ``"NAME: REST"`` into its name and the rest (which may be empty)."""
    name, sep, rest = text.partition(":")
    if not sep or not name.strip():
        raise NotationError(Message.of("rules.notation.named", text=text), token=text)
    return name.strip(), rest.strip()


DECK_RANKS: dict[str, tuple[Rank, ...]] = {
    "52": tuple(Rank(n) for n in range(2, 15)),
    "32": tuple(Rank(n) for n in range(7, 15)),
    "30": tuple(Rank(n) for n in range(7, 15)),
    "40": tuple(Rank(n) for n in (2, 3, *range(7, 15))),
}
# WIKI plays 30 cards at 3 players without saying which two leave the 32-card deck; we remove
# the two red sevens so the four remaining 7s-and-up stay symmetric in colour (open point).
_THIRTY_CARD_REMOVED = frozenset({Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.DIAMONDS)})


def make_deck(deck: str = "52", decks: int = 1, jokers: int = 0) -> list[Card]:
    """Every physical card in the pack, with suits: ``decks`` copies of the stripped deck plus
    ``jokers`` jokers in all, alternately coloured and black-and-white."""
    one = [Card(r, s) for s in SUITS for r in DECK_RANKS[deck]]
    if deck == "30":
        one = [c for c in one if c not in _THIRTY_CARD_REMOVED]
    colours = (JokerColour.COLOURED, JokerColour.BLACK)
    return one * decks + [Card(Rank.JOKER, None, colours[i % 2]) for i in range(jokers)]
