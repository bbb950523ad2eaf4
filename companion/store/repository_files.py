"""The files behind the repository: opening the data folder, reading and writing each file
crash-safely, and keeping the index in step with the evening files.

``RepositoryFiles`` holds the folder's layout, the lock, the index and the players in memory;
:class:`~companion.store.repository.Repository` adds the public operations on top of it.
Opening re-reads only the evening files that changed behind the index's back (a crash
between the evening write and the index write, a restore, a hand edit), so the index heals
itself; a damaged index file is moved to ``corrupt/`` and its entries are rebuilt. Every
write makes overwriting lose nothing first (``_prepare_overwrite``: a file we did not write
is checked, set aside or backed up) and is one atomic, durable write per file.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
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
    InvalidIdError,
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

E = TypeVar("E", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)

WRITE_ERRORS = (ReadOnlyError, DiskFullError, StoreWriteError)  # a write that failed cleanly
_STALE_TMP_SECONDS = 60.0
NO_STAT: tuple[int | None, int | None] = (None, None)  # size and mtime: no file


class RepositoryFiles(Generic[E, P]):
    """The data folder's files in memory and on disk, for :class:`Repository` (whose
    docstring says what the constructor takes)."""

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
        except WRITE_ERRORS as exc:  # keep serving the migrated data from memory
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
                except WRITE_ERRORS as move_exc:  # never write over a file we could not save
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
            except WRITE_ERRORS as exc:  # e.g. read-only medium: serve the index from memory
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
        stat = NO_STAT
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
            entry = self._make_entry(model, updated_at, NO_STAT)  # hooks run before any write
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
