"""The evening's score sheet (grid, totals, leader, title tally) and the end-of-evening
summary (ranking, podium, records, biggest climb)."""

from datetime import date

import pytest

from companion.table.service import TableService

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


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
    ev = play(service, ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve", "Ann Cat Bob Dan Eve"])
    summary = service.night_summary(ev.id)
    assert [f.name for f in summary.ranking] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert [(f.place, f.total) for f in summary.podium] == [(1, 5), (2, 3), (3, 1)]


def test_summary_records_most_president_and_longest_streak(service):
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
    ev = play(service, ["Ann Bob Cat Dan Eve", "Ann Bob Cat Dan Eve"])
    assert service.night_summary(ev.id).biggest_climb is None
