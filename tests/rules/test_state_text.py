"""A hand's state as one line of text (``companion.rules.state_text``): ``state_text`` and
``parse_state`` give back the same state, for every state random play reaches."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from random_tables import draw_table, sample_run

from companion.rules import state_text as notation
from companion.rules.cards import parse_cards
from companion.rules.errors import NotationError
from companion.rules.fast_path import FastState
from companion.rules.hand import step
from companion.rules.notation import Action
from companion.rules.presets import PRESETS, get_preset
from companion.rules.referee import apply
from companion.rules.ruleset import RuleSet
from companion.rules.simulate import simulate
from companion.rules.state import HandState
from companion.rules.state_text import parse_state, state_text


def _round_trips(state: HandState) -> None:
    text = state_text(state)
    again = parse_state(text)
    assert again == state, text
    assert state_text(again) == text


def test_doctests() -> None:
    """The module's examples hold."""
    assert doctest.testmod(notation).failed == 0


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_every_state_of_random_hands_reads_back(pid: str) -> None:
    """Under each preset, every state of random hands (the start, each trick, the end) is
    read back from its text as the same state."""
    preset = PRESETS[pid]
    for players in (preset.players[0], preset.players[1]):
        hand = simulate(preset.rules, players, random.Random(players), pid)
        state = hand.start
        _round_trips(state)
        for action in hand.actions:
            state = apply(state, action)
            _round_trips(state)


@st.composite
def any_table(draw: st.DrawFn) -> tuple[str | None, RuleSet, int]:
    """A preset, or one with up to five options changed."""
    return draw_table(draw, lambda _rules: True)


@sample_run(30)
@given(table=any_table(), seed=st.integers(0, 2**32 - 1))
def test_states_under_random_options_read_back(
    table: tuple[str | None, RuleSet, int], seed: int
) -> None:
    """Under random option combinations (runs, wild cards, card effects owed, suit locks,
    revolutions…), every state of a random hand is read back as the same state."""
    pid, rules, players = table
    hand = simulate(rules, players, seed, pid)
    state = hand.start
    _round_trips(state)
    for action in hand.actions:
        state = apply(state, action)
        _round_trips(state)


def test_names_with_the_notations_own_signs_read_back() -> None:
    """A player's name may hold the signs the notation uses (a bar, a comma, a colon…)."""
    names = ["Jean | Paul", "A,B", "x=1:2", "100%", "Léa"]
    state = HandState.start(get_preset("pagat").rules, names, preset="pagat")
    assert state_text(state).count(" | ") == 3
    _round_trips(state)


def test_the_rules_are_written_as_their_preset_and_the_options_changed() -> None:
    """The rules part names the preset and each option that differs from it, as ``--set``
    spells it; without a preset, the options that differ from the defaults."""
    rules = get_preset("pagat").rules.with_options(
        equal_play="allowed", forbidden_finish=frozenset({"2", "A"})
    )
    state = HandState.start(rules, ["A", "B"], preset="pagat")
    assert state_text(state).startswith("pagat equal_play=allowed forbidden_finish=2,A | A,B |")
    bare = HandState.start(RuleSet(jokers=2), ["A", "B"])
    assert state_text(bare).startswith("- jokers=2 | A,B |")
    _round_trips(state)
    _round_trips(bare)


def test_a_fast_state_is_written_as_the_step_engines() -> None:
    """A state the compact state built is written as the one the step engine builds."""
    rules = get_preset("pagat").rules
    hands = {"A": parse_cards("5♠ 9♣"), "B": parse_cards("7♥ K♦")}
    start = HandState.start(rules, ["A", "B"], hands=hands, preset="pagat")
    action = Action.parse("A: 5♠")
    state = apply(start, action)
    assert isinstance(state, FastState)
    assert state_text(state) == state_text(step(start, action)[1])
    assert " top=0:5♠ " in state_text(state)


@pytest.mark.parametrize(
    "text",
    [
        "pagat | A,B | 5♠/?",  # a part missing
        "nope | A,B | 5♠/? | turn=0",  # no such preset
        "pagat nope=1 | A,B | 5♠/? | turn=0",  # no such option
        "pagat | A,B | 5♠ | turn=0",  # one hand for two players
        "pagat | A,A | 5♠/? | turn=0",  # the same name twice
        "pagat | A,B | 5♠/? | turn=2",  # no third player
        "pagat | A,B | 5♠/? | turn=0 colour=red",  # a word the notation does not have
        "pagat | A,B | 5♠/? | turn=0 top=0:5♠,X",  # a card that is none
        "pagat | A,B | 5♠/? | leader=0",  # no turn
    ],
)
def test_a_broken_text_is_refused_with_the_part_at_fault(text: str) -> None:
    """A text that is not a state is refused with a notation error (in the user's words),
    never read as some other state."""
    with pytest.raises(NotationError) as err:
        parse_state(text)
    assert err.value.message("en")
