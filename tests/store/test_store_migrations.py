"""Schema versions: migrating old files (with a backup first) and refusing newer ones."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from storetest_models import (
    index_file,
    make_evening,
    make_players,
    open_repo,
    snapshot,
)

from companion.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CorruptFileError,
    MigrationError,
    NewerSchemaError,
    migrate_0_to_1,
    migrate_document,
)
from companion.store.migrations import (
    DERIVED_EVENING_FIELDS,
    document_version,
    make_meta,
    migrate_1_to_2,
)


def _v0_evening(evening_id: str = "old", hands: int = 2) -> dict[str, Any]:
    """An evening file in the pre-release format 0: no _meta table, no schema_version."""
    return {"evening": {"1": make_evening(evening_id, hands=hands).model_dump(mode="json")}}


def _write(path: Path, doc: Any) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode()
    path.write_bytes(data)
    return data


def test_migration_0_to_1_adds_meta() -> None:
    """migrate_0_to_1 adds _meta with schema_version 1 and the kind, keeping the data."""
    doc = _v0_evening()
    migrated = migrate_0_to_1(json.loads(json.dumps(doc)))
    assert migrated["_meta"] == {"1": {"schema_version": 1, "kind": "evening"}}
    assert migrated["evening"] == doc["evening"]
    assert MIGRATIONS[0] is migrate_0_to_1


def test_migration_is_idempotent() -> None:
    """Running the 0 -> 1 migration (or the whole chain) twice gives the same document."""
    once = migrate_0_to_1(_v0_evening())
    assert migrate_0_to_1(json.loads(json.dumps(once))) == once
    chained, old = migrate_document(_v0_evening())
    again, version = migrate_document(chained)
    assert (old, version) == (0, SCHEMA_VERSION) and again == chained


def test_version_0_evening_opens_and_is_upgraded_on_disk(tmp_path: Path) -> None:
    """A version-0 evening file is read as the model and rewritten at version 1."""
    path = tmp_path / "evenings" / "old.json"
    _write(path, _v0_evening())
    repo = open_repo(tmp_path)
    assert repo.get("old") == make_evening("old", hands=2)
    assert json.loads(path.read_text())["_meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert repo.get_entry("old").hand_count == 2


def test_migration_backs_up_the_old_file_first(tmp_path: Path) -> None:
    """Before migrating, the file is copied to backups/ with its old version in the name."""
    original = _write(tmp_path / "evenings" / "old.json", _v0_evening())
    open_repo(tmp_path).get("old")
    [backup] = (tmp_path / "backups" / "evenings").iterdir()
    assert backup.name.startswith("old.") and backup.name.endswith(".v0.json")
    assert backup.read_bytes() == original


def test_opening_migrated_store_twice_is_safe(tmp_path: Path) -> None:
    """Opening a migrated store again changes no file and takes no more backups."""
    _write(tmp_path / "evenings" / "old.json", _v0_evening())
    _write(
        tmp_path / "players.json",
        {"players": {str(n): p.model_dump() for n, p in enumerate(make_players(), 1)}},
    )
    first = open_repo(tmp_path)
    first.get("old")
    assert first.get_players() == make_players()
    after_first = snapshot(tmp_path)
    second = open_repo(tmp_path)
    assert second.get("old") == make_evening("old", hands=2)
    assert second.get_players() == make_players()
    assert snapshot(tmp_path) == after_first
    assert len(list((tmp_path / "backups").rglob("*.v0.json"))) == 2


def test_old_version_file_overwritten_by_save_is_backed_up(tmp_path: Path) -> None:
    """Saving over a version-0 file never read in this session backs it up with .v0 first."""
    original = _write(tmp_path / "evenings" / "old.json", _v0_evening())
    open_repo(tmp_path, migrations={0: lambda d: d}, schema_version=0)  # index it as-is
    open_repo(tmp_path).save(make_evening("old", hands=5))
    backups = (tmp_path / "backups" / "evenings").glob("*.v0.json")
    assert [b.read_bytes() for b in backups] == [original]


def test_extra_migration_chain_runs_in_order(tmp_path: Path) -> None:
    """With a registered 1 -> 2 migration, a version-0 file goes 0 -> 1 -> 2 on read."""

    def migrate_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
        for record in doc.get("evening", {}).values():
            record["title"] = record["title"].upper()  # idempotent
        doc["_meta"]["1"]["schema_version"] = 2
        return doc

    _write(tmp_path / "evenings" / "old.json", _v0_evening())
    repo = open_repo(tmp_path, schema_version=2, migrations={**MIGRATIONS, 1: migrate_1_to_2})
    assert repo.get("old").title == "FRIDAY"
    assert (
        json.loads((tmp_path / "evenings" / "old.json").read_text())["_meta"]["1"]["schema_version"]
        == 2
    )


def test_missing_migration_is_a_clear_error() -> None:
    """A gap in the registry raises MigrationError naming the version."""
    gap = SCHEMA_VERSION + 1
    with pytest.raises(MigrationError, match=f"from schema version {SCHEMA_VERSION} to {gap}"):
        migrate_document(_v0_evening(), target=gap)


def test_newer_evening_is_refused_untouched(tmp_path: Path) -> None:
    """An evening file from schema version 99 raises NewerSchemaError and is not modified."""
    doc = {
        "_meta": {"1": {"schema_version": 99, "kind": "evening"}},
        "evening": {"1": {"id": "new", "whatever": True}},
    }
    _write(tmp_path / "evenings" / "new.json", doc)
    repo = open_repo(tmp_path)
    before = snapshot(tmp_path)["evenings/new.json"]
    with pytest.raises(NewerSchemaError) as info:
        repo.get("new")
    assert info.value.code == "newer-schema" and (info.value.found, info.value.supported) == (
        99,
        SCHEMA_VERSION,
    )
    assert "version 99" in str(info.value) and "new.json" in str(info.value)
    assert repo.get_entry("new").error == "newer-schema"
    with pytest.raises(NewerSchemaError):
        repo.save(make_evening("new"))
    assert snapshot(tmp_path)["evenings/new.json"] == before
    assert not (tmp_path / "backups").exists() and not (tmp_path / "corrupt").exists()


def test_newer_index_refuses_to_open(tmp_path: Path) -> None:
    """A store whose index file is from a newer schema refuses to open and changes nothing."""
    open_repo(tmp_path).save(make_evening("ev1"))
    index = json.loads(index_file(tmp_path, "ev1").read_text())
    index["_meta"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    _write(index_file(tmp_path, "ev1"), index)
    before = snapshot(tmp_path)
    with pytest.raises(NewerSchemaError):
        open_repo(tmp_path)
    assert snapshot(tmp_path) == before


def test_newer_players_file_is_refused_untouched(tmp_path: Path) -> None:
    """A players.json from a newer schema: get_players and save_players refuse, file intact."""
    data = _write(
        tmp_path / "players.json",
        {"_meta": {"1": {"schema_version": 7, "kind": "players"}}, "players": {}},
    )
    repo = open_repo(tmp_path)
    with pytest.raises(NewerSchemaError):
        repo.get_players()
    with pytest.raises(NewerSchemaError):
        repo.save_players(make_players())
    assert (tmp_path / "players.json").read_bytes() == data


def test_newer_evening_that_still_validates_is_refused_untouched(tmp_path: Path) -> None:
    """A newer file that only adds a field still validates against this app's model: the
    version alone must refuse it (reading it, then saving over it, would drop the field)."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("new"))
    path = tmp_path / "evenings" / "new.json"
    doc = json.loads(path.read_text())
    doc["_meta"]["1"]["schema_version"] = SCHEMA_VERSION + 1
    doc["evening"]["1"]["added_by_the_next_version"] = "keep me"
    _write(path, doc)
    before = path.read_bytes()
    reopened = open_repo(tmp_path)
    assert reopened.get_entry("new").error == "newer-schema"
    with pytest.raises(NewerSchemaError):
        reopened.get("new")
    with pytest.raises(NewerSchemaError):
        reopened.save(make_evening("new", title="Overwritten"))
    assert path.read_bytes() == before


@pytest.mark.parametrize("start", range(3))
def test_migration_chain_runs_from_every_version(tmp_path: Path, start: int) -> None:
    """A file at any older version runs exactly the steps after its own, in order."""

    def step(n: int) -> Any:
        def migrate(doc: dict[str, Any]) -> dict[str, Any]:
            doc = migrate_0_to_1(doc) if n == 0 else doc
            for record in doc.get("evening", {}).values():
                record["title"] += f"+{n + 1}"
            doc["_meta"]["1"]["schema_version"] = n + 1
            return doc

        return migrate

    chain = {n: step(n) for n in range(3)}
    doc: dict[str, Any] = _v0_evening()
    if start:
        doc, _ = migrate_document(doc, target=start, migrations=chain)
        doc["evening"]["1"]["title"] = "Friday"  # as version ``start`` wrote it
    _write(tmp_path / "evenings" / "old.json", doc)
    repo = open_repo(tmp_path, schema_version=3, migrations=chain)
    expected = "Friday" + "".join(f"+{n}" for n in range(start + 1, 4))
    assert repo.get("old").title == expected
    stored = json.loads((tmp_path / "evenings" / "old.json").read_text())
    assert stored["_meta"]["1"]["schema_version"] == 3
    [backup] = (tmp_path / "backups" / "evenings").iterdir()
    assert backup.name.endswith(f".v{start}.json")


@pytest.mark.parametrize("start", range(SCHEMA_VERSION + 1))
def test_real_chain_from_every_version_gives_the_same_evening(tmp_path: Path, start: int) -> None:
    """The shipped migrations: a file at any version opens as the same evening as one
    migrated from version 0 in one go."""
    doc = _v0_evening()
    if start:
        doc, _ = migrate_document(doc, target=start)
    _write(tmp_path / "evenings" / "old.json", doc)
    assert open_repo(tmp_path).get("old") == make_evening("old")


def _meta(version: Any, kind: str = "evening") -> dict[str, Any]:
    return {"_meta": {"1": {"schema_version": version, "kind": kind}}}


def _evening_v1() -> dict[str, Any]:
    """A version-1 evening record holding derived state beside what people entered."""
    step = {"kind": "hand", "order": ["Ana", "Bo"], "result": {"points": [2, 0]}}
    logged = {"kind": "hand", "order": ["Bo", "Ana"], "result": {"points": [0, 2]}}
    record: dict[str, Any] = {
        "id": "ev",
        "title": "Friday",
        "players": ["Ana", "Bo"],
        "steps": [step, "not a step"],
        "log": [{"action": "record", "step": logged}, {"action": "undo", "step": None}, 7],
        "next_plan": {"sentences": ["Ana donne"]},
    }
    record.update((name, f"derived {name}") for name in DERIVED_EVENING_FIELDS)
    return {**_meta(1), "evening": {"1": record}}


# -- reading the version ----------------------------------------------------------------------


def test_a_document_without_meta_is_version_0() -> None:
    """A document with no _meta table is the pre-release version 0."""
    assert document_version({"evening": {}}) == 0
    assert document_version({}) == 0


@pytest.mark.parametrize("version", [0, 1, SCHEMA_VERSION, 41])
def test_the_version_is_read_from_meta_document_1(version: int) -> None:
    """The version is _meta["1"]["schema_version"], including 0 and versions above ours."""
    assert document_version(_meta(version)) == version


@pytest.mark.parametrize(
    "meta",
    [
        ["not", "a", "table"],
        "1",
        {},
        {"2": {"schema_version": 1}},
        {"1": ["schema_version", 1]},
        {"1": {}},
        {"1": {"version": 1}},
        {"1": {"schema_version": "1"}},
        {"1": {"schema_version": 1.0}},
        {"1": {"schema_version": True}},
        {"1": {"schema_version": False}},
        {"1": {"schema_version": None}},
        {"1": {"schema_version": -1}},
    ],
)
def test_a_malformed_meta_table_is_a_corrupt_file(meta: Any) -> None:
    """A _meta table without a whole, non-negative schema_version (a bool is not one) makes
    the file corrupt, with the reason in both languages and the file's name."""
    with pytest.raises(CorruptFileError) as info:
        document_version({"_meta": meta}, "evenings/x.json")
    error = info.value
    assert error.path == Path("evenings/x.json")
    assert str(error).startswith("evenings/x.json is corrupt: its _meta table has no valid ")
    assert "schema_version." in str(error)
    assert "Le fichier evenings/x.json est endommagé : sa table _meta n'a pas de " in (
        error.message("fr")
    )
    assert "schema_version valide." in error.message("fr")


def test_a_malformed_version_names_a_placeholder_without_a_path() -> None:
    """Without a path, the error names the document generically."""
    with pytest.raises(CorruptFileError) as info:
        document_version(_meta(-3))
    assert str(info.value).startswith("<document> is corrupt")


def test_make_meta_defaults_to_the_current_version() -> None:
    """make_meta writes the kind and, unless told otherwise, this app's schema version."""
    assert make_meta("index") == {"1": {"schema_version": SCHEMA_VERSION, "kind": "index"}}
    assert make_meta("players", 1) == {"1": {"schema_version": 1, "kind": "players"}}


# -- version 0 -> 1 ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "kind"),
    [
        (["evening"], "evening"),
        (["evenings"], "index"),
        (["players"], "players"),
        (["other"], "unknown"),
        ([], "unknown"),
        (["players", "evenings"], "index"),
        (["players", "evening", "evenings"], "evening"),
    ],
)
def test_0_to_1_infers_the_kind_from_the_data_table(tables: list[str], kind: str) -> None:
    """The kind comes from the data table (evening, evenings = index, players; the first
    of those in that order when several are present), else it is "unknown"."""
    doc = {name: {"1": {"n": i}} for i, name in enumerate(tables)}
    migrated = migrate_0_to_1(copy.deepcopy(doc))
    assert migrated["_meta"] == {"1": {"schema_version": 1, "kind": kind}}
    assert list(migrated) == ["_meta", *tables]
    assert {name: migrated[name] for name in tables} == doc


def test_0_to_1_replaces_a_meta_table_at_version_0() -> None:
    """A _meta table that says version 0 is replaced by a version-1 one; data is kept."""
    doc = {**_meta(0, kind="whatever"), "players": {"1": {"name": "Ana"}}}
    migrated = migrate_0_to_1(copy.deepcopy(doc))
    assert migrated == {**_meta(1, kind="players"), "players": {"1": {"name": "Ana"}}}


@pytest.mark.parametrize("version", [1, 2, 9])
def test_0_to_1_returns_a_versioned_document_as_it_is(version: int) -> None:
    """From version 1 on, migrate_0_to_1 returns the very document it was given."""
    doc = {**_meta(version, kind="players"), "evening": {"1": {"id": "x"}}}
    assert migrate_0_to_1(doc) is doc
    assert doc["_meta"]["1"] == {"schema_version": version, "kind": "players"}


# -- version 1 -> 2 ---------------------------------------------------------------------------


def test_1_to_2_keeps_only_what_people_entered() -> None:
    """Version 2 drops next_plan, every derived evening field and each step's result, in
    steps and in the log, and keeps everything else."""
    migrated = migrate_1_to_2(_evening_v1())
    record = migrated["evening"]["1"]
    assert record == {
        "id": "ev",
        "title": "Friday",
        "players": ["Ana", "Bo"],
        "steps": [{"kind": "hand", "order": ["Ana", "Bo"]}, "not a step"],
        "log": [
            {"action": "record", "step": {"kind": "hand", "order": ["Bo", "Ana"]}},
            {"action": "undo", "step": None},
            7,
        ],
    }
    assert migrated["_meta"] == {"1": {"schema_version": 2, "kind": "evening"}}


def test_1_to_2_tolerates_missing_steps_and_odd_records() -> None:
    """A record that is not an object (even before real ones), a record without steps or log,
    with null ones, or with steps that have no result, is migrated without error."""
    doc = {
        **_meta(1),
        "evening": {
            "1": "not a record",
            "2": {"id": "a", "totals": {"Ana": 3}},
            "3": {"id": "b", "steps": None, "log": None},
            "4": {"id": "c", "steps": [{"order": ["Ana"]}], "log": [{"step": {"order": []}}]},
        },
    }
    migrated = migrate_1_to_2(doc)
    assert migrated["evening"] == {
        "1": "not a record",
        "2": {"id": "a"},
        "3": {"id": "b", "steps": None, "log": None},
        "4": {"id": "c", "steps": [{"order": ["Ana"]}], "log": [{"step": {"order": []}}]},
    }
    assert migrated["_meta"]["1"]["schema_version"] == 2


def test_1_to_2_only_changes_the_version_of_other_files() -> None:
    """An index or players file keeps its tables as they are at version 2."""
    doc = {**_meta(1, kind="index"), "evenings": {"1": {"id": "ev", "totals": {"Ana": 1}}}}
    migrated = migrate_1_to_2(copy.deepcopy(doc))
    assert migrated == {**_meta(2, kind="index"), "evenings": doc["evenings"]}
    assert migrate_1_to_2({**_meta(1, kind="players"), "evening": None})["_meta"]["1"] == {
        "schema_version": 2,
        "kind": "players",
    }


@pytest.mark.parametrize("version", [2, 3])
def test_1_to_2_returns_a_version_2_document_as_it_is(version: int) -> None:
    """From version 2 on, the step returns its input untouched (a re-run after a crash)."""
    doc = _evening_v1()
    doc["_meta"]["1"]["schema_version"] = version
    before = copy.deepcopy(doc)
    assert migrate_1_to_2(doc) is doc
    assert doc == before


def test_the_shipped_chain_is_0_to_1_then_1_to_2() -> None:
    """The registry holds one step per version below the current one."""
    assert {0: migrate_0_to_1, 1: migrate_1_to_2} == MIGRATIONS
    assert SCHEMA_VERSION == 2


# -- the chain --------------------------------------------------------------------------------


def test_the_chain_never_changes_its_input() -> None:
    """migrate_document works on a copy: the caller's document is unchanged."""
    doc = _evening_v1()
    before = copy.deepcopy(doc)
    migrated, old = migrate_document(doc)
    assert old == 1 and doc == before
    assert migrated["_meta"]["1"]["schema_version"] == SCHEMA_VERSION
    assert "next_plan" not in migrated["evening"]["1"]


def test_the_chain_from_0_reaches_the_current_version() -> None:
    """By default the chain runs the shipped steps up to this app's version."""
    migrated, old = migrate_document({"evening": {"1": {"id": "ev", "totals": {"Ana": 1}}}})
    assert old == 0
    assert migrated == {**_meta(SCHEMA_VERSION), "evening": {"1": {"id": "ev"}}}


def test_a_current_document_is_returned_as_it_is() -> None:
    """At the target version the very document is returned, with its version."""
    doc = {**_meta(SCHEMA_VERSION), "evening": {}}
    migrated, old = migrate_document(doc)
    assert migrated is doc and old == SCHEMA_VERSION


def test_the_chain_stops_at_the_target() -> None:
    """With a lower target, only the steps below it run."""
    migrated, old = migrate_document({"evening": {"1": {"id": "ev", "lang": "fr"}}}, target=1)
    assert old == 0
    assert migrated == {**_meta(1), "evening": {"1": {"id": "ev", "lang": "fr"}}}


@pytest.mark.parametrize(("version", "target"), [(SCHEMA_VERSION + 1, SCHEMA_VERSION), (2, 1)])
def test_a_document_above_the_target_is_refused(version: int, target: int) -> None:
    """A version above the target raises NewerSchemaError naming the file and both versions."""
    with pytest.raises(NewerSchemaError) as info:
        migrate_document(_meta(version), path="evenings/new.json", target=target)
    error = info.value
    assert (error.found, error.supported, error.path) == (
        version,
        target,
        Path("evenings/new.json"),
    )
    assert str(error).startswith(f"evenings/new.json uses schema version {version}, ")


def test_a_malformed_version_names_the_file_given_to_the_chain() -> None:
    """The chain passes the file's path to the version check (a placeholder without one)."""
    with pytest.raises(CorruptFileError) as info:
        migrate_document(_meta("two"), path="index.json")
    assert info.value.path == Path("index.json")
    with pytest.raises(CorruptFileError) as info:
        migrate_document(_meta("two"))
    assert str(info.value).startswith("<document> is corrupt")


def test_an_empty_registry_is_a_missing_step() -> None:
    """An empty registry is not the default one: the first step is missing."""
    with pytest.raises(MigrationError) as info:
        migrate_document({"evening": {}}, path="a.json", target=1, migrations={})
    assert info.value.path == Path("a.json")
    assert info.value.details["version"] == 0 and info.value.details["produced"] is None
    assert str(info.value).startswith("No migration from schema version 0 to 1 for a.json.")


@pytest.mark.parametrize("produced", [0, 2])
def test_a_step_that_does_not_reach_the_next_version_is_refused(produced: int) -> None:
    """A step must produce exactly the next version: staying put or skipping one is a bug."""

    def wrong(doc: dict[str, Any]) -> dict[str, Any]:
        return {**_meta(produced), "evening": doc.get("evening", {})}

    with pytest.raises(MigrationError) as info:
        migrate_document({"evening": {}}, path="b.json", target=3, migrations={0: wrong})
    assert info.value.details["produced"] == produced
    assert str(info.value).startswith(
        f"Migration from schema version 0 produced version {produced}, expected 1 for b.json."
    )


def test_a_step_result_with_a_malformed_version_names_the_file() -> None:
    """The version a step produced is checked like the file's own, naming the file."""
    with pytest.raises(CorruptFileError) as info:
        migrate_document({}, path="c.json", target=1, migrations={0: lambda d: _meta(None)})
    assert info.value.path == Path("c.json")


def test_the_chain_runs_each_step_once_in_order() -> None:
    """From version 1 with target 3, steps 1 then 2 run once each, and step 0 never."""
    ran: list[int] = []

    def step(n: int) -> Any:
        def migrate(doc: dict[str, Any]) -> dict[str, Any]:
            ran.append(n)
            doc["_meta"]["1"]["schema_version"] = n + 1
            return doc

        return migrate

    migrated, old = migrate_document(
        {**_meta(1), "players": {}}, target=3, migrations={n: step(n) for n in range(4)}
    )
    assert ran == [1, 2] and old == 1
    assert migrated == {**_meta(3), "players": {}}
