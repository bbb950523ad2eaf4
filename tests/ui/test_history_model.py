"""The history screens' data, read from a real evening service on a temporary folder."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import date
from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.evenings import call, service_for
from companion.ui.history_model import (
    EveningLabel,
    evening_detail,
    evening_rows,
    head_to_head_view,
    leaderboard_view,
    period_bounds,
)


def seeded(folder: Path) -> str:
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    ev = service.record_hand(ev.id, ["Léa", "Tom", "Sam", "Zoé"], expected_version=ev.version)
    ev = service.record_hand(ev.id, ["Tom", "Léa", "Zoé", "Sam"], expected_version=ev.version)
    return ev.id


def test_rows_and_detail(tmp_path: Path) -> None:
    """History has a row per evening (title, hands, players, leader, whether it ended), and an
    evening's detail lists each hand's places with their titles, best first, and the standings."""
    eid = seeded(tmp_path)
    service = service_for(tmp_path)
    (row,) = evening_rows(service)
    assert row.evening_id == eid and row.title == "Chez Léa" and row.hands == 2
    assert row.players == ("Léa", "Tom", "Sam", "Zoé") and not row.ended
    assert row.leader in row.players and not row.unreadable
    detail = evening_detail(service, eid)
    assert detail.preset == "classique" and len(detail.hands) == 2
    assert detail.hands[0].places[0] == ("Léa", "Président")
    assert detail.hands[1].places[0][0] == "Tom"
    assert [s.place for s in detail.standings] == [1, 2, 3, 4]


def test_one_service_per_folder_called_off_the_loop(tmp_path: Path) -> None:
    """A data folder has one service however its path is written, and a call runs the function off
    the event loop and returns its result."""
    assert service_for(tmp_path) is service_for(tmp_path / ".")
    with ThreadPoolExecutor(1) as pool:  # a loop of its own, whatever runs in this thread
        assert pool.submit(asyncio.run, call(tmp_path, evening_rows)).result() == ()


def _with_points(folder: Path) -> TableService:
    """Two evenings with points (pagat), a week apart, and one without (classique)."""
    service = TableService(folder)
    players = ["Léa", "Tom", "Sam", "Zoé"]
    ev = service.create_evening(players, "pagat", day=date(2026, 11, 1))
    for order in (players, ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.create_evening(players, "pagat", day=date(2026, 11, 8))
    ev = service.record_hand(ev.id, ["Zoé", "Sam", "Tom", "Léa"], expected_version=ev.version)
    ev = service.create_evening(players, "classique")  # today, no points
    for order in (players, ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    return service


def test_points_over_the_evening_a_line_per_player(tmp_path: Path) -> None:
    """An evening with points charts a line per player, in standings order, from 0 before the first
    hand to the final total, with a label per hand and room for the highest total."""
    service = _with_points(tmp_path)
    eid = next(e.id for e in service.evenings() if e.date == "2026-11-01")
    chart = evening_detail(service, eid).points_chart
    history = service.history(eid)
    assert chart.kind == "points" and not chart.empty
    assert [s.name for s in chart.series] == [s.name for s in history.standings]
    for series in chart.series:  # from 0 before the first hand to the final total
        total = next(s.total for s in history.standings if s.name == series.name)
        assert series.points[0] == (0, 0) and series.points[-1] == (2, total)
    assert chart.max_y >= max(s.total for s in history.standings)
    assert [text for _, text in chart.x_labels] == ["0", "1", "2"]


def test_an_evening_without_points_charts_the_places(tmp_path: Path) -> None:
    """An evening without points charts each player's place after every hand instead."""
    eid = seeded(tmp_path)
    chart = evening_detail(service_for(tmp_path), eid).points_chart
    assert chart.kind == "places"
    lea = next(s for s in chart.series if s.name == "Léa")
    labels = dict(chart.y_labels)
    assert [labels[y] for _, y in lea.points] == ["1", "2"]  # 1st, then 2nd


def test_periods() -> None:
    """The periods are all time (no bounds), this year (from 1 January to today) and the last month
    (the past 30 days); any other period is an error."""
    today = date(2026, 11, 22)
    assert period_bounds("all", today) == (None, None)
    assert period_bounds("year", today) == (date(2026, 1, 1), today)
    assert period_bounds("month", today) == (date(2026, 10, 23), today)
    with pytest.raises(ValueError):
        period_bounds("week", today)


def test_leaderboard_position_chart_and_head_to_head(tmp_path: Path) -> None:
    """The leaderboard ranks the players, with an average place between 0 and 100 %, and charts
    their position by evening, oldest first, dated as each language writes dates; head to head
    counts the evenings and hands two players shared; an empty period lists nobody."""
    service = _with_points(tmp_path)
    board = leaderboard_view(service, "all", date.today())
    assert [line.rank for line in board.lines] == [1, 2, 3, 4]
    assert board.lines[0].points >= board.lines[-1].points
    assert all(0 <= (line.place_pct or 0) <= 100 for line in board.lines)
    chart = board.position_chart
    assert chart.kind == "position" and not chart.empty
    first = chart.x_labels[0][1]  # oldest evening first, its day as the language writes it
    assert isinstance(first, EveningLabel) and first.render("fr") == "01/11/2026"
    assert first.render("en") == "11/1/26" and first.render("de") == "01.11.26"
    zoe = next(s for s in chart.series if s.name == "Zoé")
    assert zoe.points[1] == (1.0, 1.0)  # first on 8 November: the top of the chart
    lea, tom = (next(line for line in board.lines if line.name == n) for n in ("Léa", "Tom"))
    h2h = head_to_head_view(service, lea.player_id, tom.player_id, "all", date.today())
    assert (h2h.a_name, h2h.b_name, h2h.evenings) == ("Léa", "Tom", 3)
    assert h2h.hands == 5 and h2h.a_ahead + h2h.b_ahead == 5
    # A period with nothing in it.
    assert leaderboard_view(service, "month", date(2020, 1, 1)).lines == ()


def test_an_evening_without_points_shows_no_points(tmp_path: Path) -> None:
    """Rules that keep no points (classique) show places and titles in the history, not
    "0 pts" beside every name; an evening with points shows them."""
    assert not evening_detail(service_for(tmp_path), seeded(tmp_path)).scored
    service = _with_points(tmp_path / "points")
    eid = next(e.id for e in service.evenings() if e.date == "2026-11-01")
    assert evening_detail(service, eid).scored


def test_every_phone_gets_the_same_rows_until_the_folder_changes(tmp_path: Path) -> None:
    """History's rows are computed once per change of the folder and shared: two calls
    give the same object; a recorded hand gives new rows that show it."""
    service = _with_points(tmp_path)
    first = evening_rows(service)
    assert evening_rows(service) is first
    ev = service.evening(first[0].evening_id)
    service.record_hand(ev.id, list(ev.present), expected_version=ev.version)
    again = evening_rows(service)
    assert again is not first
    assert again[0].hands == first[0].hands + 1


def test_a_leaderboard_is_shared_per_period_and_day(tmp_path: Path) -> None:
    """The same period on the same day is one view for everyone; another period or another
    day is computed on its own; another process's change is seen."""
    service = _with_points(tmp_path)
    today = date(2026, 11, 27)
    view = leaderboard_view(service, "all", today)
    assert leaderboard_view(service, "all", today) is view
    assert leaderboard_view(service, "year", today) is not view
    assert leaderboard_view(service, "all", date(2026, 11, 28)) is not view
    other = TableService(tmp_path)  # another process, in effect: its own service
    ev = other.create_evening(["Léa", "Tom", "Sam", "Zoé"], "pagat", day=date(2026, 11, 20))
    other.record_hand(ev.id, ["Sam", "Tom", "Léa", "Zoé"], expected_version=ev.version)
    later = leaderboard_view(service, "all", today)
    assert later is not view
    hands = {line.name: line.hands for line in later.lines}
    assert hands["Sam"] == {line.name: line.hands for line in view.lines}["Sam"] + 1


def test_a_damaged_evening_is_marked_and_counted_as_left_out(tmp_path: Path) -> None:
    """A destroyed evening's row carries the store's reason, and the leaderboard's view says
    how many evenings it left out, by reason."""
    eid = seeded(tmp_path)
    seeded(tmp_path)  # a second one, kept
    (tmp_path / "evenings" / f"{eid}.json").write_bytes(b"\x00garbage")
    service = TableService(tmp_path)
    rows = {row.evening_id: row for row in evening_rows(service)}
    assert rows[eid].unreadable and rows[eid].problem == "corrupt-file"
    assert [row.problem for row in rows.values() if row.evening_id != eid] == [None]
    board = leaderboard_view(service, "all", date.today())
    assert board.left_out == (("corrupt-file", 1),)
    assert board.lines[0].hands == 2  # the kept evening only
