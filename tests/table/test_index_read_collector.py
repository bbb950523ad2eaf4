"""The service reads every index summary with Python's cycle collector held off (thousands
of objects that all live on: the collections they set off walked the whole process), and
gives the collector back as it found it, whatever happens while reading."""

import gc
from datetime import date

import pytest

import companion.table.service_index as service_index
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def folder(tmp_path):
    service = TableService(tmp_path / "data")
    ev = service.create_evening(FOUR, "pagat", day=date(2025, 1, 3), settings=("hands=2",))
    service.record_hand(ev.id, FOUR, expected_version=ev.version)
    return tmp_path / "data"


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_summaries_are_read_with_the_collector_off(folder, collector_on, monkeypatch):
    """While the index's summaries are parsed the collector does not run; it runs again
    once they are read."""
    seen: list[bool] = []
    real = service_index.parse

    def watching(raw):
        seen.append(gc.isenabled())
        return real(raw)

    monkeypatch.setattr(service_index, "parse", watching)
    board = TableService(folder).leaderboard()
    assert seen == [False]
    assert gc.isenabled()
    assert [row.name for row in board] and len(board) == 4


def test_the_collector_comes_back_when_a_summary_read_fails(folder, collector_on, monkeypatch):
    """An error while parsing (a bug, memory) still turns the collector back on."""

    def failing(raw):
        raise RuntimeError("boom")

    monkeypatch.setattr(service_index, "parse", failing)
    with pytest.raises(RuntimeError):
        TableService(folder).leaderboard()
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_program_stays_off(folder, collector_on):
    """A program that turned the collector off itself finds it off after a read."""
    gc.disable()
    TableService(folder).leaderboard()
    assert not gc.isenabled()
