"""The three kinds of store file as documents: parse, migrate (in memory) and validate them.

Every file is a TinyDB document (``{table: {doc_id: record}}``) with a ``_meta`` table
holding its ``schema_version`` and kind: an evening file holds one record in table
``evening``, ``players.json`` one record per player in table ``players``, ``index.json``
one :class:`~companion.store.index.IndexEntry` per evening in table ``evenings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from tinydb import TinyDB

from companion.words import Fixed, Message, Renders

from .atomic import read_bytes
from .errors import CorruptFileError, InvalidIdError, NotFoundError
from .index import INDEX_TABLE, IndexEntry
from .migrations import META_DOC_ID, META_TABLE, Migration
from .paths import validate_id
from .tinyio import open_upgraded
from .validation_words import ValidationWords, short_errors, validation_words

__all__ = [
    "FROM_FILE",
    "KIND_TABLES",
    "READ_CONTEXT",
    "Documents",
    "ValidationWords",
    "short_errors",
    "validation_words",
]

E = TypeVar("E", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)

#: the table holding the records of each kind of file
KIND_TABLES = {"evening": "evening", "index": INDEX_TABLE, "players": "players"}


def _kind(kind: object) -> Renders:
    """A kind of store file as the messages name it (« de soirée », "an evening")."""
    if kind in KIND_TABLES:
        return Message.of(f"store.kind.{kind}")
    return Message.of("store.kind.other", kind=repr(kind))


#: The validation context of every record read from a file (``info.context[FROM_FILE]``):
#: a model may take from a file what it refuses from a person, e.g. a text longer than
#: today's limit that an older version let through (the file must still read).
FROM_FILE = "from_file"
READ_CONTEXT: Mapping[str, Any] = {FROM_FILE: True}


class _Meta(BaseModel):
    schema_version: int
    kind: str | None = None


class Documents(Generic[E, P]):
    """Reads the store's files into the application's models (see the module doc)."""

    def __init__(
        self,
        evening_model: type[E],
        player_model: type[P],
        *,
        id_field: str,
        schema_version: int,
        migrations: Mapping[int, Migration],
    ) -> None:
        self.evening_model = evening_model
        self.player_model = player_model
        self.id_field = id_field
        self.schema_version = schema_version
        self.migrations = migrations
        # the whole evening file in one pydantic pass (the fast read of a current file)
        self._file_model = create_model(
            f"_{evening_model.__name__}File",
            __config__=ConfigDict(extra="ignore"),
            meta=(dict[str, _Meta], Field(alias=META_TABLE)),
            evening=(dict[str, evening_model], ...),  # type: ignore[valid-type]
        )

    def check_kind(self, db: TinyDB, kind: str, path: Path) -> None:
        """CorruptFileError when the file says it is of another kind."""
        meta = db.table(META_TABLE).get(doc_id=int(META_DOC_ID))
        found = meta.get("kind") if isinstance(meta, Mapping) else None
        if found not in (None, kind):
            raise CorruptFileError(
                path, Message.of("store.reason.kind", found=_kind(found), kind=_kind(kind))
            )

    def evening_from_records(
        self, records: Mapping[str, Any], path: Path, evening_id: str | None
    ) -> E:
        if len(records) != 1:
            raise CorruptFileError(
                path, Message.of("store.reason.evenings_in_file", count=len(records))
            )
        record = next(iter(records.values()))
        try:
            model = self.evening_model.model_validate(record, context=READ_CONTEXT)
        except ValidationError as exc:
            name, detail = self.evening_model.__name__, validation_words(exc)
            raise CorruptFileError(
                path, Message.of("store.reason.model", model=name, detail=detail)
            ) from exc
        found = getattr(model, self.id_field, None)
        if evening_id is not None and found != evening_id:
            raise CorruptFileError(
                path,
                Message.of(
                    "store.reason.other_evening", found=repr(found), expected=repr(evening_id)
                ),
            )
        return model

    def players_from_records(self, records: Mapping[str, Any], path: Path) -> list[P]:
        players = []
        for doc_id in sorted(records, key=int):
            try:
                players.append(
                    self.player_model.model_validate(records[doc_id], context=READ_CONTEXT)
                )
            except ValidationError as exc:
                name, detail = self.player_model.__name__, validation_words(exc)
                raise CorruptFileError(
                    path,
                    Message.of("store.reason.player", doc_id=doc_id, model=name, detail=detail),
                ) from exc
        return players

    def index_from_records(
        self, records: Mapping[str, Any], path: Path
    ) -> list[tuple[IndexEntry, dict[str, Any]]]:
        entries = []
        for doc_id, record in records.items():
            try:
                entry = IndexEntry.model_validate(record)
                validate_id(entry.id)
            except (ValidationError, InvalidIdError) as exc:
                detail: str | Renders = (
                    validation_words(exc)
                    if isinstance(exc, ValidationError)
                    else exc.words or Fixed(str(exc))
                )
                raise CorruptFileError(
                    path, Message.of("store.reason.index_entry", doc_id=doc_id, detail=detail)
                ) from exc
            entries.append((entry, dict(record)))
        return entries

    def load(
        self, path: Path, kind: str, evening_id: str | None = None, data: bytes | None = None
    ) -> tuple[Any, dict[str, Any], int, bytes]:
        """Parse, migrate (in memory) and validate a file: (value, doc, old_version, bytes).

        Raises NotFoundError, CorruptFileError, NewerSchemaError or MigrationError.
        """
        if data is None:
            data = read_bytes(path)
        if data is None:
            raise NotFoundError.file(path)
        db, upgraded = open_upgraded(
            data, path, target=self.schema_version, migrations=self.migrations
        )
        self.check_kind(db, kind, path)
        records = {str(d.doc_id): d for d in db.table(KIND_TABLES[kind]).all()}
        if kind == "evening":
            value: Any = self.evening_from_records(records, path, evening_id)
        elif kind == "players":
            value = self.players_from_records(records, path)
        else:
            value = self.index_from_records(records, path)
        assert upgraded.document is not None
        return value, upgraded.document, upgraded.old_version, data

    def current_evening(self, data: bytes, evening_id: str) -> E | None:
        """The evening of a file of the current schema version, parsed and validated in one
        pass; ``None`` for anything else (older, newer, damaged...): :meth:`load` decides."""
        try:
            parsed: Any = self._file_model.model_validate_json(data, context=READ_CONTEXT)
        except ValidationError:
            return None
        meta = parsed.meta.get(META_DOC_ID)
        records = parsed.evening
        if (
            meta is None
            or meta.schema_version != self.schema_version  # newer files are refused by load
            or meta.kind not in (None, "evening")
            or len(records) != 1
        ):
            return None
        model: E = next(iter(records.values()))
        return model if getattr(model, self.id_field, None) == evening_id else None
