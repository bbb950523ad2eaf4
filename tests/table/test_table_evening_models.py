"""The evening's models (companion/table/evening_models.py): what a step keeps for the action
log, timestamps, rules."""

from __future__ import annotations

from datetime import date, timedelta

from companion.rules.presets import get_preset
from companion.table.evening import Evening, HandStep, PlayerProfile, derive
from companion.table.evening_models import now, player_range, rules_for
from companion.table.table_presets import table_rules_from

PLAYERS = tuple(PlayerProfile(id=f"p{i}", name=f"P{i}") for i in range(4))
SEATS = tuple(p.id for p in PLAYERS)


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


def test_timestamps_are_taken_in_utc() -> None:
    """Moments are stored in UTC (the screens show them in the viewer's local time): a new
    evening's creation time carries the UTC zone."""
    stamp = now()
    assert stamp.tzinfo is not None and stamp.utcoffset() == timedelta(0)
    created = Evening(
        date=date(2026, 1, 1), preset="pagat", players=PLAYERS, seating=SEATS
    ).created_at
    assert created.utcoffset() == timedelta(0)


def test_an_evenings_rules_are_its_preset_with_its_settings() -> None:
    """An evening's rules are its preset's, with its own overrides applied."""
    ev = Evening(
        date=date(2026, 1, 1),
        preset="trou-du-cul",
        settings=("scoring=none",),
        players=PLAYERS,
        seating=SEATS,
    )
    assert ev.rules() == table_rules_from("trou-du-cul", ["scoring=none"])
    assert ev.rules()[1].scoring == "none"
    assert rules_for("trou-du-cul")[1].scoring != "none"


def test_a_preset_is_found_however_it_is_typed() -> None:
    """The preset id is read as the command line reads it (case and spaces aside)."""
    assert rules_for(" Pagat ", ["scoring=none"]) == rules_for("pagat", ["scoring=none"])
    assert player_range(" PAGAT ") == get_preset("pagat").players == (4, 7)
