"""Reading store files into models, in detail: each refusal names the file and says what is
wrong in both languages, players come in doc-id order, and the fast read of an evening file
gives way to the full one for anything but a current, matching file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError, ValidationInfo, field_validator
from storetest_models import Evening, Player, make_evening

from companion.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    CorruptFileError,
    InvalidIdError,
    NotFoundError,
)
from companion.store.documents import FROM_FILE, Documents, short_errors, validation_words

PATH = Path("evenings/ev1.json")


def _documents(id_field: str = "id") -> Documents[Evening, Player]:
    return Documents(
        Evening, Player, id_field=id_field, schema_version=SCHEMA_VERSION, migrations=MIGRATIONS
    )


def _file(kind: str, table: str, records: dict[str, Any], version: int = SCHEMA_VERSION) -> bytes:
    doc = {"_meta": {"1": {"schema_version": version, "kind": kind}}, table: records}
    return json.dumps(doc).encode()


def _evening_record(evening_id: str = "ev1") -> dict[str, Any]:
    record: dict[str, Any] = make_evening(evening_id).model_dump(mode="json")
    return record


def _corrupt(error: CorruptFileError, reason: str, reason_fr: str) -> None:
    """The error names the file and gives exactly these reasons."""
    assert error.path == PATH
    assert (error.reason, error.reason_fr) == (reason, reason_fr)
    assert str(error).startswith(f"{PATH} is corrupt: {reason}.")
    assert f"Le fichier {PATH} est endommagé : {reason_fr}." in error.message("fr")


# -- short_errors -----------------------------------------------------------------------------


class _Five(BaseModel):
    a: int
    b: int
    c: int
    d: int
    e: int


def _errors(count: int) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        _Five.model_validate({name: 0 for name in "abcde"[count:]})
    return info.value


def test_short_errors_names_the_first_three_and_counts_the_rest() -> None:
    """Three errors on one line, "; " between them, then how many more."""
    assert short_errors(_errors(5)) == "a: missing; b: missing; c: missing; and 2 more"
    assert short_errors(_errors(4)).endswith("c: missing; and 1 more")


def test_the_count_of_the_other_errors_is_in_the_viewer_s_language() -> None:
    """How many more errors there are is said in each language, in its plural form, as the
    errors themselves are (``validation_words`` reads pydantic's report)."""
    words = validation_words(_errors(5))
    assert words.render("fr").endswith("c : manquant ; et 2 autres")
    assert words.render("de").endswith("c: fehlt; und 2 weitere")
    assert validation_words(_errors(4)).render("de").endswith("; und 1 weiterer")


def test_short_errors_says_nothing_more_when_all_are_shown() -> None:
    """Exactly three errors (or fewer): no "and … more"."""
    assert short_errors(_errors(3)) == "a: missing; b: missing; c: missing"
    assert short_errors(_errors(1)) == "a: missing"


def test_short_errors_limit_and_root() -> None:
    """The limit is a parameter; an error on the value itself is placed at the top level."""
    assert short_errors(_errors(2), limit=1) == "a: missing; and 1 more"
    with pytest.raises(ValidationError) as info:
        _Five.model_validate([1, 2])
    assert short_errors(info.value) == "(top level): should be an object"


# -- evening records --------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 2])
def test_an_evening_file_holds_exactly_one_record(count: int) -> None:
    """No record, or two, is a corrupt evening file (the count in each language's plural
    form: French says « 0 soirée »)."""
    records = {str(i): _evening_record(f"e{i}") for i in range(1, count + 1)}
    with pytest.raises(CorruptFileError) as info:
        _documents().evening_from_records(records, PATH, "ev1")
    _corrupt(
        info.value,
        f"it holds {count} evening records, expected 1",
        f"il contient {count} {'soirée' if count < 2 else 'soirées'} au lieu d'une",
    )


def test_an_evening_record_that_does_not_validate_is_named_with_its_errors() -> None:
    """The model's name and the first validation errors are given."""
    record = {**_evening_record(), "title": None}
    with pytest.raises(CorruptFileError) as info:
        _documents().evening_from_records({"1": record}, PATH, "ev1")
    _corrupt(
        info.value,
        "it does not match the Evening model: title: should be text",
        "il ne correspond pas au modèle Evening (title : doit être un texte)",
    )


def test_an_evening_file_holding_another_evening_is_corrupt() -> None:
    """The record's id must be the one asked for."""
    with pytest.raises(CorruptFileError) as info:
        _documents().evening_from_records({"1": _evening_record("other")}, PATH, "ev1")
    _corrupt(
        info.value,
        "it holds evening 'other', expected 'ev1'",
        "il contient la soirée 'other' au lieu de 'ev1'",
    )


def test_without_an_expected_id_any_evening_is_read() -> None:
    """No id asked for (an import, a scan): the record is read whatever its id."""
    assert _documents().evening_from_records({"1": _evening_record("other")}, PATH, None) == (
        make_evening("other")
    )


def test_a_model_without_the_id_field_holds_no_id() -> None:
    """A model lacking the id field is read as holding no id, which is not the one asked."""
    with pytest.raises(CorruptFileError) as info:
        _documents(id_field="code").evening_from_records({"1": _evening_record()}, PATH, "ev1")
    assert info.value.reason == "it holds evening None, expected 'ev1'"


# -- players and index ------------------------------------------------------------------------


def test_players_come_in_doc_id_order_as_numbers() -> None:
    """TinyDB's doc ids are numbers: 2 comes before 10."""
    records = {str(n): {"id": f"p{n}", "name": f"P{n}"} for n in (10, 2, 1)}
    players = _documents().players_from_records(records, PATH)
    assert [p.id for p in players] == ["p1", "p2", "p10"]


def test_a_player_that_does_not_validate_is_named() -> None:
    """The refusal names the doc id, the model and the errors."""
    records = {"1": {"id": "p1", "name": "Ana"}, "2": {"id": "p2"}}
    with pytest.raises(CorruptFileError) as info:
        _documents().players_from_records(records, PATH)
    _corrupt(
        info.value,
        "player 2 does not match the Player model: name: missing",
        "le joueur 2 ne correspond pas au modèle Player (name : manquant)",
    )


def _entry(evening_id: str = "ev1") -> dict[str, Any]:
    return {"id": evening_id, "updated_at": "2024-05-17T20:00:00+00:00", "schema_version": 2}


def test_index_entries_keep_their_raw_records() -> None:
    """Each entry comes with a copy of its record as stored."""
    [(entry, raw)] = _documents().index_from_records({"4": _entry()}, PATH)
    assert entry.id == "ev1" and raw == _entry()


def test_an_index_entry_that_does_not_validate_is_named() -> None:
    """A missing field: the entry's doc id and the errors, in both languages."""
    record = {k: v for k, v in _entry().items() if k != "updated_at"}
    with pytest.raises(CorruptFileError) as info:
        _documents().index_from_records({"1": _entry("a"), "3": record}, PATH)
    _corrupt(
        info.value,
        "index entry 3 is invalid: updated_at: missing",
        "l'entrée 3 de l'index est invalide (updated_at : manquant)",
    )


def test_an_index_entry_with_an_unusable_id_is_named() -> None:
    """An id that cannot be a file name: the id error's own words, in each language."""
    with pytest.raises(CorruptFileError) as info:
        _documents().index_from_records({"2": _entry("../x")}, PATH)
    bad_id = InvalidIdError.bad("../x", "evening")
    _corrupt(
        info.value,
        f"index entry 2 is invalid: {bad_id.message('en')}",
        f"l'entrée 2 de l'index est invalide ({bad_id.message('fr')})",
    )


# -- kind and load ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("found", "kind", "reason", "reason_fr"),
    [
        (
            "players",
            "evening",
            "it is a players file, not an evening file",
            "c'est un fichier de joueurs, pas un fichier de soirée",
        ),
        (
            "evening",
            "index",
            "it is an evening file, not an index file",
            "c'est un fichier de soirée, pas un fichier d'index",
        ),
        (
            "index",
            "players",
            "it is an index file, not a players file",
            "c'est un fichier d'index, pas un fichier de joueurs",
        ),
        (
            "cards",
            "players",
            "it is a 'cards' file, not a players file",
            "c'est un fichier 'cards', pas un fichier de joueurs",
        ),
    ],
)
def test_a_file_of_another_kind_is_corrupt(
    found: str, kind: str, reason: str, reason_fr: str
) -> None:
    """A file whose _meta names another kind is refused, naming both kinds."""
    data = _file(found, "players", {})
    with pytest.raises(CorruptFileError) as info:
        _documents().load(PATH, kind, data=data)
    _corrupt(info.value, reason, reason_fr)


def test_a_file_without_a_kind_is_read_as_asked() -> None:
    """A _meta without a kind is accepted as the kind asked for."""
    doc = {"_meta": {"1": {"schema_version": SCHEMA_VERSION}}, "players": {}}
    value, _, old, _ = _documents().load(PATH, "players", data=json.dumps(doc).encode())
    assert value == [] and old == SCHEMA_VERSION


def test_load_returns_the_value_the_document_the_old_version_and_the_bytes() -> None:
    """An older evening file is migrated in memory; the bytes are the ones read."""
    data = json.dumps({"evening": {"1": _evening_record()}}).encode()
    value, doc, old, read = _documents().load(PATH, "evening", "ev1", data=data)
    assert value == make_evening() and old == 0 and read is data
    assert doc["_meta"]["1"] == {"schema_version": SCHEMA_VERSION, "kind": "evening"}


def test_load_reads_the_file_when_not_given_bytes(tmp_path: Path) -> None:
    """Without bytes the file is read; a missing file is NotFoundError."""
    path = tmp_path / "players.json"
    with pytest.raises(NotFoundError):
        _documents().load(path, "players")
    data = _file("players", "players", {"1": {"id": "p1", "name": "Ana"}})
    path.write_bytes(data)
    value, _, _, read = _documents().load(path, "players")
    assert value == [Player(id="p1", name="Ana")] and read == data


# -- the fast read ----------------------------------------------------------------------------


def test_the_fast_read_gives_a_current_matching_evening() -> None:
    """A current evening file holding the evening asked for is read in one pass."""
    data = _file("evening", "evening", {"1": _evening_record()})
    assert _documents().current_evening(data, "ev1") == make_evening()
    no_kind = {
        "_meta": {"1": {"schema_version": SCHEMA_VERSION}},
        "evening": {"1": _evening_record()},
    }
    assert _documents().current_evening(json.dumps(no_kind).encode(), "ev1") == make_evening()


@pytest.mark.parametrize(
    "data",
    [
        b"not json",
        _file("evening", "evening", {"1": _evening_record()}, version=SCHEMA_VERSION - 1),
        _file("evening", "evening", {"1": _evening_record()}, version=SCHEMA_VERSION + 1),
        _file("players", "evening", {"1": _evening_record()}),
        _file("evening", "evening", {}),
        _file("evening", "evening", {"1": _evening_record(), "2": _evening_record()}),
        _file("evening", "evening", {"1": _evening_record("other")}),
        json.dumps({"_meta": {"2": {"schema_version": 2}}, "evening": {}}).encode(),
    ],
)
def test_the_fast_read_leaves_anything_else_to_the_full_one(data: bytes) -> None:
    """Invalid, older, newer, of another kind, not one record, another evening, no _meta
    document 1: the fast read answers None."""
    assert _documents().current_evening(data, "ev1") is None


def test_the_fast_read_of_a_model_without_the_id_field_is_none() -> None:
    """A model lacking the id field never matches: the full read decides (and refuses)."""
    data = _file("evening", "evening", {"1": _evening_record()})
    assert _documents(id_field="code").current_evening(data, "ev1") is None


def test_load_names_the_file_in_every_refusal(tmp_path: Path) -> None:
    """A missing file, and bad evening, players or index records read through load, are
    refused naming the file."""
    missing = tmp_path / "gone.json"
    with pytest.raises(NotFoundError) as gone:
        _documents().load(missing, "evening", "gone")
    assert gone.value.path == missing
    bad = {
        "evening": _file("evening", "evening", {}),
        "players": _file("players", "players", {"1": {"id": "p1"}}),
        "index": _file("index", "evenings", {"1": {"id": "ev1"}}),
    }
    for kind, data in bad.items():
        with pytest.raises(CorruptFileError) as info:
            _documents().load(PATH, kind, "ev1", data=data)
        assert info.value.path == PATH, kind


def test_load_checks_the_evening_asked_for() -> None:
    """load passes the id asked for: a file holding another evening is refused."""
    data = _file("evening", "evening", {"1": _evening_record("other")})
    with pytest.raises(CorruptFileError) as info:
        _documents().load(PATH, "evening", "ev1", data=data)
    assert info.value.reason == "it holds evening 'other', expected 'ev1'"


class _OldPlayer(BaseModel):
    """A player whose name is held to 5 characters when typed, not when read from a file
    (an earlier version let longer names through)."""

    id: str
    name: str

    @field_validator("name")
    @classmethod
    def _typed_limit(cls, name: str, info: ValidationInfo) -> str:
        if len(name) > 5 and not (info.context or {}).get(FROM_FILE):
            raise ValueError("too long")
        return name


def test_a_player_file_reads_what_an_earlier_version_let_through() -> None:
    """Rule: players are read from a file with the file's context (``READ_CONTEXT``): a
    limit on what people type does not make a file written before it unreadable."""
    documents = Documents(
        Evening, _OldPlayer, id_field="id", schema_version=SCHEMA_VERSION, migrations=MIGRATIONS
    )
    [player] = documents.players_from_records({"1": {"id": "p1", "name": "Alexandre"}}, PATH)
    assert player.name == "Alexandre"
    with pytest.raises(ValidationError):
        _OldPlayer.model_validate({"id": "p1", "name": "Alexandre"})
