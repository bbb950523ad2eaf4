"""The card notation (issue §2): ranks, suits, jokers, plays, round-trips and errors."""

from __future__ import annotations

import contextlib

import pytest

from companion.rules.cards import (
    PASS,
    Card,
    JokerColour,
    Play,
    Rank,
    Suit,
    make_deck,
    parse_cards,
)
from companion.rules.errors import NotationError
from companion.rules.notation import Action

# --- ranks ------------------------------------------------------------------------------------

RANK_SPELLINGS = [
    *[(str(n), Rank(n)) for n in range(2, 11)],
    ("T", Rank.TEN), ("t", Rank.TEN),
    ("J", Rank.JACK), ("j", Rank.JACK), ("V", Rank.JACK), ("v", Rank.JACK),
    ("Q", Rank.QUEEN), ("q", Rank.QUEEN), ("D", Rank.QUEEN), ("d", Rank.QUEEN),
    ("K", Rank.KING), ("k", Rank.KING), ("R", Rank.KING), ("r", Rank.KING),
    ("A", Rank.ACE), ("a", Rank.ACE),
]  # fmt: skip


@pytest.mark.parametrize(("token", "rank"), RANK_SPELLINGS)
def test_every_rank_spelling_reads_as_a_suitless_card(token, rank):
    """Issue §2: ranks 2–10, J Q K A; also T for 10 and the French V D R; case-insensitive.
    A card without a suit is "a card of that rank, suit irrelevant"."""
    card = Card.parse(token)
    assert card.rank is rank
    assert card.suit is None
    assert not card.is_joker


# --- suits ------------------------------------------------------------------------------------

SUIT_SPELLINGS = [
    ("♠", Suit.SPADES), ("s", Suit.SPADES), ("S", Suit.SPADES),
    ("♥", Suit.HEARTS), ("h", Suit.HEARTS), ("H", Suit.HEARTS),
    ("♦", Suit.DIAMONDS), ("d", Suit.DIAMONDS), ("D", Suit.DIAMONDS),
    ("♣", Suit.CLUBS), ("c", Suit.CLUBS), ("C", Suit.CLUBS),
]  # fmt: skip


@pytest.mark.parametrize(("suffix", "suit"), SUIT_SPELLINGS)
@pytest.mark.parametrize(
    ("rank_token", "rank"),
    [
        ("10", Rank.TEN),
        ("7", Rank.SEVEN),
        ("q", Rank.QUEEN),
        ("V", Rank.JACK),
        ("A", Rank.ACE),
        ("t", Rank.TEN),
    ],
)
def test_every_suit_suffix(rank_token, rank, suffix, suit):
    """Issue §2: an optional suit suffix ♠ ♥ ♦ ♣ or s h d c (case-insensitive)."""
    card = Card.parse(rank_token + suffix)
    assert (card.rank, card.suit) == (rank, suit)


def test_d_is_a_queen_as_a_rank_and_diamonds_as_a_suffix():
    """French D (dame) is a rank; the suffix d is diamonds: DD is the queen of diamonds."""
    assert Card.parse("DD") == Card(Rank.QUEEN, Suit.DIAMONDS)
    assert Card.parse("dd") == Card(Rank.QUEEN, Suit.DIAMONDS)
    assert Card.parse("10d") == Card(Rank.TEN, Suit.DIAMONDS)
    assert Card.parse("Vd") == Card(Rank.JACK, Suit.DIAMONDS)


def test_emoji_variation_selector_is_ignored():
    """A phone keyboard writes ♥️ (with U+FE0F); it is the same suit."""
    assert Card.parse("10♥\ufe0f") == Card(Rank.TEN, Suit.HEARTS)


# --- jokers -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "colour"),
    [
        ("JK", None),
        ("jk", None),
        ("Jk", None),
        ("JKR", JokerColour.COLOURED),
        ("jkr", JokerColour.COLOURED),
        ("JKB", JokerColour.BLACK),
        ("jkb", JokerColour.BLACK),
    ],
)
def test_jokers(token, colour):
    """Issue §2: jokers JK (any joker), JKR (the coloured one), JKB (the black-and-white one)."""
    card = Card.parse(token)
    assert card.is_joker
    assert card.rank is Rank.JOKER
    assert card.suit is None
    assert card.colour is colour


def test_a_colourless_joker_matches_either_joker_but_a_coloured_one_only_itself():
    """JK is "any joker"; JKR and JKB name one joker."""
    jk, jkr, jkb = Card.parse("JK"), Card.parse("JKR"), Card.parse("JKB")
    assert jk.matches(jkr) and jk.matches(jkb)
    assert jkr.matches(jkr) and not jkr.matches(jkb)
    assert not jkb.matches(jkr)


def test_a_suitless_card_matches_any_suit_of_its_rank():
    """A card written without a suit matches a card of its rank in any suit, but no other rank; a
    card written with a suit matches only that suit."""
    four = Card.parse("4")
    assert four.matches(Card.parse("4♥")) and four.matches(Card.parse("4c"))
    assert not four.matches(Card.parse("5♥"))
    assert not Card.parse("4♠").matches(Card.parse("4♥"))


# --- plays ------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["pass", "passe", "PASS", "Passe", " pass ", "PASSE"])
def test_pass_words(word):
    """Issue §2: a play is cards … or `pass` (`passe` accepted)."""
    play = Play.parse(word)
    assert play.is_pass
    assert play == PASS
    assert len(play) == 0
    assert str(play) == "pass"


def test_a_play_is_cards_separated_by_spaces():
    """Issue §2: a play is cards separated by spaces (`10♥ 10♠`, `4 4`, `JK`)."""
    assert Play.parse("10♥ 10♠").cards == (Card(Rank.TEN, Suit.HEARTS), Card(Rank.TEN, Suit.SPADES))
    assert Play.parse("4 4").cards == (Card(Rank.FOUR), Card(Rank.FOUR))
    assert Play.parse("JK").cards == (Card(Rank.JOKER),)
    assert Play.parse("  4   4 ").cards == (Card(Rank.FOUR), Card(Rank.FOUR))
    assert not Play.parse("4 4").is_pass
    assert len(Play.parse("K K K")) == 3


def test_parse_cards_of_an_empty_text_is_no_cards():
    """An empty text, or one of spaces only, reads as no cards (not as an error)."""
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()


# --- round trips --------------------------------------------------------------------------------

ALL_CARDS = [
    *make_deck("52", 1, 2),
    *(Card(Rank(n)) for n in range(2, 15)),
    Card(Rank.JOKER),
]


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_card_str_round_trips(card):
    """Issue §2: cards have `parse` and a `str` that round-trips."""
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("t♥", "10♥"),
        ("Th", "10♥"),
        ("10h", "10♥"),
        ("vs", "J♠"),
        ("dD", "Q♦"),
        ("rc", "K♣"),
        ("a", "A"),
        ("jkr", "JKR"),
        ("jk", "JK"),
        ("10", "10"),
    ],
)
def test_str_is_canonical(written, canonical):
    """Issue §2: `str()` of a card is canonical whatever its spelling: 10 for T, J Q K for the
    French V D R, capitals, and the suit as its symbol."""
    assert str(Card.parse(written)) == canonical


@pytest.mark.parametrize("text", ["10♥ 10♠", "4 4", "JK", "pass", "JKR JKB", "2♣ 2 2♦"])
def test_play_str_round_trips(text):
    """A play written canonically prints back exactly as written and parses back to an equal
    play."""
    play = Play.parse(text)
    assert str(play) == text
    assert Play.parse(str(play)) == play


def test_play_str_is_canonical():
    """`str()` of a play writes its cards canonically and a pass as `pass`, whatever the spelling
    read."""
    assert str(Play.parse("th tS")) == "10♥ 10♠"
    assert str(Play.parse("PASSE")) == "pass"
    assert str(Play.parse("v v")) == "J J"


@pytest.mark.parametrize(
    "value",
    [
        Card.parse("10♥"),
        Card.parse("K"),
        Card.parse("JKR"),
        Card.parse("JK"),
        Card.parse("qd"),
        Play.parse("10♥ 10♠"),
        Play.parse("4 4"),
        Play.parse("pass"),
        Play.parse("JKB"),
        Action.parse("Léa: 10♥ 10♠"),
        Action.parse("Tom: pass"),
    ],
    ids=repr,
)
def test_repr_pastes_back(value):
    """The repr of a card, a play or an action is Python that rebuilds an equal value."""
    names = {"Card": Card, "Play": Play, "Action": Action}
    assert eval(repr(value), names) == value


def test_action_reads_name_and_play():
    """`NAME: PLAY` reads as that player's play (a name may hold a hyphen; `passe` is a pass), and
    its `str()` parses back to an equal action."""
    action = Action.parse("Marie-Pierre: 10♥ 10♠")
    assert action.player == "Marie-Pierre"
    assert action.play == Play.parse("10♥ 10♠")
    assert Action.parse("Léa: passe").play.is_pass
    assert Action.parse(str(action)) == action


def test_cards_are_immutable_and_hashable():
    """A card cannot be changed once made, and equal cards hash alike: 10♥ and th are one card, a 10
    without a suit another."""
    card = Card.parse("10♥")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
    assert len({Card.parse("10♥"), Card.parse("th"), Card.parse("10")}) == 2


# --- malformed input ----------------------------------------------------------------------------

BAD_TOKENS = [
    "11",
    "1",
    "0",
    "Z",
    "10x",
    "JKX",
    "JK♥",
    "AA",
    "♥",
    "B",
    "X7",
    "10♥♥",
    "KK",
    "Q♥s",
    "zz",
]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_a_malformed_card_names_the_token_in_every_language(token):
    """Issue §2: malformed input raises a clear error naming the bad token, in French, English
    and German."""
    with pytest.raises(NotationError) as caught:
        Card.parse(token)
    err = caught.value
    assert isinstance(err, ValueError)
    assert token in err.message("fr")
    assert token in err.message("en")
    assert token in err.message("de")
    assert len({err.message(lang) for lang in ("fr", "en", "de")}) == 3
    assert token in str(err)


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("4 4 X", "X"),
        ("10♥ 11♠", "11♠"),
        ("K Q 1", "1"),
        ("pas", "pas"),
        ("JK JKZ", "JKZ"),
    ],
)
def test_a_malformed_play_names_the_bad_token(text, bad):
    """Issue §2: a play holding a card that does not read (or a misspelt pass) is refused with a
    message naming the bad token, in French and English."""
    with pytest.raises(NotationError) as caught:
        Play.parse(text)
    assert bad in caught.value.message("fr")
    assert bad in caught.value.message("en")


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_play_is_refused(text):
    """An empty play (nothing, or spaces only) is refused, with a message in French and English."""
    with pytest.raises(NotationError) as caught:
        Play.parse(text)
    assert caught.value.message("fr") and caught.value.message("en")


@pytest.mark.parametrize("text", ["Léa 4 4", ": 4 4", "Léa:"])
def test_a_malformed_named_play_is_refused_and_quoted(text):
    """`NAME: PLAY` items: a missing colon, a missing name or a missing play."""
    with pytest.raises(NotationError) as caught:
        Action.parse(text)
    assert text.strip() in caught.value.message("fr")
    assert text.strip() in caught.value.message("en")


def test_a_joker_cannot_have_a_suit():
    """A joker cannot be given a suit, and a card that is not a joker cannot be given a joker's
    colour."""
    with pytest.raises(NotationError):
        Card(Rank.JOKER, Suit.HEARTS)
    with pytest.raises(NotationError):
        Card(Rank.FIVE, None, JokerColour.BLACK)


def test_notation_error_is_the_only_error_on_garbage():
    """Whatever the text, parsing raises nothing but NotationError (a ValueError)."""
    for text in ["\x00", "10♥\n", "💩", "4 4 4 4 4 4 4 q", "1O", "—", "∞", "j k"]:
        with contextlib.suppress(NotationError):
            Play.parse(text)
