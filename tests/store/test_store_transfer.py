"""Reading an export back, in detail: each refusal's exact reasons in both languages, the
version checks, the upgrade of an older export, and the free-space check."""

from __future__ import annotations

import json
import shutil
from collections import namedtuple
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from storetest_models import Evening, Player, make_evening

from companion.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    DiskFullError,
    ImportFileError,
    NewerSchemaError,
    UnreadableFileError,
    transfer,
)
from companion.store.documents import KIND_TABLES, Documents
from companion.store.transfer import EXPORT_FORMAT, check_free_space, parse_import

DOCS: Documents[Evening, Player] = Documents(
    Evening, Player, id_field="id", schema_version=SCHEMA_VERSION, migrations=MIGRATIONS
)
UPDATED = "2024-05-17T20:00:00+00:00"


def _export(ids: tuple[str, ...] = ("ev1", "ev2"), version: int = SCHEMA_VERSION) -> dict:
    return {
        "format": EXPORT_FORMAT,
        "schema_version": version,
        "index": [{"id": i, "updated_at": UPDATED, "schema_version": version} for i in ids],
        "players": [{"id": "p1", "name": "Ana"}],
        "evenings": [make_evening(i).model_dump(mode="json") for i in ids],
    }


def _parse(tmp_path: Path, doc: Any) -> Any:
    path = tmp_path / "export.json"
    path.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode())
    return parse_import(path, DOCS, "id")


def _parse_with(tmp_path: Path, doc: Any, docs: Documents[Evening, Player]) -> Any:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    return parse_import(path, docs, "id")


def _refusal(tmp_path: Path, doc: Any) -> ImportFileError:
    with pytest.raises(ImportFileError) as info:
        _parse(tmp_path, doc)
    assert info.value.path == tmp_path / "export.json"
    return info.value


def test_a_valid_export_is_read_whole(tmp_path: Path) -> None:
    """Evenings, players, when each evening changed, and the file's size."""
    data = json.dumps(_export()).encode()
    parsed = _parse(tmp_path, data)
    assert parsed.evenings == [make_evening("ev1"), make_evening("ev2")]
    assert parsed.players == [Player(id="p1", name="Ana")]
    moment = datetime(2024, 5, 17, 20, tzinfo=UTC)
    assert parsed.updated == {"ev1": moment, "ev2": moment}
    assert parsed.size == len(data)


def test_a_missing_file(tmp_path: Path) -> None:
    """The file does not exist, in both languages."""
    with pytest.raises(ImportFileError) as info:
        parse_import(tmp_path / "nope.json", DOCS, "id")
    assert (info.value.reason, info.value.reason_fr) == (
        "the file does not exist",
        "le fichier n'existe pas",
    )


def test_an_unreadable_file_says_why(tmp_path: Path) -> None:
    """A folder in place of the file cannot be read: the reason is given in each language."""
    (tmp_path / "export.json").mkdir()
    with pytest.raises(ImportFileError) as info:
        parse_import(tmp_path / "export.json", DOCS, "id")
    assert info.value.reason.startswith("it cannot be read (")
    assert info.value.reason_fr.startswith("il ne peut pas être lu (")
    assert info.value.reason != "it cannot be read (None)"


@pytest.mark.parametrize("doc", [[1, 2], {"format": "other"}, {"schema_version": 2}])
def test_not_an_export(tmp_path: Path, doc: Any) -> None:
    """A value that is not an object with the export's format is refused."""
    error = _refusal(tmp_path, doc)
    assert error.reason == f'it is not a companion export (no "format": "{EXPORT_FORMAT}")'
    assert error.reason_fr == (
        f'ce n\'est pas un export de l\'application (pas de "format": "{EXPORT_FORMAT}")'
    )


@pytest.mark.parametrize("version", [None, "2", True, -1, 1.0])
def test_an_export_without_a_valid_version(tmp_path: Path, version: Any) -> None:
    """schema_version must be a whole number from 0 (a bool is not one)."""
    doc = {**_export(), "schema_version": version}
    error = _refusal(tmp_path, doc)
    assert (error.reason, error.reason_fr) == (
        "it has no valid schema_version",
        "il n'a pas de schema_version valide",
    )


def test_a_newer_export_is_refused(tmp_path: Path) -> None:
    """One version above this app's: NewerSchemaError with both versions."""
    with pytest.raises(NewerSchemaError) as info:
        _parse(tmp_path, _export(version=SCHEMA_VERSION + 1))
    assert (info.value.found, info.value.supported) == (SCHEMA_VERSION + 1, SCHEMA_VERSION)


@pytest.mark.parametrize("key", ["index", "players", "evenings"])
def test_each_part_must_be_a_list(tmp_path: Path, key: str) -> None:
    """index, players and evenings are lists; the refusal names the part."""
    error = _refusal(tmp_path, {**_export(), key: {"1": {}}})
    assert (error.reason, error.reason_fr) == (
        f"{key!r} is missing or not a list",
        f"{key!r} manque ou n'est pas une liste",
    )


@pytest.mark.parametrize("version", [0, 1])
def test_an_older_export_is_upgraded(tmp_path: Path, version: int) -> None:
    """Versions 0 and 1 are migrated part by part (derived fields dropped) and read."""
    doc = _export(version=version)
    doc["evenings"][0]["totals"] = {"Ana": 3}  # a version-1 derived field
    parsed = _parse(tmp_path, doc)
    assert parsed.evenings == [make_evening("ev1"), make_evening("ev2")]
    assert [p.id for p in parsed.players] == ["p1"]


def _failed_upgrade(tmp_path: Path) -> tuple[Path, ImportFileError]:
    """An export read by a store one schema version ahead with no migration to it."""
    docs: Documents[Evening, Player] = Documents(
        Evening, Player, id_field="id", schema_version=SCHEMA_VERSION + 1, migrations=MIGRATIONS
    )
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_export()))
    with pytest.raises(ImportFileError) as info:
        parse_import(path, docs, "id")
    return path, info.value


def test_an_export_whose_upgrade_fails(tmp_path: Path) -> None:
    """A migration that fails is named in both languages."""
    _, error = _failed_upgrade(tmp_path)
    assert error.reason.startswith(
        f"it could not be upgraded: No migration from schema version {SCHEMA_VERSION} to "
    )
    assert error.reason_fr.startswith("sa mise à jour a échoué : Impossible de mettre")


def test_invalid_records_are_named_by_part_and_position(tmp_path: Path) -> None:
    """A record that does not validate: part[n] and the errors."""
    doc = _export()
    del doc["players"][0]["name"]
    error = _refusal(tmp_path, doc)
    assert (error.reason, error.reason_fr) == (
        "players[0]: name: missing",
        "players[0] invalide (name : manquant)",
    )


def test_invalid_and_duplicate_ids_are_named(tmp_path: Path) -> None:
    """An id that cannot be a file name, or one seen before, with its kind in each language."""
    doc = _export(("ev1", "ev2"))
    doc["evenings"][1]["id"] = "ev1"
    doc["players"].append({"id": "bad id", "name": "Bo"})
    error = _refusal(tmp_path, doc)
    assert error.reason == (
        "evenings[1]: duplicate evening id 'ev1'; players[1]: invalid player id 'bad id'"
    )
    assert error.reason_fr == (
        "evenings[1] : identifiant de soirée en double 'ev1' ; "
        "players[1] : identifiant de joueur invalide 'bad id'"
    )


def test_index_and_evenings_must_agree(tmp_path: Path) -> None:
    """Evenings not indexed and entries without an evening: at most three of each named."""
    doc = _export(("a", "b", "c", "d", "e"))
    doc["index"] = [{"id": i, "updated_at": UPDATED, "schema_version": 2} for i in "vwxyz"]
    error = _refusal(tmp_path, doc)
    assert error.reason == (
        "index and evenings disagree (not indexed: ['a', 'b', 'c'], "
        "indexed but absent: ['v', 'w', 'x'])"
    )
    assert error.reason_fr == (
        "l'index et les soirées ne concordent pas (non indexées : ['a', 'b', 'c'], "
        "indexées mais absentes : ['v', 'w', 'x'])"
    )


def test_no_agreement_check_once_records_are_refused(tmp_path: Path) -> None:
    """When records are already refused, the disagreement is not added on top."""
    doc = _export()
    doc["index"].pop()
    del doc["players"][0]["name"]
    assert _refusal(tmp_path, doc).reason == "players[0]: name: missing"


@pytest.mark.parametrize(("count", "more"), [(5, ""), (6, " and 1 more problem")])
def test_at_most_five_problems_are_named(tmp_path: Path, count: int, more: str) -> None:
    """Five problems are all named; beyond, how many more (in the plural form of the count)."""
    doc = _export()
    doc["players"] = [{"id": f"p{n}"} for n in range(count)]
    error = _refusal(tmp_path, doc)
    named = [f"players[{n}]: name: missing" for n in range(min(count, 5))]
    assert error.reason == "; ".join(named) + more
    fr_more = " et 1 autre problème" if more else ""
    assert error.reason_fr.endswith(f"players[4] invalide (name : manquant){fr_more}")


Usage = namedtuple("Usage", "total used free")


def test_free_space_for_twice_the_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Room for twice the file is needed; exactly twice is enough. The check climbs to the
    first folder that exists."""
    probed: list[Path] = []

    def usage(path: Path) -> Usage:
        probed.append(Path(path))
        return Usage(10_000, 0, 1000)

    monkeypatch.setattr(shutil, "disk_usage", usage)
    check_free_space(tmp_path / "new" / "data", tmp_path / "x.json", 500)
    assert probed == [tmp_path]
    with pytest.raises(DiskFullError) as info:
        check_free_space(tmp_path, tmp_path / "x.json", 501)
    assert info.value.details["free"] == 1000 and info.value.details["needed"] == 1002
    assert "1,000 bytes free, about 1,002 needed" in str(info.value)
    assert "1\u202f000 octets libres, environ 1\u202f002 nécessaires" in info.value.message("fr")


def test_free_space_unknown_is_no_refusal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """When the free space cannot be read, the import goes ahead."""

    def broken(path: Path) -> Usage:
        raise OSError("no statvfs")

    monkeypatch.setattr(shutil, "disk_usage", broken)
    check_free_space(tmp_path, tmp_path / "x.json", 10**12)


def test_a_folder_in_place_of_the_export_says_so_exactly(tmp_path: Path) -> None:
    """The damage's own reason is given, in each language."""
    (tmp_path / "export.json").mkdir()
    with pytest.raises(ImportFileError) as info:
        parse_import(tmp_path / "export.json", DOCS, "id")
    assert info.value.reason == "it cannot be read (a folder is where the file should be)"
    assert info.value.reason_fr == (
        "il ne peut pas être lu (un dossier se trouve à la place du fichier)"
    )


def test_an_unreadable_export_gives_the_system_s_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read refused by the system (permissions, I/O) gives its reason in both languages."""

    def refused(path: Path, limit: int | None = None) -> bytes:
        raise UnreadableFileError(path, "Permission denied")

    monkeypatch.setattr(transfer, "read_bytes", refused)
    with pytest.raises(ImportFileError) as info:
        parse_import(tmp_path / "export.json", DOCS, "id")
    assert info.value.reason == "it cannot be read (Permission denied)"
    assert info.value.reason_fr == "il ne peut pas être lu (Permission denied)"


def test_a_newer_export_is_named(tmp_path: Path) -> None:
    """The NewerSchemaError carries the export's path."""
    with pytest.raises(NewerSchemaError) as info:
        _parse(tmp_path, _export(version=SCHEMA_VERSION + 1))
    assert info.value.path == tmp_path / "export.json"


def test_a_failed_upgrade_names_the_export(tmp_path: Path) -> None:
    """The migration's refusal names the export file, not a placeholder."""
    path, error = _failed_upgrade(tmp_path)
    assert f" for {path}. This is a bug" in error.reason
    assert f"Impossible de mettre à jour le format de {path} :" in error.reason_fr


def _shout(seen: list[dict[str, Any]]) -> Any:
    """A version 1 → 2 step that records what it is given and changes every part visibly:
    names and titles in capitals, each evening indexed a day later."""

    def step(doc: dict[str, Any]) -> dict[str, Any]:
        seen.append(json.loads(json.dumps(doc)))
        for record in doc.get("players", {}).values():
            record["name"] = record["name"].upper()
        for record in doc.get("evening", {}).values():
            record["title"] = record["title"].upper()
        for record in doc.get("evenings", {}).values():
            record["updated_at"] = "2024-05-18T20:00:00+00:00"
        if doc.get("players") == {}:
            del doc["players"]  # a step may leave out a table it leaves empty
        doc["_meta"]["1"]["schema_version"] = 2
        return doc

    return step


def _shouting_docs(seen: list[dict[str, Any]]) -> Documents[Evening, Player]:
    return Documents(Evening, Player, id_field="id", schema_version=2, migrations={1: _shout(seen)})


def test_each_part_is_migrated_as_a_file_of_its_kind(tmp_path: Path) -> None:
    """A version-1 export's parts go through the file migrations as the files would: one
    table per part, doc ids from 1, and _meta naming the kind and the version 1."""
    seen: list[dict[str, Any]] = []
    doc = _export(("ev1", "ev2"), version=1)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    parse_import(path, _shouting_docs(seen), "id")
    index, players, *evenings = seen
    meta = {kind: {"1": {"schema_version": 1, "kind": kind}} for kind in KIND_TABLES}
    entries = {str(n): entry for n, entry in enumerate(doc["index"], 1)}
    assert index == {"evenings": entries, "_meta": meta["index"]}
    assert players == {"players": {"1": doc["players"][0]}, "_meta": meta["players"]}
    assert evenings == [
        {"evening": {"1": record}, "_meta": meta["evening"]} for record in doc["evenings"]
    ]


def test_every_part_is_read_as_migrated_in_its_order(tmp_path: Path) -> None:
    """What the parser validates is the migrated records, in their order (eleven players:
    the 10th and 11th stay last)."""
    doc = _export(version=1)
    doc["players"] = [{"id": f"p{n}", "name": f"name{n}"} for n in range(1, 12)]
    parsed = _parse_with(tmp_path, doc, _shouting_docs([]))
    assert [p.name for p in parsed.players] == [f"NAME{n}" for n in range(1, 12)]
    assert [e.title for e in parsed.evenings] == ["FRIDAY", "FRIDAY"]
    assert set(parsed.updated.values()) == {datetime(2024, 5, 18, 20, tzinfo=UTC)}


def test_a_part_the_migration_leaves_out_is_empty(tmp_path: Path) -> None:
    """A table a step leaves out (here the players, none exported) reads as no records."""
    doc = _export(version=1)
    doc["players"] = []
    assert _parse_with(tmp_path, doc, _shouting_docs([])).players == []


def test_the_upgraded_export_is_at_the_current_version() -> None:
    """The upgraded export has the same parts, no others, and the current version."""
    doc = _export(version=1)
    out = transfer._migrate_export(DOCS, doc, 1, Path("export.json"))
    assert set(out) == set(doc)
    assert out["schema_version"] == SCHEMA_VERSION
    # Every part comes through, the players included: an upgrade loses no record.
    for part in ("index", "players", "evenings"):
        assert len(out[part]) == len(doc[part]) > 0, part
    assert [p["id"] for p in out["players"]] == [p["id"] for p in doc["players"]]


def test_an_invalid_index_entry_is_named_as_the_index(tmp_path: Path) -> None:
    """A record of the index part that does not validate is named index[n]."""
    doc = _export(("ev1",))
    del doc["index"][0]["updated_at"]
    error = _refusal(tmp_path, doc)
    assert error.reason == "index[0]: updated_at: missing"
    assert error.reason_fr == "index[0] invalide (updated_at : manquant)"


class _Nameless(BaseModel):
    """A player model without the field named as the players' id."""

    name: str


def test_players_without_the_id_field_are_refused(tmp_path: Path) -> None:
    """When the player model has no such id field, each player is refused with no id."""
    docs: Documents[Evening, _Nameless] = Documents(
        Evening, _Nameless, id_field="id", schema_version=SCHEMA_VERSION, migrations=MIGRATIONS
    )
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_export()))
    with pytest.raises(ImportFileError) as info:
        parse_import(path, docs, "id")
    assert info.value.reason == "players[0]: invalid player id None"


def test_too_little_space_is_refused_word_for_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The refusal names the file, both sizes and what to do, in each language, and carries
    the file's path."""
    monkeypatch.setattr(shutil, "disk_usage", lambda path: Usage(10_000, 0, 1000))
    path = tmp_path / "x.json"
    with pytest.raises(DiskFullError) as info:
        check_free_space(tmp_path, path, 600)
    assert info.value.message("fr") == (
        f"Pas assez de place pour importer {path} (1\u202f000 octets libres, environ "
        "1\u202f200 nécessaires). Rien n'a été modifié. Libérez de la place, puis recommencez."
    )
    assert info.value.message("en") == (
        f"Not enough free space to import {path} (1,000 bytes free, about 1,200 needed). "
        "Nothing was changed. Free some space, then try again."
    )
    assert info.value.path == path


def test_the_parts_may_come_before_the_format_and_the_version(tmp_path: Path) -> None:
    """An export whose keys are in another order (the parts first, as a tool sorting keys
    writes them) reads the same: the parts are read again once the header is known."""
    doc = _export()
    data = json.dumps(doc, sort_keys=True).encode()
    assert data.index(b'"evenings"') < data.index(b'"format"')
    assert _parse(tmp_path, data) == _parse(tmp_path, json.dumps(doc).encode())


def test_a_part_given_twice_is_refused(tmp_path: Path) -> None:
    """A part named twice in the file (JSON would keep the last silently) is refused."""
    data = json.dumps(_export()).encode()[:-1] + b', "players": []}'
    error = _refusal(tmp_path, data)
    assert (error.reason, error.reason_fr) == (
        "'players' appears twice",
        "'players' apparaît deux fois",
    )


@pytest.mark.parametrize(
    "data",
    [
        b'{"format": "companion-store-export", "index": [1 2]}',
        b'{"format": "companion-store-export", "index": [1,]}',
        b'{"format": "companion-store-export", "index": [{]}',
        b'{"format": "companion-store-export"} extra',
        b'{"format" "companion-store-export"}',
        b'{"format": "companion-store-export" "index": []}',
        b"[",
        b"",
    ],
)
def test_broken_json_is_said_as_json_loads_says_it(tmp_path: Path, data: bytes) -> None:
    """Read part by part, a broken file is refused with the words, line and column of
    ``json.loads``."""
    with pytest.raises(json.JSONDecodeError) as loads:
        json.loads(data)
    found = loads.value
    error = _refusal(tmp_path, data)
    assert error.reason == f"invalid JSON at line {found.lineno} column {found.colno}: {found.msg}"
