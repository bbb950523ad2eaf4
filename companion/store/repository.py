"""The repository: pydantic models in and out, one TinyDB file per evening.

Layout of the data directory (see :func:`~companion.store.paths.resolve_data_dir`)::

    index.json              small index: one entry per evening (IndexEntry)
    players.json            player profiles
    evenings/<id>.json      one TinyDB file per evening
    backups/...             rolling and pre-migration backups (see backups.py)
    corrupt/...             damaged files moved aside by a restore (never deleted)
    trash/...               deleted evenings and evenings replaced by an import

Every file is a TinyDB document (``{table: {doc_id: record}}``, readable with
``TinyDB(path, storage=AtomicJSONStorage)``) with a ``_meta`` table holding its
``schema_version``.  Each logical operation is exactly one atomic, durable write
per file (TinyDB call sequences such as ``truncate`` + ``insert`` would be two),
so the repository builds whole documents and writes them through
:func:`~companion.store.atomic.atomic_write_bytes`, the engine of
:class:`~companion.store.atomic.AtomicJSONStorage`.

Recording a hand rewrites that evening's file and the index (which holds no
hands, only a compact entry per evening: a few hundred bytes each).  The index
is derived data: each entry remembers the size and mtime of its evening file,
and opening the repository re-reads only the evening files that changed behind
its back (a crash between the evening write and the index write, a restore, a
hand edit), so the index heals itself; a damaged index is moved to ``corrupt/``
and rebuilt.  An optional ``summarize`` hook stores a small JSON summary of each
evening in its index entry, so a leaderboard can be computed from
:meth:`Repository.list_index` without loading any evening file.

Concurrency: every public method holds :meth:`Repository.locked`, a re-entrant
lock shared by the threads of this process and, through a lock file in the data
folder, by every process using it (see :mod:`~companion.store.lock`).  A caller
that reads, checks and then writes (e.g. an evening's version) holds
``repo.locked()`` around the three, so that no other process writes in between.
On taking the lock the repository re-reads its index and players when another
process changed them.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from .atomic import (
    TMP_SUFFIX,
    atomic_write_bytes,
    dumps_document,
    move_file,
    parse_document,
    parse_json_text,
    read_bytes,
)
from .backups import BackupPolicy, list_backups, make_backup, prune_backups, timestamp
from .errors import (
    _WHAT_FR,  # "evening" -> "de soirée"...
    CorruptFileError,
    DiskFullError,
    ImportFileError,
    InvalidIdError,
    NewerSchemaError,
    NoBackupError,
    NotFoundError,
    ReadOnlyError,
    StoreError,
    StoreWriteError,
)
from .lock import FolderLock
from .migrations import (
    META_DOC_ID,
    META_TABLE,
    MIGRATIONS,
    SCHEMA_VERSION,
    Migration,
    make_meta,
    migrate_document,
)
from .paths import resolve_data_dir

__all__ = [
    "EXPORT_FORMAT",
    "EveningInfo",
    "ImportResult",
    "IndexEntry",
    "Repository",
    "default_describe",
    "validate_id",
]

E = TypeVar("E", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)

EXPORT_FORMAT = "companion-store-export"
_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,128}$")
_WRITE_ERRORS = (ReadOnlyError, DiskFullError, StoreWriteError)
_EXPORT_EXCLUDE = {"error", "file_size", "file_mtime_ns"}
_STALE_TMP_SECONDS = 60.0

# table holding the records of each kind of file
_TABLES = {"evening": "evening", "index": "evenings", "players": "players"}
_KIND_FR = {"evening": "de soirée", "index": "d'index", "players": "de joueurs"}


def validate_id(value: Any, what: str = "evening") -> str:
    """Return ``value`` if it is a usable stable id (it becomes a file name)."""
    if not isinstance(value, str) or not _ID_RE.match(value):
        raise InvalidIdError.bad(value, what)
    return value


class EveningInfo(BaseModel):
    """What the index shows about an evening, extracted by a ``describe`` hook."""

    date: str | None = None
    title: str | None = None
    place: str | None = None
    player_ids: list[str] = Field(default_factory=list)
    hand_count: int = 0


class IndexEntry(BaseModel):
    """One evening in ``index.json`` (no hands: small and quick to load)."""

    model_config = ConfigDict(frozen=True)

    id: str
    date: str | None = None
    title: str | None = None
    place: str | None = None
    player_ids: list[str] = Field(default_factory=list)
    hand_count: int = 0
    updated_at: datetime
    schema_version: int
    #: compact JSON summary from the repository's ``summarize`` hook (e.g. points per player)
    summary: Any = None
    #: error code when the evening file cannot be read (``corrupt-file``, ``newer-schema``...)
    error: str | None = None
    #: size and mtime of the evening file when this entry was made (self-healing index)
    file_size: int | None = None
    file_mtime_ns: int | None = None


@dataclass
class ImportResult:
    """What :meth:`Repository.import_all` did."""

    evenings: int
    players: int
    trashed: list[str] = field(default_factory=list)


def _iso(value: Any) -> str | None:
    """A date as text: a string as is, a date/datetime in ISO format, anything else None."""
    if isinstance(value, str):
        return value
    if isinstance(value, date):  # datetime is a date too
        return value.isoformat()
    return None


def _text(value: Any) -> str | None:
    """A string as is; anything else (a method, a model, a number...) None."""
    return value if isinstance(value, str) else None


def _pid(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def default_describe(model: BaseModel) -> EveningInfo:
    """Describe an evening by duck typing.

    Uses ``date`` (or ``started_at``), ``title`` (or ``name``), ``place``,
    ``player_ids`` (or ``players``: ids or objects with ``.id``) and ``len(hands)``.
    Only plain values are taken: a title, name or place that is not a ``str`` (e.g. a
    method called ``name``, whose ``str()`` would drag the whole evening's repr into the
    index), a date that is neither text nor a date, or an id that is neither text nor an
    integer is ignored, so the index entry stays small.
    """
    date_value = _iso(getattr(model, "date", None)) or _iso(getattr(model, "started_at", None))
    title = _text(getattr(model, "title", None)) or _text(getattr(model, "name", None))
    players = getattr(model, "player_ids", None) or getattr(model, "players", None)
    if not isinstance(players, (list, tuple)):
        players = []
    player_ids = []
    for player in players:
        pid = _pid(player) if isinstance(player, (str, int)) else _pid(getattr(player, "id", None))
        if pid is not None:
            player_ids.append(pid)
    hands = getattr(model, "hands", None)
    return EveningInfo(
        date=date_value,
        title=title,
        place=_text(getattr(model, "place", None)),
        player_ids=player_ids,
        hand_count=len(hands) if isinstance(hands, (list, tuple, dict)) else 0,
    )


def _short(exc: ValidationError, limit: int = 3) -> str:
    parts = []
    for err in exc.errors()[:limit]:
        loc = ".".join(str(x) for x in err["loc"]) or "(root)"
        parts.append(f"{loc}: {err['msg']}")
    more = exc.error_count() - limit
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


class _Meta(BaseModel):
    schema_version: int
    kind: str | None = None


class Repository(Generic[E, P]):
    """Crash-safe store of evenings (``evening_model``) and players (``player_model``).

    ``evening_model`` and ``player_model`` are pydantic models with a stable
    string id (attribute ``id_field`` / ``player_id_field``, default ``"id"``):
    1-128 characters among letters, digits, ``-`` and ``_``.

    Opening reads ``index.json`` and ``players.json`` and checks (by size and
    mtime) which evening files changed since the index was written.  It never
    raises for a damaged evening or players file: those are listed in
    :attr:`problems` and raise a :class:`CorruptFileError` (offering the latest
    good backup) when accessed.  It raises :class:`NewerSchemaError` when the
    index comes from a newer app.

    ``describe(model) -> EveningInfo | dict`` fills the index entry (default
    :func:`default_describe`); ``summarize(model) -> JSON`` (optional) stores a
    compact summary in it for leaderboards.
    """

    def __init__(
        self,
        evening_model: type[E],
        player_model: type[P],
        data_dir: str | os.PathLike[str] | None = None,
        *,
        describe: Callable[[E], EveningInfo | Mapping[str, Any]] | None = None,
        summarize: Callable[[E], Any] | None = None,
        backup_policy: BackupPolicy | None = None,
        id_field: str = "id",
        player_id_field: str = "id",
        schema_version: int = SCHEMA_VERSION,
        migrations: Mapping[int, Migration] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.evening_model = evening_model
        self.player_model = player_model
        self.data_dir = resolve_data_dir(data_dir)
        self.index_path = self.data_dir / "index.json"
        self.players_path = self.data_dir / "players.json"
        self.evenings_dir = self.data_dir / "evenings"
        self.backups_dir = self.data_dir / "backups"
        self.corrupt_dir = self.data_dir / "corrupt"
        self.trash_dir = self.data_dir / "trash"
        self.backup_policy = backup_policy or BackupPolicy()
        self.schema_version = schema_version
        self.migrations = MIGRATIONS if migrations is None else migrations
        #: problems found while opening or reading (damaged files, failed writes)
        self.problems: list[StoreError] = []
        self._describe = describe or default_describe
        self._summarize = summarize
        self._id_field = id_field
        self._player_id_field = player_id_field
        self._clock = clock
        self._folder_lock = FolderLock(self.data_dir)
        self._seen_count = -1  # the folder's change count when the files were last read
        self._entries: dict[str, IndexEntry] = {}
        # serialised index entries, so that a save re-serialises only its own entry
        self._entry_json: dict[str, bytes] = {}
        self._entry_raw: dict[str, dict[str, Any]] = {}  # as read from index.json
        self._players: list[P] = []
        self._players_error: StoreError | None = None
        self._players_stat: tuple[int, int] | None = None
        self._backup_state: dict[Path, tuple[float, int]] = {}
        self._file_model = create_model(
            f"_{evening_model.__name__}File",
            __config__=ConfigDict(extra="ignore"),
            meta=(dict[str, _Meta], Field(alias=META_TABLE)),
            evening=(dict[str, evening_model], ...),
        )
        with self._folder_lock.hold():
            self._seen_count = self._folder_lock.count()
            self._cleanup_temp_files()
            self._load_index()
            self._load_players()

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the data folder for a read → check → write sequence.

        Re-entrant and thread-safe; excludes every other process (and every other
        ``Repository`` on the same folder) until the outermost ``with`` ends.  What
        another process wrote before is read back first.
        """
        with self._folder_lock.hold() as outermost:
            if outermost:
                count = self._folder_lock.count()
                if count != self._seen_count:
                    self._seen_count = count
                    known = len(self.problems)
                    self._load_index()
                    self._load_players()
                    self._forget_repeated_problems(known)
            yield

    def _forget_repeated_problems(self, known: int) -> None:
        """Drop the problems a re-read found again (the list must not grow with each one)."""
        seen = {(type(p), p.path, p.code) for p in self.problems[:known]}
        fresh = []
        for problem in self.problems[known:]:
            key = (type(problem), problem.path, problem.code)
            if key not in seen:
                seen.add(key)
                fresh.append(problem)
        self.problems[known:] = fresh

    def change_count(self) -> int:
        """A number that moves whenever any process changes the data folder."""
        with self.locked():
            return self._seen_count

    def _changed(self) -> None:
        self._seen_count = self._folder_lock.bump()

    # ------------------------------------------------------------------ paths

    def evening_path(self, evening_id: str) -> Path:
        """The file of evening ``evening_id``."""
        return self.evenings_dir / f"{validate_id(evening_id)}.json"

    def _classify(self, path: str | os.PathLike[str]) -> tuple[str, str | None, Path]:
        given = Path(path)
        if not given.is_absolute():
            given = self.data_dir / given
        rel = Path(os.path.relpath(given.resolve(), self.data_dir.resolve()))
        if rel == Path("index.json"):
            return "index", None, self.index_path
        if rel == Path("players.json"):
            return "players", None, self.players_path
        if rel.parent == Path("evenings") and rel.suffix == ".json" and _ID_RE.match(rel.stem):
            return "evening", rel.stem, self.evenings_dir / rel.name
        raise StoreError(
            f"{path} n'est pas un fichier des données de {self.data_dir} : choisissez le "
            "fichier d'une soirée (evenings/…), players.json ou index.json.",
            f"{path} is not a file of the store in {self.data_dir}: choose an evening file "
            "(evenings/…), players.json or index.json.",
            path=path,
            data_dir=str(self.data_dir),
        )

    def _side_location(self, root: Path, path: Path) -> tuple[Path, str]:
        rel = path.relative_to(self.data_dir)
        return root / rel.parent, path.stem

    # --------------------------------------------------------------- reading

    def _check_kind(self, doc: Mapping[str, Any], kind: str, path: Path) -> dict[str, Any]:
        found = doc.get(META_TABLE, {}).get(META_DOC_ID, {}).get("kind")
        if found not in (None, kind):
            article = "an" if kind[0] in "aeiou" else "a"
            raise CorruptFileError(
                path,
                f"it is a {found} file, not {article} {kind} file",
                reason_fr=f"c'est un fichier {_KIND_FR.get(found, repr(found))}, pas un fichier "
                f"{_KIND_FR[kind]}",
            )
        table = doc.get(_TABLES[kind], {})
        return table

    def _evening_from_doc(self, doc: Mapping[str, Any], path: Path, evening_id: str | None) -> E:
        records = self._check_kind(doc, "evening", path)
        if len(records) != 1:
            raise CorruptFileError(
                path,
                f"it holds {len(records)} evening records, expected 1",
                reason_fr=f"il contient {len(records)} soirées au lieu d'une",
            )
        record = next(iter(records.values()))
        try:
            model = self.evening_model.model_validate(record)
        except ValidationError as exc:
            name, detail = self.evening_model.__name__, _short(exc)
            raise CorruptFileError(
                path,
                f"it does not match the {name} model: {detail}",
                reason_fr=f"il ne correspond pas au modèle {name} ({detail})",
            ) from exc
        found = getattr(model, self._id_field, None)
        if evening_id is not None and found != evening_id:
            raise CorruptFileError(
                path,
                f"it holds evening {found!r}, expected {evening_id!r}",
                reason_fr=f"il contient la soirée {found!r} au lieu de {evening_id!r}",
            )
        return model

    def _players_from_doc(self, doc: Mapping[str, Any], path: Path) -> list[P]:
        records = self._check_kind(doc, "players", path)
        players = []
        for doc_id in sorted(records, key=int):
            try:
                players.append(self.player_model.model_validate(records[doc_id]))
            except ValidationError as exc:
                name, detail = self.player_model.__name__, _short(exc)
                raise CorruptFileError(
                    path,
                    f"player {doc_id} does not match the {name} model: {detail}",
                    reason_fr=f"le joueur {doc_id} ne correspond pas au modèle {name} ({detail})",
                ) from exc
        return players

    def _index_from_doc(
        self, doc: Mapping[str, Any], path: Path
    ) -> list[tuple[IndexEntry, dict[str, Any]]]:
        records = self._check_kind(doc, "index", path)
        entries = []
        for doc_id, record in records.items():
            try:
                entry = IndexEntry.model_validate(record)
                validate_id(entry.id)
            except (ValidationError, InvalidIdError) as exc:
                if isinstance(exc, ValidationError):
                    detail = detail_fr = _short(exc)
                else:
                    detail, detail_fr = exc.message("en"), exc.message("fr")
                raise CorruptFileError(
                    path,
                    f"index entry {doc_id} is invalid: {detail}",
                    reason_fr=f"l'entrée {doc_id} de l'index est invalide ({detail_fr})",
                ) from exc
            entries.append((entry, record))
        return entries

    def _load_file(
        self, path: Path, kind: str, evening_id: str | None = None, data: bytes | None = None
    ) -> tuple[Any, dict[str, Any], int, bytes]:
        """Parse, migrate (in memory) and validate a file: (value, doc, old_version, bytes)."""
        if data is None:
            data = read_bytes(path)
        if data is None:
            raise NotFoundError.file(path)
        doc = parse_document(data, path)
        doc, old = migrate_document(
            doc, path=path, target=self.schema_version, migrations=self.migrations
        )
        if kind == "evening":
            value: Any = self._evening_from_doc(doc, path, evening_id)
        elif kind == "players":
            value = self._players_from_doc(doc, path)
        else:
            value = self._index_from_doc(doc, path)
        return value, doc, old, data

    def _persist_migration(self, path: Path, data: bytes, doc: dict[str, Any], old: int) -> None:
        """Back up the old file (tagged with its version), then write the migrated one."""
        folder, stem = self._side_location(self.backups_dir, path)
        try:
            make_backup(path, folder, stem, tag=f"v{old}", data=data)
            atomic_write_bytes(path, dumps_document(doc))
            self._changed()
        except _WRITE_ERRORS as exc:  # keep serving the migrated data from memory
            self.problems.append(exc)

    def _read_evening(self, evening_id: str) -> E:
        path = self.evening_path(evening_id)
        data = read_bytes(path)
        if data is None:
            raise NotFoundError.evening(evening_id, path)
        try:  # fast path: current version, parsed and validated in one pass
            parsed = self._file_model.model_validate_json(data)
        except ValidationError:
            parsed = None
        if parsed is not None:
            meta = parsed.meta.get(META_DOC_ID)
            records = parsed.evening
            if (
                meta is not None
                and meta.schema_version == self.schema_version
                and meta.kind in (None, "evening")
                and len(records) == 1
            ):
                model = next(iter(records.values()))
                if getattr(model, self._id_field, None) == evening_id:
                    return model
        try:
            model, doc, old, _ = self._load_file(path, "evening", evening_id, data)
        except CorruptFileError as exc:
            raise exc.with_backup(self._latest_good_backup(path, "evening", evening_id)) from exc
        if old < self.schema_version:
            self._persist_migration(path, data, doc, old)
            entry = self._entries.get(evening_id)
            with contextlib.suppress(OSError):
                st = os.stat(path)
                if entry is not None and entry.error is None:
                    self._set_entry(
                        entry.model_copy(
                            update={"file_size": st.st_size, "file_mtime_ns": st.st_mtime_ns}
                        )
                    )
        return model

    # ---------------------------------------------------------------- opening

    def _cleanup_temp_files(self) -> None:
        """Remove temporary files left by a crash mid-write (best effort)."""
        folders = [
            self.data_dir,
            self.evenings_dir,
            self.backups_dir,
            self.backups_dir / "evenings",
        ]
        limit = time.time() - _STALE_TMP_SECONDS
        for folder in folders:
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX):
                    with contextlib.suppress(OSError):
                        if entry.stat().st_mtime < limit:
                            os.unlink(entry.path)

    def _set_entry(self, entry: IndexEntry, raw: dict[str, Any] | None = None) -> None:
        self._entries[entry.id] = entry
        self._entry_json.pop(entry.id, None)
        if raw is None:
            self._entry_raw.pop(entry.id, None)
        else:
            self._entry_raw[entry.id] = raw

    def _drop_entry(self, evening_id: str) -> None:
        self._entries.pop(evening_id, None)
        self._entry_json.pop(evening_id, None)
        self._entry_raw.pop(evening_id, None)

    def _load_index(self) -> None:
        self._entries.clear()
        self._entry_json.clear()
        self._entry_raw.clear()
        dirty = False
        writable = True
        try:
            data = read_bytes(self.index_path)
            if data is not None:
                entries, doc, old, _ = self._load_file(self.index_path, "index", data=data)
                for entry, raw in entries:
                    self._set_entry(entry, raw)
                if old < self.schema_version:
                    self._persist_migration(self.index_path, data, doc, old)
            else:
                dirty = True
        except CorruptFileError as exc:  # derived data: set it aside and rebuild
            self.problems.append(exc)
            try:
                self._set_aside(self.index_path, self.corrupt_dir)
            except _WRITE_ERRORS as move_exc:  # never write over a file we could not save
                self.problems.append(move_exc)
                writable = False
            dirty = True
        dirty = self._reconcile() or dirty
        if writable and dirty and (self._entries or self.index_path.exists()):
            try:
                self._write_index()
            except _WRITE_ERRORS as exc:  # e.g. read-only medium: serve the index from memory
                self.problems.append(exc)

    def _reconcile(self) -> bool:
        """Re-read evening files whose size/mtime differ from their index entry."""
        on_disk: dict[str, tuple[int, int]] = {}
        try:
            scan = list(os.scandir(self.evenings_dir))
        except (FileNotFoundError, NotADirectoryError):
            scan = []
        for item in scan:
            name = item.name
            if not name.endswith(".json") or name.startswith("."):
                continue
            evening_id = name[:-5]
            if not _ID_RE.match(evening_id):
                continue
            with contextlib.suppress(OSError):
                st = item.stat()
                on_disk[evening_id] = (st.st_size, st.st_mtime_ns)
        changed = False
        for evening_id in list(self._entries):
            if evening_id not in on_disk:
                self._drop_entry(evening_id)
                changed = True
        for evening_id, stat in on_disk.items():
            entry = self._entries.get(evening_id)
            if entry is None or (entry.file_size, entry.file_mtime_ns) != stat:
                self._reindex(evening_id)
                changed = True
        return changed

    def _reindex(self, evening_id: str, updated_at: datetime | None = None) -> IndexEntry:
        """Rebuild the index entry of one evening from its file."""
        path = self.evening_path(evening_id)
        previous = self._entries.get(evening_id)
        try:
            model = self._read_evening(evening_id)
            error = None
        except StoreError as exc:
            self.problems.append(exc)
            model, error = None, exc
        try:
            st = os.stat(path)
            stat = (st.st_size, st.st_mtime_ns)
            mtime = datetime.fromtimestamp(st.st_mtime_ns / 1e9, UTC)
        except OSError:
            stat, mtime = (None, None), datetime.now(UTC)
        if model is not None:
            entry = self._make_entry(model, updated_at or mtime, stat)
        elif previous is not None:
            entry = previous.model_copy(
                update={"error": error.code, "file_size": stat[0], "file_mtime_ns": stat[1]}
            )
        else:
            entry = IndexEntry(
                id=evening_id,
                updated_at=mtime,
                schema_version=-1,
                error=error.code,
                file_size=stat[0],
                file_mtime_ns=stat[1],
            )
        self._set_entry(entry)
        return entry

    def _make_entry(
        self, model: E, updated_at: datetime, stat: tuple[int | None, int | None]
    ) -> IndexEntry:
        info = self._describe(model)
        if not isinstance(info, EveningInfo):
            info = EveningInfo.model_validate(info)
        summary = self._summarize(model) if self._summarize is not None else None
        if summary is not None:
            dumps_document(summary)  # must be JSON: fail now, before anything is written
        return IndexEntry(
            id=getattr(model, self._id_field),
            **info.model_dump(),
            updated_at=updated_at,
            schema_version=self.schema_version,
            summary=summary,
            file_size=stat[0],
            file_mtime_ns=stat[1],
        )

    def _load_players(self) -> None:
        self._players, self._players_error, self._players_stat = [], None, None
        try:
            data = read_bytes(self.players_path)
            if data is None:
                return
            players, doc, old, _ = self._load_file(self.players_path, "players", data=data)
        except StoreError as exc:
            self._players_error = exc
            self.problems.append(exc)
            return
        self._players = players
        if old < self.schema_version:
            self._persist_migration(self.players_path, data, doc, old)
        with contextlib.suppress(OSError):
            st = os.stat(self.players_path)
            self._players_stat = (st.st_size, st.st_mtime_ns)

    # ---------------------------------------------------------------- writing

    def _write_index(self) -> None:
        # Same bytes as dumps_document({"_meta": ..., "evenings": {"1": e1, ...}}), but built
        # from cached per-entry JSON: a save only serialises the entry it changed.
        parts = []
        for n, eid in enumerate(sorted(self._entries), 1):
            blob = self._entry_json.get(eid)
            if blob is None:
                raw = self._entry_raw.pop(eid, None)
                if raw is None:
                    raw = self._entries[eid].model_dump(mode="json")
                blob = self._entry_json[eid] = dumps_document(raw)
            parts.append(b'"%d":%s' % (n, blob))
        meta = dumps_document(make_meta("index", self.schema_version))
        data = b'{"%s":%s,"evenings":{%s}}' % (META_TABLE.encode(), meta, b",".join(parts))
        atomic_write_bytes(self.index_path, data, create_dirs=True)
        self._changed()

    def _set_aside(self, path: Path, root: Path) -> Path | None:
        """Move ``path`` into ``root`` (corrupt/ or trash/) under a timestamped name."""
        if not path.exists():
            return None
        folder, stem = self._side_location(root, path)
        dest = folder / f"{stem}.{timestamp()}.json"
        while dest.exists():
            dest = folder / f"{stem}.{timestamp()}.json"
        move_file(path, dest)
        self._changed()
        return dest

    def _prepare_overwrite(
        self, path: Path, kind: str, known: tuple[int, int] | None, evening_id: str | None = None
    ) -> None:
        """Make overwriting ``path`` lose nothing.

        A file we did not write ourselves (size/mtime differ from ``known``) is
        validated first: a damaged one is moved to ``corrupt/``, one of an older
        schema is backed up with its version in the name, one of a newer schema
        raises :class:`NewerSchemaError`.  Then the rolling backup policy applies.
        """
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return
        if known != (st.st_size, st.st_mtime_ns):
            try:
                _, _, old, data = self._load_file(path, kind, evening_id)
            except CorruptFileError:
                self._set_aside(path, self.corrupt_dir)
                return
            if old < self.schema_version:
                folder, stem = self._side_location(self.backups_dir, path)
                make_backup(path, folder, stem, tag=f"v{old}", data=data)
        self._maybe_backup(path)

    def _maybe_backup(self, path: Path) -> None:
        policy = self.backup_policy
        if policy.keep == 0:
            return
        now = self._clock()
        state = self._backup_state.get(path)
        if (
            state is None
            or state[1] >= policy.every_writes
            or now - state[0] >= policy.every_seconds
        ):
            folder, stem = self._side_location(self.backups_dir, path)
            make_backup(path, folder, stem)
            prune_backups(folder, stem, policy.keep)
            self._backup_state[path] = (now, 0)

    def _count_write(self, path: Path) -> None:
        state = self._backup_state.get(path)
        if state is not None:  # (a file created in this session has no backup state yet)
            self._backup_state[path] = (state[0], state[1] + 1)

    def _write_evening(self, model: E, updated_at: datetime) -> IndexEntry:
        if not isinstance(model, self.evening_model):
            raise TypeError(f"expected a {self.evening_model.__name__}, got {type(model).__name__}")
        evening_id = validate_id(getattr(model, self._id_field, None))
        path = self.evening_path(evening_id)
        record = model.model_dump(mode="json")
        data = dumps_document(
            {META_TABLE: make_meta("evening", self.schema_version), "evening": {"1": record}}
        )
        entry = self._make_entry(model, updated_at, (None, None))  # hooks run before any write
        previous = self._entries.get(evening_id)
        known = None
        if (
            previous is not None
            and previous.error is None
            and previous.schema_version == self.schema_version
        ):
            known = (previous.file_size, previous.file_mtime_ns)
        self._prepare_overwrite(path, "evening", known, evening_id)
        atomic_write_bytes(path, data, create_dirs=True)
        self._changed()
        self._count_write(path)
        st = os.stat(path)
        entry = entry.model_copy(update={"file_size": st.st_size, "file_mtime_ns": st.st_mtime_ns})
        self._set_entry(entry)
        return entry

    def _write_players(self, players: Sequence[P]) -> None:
        seen: set[str] = set()
        records = {}
        for n, player in enumerate(players, 1):
            if not isinstance(player, self.player_model):
                raise TypeError(
                    f"expected a {self.player_model.__name__}, got {type(player).__name__}"
                )
            pid = validate_id(getattr(player, self._player_id_field, None), "player")
            if pid in seen:
                raise InvalidIdError.duplicate(pid, "player")
            seen.add(pid)
            records[str(n)] = player.model_dump(mode="json")
        data = dumps_document(
            {META_TABLE: make_meta("players", self.schema_version), "players": records}
        )
        self._prepare_overwrite(self.players_path, "players", self._players_stat)
        atomic_write_bytes(self.players_path, data, create_dirs=True)
        self._changed()
        self._count_write(self.players_path)
        st = os.stat(self.players_path)
        self._players_stat = (st.st_size, st.st_mtime_ns)
        self._players = [p.model_copy(deep=True) for p in players]
        self._players_error = None

    @contextlib.contextmanager
    def _index_written_after(self) -> Iterator[None]:
        """Write the index after a batch, even when the batch fails midway."""
        try:
            yield
        except BaseException:
            with contextlib.suppress(StoreError):
                self._write_index()
            raise
        self._write_index()

    # ------------------------------------------------------------- public API

    def __enter__(self) -> Repository[E, P]:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def __contains__(self, evening_id: object) -> bool:
        with self.locked():
            return evening_id in self._entries

    def __len__(self) -> int:
        with self.locked():
            return len(self._entries)

    def save(self, model: E) -> IndexEntry:
        """Store an evening (create or replace); durable on disk when this returns.

        Writes ``evenings/<id>.json`` then ``index.json``, each atomically.  On
        :class:`ReadOnlyError` / :class:`DiskFullError` / :class:`StoreWriteError`
        the previous files are intact.
        """
        with self.locked():
            entry = self._write_evening(model, datetime.now(UTC))
            self._write_index()
            return entry

    def save_many(self, models: Iterable[E]) -> list[IndexEntry]:
        """Store several evenings, writing the index once at the end."""
        with self.locked():
            models = list(models)
            ids = [validate_id(getattr(m, self._id_field, None)) for m in models]
            if len(set(ids)) != len(ids):
                twice = next(i for i in ids if ids.count(i) > 1)
                raise InvalidIdError.duplicate(twice, "evening")
            entries: list[IndexEntry] = []
            with self._index_written_after():
                for model in models:
                    entries.append(self._write_evening(model, datetime.now(UTC)))
            return entries

    def get(self, evening_id: str) -> E:
        """Load an evening; raises :class:`NotFoundError`, :class:`CorruptFileError`
        (with ``.backup``) or :class:`NewerSchemaError`."""
        with self.locked():
            return self._read_evening(validate_id(evening_id))

    def get_entry(self, evening_id: str) -> IndexEntry:
        """The index entry of an evening."""
        with self.locked():
            try:
                return self._entries[evening_id]
            except KeyError:
                raise NotFoundError.evening(evening_id) from None

    def delete(self, evening_id: str) -> Path:
        """Move an evening's file to ``trash/`` (never destroyed); return its new path."""
        with self.locked():
            path = self.evening_path(evening_id)
            if not path.exists():
                raise NotFoundError.evening(evening_id, path)
            dest = self._set_aside(path, self.trash_dir)
            self._drop_entry(evening_id)
            self._backup_state.pop(path, None)
            self._write_index()
            assert dest is not None
            return dest

    def list_index(self) -> list[IndexEntry]:
        """All index entries, newest first (by date, then last update)."""
        with self.locked():
            return sorted(
                self._entries.values(),
                key=lambda e: (e.date or "", e.updated_at, e.id),
                reverse=True,
            )

    def ids(self) -> list[str]:
        """Ids of all stored evenings, sorted."""
        with self.locked():
            return sorted(self._entries)

    def load_all(self, *, skip_errors: bool = False) -> list[E]:
        """Load every evening (in :meth:`list_index` order).

        Prefer :meth:`list_index` summaries when they are enough.  With
        ``skip_errors`` damaged files are skipped (and listed in :attr:`problems`).
        """
        with self.locked():
            result = []
            for entry in self.list_index():
                try:
                    result.append(self._read_evening(entry.id))
                except StoreError as exc:
                    if not skip_errors:
                        raise
                    self.problems.append(exc)
            return result

    def get_players(self) -> list[P]:
        """The player profiles (copies), in the order they were saved."""
        with self.locked():
            if self._players_error is not None:
                err = self._players_error
                if isinstance(err, CorruptFileError):
                    err = err.with_backup(self._latest_good_backup(self.players_path, "players"))
                raise err
            return [p.model_copy(deep=True) for p in self._players]

    def save_players(self, players: Sequence[P]) -> None:
        """Replace the player profiles (ids must be unique); durable when it returns."""
        with self.locked():
            self._write_players(list(players))

    def rebuild_index(self) -> None:
        """Rebuild ``index.json`` from the evening files."""
        with self.locked():
            for entry in list(self._entries.values()):
                self._set_entry(entry.model_copy(update={"file_size": None}))
            self._reconcile()
            self._write_index()

    # ----------------------------------------------------------------- backups

    def _latest_good_backup(
        self, path: Path, kind: str, evening_id: str | None = None
    ) -> Path | None:
        folder, stem = self._side_location(self.backups_dir, path)
        for candidate in list_backups(folder, stem):
            try:
                self._load_file(candidate, kind, evening_id)
            except StoreError:
                continue
            return candidate
        return None

    def latest_good_backup(self, path: str | os.PathLike[str]) -> Path | None:
        """The newest backup of a store file that parses and validates, or ``None``.

        ``path`` is the file (e.g. ``CorruptFileError.path``): an evening file,
        ``players.json`` or ``index.json``.
        """
        with self.locked():
            kind, evening_id, path = self._classify(path)
            return self._latest_good_backup(path, kind, evening_id)

    def restore_backup(
        self, path: str | os.PathLike[str], backup: str | os.PathLike[str] | None = None
    ) -> Path:
        """Put a backup back in place of ``path``; return the backup used.

        ``backup`` defaults to :meth:`latest_good_backup`; it is validated first.
        The current file (if any) is moved to ``corrupt/``, never deleted.
        """
        with self.locked():
            kind, evening_id, path = self._classify(path)
            if backup is None:
                chosen = self._latest_good_backup(path, kind, evening_id)
                if chosen is None:
                    raise NoBackupError(path)
            else:
                chosen = Path(backup)
                self._load_file(chosen, kind, evening_id)  # raises if the backup is bad
            data = read_bytes(chosen)
            assert data is not None
            self._set_aside(path, self.corrupt_dir)
            atomic_write_bytes(path, data, create_dirs=True)
            self._changed()
            self._backup_state.pop(path, None)
            self.problems = [p for p in self.problems if p.path != path]
            if kind == "evening":
                assert evening_id is not None
                self._reindex(evening_id)
                self._write_index()
            elif kind == "players":
                self._load_players()
            else:
                self._load_index()
            return chosen

    # ---------------------------------------------------------- export/import

    def export_all(self, path: str | os.PathLike[str]) -> Path:
        """Write one JSON file holding everything (index, players, every evening).

        The file is deterministic: exporting a store rebuilt by :meth:`import_all`
        gives the same bytes.  Raises if an evening cannot be read.
        """
        with self.locked():
            ids = sorted(self._entries)
            evenings = [self._read_evening(i).model_dump(mode="json") for i in ids]
            players = [p.model_dump(mode="json") for p in self.get_players()]
            index = [self._entries[i].model_dump(mode="json", exclude=_EXPORT_EXCLUDE) for i in ids]
            doc = {
                "format": EXPORT_FORMAT,
                "schema_version": self.schema_version,
                "index": index,
                "players": players,
                "evenings": evenings,
            }
            dest = Path(path)
            atomic_write_bytes(dest, dumps_document(doc) + b"\n", create_dirs=True)
            return dest

    def _migrate_export(self, doc: dict[str, Any], version: int, path: Path) -> dict[str, Any]:
        """Upgrade the parts of an older export with the file migrations."""

        def upgrade(kind: str, records: list[Any]) -> list[Any]:
            table = {str(n): r for n, r in enumerate(records, 1)}
            raw: dict[str, Any] = {_TABLES[kind]: table}
            if version >= 1:
                raw[META_TABLE] = make_meta(kind, version)
            new, _ = migrate_document(
                raw, path=path, target=self.schema_version, migrations=self.migrations
            )
            new_table = new.get(_TABLES[kind], {})
            return [new_table[k] for k in sorted(new_table, key=int)]

        out = dict(doc)
        out["index"] = upgrade("index", doc["index"])
        out["players"] = upgrade("players", doc["players"])
        out["evenings"] = [upgrade("evening", [rec])[0] for rec in doc["evenings"]]
        out["schema_version"] = self.schema_version
        return out

    def _parse_import(self, path: Path) -> tuple[list[E], list[P], dict[str, datetime], int]:
        def fail(reason: str, reason_fr: str) -> ImportFileError:
            return ImportFileError(path, reason, reason_fr=reason_fr)

        try:
            data = read_bytes(path)
        except StoreError as exc:
            detail = exc.params.get("detail") or exc.params.get("reason") or exc.code
            raise fail(
                f"it cannot be read ({detail})",
                f"il ne peut pas être lu ({exc.params.get('reason_fr') or detail})",
            ) from exc
        if data is None:
            raise fail("the file does not exist", "le fichier n'existe pas")
        doc, problem = parse_json_text(data)
        if problem is not None:
            raise fail(*problem)
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise fail(
                f'it is not a companion export (no "format": "{EXPORT_FORMAT}")',
                f'ce n\'est pas un export de l\'application (pas de "format": "{EXPORT_FORMAT}")',
            )
        version = doc.get("schema_version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            raise fail("it has no valid schema_version", "il n'a pas de schema_version valide")
        if version > self.schema_version:
            raise NewerSchemaError(path, version, self.schema_version)
        for key in ("index", "players", "evenings"):
            if not isinstance(doc.get(key), list):
                raise fail(
                    f"{key!r} is missing or not a list", f"{key!r} manque ou n'est pas une liste"
                )
        if version < self.schema_version:
            try:
                doc = self._migrate_export(doc, version, path)
            except StoreError as exc:
                raise fail(
                    f"it could not be upgraded: {exc.message('en')}",
                    f"sa mise à jour a échoué : {exc.message('fr')}",
                ) from exc

        problems: list[tuple[str, str]] = []  # (English, French)

        def validate(
            kind: str, model: type[BaseModel], records: list[Any], id_field: str, what: str
        ) -> list[Any]:
            out, seen = [], set()
            for n, record in enumerate(records):
                try:
                    item = model.model_validate(record)
                except ValidationError as exc:
                    problems.append(
                        (f"{kind}[{n}]: {_short(exc)}", f"{kind}[{n}] invalide ({_short(exc)})")
                    )
                    continue
                item_id = getattr(item, id_field, None)
                what_fr = _WHAT_FR[what]
                if not isinstance(item_id, str) or not _ID_RE.match(item_id):
                    problems.append(
                        (
                            f"{kind}[{n}]: invalid {what} id {item_id!r}",
                            f"{kind}[{n}] : identifiant {what_fr} invalide {item_id!r}",
                        )
                    )
                elif item_id in seen:
                    problems.append(
                        (
                            f"{kind}[{n}]: duplicate {what} id {item_id!r}",
                            f"{kind}[{n}] : identifiant {what_fr} en double {item_id!r}",
                        )
                    )
                seen.add(item_id)
                out.append(item)
            return out

        evenings = validate(
            "evenings", self.evening_model, doc["evenings"], self._id_field, "evening"
        )
        players = validate(
            "players", self.player_model, doc["players"], self._player_id_field, "player"
        )
        index = validate("index", IndexEntry, doc["index"], "id", "evening")
        evening_ids = {getattr(e, self._id_field) for e in evenings}
        index_ids = {e.id for e in index}
        if not problems and evening_ids != index_ids:
            missing = sorted(evening_ids - index_ids)[:3]
            extra = sorted(index_ids - evening_ids)[:3]
            problems.append(
                (
                    f"index and evenings disagree (not indexed: {missing}, "
                    f"indexed but absent: {extra})",
                    f"l'index et les soirées ne concordent pas (non indexées : "
                    f"{missing}, indexées mais absentes : {extra})",
                )
            )
        if problems:
            rest = len(problems) - 5
            raise fail(
                "; ".join(en for en, _ in problems[:5])
                + (f" and {rest} more problems" if rest > 0 else ""),
                " ; ".join(fr for _, fr in problems[:5])
                + (f" et {rest} autres problèmes" if rest > 0 else ""),
            )
        return evenings, players, {e.id: e.updated_at for e in index}, len(data)

    def import_all(self, path: str | os.PathLike[str], *, replace: bool = True) -> ImportResult:
        """Load a file written by :meth:`export_all`.

        The whole file is read and validated before anything is written: a wrong
        or broken file raises :class:`ImportFileError` (or
        :class:`NewerSchemaError`) and changes nothing.  With ``replace`` (the
        default) the store ends up holding exactly the export: evenings absent
        from it are moved to ``trash/`` and players are replaced; otherwise
        evenings and players are added or updated by id.

        Each file is written atomically, but the import as a whole is not: a
        crash or full disk midway leaves some evenings imported (all files
        valid; the index heals at the next open).
        """
        with self.locked():
            path = Path(path)
            evenings, players, updated, size = self._parse_import(path)
            with contextlib.suppress(OSError):
                probe = self.data_dir
                while not probe.exists() and probe != probe.parent:
                    probe = probe.parent
                free = shutil.disk_usage(probe).free
                if free < 2 * size:
                    raise DiskFullError(
                        f"Pas assez de place pour importer {path} ({free} octets libres, "
                        f"environ {2 * size} nécessaires). Rien n'a été modifié. Libérez de "
                        "la place, puis recommencez.",
                        f"Not enough free space to import {path} ({free} bytes free, about "
                        f"{2 * size} needed). Nothing was changed. Free some space, then try "
                        "again.",
                        path=path,
                        free=free,
                        needed=2 * size,
                    )
            for n, model in enumerate(evenings):
                # The index hooks (describe, summarize) must accept every evening before
                # anything is written: a record that validates can still be unusable (e.g. a
                # derived field removed by hand).
                try:
                    self._make_entry(model, updated[getattr(model, self._id_field)], (None, None))
                except Exception as exc:
                    detail = f"{type(exc).__name__}: {exc}".rstrip(": ")
                    raise ImportFileError(
                        path,
                        f"evenings[{n}] cannot be used ({detail})",
                        reason_fr=f"evenings[{n}] est inutilisable ({detail})",
                    ) from exc
            incoming = {getattr(e, self._id_field) for e in evenings}
            trashed = []
            with self._index_written_after():
                if replace:
                    for evening_id in sorted(set(self._entries) - incoming):
                        self._set_aside(self.evening_path(evening_id), self.trash_dir)
                        self._drop_entry(evening_id)
                        trashed.append(evening_id)
                for model in evenings:
                    self._write_evening(model, updated[getattr(model, self._id_field)])
                if not replace:
                    by_id = {getattr(p, self._player_id_field): p for p in self._players}
                    by_id.update((getattr(p, self._player_id_field), p) for p in players)
                    players = list(by_id.values())
                self._write_players(players)
            return ImportResult(evenings=len(evenings), players=len(players), trashed=trashed)
