"""The score screens' models: two evenings of the same day told apart in the history list
and under the charts, the leaderboard's rating and average place, a player's page."""

from datetime import UTC, date, datetime

import pytest

from companion.table.service import TableService
from companion.ui.history_model import evening_labels, evening_rows, leaderboard_view
from companion.ui.players_model import player_page, players_view

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def test_two_evenings_of_one_day_have_distinct_axis_labels():
    """Same day: the start time goes under the date; another day: the date alone."""
    labels = evening_labels(
        [
            (date(2026, 11, 20), "2026-11-20T19:00:00+00:00"),
            (date(2026, 11, 23), datetime(2026, 11, 23, 17, 5, tzinfo=UTC).isoformat()),
            (date(2026, 11, 23), datetime(2026, 11, 23, 20, 40, tzinfo=UTC).isoformat()),
        ]
    )
    texts = [label.render("fr") for label in labels]
    assert texts[0] == "20/11/2026"
    assert texts[1] != texts[2] and texts[1].startswith("23/11/2026\n")
    assert texts[2].startswith("23/11/2026\n")
    assert labels[0].render("en") == "11/20/26"


def test_same_day_labels_without_a_start_time_are_numbered():
    """Evenings of one day with no known start time are told apart by a number after the date."""
    labels = evening_labels([(date(2026, 11, 23), ""), (date(2026, 11, 23), "")])
    assert [label.render("fr") for label in labels] == ["23/11/2026 (1)", "23/11/2026 (2)"]


def test_history_rows_carry_place_start_and_rules(service):
    """History rows carry each evening's place, start time and preset; of two evenings on one day,
    the later comes first."""
    for place in ("Chez Ann", "Chez Bob"):
        ev = service.create_evening(FOUR, "pagat", day=date(2026, 11, 23), place=place)
        service.record_hand(ev.id, FOUR, expected_version=ev.version)
    rows = evening_rows(service)
    assert [r.place for r in rows] == ["Chez Bob", "Chez Ann"]  # the later one first
    assert all(r.start is not None and r.preset == "pagat" for r in rows)


def test_leaderboard_lines_have_rating_and_average_place(service):
    """Each leaderboard line carries the player's rating and its uncertainty, his average place with
    the mean table size, and his own colour; the view charts a rating line per player."""
    ev = service.create_evening(FOUR, "pagat", day=date(2026, 11, 23), settings=("hands=2",))
    for _ in range(2):
        ev = service.record_hand(ev.id, FOUR, expected_version=ev.version)
    view = leaderboard_view(service, "all", date(2026, 11, 30))
    ann = view.lines[0]
    assert ann.name == "Ann" and ann.mu is not None and ann.sigma is not None
    assert (ann.place.place, ann.place.table) == (1, 4)
    assert ann.colour == view.colours[ann.player_id].fill
    assert view.rating_chart is not None and len(view.rating_chart.series) == 4


def test_player_page_and_players_list(service):
    """A player's page gives his hands, his average place and, for each rival, the hands he finished
    ahead of and behind him; the players list names every profile, none merged."""
    ev = service.create_evening(FOUR, "pagat", day=date(2026, 11, 23))
    service.record_hand(ev.id, ["Bob", "Ann", "Cat", "Dan"], expected_version=ev.version)
    ann = next(p for p in service.players() if p.name == "Ann")
    page = player_page(service, ann.id)
    assert page.row.hands == 1 and page.place.place == 2
    assert {r.name: (r.ahead, r.behind) for r in page.rivals}["Bob"] == (0, 1)
    listed = players_view(service)
    assert [line.name for line in listed.lines] == ["Ann", "Bob", "Cat", "Dan"]
    assert listed.merged == ()
