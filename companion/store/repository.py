"""The repository: pydantic models in and out, one TinyDB file per evening.

The data folder's layout is :class:`~companion.store.paths.Layout`'s.  Every file is a
TinyDB document (see :mod:`~companion.store.documents`) and every logical operation is
exactly one atomic, durable write per file (see :mod:`~companion.store.atomic`).

Recording a hand rewrites that evening's file and one of the index's files (the index
holds no hands, only a compact entry per evening, a few hundred bytes each, spread over up
to 256 files; see :mod:`~companion.store.index`).  The index is derived data: opening the
repository re-reads only the evening files that changed behind its back (a crash between
the evening write and the index write, a restore, a hand edit), so the index heals itself;
a damaged index file is moved to ``corrupt/`` and its entries are rebuilt.  An optional
``summarize`` hook stores a small JSON summary of each evening in its index entry, so a
leaderboard can be computed from :meth:`Repository.list_index` without loading any evening
file.

Backups and restore are in :mod:`~companion.store.backups`, export and import in
:mod:`~companion.store.transfer`; this class ties them to the files.

Concurrency: every public method but :meth:`Repository.check_import` (which reads only
the file to import) holds :meth:`Repository.locked`, a re-entrant lock
shared by the threads of this process and, through a lock file in the data folder, by
every process using it (see :mod:`~companion.store.lock`).  A caller that reads, checks
and then writes (e.g. an evening's version) holds ``repo.locked()`` around the three, so
that no other process writes in between.  On taking the lock the repository re-reads its
index and players when another process changed them.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from .atomic import TMP_SUFFIX, atomic_write_bytes, dumps_document, move_file, read_bytes
from .backups import BackupKeeper, BackupPolicy, list_backups, make_backup, timestamp
from .documents import Documents
from .errors import (
    CorruptFileError,
    DiskFullError,
    ImportFileError,
    InvalidIdError,
    NoBackupError,
    NotFoundError,
    ReadOnlyError,
    StoreError,
    StoreWriteError,
)
from .index import (
    EveningIndex,
    EveningInfo,
    IndexEntry,
    default_describe,
    scan_evening_files,
    shard_of,
)
from .lock import FolderLock
from .migrations import META_DOC_ID, META_TABLE, MIGRATIONS, SCHEMA_VERSION, Migration, make_meta
from .paths import Layout, check_data_folder, resolve_data_dir, validate_id
from .tinyio import write_tables
from .transfer import (
    EXPORT_EXCLUDE,
    EXPORT_FORMAT,
    CheckedImport,
    ImportResult,
    check_free_space,
    parse_import,
)

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

_WRITE_ERRORS = (ReadOnlyError, DiskFullError, StoreWriteError)
_STALE_TMP_SECONDS = 60.0
_NO_STAT: tuple[int | None, int | None] = (None, None)


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
    compact summary in it for leaderboards. ``check(model)`` (optional) raises when a record
    that validates is still unusable (e.g. a hand that does not replay): an import runs it on
    every evening before writing anything.
    """

    def __init__(
        self,
        evening_model: type[E],
        player_model: type[P],
        data_dir: str | os.PathLike[str] | None = None,
        *,
        describe: Callable[[E], EveningInfo | Mapping[str, Any]] | None = None,
        summarize: Callable[[E], Any] | None = None,
        check: Callable[[E], object] | None = None,
        backup_policy: BackupPolicy | None = None,
        id_field: str = "id",
        player_id_field: str = "id",
        schema_version: int = SCHEMA_VERSION,
        migrations: Mapping[int, Migration] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.evening_model = evening_model
        self.player_model = player_model
        self.layout = layout = Layout(resolve_data_dir(data_dir))
        check_data_folder(layout.data_dir)  # a link to nowhere: said as such, not "File exists"
        self.data_dir = layout.data_dir
        self.index_dir = layout.index_dir
        self.players_path = layout.players_path
        self.evenings_dir = layout.evenings_dir
        self.backups_dir = layout.backups_dir
        self.corrupt_dir = layout.corrupt_dir
        self.trash_dir = layout.trash_dir
        self.backup_policy = backup_policy or BackupPolicy()
        self.schema_version = schema_version
        self.migrations = MIGRATIONS if migrations is None else migrations
        self.documents: Documents[E, P] = Documents(
            evening_model,
            player_model,
            id_field=id_field,
            schema_version=schema_version,
            migrations=self.migrations,
        )
        #: problems found while opening or reading (damaged files, failed writes)
        self.problems: list[StoreError] = []
        self._describe = describe or default_describe
        self._summarize = summarize
        self._check = check
        self._id_field = id_field
        self._player_id_field = player_id_field
        self._backups = BackupKeeper(self.backup_policy, clock)
        self._index = EveningIndex()
        self._players: list[P] = []
        self._players_error: StoreError | None = None
        self._players_stat: tuple[int, int] | None = None
        self._folder_lock = FolderLock(self.data_dir)
        self._seen_count = -1  # the folder's change count when the files were last read
        with self._folder_lock.hold():
            self._seen_count = self._folder_lock.count()
            self._cleanup_temp_files()
            self._load_index()
            self._load_players()

    # ---------------------------------------------------------------- locking

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

    def change_count(self) -> int:
        """A number that moves whenever any process changes the data folder."""
        with self.locked():
            return self._seen_count

    def _changed(self) -> None:
        self._seen_count = self._folder_lock.bump()

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

    # --------------------------------------------------------------- reading

    def evening_path(self, evening_id: str) -> Path:
        """The file of evening ``evening_id``."""
        return self.layout.evening_path(evening_id)

    def _read_evening(self, evening_id: str) -> E:
        path = self.evening_path(evening_id)
        data = read_bytes(path)
        if data is None:
            raise NotFoundError.evening(evening_id, path)
        model = self.documents.current_evening(data, evening_id)
        if model is not None:
            return model
        try:
            loaded, doc, old, _ = self.documents.load(path, "evening", evening_id, data)
        except CorruptFileError as exc:
            raise exc.with_backup(self._latest_good_backup(path, "evening", evening_id)) from exc
        if old < self.schema_version:
            self._persist_migration(path, data, doc, old)
            entry = self._index.get(evening_id)
            with contextlib.suppress(OSError):
                st = os.stat(path)
                if entry is not None and entry.error is None:
                    self._index.set(
                        entry.model_copy(
                            update={"file_size": st.st_size, "file_mtime_ns": st.st_mtime_ns}
                        )
                    )
        migrated: E = loaded
        return migrated

    def _persist_migration(self, path: Path, data: bytes, doc: dict[str, Any], old: int) -> None:
        """Back up the old file (tagged with its version), then write the migrated one."""
        folder, stem = self.layout.beside(self.backups_dir, path)
        try:
            make_backup(path, folder, stem, tag=f"v{old}", data=data)
            atomic_write_bytes(path, dumps_document(doc))
            self._changed()
        except _WRITE_ERRORS as exc:  # keep serving the migrated data from memory
            self.problems.append(exc)

    # ---------------------------------------------------------------- opening

    def _cleanup_temp_files(self) -> None:
        """Remove temporary files left by a crash mid-write (best effort)."""
        folders = [
            self.data_dir,
            self.index_dir,
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

    def _load_index(self) -> None:
        self._index.clear()
        writable = True
        files = self.layout.index_shards()
        legacy = self.layout.legacy_index_path
        # a folder of an older version: its one index.json is read once, then split
        sources: list[tuple[str | None, Path]] = list(files.items()) or [(None, legacy)]
        for shard, path in sources:
            try:
                data = read_bytes(path)
                if data is None:
                    continue
                entries, doc, old, _ = self.documents.load(path, "index", data=data)
            except CorruptFileError as exc:  # derived data: set it aside and rebuild
                self.problems.append(exc)
                try:
                    self._set_aside(path, self.corrupt_dir)
                except _WRITE_ERRORS as move_exc:  # never write over a file we could not save
                    self.problems.append(move_exc)
                    writable = False
                if shard is not None:
                    self._index.mark(shard)
                continue
            for entry, raw in entries:
                if shard is None:
                    self._index.set(entry, raw)
                    continue
                self._index.load(entry, raw)
                if shard_of(entry.id) != shard:  # copied by hand: move it to its own file
                    self._index.mark(shard)
                    self._index.mark(shard_of(entry.id))
            if shard is not None and old < self.schema_version:
                self._persist_migration(path, data, doc, old)
        self._reconcile()
        if writable:
            try:
                self._write_index()
                if legacy.exists():  # every entry is in index/ now
                    self._set_aside(legacy, self.backups_dir)
            except _WRITE_ERRORS as exc:  # e.g. read-only medium: serve the index from memory
                self.problems.append(exc)

    def _reconcile(self) -> None:
        """Re-read evening files whose size/mtime differ from their index entry."""
        on_disk = scan_evening_files(self.evenings_dir)
        for evening_id in list(self._index):
            if evening_id not in on_disk:
                self._index.drop(evening_id)
        for evening_id, stat in on_disk.items():
            entry = self._index.get(evening_id)
            if entry is None or (entry.file_size, entry.file_mtime_ns) != stat:
                self._reindex(evening_id)

    def _reindex(self, evening_id: str, updated_at: datetime | None = None) -> IndexEntry:
        """Rebuild the index entry of one evening from its file."""
        path = self.evening_path(evening_id)
        previous = self._index.get(evening_id)
        model: E | None = None
        error: StoreError | None = None
        try:
            model = self._read_evening(evening_id)
        except StoreError as exc:
            self.problems.append(exc)
            error = exc
        stat = _NO_STAT
        try:
            st = os.stat(path)
            stat = (st.st_size, st.st_mtime_ns)
            mtime = datetime.fromtimestamp(st.st_mtime_ns / 1e9, UTC)
        except OSError:
            mtime = datetime.now(UTC)
        code = error.code if error is not None else None
        if model is not None:
            entry = self._make_entry(model, updated_at or mtime, stat)
        elif previous is not None:
            entry = previous.model_copy(
                update={"error": code, "file_size": stat[0], "file_mtime_ns": stat[1]}
            )
        else:
            entry = IndexEntry(
                id=evening_id,
                updated_at=mtime,
                schema_version=-1,
                error=code,
                file_size=stat[0],
                file_mtime_ns=stat[1],
            )
        self._index.set(entry)
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
            players, doc, old, _ = self.documents.load(self.players_path, "players", data=data)
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
        """Write the index files whose entries changed (an emptied one is written empty)."""
        wrote = False
        try:
            for shard in self._index.dirty():
                atomic_write_bytes(
                    self.layout.index_shard_path(shard),
                    self._index.document_bytes(shard, self.schema_version),
                    create_dirs=True,
                )
                self._index.written(shard)
                wrote = True
        finally:
            if wrote:
                self._changed()

    def _set_aside(self, path: Path, root: Path) -> Path | None:
        """Move ``path`` into ``root`` (corrupt/ or trash/) under a timestamped name."""
        if not path.exists():
            return None
        folder, stem = self.layout.beside(root, path)
        dest = folder / f"{stem}.{timestamp()}.json"
        while dest.exists():
            dest = folder / f"{stem}.{timestamp()}.json"
        move_file(path, dest)
        self._changed()
        return dest

    def _prepare_overwrite(
        self,
        path: Path,
        kind: str,
        known: tuple[int | None, int | None] | None,
        evening_id: str | None = None,
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
                _, _, old, data = self.documents.load(path, kind, evening_id)
            except CorruptFileError:
                self._set_aside(path, self.corrupt_dir)
                return
            if old < self.schema_version:
                folder, stem = self.layout.beside(self.backups_dir, path)
                make_backup(path, folder, stem, tag=f"v{old}", data=data)
        self._backups.before_write(path, *self.layout.beside(self.backups_dir, path))

    def _write_evening(
        self, model: E, updated_at: datetime, entry: IndexEntry | None = None
    ) -> IndexEntry:
        """Write one evening and index it; ``entry``: its index entry, made already."""
        if not isinstance(model, self.evening_model):
            raise TypeError(f"expected a {self.evening_model.__name__}, got {type(model).__name__}")
        evening_id = validate_id(getattr(model, self._id_field, None))
        path = self.evening_path(evening_id)
        record = model.model_dump(mode="json")
        if entry is None:
            entry = self._make_entry(model, updated_at, _NO_STAT)  # hooks run before any write
        previous = self._index.get(evening_id)
        known = None
        if (
            previous is not None
            and previous.error is None
            and previous.schema_version == self.schema_version
        ):
            known = (previous.file_size, previous.file_mtime_ns)
        self._prepare_overwrite(path, "evening", known, evening_id)
        write_tables(path, {META_TABLE: [self._meta("evening")], "evening": [record]})
        self._changed()
        self._backups.after_write(path)
        st = os.stat(path)
        entry = entry.model_copy(update={"file_size": st.st_size, "file_mtime_ns": st.st_mtime_ns})
        self._index.set(entry)
        return entry

    def _write_players(self, players: Sequence[P]) -> None:
        seen: set[str] = set()
        records = []
        for player in players:
            if not isinstance(player, self.player_model):
                raise TypeError(
                    f"expected a {self.player_model.__name__}, got {type(player).__name__}"
                )
            pid = validate_id(getattr(player, self._player_id_field, None), "player")
            if pid in seen:
                raise InvalidIdError.duplicate(pid, "player")
            seen.add(pid)
            records.append(player.model_dump(mode="json"))
        self._prepare_overwrite(self.players_path, "players", self._players_stat)
        write_tables(self.players_path, {META_TABLE: [self._meta("players")], "players": records})
        self._changed()
        self._backups.after_write(self.players_path)
        st = os.stat(self.players_path)
        self._players_stat = (st.st_size, st.st_mtime_ns)
        self._players = [p.model_copy(deep=True) for p in players]
        self._players_error = None

    def _meta(self, kind: str) -> dict[str, Any]:
        return make_meta(kind, self.schema_version)[META_DOC_ID]

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

    def __len__(self) -> int:
        with self.locked():
            return len(self._index)

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
            entry = self._index.get(evening_id)
            if entry is None:
                raise NotFoundError.evening(evening_id)
            return entry

    def delete(self, evening_id: str) -> Path:
        """Move an evening's file to ``trash/`` (never destroyed); return its new path."""
        with self.locked():
            path = self.evening_path(evening_id)
            if not path.exists():
                raise NotFoundError.evening(evening_id, path)
            dest = self._set_aside(path, self.trash_dir)
            self._index.drop(evening_id)
            self._backups.forget(path)
            self._write_index()
            assert dest is not None
            return dest

    def list_index(self) -> list[IndexEntry]:
        """All index entries, newest first (by date, then last update)."""
        with self.locked():
            return sorted(
                self._index.entries(),
                key=lambda e: (e.date or "", e.updated_at, e.id),
                reverse=True,
            )

    def ids(self) -> list[str]:
        """Ids of all stored evenings, sorted."""
        with self.locked():
            return self._index.ids()

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

    def store_summaries(
        self, summaries: Mapping[str, tuple[tuple[int | None, int | None], Any]]
    ) -> int:
        """Keep summaries computed by the caller in the index, by evening id: each with the
        size and mtime of the evening file it was computed from, and stored only while the
        file is still that one (an entry written before its summary's keys existed is thus
        computed once, not in every process). Derived data: when the index cannot be
        written (read-only folder) they stay in memory only. Returns how many were stored."""
        with self.locked():
            stored = 0
            for evening_id, (stamp, summary) in summaries.items():
                entry = self._index.get(evening_id)
                if (
                    entry is None
                    or entry.error is not None
                    or stamp == _NO_STAT
                    or (entry.file_size, entry.file_mtime_ns) != stamp
                ):
                    continue
                dumps_document(summary)  # must be JSON: fail before anything is written
                self._index.set_summary(evening_id, summary)
                stored += 1
            if stored:
                with contextlib.suppress(*_WRITE_ERRORS):
                    self._write_index()
            return stored

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

    # ----------------------------------------------------------------- backups

    def _latest_good_backup(
        self, path: Path, kind: str, evening_id: str | None = None
    ) -> Path | None:
        folder, stem = self.layout.beside(self.backups_dir, path)
        for candidate in list_backups(folder, stem):
            try:
                self.documents.load(candidate, kind, evening_id)
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
            kind, evening_id, file = self.layout.classify(path)
            return self._latest_good_backup(file, kind, evening_id)

    def restore_backup(
        self, path: str | os.PathLike[str], backup: str | os.PathLike[str] | None = None
    ) -> Path:
        """Put a backup back in place of ``path``; return the backup used.

        ``backup`` defaults to :meth:`latest_good_backup`; it is validated first.
        The current file (if any) is moved to ``corrupt/``, never deleted.
        """
        with self.locked():
            kind, evening_id, file = self.layout.classify(path)
            if backup is None:
                chosen = self._latest_good_backup(file, kind, evening_id)
                if chosen is None:
                    raise NoBackupError(file)
            else:
                chosen = Path(backup)
                self.documents.load(chosen, kind, evening_id)  # raises if the backup is bad
            data = read_bytes(chosen)
            assert data is not None
            self._set_aside(file, self.corrupt_dir)
            atomic_write_bytes(file, data, create_dirs=True)
            self._changed()
            self._backups.forget(file)
            self.problems = [p for p in self.problems if p.path != file]
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
            ids = self._index.ids()
            evenings = [self._read_evening(i).model_dump(mode="json") for i in ids]
            players = [p.model_dump(mode="json") for p in self.get_players()]
            index = []
            for evening_id in ids:
                entry = self._index.get(evening_id)
                assert entry is not None
                index.append(entry.model_dump(mode="json", exclude=EXPORT_EXCLUDE))
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

    def import_all(self, path: str | os.PathLike[str], *, replace: bool = True) -> ImportResult:
        """Load a file written by :meth:`export_all`: :meth:`check_import`, then
        :meth:`write_import`.

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
        return self.write_import(self.check_import(path), replace=replace)

    def check_import(
        self, path: str | os.PathLike[str], *, data: bytes | None = None
    ) -> CheckedImport[E, P]:
        """Read an export, validate it whole and make every index entry, without the lock:
        however long a file takes to check, the data folder stays free for other writers.
        Writes nothing; raises :class:`ImportFileError`, :class:`NewerSchemaError` or
        :class:`DiskFullError`. ``data``: the file's bytes when they are in memory already
        (``path`` then only names it)."""
        source = Path(path)
        parsed = parse_import(source, self.documents, self._player_id_field, data=data)
        check_free_space(self.data_dir, source, parsed.size)
        updated = parsed.updated
        entries = []
        for n, model in enumerate(parsed.evenings):
            # The index hooks (describe, summarize) must accept every evening before
            # anything is written: a record that validates can still be unusable (e.g. a
            # derived field removed by hand).
            try:
                if self._check is not None:
                    self._check(model)
                entries.append(
                    self._make_entry(model, updated[getattr(model, self._id_field)], _NO_STAT)
                )
            except Exception as exc:
                detail = f"{type(exc).__name__}: {exc}".rstrip(": ")
                raise ImportFileError(
                    source,
                    f"evenings[{n}] cannot be used ({detail})",
                    reason_fr=f"evenings[{n}] est inutilisable ({detail})",
                ) from exc
        return CheckedImport(parsed.evenings, parsed.players, entries)

    def write_import(self, checked: CheckedImport[E, P], *, replace: bool = True) -> ImportResult:
        """Write what :meth:`check_import` made ready, holding the lock for the writes alone
        (see :meth:`import_all`)."""
        with self.locked():
            incoming = {getattr(e, self._id_field) for e in checked.evenings}
            trashed = []
            players = checked.players
            with self._index_written_after():
                if replace:
                    for evening_id in sorted(set(self._index) - incoming):
                        self._set_aside(self.evening_path(evening_id), self.trash_dir)
                        self._index.drop(evening_id)
                        trashed.append(evening_id)
                for model, entry in zip(checked.evenings, checked.entries, strict=True):
                    self._write_evening(model, entry.updated_at, entry)
                if not replace:
                    by_id = {getattr(p, self._player_id_field): p for p in self._players}
                    by_id.update((getattr(p, self._player_id_field), p) for p in players)
                    players = list(by_id.values())
                self._write_players(players)
            return ImportResult(
                evenings=len(checked.evenings), players=len(players), trashed=trashed
            )
