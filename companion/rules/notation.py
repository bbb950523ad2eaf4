"""A player's action as the table writes it: a play (``"Léa: 10♥ 10♠"``), a pass, or a card
given or discarded (B13 card effects).

``Action.parse`` reads the notation and ``str(action)`` writes it back; the transition
(``companion.rules.hand``) judges the action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from companion.rules.cards import PASS, Play, parse_cards, parse_named
from companion.rules.errors import NotationError
from companion.words import Message


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action: a play or a pass, or (card effects, B13) a card given or discarded.

    ``cards`` of a give/discard may be empty: the card went face down and nobody saw it.
    """

    player: str
    play: Play = PASS
    effect: Literal["give", "discard"] | None = None
    target: str | None = None

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"Léa: 10♥ 10♠"``, ``"Léa: pass"``, ``"Léa: give 5♥ to Tom"``, ``"Léa: discard"``
        (also ``donne … à …``, ``défausse``)."""
        name, rest = parse_named(text)
        low = rest.lower()
        give = re.match(r"^(give|donne)\b(.*?)\s+(?:to|à|a)\s+(.+)$", rest, re.IGNORECASE)
        if give:
            return cls(name, Play(parse_cards(give.group(2))), "give", give.group(3).strip())
        if re.match(r"^(give|donne)\b", low):
            return cls(
                name, Play(parse_cards(rest.split(None, 1)[1] if " " in rest else "")), "give"
            )
        if re.match(r"^(discard|défausse|defausse)\b", low):
            body = rest.split(None, 1)[1] if " " in rest.strip() else ""
            return cls(name, Play(parse_cards(body)), "discard")
        if not rest:
            raise NotationError(Message.of("rules.notation.no_play", text=text), token=text)
        return cls(name, Play.parse(rest))

    def __str__(self) -> str:
        if self.effect == "give":
            cards = f" {self.play}" if self.play.cards else ""
            return f"{self.player}: give{cards}" + (f" to {self.target}" if self.target else "")
        if self.effect == "discard":
            return f"{self.player}: discard" + (f" {self.play}" if self.play.cards else "")
        return f"{self.player}: {self.play}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"
