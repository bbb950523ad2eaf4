"""The dispute screen's table, in plain Python: the rules in force, the actions tapped in as
already played (replayed under those rules), and what reading them shows.

``DisputeTable`` holds every field of the screen's model and reads them. The model's other
ideas each add methods in a subclass, one module each: asking the referee
(``dispute_verdict``), the card picker's taps (``dispute_picker``) and setting up the table
(``dispute_model``, whose ``DisputeModel`` is the screen's model).

The rules are a preset plus ``NAME=VALUE`` changes: those of the evening the screen was opened
from, then any changed on the spot. The table keeps every action tapped in; when a change of
rules or players makes one of them illegal, the table stops there and says which one and why
(``broken``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from companion.errors import CompanionError
from companion.rules.candidates import suits_can_decide
from companion.rules.cards import DECK_RANKS, Card, Play, Rank
from companion.rules.combos import order_for
from companion.rules.dispute import Dispute
from companion.rules.notation import Action
from companion.rules.opening import required_opening
from companion.rules.presets import PRESETS, Preset, ruleset_from, split_setting
from companion.rules.referee import judge
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState
from companion.table.titles import PlaceTitles
from companion.ui import option_words
from companion.ui.dispute_views import (
    Broken,
    EveningRules,
    Notice,
    OptionLine,
    Origin,
    Picker,
    RulingView,
    Said,
    TableLine,
    TrickView,
)
from companion.ui.new_evening_model import NewEveningModel
from companion.ui.new_evening_model import OptionLine as OptionInfo
from companion.words import Message, t

MIN_PLAYERS = 3
MAX_PLAYERS = 10  # the most any preset seats (WIKI's Strutz)
# Default players: first names, never a letter that reads as a card (A the ace, D the
# Dame, R the Roi…), so "à Sara de battre" cannot be misread; none starts with a vowel,
# which French would elide ("le coup de Paul", not "de Ana").
DEFAULT_NAMES = ("Paul", "Nina", "Marc", "Sara", "Louis", "Jade", "Théo", "Lucie", "Victor", "Rose")
MAX_TRAY = 12  # more cards than any legal play holds (poker hands, two-deck sets with wilds)
DEFAULT_PRESET = "classique"
JOKER_KEYS = ("JKR", "JKB")  # the coloured and the black joker, where the rules tell them apart
MAX_HAND = 27  # more than any player is dealt (54 cards between two players)

# What a tap on the picker fills: the play to judge, the table itself (one tap adds a play
# for the player whose turn it is), or the hand of the player whose turn it is.
PickerMode = Literal["play", "table", "hand"]
PICKER_MODES: tuple[PickerMode, ...] = ("play", "table", "hand")


@lru_cache(maxsize=128)
def rules_for(preset: str, settings: tuple[str, ...] = ()) -> RuleSet:
    return ruleset_from(preset, list(settings)) if settings else PRESETS[preset].rules


def uses_suits(rules: RuleSet) -> bool:
    """Whether the picker asks each card's suit: where a ruling can depend on any card's
    suit. Under H3 alone only a 3 on a joker needs it, and the referee asks for that one."""
    return suits_can_decide(rules)


def uses_joker_colours(rules: RuleSet) -> bool:
    """Whether the two jokers rank differently (D5)."""
    return rules.jokers > 0 and rules.joker_order != "equal"


def card_of(token: str) -> Card:
    return Card.parse(token)


def option_name(item: str) -> str:
    return split_setting(item)[0].strip().replace("-", "_")


@lru_cache(maxsize=128)
def _option_values(preset: str, settings: tuple[str, ...]) -> dict[str, OptionInfo]:
    """Each rule option's line as the new-evening screen shows it (same descriptions, seeds,
    choices and spelling), by name."""
    lines = NewEveningModel(preset=preset, settings=settings).option_lines()
    return {line.name: line for line in lines if line.name in RuleSet.model_fields}


@dataclass(frozen=True)
class _Walk:
    start: HandState
    states: tuple[HandState, ...]  # after each action that holds
    broken: Broken | None


@lru_cache(maxsize=256)
def _walk(
    preset: str,
    settings: tuple[str, ...],
    players: tuple[str, ...],
    history: tuple[Action, ...],
    revolution: bool,
    first_hand: bool = False,
) -> _Walk:
    """Replay the table under these rules; stop at the first action they do not allow."""
    rules = rules_for(preset, settings)
    actions = list(history)
    first = actions[0] if actions and actions[0].player in players else None
    if first is None:
        opening = required_opening(rules, first_hand)
        start = HandState.start(
            rules, players, revolution=revolution, preset=preset, opening=opening
        )
    else:  # the first action leads, as in ``companion judge``
        start = Dispute(
            rules,
            list(players),
            first,
            history=actions,
            revolution=revolution,
            preset=preset,
            first_hand=first_hand,
        ).start_state()
    state, states = start, list[HandState]()
    for i, action in enumerate(actions):
        absent = next((n for n in (action.player, action.target) if n and n not in players), None)
        if absent is not None:
            return _Walk(
                start,
                tuple(states),
                Broken(i, action, Message.of("dispute.not_at_table", name=absent)),
            )
        try:
            ruling = judge(state, action)
        except CompanionError as err:  # e.g. a joker whose colour these rules now need
            return _Walk(start, tuple(states), Broken(i, action, Said(err.message)))
        if not ruling.legal:
            return _Walk(start, tuple(states), Broken(i, action, Said(ruling.message)))
        assert ruling.state is not None  # a legal ruling carries the state after it
        state = ruling.state
        states.append(state)
    return _Walk(start, tuple(states), None)


@dataclass(frozen=True)
class DisputeTable:
    """The screen's fields, the table replayed under the rules in force, and reading both."""

    preset: str = DEFAULT_PRESET
    players: tuple[str, ...] = DEFAULT_NAMES[:4]
    history: tuple[Action, ...] = ()  # actions tapped in as already played
    actor: str | None = None  # who makes the play being tapped in; None: whoever's turn it is
    tray: tuple[str, ...] = ()  # the cards being tapped in, as card texts
    passing: bool = False  # the play being tapped in is a pass
    revolution: bool = False
    first_hand: bool = False  # the evening's first hand: H7's opening card is the first's
    ruling: RulingView | None = None
    notice: Notice | None = None
    settings: tuple[str, ...] = ()  # NAME=VALUE changes to the preset's rule options
    evening: EveningRules | None = None  # the evening the screen was opened from
    mode: PickerMode = "play"
    count: int | None = None  # in "table" mode, the cards per tap (None: as the trick goes)
    hand: tuple[str, ...] = ()  # cards held by ``hand_owner``, as card texts
    hand_owner: str | None = None
    # In "table" mode under rules where suits matter: the play tapped for the player whose
    # turn it is, waiting for each card's suit before it joins the table.
    table_cards: tuple[str, ...] = ()
    judged: bool = False  # the tray's play has had its ruling: the next card starts anew

    # --- reading ------------------------------------------------------------------------------
    @property
    def rules(self) -> RuleSet:
        return rules_for(self.preset, self.settings)

    @property
    def preset_info(self) -> Preset:
        return PRESETS[self.preset]

    def _walk(self) -> _Walk:
        return _walk(
            self.preset,
            self.settings,
            self.players,
            self.history,
            self.revolution,
            self.first_hand,
        )

    @property
    def broken(self) -> Broken | None:
        """The first action on the table that the rules and players now in force refuse."""
        return self._walk().broken

    def _held(self) -> tuple[Action, ...]:
        """The actions on the table that hold (all of them unless one is broken)."""
        broken = self.broken
        return self.history if broken is None else self.history[: broken.index]

    def state(self) -> HandState:
        """The hand as it stands after the actions on the table that hold."""
        walk = self._walk()
        return walk.states[-1] if walk.states else walk.start

    @property
    def next_player(self) -> str | None:
        return self.state().next_player

    @property
    def current_actor(self) -> str:
        if self.actor in self.players:
            return self.actor
        return self.next_player or self.players[0]

    @property
    def to_beat(self) -> str | None:
        beat = self.state().to_beat
        return None if beat is None else str(beat)

    def trick(self) -> TrickView:
        """Who laid what is to beat, who has passed, who may still play on it."""
        state = self.state()
        top = state.trick.top
        if top is None or state.over or self.to_beat is None:
            return TrickView(None, None, (), ())
        passed = tuple(state.players[i] for i in sorted(state.trick.passed))
        n = len(state.players)
        start = state.turn if state.turn is not None else 0
        order = [(start + k * state.direction) % n for k in range(n)]
        waiting = tuple(
            state.players[i]
            for i in order
            if state.is_active(i) and i not in state.trick.passed and i != top.player
        )
        return TrickView(self.to_beat, state.players[top.player], passed, waiting)

    def picker(self) -> Picker:
        rules = self.rules
        in_deck = set(DECK_RANKS[rules.deck])
        ranks = [r.symbol for r in order_for(rules, False).natural_ranks if r in in_deck]
        if rules.jokers > 0:
            ranks.append(Rank.JOKER.symbol)
        most = 4 * rules.deck_count(len(self.players))
        colours = uses_joker_colours(rules)
        return Picker(
            tuple(ranks),
            uses_suits(rules),
            colours,
            tuple(range(1, most + 1)),
            jokers=(JOKER_KEYS if colours else (Rank.JOKER.symbol,)) if rules.jokers > 0 else (),
            # D6 jokers wild: a joker may be played as a named rank (JK=4)
            joker_names=tuple(ranks[:-1]) if rules.jokers and "joker" in rules.wild_cards else (),
        )

    def player_range(self) -> tuple[int, int]:
        """The fewest and most players the variant allows."""
        return self.preset_info.players

    def play_text(self) -> str:
        if self.passing:
            return str(Play())
        return " ".join(self.tray)

    def play(self) -> Play:
        """The play tapped in, as cards (a pass when ``passing``)."""
        return Play() if self.passing else Play(tuple(card_of(c) for c in self.tray))

    def table_lines(self) -> list[TableLine]:
        walk = self._walk()
        lines = []
        for i, action in enumerate(self.history):
            if i >= len(walk.states):
                lines.append(TableLine(action, False, holds=False))
                continue
            state = walk.states[i]
            lines.append(
                TableLine(
                    action, state.over or (state.trick.top is None and state.trick.plays == 0)
                )
            )
        return lines

    # --- the rules in force ----------------------------------------------------------------------
    def _evening_settings(self) -> tuple[str, ...]:
        """The changes the evening brings to this preset (none for another preset)."""
        if self.evening is not None and self.evening.preset == self.preset:
            return self.evening.settings
        return ()

    def option_lines(self) -> list[OptionLine]:
        """Every rule option in the catalogue's order (D, P, B) with its explanation, its
        seeds, its choices, and where its value comes from."""
        now = _option_values(self.preset, self.settings)
        evening = _option_values(self.preset, self._evening_settings())
        preset = _option_values(self.preset, ())
        lines = []
        for name in RuleSet.model_fields:
            line = now[name]
            origin: Origin = "preset"
            before = line.value
            if line.value != evening[name].value:
                origin, before = "here", evening[name].value
            elif line.value != preset[name].value:
                origin, before = "evening", preset[name].value
            lines.append(
                OptionLine(
                    RuleSet.option_id(name),
                    name,
                    line.value,
                    line.description,
                    line.seeds,
                    line.choices,
                    origin,
                    before,
                )
            )
        return lines

    def place_titles(self) -> PlaceTitles:
        """The titles the options' words give the first, second and last places (those of
        the evening's titles under this preset, as on the new-evening screen)."""
        return NewEveningModel(preset=self.preset, settings=self.settings).place_titles()

    def changes_from_preset(self) -> list[tuple[str, str, str]]:
        """(name, value, the variant's value) of each option the evening or this screen
        changes."""
        preset = _option_values(self.preset, ())
        return [
            (line.name, line.value, preset[line.name].value)
            for line in self.option_lines()
            if line.value != preset[line.name].value
        ]

    def changed_here(self) -> list[str]:
        """``NAME=VALUE`` of each option changed on the spot (not the evening's own)."""
        return [
            f"{line.name}={line.value}" for line in self.option_lines() if line.origin == "here"
        ]

    def rules_title(self, lang: str) -> str | None:
        """ "Rules of the evening …" while the screen plays the evening's preset, with what
        was changed here in words."""
        if self.evening is None or self.evening.preset != self.preset:
            return None
        changed = [line for line in self.option_lines() if line.origin == "here"]
        if not changed:
            return t(lang, "dispute.evening_rules", name=self.evening.name(lang))
        places = self.place_titles()
        changes = ", ".join(option_words.row(x.name, x.value, lang, places) for x in changed)
        name = self.evening.name(lang)
        return t(lang, "dispute.evening_rules_changed", name=name, changes=changes)

    def suits_needed(self, cards: tuple[str, ...]) -> bool:
        """Whether some of ``cards`` lack the suit these rules need (jokers have none)."""
        if not uses_suits(self.rules):
            return False
        return any(not c.is_joker and c.suit is None for c in map(card_of, cards))
