"""Simulated hands (companion/rules/simulate.py): what their errors say. One rule per test,
the rule in its docstring."""

from __future__ import annotations

import random

import pytest

import companion.rules.simulate as simulation
from companion.rules.presets import get_preset
from companion.rules.simulate import HandDidNotEnd, NoLegalAction, simulate

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


def test_a_state_where_nobody_can_act_names_the_player_and_his_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An engine that offers nothing to the player who must act is a bug to report: the error
    names that player, his hand, the preset and the seed, and keeps the actions so far."""
    rules = RULES.with_options(revolution="quad")  # not the fast path: the step-based loop
    monkeypatch.setattr(simulation, "legal_plays", lambda state: iter(()))
    with pytest.raises(NoLegalAction) as info:
        simulate(rules, 4, 5, "pagat")
    err = info.value
    assert err.preset == "pagat" and err.seed == 5 and err.actions == ()
    assert str(err).startswith("no legal action for P")
    assert str(err).endswith("[preset=pagat, seed=5, after 0 actions]")


def test_a_player_dealt_no_card_is_out_from_the_start() -> None:
    """More players than cards (33 at a 32-card deck): the last player is dealt nothing and
    is out from the start; the others play the hand to its end, under the preset named."""
    rules = RULES.with_options(deck="32", rank_order="seven_high")
    hand = simulate(rules, 33, 5, "pagat")
    assert hand.start.hands[32] == () and hand.start.out == (32,)
    assert hand.start.preset == "pagat"
    assert hand.final.over and len(hand.finishing_order) == 33
    played = sum(len(a.play.cards) for a in hand.actions)
    assert played + sum(len(h or ()) for h in hand.final.hands) == 32
