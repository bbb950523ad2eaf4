"""The evening's score sheet (grid, totals, leader, title tally) and the end-of-evening
summary (ranking, podium, records, biggest climb)."""

from __future__ import annotations

from datetime import date

from companion.table.evening_models import HandResult
from companion.table.score_sheet import tally

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def play(service, orders, players=FIVE, settings=(), preset="pagat", **kw):
    ev = service.create_evening(players, preset, day=date(2026, 11, 23), settings=settings, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def named(sheet, row):
    return {c.name: cell for c, cell in zip(sheet.columns, row.cells, strict=True)}


def test_grid_has_a_row_per_hand_and_a_column_per_player(service):
    """Each cell holds the place, the title and the points the hand gave the player."""
    ev = play(service, ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve"])
    sheet = service.score_sheet(ev.id)
    assert [c.name for c in sheet.columns] == FIVE
    assert [r.number for r in sheet.rows] == [1, 2]
    first = named(sheet, sheet.rows[0])
    assert (first["Bob"].place, first["Bob"].points) == (1, 2)  # top_two: 2, 1, 0…
    assert (first["Ann"].place, first["Ann"].points) == (2, 1)
    assert first["Bob"].title == "Président" and first["Eve"].place == 5
    assert first["Eve"].title == "Trouduc"


def test_totals_row_adds_up_each_column(service):
    """The totals row is the sum of the column's points, hand after hand."""
    ev = play(service, ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve", "Ann Cat Bob Dan Eve"])
    sheet = service.score_sheet(ev.id)
    for col in range(len(sheet.columns)):
        assert sheet.totals[col] == sum(r.cells[col].points or 0 for r in sheet.rows)
    assert sheet.rows[-1].totals == sheet.totals
    assert dict(zip([c.name for c in sheet.columns], sheet.totals, strict=True))["Ann"] == 5


def test_leader_is_the_top_of_the_standings(service):
    """With points, the leader has the best total (Ann: 1 + 2 + 2 against Bob's 2 + 1 + 0)."""
    ev = play(service, ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve", "Ann Cat Bob Dan Eve"])
    sheet = service.score_sheet(ev.id)
    assert sheet.columns[sheet.column_of(sheet.leader)].name == "Ann"


def test_no_leader_before_the_first_hand(service):
    """Before the first hand the sheet has no leader and no rows, and every total is 0."""
    ev = play(service, [])
    sheet = service.score_sheet(ev.id)
    assert sheet.leader is None and sheet.rows == () and sheet.totals == (0,) * 5


def test_without_points_cells_hold_places_and_titles_only(service):
    """Under rules without points no cell shows points; places and titles remain."""
    ev = play(service, ["Bob Ann Cat Dan Eve"], settings=("scoring=none",))
    sheet = service.score_sheet(ev.id)
    assert not sheet.counts_points
    cells = named(sheet, sheet.rows[0])
    assert all(c.points is None for c in cells.values())
    assert cells["Bob"].place == 1 and cells["Bob"].title == "Président"


def test_tally_counts_president_trou_du_cul_and_current_streak(service):
    """Times first, times last, and the run as Président up to the last hand."""
    ev = play(
        service,
        [
            "Bob Ann Cat Dan Eve",
            "Ann Bob Cat Eve Dan",
            "Ann Bob Cat Dan Eve",
            "Ann Cat Bob Dan Eve",
        ],
        settings=("scoring=none",),
    )
    sheet = service.score_sheet(ev.id)
    t = {sheet.columns[i].name: x for i, x in enumerate(sheet.tally)}
    assert (t["Ann"].president, t["Ann"].current_streak, t["Ann"].longest_streak) == (3, 3, 3)
    assert (t["Bob"].president, t["Bob"].current_streak, t["Bob"].longest_streak) == (1, 0, 1)
    assert (t["Eve"].trou_du_cul, t["Dan"].trou_du_cul) == (3, 1)


def test_leader_without_points_is_the_current_president(service):
    """Without points the leader is the top of the current ranking (Bob, Président after
    the last hand), as the history and the leaderboard's evening wins have it, even though
    Ann was Président more often."""
    ev = play(
        service,
        ["Ann Bob Cat Dan Eve", "Ann Cat Bob Dan Eve", "Bob Ann Cat Dan Eve"],
        settings=("scoring=none",),
    )
    sheet = service.score_sheet(ev.id)
    assert sheet.columns[sheet.column_of(sheet.leader)].name == "Bob"
    ann = sheet.tally[sheet.column_of(next(c.player_id for c in sheet.columns if c.name == "Ann"))]
    assert ann.president == 2


def test_player_who_joins_has_empty_cells_before(service):
    """A player who joined later has no place in the hands before he sat down."""
    ev = play(service, ["Bob Ann Cat Dan"], players=FIVE[:4], settings=("join_leave=true",))
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    ev = service.record_hand(
        ev.id, ["Ann", "Bob", "Cat", "Dan", "Eve"], expected_version=ev.version
    )
    sheet = service.score_sheet(ev.id)
    eve = sheet.column_of(next(c.player_id for c in sheet.columns if c.name == "Eve"))
    assert sheet.rows[0].cells[eve].place is None and sheet.rows[1].cells[eve].place == 5


def test_summary_ranks_everyone_and_its_podium_is_the_first_three(service):
    """The night's summary ranks every player by final total, and its podium is the first three of
    that ranking with their places and totals."""
    ev = play(service, ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve", "Ann Cat Bob Dan Eve"])
    summary = service.night_summary(ev.id)
    assert [f.name for f in summary.ranking] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert [(f.place, f.total) for f in summary.podium] == [(1, 5), (2, 3), (3, 1)]


def test_summary_records_most_president_and_longest_streak(service):
    """The summary names who was Président most often (Bob, twice) and the longest run of hands in a
    row as Président (2)."""
    ev = play(
        service,
        [
            "Bob Ann Cat Dan Eve",
            "Bob Ann Cat Dan Eve",
            "Ann Bob Cat Dan Eve",
            "Cat Ann Bob Dan Eve",
        ],
    )
    summary = service.night_summary(ev.id)
    names = summary.names
    assert [names[p] for p in summary.most_president.player_ids] == ["Bob"]
    assert summary.most_president.count == 2
    assert summary.longest_streak.count == 2


def test_tied_record_is_shared(service):
    """Two players each Président twice share "most times Président"."""
    ev = play(
        service,
        [
            "Bob Ann Cat Dan Eve",
            "Ann Bob Cat Dan Eve",
            "Bob Ann Cat Dan Eve",
            "Ann Bob Cat Dan Eve",
        ],
    )
    summary = service.night_summary(ev.id)
    assert sorted(summary.names[p] for p in summary.most_president.player_ids) == ["Ann", "Bob"]


def test_biggest_climb_from_lowest_standing_to_final_place(service):
    """Eve is last after hands 1 and 2, then wins three hands and ends first: a climb from
    5th to 1st."""
    ev = play(
        service,
        [
            "Ann Bob Cat Dan Eve",
            "Ann Bob Cat Dan Eve",
            "Eve Cat Dan Bob Ann",
            "Eve Cat Dan Bob Ann",
            "Eve Cat Dan Bob Ann",
        ],
        settings=("target=none",),
    )
    summary = service.night_summary(ev.id)
    climb = summary.biggest_climb
    assert summary.names[climb.player_id] == "Eve"
    assert (climb.lowest, climb.final, climb.after_hand) == (5, 1, 2)


def test_no_climb_when_nobody_rose(service):
    """When nobody ends above the worst place he held during the evening, no climb is named."""
    ev = play(service, ["Ann Bob Cat Dan Eve", "Ann Bob Cat Dan Eve"])
    assert service.night_summary(ev.id).biggest_climb is None


def hand(*ranking: str) -> HandResult:
    """A hand's result, reduced to the places it produced (all the tally reads)."""
    return HandResult.model_construct(ranking=ranking)


def column(sheet, name):
    return next(i for i, c in enumerate(sheet.columns) if c.name == name)


def test_a_player_who_left_is_shown_as_away(service):
    """The columns say who is at the table now: a player who left is not, the others are."""
    ev = service.create_evening(
        FIVE, "pagat", day=date(2026, 11, 23), settings=("join_leave=true",)
    )
    ev = service.record_hand(ev.id, FIVE, expected_version=ev.version)
    ev = service.leave(ev.id, "Eve", expected_version=ev.version)
    sheet = service.score_sheet(ev.id)
    assert {c.name: c.present for c in sheet.columns} == {
        "Ann": True,
        "Bob": True,
        "Cat": True,
        "Dan": True,
        "Eve": False,
    }


def test_a_player_who_joined_late_totals_zero_until_he_plays(service):
    """A player who sat down after the first hand has a running total of 0 in the rows
    before he played, and 0 in the totals row until his first hand."""
    ev = service.create_evening(
        FIVE[:4], "pagat", day=date(2026, 11, 23), settings=("join_leave=true",)
    )
    ev = service.record_hand(ev.id, FIVE[:4], expected_version=ev.version)
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    sheet = service.score_sheet(ev.id)
    eve = column(sheet, "Eve")
    assert sheet.rows[0].totals[eve] == 0 and sheet.totals[eve] == 0
    ev = service.record_hand(
        ev.id, ["Eve", "Ann", "Bob", "Cat", "Dan"], expected_version=ev.version
    )
    sheet = service.score_sheet(ev.id)
    assert sheet.rows[0].totals[eve] == 0
    assert sheet.rows[1].totals[eve] == sheet.totals[eve] == sheet.rows[1].cells[eve].points
    assert sheet.totals[eve] > 0


def test_card_penalties_are_won_by_the_lowest_total(service):
    """Under card penalties the sheet says that the lowest total leads; under places,
    the highest."""
    ev = service.create_evening(
        FIVE[:4], "trou-du-cul", day=date(2026, 11, 23), settings=["scoring=card_penalty"]
    )
    ev = service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Ann": 0, "Bob": 3, "Cat": 10, "Dan": 5}
    )
    sheet = service.score_sheet(ev.id)
    assert sheet.lower_is_better and sheet.scheme == "card_penalty"
    assert sheet.leader == sheet.columns[column(sheet, "Ann")].player_id  # 0 cards left
    ev2 = service.create_evening(FIVE, "pagat", day=date(2026, 11, 23))
    assert not service.score_sheet(ev2.id).lower_is_better


def test_the_tally_counts_each_players_hands():
    """A player's hands are the hands he played, not the hands he won; one who never
    played counts none."""
    rows = tally(
        ["a", "b", "c", "d"], [hand("a", "b", "c"), hand("a", "c", "b"), hand("b", "a", "c")]
    )
    assert [(t.player_id, t.hands, t.president) for t in rows] == [
        ("a", 3, 2),
        ("b", 3, 1),
        ("c", 3, 0),
        ("d", 0, 0),
    ]


def test_the_last_of_a_hand_is_trou_du_cul_only_with_two_or_more_players():
    """The last place of a hand counts as Trou du cul, even at two players; a hand's only
    player is Président, not also Trou du cul."""
    rows = tally(["a", "b"], [hand("a", "b"), hand("b", "a"), hand("a")])
    assert [(t.president, t.trou_du_cul) for t in rows] == [(2, 1), (1, 1)]


def test_a_streak_is_current_only_up_to_the_last_hand():
    """The current streak counts the hands in a row as Président up to the last one; the
    longest is kept apart, and a player never Président has streaks of 0."""
    rows = tally(
        ["a", "b", "c"],
        [hand("a", "b", "c"), hand("a", "c", "b"), hand("b", "a", "c"), hand("a", "b", "c")],
    )
    assert [(t.current_streak, t.longest_streak) for t in rows] == [(1, 2), (0, 1), (0, 0)]


def test_a_hand_without_anyone_breaks_every_streak():
    """A hand with no ranking at all names no Président: it ends every streak."""
    rows = tally(["a"], [hand("a"), hand()])
    assert (rows[0].current_streak, rows[0].longest_streak, rows[0].hands) == (0, 1, 1)


def test_the_tally_of_some_players_ignores_the_others():
    """Asked for some players only, the tally counts them and ignores the others who
    played the same hands."""
    rows = tally(["b"], [hand("a", "b", "c"), hand("b", "a")])
    assert [(t.player_id, t.hands, t.president, t.trou_du_cul) for t in rows] == [("b", 2, 1, 0)]
    assert rows[0].current_streak == 1
