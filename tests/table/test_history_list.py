"""The history list: one line per evening, built from the index entry and its summary."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest

from companion.store import IndexEntry
from companion.table.evening_summary import parse
from companion.table.history_list import EveningItem, evening_item
from companion.table.service import TableService

NAMES = {"ana": "Ana", "bob": "Bob", "cleo": "Cléo"}
SUMMARY = {
    "preset": "trou-du-cul",
    "start": "2026-11-20T20:15:00+00:00",
    "ended": True,
    "winner": "bob",
    "leader": "ana",
}


def entry(**fields: Any) -> IndexEntry:
    base: dict[str, Any] = {
        "id": "ev1",
        "date": "2026-11-20",
        "player_ids": ["ana", "bob", "cleo"],
        "hand_count": 7,
        "updated_at": datetime(2026, 11, 20, 23, 0, tzinfo=UTC),
        "schema_version": 1,
    }
    return IndexEntry(**{**base, **fields})


def stored(fields: dict[str, Any]) -> dict[str, Any]:
    """A stored summary of nobody's hands with these fields (as the index holds it)."""
    empty: dict[str, Any] = {"v": 1, "scheme": "top_two", "hands": 0, "ended": False, "ids": []}
    lists = {k: [] for k in ("points", "played", "pos", "first", "last", "streak", "ahead")}
    return {**empty, **lists, **fields}


def item(
    summary: dict[str, Any] | None = SUMMARY, aliases: dict[str, str] | None = None, **fields: Any
) -> EveningItem:
    """The line of an entry with ``summary`` as stored (one that does not parse: none)."""
    parsed = None if summary is None else parse(stored(summary))
    return evening_item(entry(**fields), parsed, NAMES, aliases or {})


def test_an_ended_evening_line_carries_what_the_index_and_summary_say() -> None:
    """An ended evening: its id, day, start (UTC), rules, hands, players and winner."""
    line = item(title="Chez Ana", place="Lyon")
    assert line.evening_id == "ev1"
    assert line.date == date(2026, 11, 20)
    assert line.started_at == datetime(2026, 11, 20, 20, 15, tzinfo=UTC)
    assert (line.title, line.place) == ("Chez Ana", "Lyon")
    assert line.preset == "trou-du-cul"
    assert line.hands == 7
    assert line.players == ("ana", "bob", "cleo")
    assert line.ended is True
    assert line.winner == "bob"  # the winner, not the leader of the last hand
    assert line.unreadable is False


def test_an_evening_still_going_shows_its_leader() -> None:
    """Before the end there is no winner: the line shows the current leader."""
    going = {**SUMMARY, "ended": False, "winner": None}
    line = item(going)
    assert line.ended is False
    assert line.winner == "ana"


def test_merged_players_show_as_the_profile_they_were_merged_into() -> None:
    """A merged profile appears as its target, among the players and as the winner."""
    line = item(aliases={"bob": "dan"})
    assert line.players == ("ana", "dan", "cleo")
    assert line.winner == "dan"


def test_an_evening_nobody_has_won_or_led_has_no_winner() -> None:
    """No winner and no leader (no hand yet, or an odd summary): no winner shown."""
    assert item({"preset": "pagat", "winner": None, "leader": None}).winner is None
    assert item({"preset": "pagat", "winner": 3}).winner is None


def test_an_unreadable_evening_keeps_what_its_index_entry_knows() -> None:
    """An evening file that cannot be read has no summary: the line says it is unreadable
    and keeps its day and players, with no rules, start, end or winner."""
    line = item(None, error="corrupt-file")
    assert line.unreadable is True
    assert line.date == date(2026, 11, 20)
    assert line.players == ("ana", "bob", "cleo")
    assert (line.preset, line.started_at, line.ended, line.winner) == (None, None, False, None)


@pytest.mark.parametrize("day", [None, "", "20/11/2026", "2026-13-01"])
def test_a_missing_or_broken_day_is_no_day(day: str | None) -> None:
    """An index entry without a readable ISO day has no date (it sorts first, never
    crashes the list)."""
    assert item(date=day).date is None


@pytest.mark.parametrize("start", [None, "", "tonight", 20261120])
def test_a_missing_or_broken_start_is_no_start(start: Any) -> None:
    """A start that is not an ISO moment written as text has no start time."""
    assert item({**SUMMARY, "start": start}).started_at is None


def test_a_start_without_time_zone_is_read_as_utc() -> None:
    """Starts are stored in UTC; one written without a zone is taken as UTC, and one with a
    zone keeps it (the screen converts to the viewer's local time)."""
    assert item({**SUMMARY, "start": "2026-11-20T20:15:00"}).started_at == datetime(
        2026, 11, 20, 20, 15, tzinfo=UTC
    )
    paris = item({**SUMMARY, "start": "2026-11-20T21:15:00+01:00"}).started_at
    assert paris is not None and paris.utcoffset() == timedelta(hours=1)
    assert paris == datetime(2026, 11, 20, 21, 15, tzinfo=timezone(timedelta(hours=1)))


def test_the_label_is_the_title_else_the_place_else_the_players() -> None:
    """An evening is named by its title, else its place, else its players' names in seat
    order (a profile without a known name shows its id)."""
    assert item(title="Chez Ana", place="Lyon").label(NAMES) == "Chez Ana"
    assert item(place="Lyon").label(NAMES) == "Lyon"
    assert item().label(NAMES) == "Ana, Bob, Cléo"
    assert item(player_ids=["ana", "zed"]).label(NAMES) == "Ana, zed"
    assert item().label() == "ana, bob, cleo"


def test_the_service_lists_evenings_newest_first_with_their_winner(tmp_path: Any) -> None:
    """``TableService.evening_items``: one line per evening, newest first, the ended one
    with its winner, the open one with its leader."""
    service = TableService(tmp_path / "data")
    older = service.create_evening(
        ["Ana", "Bob", "Cléo"], "trou-du-cul", day=date(2026, 11, 1), settings=("target=none",)
    )
    older = service.record_hand(older.id, ["Bob", "Ana", "Cléo"], expected_version=older.version)
    service.close(older.id, expected_version=older.version)
    newer = service.create_evening(
        ["Ana", "Bob", "Cléo"], "classique", day=date(2026, 11, 8), settings=("target=none",)
    )
    newer = service.record_hand(newer.id, ["Cléo", "Bob", "Ana"], expected_version=newer.version)
    ids = {p.name: p.id for p in service.players()}
    lines = service.evening_items()
    assert [line.evening_id for line in lines] == [newer.id, older.id]
    assert [line.date for line in lines] == [date(2026, 11, 8), date(2026, 11, 1)]
    assert [line.preset for line in lines] == ["classique", "trou-du-cul"]
    assert [line.ended for line in lines] == [False, True]
    assert [line.winner for line in lines] == [ids["Cléo"], ids["Bob"]]
    assert [line.hands for line in lines] == [1, 1]
    assert lines[1].label({v: k for k, v in ids.items()}) == "Ana, Bob, Cléo"
