"""Random deals and random complete hands, for property tests and the benchmark.

``deal(rules, players, rng)`` shuffles the whole pack the rule set plays with at that table
size and deals it out one card at a time; ``random_hand(rules, players, rng)`` plays one
complete hand with uniformly random legal actions (plays, passes and any card effect owed)
drawn from ``legal_plays`` and played with ``apply``: the public API, so every action is one
the referee accepts, and rule sets ``companion.rules.compact`` covers play on its compact
state. The same seed gives the same hand.

A hand that does not end within ``step_cap`` actions, or a state where nobody can act, is an
engine bug: ``HandDidNotEnd`` / ``NoLegalAction`` name the preset and the seed to replay it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from companion.rules.cards import Card, make_deck
from companion.rules.fast_path import next_state
from companion.rules.notation import Action
from companion.rules.referee import legal_plays
from companion.rules.ruleset import RuleSet
from companion.rules.state import HandState

__all__ = [
    "HandDidNotEnd",
    "NoLegalAction",
    "SimulatedHand",
    "SimulationError",
    "deal",
    "default_players",
    "full_deck",
    "random_hand",
    "simulate",
]

Players = Sequence[str] | int


class SimulationError(RuntimeError):
    """The engine misbehaved during a simulated hand (a bug to report, not a user error)."""

    def __init__(
        self, message: str, *, preset: str | None, seed: int | None, actions: tuple[Action, ...]
    ) -> None:
        where = f"preset={preset or '(custom rules)'}, seed={seed if seed is not None else '?'}"
        super().__init__(f"{message} [{where}, after {len(actions)} actions]")
        self.preset = preset
        self.seed = seed
        self.actions = actions


class HandDidNotEnd(SimulationError):
    """The hand was still going after the step cap."""


class NoLegalAction(SimulationError):
    """The hand is not over but ``legal_plays`` offers nothing to whoever must act."""


def default_players(n: int) -> tuple[str, ...]:
    """Player names ``P1`` … ``Pn``."""
    return tuple(f"P{i + 1}" for i in range(n))


def _names(players: Players) -> tuple[str, ...]:
    return default_players(players) if isinstance(players, int) else tuple(players)


def _rng(rng: random.Random | int | None) -> tuple[random.Random, int | None]:
    if isinstance(rng, random.Random):
        return rng, None
    return random.Random(rng), rng


def full_deck(rules: RuleSet, players: Players) -> list[Card]:
    """Every physical card the rule set plays with at this table size."""
    return list(_pack(rules, len(_names(players))))


@lru_cache(maxsize=256)
def _pack(rules: RuleSet, n: int) -> tuple[Card, ...]:
    return tuple(make_deck(rules.deck, rules.deck_count(n), rules.joker_count(n)))


def deal(
    rules: RuleSet, players: Players, rng: random.Random | int | None = None
) -> dict[str, tuple[Card, ...]]:
    """Shuffle the whole pack and deal it one card at a time, starting with the first player;
    when the pack does not divide evenly the first players get one card more."""
    names = _names(players)
    gen, _ = _rng(rng)
    cards = full_deck(rules, names)
    gen.shuffle(cards)
    return {name: tuple(cards[i :: len(names)]) for i, name in enumerate(names)}


@dataclass(frozen=True)
class SimulatedHand:
    """A finished random hand: the start state, every action in order, the final state."""

    start: HandState
    actions: tuple[Action, ...]
    final: HandState

    @property
    def finishing_order(self) -> tuple[str, ...]:
        """Players in finishing order (``final.finishing_order``)."""
        return self.final.finishing_order


def step_cap_for(rules: RuleSet, players: Players) -> int:
    """A generous bound on the actions of one hand: every card played alone, with every other
    player passing (or being skipped or gathering) after each, plus slack."""
    names = _names(players)
    return (len(full_deck(rules, names)) + 1) * (len(names) + 2) * 2 + 100


def simulate(
    rules: RuleSet,
    players: Players,
    rng: random.Random | int | None = None,
    preset: str | None = None,
    *,
    leader: str | None = None,
    step_cap: int | None = None,
) -> SimulatedHand:
    """Deal and play one complete hand with uniformly random legal actions.

    ``rng`` is a ``random.Random`` or an int seed (named in errors; pass a seed to make a
    failure reproducible). ``leader`` defaults to a random player.
    """
    names = _names(players)
    gen, seed = _rng(rng)
    hands = deal(rules, names, gen)
    if leader is None:
        leader = gen.choice(names)
    if all(hands.values()):
        # The deal is the pack itself: no need to check that the hands fit it.
        start = replace(
            HandState.start(rules, names, leader=leader, preset=preset),
            hands=tuple(hands[name] for name in names),
        )
    else:
        start = HandState.start(rules, names, leader=leader, hands=hands, preset=preset)
    cap = step_cap if step_cap is not None else step_cap_for(rules, names)
    state = start
    actions: list[Action] = []
    while not state.over:
        if len(actions) >= cap:
            raise HandDidNotEnd(
                f"the hand did not end after {cap} actions (next: {state.next_player}, "
                f"to beat: {state.to_beat}, last actions: "
                f"{', '.join(map(str, actions[-6:]))})",
                preset=preset,
                seed=seed,
                actions=tuple(actions),
            )
        options = list(legal_plays(state))
        if not options:
            raise NoLegalAction(
                f"no legal action for {state.next_player} (to beat: {state.to_beat}, hand: "
                f"{' '.join(map(str, state.hands[state.index(state.next_player)] or ()))})"
                if state.next_player
                else "the hand is not over but nobody must act",
                preset=preset,
                seed=seed,
                actions=tuple(actions),
            )
        action = gen.choice(options)
        state = _apply_checked(state, action)
        actions.append(action)
    return SimulatedHand(start, tuple(actions), state)


def _apply_checked(state: HandState, action: Action) -> HandState:
    code, after = next_state(state, action)
    if after is None:  # legal_plays yielded it, so step must accept it
        raise AssertionError(f"legal_plays yielded {action} but step says {code}")
    return after


def random_hand(
    rules: RuleSet,
    players: Players,
    rng: random.Random | int | None = None,
    preset: str | None = None,
    *,
    leader: str | None = None,
    step_cap: int | None = None,
) -> tuple[HandState, tuple[Action, ...]]:
    """Play one complete random hand; returns ``(final_state, actions)``. ``simulate`` also
    returns the start state (for ``replay``)."""
    hand = simulate(rules, players, rng, preset, leader=leader, step_cap=step_cap)
    return hand.final, hand.actions
