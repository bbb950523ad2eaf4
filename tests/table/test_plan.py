"""The dealer's plan in words (companion/table/plan.py), one rule per test."""

from __future__ import annotations

from typing import Any

import pytest

from companion.table.plan import plan_for_preset, plan_hand
from companion.table.plan_errors import PlanError
from companion.table.table_presets import table_rules_from

FOUR = ["Ana", "Bob", "Cléo", "Dan"]


def en(pid: str, settings: list[str], **kw: Any) -> list[str]:
    rules, table = table_rules_from(pid, settings)
    return plan_hand(rules, table, FOUR, **kw).instructions("en")


def test_the_putsch_offered_names_the_trou_du_cul() -> None:
    """With the putsch on, the plan tells the last player he may launch one."""
    lines = en("trou-du-cul", ["putsch=true"])
    said = [line for line in lines if "putsch" in line]
    assert len(said) == 1 and said[0].startswith("Before any exchange, Dan (")
    assert said[0].endswith("may launch a putsch: then everyone keeps their cards.")


def test_the_putsch_declared_names_the_trou_du_cul() -> None:
    """A declared putsch is told first, naming the last player, and no exchange follows."""
    lines = en("trou-du-cul", ["putsch=true"], putsch_declared=True)
    said = [line for line in lines if "putsch" in line]
    assert len(said) == 1 and said[0].startswith("Dan (")
    assert "launches a putsch: no exchange this hand" in said[0]
    assert not any(" gives " in line for line in lines)


def test_the_failed_putsch_names_the_trou_du_cul() -> None:
    """After a failed putsch, the plan says the last player exchanges 4 cards."""
    lines = en("trou-du-cul", ["putsch=true"], putsch_penalty=True)
    said = [line for line in lines if "putsch" in line]
    assert len(said) == 1 and said[0].startswith("Failed putsch last hand: Dan (")
    assert said[0].endswith("exchanges 4 cards and may not launch a putsch this hand.")


def test_two_jokers_go_down_in_the_first_exchange_only() -> None:
    """Strutz: the Président holding both jokers gives one to the Strutz; the rule is said
    once, for the outermost pair only."""
    lines = plan_for_preset("strutz", FOUR).instructions("en")
    jokers = [line for line in lines if "two jokers" in line]
    assert jokers == ["If Ana holds two jokers, Ana must give one to Dan."]


def test_the_first_hand_says_there_are_no_roles_yet() -> None:
    """The first hand's seating sentence says nobody has a role yet."""
    lines = plan_for_preset("pagat", FOUR, first=True).instructions("en")
    assert lines[0] == "First hand, no roles yet. Seats, clockwise: Ana, Bob, Cléo, Dan."


def test_strutz_deals_up_the_ranks() -> None:
    """Strutz: the deal goes one by one up the ranks, so extra cards go to the lowest."""
    lines = plan_for_preset("strutz", FOUR).instructions("en")
    assert lines[2].startswith("Dan (Strutz) deals the 54 cards one at a time up the ranks")
    assert lines[2].endswith(
        "so that extra cards go to the lowest first: Ana 13, Bob 13, Cléo 14, Dan 14."
    )


def test_an_anticlockwise_game_says_so() -> None:
    """A game played anticlockwise says so, though the Président playing last is not asked."""
    assert "Play goes anticlockwise." in en("pagat", ["direction=anticlockwise"])
    assert not any(line.startswith("Play goes") for line in en("pagat", []))


def test_the_president_playing_last_says_the_way_chosen() -> None:
    """When the way is chosen so that the Président plays last, the plan says which way,
    clockwise included."""
    assert "Play goes clockwise, so that the President plays last in the first round." in en(
        "pagat", ["direction_rule=president_last"]
    )


def refusal(pid: str, settings: list[str], players: list[str], **kw: Any) -> PlanError:
    rules, table = table_rules_from(pid, settings)
    with pytest.raises(PlanError) as info:
        plan_hand(rules, table, players, **kw)
    return info.value


def test_a_putsch_on_a_first_hand_is_refused_in_both_languages() -> None:
    """A putsch cannot be declared on a first hand: there is no Trou du cul yet."""
    err = refusal("trou-du-cul", ["putsch=true"], FOUR, first=True, putsch_declared=True)
    assert err.code == "bad-putsch"
    assert err.message("fr") == "Pas de putsch à la première donne."
    assert err.message("en") == "No putsch on a first hand."


def test_a_putsch_where_it_is_off_is_refused() -> None:
    """A putsch declared when the table does not play it is refused as a bad putsch."""
    err = refusal("trou-du-cul", [], FOUR, putsch_declared=True)
    assert err.code == "bad-putsch"
    assert err.message("en") == "A putsch is not allowed here."


def test_seats_are_refused_unless_seats_are_fixed() -> None:
    """Seats may be given only when everyone keeps their seat; otherwise refused."""
    err = refusal("pagat", [], FOUR, seats=FOUR)
    assert err.code == "bad-seats"
    assert err.message("fr") == (
        "Les places ne se donnent que si chacun garde sa place (seating=fixed)."
    )
    assert err.message("en") == "Seats are given only when seats are fixed (seating=fixed)."


def test_seats_naming_other_players_are_refused() -> None:
    """Fixed seats must name the same players as the ranking."""
    err = refusal("pagat", ["seating=fixed"], FOUR, seats=["Ana", "Bob", "Cléo", "Eve"])
    assert err.code == "bad-seats"
    assert err.message("fr") == "Les places doivent nommer les mêmes joueurs."
    assert err.message("en") == "The seats must name the same players."


def test_a_dealer_is_chosen_only_for_a_first_hand() -> None:
    """After the first hand the dealer follows from the ranking: naming one is refused."""
    err = refusal("pagat", [], FOUR, dealer="Bob")
    assert err.code == "bad-dealer"
    assert err.message("en") == (
        "The dealer follows from the ranking; it is chosen only for a first hand."
    )


def test_too_many_players_for_the_pack_is_refused_in_both_languages() -> None:
    """More players than cards: someone would get none, so the plan is refused."""
    players = [f"P{i}" for i in range(53)]
    err = refusal("pagat", [], players, player_range=(2, 60))
    assert err.code == "too-few-cards"
    assert err.message("fr") == "52 cartes ne suffisent pas pour 53 joueurs."
    assert err.message("en") == "52 cards are not enough for 53 players."


def test_no_revolution_is_said_unless_one_is_in_force() -> None:
    """The reversed card order is said only when a lasting revolution is in force."""
    said = "The revolution goes on"
    assert not any(line.startswith(said) for line in en("pagat", []))
    assert any(line.startswith(said) for line in en("pagat", [], reversed_order=True))


def test_the_president_plays_last_after_the_dealer_s_neighbour() -> None:
    """Leading left of the dealer with the Président playing last: Dan (Trouduc) deals, so
    play goes anticlockwise, Cléo leads and Ana plays last (clockwise, Ana would lead)."""
    lines = en("pagat", ["direction_rule=president_last", "first_lead=left_of_dealer"])
    assert "Play goes anticlockwise, so that the President plays last in the first round." in lines
    assert lines[-1] == "Cléo (Citizen) leads."
