"""Details of the evening's models: what a step keeps for the action log."""

from __future__ import annotations

from datetime import date

from companion.table.evening import Evening, HandStep, PlayerProfile, derive


def test_a_hand_step_inputs_drop_the_derived_result() -> None:
    """The action log keeps what people entered: a replayed hand's ``inputs()`` has no
    result, and is otherwise the step as recorded."""
    players = tuple(PlayerProfile(id=f"p{i}", name=f"P{i}") for i in range(4))
    recorded = HandStep(order=("p2", "p0", "p3", "p1"))
    ev = derive(
        Evening(
            date=date(2026, 1, 1),
            preset="trou-du-cul",
            players=players,
            seating=tuple(p.id for p in players),
            steps=(recorded,),
        )
    )
    step = ev.steps[0]
    assert isinstance(step, HandStep) and step.result is not None
    assert step.inputs().result is None
    assert step.inputs() == recorded
