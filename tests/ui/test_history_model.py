"""The history screens' data, read from a real evening service on a temporary folder."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.table.service import TableService
from companion.ui.evenings import call, service_for
from companion.ui.history_model import evening_detail, evening_rows


def seeded(folder: Path) -> str:
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    ev = service.record_hand(ev.id, ["Léa", "Tom", "Sam", "Zoé"], expected_version=ev.version)
    ev = service.record_hand(ev.id, ["Tom", "Léa", "Zoé", "Sam"], expected_version=ev.version)
    return ev.id


def test_rows_and_detail(tmp_path: Path) -> None:
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
    assert service_for(tmp_path) is service_for(tmp_path / ".")
    with ThreadPoolExecutor(1) as pool:  # a loop of its own, whatever runs in this thread
        assert pool.submit(asyncio.run, call(tmp_path, evening_rows)).result() == []
