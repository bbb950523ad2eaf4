"""Index summaries written before the score fields existed (an index from an older app) are
computed from the evening files once, then kept in the index: the next process reads them
from there instead of replaying every evening again."""

import json
from datetime import date, timedelta

import pytest

import companion.table.service_index as service_index
from companion.table.evening_summary import SCORE_FIELDS, parse
from companion.table.service import TableService

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def _complete(stored):
    summary = parse(stored)
    return summary is not None and summary.complete


def _strip_score_fields(folder):
    """Rewrite the index files as an app from before the score fields wrote them: the same
    entries (file sizes and times unchanged, so the index is trusted), their summaries
    without those keys."""
    for path in (folder / "index").glob("*.json"):
        doc = json.loads(path.read_text("utf-8"))
        for record in doc["evenings"].values():
            for key in SCORE_FIELDS:
                record["summary"].pop(key, None)
        path.write_text(json.dumps(doc), "utf-8")


@pytest.fixture
def old_folder(tmp_path):
    folder = tmp_path / "data"
    service = TableService(folder)
    for n in range(4):
        ev = service.create_evening(
            FIVE, "pagat", day=date(2025, 1, 3) + timedelta(days=7 * n), settings=("hands=2",)
        )
        for order in (FIVE, FIVE[::-1]):
            ev = service.record_hand(ev.id, order, expected_version=ev.version)
    _strip_score_fields(folder)
    return folder


@pytest.fixture
def derive_calls(monkeypatch):
    """The evenings the service replays (``derive`` of a stored evening), by id."""
    calls: list[str] = []
    real = service_index.derive

    def counting(evening, *args, **kwargs):
        calls.append(evening.id)
        return real(evening, *args, **kwargs)

    monkeypatch.setattr(service_index, "derive", counting)
    return calls


def test_old_summaries_are_replayed_by_the_first_process_only(old_folder, derive_calls):
    """The first service to need the summaries replays each old evening once and writes
    the summaries back; a second service (another process) replays none."""
    first = TableService(old_folder)
    assert not any(_complete(e.summary) for e in first.repo.list_index())
    ratings = first.ratings()
    assert sorted(derive_calls) == sorted(e.id for e in first.repo.list_index())

    derive_calls.clear()
    second = TableService(old_folder)
    assert all(_complete(e.summary) for e in second.repo.list_index())
    assert second.ratings() == ratings
    assert second.average_places() == first.average_places()
    assert derive_calls == []


def test_a_summary_is_not_kept_for_a_file_changed_meanwhile(old_folder, derive_calls):
    """A summary computed from an evening file that another process then rewrote is not
    stored over that evening's newer entry."""
    first = TableService(old_folder)
    entry = first.repo.list_index()[0]
    summary = {"stale": True}
    stamp = (entry.file_size, (entry.file_mtime_ns or 0) - 1)
    assert first.repo.store_summaries({entry.id: (stamp, summary)}) == 0
    assert TableService(old_folder).repo.get_entry(entry.id).summary != summary


def test_an_unwritable_folder_still_gives_the_summaries(old_folder, derive_calls, monkeypatch):
    """When the index cannot be written, the summaries are served from memory and nothing
    is lost: the next process computes them again."""
    from companion.store import repository_files
    from companion.store.errors import ReadOnlyError

    def refuse(path, data, **kwargs):
        raise ReadOnlyError.opened_read_only(path)

    monkeypatch.setattr(repository_files, "atomic_write_bytes", refuse)
    first = TableService(old_folder)
    assert first.ratings()
    monkeypatch.undo()
    assert not any(_complete(e.summary) for e in TableService(old_folder).repo.list_index())
