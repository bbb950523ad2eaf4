"""CSV for spreadsheets: rankings and hands of every evening, readable back with ``csv``."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

from companion.table.csv_export import HAND_HEADER, RANKING_HEADER, export_csv, to_csv
from companion.table.service import TableService


def _service(folder: Path) -> TableService:
    service = TableService(folder)
    ev = service.create_evening(
        ["Léa", "Tom", "Sam", "Zoé"], "pagat", title="Chez « Léa », 2", day=date(2026, 3, 1)
    )
    for order in (["Léa", "Tom", "Sam", "Zoé"], ["Tom", "Léa", "Zoé", "Sam"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", day=date(2026, 2, 1))
    service.record_hand(ev.id, ["Zoé", "Sam", "Tom", "Léa"], expected_version=ev.version)
    return service


def _read(path: Path) -> list[dict[str, str]]:
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM spreadsheets need for the accents
    return list(csv.DictReader(raw.decode("utf-8-sig").splitlines()))


def test_rankings_and_hands_of_every_evening_oldest_first(tmp_path: Path) -> None:
    service = _service(tmp_path / "data")
    result = export_csv(service, tmp_path / "out", "x")
    assert result.evenings == 2 and result.skipped == []
    rankings = _read(result.rankings)
    assert list(rankings[0]) == list(RANKING_HEADER)
    assert [r["date"] for r in rankings] == ["2026-02-01"] * 4 + ["2026-03-01"] * 4
    march = [r for r in rankings if r["date"] == "2026-03-01"]
    assert march[0]["evening_title"] == "Chez « Léa », 2"  # commas and quotes survive
    assert [r["place"] for r in march] == ["1", "2", "3", "4"]
    history = service.history(service.evenings(date(2026, 3, 1))[0].id)
    assert [(r["player"], int(r["points"])) for r in march] == [
        (s.name, s.total) for s in history.standings
    ]
    hands = _read(result.hands)
    assert list(hands[0]) == list(HAND_HEADER)
    assert len(hands) == 4 * 3
    first_march = [h for h in hands if h["date"] == "2026-03-01" and h["hand"] == "1"]
    assert [h["player"] for h in first_march] == ["Léa", "Tom", "Sam", "Zoé"]
    assert first_march[0]["title"] == "Président"
    assert hands[0]["player"] == "Zoé"  # February first


def test_an_unreadable_evening_is_left_out_and_named(tmp_path: Path) -> None:
    service = _service(tmp_path / "data")
    broken = service.evenings()[0].id
    service.repo.evening_path(broken).write_text("{ not json", "utf-8")
    fresh = TableService(tmp_path / "data")  # reopened: the store sees the damage
    result = export_csv(fresh, tmp_path / "out", "y")
    assert result.skipped == [broken] and result.evenings == 1


def test_empty_store_gives_headers_only() -> None:
    assert to_csv(("a", "b"), []).decode("utf-8-sig") == "a,b\r\n"
