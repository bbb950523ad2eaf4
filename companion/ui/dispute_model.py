"""The dispute screen's logic, in plain Python: what is on the table, the play being tapped in,
and the referee's ruling on it.

``DisputeModel`` is immutable: every user action returns a new model (the screen keeps it in
``use_state``), and holds only names, card texts and rulings as plain data. The rulings come
from :mod:`companion.rules.dispute`, the same path as ``companion judge``: this module adds
no rule of its own.

The rules are a preset plus ``NAME=VALUE`` changes: those of the evening the screen was opened
from (``from_evening``), then any changed on the spot. The table keeps every action tapped in;
when a change of rules or players makes one of them illegal, the table stops there and says
which one and why (``broken``) until the table takes it back or changes the rules back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from companion.errors import CompanionError
from companion.rules.card_words import contracted, play_phrase
from companion.rules.cards import DECK_RANKS, Card, JokerColour, Play, Rank, Suit
from companion.rules.codes import CODE_OPTION
from companion.rules.combos import order_for
from companion.rules.dispute import Dispute
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, Preset, ruleset_from, split_setting
from companion.rules.referee import Ruling, judge, legal_plays
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState
from companion.table.names import name_problem
from companion.table.table_rules import TableRules
from companion.table.titles import PlaceTitles
from companion.ui import option_words
from companion.ui.dispute_views import (
    Broken,
    Cite,
    EveningRules,
    Notice,
    OptionLine,
    Origin,
    Picker,
    RulingView,
    TableLine,
    TrickView,
    capitalised,
)
from companion.ui.i18n import t
from companion.ui.new_evening_model import NewEveningModel
from companion.ui.new_evening_model import OptionLine as OptionInfo

if TYPE_CHECKING:
    from companion.table.evening import Evening

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
def _rules(preset: str, settings: tuple[str, ...] = ()) -> RuleSet:
    return ruleset_from(preset, list(settings)) if settings else PRESETS[preset].rules


def presets() -> list[Preset]:
    return list(PRESETS.values())


def uses_suits(rules: RuleSet) -> bool:
    """Whether a ruling can depend on a card's suit (B8 suits, B6 special cards, poker)."""
    return (
        rules.suits != "ignored"
        or rules.combinations == "poker"
        or rules.special_high_cards in ("black_threes", "jack_of_diamonds")
    )


def uses_joker_colours(rules: RuleSet) -> bool:
    """Whether the two jokers rank differently (D5)."""
    return rules.jokers > 0 and rules.joker_order != "equal"


def _card(token: str) -> Card:
    return Card.parse(token)


def _option_name(item: str) -> str:
    return split_setting(item)[0].strip().replace("-", "_")


def _oid(name: str) -> str:
    info = RuleSet.model_fields[name]
    return str((info.json_schema_extra or {}).get("id", ""))  # type: ignore[union-attr]


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
    history: tuple[str, ...],
    revolution: bool,
) -> _Walk:
    """Replay the table under these rules; stop at the first action they do not allow."""
    rules = _rules(preset, settings)
    actions = [Action.parse(h) for h in history]
    first = actions[0] if actions and actions[0].player in players else None
    if first is None:
        start = HandState.start(rules, players, revolution=revolution, preset=preset)
    else:  # the first action leads, as in ``companion judge``
        start = Dispute(
            rules, list(players), first, history=actions, revolution=revolution, preset=preset
        ).start_state()
    state, states = start, list[HandState]()
    for i, (text, action) in enumerate(zip(history, actions, strict=True)):
        absent = next((n for n in (action.player, action.target) if n and n not in players), None)
        if absent is not None:
            return _Walk(
                start,
                tuple(states),
                Broken(
                    i,
                    text,
                    t("fr", "dispute.not_at_table", name=absent),
                    t("en", "dispute.not_at_table", name=absent),
                ),
            )
        try:
            ruling = judge(state, action)
        except CompanionError as err:  # e.g. a joker whose colour these rules now need
            return _Walk(start, tuple(states), Broken(i, text, err.fr, err.en))
        if not ruling.legal:
            return _Walk(start, tuple(states), Broken(i, text, ruling.fr, ruling.en))
        state = ruling.state  # type: ignore[assignment]
        states.append(state)
    return _Walk(start, tuple(states), None)


@dataclass(frozen=True)
class DisputeModel:
    preset: str = DEFAULT_PRESET
    players: tuple[str, ...] = DEFAULT_NAMES[:4]
    history: tuple[str, ...] = ()  # actions tapped in as already played, "A: K"
    actor: str | None = None  # who makes the play being tapped in; None: whoever's turn it is
    tray: tuple[str, ...] = ()  # the cards being tapped in, as card texts
    passing: bool = False  # the play being tapped in is a pass
    revolution: bool = False
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
        return _rules(self.preset, self.settings)

    @property
    def preset_info(self) -> Preset:
        return PRESETS[self.preset]

    def _walk(self) -> _Walk:
        return _walk(self.preset, self.settings, self.players, self.history, self.revolution)

    @property
    def broken(self) -> Broken | None:
        """The first action on the table that the rules and players now in force refuse."""
        return self._walk().broken

    def _held(self) -> tuple[str, ...]:
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
        )

    def player_range(self) -> tuple[int, int]:
        """The fewest and most players the variant allows."""
        return self.preset_info.players

    def play_text(self) -> str:
        if self.passing:
            return str(Play())
        return " ".join(self.tray)

    def table_lines(self) -> list[TableLine]:
        walk = self._walk()
        lines = []
        for i, text in enumerate(self.history):
            if i >= len(walk.states):
                lines.append(TableLine(text, False, holds=False))
                continue
            state = walk.states[i]
            lines.append(
                TableLine(text, state.over or (state.trick.top is None and state.trick.plays == 0))
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
                    _oid(name),
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
        sep = ": " if lang == "en" else " : "
        places = self.place_titles()
        changes = ", ".join(
            f"{option_words.label(x.name, lang)}{sep}"
            f"{option_words.value(x.name, x.value, lang, places)}"
            for x in changed
        )
        name = self.evening.name(lang)
        return t(lang, "dispute.evening_rules_changed", name=name, changes=changes)

    # --- setting up ----------------------------------------------------------------------------
    def with_preset(self, preset: str) -> DisputeModel:
        if preset not in PRESETS or preset == self.preset:
            return self
        moved = replace(self, preset=preset, settings=(), tray=(), passing=False)
        low, high = PRESETS[preset].players
        if not low <= len(moved.players) <= high:  # seat as many as the variant allows
            moved = replace(
                moved, players=_seated(moved.players, max(low, min(high, len(moved.players))))
            )
        return replace(moved, settings=moved._evening_settings())._revalidated()

    def with_option(self, name: str, value: str) -> DisputeModel:
        """Change one rule option on the spot; a value the rules refuse changes nothing and
        says why."""
        value = value.strip()
        kept = tuple(s for s in self.settings if _option_name(s) != name)
        settings = (*kept, f"{name}={value}")
        try:
            if name not in RuleSet.model_fields:
                raise KeyError(name)
            _rules(self.preset, settings)
        except KeyError:
            return replace(self, notice=Notice("dispute.option_unknown", fields=(("name", name),)))
        except CompanionError as err:
            return replace(self, notice=Notice("dispute.option_refused", (err.fr, err.en)))
        return replace(self, settings=settings)._revalidated()

    def reset_options(self) -> DisputeModel:
        """Back to the evening's rules (the preset's own, without an evening)."""
        return replace(self, settings=self._evening_settings())._revalidated()

    def with_player_count(self, n: int) -> DisputeModel:
        low, high = self.player_range()
        if not low <= n <= high:
            return replace(
                self,
                notice=Notice(
                    "dispute.players_range",
                    fields=(("low", str(low)), ("high", str(high)), ("n", str(n))),
                ),
            )
        return replace(self, players=_seated(self.players, n))._revalidated()

    def renamed(self, index: int, name: str) -> DisputeModel:
        name = name.strip()
        old = self.players[index]
        if name == old:  # a field left as it was (a blur after a refusal): nothing to say
            return self
        others = self.players[:index] + self.players[index + 1 :]
        problem = name_problem(name, others)
        if problem is not None:  # the evening's rule: the same names as at the table
            return replace(self, notice=Notice(f"new.name_{problem}", fields=(("name", name),)))
        players = tuple(name if p == old else p for p in self.players)
        history = tuple(str(_rename(Action.parse(h), old, name)) for h in self.history)
        actor = name if self.actor == old else self.actor
        return replace(
            self, players=players, history=history, actor=actor, ruling=None, notice=None
        )

    def with_revolution(self, on: bool) -> DisputeModel:
        return replace(self, revolution=on)._revalidated()

    def _revalidated(self) -> DisputeModel:
        """After a change of rules or players: the table keeps every action; when one no
        longer holds, say which and why (nothing is dropped: changing back restores it)."""
        base = replace(self, ruling=None, notice=None, table_cards=())
        if base.actor not in base.players:
            base = replace(base, actor=None)
        offered = set(base.picker().ranks)  # cards the new rules' pack lacks leave the tray
        tray = tuple(c for c in base.tray if Rank(_card(c).rank).symbol in offered)
        if tray != base.tray:
            base = replace(base, tray=tray)
        broken = base.broken
        if broken is not None:
            return replace(
                base,
                notice=Notice(
                    "dispute.broken", (broken.fr, broken.en), (("action", broken.action),)
                ),
            )
        return base

    def drop_broken(self) -> DisputeModel:
        """Take the action that no longer holds, and those after it, off the table."""
        return replace(self, history=self._held(), actor=None, ruling=None, notice=None)

    def select_actor(self, name: str) -> DisputeModel:
        if name not in self.players:
            return self
        return replace(self, actor=name, ruling=None, notice=None)

    # --- the card picker -----------------------------------------------------------------------
    def with_mode(self, mode: PickerMode) -> DisputeModel:
        if mode not in PICKER_MODES:
            return self
        return replace(self, mode=mode, count=None, notice=None, table_cards=())

    def suits_needed(self, cards: tuple[str, ...]) -> bool:
        """Whether some of ``cards`` lack the suit these rules need (jokers have none)."""
        if not uses_suits(self.rules):
            return False
        return any(not c.is_joker and c.suit is None for c in map(_card, cards))

    def _offered(self, symbol: str) -> bool:
        picker = self.picker()
        return (symbol in picker.ranks and symbol != Rank.JOKER.symbol) or symbol in picker.jokers

    def tap_rank(self, symbol: str) -> DisputeModel:
        if not self._offered(symbol):
            return self
        if self.mode == "table":
            return self._add_quick(symbol)
        if self.mode == "hand":
            return self._to_hand(symbol)
        tray = () if self.judged else self.tray  # a ruled play is done with: start anew
        if len(tray) >= MAX_TRAY:
            return self
        return replace(
            self, tray=(*tray, symbol), passing=False, ruling=None, notice=None, judged=False
        )

    def _add_quick(self, symbol: str) -> DisputeModel:
        """One tap: the player whose turn it is played ``symbol`` (as many as the trick
        asks, or as the count key says); it joins the table if the rules allow it. Where
        suits matter, it waits for each card's suit first (``tap_suit``)."""
        top = self.state().trick.top
        n = self.count or (len(top.cards) if top is not None and self.to_beat else 1)
        cards = (symbol,) * n
        if self.suits_needed(cards):
            return replace(self, table_cards=cards, ruling=None, notice=None)
        return self._add_text(" ".join(cards))

    def _add_text(self, play: str) -> DisputeModel:
        saved = (self.tray, self.passing, self.actor)
        tried = replace(
            self,
            actor=None,
            tray=tuple(play.split()) if play != str(Play()) else (),
            passing=play == str(Play()),
        ).add_to_table()
        if tried.history == self.history:  # refused: the reason shows, the tray is kept
            return replace(tried, tray=saved[0], passing=saved[1], actor=saved[2])
        return replace(tried, tray=saved[0], passing=saved[1], count=None)

    def quick_pass(self) -> DisputeModel:
        """One tap: the player whose turn it is passed."""
        return replace(self, table_cards=())._add_text(str(Play()))

    def clear_table_cards(self) -> DisputeModel:
        """Drop the play waiting for its suits."""
        return replace(self, table_cards=(), notice=None)

    def _suit_table_card(self, suit: Suit) -> DisputeModel:
        """The next card of the play waiting for its suits gets ``suit``; once each card has
        one, the play joins the table (refused: the last suit is taken back, to pick again)."""
        cards = [_card(c) for c in self.table_cards]
        bare = next((i for i, c in enumerate(cards) if c.suit is None and not c.is_joker), None)
        if bare is None:
            return self
        suited = list(self.table_cards)
        suited[bare] = str(Card(cards[bare].rank, suit))
        if self.suits_needed(tuple(suited)):
            return replace(self, table_cards=tuple(suited), notice=None)
        added = self._add_text(" ".join(suited))
        if added.history == self.history:
            return replace(added, table_cards=self.table_cards)
        return replace(added, table_cards=())

    def add_play(self, action: str) -> DisputeModel:
        """A possible play tapped: it joins the table (judged like any other)."""
        parsed = Action.parse(action)
        if parsed.player != self.next_player:
            return self
        return self._add_text(str(parsed.play))

    def _to_hand(self, symbol: str) -> DisputeModel:
        owner = self.next_player
        if owner is None or len(self.hand) >= MAX_HAND:
            return self
        hand = self.hand if self.hand_owner == owner else ()
        return replace(self, hand=(*hand, symbol), hand_owner=owner, notice=None)

    def clear_hand(self) -> DisputeModel:
        return replace(self, hand=(), hand_owner=None, notice=None)

    def delete_hand_card(self) -> DisputeModel:
        return replace(self, hand=self.hand[:-1], notice=None)

    def possible_plays(self) -> tuple[str, ...]:
        """Every action the referee accepts from the player whose turn it is, holding the
        hand tapped in for him ("Sam: 5 5", "Sam: pass"); nothing without his hand."""
        owner = self.next_player
        if owner is None or owner != self.hand_owner or not self.hand or self.broken:
            return ()
        try:
            cards = tuple(_card(c) for c in self.hand)
            return tuple(str(a) for a in legal_plays(self.state(), cards, owner))
        except (CompanionError, ValueError):
            return ()

    def set_count(self, n: int) -> DisputeModel:
        """Make the last tapped rank appear ``n`` times (suits already given are kept); in
        "table" mode, the cards each tap adds."""
        if self.mode == "table":
            pending = self.table_cards
            if pending and n >= 1:  # the play waiting for its suits: n cards, suits kept
                bare = Rank(_card(pending[0]).rank).symbol
                pending = (*pending[:n], *[bare] * (n - len(pending)))
            return replace(
                self, count=n if n != self.count else None, table_cards=pending, notice=None
            )
        if self.mode == "hand":
            return self._restyle_hand_count(n)
        if not self.tray or n < 1:
            return self
        rank = _card(self.tray[-1]).rank
        same = [c for c in self.tray if _card(c).rank is rank]
        others = [c for c in self.tray if _card(c).rank is not rank]
        kept = same[:n] + [Rank(rank).symbol] * (n - len(same))
        tray = (*others, *kept)
        if len(tray) > MAX_TRAY:
            return self
        return replace(self, tray=tray, ruling=None, notice=None)

    def _restyle_hand_count(self, n: int) -> DisputeModel:
        """In the hand: the last tapped rank held ``n`` times."""
        if not self.hand or n < 1:
            return self
        rank = _card(self.hand[-1]).rank
        same = [c for c in self.hand if _card(c).rank is rank]
        others = [c for c in self.hand if _card(c).rank is not rank]
        hand = (*others, *same[:n], *[Rank(rank).symbol] * (n - len(same)))
        return replace(self, hand=hand[:MAX_HAND], notice=None)

    def tap_suit(self, suit: Suit) -> DisputeModel:
        """Give the suit to the last rank's first card without one (or change the last); in
        "table" mode, to the next card of the play waiting for its suits."""
        if self.mode == "table":
            return self._suit_table_card(suit)
        if self.mode == "hand":
            if not self.hand or _card(self.hand[-1]).is_joker:
                return self
            moved = replace(self, tray=self.hand)._restyle(
                _card(self.hand[-1]).rank, lambda c: c.suit is None, lambda c: Card(c.rank, suit)
            )
            return replace(self, hand=moved.tray)
        if not self.tray or _card(self.tray[-1]).is_joker:
            return self
        rank = _card(self.tray[-1]).rank
        return self._restyle(rank, lambda c: c.suit is None, lambda c: Card(c.rank, suit))

    def tap_joker_colour(self, colour: JokerColour) -> DisputeModel:
        jokers = [c for c in self.tray if _card(c).is_joker]
        if not jokers:
            return self
        return self._restyle(
            Rank.JOKER, lambda c: c.colour is None, lambda c: Card(Rank.JOKER, None, colour)
        )

    def _restyle(
        self, rank: Rank, bare: Callable[[Card], bool], make: Callable[[Card], Card]
    ) -> DisputeModel:
        cards = [_card(c) for c in self.tray]
        spots = [i for i, c in enumerate(cards) if c.rank is rank]
        bare_spots = [i for i in spots if bare(cards[i])]
        i = bare_spots[0] if bare_spots else spots[-1]
        tray = list(self.tray)
        tray[i] = str(make(cards[i]))
        return replace(self, tray=tuple(tray), ruling=None, notice=None)

    def tap_pass(self) -> DisputeModel:
        return replace(self, tray=(), passing=True, ruling=None, notice=None, judged=False)

    def delete_card(self) -> DisputeModel:
        return replace(self, tray=self.tray[:-1], passing=False, ruling=None, notice=None)

    def clear_tray(self) -> DisputeModel:
        return replace(self, tray=(), passing=False, ruling=None, notice=None, judged=False)

    # --- the referee ---------------------------------------------------------------------------
    def _action(self) -> Action | None:
        if not self.passing and not self.tray:
            return None
        return Action.parse(f"{self.current_actor}: {self.play_text()}")

    def judge(self) -> DisputeModel:
        """Rule on the play tapped in, after the actions on the table. The play stays in the
        tray (to judge again under a changed option), but the next card tapped starts a new
        play instead of joining it."""
        judged = self._judge()
        return replace(judged, judged=True) if judged.ruling is not None else judged

    def _judge(self) -> DisputeModel:
        action = self._action()
        if action is None:
            return replace(self, ruling=None, notice=Notice("dispute.pick_cards"))
        broken = self.broken
        if broken is not None:  # what follows a play the rules refuse cannot be ruled on
            return replace(
                self,
                ruling=None,
                notice=Notice(
                    "dispute.broken", (broken.fr, broken.en), (("action", broken.action),)
                ),
            )
        try:
            # With nothing on the table yet, the player who plays first is the one who leads.
            ruling = self._dispute(action).ruling()
        except CompanionError as err:
            return replace(self, ruling=None, notice=Notice("dispute.error", (err.fr, err.en)))
        cites = self._cites(ruling)
        view = replace(
            _view(ruling, action, cites, _before(self.state(), ruling)),
            system=(self.preset_info.name("fr"), self.preset_info.name("en")),
            why=self._why(ruling, cites),
        )
        return replace(self, ruling=view, notice=None)

    def _dispute(self, play: Action) -> Dispute:
        return Dispute(
            self.rules,
            list(self.players),
            play,
            history=[Action.parse(h) for h in self.history],
            revolution=self.revolution,
            preset=self.preset,
        )

    def _cites(self, ruling: Ruling) -> tuple[Cite, ...]:
        """The option the referee names, then each option this table changed (the evening or
        here) that the verdict hangs on: put back as it was, the ruling would differ."""
        lines = {line.name: line for line in self.option_lines()}
        named = ruling.info.blocker or CODE_OPTION.get(ruling.code) or self._legal_option(ruling)
        names = [named] if named in lines else []
        for line in lines.values():
            if (
                line.origin != "preset"
                and line.name not in names
                and self._verdict_without(line, ruling.action)
                not in (None, (ruling.legal, ruling.code))
            ):
                names.append(line.name)
        return tuple(Cite(n, lines[n].value, lines[n].origin, lines[n].before) for n in names)

    def _legal_option(self, ruling: Ruling) -> str | None:
        """The option that lets a legal play through: what makes it beat, or lets a player
        pass, or play again on his own cards."""
        if not ruling.legal:
            return None
        kind, rules = ruling.info.kind, self.rules
        if kind == "beat":
            cards = ruling.action.play.cards
            top = self.state().trick.top
            if top is not None and {c.rank for c in cards} == {c.rank for c in top.cards}:
                return "equal_play"
            both = (*cards, *(top.cards if top is not None else ()))  # either side's power
            if any(c.is_joker for c in both) and rules.joker_power != "rank":
                return "joker_power"
            if any(c.rank is Rank.TWO for c in both) and rules.twos != "normal":
                return "twos"
            return "rank_order"
        return {"pass": "must_beat", "overplay": "self_overplay"}.get(kind)

    def _why(self, ruling: Ruling, cites: tuple[Cite, ...]) -> tuple[str, str] | None:
        """A legal play: why the rules allow it, in both languages."""
        if not ruling.legal:
            return None
        kind, player = ruling.info.kind, ruling.action.player
        rule = {lang: cites[0].text(lang) for lang in ("fr", "en")} if cites else None
        words: dict[str, str] = {}
        for lang in ("fr", "en"):
            if kind == "lead":
                words[lang] = t(lang, "dispute.why_lead", name=player)
            elif kind == "beat" and rule is not None and cites[0].name == "equal_play":
                play = play_phrase(ruling.action.play, lang)
                why = t(lang, "dispute.why_equal", play=play, rule=rule[lang])
                words[lang] = capitalised(contracted(why, lang))
            elif kind == "beat" and rule is not None:
                top = self.state().trick.top
                under = play_phrase(Play(top.cards), lang) if top is not None else ""
                play = play_phrase(ruling.action.play, lang)
                why = t(lang, "dispute.why_beat", play=play, under=under, rule=rule[lang])
                words[lang] = capitalised(contracted(why, lang))
            elif kind == "pass" and rule is not None:
                forced = self.rules.must_beat
                key = "dispute.why_pass_forced" if forced else "dispute.why_pass"
                words[lang] = t(lang, key, name=player, rule=rule[lang])
            else:
                return None
        return words["fr"], words["en"]

    def _verdict_without(self, line: OptionLine, action: Action) -> tuple[bool, str] | None:
        """The verdict with ``line``'s option as it was before; None when the rules or the
        table would not hold that way."""
        settings = (
            *(s for s in self.settings if _option_name(s) != line.name),
            f"{line.name}={line.before}",
        )
        try:
            ruling = Dispute(
                _rules(self.preset, settings),
                list(self.players),
                action,
                history=[Action.parse(h) for h in self.history],
                revolution=self.revolution,
                preset=self.preset,
            ).ruling()
        except CompanionError:
            return None
        return ruling.legal, ruling.code

    def add_to_table(self) -> DisputeModel:
        """Record the play tapped in as already played (it must be legal to be replayed)."""
        judged = self.judge()
        if judged.ruling is None:
            return judged
        if not judged.ruling.legal:
            reason = (judged.ruling.fr, judged.ruling.en)
            before = judged.ruling.before_text("fr"), judged.ruling.before_text("en")
            if before[0] and before[1]:  # out of turn: say who acts first
                reason = (f"{reason[0]} {before[0]}", f"{reason[1]} {before[1]}")
            return replace(judged, ruling=None, notice=Notice("dispute.not_legal_history", reason))
        return judged.accept()

    def accept(self) -> DisputeModel:
        """Follow the trick: the legal play just judged joins the table."""
        if self.ruling is None or not self.ruling.legal:
            return self
        played = tuple(str(c) for c in Action.parse(self.ruling.action).play.cards)
        if self.suits_needed(played):  # later rulings may hang on it: the table needs suits
            return replace(self, ruling=None, notice=Notice("picker.suit_needed"))
        return replace(
            self,
            hand=self._hand_after(self.ruling.action),
            history=(*self.history, self.ruling.action),
            actor=None,
            tray=(),
            passing=False,
            ruling=None,
            notice=None,
        )

    def pass_before(self) -> DisputeModel:
        """A play out of turn: the players who had to act first passed. Their passes join the
        table and the play is judged again, in its turn now."""
        if self.ruling is None or not self.ruling.before:
            return self
        passes = tuple(f"{name}: {Play()}" for name in self.ruling.before)
        actor = self.ruling.actor
        return replace(
            self, history=(*self.history, *passes), actor=actor, ruling=None, notice=None
        ).judge()

    def _hand_after(self, action: str) -> tuple[str, ...]:
        """The hand tapped in, less the cards its owner just played."""
        parsed = Action.parse(action)
        if parsed.player != self.hand_owner:
            return self.hand
        held = [_card(c) for c in self.hand]
        for card in parsed.play.cards:
            spot = next((i for i, h in enumerate(held) if h.matches(card) or card.matches(h)), None)
            if spot is not None:
                held.pop(spot)
        return tuple(str(c) for c in held)

    def close_ruling(self) -> DisputeModel:
        return replace(self, ruling=None)

    def undo(self) -> DisputeModel:
        return replace(
            self, history=self.history[:-1], actor=None, ruling=None, notice=None
        )._revalidated()

    def clear_table(self) -> DisputeModel:
        return replace(self, history=(), actor=None, ruling=None, notice=None)


def from_evening(evening: Evening) -> DisputeModel:
    """The dispute screen for an evening: its preset and its changes to the rule options,
    its players in seating order from whoever leads the next hand (when the plan knows), and
    the card order reversed when a lasting revolution is in force."""
    rule_settings = tuple(
        s for s in evening.settings if _option_name(s) not in TableRules.model_fields
    )
    plan = evening.next_plan
    names = list(plan.seating) if plan is not None else []
    if not names:  # an evening that has ended: those still at the table, in seating order
        by_id = evening.names()
        names = [by_id[p] for p in evening.seating if p in evening.present] or [
            by_id[p] for p in evening.present
        ]
    lead = plan.first_lead if plan is not None else None
    if lead in names:
        i = names.index(lead)
        names = names[i:] + names[:i]
    players = _usable(names)
    ref = EveningRules(
        evening.id,
        evening.title or evening.place,
        evening.preset,
        rule_settings,
        day=evening.date.isoformat(),
        start=evening.created_at.astimezone().strftime("%H:%M"),
    )
    model = DisputeModel(
        preset=evening.preset,
        players=players,
        settings=rule_settings,
        evening=ref,
        # B9 quad_persistent: a revolution from an earlier hand still reverses the order
        revolution=evening.reversed_order,
    )
    try:
        model.rules  # noqa: B018 - an evening stored with settings no longer valid
    except CompanionError:
        model = replace(model, settings=(), evening=replace(ref, settings=()))
    return model


def _seated(players: tuple[str, ...], n: int) -> tuple[str, ...]:
    """The first ``n`` players, with spare default names when there are too few."""
    names = list(players[:n])
    spare = (d for d in DEFAULT_NAMES if d not in names)
    while len(names) < n:
        names.append(next(spare))
    return tuple(names)


def _usable(names: list[str]) -> tuple[str, ...]:
    """The names as the notation can carry them (no ':' or ','), each once; the default names
    for a table that would not fit the screen's limits."""
    clean = [n.replace(":", " ").replace(",", " ").strip() for n in names]
    if (
        not MIN_PLAYERS <= len(clean) <= MAX_PLAYERS
        or not all(clean)
        or len(set(clean)) != len(clean)
    ):
        return DEFAULT_NAMES[: max(MIN_PLAYERS, min(MAX_PLAYERS, len(clean)))]
    return tuple(clean)


def _before(state: HandState, ruling: Ruling) -> tuple[str, ...]:
    """For a play out of turn: the players who must act first, found by letting each of them
    pass in turn until the actor's turn comes (empty if it never does in this trick)."""
    if ruling.code != "not-your-turn":
        return ()
    actor, names = ruling.action.player, list[str]()
    for _ in range(2 * len(state.players)):
        player = state.next_player
        if player is None:
            return ()
        if player == actor:
            return tuple(names)
        passed = judge(state, Action(player, Play()))
        if not passed.legal or passed.state is None:
            return ()
        names.append(player)
        state = passed.state
    return ()


def _view(
    ruling: Ruling, action: Action, cites: tuple[Cite, ...], before: tuple[str, ...]
) -> RulingView:
    after = ruling.state
    return RulingView(
        action=str(action),
        actor=action.player,
        play=str(action.play),
        legal=ruling.legal,
        code=ruling.code,
        fr=ruling.fr,
        en=ruling.en,
        next_player=ruling.next_player,
        to_beat=None if ruling.to_beat is None else str(ruling.to_beat),
        over=after is not None and after.over,
        cites=cites,
        before=before,
    )


def _rename(action: Action, old: str, new: str) -> Action:
    return replace(
        action,
        player=new if action.player == old else action.player,
        target=new if action.target == old else action.target,
    )
