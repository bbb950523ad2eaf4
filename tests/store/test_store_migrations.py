"""Schema versions: migrating old files (with a backup first) and refusing newer ones."""

from __future__ import annotations

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
    MigrationError,
    NewerSchemaError,
    migrate_0_to_1,
    migrate_document,
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
