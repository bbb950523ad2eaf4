"""The index in detail: what an evening's entry says about it, which files count as evening
files, and the bytes of the index files (written from the entries kept in memory)."""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from companion.store.atomic import dumps_document
from companion.store.index import (
    EveningIndex,
    EveningInfo,
    IndexEntry,
    default_describe,
    scan_evening_files,
    shard_of,
)

#: two ids whose entries share an index file, and that file
A, B = "a", "bmr"
SHARD = shard_of(A)


class _Player(BaseModel):
    id: Any


class _Evening(BaseModel):
    date: Any = None
    started_at: Any = None
    title: Any = None
    name: Any = None
    place: Any = None
    player_ids: Any = None
    players: Any = None
    hands: Any = None


def test_describe_takes_each_plain_field() -> None:
    """date, title, place, player ids and the number of hands."""
    info = default_describe(
        _Evening(date="2024-05-17", title="Friday", place="Lyon", player_ids=["a", "b"], hands=[1])
    )
    assert info == EveningInfo(
        date="2024-05-17", title="Friday", place="Lyon", player_ids=["a", "b"], hand_count=1
    )


def test_describe_falls_back_to_started_at_name_and_players() -> None:
    """Without date, title or player_ids: started_at, name and players (objects with .id,
    integer ids as text, bools and other values left out)."""
    info = default_describe(
        _Evening(
            started_at=datetime(2024, 5, 17, 20, 30, tzinfo=UTC),
            name="Vendredi",
            players=[_Player(id="a"), _Player(id=7), 3, "c", True, _Player(id=None), 2.5],
        )
    )
    assert info.date == "2024-05-17T20:30:00+00:00"
    assert info.title == "Vendredi"
    assert info.player_ids == ["a", "7", "3", "c"]


def test_describe_formats_a_date_and_ignores_other_values() -> None:
    """A date is written in ISO form; a number is no date, nor a title, nor a place."""
    assert default_describe(_Evening(date=date(2024, 5, 17))).date == "2024-05-17"
    info = default_describe(_Evening(date=20240517, title=3, place=4))
    assert (info.date, info.title, info.place) == (None, None, None)


def test_describe_counts_hands_in_a_list_tuple_or_dict_only() -> None:
    """hands as a list, tuple or dict counts its items; anything else (or none) is 0."""
    assert default_describe(_Evening(hands=(1, 2, 3))).hand_count == 3
    assert default_describe(_Evening(hands={"1": 1, "2": 2})).hand_count == 2
    assert default_describe(_Evening(hands="abc")).hand_count == 0
    assert default_describe(_Evening()).hand_count == 0


def test_describe_ignores_players_that_are_not_a_list() -> None:
    """A players value that is not a list or tuple gives no ids; player_ids wins over it."""
    assert default_describe(_Evening(players="ab")).player_ids == []
    assert default_describe(_Evening(players=("x",))).player_ids == ["x"]
    assert default_describe(_Evening(player_ids=["a"], players=["b"])).player_ids == ["a"]


def test_scan_lists_evening_files_with_size_and_mtime(tmp_path: Path) -> None:
    """Each valid <id>.json with its size and mtime; hidden files, other extensions, invalid
    ids are left out."""
    (tmp_path / "ev1.json").write_bytes(b"12345")
    os.utime(tmp_path / "ev1.json", ns=(1_000_000_000, 2_000_000_000))
    (tmp_path / ".hidden.json").write_bytes(b"x")
    (tmp_path / "notes.txt").write_bytes(b"x")
    (tmp_path / "bad id!.json").write_bytes(b"x")
    (tmp_path / "ev2.json.tmp").write_bytes(b"x")
    assert scan_evening_files(tmp_path) == {"ev1": (5, 2_000_000_000)}


def test_scan_of_a_missing_folder_or_a_file_is_empty(tmp_path: Path) -> None:
    """No evenings folder yet (or a file in its place): no evening files."""
    assert scan_evening_files(tmp_path / "missing") == {}
    (tmp_path / "file").write_bytes(b"")
    assert scan_evening_files(tmp_path / "file") == {}


def _entry(evening_id: str, title: str = "t") -> IndexEntry:
    return IndexEntry(
        id=evening_id,
        title=title,
        updated_at=datetime(2024, 5, 17, tzinfo=UTC),
        schema_version=2,
    )


def test_the_index_keeps_entries_by_id() -> None:
    """set replaces an entry, drop removes it, ids are sorted, clear empties it."""
    index = EveningIndex()
    index.set(_entry("b"))
    index.set(_entry("a"))
    index.set(_entry("b", "new"))
    assert len(index) == 2 and list(index) == ["b", "a"] and index.ids() == ["a", "b"]
    assert index.get("b") == _entry("b", "new") and index.get("c") is None
    assert index.entries() == [_entry("b", "new"), _entry("a")]
    index.drop("b")
    index.drop("missing")
    assert index.ids() == ["a"]
    index.clear()
    assert len(index) == 0 and list(index.records(SHARD)) == []


def test_records_are_numbered_in_id_order_and_reuse_raw_records() -> None:
    """Doc ids 1, 2… by evening id; an entry read with its raw record is written back as
    that record (fields this version does not know are kept)."""
    assert shard_of(B) == SHARD
    index = EveningIndex()
    raw = {**_entry(B).model_dump(mode="json"), "added_later": 1}
    index.set(_entry(B), raw)
    index.set(_entry(A))
    records = list(index.records(SHARD))
    assert [doc_id for doc_id, _ in records] == ["1", "2"]
    assert json.loads(records[0][1]) == _entry(A).model_dump(mode="json")
    assert json.loads(records[1][1]) == raw
    assert list(index.records(SHARD)) == records  # cached


def test_setting_an_entry_again_forgets_its_old_json_and_raw_record() -> None:
    """A new entry for an id is serialised afresh, not from what was read or written."""
    index = EveningIndex()
    index.set(_entry(A), {**_entry(A).model_dump(mode="json"), "old": True})
    list(index.records(SHARD))
    index.set(_entry(A, "changed"))
    [(_, blob)] = list(index.records(SHARD))
    assert json.loads(blob) == _entry(A, "changed").model_dump(mode="json")
    index.drop(A)
    index.set(_entry(A, "third"), None)
    [(_, blob)] = list(index.records(SHARD))
    assert json.loads(blob)["title"] == "third"


def test_document_bytes_are_the_dumped_document() -> None:
    """An index file's bytes equal dumps_document of its whole document."""
    assert shard_of(B) == SHARD
    index = EveningIndex()
    index.set(_entry(B))
    index.set(_entry(A))
    expected = {
        "_meta": {"1": {"schema_version": 5, "kind": "index"}},
        "evenings": {
            "1": _entry(A).model_dump(mode="json"),
            "2": _entry(B).model_dump(mode="json"),
        },
    }
    assert index.document_bytes(SHARD, 5) == dumps_document(expected)
    assert EveningIndex().document_bytes(SHARD, 2) == dumps_document(
        {"_meta": {"1": {"schema_version": 2, "kind": "index"}}, "evenings": {}}
    )


def test_scan_skips_a_file_that_vanishes_before_its_stat(tmp_path: Path) -> None:
    """An entry that cannot be stat'ed (deleted meanwhile: here a dangling link) is left
    out; the other files are still listed."""
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (tmp_path / "ev1.json").write_bytes(b"123")
    assert set(scan_evening_files(tmp_path)) == {"ev1"}


def test_scan_goes_on_after_a_skipped_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that is not an evening id, met first, does not end the scan."""
    (tmp_path / "bad id.json").write_bytes(b"x")
    (tmp_path / "ev1.json").write_bytes(b"x")
    real_scandir = os.scandir

    def in_name_order(path: Path) -> list[os.DirEntry[str]]:
        return sorted(real_scandir(path), key=lambda entry: entry.name)

    monkeypatch.setattr(os, "scandir", in_name_order)
    assert set(scan_evening_files(tmp_path)) == {"ev1"}


class _Named(BaseModel):
    """An evening model with a name but no title field at all."""

    name: str


def test_describe_takes_the_name_of_a_model_without_title() -> None:
    """A model without a title attribute is described by its name."""
    assert default_describe(_Named(name="Vendredi")).title == "Vendredi"


def test_set_summary_replaces_only_the_summary() -> None:
    """The entry keeps its other fields; the summary is the new one."""
    index = EveningIndex()
    index.set(_entry("a", "Vendredi"))
    index.set_summary("a", {"Ana": 3})
    entry = index.get("a")
    assert entry is not None
    assert (entry.title, entry.summary) == ("Vendredi", {"Ana": 3})
    [(_, blob)] = list(index.records(SHARD))
    assert json.loads(blob) == _entry("a", "Vendredi").model_dump(mode="json") | {
        "summary": {"Ana": 3}
    }


def test_set_summary_keeps_the_fields_a_newer_app_wrote() -> None:
    """An entry read with unknown keys is written back with them and the new summary."""
    index = EveningIndex()
    raw = {**_entry("a").model_dump(mode="json"), "added_later": 1, "summary": None}
    index.set(_entry("a"), raw)
    index.set_summary("a", [1, 2])
    [(_, blob)] = list(index.records(SHARD))
    assert json.loads(blob) == {**raw, "summary": [1, 2]}
    assert index.get("a").summary == [1, 2]  # type: ignore[union-attr]


def test_only_the_shard_of_a_changed_entry_is_to_be_written() -> None:
    """Setting, dropping or re-summarising an entry marks its own index file, and no other;
    an entry loaded as read marks nothing."""
    index = EveningIndex()
    index.load(_entry(A))
    assert index.dirty() == []
    index.set(_entry("b"))
    assert index.dirty() == [shard_of("b")]
    index.written(shard_of("b"))
    index.set_summary(A, 1)
    assert index.dirty() == [SHARD]
    index.written(SHARD)
    index.drop("b")
    index.drop("never there")
    assert index.dirty() == [shard_of("b")]
    assert index.shard_ids(shard_of("b")) == []


def test_a_shard_holds_the_ids_that_hash_to_it() -> None:
    """Every id is in the file of its hash, and each file lists its ids sorted."""
    index = EveningIndex()
    for evening_id in (B, "b", A):
        index.set(_entry(evening_id))
    assert index.shard_ids(SHARD) == [A, B]
    assert index.shard_ids(shard_of("b")) == ["b"]
    assert {shard_of(i) for i in (A, B, "b")} == set(index.dirty())


def test_the_examples_in_the_docstrings_hold() -> None:
    """The module's doctest examples (``shard_of``) run as written."""
    import doctest

    import companion.store.index as module

    assert doctest.testmod(module).failed == 0
