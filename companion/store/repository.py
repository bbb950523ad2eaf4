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
:mod:`~companion.store.transfer`; this class ties them to the files, which
:mod:`~companion.store.repository_files` opens, reads and writes.

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
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.words import Message

from .atomic import atomic_write_bytes, dumps_document, read_bytes
from .errors import (
    CorruptFileError,
    ImportFileError,
    InvalidIdError,
    NoBackupError,
    NotFoundError,
    StoreError,
)
from .index import EveningInfo, IndexEntry, default_describe
from .paths import validate_id
from .repository_files import NO_STAT, WRITE_ERRORS, E, P, RepositoryFiles
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


class Repository(RepositoryFiles[E, P]):
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
                    or stamp == NO_STAT
                    or (entry.file_size, entry.file_mtime_ns) != stamp
                ):
                    continue
                dumps_document(summary)  # must be JSON: fail before anything is written
                self._index.set_summary(evening_id, summary)
                stored += 1
            if stored:
                with contextlib.suppress(*WRITE_ERRORS):
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
                    self._make_entry(model, updated[getattr(model, self._id_field)], NO_STAT)
                )
            except Exception as exc:
                detail = f"{type(exc).__name__}: {exc}".rstrip(": ")
                raise ImportFileError(
                    source,
                    Message.of("store.reason.unusable", item=f"evenings[{n}]", detail=detail),
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
