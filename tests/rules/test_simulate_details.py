"""What a simulated hand's errors say, which the rules layer's mutation run showed untested.
One rule per test, the rule in its docstring."""

from __future__ import annotations

import random

import pytest

from companion.rules.presets import get_preset
from companion.rules.simulate import HandDidNotEnd, simulate

RULES = get_preset("pagat").rules


def test_a_hand_past_its_step_cap_names_its_preset_and_last_actions() -> None:
    """A hand still going at the step cap is an engine bug to report: the error names the
    preset, the number of actions and the last six actions, and keeps them all."""
    with pytest.raises(HandDidNotEnd) as info:
        simulate(RULES, 4, 11, "pagat", step_cap=9)
    err = info.value
    assert err.preset == "pagat" and err.seed == 11 and len(err.actions) == 9
    last = ", ".join(map(str, err.actions[-6:]))
    assert f"last actions: {last})" in str(err)
    assert "[preset=pagat, seed=11, after 9 actions]" in str(err)


def test_a_hand_from_an_unseeded_generator_says_its_seed_is_unknown() -> None:
    """A hand drawn from a ``random.Random`` given by the caller has no seed to name: the
    error says « ? », and custom rules are named as such."""
    with pytest.raises(HandDidNotEnd) as info:
        simulate(RULES, 4, random.Random(3), None, step_cap=3)
    assert info.value.seed is None and info.value.preset is None
    assert "[preset=(custom rules), seed=?, after 3 actions]" in str(info.value)
