"""The fast move generator gives exactly the reference's answers.

``legal_plays`` works from rank counts and combination keys; ``reference_legal_plays`` tries
the full transition on every candidate. On states reached by random play, under every preset
and random option combinations drawn by hypothesis, the two yield the same actions in the
same order, and the fast judge gives every candidate (and the pass) the reference's code.

The default run checks a small sample; the slow run checks at least
``COMPANION_DIFF_STATES`` states (default 1,000,000):

    COMPANION_DIFF_STATES=1000000 python -m pytest -m slow tests/rules/test_fast_moves.py -s
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_tables import draw_table, long_run, sample_run

from companion.rules.cards import Play, parse_cards
from companion.rules.codes import RuleCode
from companion.rules.fast_codes import quick_rules
from companion.rules.hand import is_legal, quick_codes, reference_codes, step
from companion.rules.moves import legal_plays, pass_code, reference_legal_plays
from companion.rules.notation import Action
from companion.rules.presets import PRESETS
from companion.rules.ruleset import RuleSet
from companion.rules.simulate import deal, default_players, step_cap_for
from companion.rules.state import HandState

DIFF_STATES = int(os.environ.get("COMPANION_DIFF_STATES", "1000000"))
SLOW_EXAMPLES = 500
SAMPLE_BUDGET = 200


@st.composite
def tables(draw: st.DrawFn) -> tuple[str | None, RuleSet, int]:
    """Rule sets the fast generator covers. Where suits decide between sets, it leaves them
    to the reference generator: nothing to compare."""
    return draw_table(draw, quick_rules)


def check_state(state: HandState) -> bool:
    """Fast == reference at ``state``: each candidate's code, the pass's, and the actions in
    order. False when the fast generator does not cover the state (it then is the reference:
    nothing to compare)."""
    name = state.next_player
    if name is None or state.pending is not None:
        return False
    who = state.players.index(name)
    held = state.hands[who]
    assert held is not None
    codes = quick_codes(state, who, held)
    if codes is None:
        return False
    assert codes == reference_codes(state, who, held), state
    passing = is_legal(state, Action(name))[0]
    assert pass_code(state, codes) is passing, state
    expected = [Action(name, Play(cards)) for cards, code in codes if code is RuleCode.OK]
    expected += [Action(name)] if passing is RuleCode.OK else []
    assert list(legal_plays(state)) == expected, state
    return True


def play_and_check(rules: RuleSet, players: int, preset: str | None, seed: int, budget: int) -> int:
    """Play random hands from ``seed`` on, checking every state, until ``budget`` states the
    fast generator covers were compared (or four times as many were played); returns how
    many were compared. In the short runs every state also has ``legal_plays`` equal
    ``reference_legal_plays`` as called."""
    rng = random.Random(seed)
    names = default_players(players)
    checked = played = 0
    while checked < budget and played < 4 * budget:
        hands = deal(rules, names, rng)
        state = HandState.start(rules, names, leader=rng.choice(names), hands=hands, preset=preset)
        for _ in range(step_cap_for(rules, names)):
            if state.over or checked >= budget:
                break
            checked += check_state(state)
            played += 1
            options = list(legal_plays(state))
            assert options, f"nobody can act at {state}"
            if budget <= SAMPLE_BUDGET:  # the reference generator itself, in the short runs
                assert options == list(reference_legal_plays(state)), state
            code, after, _ = step(state, rng.choice(options))
            assert code is RuleCode.OK and after is not None
            state = after
    return checked


SAMPLE = sample_run(12)


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_every_preset_matches_the_reference(pid: str) -> None:
    """Under each preset as published, the fast generator equals the reference."""
    preset = PRESETS[pid]
    covered = play_and_check(preset.rules, preset.players[0], pid, seed=7, budget=60)
    assert covered == 60 or not quick_rules(preset.rules)


@SAMPLE
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_random_options_match_the_reference(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """Under random option combinations, the fast generator equals the reference."""
    pid, rules, players = table
    assert play_and_check(rules, players, pid, seed, budget=50) > 0  # the fast path ran


TOTAL = [0]


@pytest.mark.slow
@long_run(SLOW_EXAMPLES)
@given(table=tables(), seed=st.integers(0, 2**32 - 1))
def test_many_states_match_the_reference(table: tuple[str | None, RuleSet, int], seed: int) -> None:
    """The long run: ``COMPANION_DIFF_STATES`` states over ``SLOW_EXAMPLES`` tables."""
    pid, rules, players = table
    TOTAL[0] += play_and_check(rules, players, pid, seed, budget=-(-DIFF_STATES // SLOW_EXAMPLES))
    print(f"differential states checked so far: {TOTAL[0]:,}", flush=True)


@pytest.mark.slow
def test_many_states_total() -> None:
    """Runs after the long run: reports how many states it checked."""
    print(f"\ndifferential states checked: {TOTAL[0]:,}")
    assert TOTAL[0] >= DIFF_STATES


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_a_given_hand_or_player_matches_the_reference(pid: str) -> None:
    """The dispute screen asks for the plays of a hand it was told (``hand=``), or of a
    player who is not the one to act (``player=``): the fast generator still equals the
    reference."""
    preset = PRESETS[pid]
    rng = random.Random(11)
    names = default_players(preset.players[0])
    state = HandState.start(
        preset.rules, names, leader=names[0], hands=deal(preset.rules, names, rng)
    )
    compared = 0
    while not state.over and compared < 40:
        name = state.next_player
        assert name is not None
        held = state.hands[state.players.index(name)] or ()
        if state.pending is None and len(held) > 1:
            told = tuple(rng.sample(held, len(held) - 1))
            assert list(legal_plays(state, told)) == list(reference_legal_plays(state, told))
            other = rng.choice([p for p in names if p != name])
            assert list(legal_plays(state, player=other)) == list(
                reference_legal_plays(state, player=other)
            )
            compared += 1
        state = step(state, rng.choice(list(legal_plays(state))))[1]  # type: ignore[assignment]
    assert compared > 0


@pytest.mark.parametrize("pid", ["pagat", "classique"])
def test_two_decks_with_a_set_limit_match_the_reference(pid: str) -> None:
    """B11a with two decks: a set of more than ``max_set`` cards is refused by the fast
    generator as by the reference (too-many-cards)."""
    rules = PRESETS[pid].rules.with_options(decks=2, max_set=4)
    assert play_and_check(rules, 6, None, seed=3, budget=200) == 200


def test_coup_detat_candidates_match_the_reference() -> None:
    """S8: with coup_detat the candidates end with the five- and six-card sets with jokers;
    the fast generator lists them as the reference does (regression: it left them out)."""
    rules = PRESETS["classique"].rules.with_options(coup_detat=True, jokers=2)
    assert play_and_check(rules, 4, None, seed=279, budget=300) > 0
    state = HandState.start(
        rules,
        ("A", "B"),
        hands={"A": parse_cards("7♣ 7♠ 7♦ 7♥ JKR 9♠"), "B": parse_cards("8♣ 8♠")},
    )
    fast = list(legal_plays(state))
    assert fast == list(reference_legal_plays(state))
    assert Action.parse("A: 7♣ 7♠ 7♦ 7♥ JKR") in fast
