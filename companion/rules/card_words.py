"""Cards as people read them, in French and English: the faces printed on the cards of the
viewer's language (V/D/R/A in French, J/Q/K/A in English, the suit symbol after the rank) and
jokers in words ("joker rouge", "black joker").

The notation (``K♥``, ``JKR``, ``pass``) is for typing and storage; every sentence shown to
a person names cards through this module instead.
"""

from __future__ import annotations

import re

from companion.rules.cards import Card, JokerColour, Play, Rank

FACES: dict[str, dict[Rank, str]] = {
    "fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R", Rank.ACE: "A"},  # valet, dame, roi
    "en": {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"},
}

_JOKERS: dict[JokerColour | None, tuple[str, str]] = {
    None: ("joker", "joker"),
    JokerColour.COLOURED: ("joker rouge", "red joker"),
    JokerColour.BLACK: ("joker noir", "black joker"),
}

# A rank named in a sentence, with its article: "il faut poser un roi" / "play a king".
_RANK_NAMES: dict[Rank, tuple[str, str]] = {
    Rank.JACK: ("un valet", "a jack"),
    Rank.QUEEN: ("une dame", "a queen"),
    Rank.KING: ("un roi", "a king"),
    Rank.ACE: ("un as", "an ace"),
    Rank.JOKER: ("un joker", "a joker"),
    Rank.EIGHT: ("un 8", "an 8"),
}

PASS_WORDS = ("passe", "pass")


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "en" else pair[0]


def rank_face(rank: Rank, lang: str) -> str:
    """A rank as printed on the cards of ``lang``: ``R`` in French, ``K`` in English."""
    if rank is Rank.JOKER:
        return _pick(_JOKERS[None], lang)
    return FACES["en" if lang == "en" else "fr"].get(rank, str(int(rank)))


def rank_name(rank: Rank, lang: str) -> str:
    """A rank in a sentence, with its article: "une dame", "an ace", "un 7"."""
    named = _RANK_NAMES.get(rank)
    if named is not None:
        return _pick(named, lang)
    return f"{'un' if lang != 'en' else 'a'} {int(rank)}"


def card_words(card: Card, lang: str, *, joker_colours: bool = True) -> str:
    """One card: "R♥", "10", "joker rouge" (a plain "joker" when ``joker_colours`` is
    False: the rules do not tell the two apart)."""
    if card.is_joker:
        return _pick(_JOKERS[card.colour if joker_colours else None], lang)
    face = rank_face(card.rank, lang)
    return face + card.suit.value if card.suit is not None else face


def play_words(play: Play, lang: str, *, joker_colours: bool = True) -> str:
    """A play: its cards side by side ("R♥ R", "7 7 joker"), or "passe" / "pass"."""
    if play.is_pass:
        return _pick(PASS_WORDS, lang)
    return " ".join(card_words(c, lang, joker_colours=joker_colours) for c in play.cards)


def play_phrase(play: Play, lang: str, *, joker_colours: bool = True) -> str:
    """A play inside a sentence. Jokers alone take their article, as a noun does ("le joker
    ne se bat que…", "à Tom de battre le joker rouge", "the two jokers"); cards keep their
    faces ("R♥ R"), as people say them."""
    if play.is_pass or not all(card.is_joker for card in play.cards):
        return play_words(play, lang, joker_colours=joker_colours)
    en = lang == "en"
    if len(play.cards) == 1:
        joker = card_words(play.cards[0], lang, joker_colours=joker_colours)
        return ("the " if en else "le ") + joker
    count = "two" if en else "deux"
    if len(play.cards) > 2:
        count = str(len(play.cards))
    return f"the {count} jokers" if en else f"les {count} jokers"


def phrase_is_plural(play: Play) -> bool:
    """Whether `play_phrase` names the play as a plural noun ("les deux jokers"), whose verb
    then agrees ("les deux jokers battent"); cards side by side ("K K") read as one play."""
    return len(play.cards) > 1 and all(card.is_joker for card in play.cards)


_CONTRACTIONS = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}
_LOOSE = re.compile(r"\b(de|à) (les?) ", re.IGNORECASE)


def contracted(sentence: str, lang: str) -> str:
    """French contracts "de le joker" into "du joker" (and "à le" into "au"): a sentence
    that puts a joker after "de" or "à" reads as French is written."""
    if lang == "en":
        return sentence

    def join(match: re.Match[str]) -> str:
        joined = _CONTRACTIONS[(match[1].lower(), match[2].lower())]
        return (joined.capitalize() if match[1][0].isupper() else joined) + " "

    return _LOOSE.sub(join, sentence)
