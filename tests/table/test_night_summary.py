"""The end-of-evening summary (companion/table/night_summary.py): one-hand records and the
biggest climb."""

from __future__ import annotations

from datetime import date

from companion.table.service import PlayerRef, TableService

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def test_one_hand_is_enough_for_a_record(service: TableService) -> None:
    """After a single hand, its Président already holds "most times Président" and the
    longest run, each with a count of one."""
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23))
    ev = service.record_hand(
        ev.id, ["Bob", "Ann", "Cat", "Dan", "Eve"], expected_version=ev.version
    )
    summary = service.night_summary(ev.id)
    names = summary.names
    assert summary.most_president is not None and summary.longest_streak is not None
    assert [names[p] for p in summary.most_president.player_ids] == ["Bob"]
    assert (summary.most_president.count, summary.longest_streak.count) == (1, 1)


def test_the_biggest_climb_is_the_largest_rise_not_the_best_final_place(
    service: TableService,
) -> None:
    """Without points the standings follow each hand's order. Cat rises from 3rd to 1st
    (two places) and Eve from 5th to 2nd (three places): Eve's is the biggest climb."""
    ev = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23), settings=("scoring=none",))
    for order in ["Ann Bob Cat Dan Eve", "Cat Eve Ann Bob Dan"]:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    climb = service.night_summary(ev.id).biggest_climb
    assert climb is not None
    assert service.night_summary(ev.id).names[climb.player_id] == "Eve"
    assert (climb.lowest, climb.final, climb.after_hand) == (5, 2, 1)


def test_under_card_penalties_the_climb_reads_fewest_points_as_best(
    service: TableService,
) -> None:
    """WIKI (poker): the lowest score is the best. Dan holds the most penalty points after
    the first hand (4th), then goes out first while the others keep four cards each: he ends
    1st, a climb from 4th."""
    ev = service.create_evening(
        FIVE[:4], "trou-du-cul", day=date(2026, 11, 23), settings=("scoring=card_penalty",)
    )
    hands: list[dict[PlayerRef, int]] = [
        {"Ann": 0, "Bob": 1, "Cat": 2, "Dan": 3},
        {"Ann": 4, "Bob": 4, "Cat": 4, "Dan": 0},
    ]
    for left in hands:
        ev = service.record_hand(ev.id, [], expected_version=ev.version, cards_left=left)
    summary = service.night_summary(ev.id)
    assert [f.name for f in summary.ranking] == ["Dan", "Ann", "Bob", "Cat"]
    climb = summary.biggest_climb
    assert climb is not None
    assert summary.names[climb.player_id] == "Dan"
    assert (climb.lowest, climb.final, climb.after_hand) == (4, 1, 1)


def test_a_player_who_left_at_the_bottom_has_not_climbed(service: TableService) -> None:
    """Lea finishes last in the first hand and leaves; the others keep their places. She
    was never higher than her final last place, so there is no climb at all (her worst
    place coming before the last hand does not make it one)."""
    ev = service.create_evening(
        ["Ann", "Bob", "Cat", "Lea"],
        "trou-du-cul",
        day=date(2026, 11, 23),
        settings=("join_leave=true", "target=none"),
    )
    ev = service.record_hand(ev.id, ["Ann", "Bob", "Cat", "Lea"], expected_version=ev.version)
    ev = service.leave(ev.id, "Lea", expected_version=ev.version)
    for _ in range(2):
        ev = service.record_hand(ev.id, ["Ann", "Bob", "Cat"], expected_version=ev.version)
    summary = service.night_summary(ev.id)
    assert [f.name for f in summary.ranking] == ["Ann", "Bob", "Cat", "Lea"]
    assert summary.biggest_climb is None
