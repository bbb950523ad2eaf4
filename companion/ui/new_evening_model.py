"""The new-evening screen's logic as plain data: players, preset and options, first roles.

Immutable: every tap returns a new model. Errors a user can cause (a name used twice, a bad
option value, a card not in the pack) become a ``Notice`` and change nothing else.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.errors import CompanionError
from companion.rules.cards import DECK_RANKS, Rank
from companion.rules.combos import order_for
from companion.rules.presets import PRESETS, Preset
from companion.rules.ruleset import RuleSet
from companion.table.exchange_counts import by_size_text, counts_text
from companion.table.first_roles import DrawResult, random_ranking, rank_draws
from companion.table.names import name_problem
from companion.table.table_presets import table_rules_from
from companion.table.table_rules import TableRules
from companion.table.titles import PlaceTitles, place_titles

RolesMode = Literal["draw", "first_hand", "random"]
ROLES_MODES: tuple[RolesMode, ...] = ("draw", "first_hand", "random")
DEFAULT_PRESET = "classique"
_SEED_NAMES = ("PAGAT", "PRES53", "WIKI", "CONC", "TDC")


@dataclass(frozen=True)
class Notice:
    """A message for the user: an i18n key with its fields, or an engine error's text."""

    key: str
    fields: tuple[tuple[str, str], ...] = ()
    error: CompanionError | None = None

    def text(self, tr: Callable[..., str], lang: str) -> str:
        if self.error is not None:
            return self.error.message(lang)
        return tr(self.key, **dict(self.fields))


@dataclass(frozen=True)
class OptionLine:
    name: str
    value: str
    description: str  # the catalogue's words: ID, seeds, meaning
    changed: bool  # set on this evening, not the preset's own value
    seeds: str  # the seeds it comes from, e.g. "PAGAT, WIKI"
    choices: tuple[str, ...] = ()  # every value, when there are few (else typed in)
    before: str = ""  # the preset's own value


def _choices(annotation: Any) -> tuple[str, ...]:
    """The values of a yes/no or a one-of option, as ``--set`` spells them."""
    if annotation is bool:
        return ("true", "false")
    if typing.get_origin(annotation) is Literal:
        return tuple(show_value(a) for a in typing.get_args(annotation))
    return ()


def show_value(value: object) -> str:
    """A value as ``--set`` spells it, so that it reads back the same: sets sorted, a
    sequence in its order, the exchange as ``2/1`` or ``2:3/1:2``, by players ``3=1; 4=2/1``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        if all(isinstance(v[1], tuple) for v in value):
            return by_size_text(value)  # exchange_by_players: 3=1; 4=2/1
        return counts_text(value)
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value) or "none"
    if isinstance(value, frozenset | set):
        return ",".join(sorted(str(v) for v in value)) or "none"
    if value is None:
        return "none"
    return str(value)


def _seeds(description: str) -> str:
    head = description.split(":", 1)[0]
    found = [s for s in _SEED_NAMES if s in head or (s == "PAGAT" and "all" in head)]
    return ", ".join(found)


def presets() -> list[Preset]:
    return list(PRESETS.values())


@dataclass(frozen=True)
class NewEveningModel:
    profiles: tuple[str, ...] = ()  # saved names, in the order they were created
    players: tuple[str, ...] = ()  # chosen, in seating order (clockwise; the first deals)
    preset: str = DEFAULT_PRESET
    settings: tuple[str, ...] = ()  # NAME=VALUE changes to the preset
    roles: RolesMode | None = None  # None: the preset's own way
    rounds: tuple[tuple[tuple[str, str], ...], ...] = ()  # completed draw rounds
    current: tuple[tuple[str, str], ...] = ()  # the round being entered
    notice: Notice | None = None

    # --- reading ---------------------------------------------------------------------------
    @property
    def preset_info(self) -> Preset:
        return PRESETS[self.preset]

    def rules(self) -> tuple[RuleSet, TableRules]:
        return table_rules_from(self.preset, list(self.settings))

    @property
    def roles_mode(self) -> RolesMode:
        if self.roles is not None:
            return self.roles
        first = self.rules()[1].first_roles
        return (
            "first_hand"
            if first in ("first_hand", "exposed_card")
            else ("random" if first == "random" else "draw")
        )

    def option_lines(self) -> list[OptionLine]:
        rules, table = self.rules()
        base_rules, base_table = table_rules_from(self.preset, [])
        lines = []
        for obj, base, info in (
            (rules, base_rules, RuleSet.option_info()),
            (table, base_table, TableRules.option_info()),
        ):
            fields = type(obj).model_fields
            for name, text in info.items():
                value = getattr(obj, name)
                lines.append(
                    OptionLine(
                        name,
                        show_value(value),
                        text,
                        value != getattr(base, name),
                        _seeds(text),
                        _choices(fields[name].annotation),
                        show_value(getattr(base, name)),
                    )
                )
        return lines

    def place_titles(self) -> PlaceTitles:
        """The titles the options' words give the first, second and last places: those of
        the evening's title scheme at every player count its preset allows."""
        low, high = self.preset_info.players
        return place_titles(self.rules()[1].titles, range(low, high + 1))

    def changes(self) -> list[tuple[str, str, str]]:
        """(name, value, the preset's value) of each option this evening changes."""
        return [(x.name, x.value, x.before) for x in self.option_lines() if x.changed]

    def draw_ranks(self) -> tuple[str, ...]:
        """The ranks a drawn card can have, lowest first, "JK" last when there are jokers."""
        rules = self.rules()[0]
        in_deck = set(DECK_RANKS[rules.deck])
        ranks = [r.symbol for r in order_for(rules, False).natural_ranks if r in in_deck]
        if rules.joker_count(max(len(self.players), 2)) > 0:
            ranks.append(Rank.JOKER.symbol)
        return tuple(ranks)

    def draw_result(self) -> DrawResult | None:
        if not self.rounds:
            return None
        return rank_draws(
            [dict(r) for r in self.rounds], self.rules()[0], self.rules()[1].draw_order
        )

    @property
    def to_draw(self) -> tuple[str, ...]:
        """Who draws in the round being entered: everyone, then only the tied players."""
        result = self.draw_result()
        if result is None:
            return self.players
        return tuple(name for group in result.ties for name in group)

    @property
    def drawer(self) -> str | None:
        """The next player whose card is awaited."""
        done = dict(self.current)
        return next((p for p in self.to_draw if p not in done), None)

    @property
    def ranking(self) -> tuple[str, ...] | None:
        result = self.draw_result()
        return result.ranking if result is not None else None

    def cards_of(self, name: str) -> list[str]:
        """Every card ``name`` drew, in order (later ones break ties)."""
        cards = [dict(r)[name] for r in self.rounds if name in dict(r)]
        if name in dict(self.current):
            cards.append(dict(self.current)[name])
        return cards

    def ready(self) -> bool:
        low, high = self.preset_info.players
        if not low <= len(self.players) <= high:
            return False
        return self.roles_mode != "draw" or self.ranking is not None

    def create_args(self, rng: random.Random | int | None = None) -> dict[str, Any]:
        """The arguments of ``TableService.create_evening``."""
        ranking: tuple[str, ...] | None = None
        mode = self.roles_mode
        if mode == "draw":
            ranking = self.ranking
        elif mode == "random":
            ranking = random_ranking(self.players, rng)
        settings = self.settings
        if mode == "first_hand" and self.rules()[1].first_roles == "random":
            settings = (*settings, "first_roles=first_hand")
        return {
            "players": list(self.players),
            "preset": self.preset,
            "settings": list(settings),
            "ranking": list(ranking) if ranking is not None else None,
        }

    # --- players ---------------------------------------------------------------------------
    def _say(self, key: str, **fields: object) -> NewEveningModel:
        return replace(self, notice=Notice(key, tuple((k, str(v)) for k, v in fields.items())))

    def add_name(self, name: str) -> NewEveningModel:
        name = name.strip()
        problem = name_problem(name, self.players)
        if problem is not None:
            return self._say(f"new.name_{problem}", name=name)
        return self._reset_draw(replace(self, players=(*self.players, name), notice=None))

    def toggle_profile(self, name: str) -> NewEveningModel:
        if name in self.players:
            return self.remove(name)
        return self.add_name(name)

    def remove(self, name: str) -> NewEveningModel:
        return self._reset_draw(
            replace(self, players=tuple(p for p in self.players if p != name), notice=None)
        )

    def move_up(self, name: str) -> NewEveningModel:
        i = self.players.index(name)
        if i == 0:
            return self
        players = list(self.players)
        players[i - 1], players[i] = players[i], players[i - 1]
        return replace(self, players=tuple(players), notice=None)

    # --- rules -----------------------------------------------------------------------------
    def with_preset(self, preset: str) -> NewEveningModel:
        if preset not in PRESETS:
            return self
        return self._reset_draw(replace(self, preset=preset, settings=(), roles=None, notice=None))

    def with_option(self, name: str, value: str) -> NewEveningModel:
        value = value.strip()
        kept = tuple(s for s in self.settings if s.partition("=")[0] != name)
        settings = (*kept, f"{name}={value}")
        try:
            table_rules_from(self.preset, list(settings))
        except CompanionError as err:
            return replace(self, notice=Notice("", error=err))
        return self._reset_draw(replace(self, settings=settings, notice=None))

    def reset_options(self) -> NewEveningModel:
        return self._reset_draw(replace(self, settings=(), notice=None))

    # --- first roles -------------------------------------------------------------------------
    def with_roles(self, mode: RolesMode) -> NewEveningModel:
        return self._reset_draw(replace(self, roles=mode, notice=None))

    def _reset_draw(self, model: NewEveningModel) -> NewEveningModel:
        return replace(model, rounds=(), current=())

    def tap_card(self, symbol: str) -> NewEveningModel:
        drawer = self.drawer
        if drawer is None or symbol not in self.draw_ranks():
            return self
        current = (*self.current, (drawer, symbol))
        model = replace(self, current=current, notice=None)
        if model.drawer is not None:
            return model
        try:
            rank_draws(
                [*(dict(r) for r in self.rounds), dict(current)],
                self.rules()[0],
                self.rules()[1].draw_order,
            )
        except CompanionError as err:
            return replace(self, current=(), notice=Notice("", error=err))
        model = replace(self, rounds=(*self.rounds, current), current=())
        ties = model.draw_result().ties  # type: ignore[union-attr]
        if ties:
            names = " / ".join(", ".join(g) for g in ties)
            return model._say("new.tie", names=names)
        return model

    def redo_draw(self) -> NewEveningModel:
        return self._reset_draw(replace(self, notice=None))
