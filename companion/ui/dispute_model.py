"""The dispute screen's logic, in plain Python: what is on the table, the play being tapped in,
and the referee's ruling on it.

``DisputeModel`` is immutable: every user action returns a new model (the screen keeps it in
``use_state``), and holds only names, card texts, actions and rulings as plain data. It is
built in layers, one idea a module: the table and the rules in force (``dispute_table``), the
referee's rulings (``dispute_verdict``), the card picker (``dispute_picker``), and here
setting up the table: the preset, the options, the players, the revolution, taking actions
back, and the model for an evening (``from_evening``).

The rules are a preset plus ``NAME=VALUE`` changes: those of the evening the screen was opened
from (``from_evening``), then any changed on the spot. The table keeps every action tapped in;
when a change of rules or players makes one of them illegal, the table stops there and says
which one and why (``broken``) until the table takes it back or changes the rules back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from companion.errors import CompanionError
from companion.rules.cards import Rank
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, Preset
from companion.rules.ruleset import RuleSet
from companion.table.names import name_problem
from companion.table.table_rules import TableRules
from companion.ui.dispute_picker import DisputeTaps
from companion.ui.dispute_table import (
    DEFAULT_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    card_of,
    option_name,
    rules_for,
)
from companion.ui.dispute_views import EveningRules, Notice, Said

if TYPE_CHECKING:
    from companion.table.evening import Evening


def presets() -> list[Preset]:
    """The variants the table may choose from."""
    return list(PRESETS.values())


@dataclass(frozen=True)
class DisputeModel(DisputeTaps):
    """The dispute screen's model: the table, the referee, the card picker, and setting up."""

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
        kept = tuple(s for s in self.settings if option_name(s) != name)
        settings = (*kept, f"{name}={value}")
        try:
            if name not in RuleSet.model_fields:
                raise KeyError(name)
            rules_for(self.preset, settings)
        except KeyError:
            return replace(self, notice=Notice("dispute.option_unknown", fields=(("name", name),)))
        except CompanionError as err:
            return replace(self, notice=Notice("dispute.option_refused", Said(err.message)))
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
                    fields=(("low", low), ("high", high), ("n", n)),
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
        history = tuple(_rename(a, old, name) for a in self.history)
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
        tray = tuple(c for c in base.tray if Rank(card_of(c).rank).symbol in offered)
        if tray != base.tray:
            base = replace(base, tray=tray)
        broken = base.broken
        if broken is not None:
            return replace(
                base,
                notice=Notice("dispute.broken", broken.words, (("action", str(broken.action)),)),
            )
        return base

    def drop_broken(self) -> DisputeModel:
        """Take the action that no longer holds, and those after it, off the table."""
        return replace(self, history=self._held(), actor=None, ruling=None, notice=None)

    def select_actor(self, name: str) -> DisputeModel:
        if name not in self.players:
            return self
        return replace(self, actor=name, ruling=None, notice=None)

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
        s for s in evening.settings if option_name(s) not in TableRules.model_fields
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
        day=evening.date,
        start=evening.created_at,
    )
    model = DisputeModel(
        preset=evening.preset,
        players=players,
        settings=rule_settings,
        evening=ref,
        # B9 quad_persistent: a revolution from an earlier hand still reverses the order
        revolution=evening.reversed_order,
        first_hand=not evening.hands,  # H7: the evening's first hand opens with its card
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


def _rename(action: Action, old: str, new: str) -> Action:
    return replace(
        action,
        player=new if action.player == old else action.player,
        target=new if action.target == old else action.target,
    )
