"""The index split over files by a hash of the evening id: a write rewrites the evening's
file and its own index file only, and a folder of an older version, with its one
index.json, is split once without losing an entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from storetest_models import index_file, index_records, make_evening, open_repo, snapshot

import companion.store.repository_files as repository_files
from companion.store.atomic import dumps_document
from companion.store.migrations import SCHEMA_VERSION, make_meta


def _written(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the repository writes from now on, in order."""
    paths: list[Path] = []
    real = repository_files.atomic_write_bytes

    def recording(path: Path, data: bytes, **kwargs: object) -> None:
        paths.append(Path(path))
        real(path, data, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(repository_files, "atomic_write_bytes", recording)
    return paths


def test_saving_an_evening_rewrites_only_its_own_index_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With 60 evenings stored, saving one again writes one index file: the one of its id,
    which holds a few of the entries, not all of them."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening(f"e{n}") for n in range(60)])
    written = _written(monkeypatch)
    repo.save(make_evening("e7", hands=4))
    assert written == [index_file(tmp_path, "e7")]
    held = json.loads(written[0].read_text("utf-8"))["evenings"]
    assert 1 <= len(held) < 10
    assert open_repo(tmp_path).get_entry("e7").hand_count == 4


def test_deleting_an_evening_rewrites_only_its_own_index_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Deleting an evening rewrites its index file without its entry, and no other."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening(f"e{n}") for n in range(20)])
    written = _written(monkeypatch)
    repo.delete("e3")
    assert written == [index_file(tmp_path, "e3")]
    assert "e3" not in [r["id"] for r in index_records(tmp_path)]
    assert open_repo(tmp_path).ids() == sorted(f"e{n}" for n in range(20) if n != 3)


def test_opening_an_unchanged_folder_writes_nothing(tmp_path: Path) -> None:
    """A folder whose index matches its evening files is opened without a write."""
    open_repo(tmp_path).save_many([make_evening(f"e{n}") for n in range(20)])
    before = snapshot(tmp_path)
    assert len(open_repo(tmp_path)) == 20
    assert snapshot(tmp_path) == before


def _legacy_folder(tmp_path: Path, count: int) -> dict[str, object]:
    """A folder as the previous version left it: one index.json holding every entry."""
    open_repo(tmp_path).save_many([make_evening(f"e{n}", hands=n) for n in range(count)])
    records = index_records(tmp_path)
    for path in (tmp_path / "index").iterdir():
        path.unlink()
    (tmp_path / "index").rmdir()
    doc = {
        "_meta": make_meta("index", SCHEMA_VERSION),
        "evenings": {str(n): r for n, r in enumerate(records, 1)},
    }
    (tmp_path / "index.json").write_bytes(dumps_document(doc))
    return {r["id"]: r for r in records}


def test_a_single_index_file_is_split_and_kept_in_the_backups(tmp_path: Path) -> None:
    """The one index.json of an older version is read (no evening file is replayed), its
    entries are spread over index/, and the file itself is moved to backups/."""
    entries = _legacy_folder(tmp_path, 30)
    legacy = (tmp_path / "index.json").read_bytes()
    repo = open_repo(tmp_path, describe=None)
    assert repo.problems == [] and repo.ids() == sorted(entries)
    assert {r["id"]: r for r in index_records(tmp_path)} == entries
    assert not (tmp_path / "index.json").exists()
    [kept] = (tmp_path / "backups").glob("index.*.json")
    assert kept.read_bytes() == legacy


def test_a_split_index_is_read_by_the_next_process_as_written(tmp_path: Path) -> None:
    """After the split, reopening finds the same entries and writes nothing."""
    _legacy_folder(tmp_path, 12)
    first = [e.model_dump() for e in open_repo(tmp_path).list_index()]
    before = snapshot(tmp_path)
    assert [e.model_dump() for e in open_repo(tmp_path).list_index()] == first
    assert snapshot(tmp_path) == before


def test_an_index_json_written_again_by_an_older_app_is_set_aside(tmp_path: Path) -> None:
    """When an older app wrote index.json beside index/ (it does not know index/), the
    evening files decide: the index is brought up to date from them, and index.json is
    moved to backups/, not read."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("e1"), make_evening("e2")])
    (tmp_path / "index.json").write_bytes(b"{written by an older app")
    repo.evening_path("e2").write_text(
        json.dumps(json.loads(repo.evening_path("e2").read_text("utf-8"))), "utf-8"
    )
    reopened = open_repo(tmp_path)
    assert reopened.problems == [] and reopened.ids() == ["e1", "e2"]
    assert not (tmp_path / "index.json").exists()
    assert list((tmp_path / "backups").glob("index.*.json"))


def test_an_entry_in_the_wrong_index_file_is_moved_to_its_own(tmp_path: Path) -> None:
    """An entry copied by hand into another index file is read, then written to the file
    of its id and removed from the other one."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening(f"e{n}") for n in range(10)])
    home = index_file(tmp_path, "e1")
    other = next(
        index_file(tmp_path, f"e{n}") for n in range(10) if index_file(tmp_path, f"e{n}") != home
    )
    home_doc = json.loads(home.read_text("utf-8"))
    [(doc_id, record)] = [(k, r) for k, r in home_doc["evenings"].items() if r["id"] == "e1"]
    del home_doc["evenings"][doc_id]
    home.write_text(json.dumps(home_doc), "utf-8")
    other_doc = json.loads(other.read_text("utf-8"))
    other_doc["evenings"]["99"] = record
    other.write_text(json.dumps(other_doc), "utf-8")
    assert open_repo(tmp_path).get_entry("e1").hand_count == 2
    in_home = [r["id"] for r in json.loads(home.read_text("utf-8"))["evenings"].values()]
    in_other = [r["id"] for r in json.loads(other.read_text("utf-8"))["evenings"].values()]
    assert "e1" in in_home and "e1" not in in_other
