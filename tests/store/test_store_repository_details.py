"""The repository in detail: the player file's refusals, the index entry of a damaged
evening, summaries kept in the index, several evenings at once, delete, listing and loading,
restoring and exporting. One rule per test, through the public API."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from storetest_models import (
    Evening,
    Player,
    make_evening,
    make_players,
    open_repo,
    remove_index,
)

from companion.store import (
    CorruptFileError,
    InvalidIdError,
    NotFoundError,
    Repository,
    StoreError,
)

_NO_STAT = (None, None)


def test_save_players_refuses_a_player_id_given_twice(tmp_path: Path) -> None:
    """Two players with one id: InvalidIdError naming it as a player id; nothing saved."""
    repo = open_repo(tmp_path)
    repo.save_players(make_players())
    with pytest.raises(InvalidIdError) as info:
        repo.save_players([Player(id="ana", name="A"), Player(id="ana", name="B")])
    assert (info.value.params["id"], info.value.params["what"]) == ("ana", "player")
    assert open_repo(tmp_path).get_players() == make_players()


def test_save_players_refuses_a_bad_player_id_as_a_player_id(tmp_path: Path) -> None:
    """An id that cannot be a file name is refused as a player's id."""
    with pytest.raises(InvalidIdError) as info:
        open_repo(tmp_path).save_players([Player(id="a b", name="A")])
    assert info.value.params["what"] == "player"
    assert info.value.message("en").startswith("Invalid player id 'a b'")


def test_save_players_refuses_another_kind_of_object(tmp_path: Path) -> None:
    """Something other than the player model: TypeError naming both types."""
    with pytest.raises(TypeError, match=r"^expected a Player, got Evening$"):
        open_repo(tmp_path).save_players([make_evening()])  # type: ignore[list-item]


def test_saved_players_are_written_as_json_and_backed_up(tmp_path: Path) -> None:
    """players.json holds the players in their JSON form, with the players' _meta; the
    first write of the file is backed up at the next one."""
    repo = open_repo(tmp_path)
    repo.save_players(make_players())
    doc = json.loads((tmp_path / "players.json").read_text("utf-8"))
    assert doc["_meta"]["1"]["kind"] == "players"
    assert list(doc["players"].values()) == [p.model_dump(mode="json") for p in make_players()]
    repo.save_players(make_players()[:1])
    assert list((tmp_path / "backups").glob("players.*.json"))


def test_a_damaged_evening_is_indexed_with_its_error_and_file(tmp_path: Path) -> None:
    """An evening file that cannot be read gets an entry saying why, with the file's size
    and mtime, version -1 and the file's mtime as its date of change, in UTC."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    path = repo.evening_path("ev1")
    path.write_bytes(b"{not json")
    remove_index(tmp_path)
    entry = open_repo(tmp_path).get_entry("ev1")
    st = path.stat()
    assert entry.error == "corrupt-file"
    assert (entry.file_size, entry.file_mtime_ns) == (st.st_size, st.st_mtime_ns)
    assert entry.schema_version == -1
    assert entry.updated_at.timestamp() == pytest.approx(st.st_mtime_ns / 1e9, abs=1e-6)
    assert entry.updated_at.utcoffset() is not None and entry.updated_at.utcoffset().seconds == 0


def test_an_evening_damaged_after_indexing_keeps_its_entry_with_the_error(
    tmp_path: Path,
) -> None:
    """An indexed evening whose file goes bad keeps its title, with the error and the new
    file's size and mtime."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", title="Vendredi"))
    path = repo.evening_path("ev1")
    path.write_bytes(b"{broken}")
    entry = open_repo(tmp_path).get_entry("ev1")
    st = path.stat()
    assert (entry.title, entry.error) == ("Vendredi", "corrupt-file")
    assert (entry.file_size, entry.file_mtime_ns) == (st.st_size, st.st_mtime_ns)


def _stamp(repo: Any, evening_id: str) -> tuple[int | None, int | None]:
    entry = repo.get_entry(evening_id)
    return (entry.file_size, entry.file_mtime_ns)


def test_summaries_are_kept_for_the_file_they_were_computed_from(tmp_path: Path) -> None:
    """Each summary whose stamp matches the evening file is stored and counted, and written
    to index.json; the others are skipped without stopping the rest."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("a"), make_evening("b"), make_evening("c")])
    stored = repo.store_summaries(
        {
            "missing": ((1, 2), {"x": 0}),
            "a": ((0, 0), {"x": 1}),  # computed from another file
            "b": (_stamp(repo, "b"), {"x": 2}),
            "c": (_stamp(repo, "c"), {"x": 3}),
        }
    )
    assert stored == 2
    assert [repo.get_entry(i).summary for i in ("b", "c")] == [{"x": 2}, {"x": 3}]
    assert repo.get_entry("a").summary != {"x": 1}
    reopened = open_repo(tmp_path, summarize=None)
    assert reopened.get_entry("c").summary == {"x": 3}


def _with_b_damaged(tmp_path: Path) -> Repository[Evening, Player]:
    """A store of evenings "a" and "b", reopened after "b"'s file was damaged."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("a"), make_evening("b")])
    repo.evening_path("b").write_bytes(b"{bad")
    return open_repo(tmp_path)


def test_no_summary_for_a_file_without_stamp_or_a_damaged_evening(tmp_path: Path) -> None:
    """A summary without a stamp, or for an evening whose file cannot be read, is not
    stored."""
    repo = _with_b_damaged(tmp_path)
    assert repo.store_summaries({"a": (_NO_STAT, {"x": 1})}) == 0
    assert repo.store_summaries({"b": (_stamp(repo, "b"), {"x": 2})}) == 0
    assert repo.get_entry("b").summary != {"x": 2}


def test_a_summary_must_be_json(tmp_path: Path) -> None:
    """A summary that is not JSON is refused before anything is stored."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("a"))
    before = repo.get_entry("a").summary
    with pytest.raises((TypeError, ValueError)):
        repo.store_summaries({"a": (_stamp(repo, "a"), {"x": object()})})
    assert repo.get_entry("a").summary == before


def test_save_many_refuses_an_id_given_twice(tmp_path: Path) -> None:
    """The id given twice is named, as an evening id; nothing is saved."""
    repo = open_repo(tmp_path)
    with pytest.raises(InvalidIdError) as info:
        repo.save_many([make_evening("a"), make_evening("b"), make_evening("b")])
    assert (info.value.params["id"], info.value.params["what"]) == ("b", "evening")
    assert repo.ids() == []


class _NoId(BaseModel):
    title: str


def test_save_many_refuses_a_model_without_an_id(tmp_path: Path) -> None:
    """A model without the id field is refused as an invalid id, not a crash."""
    with pytest.raises(InvalidIdError):
        open_repo(tmp_path).save_many([_NoId(title="x")])  # type: ignore[list-item]


def test_save_many_stamps_each_evening_in_utc(tmp_path: Path) -> None:
    """The time of change is an aware UTC time."""
    [entry] = open_repo(tmp_path).save_many([make_evening("a")])
    assert entry.updated_at.utcoffset() is not None
    assert entry.updated_at.utcoffset().total_seconds() == 0  # type: ignore[union-attr]


def test_delete_of_a_missing_evening_names_it(tmp_path: Path) -> None:
    """NotFoundError with the id and the file looked for."""
    repo = open_repo(tmp_path)
    with pytest.raises(NotFoundError) as info:
        repo.delete("ev9")
    assert info.value.params["id"] == "ev9"
    assert info.value.path == repo.evening_path("ev9")


def test_a_deleted_evening_leaves_the_index(tmp_path: Path) -> None:
    """After delete, the evening has no entry (get_entry names it), here and after a
    reopen; saving the id again starts afresh."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.delete("ev1")
    assert repo.ids() == [] and repo.list_index() == []
    with pytest.raises(NotFoundError) as info:
        repo.get_entry("ev1")
    assert info.value.params["id"] == "ev1"
    assert open_repo(tmp_path).ids() == []


def test_undated_evenings_come_last(tmp_path: Path) -> None:
    """Newest first by date; an evening without a date after every dated one."""
    repo = open_repo(tmp_path)
    undated = make_evening("u").model_copy(update={"date": ""})
    repo.save_many([undated, make_evening("d")])
    assert [e.id for e in repo.list_index()] == ["d", "u"]


def test_load_all_raises_on_a_damaged_evening_unless_asked_to_skip(tmp_path: Path) -> None:
    """By default a damaged file raises; with skip_errors it is left out and listed in
    problems."""
    repo = _with_b_damaged(tmp_path)
    repo.problems.clear()
    with pytest.raises(CorruptFileError):
        repo.load_all()
    assert [e.id for e in repo.load_all(skip_errors=True)] == ["a"]
    assert [p.path for p in repo.problems] == [repo.evening_path("b")]


def test_a_backup_of_another_evening_is_not_restored(tmp_path: Path) -> None:
    """A backup named for ev1 but holding another evening is refused, and not offered."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.save(make_evening("ev2"))
    folder = tmp_path / "backups" / "evenings"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("ev1.*"):
        old.unlink()
    wrong = folder / "ev1.20240101T000000000000Z.json"
    wrong.write_bytes(repo.evening_path("ev2").read_bytes())
    with pytest.raises(StoreError):
        repo.restore_backup(repo.evening_path("ev1"), wrong)
    assert repo.latest_good_backup(repo.evening_path("ev1")) is None
    assert repo.get("ev1") == make_evening("ev1")


def test_export_creates_its_folder(tmp_path: Path) -> None:
    """Exporting into a folder that does not exist yet creates it."""
    repo = open_repo(tmp_path / "data")
    repo.save(make_evening("ev1"))
    dest = repo.export_all(tmp_path / "new" / "export.json")
    assert json.loads(dest.read_text("utf-8"))["evenings"] == [
        make_evening("ev1").model_dump(mode="json")
    ]


def test_get_players_gives_copies(tmp_path: Path) -> None:
    """Changing a player returned changes nothing stored."""
    repo = open_repo(tmp_path)
    repo.save_players(make_players())
    repo.get_players()[0].name = "Changed"
    assert repo.get_players() == make_players()


def test_evenings_are_models_of_the_repository(tmp_path: Path) -> None:
    """What is read back is the evening model, equal to what was saved."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    assert isinstance(repo.get("ev1"), Evening)


def test_a_problem_found_again_after_another_process_wrote_is_listed_once(
    tmp_path: Path,
) -> None:
    """When another repository's change makes this one re-read the folder, a damaged file
    it already reported is not reported twice."""
    writer = open_repo(tmp_path)
    writer.save_many([make_evening("a"), make_evening("b")])
    writer.evening_path("a").write_bytes(b"{bad")
    remove_index(tmp_path)
    reader = open_repo(tmp_path)
    assert [p.path for p in reader.problems] == [reader.evening_path("a")]
    remove_index(tmp_path)
    writer.save(make_evening("c"))
    assert reader.ids() == ["a", "b", "c"]
    assert [p.path for p in reader.problems] == [reader.evening_path("a")]


class _DatedEvening(BaseModel):
    id: str
    date: str
    title: str
    started: datetime


class _DatedPlayer(BaseModel):
    id: str
    name: str
    since: date


def test_players_and_exports_hold_dates_as_json_text(tmp_path: Path) -> None:
    """Dates in players and evenings are written as ISO text, in players.json and in an
    export."""
    repo: Repository[_DatedEvening, _DatedPlayer] = Repository(
        _DatedEvening, _DatedPlayer, tmp_path / "data"
    )
    started = datetime(2024, 5, 17, 20, 30, tzinfo=UTC)
    repo.save(_DatedEvening(id="ev1", date="2024-05-17", title="Vendredi", started=started))
    repo.save_players([_DatedPlayer(id="ana", name="Ana", since=date(2023, 1, 2))])
    stored = json.loads((tmp_path / "data" / "players.json").read_text("utf-8"))
    assert list(stored["players"].values()) == [{"id": "ana", "name": "Ana", "since": "2023-01-02"}]
    export = json.loads(repo.export_all(tmp_path / "export.json").read_text("utf-8"))
    assert export["players"] == [{"id": "ana", "name": "Ana", "since": "2023-01-02"}]
    assert export["evenings"][0]["started"] == "2024-05-17T20:30:00Z"
