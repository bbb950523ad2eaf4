"""export_all / import_all: exact round trip, and broken files change nothing."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storetest_models import Evening, Hand, make_evening, make_players, open_repo, snapshot

from companion.store import EXPORT_FORMAT, SCHEMA_VERSION, ImportFileError, NewerSchemaError


def _filled(folder: Path):
    repo = open_repo(folder)
    repo.save_many([make_evening(f"ev{n}", hands=n, title=f"Soirée {n}") for n in range(4)])
    repo.save_players(make_players())
    return repo


def test_round_trip_is_exact(tmp_path: Path) -> None:
    """Exporting a store rebuilt by import_all gives byte-identical JSON."""
    source = _filled(tmp_path / "a")
    first = source.export_all(tmp_path / "one.json")
    rebuilt = open_repo(tmp_path / "b")
    result = rebuilt.import_all(first)
    assert (result.evenings, result.players) == (4, 3)
    second = open_repo(tmp_path / "b").export_all(tmp_path / "two.json")
    assert second.read_bytes() == first.read_bytes()
    assert open_repo(tmp_path / "b").get("ev3") == source.get("ev3")
    assert (
        open_repo(tmp_path / "b").get_entry("ev3").updated_at == source.get_entry("ev3").updated_at
    )


def test_export_holds_everything_with_schema_version(tmp_path: Path) -> None:
    """The export is one JSON file with format, schema_version, index, players and evenings."""
    doc = json.loads(_filled(tmp_path / "a").export_all(tmp_path / "x.json").read_text())
    assert doc["format"] == EXPORT_FORMAT and doc["schema_version"] == SCHEMA_VERSION
    assert (
        [e["id"] for e in doc["index"]]
        == [e["id"] for e in doc["evenings"]]
        == ["ev0", "ev1", "ev2", "ev3"]
    )
    assert len(doc["players"]) == 3


_text = st.text(st.characters(blacklist_categories=["Cs"]), max_size=12)
_ids = st.text("abcdefghij0123456789-_", min_size=1, max_size=8)
_hands = st.lists(
    st.builds(
        Hand,
        number=st.integers(0, 99),
        order=st.lists(_ids, max_size=5),
        points=st.dictionaries(_ids, st.integers(-9, 9), max_size=5),
        events=st.lists(_text, max_size=3),
    ),
    max_size=4,
)
_evenings = st.lists(
    st.builds(
        Evening,
        id=_ids,
        date=_text,
        title=_text,
        place=st.none() | _text,
        players=st.lists(_ids, max_size=5),
        hands=_hands,
    ),
    max_size=5,
    unique_by=lambda e: e.id,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evenings=_evenings)
def test_round_trip_is_exact_for_arbitrary_evenings(evenings: list[Evening]) -> None:
    """Property: for any evenings (unicode, empty lists...), export -> import -> export is exact."""
    with tempfile.TemporaryDirectory() as raw:
        tmp = Path(raw)
        source = open_repo(tmp / "a")
        source.save_many(evenings)
        first = source.export_all(tmp / "one.json")
        open_repo(tmp / "b").import_all(first)
        second = open_repo(tmp / "b").export_all(tmp / "two.json")
        assert second.read_bytes() == first.read_bytes()


def _valid_export(tmp_path: Path) -> dict[str, Any]:
    return json.loads(_filled(tmp_path / "src").export_all(tmp_path / "src.json").read_text())


def _broken(kind: str, doc: dict[str, Any]) -> bytes | dict[str, Any]:
    if kind == "truncated":
        return json.dumps(doc).encode()[:-40]
    if kind == "not-export":
        return {"_default": {}}
    if kind == "bad-evening":
        doc["evenings"][2]["hands"][0]["number"] = "three"
    elif kind == "bad-player":
        del doc["players"][1]["name"]
    elif kind == "duplicate-id":
        doc["evenings"][1]["id"] = "ev0"
    elif kind == "unsafe-id":
        doc["evenings"][0]["id"] = doc["index"][0]["id"] = "../../etc"
    elif kind == "index-mismatch":
        doc["index"].pop()
    elif kind == "no-players":
        del doc["players"]
    return doc


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("truncated", "invalid JSON"),
        ("not-export", "not a companion export"),
        ("bad-evening", "evenings[2]: hands.0.number"),
        ("bad-player", "players[1]: name"),
        ("duplicate-id", "duplicate evening id 'ev0'"),
        ("unsafe-id", "invalid evening id"),
        ("index-mismatch", "index and evenings disagree"),
        ("no-players", "'players' is missing"),
    ],
)
def test_broken_import_changes_nothing(tmp_path: Path, kind: str, message: str) -> None:
    """A wrong or broken import file raises ImportFileError, clearly; no file changes."""
    broken = _broken(kind, _valid_export(tmp_path))
    path = tmp_path / "broken.json"
    path.write_bytes(broken if isinstance(broken, bytes) else json.dumps(broken).encode())
    target = tmp_path / "store"
    repo = open_repo(target)
    repo.save(make_evening("mine", hands=1))
    repo.save_players(make_players()[:1])
    before = snapshot(target)
    with pytest.raises(ImportFileError) as info:
        repo.import_all(path)
    assert info.value.code == "import-invalid"
    assert message in str(info.value) and "broken.json" in str(info.value)
    fr = info.value.message("fr")
    assert fr.startswith(f"Impossible d'importer {path} : ") and "Rien n'a été modifié" in fr
    assert info.value.reason_fr and info.value.reason_fr != info.value.reason
    assert snapshot(target) == before
    assert repo.ids() == ["mine"] and repo.get_players() == make_players()[:1]


def test_import_of_missing_file_is_an_import_error(tmp_path: Path) -> None:
    """Importing a path that does not exist raises ImportFileError."""
    with pytest.raises(ImportFileError, match="does not exist"):
        open_repo(tmp_path / "s").import_all(tmp_path / "nope.json")


def test_import_of_newer_export_is_refused(tmp_path: Path) -> None:
    """An export from a newer schema raises NewerSchemaError and writes nothing."""
    doc = _valid_export(tmp_path)
    doc["schema_version"] = 5
    (tmp_path / "new.json").write_text(json.dumps(doc))
    with pytest.raises(NewerSchemaError):
        open_repo(tmp_path / "s").import_all(tmp_path / "new.json")
    assert not (tmp_path / "s").exists()


def test_import_replace_moves_other_evenings_to_trash(tmp_path: Path) -> None:
    """import_all(replace=True) leaves exactly the imported evenings; the others go to trash/."""
    export = _filled(tmp_path / "a").export_all(tmp_path / "x.json")
    repo = open_repo(tmp_path / "b")
    repo.save(make_evening("mine"))
    result = repo.import_all(export)
    assert result.trashed == ["mine"]
    assert open_repo(tmp_path / "b").ids() == ["ev0", "ev1", "ev2", "ev3"]
    assert len(list((tmp_path / "b" / "trash" / "evenings").iterdir())) == 1


def test_import_merge_keeps_other_evenings(tmp_path: Path) -> None:
    """import_all(replace=False) adds the imported evenings next to the existing ones."""
    export = _filled(tmp_path / "a").export_all(tmp_path / "x.json")
    repo = open_repo(tmp_path / "b")
    repo.save(make_evening("mine"))
    repo.import_all(export, replace=False)
    assert open_repo(tmp_path / "b").ids() == ["ev0", "ev1", "ev2", "ev3", "mine"]


def test_import_of_version_0_export_is_upgraded(tmp_path: Path) -> None:
    """An export made at schema version 0 is migrated and imported."""
    doc = _valid_export(tmp_path)
    doc["schema_version"] = 0
    (tmp_path / "old.json").write_text(json.dumps(doc))
    repo = open_repo(tmp_path / "s")
    repo.import_all(tmp_path / "old.json")
    assert repo.get("ev2") == make_evening("ev2", hands=2, title="Soirée 2")
