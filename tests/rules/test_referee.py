"""The referee (companion/rules/referee.py): turns, tricks, overplays, the joker question
and illegal histories. One rule per test, the rule in its docstring."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalHistoryError, SuitNeededError
from companion.rules.notation import Action
from companion.rules.presets import get_preset
from companion.rules.referee import IllegalActionError, Ruling, apply, judge, replay
from companion.rules.state import HandState


def test_the_joker_question_gives_each_outcome_in_the_askers_language() -> None:
    """D5 with ordered jokers: « JK » on a joker is answered with a question naming what each
    joker would do; the French question gives both rulings in French, the English one in
    English, word for word as the referee would rule on each joker."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="coloured_high")
    state = apply(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: JKB"))
    black = judge(state, Action.parse("B: JKB"))
    red = judge(state, Action.parse("B: JKR"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: JK"))
    fr, en = info.value.message("fr"), info.value.message("en")
    assert f"Avec joker noir — {black.message('fr')}" in fr
    assert f"Avec joker rouge — {red.message('fr')}" in fr
    assert f"With black joker — {black.message('en')}" in en
    assert f"With red joker — {red.message('en')}" in en
    assert black.message("fr") != black.message("en")


def test_an_illegal_history_item_is_named_by_its_number_in_each_language() -> None:
    """A replayed history stops at its first illegal item, counted from 1 for people (its
    index from 0), quoted, with the ruling on it in each language."""
    state = HandState.start(get_preset("pagat").rules, ["A", "B", "C", "D"])
    history = [Action.parse("A: 5"), Action.parse("B: 4"), Action.parse("C: 9")]
    with pytest.raises(IllegalHistoryError) as info:
        replay(state, history)
    ruling = judge(apply(state, history[0]), history[1])
    assert isinstance(info.value.ruling, Ruling)
    assert info.value.index == 1 and info.value.ruling.code == ruling.code
    assert info.value.message("fr") == f"Historique, coup 2 (« B: 4 ») : {ruling.fr}"
    assert info.value.message("en") == f"History item 2 ('B: 4'): {ruling.en}"


def test_the_joker_question_is_asked_in_german() -> None:
    """D5 with ordered jokers, asked in German: the question and both outcomes in German
    ("Als schwarzer Joker — …"), word for word as the German ruling on each joker."""
    rules = get_preset("pagat").rules.with_options(jokers=2, joker_order="coloured_high")
    state = apply(HandState.start(rules, ["A", "B", "C", "D"]), Action.parse("A: JKB"))
    black = judge(state, Action.parse("B: JKB"))
    with pytest.raises(SuitNeededError) as info:
        judge(state, Action.parse("B: JK"))
    de = info.value.message("de")
    assert de.startswith("Sag, welcher Joker gemeint ist, der rote (JKR) oder der schwarze")
    assert f"Als schwarzer Joker — {black.message('de')}" in de
    assert "Précisez" not in de and "Say which" not in de


def test_an_illegal_history_item_is_named_in_german() -> None:
    """A replayed history's illegal item, in German: "Verlauf, Zug 2 („B: 4“): " and the
    German ruling on it."""
    state = HandState.start(get_preset("pagat").rules, ["A", "B", "C", "D"])
    history = [Action.parse("A: 5"), Action.parse("B: 4")]
    with pytest.raises(IllegalHistoryError) as info:
        replay(state, history)
    ruling = judge(apply(state, history[0]), history[1])
    assert info.value.message("de") == f"Verlauf, Zug 2 („B: 4“): {ruling.message('de')}"
    assert "schlägt 5 nicht" in info.value.message("de")


def test_an_illegal_action_carries_the_ruling_in_every_language() -> None:
    """apply() refuses an illegal action with the ruling's sentence, rendered in the language
    asked (French, English, German), and its code."""
    state = apply(
        HandState.start(get_preset("pagat").rules, ["A", "B", "C", "D"]), Action.parse("A: 5")
    )
    ruling = judge(state, Action.parse("B: 4"))
    with pytest.raises(IllegalActionError) as info:
        apply(state, Action.parse("B: 4"))
    assert info.value.code == "too-low"
    assert [info.value.message(lang) for lang in ("fr", "en", "de")] == [
        ruling.fr,
        ruling.en,
        ruling.message("de"),
    ]
    assert info.value.fr == ruling.fr and info.value.en == ruling.en


def test_a_legal_rulings_state_and_findings_are_those_of_apply() -> None:
    """``judge`` decides without building the next state; what it hands back when asked (the
    state after the action, who acts next, what the transition found) is what ``apply`` and
    ``step`` give, on every action of a random hand of each of three presets."""
    from companion.rules.hand import step
    from companion.rules.simulate import simulate

    for preset in ("pagat", "concierge", "strutz"):
        hand = simulate(get_preset(preset).rules, ["A", "B", "C", "D"], 7, preset)
        state = hand.start
        for action in hand.actions:
            ruling = judge(state, action)
            _, after, info = step(state, action)
            assert ruling.legal and ruling.state == after == apply(state, action)
            assert ruling.info == info and ruling.next_player == after.next_player
            assert ruling.message("en") == judge(state, action).message("en")
            state = after
        assert state.over
