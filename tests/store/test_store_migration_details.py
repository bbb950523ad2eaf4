"""Schema versions in detail: reading the version, each shipped step, and the chain's checks.

Each test pins one rule of `companion/store/migrations.py` on raw documents, without a store
folder, so that a wrong comparison, kind or field name in a migration is noticed.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

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
