"""Details of the dealer's plan in words (companion/table/plan.py), one rule per test."""

from __future__ import annotations

from companion.table.plan import plan_for_preset, plan_hand
from companion.table.table_presets import table_rules_from

FOUR = ["Ana", "Bob", "Cléo", "Dan"]


def en(pid: str, settings: list[str], **kw) -> list[str]:
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
    assert "Play goes clockwise, so that the Président plays last in the first round." in en(
        "pagat", ["direction_rule=president_last"]
    )
