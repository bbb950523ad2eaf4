"""The fast random playout plays exactly as the step-based engine.

``simulate`` plays the rule sets ``playout.covers`` on a compact state. Here each of its hands
is played again with the reference generator (``reference_legal_plays``, the full transition
tried on every candidate) and ``step``, from the same seed: at every state the list the fast
playout drew from must be the reference's legal actions in the same order, the action drawn
the same, and the finishing order and the final state the same. Every covered preset at
every table size, and random option combinations drawn by Hypothesis.

The slow run plays ``COMPANION_PLAYOUT_HANDS`` hands (default 20,000):

    COMPANION_PLAYOUT_HANDS=20000 python -m pytest -m slow tests/rules/test_playout.py -s
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.rules.cards import Card, Play, Rank, parse_cards
from companion.rules.hand import step
from companion.rules.moves import reference_legal_plays
from companion.rules.notation import Action
from companion.rules.playout import OVER, covers, playout
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.rules.simulate import deal, default_players, simulate
from companion.rules.state import HandState
from tests.rules.test_fast_moves import draw_table

T = TypeVar("T")
PLAYOUT_HANDS = int(os.environ.get("COMPANION_PLAYOUT_HANDS", "20000"))
SLOW_EXAMPLES = 500
COVERED = sorted(pid for pid, p in PRESETS.items() if covers(p.rules))


class Recording(random.Random):
    """A seeded generator that keeps every sequence ``choice`` draws from."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.drawn_from: list[list[Any]] = []

    def choice(self, seq: Sequence[T]) -> T:
        self.drawn_from.append(list(seq))
        return super().choice(seq)


def as_action(state: HandState, move: Any) -> Action:
    """A playout move ``(rank, count)`` (count 0: a pass) as the action it stands for: the
    first ``count`` cards of that rank in the hand of the player to act."""
    if isinstance(move, Action):  # the step-based loop draws actions
        return move
    name = state.next_player
    assert name is not None
    rank, count = move
    if count == 0:
        return Action(name)
    held = state.hands[state.players.index(name)] or ()
    return Action(name, Play(tuple(c for c in held if c.rank is rank)[:count]))


def compare(rules: RuleSet, players: int, preset: str | None, seed: int) -> int:
    """Play one hand with ``simulate`` and again with the reference; returns its actions."""
    names = default_players(players)
    gen = Recording(seed)
    hand = simulate(rules, names, gen, preset)
    lists = gen.drawn_from[1:]  # the first draw picks the leader
    ref = random.Random(seed)
    hands = deal(rules, names, ref)
    leader = ref.choice(names)
    state = HandState.start(rules, names, leader=leader, hands=hands, preset=preset)
    assert hand.start == state
    assert len(lists) == len(hand.actions)
    for i, action in enumerate(hand.actions):
        options = list(reference_legal_plays(state))
        drawn = [as_action(state, move) for move in lists[i]]
        assert drawn == options, f"seed={seed} step={i}: {drawn} != {options}"
        expected = ref.choice(options)
        assert action == expected, f"seed={seed} step={i}"
        code, after, _ = step(state, action)
        assert after is not None, code
        state = after
    assert state.over
    assert hand.finishing_order == state.finishing_order
    assert hand.final == state
    return len(hand.actions)


@pytest.mark.parametrize("pid", COVERED)
def test_every_covered_preset_plays_as_the_reference(pid: str) -> None:
    """Under each covered preset, at every table size it allows, random hands played on the
    fast path draw from the reference's legal actions and end in the reference's state."""
    preset = PRESETS[pid]
    for players in range(preset.players[0], preset.players[1] + 1):
        for seed in range(3):
            compare(preset.rules, players, pid, seed * 1000 + players)


def test_the_basic_presets_take_the_fast_path() -> None:
    """The presets the benchmark compares with the naive simulator are covered."""
    assert {"pagat", "classique", "president", "trou-du-cul"} <= set(COVERED)


@st.composite
def covered_tables(draw: st.DrawFn) -> tuple[str | None, RuleSet, int]:
    """A preset, or one with up to five options changed, that the playout covers."""
    return draw_table(draw, covers)


@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(table=covered_tables(), seed=st.integers(0, 2**32 - 1))
def test_random_options_play_as_the_reference(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """Under random covered option combinations, the playout equals the reference."""
    pid, rules, players = table
    compare(rules, players, pid, seed)


# Option combinations that reach the playout's rarer branches: a finish on a forbidden card
# ranked last, equal plays that skip players (jokers among them), larger sets of any rank on
# jokers, everyone stuck with forbidden finishes, one round per trick with skips.
CORNERS: dict[str, dict[str, Any]] = {
    "forfeit": {
        "forbidden_finish": frozenset({"2", "A", "joker"}),
        "forbidden_finish_penalty": "last_place",
        "jokers": 1,
    },
    "equal jokers skip": {
        "equal_play": "skips_next",
        "jokers": 2,
        "joker_power": "beat_all",
        "larger_sets": "any_rank",
    },
    "jokers of rank": {"jokers": 2, "larger_sets": "higher_rank", "equal_play": "allowed"},
    "quads on a joker": {"jokers": 2, "joker_power": "beat_all_but_quad", "decks": 2},
    "all stuck": {"forbidden_finish": frozenset({"2", "A", "joker"}), "jokers": 2},
    "one round skips": {
        "trick_rounds": "one_round",
        "equal_play": "skips_next",
        "must_beat": True,
        "lead_after_out": "next_right",
    },
    "overplay once": {
        "self_overplay": "once",
        "pass_is_final": False,
        "equal_play": "skips_next",
        "jokers": 1,
        "joker_power": "beat_all",
    },
    "anticlockwise singles": {"direction": "anticlockwise", "single_cards_only": True},
}


@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_rarer_branches_play_as_the_reference(corner: str) -> None:
    """Option combinations chosen to reach the playout's rarer branches (a forfeit, equal
    jokers skipping players, every leader stuck…) still play as the reference."""
    rules = PRESETS["pagat"].rules.with_options(**CORNERS[corner])
    assert covers(rules)
    for players in (2, 3, 4, 6):
        for seed in range(6):
            compare(rules, players, None, seed)


def compare_from(rules: RuleSet, hands: dict[str, str], seed: int) -> tuple[str, ...]:
    """``playout`` from given hands (the first player leads) against the reference loop,
    both drawing from ``random.Random(seed)``; returns the finishing order."""
    names = tuple(hands)
    held = tuple(parse_cards(hands[name]) for name in names)
    fast = playout(rules, names, held, 0, random.Random(seed), 10_000)
    assert fast.end == OVER
    ref = random.Random(seed)
    state = HandState.start(
        rules, names, leader=names[0], hands=dict(zip(names, held, strict=True))
    )
    for action in fast.actions:
        assert action == ref.choice(list(reference_legal_plays(state)))
        state = step(state, action)[1]  # type: ignore[assignment]
    assert state.over
    order = tuple(names[i] for i in (*fast.out, *reversed(fast.forfeits)))
    assert order == state.finishing_order
    return order


def test_everyone_stuck_ends_the_hand_as_the_reference() -> None:
    """B12: when every player left holds only cards he may not finish on, the hand ends with
    them in the order they sit, from the one who passed last (as the reference ends it)."""
    rules = PRESETS["pagat"].rules.with_options(forbidden_finish=frozenset({"2", "A"}))
    orders = {compare_from(rules, {"A": "2♠", "B": "A♠", "C": "2♥ 5♣"}, s) for s in range(8)}
    # C leads 5♣ first (then he too is stuck on his 2, and B passes last), or 2♥ then 5♣
    # (he goes out, and A then B pass with nothing they may finish on).
    assert orders == {("B", "C", "A"), ("C", "B", "A")}


def test_equal_skips_that_come_round_give_the_turn_back() -> None:
    """B2 skips_next: when the skips of an equal play come round to its player, he plays
    again (two players; a pair of fives on a five skips two)."""
    rules = PRESETS["pagat"].rules.with_options(equal_play="skips_next", larger_sets="higher_rank")
    for seed in range(30):
        compare_from(rules, {"A": "5♠ 9♠ K♠", "B": "5♥ 5♦ 9♥ K♥"}, seed)
        compare_from(rules, {"A": "5♠ 9♠", "B": "5♥ 5♦ 7♣", "C": "5♣ 8♦ 8♥"}, seed)


def test_rule_sets_outside_the_playout_still_play() -> None:
    """A rule set the playout does not cover (wild cards) plays on the step-based path, and
    the recorded draws are then the reference's own actions."""
    preset = PRESETS["hubere"]
    assert not covers(preset.rules)
    compare(preset.rules, 4, "hubere", 5)


def test_a_stuck_leader_hands_the_lead_on() -> None:
    """B12 (illegal forbidden finish): a leader holding only a card he may not finish on
    passes, and the playout follows the reference through those passes."""
    rules = PRESETS["trou-du-cul"].rules.with_options(forbidden_finish=frozenset({"2", "A"}))
    assert covers(rules)
    played = sum(compare(rules, 3, None, seed) for seed in range(40))
    assert played > 0
    start = HandState.start(
        rules, ("A", "B"), hands={"A": parse_cards("2♠"), "B": parse_cards("A♠")}
    )
    assert list(reference_legal_plays(start)) == [Action("A")]


def test_cards_are_played_in_the_order_held() -> None:
    """The cards of a play are the first ones of their rank in the hand, as legal_plays
    gives them."""
    hand = simulate(PRESETS["pagat"].rules, 4, 3, "pagat")
    held = {
        name: list(cards or ())
        for name, cards in zip(hand.start.players, hand.start.hands, strict=True)
    }
    for action in hand.actions:
        if not action.play.cards:
            continue
        mine = held[action.player]
        rank = action.play.cards[0].rank
        assert (
            list(action.play.cards) == [c for c in mine if c.rank is rank][: len(action.play.cards)]
        )
        for card in action.play.cards:
            mine.remove(card)
    assert Rank.TWO in {c.rank for h in hand.start.hands for c in h or ()}
    assert all(isinstance(c, Card) for c in held["P1"])


TOTAL = [0, 0]


@pytest.mark.slow
@settings(
    max_examples=SLOW_EXAMPLES,
    deadline=None,
    database=None,
    phases=(Phase.generate,),
    suppress_health_check=list(HealthCheck),
)
@given(table=covered_tables(), seed=st.integers(0, 2**32 - 1))
def test_many_hands_play_as_the_reference(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """The long run: ``COMPANION_PLAYOUT_HANDS`` hands over ``SLOW_EXAMPLES`` tables."""
    pid, rules, players = table
    for k in range(-(-PLAYOUT_HANDS // SLOW_EXAMPLES)):
        TOTAL[1] += compare(rules, players, pid, seed + k)
        TOTAL[0] += 1
    print(f"playout hands compared so far: {TOTAL[0]:,} ({TOTAL[1]:,} actions)", flush=True)


@pytest.mark.slow
def test_many_hands_total() -> None:
    """Runs after the long run: reports how many hands it compared."""
    print(f"\nplayout hands compared: {TOTAL[0]:,} ({TOTAL[1]:,} actions)")
    assert TOTAL[0] >= PLAYOUT_HANDS
