"""CSV for spreadsheets: rankings and hands of every evening, readable back with ``csv``."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

from companion.table.csv_export import (
    HAND_HEADER,
    RANKING_HEADER,
    export_csv,
    hand_rows,
    ranking_rows,
    to_csv,
)
from companion.table.service import TableService
from companion.table.stats import EveningHistory, HandRow, Standing


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
    """The export holds the rankings and the hands of every evening, oldest first, each cell as
    recorded."""
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


def test_titles_are_written_in_the_language_of_whoever_exports(tmp_path: Path) -> None:
    """The titles in both files are words of the exporter's language; the header stays the
    same ids in every language."""
    service = _service(tmp_path / "data")
    firsts = {}
    for lang in ("fr", "en", "de"):
        result = export_csv(service, tmp_path / lang, "x", lang)
        hands, rankings = _read(result.hands), _read(result.rankings)
        assert list(hands[0]) == list(HAND_HEADER)
        assert list(rankings[0]) == list(RANKING_HEADER)
        firsts[lang] = (hands[0]["title"], {r["title"] for r in rankings})
    assert firsts["fr"][0] == "Président"
    assert firsts["en"][0] == "President"
    assert firsts["de"][0] == "Präsident"
    assert not firsts["en"][1] & firsts["fr"][1] - {""}


def test_an_unreadable_evening_is_left_out_and_named(tmp_path: Path) -> None:
    """An unreadable evening is left out of the export and named among the skipped ones."""
    service = _service(tmp_path / "data")
    broken = service.evenings()[0].id
    service.repo.evening_path(broken).write_text("{ not json", "utf-8")
    fresh = TableService(tmp_path / "data")  # reopened: the store sees the damage
    result = export_csv(fresh, tmp_path / "out", "y")
    assert result.skipped == [broken] and result.evenings == 1


def test_empty_store_gives_headers_only() -> None:
    """A table without rows is written as its header line only."""
    assert to_csv(("a", "b"), []).decode("utf-8-sig") == "a,b\r\n"


def history(
    *, ended: bool = True, title: str | None = "Club", points: bool = True
) -> EveningHistory:
    """Two hands of Ann, Bob and Cid; Cid's name is unknown (an imported evening). Without
    points, the hands carry no points nor totals at all."""
    first = ("a", "b", "c")
    second = ("c", "a", "b")

    def hand(
        number: int, ranking: tuple[str, ...], scores: dict[str, int], totals: dict[str, int]
    ) -> HandRow:
        return HandRow(
            number=number,
            hand_id=f"h{number}",
            order=ranking,
            ranking=ranking,
            titles={ranking[0]: "Président", ranking[-1]: "Trou du cul"},
            points=scores if points else {},
            totals=totals if points else {},
            effects=(),
        )

    hands = (
        hand(1, first, {"a": 2, "b": 1, "c": 0}, {"a": 2, "b": 1, "c": 0}),
        hand(2, second, {"c": 2, "a": 1, "b": 0}, {"a": 3, "b": 1, "c": 2}),
    )
    return EveningHistory(
        evening_id="e1",
        date=date(2026, 11, 23),
        title=title,
        place=None,
        preset="pagat",
        scoring="standard" if points else "none",
        version=3,
        ended=ended,
        names={"a": "Ann", "b": "Bob"},
        hands=hands,
        standings=(
            Standing(place=1, player_id="a", name="Ann", total=3, title=None, present=True),
            Standing(place=2, player_id="c", name="c", total=2, title="Président", present=True),
            Standing(
                place=3, player_id="b", name="Bob", total=1, title="Trou du cul", present=False
            ),
        ),
    )


def read(header: tuple[str, ...], rows: list[tuple[object, ...]]) -> list[dict[str, str]]:
    return list(csv.DictReader(to_csv(header, rows).decode("utf-8-sig").splitlines()))


def test_a_hands_place_is_counted_from_one():
    """In the hands file, the first out of a hand is place 1, the last place 3 (of 3)."""
    rows = read(HAND_HEADER, hand_rows([history()]))
    assert [(r["hand"], r["place"], r["player"]) for r in rows] == [
        ("1", "1", "Ann"),
        ("1", "2", "Bob"),
        ("1", "3", "c"),
        ("2", "1", "c"),
        ("2", "2", "Ann"),
        ("2", "3", "Bob"),
    ]


def test_a_player_without_a_name_is_exported_by_id():
    """A player the evening has no name for is written with his id, never an empty cell."""
    rows = hand_rows([history()])
    assert [r[4] for r in rows if r[2] == 1] == ["Ann", "Bob", "c"]


def test_each_hand_gives_each_player_his_title_points_and_running_total():
    """A hand's line holds the title the place carries ("" for none), the points of the
    hand and the running total after it."""
    rows = read(HAND_HEADER, hand_rows([history()]))
    second = [(r["player"], r["title"], r["points"], r["total"]) for r in rows if r["hand"] == "2"]
    assert second == [
        ("c", "Président", "2", "2"),
        ("Ann", "", "1", "3"),
        ("Bob", "Trou du cul", "0", "1"),
    ]
    assert [r[5] for r in hand_rows([history()])] == [
        "Président",
        "",
        "Trou du cul",
        "Président",
        "",
        "Trou du cul",
    ]


def test_without_points_every_hand_shows_zero_points_and_zero_total():
    """Under rules without points, the points and total cells read 0, not empty nor 1."""
    rows = hand_rows([history(points=False)])
    assert {(r[6], r[7]) for r in rows} == {(0, 0)}


def test_the_rankings_give_title_and_state_as_words():
    """In the rankings file, the title held at the end ("" for none), the evening's title
    ("" without one) and "yes"/"no" for an ended evening."""
    ended = ranking_rows([history(ended=True)])
    assert [(r[5], r[7], r[8]) for r in ended] == [
        ("Ann", "", "yes"),
        ("c", "Président", "yes"),
        ("Bob", "Trou du cul", "yes"),
    ]
    assert {r[2] for r in ended} == {"Club"}
    going = ranking_rows([history(ended=False, title=None)])
    assert {(r[2], r[8]) for r in going} == {("", "no")}
    rows = read(RANKING_HEADER, going)
    assert [r["title"] for r in rows] == ["", "Président", "Trou du cul"]


def test_the_files_are_utf8_with_a_byte_order_mark():
    """The bytes start with the UTF-8 byte-order mark and the accents are UTF-8."""
    data = to_csv(("name",), [("Chloé",)])
    assert data == "\ufeffname\r\nChloé\r\n".encode()
