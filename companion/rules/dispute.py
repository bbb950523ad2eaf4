"""A disputed play as the table tells it: players, history, hands now, the play in question.

This is what ``companion judge`` and the app's dispute screen call: it rebuilds the hand
state from the history (hands as they were at its start are the hands now plus the cards
played since) and judges the proposed action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.cards import Card, parse_cards, parse_named
from companion.rules.errors import NotationError
from companion.rules.notation import Action
from companion.rules.opening import required_opening
from companion.rules.presets import get_preset, ruleset_from
from companion.rules.referee import Ruling, judge, replay
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState
from companion.words import Message


@dataclass
class Dispute:
    rules: RuleSet
    players: list[str]
    play: Action
    history: list[Action] = field(default_factory=list)
    ranks: list[str] | None = None
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    revolution: bool = False
    preset: str | None = None
    first_hand: bool = False  # the evening's first hand (H7: which card opens)

    @classmethod
    def parse(
        cls,
        preset: str,
        players: str,
        play: str,
        *,
        settings: list[str] | None = None,
        history: list[str] | None = None,
        ranks: str | None = None,
        hands: list[str] | None = None,
        revolution: bool = False,
        first_hand: bool = False,
    ) -> Dispute:
        """Read the command line's texts; raises a CompanionError naming the bad item."""
        rules = ruleset_from(preset, settings)
        preset = get_preset(preset).id  # its one id, whatever name it was given by
        names = _names(players, "--players")
        rank_names = _names(ranks, "--ranks") if ranks else None
        if rank_names is not None and sorted(rank_names) != sorted(names):
            raise NotationError(Message.of("rules.dispute.ranks"))
        held: dict[str, tuple[Card, ...]] = {}
        for item in hands or []:
            name, cards = parse_named(item)
            _known(name, names, item)
            held[name] = parse_cards(cards)
        actions = [Action.parse(h) for h in history or []]
        for a, text in zip(actions, history or [], strict=True):
            _known(a.player, names, text)
        proposed = Action.parse(play)
        _known(proposed.player, names, play)
        return cls(
            rules, names, proposed, actions, rank_names, held, revolution, preset, first_hand
        )

    def start_state(self) -> HandState:
        """The state when the history starts: hands now plus what was played since."""
        hands: dict[str, tuple[Card, ...] | None] = {}
        effects = {a.player for a in self.history if a.effect} | {
            a.target for a in self.history if a.target
        }
        for name, cards in self.hands.items():
            if name in effects:
                hands[name] = None  # cards changed hands unseen: do not guess
                continue
            played = [
                c for a in self.history if a.player == name and not a.effect for c in a.play.cards
            ]
            hands[name] = (*cards, *played)
        first = self.history[0] if self.history else self.play
        return HandState.start(
            self.rules,
            self.players,
            leader=first.player,
            ranks=self.ranks,
            hands=hands,
            revolution=self.revolution,
            preset=self.preset,
            opening=required_opening(self.rules, self.first_hand),
        )

    def ruling(self) -> Ruling:
        """Replays the history (IllegalHistoryError if an item is illegal) and judges."""
        state = replay(self.start_state(), self.history)
        return judge(state, self.play)


def _names(text: str, option: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if len(names) < 2:
        raise NotationError(Message.of("rules.dispute.two_names", option=option), token=text)
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise NotationError(
            Message.of("rules.dispute.duplicate", option=option, names=", ".join(dupes)),
            token=text,
        )
    return names


def _known(name: str, names: list[str], item: str) -> None:
    if name not in names:
        raise NotationError(
            Message.of("rules.dispute.unknown", item=item, name=name, names=", ".join(names)),
            token=item,
        )
