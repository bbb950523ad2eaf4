"""Export everything to one JSON file, and read such a file back (checked whole first).

An export is ``{"format": EXPORT_FORMAT, "schema_version": N, "index": [...],
"players": [...], "evenings": [...]}``; an older one is upgraded with the file
migrations.  Writing the imported data is the repository's job.

Reading one costs bounded time and memory whatever it holds: a file over
:data:`MAX_IMPORT_BYTES` is refused before it is read, the parts are read one record at a
time (:mod:`~companion.store.json_stream`: a long list of junk is checked and dropped item
by item, never built whole), at most :data:`MAX_IMPORT_RECORDS` records of a part are kept,
and of the problems found the first :data:`NAMED_PROBLEMS` are named and the others only
counted.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from companion.words import Fixed, Message, Renders
from companion.words.formats import decimal, number

from .atomic import json_problem, not_utf8, read_bytes
from .documents import KIND_TABLES, READ_CONTEXT, Documents, validation_words
from .errors import DiskFullError, ImportFileError, NewerSchemaError, StoreError, what_words
from .index import IndexEntry
from .json_stream import Cursor
from .migrations import META_TABLE, make_meta, migrate_document
from .names import is_valid_id

__all__ = [
    "EXPORT_EXCLUDE",
    "EXPORT_FORMAT",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_RECORDS",
    "NAMED_PROBLEMS",
    "CheckedImport",
    "ImportResult",
    "check_free_space",
    "parse_import",
]

E = TypeVar("E", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)

EXPORT_FORMAT = "companion-store-export"
#: index fields that describe this machine's files, not the data
EXPORT_EXCLUDE = {"error", "file_size", "file_mtime_ns"}
#: the largest file an import reads: about fourteen times the backup of ten years of weekly
#: evenings (520 evenings of 30 hands at 6 players: 4.5 MB, benchmarks/bench_scale.py), so
#: the export of any club this app is likely to hold (7,000 such evenings) imports again
MAX_IMPORT_BYTES = 64_000_000
#: the most evenings (or players) a backup holds: 190 years of weekly evenings (writing 520
#: holds the data folder 0.75 s; many more would hold it for minutes)
MAX_IMPORT_RECORDS = 10_000
#: how many problems a refusal names; the others are counted ("and 41,802 more problems")
NAMED_PROBLEMS = 5
_PARTS = ("index", "players", "evenings")


@dataclass
class ImportResult:
    """What :meth:`Repository.import_all` did."""

    evenings: int
    players: int
    trashed: list[str] = field(default_factory=list)


@dataclass
class ParsedImport(Generic[E, P]):
    """An export file read and validated whole: nothing is written yet."""

    evenings: list[E]
    players: list[P]
    updated: dict[str, datetime]  # evening id -> when it was last changed
    size: int  # bytes of the file


@dataclass
class CheckedImport(Generic[E, P]):
    """An export checked whole, with the index entry of each evening made: all that is
    left is writing it (``Repository.write_import``)."""

    evenings: list[E]
    players: list[P]
    entries: list[IndexEntry]  # one per evening, in the same order


@dataclass(frozen=True)
class _Megabytes:
    """A size in megabytes to a decimal, as ``lang`` writes it: 31.2 (MB), 31,2 (Mo), 64."""

    size: int

    def render(self, lang: str) -> str:
        mb = round(self.size / 1_000_000, 1)
        return number(lang, int(mb)) if mb.is_integer() else decimal(lang, mb, digits=1)


def _upgrade_part(
    docs: Documents[Any, Any], kind: str, records: list[Any], version: int, path: Path
) -> list[Any]:
    """Upgrade the records of one part as the file migrations upgrade a file of its kind."""
    table = {str(n): r for n, r in enumerate(records, 1)}
    raw: dict[str, Any] = {KIND_TABLES[kind]: table}
    if version >= 1:
        raw[META_TABLE] = make_meta(kind, version)
    new, _ = migrate_document(
        raw, path=path, target=docs.schema_version, migrations=docs.migrations
    )
    new_table = new.get(KIND_TABLES[kind], {})
    return [new_table[k] for k in sorted(new_table, key=int)]


def _migrate_export(
    docs: Documents[Any, Any], doc: dict[str, Any], version: int, path: Path
) -> dict[str, Any]:
    """Upgrade the parts of an older export with the file migrations."""
    out = dict(doc)
    out["index"] = _upgrade_part(docs, "index", doc["index"], version, path)
    out["players"] = _upgrade_part(docs, "players", doc["players"], version, path)
    out["evenings"] = [
        _upgrade_part(docs, "evening", [rec], version, path)[0] for rec in doc["evenings"]
    ]
    out["schema_version"] = docs.schema_version
    return out


@cache
def _required_keys(model: type[BaseModel]) -> frozenset[str] | None:
    """The keys a record must have for ``model`` to accept it, when that can be told from
    the keys alone (no alias, no validator that sees the raw record); else None."""
    decorators = model.__pydantic_decorators__.model_validators.values()
    if any(d.info.mode != "after" for d in decorators) or model.model_config.get("alias_generator"):
        return None
    keys = []
    for name, info in model.model_fields.items():
        if info.alias is not None or info.validation_alias is not None:
            return None
        if info.is_required():
            keys.append(name)
    return frozenset(keys)


def _surely_invalid(model: type[BaseModel], record: Any) -> bool:
    """True when ``model`` would refuse ``record`` whatever else it holds: not an object,
    or without a required key. A shortcut to count problems without pydantic's words."""
    if not isinstance(record, dict):
        return True
    required = _required_keys(model)
    return required is not None and not required <= record.keys()


@dataclass(frozen=True)
class _Listed:
    """Problems one after the other, with the separator of ``lang`` (« ; » in French)."""

    items: tuple[Message, ...]

    def render(self, lang: str) -> str:
        return (
            Message.of("store.list.separator")
            .render(lang)
            .join(item.render(lang) for item in self.items)
        )


class _Problems:
    """The problems of an import: the first few named, the rest counted (a file of a
    million bad records must not make a million messages)."""

    def __init__(self) -> None:
        self.named: list[Message] = []
        self.total = 0

    def add(self, problem: Message) -> None:
        if len(self.named) < NAMED_PROBLEMS:
            self.named.append(problem)
        self.total += 1

    def extend(self, other: _Problems) -> None:
        for problem in other.named:
            self.add(problem)
        self.total += other.total - len(other.named)

    def reason(self) -> Renders:
        rest = self.total - len(self.named)
        listed = _Listed(tuple(self.named))
        return Message.of("store.reason.more", first=listed, rest=rest) if rest > 0 else listed


class _Part:
    """One part's records read so far: its valid ones (kept while the whole file is
    faultless: a refused file keeps none), their ids, and its problems."""

    def __init__(
        self,
        kind: str,
        model: type[BaseModel],
        id_field: str,
        what: str,
        refused: Callable[[], bool],
        fail: Callable[[Renders], ImportFileError],
    ) -> None:
        self.kind, self.model, self.id_field, self.what = kind, model, id_field, what
        self.refused, self.fail = refused, fail
        self.records: list[Any] = []
        self.ids: set[Any] = set()
        self.problems = _Problems()

    def too_many(self) -> ImportFileError:
        return self.fail(
            Message.of(
                "store.reason.too_many",
                limit=MAX_IMPORT_RECORDS,
                records=Message.of(f"store.records.{self.kind}"),
            )
        )

    def take(self, n: int, record: Any) -> None:
        problems = self.problems
        try:
            # As a file on disk reads: a text longer than today's limits is cut, not refused.
            item = self.model.model_validate(record, context=READ_CONTEXT)
        except ValidationError as exc:
            detail = validation_words(exc)
            problems.add(Message.of("store.reason.record", item=f"{self.kind}[{n}]", detail=detail))
            return
        item_id = getattr(item, self.id_field, None)
        named = {"item": f"{self.kind}[{n}]", "what": what_words(self.what), "id": repr(item_id)}
        if not is_valid_id(item_id):
            problems.add(Message.of("store.reason.record_id", **named))
        elif item_id in self.ids:
            problems.add(Message.of("store.reason.record_id_twice", **named))
        self.ids.add(item_id)
        if len(self.ids) > MAX_IMPORT_RECORDS:
            raise self.too_many()
        if self.refused():
            self.records.clear()
        else:
            self.records.append(item)


def _failure(path: Path) -> Callable[[Renders], ImportFileError]:
    def fail(reason: Renders) -> ImportFileError:
        return ImportFileError(path, reason)

    return fail


def _too_large(size: int | None) -> Message:
    """Why a file over the limit is refused (``size`` None: it is endless, or it grew)."""
    limit = _Megabytes(MAX_IMPORT_BYTES)
    if size is None:
        return Message.of("store.reason.too_large", limit=limit)
    return Message.of("store.reason.too_large_size", size=_Megabytes(size), limit=limit)


def _read(path: Path, fail: Callable[[Renders], ImportFileError]) -> bytes:
    """The file's bytes; one larger than an import can be is refused unread."""
    size = None
    with contextlib.suppress(OSError):  # the read below says why, in the store's words
        size = os.stat(path).st_size
    if size is not None and size > MAX_IMPORT_BYTES:
        raise fail(_too_large(size))
    try:
        # At most one byte over the limit: a file growing meanwhile, or endless (a device),
        # is never read whole.
        data = read_bytes(path, limit=MAX_IMPORT_BYTES + 1)
    except StoreError as exc:
        reason = getattr(exc, "reason_words", None)
        detail = reason or exc.params.get("detail") or exc.code
        raise fail(Message.of("store.reason.unreadable", detail=detail)) from exc
    if data is None:
        raise fail(Message.of("store.reason.no_file"))
    if len(data) > MAX_IMPORT_BYTES:
        raise fail(_too_large(None))
    return data


def _decode(data: bytes) -> str | Message:
    """The text of UTF-8 bytes, or why it is not text."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return not_utf8(exc)


class _Reader(Generic[E, P]):
    """Reads an export's text part by part (see the module doc)."""

    def __init__(self, path: Path, docs: Documents[E, P], player_id_field: str, text: str) -> None:
        self.path, self.docs, self.text = path, docs, text
        self.header: dict[str, Any] = {}
        self.version: int | None = None  # once the format and the version are known good
        self.fail = _failure(path)
        refused = self.refused
        self.parts = {
            "evenings": _Part(
                "evenings", docs.evening_model, docs.id_field, "evening", refused, self.fail
            ),
            "players": _Part(
                "players", docs.player_model, player_id_field, "player", refused, self.fail
            ),
            "index": _Part("index", IndexEntry, "id", "evening", refused, self.fail),
        }
        self.not_lists: set[str] = set()

    def refused(self) -> bool:
        """Whether a problem was found already (then no record needs keeping)."""
        return any(part.problems.total for part in self.parts.values())

    def check_header(self, *, final: bool) -> None:
        """Refuse a file that is not an export, or of no usable version, as soon as that is
        known; ``final``: the whole object was read, what is missing is missing."""
        header = self.header
        if "format" not in header and not final:
            return
        if header.get("format") != EXPORT_FORMAT:
            raise self.fail(Message.of("store.reason.not_export", format=EXPORT_FORMAT))
        if "schema_version" not in header and not final:
            return
        version = header.get("schema_version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise self.fail(Message.of("store.reason.no_version"))
        if version > self.docs.schema_version:
            raise NewerSchemaError(self.path, version, self.docs.schema_version)
        self.version = version

    def read(self) -> None:
        """Walk the top-level object: each part is checked as it is read when the header
        came first (as in every export), else read again once the header is known."""
        if self.text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", "", 0)
        cursor = Cursor(self.text)
        if cursor.peek() != "{":
            cursor.skip()  # invalid JSON is said as such
            cursor.end()
            self.check_header(final=True)
        later: list[tuple[str, int]] = []
        seen: set[str] = set()
        for key in cursor.members():
            if key in ("format", "schema_version"):
                self.header[key] = cursor.value()
                self.check_header(final=False)
            elif key in _PARTS:
                if key in seen:
                    raise self.fail(Message.of("store.reason.twice", part=repr(key)))
                seen.add(key)
                if cursor.peek() != "[":
                    self.not_lists.add(key)
                elif self.version is not None:
                    self.read_part(key, cursor.items())
                else:
                    later.append((key, cursor.pos))
                    cursor.skip()
        cursor.end()
        self.check_header(final=True)
        for key in _PARTS:
            if key not in seen or key in self.not_lists:
                raise self.fail(Message.of("store.reason.not_a_list", part=repr(key)))
        for key, pos in later:
            self.read_part(key, Cursor(self.text, pos).items())

    def upgrade(self, kind: str, records: list[Any]) -> list[Any]:
        assert self.version is not None
        try:
            return _upgrade_part(self.docs, kind, records, self.version, self.path)
        except StoreError as exc:
            error = exc.words or Fixed(exc.message("en"))
            raise self.fail(Message.of("store.reason.not_upgraded", error=error)) from exc

    def read_part(self, key: str, items: Iterator[Any]) -> None:
        part = self.parts[key]
        old = self.version is not None and self.version < self.docs.schema_version
        records: Iterable[Any] = items
        if old and key != "evenings":  # upgraded whole, as the file of its kind would be
            whole = list(itertools.islice(items, MAX_IMPORT_RECORDS + 1))
            if len(whole) > MAX_IMPORT_RECORDS:
                raise part.too_many()
            records = self.upgrade(key, whole)
        model, problems = part.model, part.problems
        for n, record in enumerate(records):
            if old and key == "evenings":
                record = self.upgrade("evening", [record])[0]
            if problems.total >= NAMED_PROBLEMS and _surely_invalid(model, record):
                problems.total += 1  # named enough: counted, without pydantic's dearer words
            else:
                part.take(n, record)

    def result(self, size: int) -> ParsedImport[E, P]:
        evenings, players, index = (self.parts[k] for k in ("evenings", "players", "index"))
        problems = _Problems()
        for part in (evenings, players, index):
            problems.extend(part.problems)
        if not problems.total and evenings.ids != index.ids:
            missing = sorted(evenings.ids - index.ids)[:3]
            extra = sorted(index.ids - evenings.ids)[:3]
            problems.add(
                Message.of("store.reason.index_disagrees", missing=str(missing), extra=str(extra))
            )
        if problems.total:
            raise self.fail(problems.reason())
        updated = {e.id: e.updated_at for e in index.records}
        return ParsedImport(evenings.records, players.records, updated, size)


def parse_import(
    path: Path, docs: Documents[E, P], player_id_field: str, *, data: bytes | None = None
) -> ParsedImport[E, P]:
    """Read, upgrade and validate a whole export; ImportFileError says what is wrong.
    ``data``: the file's bytes when they are already in memory (sent from a phone), and
    ``path`` only names it."""
    fail = _failure(path)
    if data is None:
        data = _read(path, fail)
    elif len(data) > MAX_IMPORT_BYTES:
        raise fail(_too_large(len(data)))
    text = _decode(data)
    if isinstance(text, Message):
        raise fail(text)
    reader: _Reader[E, P] = _Reader(path, docs, player_id_field, text)
    try:
        reader.read()
    except (json.JSONDecodeError, RecursionError) as exc:
        raise reader.fail(json_problem(exc)) from None
    return reader.result(len(data))


def check_free_space(data_dir: Path, path: Path, size: int) -> None:
    """Raise DiskFullError unless there is room for about twice an import of ``size`` bytes."""
    with contextlib.suppress(OSError):
        probe = data_dir
        while not probe.exists() and probe != probe.parent:
            probe = probe.parent
        free = shutil.disk_usage(probe).free
        if free < 2 * size:
            raise DiskFullError(
                Message.of(
                    "store.import_no_space", path=os.fspath(path), free=free, needed=2 * size
                ),
                path=path,
                free=free,
                needed=2 * size,
            )
