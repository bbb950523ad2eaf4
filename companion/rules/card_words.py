"""Cards as people read them, in the viewer's language: the faces printed on that language's
cards (V/D/R/A in French, J/Q/K/A in English, B/D/K/A in German, the suit symbol after the
rank) and jokers in words ("joker rouge", "black joker", "roter Joker"). Every word comes from
the ``rules`` catalogue.

The notation (``K♥``, ``JKR``, ``pass``) is for typing and storage; every sentence shown to
a person names cards through this module instead.

A joker alone is a noun with its article ("le joker", "the two jokers"), and languages that
decline it take the case the sentence asks for: a catalogue sentence writes ``{play:acc}``
or ``{play:dat}`` where German needs it, and a :class:`Phrase` renders in that case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from companion.rules.cards import Card, JokerColour, Play, Rank
from companion.words import t
from companion.words.formats import number

_FACES: dict[Rank, str] = {
    Rank.JACK: "rules.face.jack",
    Rank.QUEEN: "rules.face.queen",
    Rank.KING: "rules.face.king",
    Rank.ACE: "rules.face.ace",
}

_JOKERS: dict[JokerColour | None, str] = {
    None: "rules.joker",
    JokerColour.COLOURED: "rules.joker.red",
    JokerColour.BLACK: "rules.joker.black",
}

# A rank named in a sentence, with its article: "il faut poser un roi" / "play a king".
_RANK_NAMES: dict[Rank, str] = {
    Rank.JACK: "rules.rank.jack",
    Rank.QUEEN: "rules.rank.queen",
    Rank.KING: "rules.rank.king",
    Rank.ACE: "rules.rank.ace",
    Rank.JOKER: "rules.rank.joker",
    Rank.EIGHT: "rules.rank.eight",
}

# Jokers alone, by colour (``plain`` when the rules do not tell them apart) or count.
_JOKER_PHRASES: dict[JokerColour | None, str] = {
    None: "plain",
    JokerColour.COLOURED: "red",
    JokerColour.BLACK: "black",
}
# The grammatical cases a sentence may ask a play in; the subject's (``nom``) by default.
CASES = ("nom", "acc", "dat")


def rank_face(rank: Rank, lang: str) -> str:
    """A rank as printed on the cards of ``lang``: ``R`` in French, ``K`` in English."""
    if rank is Rank.JOKER:
        return t(lang, _JOKERS[None])
    key = _FACES.get(rank)
    return t(lang, key) if key is not None else str(int(rank))


def rank_name(rank: Rank, lang: str) -> str:
    """A rank in a sentence, with its article: "une dame", "an ace", "un 7"."""
    key = _RANK_NAMES.get(rank)
    if key is not None:
        return t(lang, key)
    return t(lang, "rules.rank.number", rank=str(int(rank)))


def card_words(card: Card, lang: str, *, joker_colours: bool = True) -> str:
    """One card: "R♥", "10", "joker rouge" (a plain "joker" when ``joker_colours`` is
    False: the rules do not tell the two apart)."""
    if card.is_joker:
        joker = t(lang, _JOKERS[card.colour if joker_colours else None])
        if card.named is None:
            return joker
        return t(lang, "rules.joker.named", joker=joker, face=rank_face(card.named, lang))
    face = rank_face(card.rank, lang)
    return face + card.suit.value if card.suit is not None else face


def play_words(play: Play, lang: str, *, joker_colours: bool = True) -> str:
    """A play: its cards side by side ("R♥ R", "7 7 joker"), or "passe" / "pass"."""
    if play.is_pass:
        return t(lang, "rules.pass")
    return " ".join(card_words(c, lang, joker_colours=joker_colours) for c in play.cards)


def play_phrase(play: Play, lang: str, *, joker_colours: bool = True, case: str = "nom") -> str:
    """A play inside a sentence. Jokers alone take their article, as a noun does ("le joker
    ne se bat que…", "à Tom de battre le joker rouge", "the two jokers"), in ``case`` where
    the language declines it; cards keep their faces ("R♥ R"), as people say them."""
    if case not in CASES:
        raise ValueError(f"no grammatical case {case!r} (one of {', '.join(CASES)})")
    if play.is_pass or not all(card.is_joker and card.named is None for card in play.cards):
        return play_words(play, lang, joker_colours=joker_colours)
    if len(play.cards) == 1:
        colour = play.cards[0].colour if joker_colours else None
        return t(lang, f"rules.jokers.{_JOKER_PHRASES[colour]}.{case}")
    if len(play.cards) == 2:
        return t(lang, f"rules.jokers.two.{case}")
    return t(lang, f"rules.jokers.many.{case}", count=number(lang, len(play.cards)))


def phrase_is_plural(play: Play) -> bool:
    """Whether `play_phrase` names the play as a plural noun ("les deux jokers"), whose verb
    then agrees ("les deux jokers battent"); cards side by side ("K K") read as one play."""
    return len(play.cards) > 1 and all(c.is_joker and c.named is None for c in play.cards)


@dataclass(frozen=True, slots=True)
class Phrase:
    """A play as a field of a catalogue sentence in ``lang``: ``{play}`` reads it as a subject,
    ``{play:acc}`` / ``{play:dat}`` in that case (German declines "der Joker"); a capital
    (``{play:Nom}``) begins a sentence ("Der Joker wird nur…")."""

    play: Play
    lang: str
    joker_colours: bool = True

    def __format__(self, spec: str) -> str:
        text = play_phrase(
            self.play, self.lang, joker_colours=self.joker_colours, case=spec.lower() or "nom"
        )
        return text[:1].upper() + text[1:] if spec[:1].isupper() else text

    def __str__(self) -> str:
        return format(self)


@dataclass(frozen=True, slots=True)
class CardText:
    """One card's words, rendered in the viewer's language (a field of a ``Message``)."""

    card: Card

    def render(self, lang: str) -> str:
        return card_words(self.card, lang)


@dataclass(frozen=True, slots=True)
class PlayText:
    """A play's words, rendered in the viewer's language (a field of a ``Message``)."""

    play: Play

    def render(self, lang: str) -> str:
        return play_words(self.play, lang)


@cache
def _contractions(lang: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """The catalogue's article contractions of ``lang`` ("de le=du|…"; "-" for none)."""
    pairs = dict(
        item.split("=", 1) for item in t(lang, "rules.contractions").split("|") if "=" in item
    )
    if not pairs:
        return None
    loose = sorted(pairs, key=len, reverse=True)  # "à les" before "à le"
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, loose)) + r") ", re.IGNORECASE)
    return pattern, {k.lower(): v for k, v in pairs.items()}


def contracted(sentence: str, lang: str) -> str:
    """A sentence that puts a joker after a preposition reads as the language writes it:
    French contracts "de le joker" into "du joker" (and "à le" into "au"), German "von dem"
    into "vom"; the pairs are the catalogue's (``rules.contractions``)."""
    found = _contractions(lang)
    if found is None:
        return sentence
    pattern, pairs = found

    def join(match: re.Match[str]) -> str:
        joined = pairs[match[1].lower()]
        return (joined[0].upper() + joined[1:] if match[1][0].isupper() else joined) + " "

    return pattern.sub(join, sentence)
