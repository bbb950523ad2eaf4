"""Repository basics: pydantic models in and out, stable ids, index, players, trash."""

from __future__ import annotations

import datetime as dt
import json
import threading
from datetime import UTC, date, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel, Field
from storetest_models import (
    Evening,
    Hand,
    Player,
    index_file,
    index_records,
    make_evening,
    make_players,
    open_repo,
    remove_index,
)

from companion.store import (
    SCHEMA_VERSION,
    CorruptFileError,
    InvalidIdError,
    NotFoundError,
    Repository,
    StoreError,
    open_tinydb,
)
from companion.store import repository as repo_mod
from companion.store.atomic import dumps_document


def test_save_then_get_returns_equal_model(tmp_path: Path) -> None:
    """A saved evening comes back equal, from a freshly opened repository."""
    evening = make_evening("ev1", hands=3)
    open_repo(tmp_path).save(evening)
    assert open_repo(tmp_path).get("ev1") == evening


def test_files_are_tinydb_documents_with_schema_version(tmp_path: Path) -> None:
    """Each file is a TinyDB database with a _meta table holding schema_version."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.save_players(make_players())
    for path in (repo.evening_path("ev1"), index_file(tmp_path, "ev1"), repo.players_path):
        meta = open_tinydb(path, read_only=True).table("_meta").get(doc_id=1)
        assert meta["schema_version"] == SCHEMA_VERSION
    record = open_tinydb(repo.evening_path("ev1"), read_only=True).table("evening").all()
    assert record == [make_evening("ev1").model_dump(mode="json")]


def test_index_entry_describes_the_evening(tmp_path: Path) -> None:
    """list_index() gives date, title, place, player ids, hand count, version and summary."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=4))
    [entry] = open_repo(tmp_path).list_index()
    assert (entry.id, entry.date, entry.title, entry.place) == (
        "ev1",
        "2024-05-17",
        "Friday",
        "Lyon",
    )
    assert entry.player_ids == ["alice", "bob", "chloe"]
    assert entry.hand_count == 4 and entry.schema_version == SCHEMA_VERSION
    assert entry.summary == {"points": {"alice": 3, "bob": 4, "chloe": 5}}


def test_list_index_is_newest_first(tmp_path: Path) -> None:
    """list_index() sorts by date, newest first."""
    repo = open_repo(tmp_path)
    for n, day in enumerate(["2023-01-01", "2025-01-01", "2024-01-01"]):
        repo.save(make_evening(f"e{n}").model_copy(update={"date": day}))
    assert [e.date for e in repo.list_index()] == ["2025-01-01", "2024-01-01", "2023-01-01"]


def test_recording_a_hand_rewrites_only_that_evening_and_index(tmp_path: Path) -> None:
    """Saving one evening leaves the other evening files byte-for-byte and mtime untouched."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening(f"e{n}") for n in range(5)])
    before = {p.name: p.stat().st_mtime_ns for p in repo.evenings_dir.iterdir()}
    evening = repo.get("e2")
    evening.hands.append(Hand(number=9, order=["bob", "alice", "chloe"]))
    repo.save(evening)
    after = {p.name: p.stat().st_mtime_ns for p in repo.evenings_dir.iterdir()}
    assert {n for n in after if after[n] != before[n]} == {"e2.json"}
    assert repo.get_entry("e2").hand_count == 3


def test_get_unknown_id_raises_not_found(tmp_path: Path) -> None:
    """get() of an unknown id raises NotFoundError with code not-found."""
    with pytest.raises(NotFoundError) as info:
        open_repo(tmp_path).get("nope")
    assert info.value.code == "not-found"


@pytest.mark.parametrize("bad", ["", "../x", "a/b", "a.b", "x" * 129, "é"])
def test_unsafe_ids_are_refused(tmp_path: Path, bad: str) -> None:
    """Ids that are not safe file names raise InvalidIdError and write nothing."""
    repo = open_repo(tmp_path)
    with pytest.raises(InvalidIdError):
        repo.save(make_evening().model_copy(update={"id": bad}))
    assert not repo.evenings_dir.exists()


def test_delete_moves_file_to_trash(tmp_path: Path) -> None:
    """delete() moves the evening file into trash/ (same bytes) and drops it from the index."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    content = repo.evening_path("ev1").read_bytes()
    dest = repo.delete("ev1")
    assert dest.parent == tmp_path / "trash" / "evenings" and dest.read_bytes() == content
    assert not repo.evening_path("ev1").exists()
    assert "ev1" not in open_repo(tmp_path).ids()
    with pytest.raises(NotFoundError):
        repo.delete("ev1")


def test_players_round_trip_in_order(tmp_path: Path) -> None:
    """save_players() then get_players() (fresh repository) gives the same list, same order."""
    open_repo(tmp_path).save_players(make_players()[::-1])
    assert open_repo(tmp_path).get_players() == make_players()[::-1]


def test_duplicate_player_ids_are_refused(tmp_path: Path) -> None:
    """save_players() with two players sharing an id raises and writes nothing."""
    repo = open_repo(tmp_path)
    players = make_players()
    with pytest.raises(InvalidIdError):
        repo.save_players([*players, players[0]])
    assert not repo.players_path.exists()


def test_index_heals_after_crash_between_evening_and_index_write(
    tmp_path: Path, monkeypatch
) -> None:
    """If the index write is lost after the evening write, the next open fixes the entry."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1", hands=1))
    monkeypatch.setattr(repo_mod.Repository, "_write_index", lambda self: None)
    repo.save(make_evening("ev1", hands=5))
    repo.save(make_evening("ev2", hands=2))
    monkeypatch.undo()
    assert [e["hand_count"] for e in index_records(tmp_path)] == [1]
    healed = open_repo(tmp_path)
    assert {e.id: e.hand_count for e in healed.list_index()} == {"ev1": 5, "ev2": 2}
    assert [(e["id"], e["hand_count"]) for e in index_records(tmp_path)] == [("ev1", 5), ("ev2", 2)]


def test_evening_file_removed_behind_our_back_leaves_the_index(tmp_path: Path) -> None:
    """An evening file deleted outside the app disappears from the index at the next open."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening("a"), make_evening("b")])
    repo.evening_path("a").unlink()
    assert open_repo(tmp_path).ids() == ["b"]


def test_concurrent_threads_lose_no_write(tmp_path: Path) -> None:
    """Eight threads saving 10 evenings each: all 80 are stored and indexed."""
    repo = open_repo(tmp_path)
    errors: list[BaseException] = []

    def work(t: int) -> None:
        try:
            for n in range(10):
                repo.save(make_evening(f"t{t}-{n}", hands=1))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(open_repo(tmp_path)) == 80


def test_wrong_model_type_is_refused(tmp_path: Path) -> None:
    """save() of something that is not the evening model raises TypeError."""
    with pytest.raises(TypeError):
        open_repo(tmp_path).save(Hand(number=1, order=[]))  # type: ignore[arg-type]


def test_load_all_returns_every_evening(tmp_path: Path) -> None:
    """load_all() returns every stored evening as a model."""
    repo = open_repo(tmp_path)
    evenings = [make_evening(f"e{n}", hands=n) for n in range(4)]
    repo.save_many(evenings)
    loaded = open_repo(tmp_path).load_all()
    assert sorted(loaded, key=lambda e: e.id) == evenings
    assert all(isinstance(e, Evening) for e in loaded)


def test_opening_a_new_data_dir_writes_nothing(tmp_path: Path) -> None:
    """Opening (and reading from) an empty data dir creates no file or folder."""
    repo = open_repo(tmp_path / "data")
    assert repo.list_index() == [] and repo.get_players() == []
    assert not (tmp_path / "data").exists()


def test_index_file_is_canonical_json(tmp_path: Path) -> None:
    """Each index file, built from cached per-entry JSON, equals a plain dump of its
    content: entries numbered 1, 2… in id order, every id in the file of its hash."""
    repo = open_repo(tmp_path)
    repo.save_many([make_evening(f"e{n}", hands=n) for n in range(40)])
    reopened = open_repo(tmp_path)
    reopened.save(make_evening("e3", hands=7, title="Été"))
    seen = []
    for path in sorted((tmp_path / "index").iterdir()):
        data = path.read_bytes()
        assert dumps_document(json.loads(data)) == data
        entries = json.loads(data)["evenings"]
        assert list(entries) == [str(n) for n in range(1, len(entries) + 1)]
        ids = [e["id"] for e in entries.values()]
        assert ids == sorted(ids)
        assert {index_file(tmp_path, i) for i in ids} == {path}
        seen += ids
    assert sorted(seen) == sorted(f"e{n}" for n in range(40))
    [e3] = [e for e in index_records(tmp_path) if e["id"] == "e3"]
    assert e3["title"] == "Été" and e3["hand_count"] == 7


def test_file_of_another_kind_is_corrupt(tmp_path: Path) -> None:
    """A players file copied in place of an evening file is reported as the wrong kind."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo.save_players(make_players())
    repo.evening_path("ev1").write_bytes(repo.players_path.read_bytes())
    with pytest.raises(repo_mod.CorruptFileError, match="players file, not an evening file"):
        open_repo(tmp_path).get("ev1")


def test_summary_that_is_not_json_fails_before_writing(tmp_path: Path) -> None:
    """A summarize hook returning non-JSON data raises before any file is written."""
    repo = open_repo(tmp_path, summarize=lambda e: {"players": {1, 2}})
    with pytest.raises(TypeError):
        repo.save(make_evening("ev1"))
    assert not tmp_path.joinpath("evenings").exists()


class _Person(BaseModel):
    id: str


class _MethodNamed(BaseModel):
    """Like the table's Evening: no title, and ``name`` is a method."""

    id: str
    date: dt.date
    title: str | None = None
    place: str | None = None
    players: list[_Person] = Field(default_factory=list)
    hands: list[int] = Field(default_factory=list)
    notes: str = "x" * 10_000  # what a repr of the whole model would drag into the index

    def name(self, player_id: str) -> str:
        return player_id


def test_default_describe_takes_only_text_for_title_and_place() -> None:
    """A method called ``name`` (or any non-str title/place) is never stored as the title:
    it once put the repr of whole evenings in the index (22 MB)."""
    model = _MethodNamed(
        id="e1",
        date=dt.date(2024, 5, 17),
        players=[_Person(id="a"), _Person(id="b")],
        hands=[1, 2, 3],
    )
    info = repo_mod.default_describe(model)
    assert (info.title, info.place) == (None, None)
    assert info.date == "2024-05-17" and info.player_ids == ["a", "b"] and info.hand_count == 3
    titled = model.model_copy(update={"title": "Chez Léa", "place": "Lyon"})
    assert (repo_mod.default_describe(titled).title, repo_mod.default_describe(titled).place) == (
        "Chez Léa",
        "Lyon",
    )


def test_default_describe_ignores_values_that_are_not_plain() -> None:
    """Objects, numbers, methods as title, name, place, date or player id are dropped."""

    odd = SimpleNamespace(
        title=42,
        name=object(),
        place=["Lyon"],
        date=lambda: "2024-05-17",
        started_at=dt.datetime(2024, 5, 17, 20, 30),
        player_ids=None,
        players=["a", 7, True, object(), _Person(id="p")],
        hands="not a list",
    )
    info = repo_mod.default_describe(odd)  # type: ignore[arg-type]
    assert (info.title, info.place) == (None, None)
    assert info.date == "2024-05-17T20:30:00"
    assert info.player_ids == ["a", "7", "p"] and info.hand_count == 0
    named = SimpleNamespace(name="Vendredi", title=None)
    assert repo_mod.default_describe(named).title == "Vendredi"  # type: ignore[arg-type]


def test_index_stays_small_for_a_model_with_a_name_method(tmp_path: Path) -> None:
    """Saving such a model with the default describe hook keeps its index entry tiny."""
    repo = repo_mod.Repository(_MethodNamed, Player, tmp_path)
    repo.save(_MethodNamed(id="e1", date=dt.date(2024, 5, 17), players=[_Person(id="a")]))
    assert repo.get_entry("e1").title is None
    assert index_file(tmp_path, "e1").stat().st_size < 1000


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
