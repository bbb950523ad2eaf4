"""The data folder of ``TableService`` as a whole: export and import, the store files with
backups or damage, the newest good backup and restoring it, and what the index knows of an
evening whose file may not read."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from companion.store import CorruptFileError
from companion.store.backups import list_backups
from companion.store.errors import backup_moment
from companion.table.data_folder import FileKind, GoodBackup, Imported, StoredFile
from companion.table.history_list import EveningEntry, evening_entry
from companion.table.service_ratings import ServiceRatings


class ServiceFolder(ServiceRatings):
    """Export, import, backups and damaged files (see the module docstring)."""

    def export_backup(self, path: str | os.PathLike[str]) -> Path:
        """Everything (players, evenings, index) in one JSON file ``import_backup`` reads."""
        with self._lock:
            return self.repo.export_all(path)

    def import_backup(
        self,
        path: str | os.PathLike[str],
        *,
        data: bytes | None = None,
        before_write: Callable[[], Path] | None = None,
    ) -> Imported:
        """Add the evenings and players of an exported file (replacing those with the same
        id, keeping the others). The whole file is checked first, holding no lock (other
        writers, here and in other processes, carry on meanwhile): a wrong file raises
        ``ImportFileError`` or ``NewerSchemaError`` and changes nothing. Then the data folder
        is locked for the writes alone. ``data``: the file's bytes when they are in memory
        already (``path`` then only names it). ``before_write`` (a copy of the data as it
        was) runs under the same lock, just before the writes; the file it returns is
        removed again if the import then fails having written nothing."""
        checked = self.repo.check_import(path, data=data)
        with self._lock, self.repo.locked():
            count = self.repo.change_count()
            copy = before_write() if before_write is not None else None
            try:
                result = self.repo.write_import(checked, replace=False)
            except BaseException:
                if copy is not None and self.repo.change_count() == count:
                    copy.unlink(missing_ok=True)
                raise
            finally:
                self._cache.clear()
        with self._lock:
            # Rated now, and kept when that is worth it (a big import is): the first
            # leaderboard after it, or the next process, does not rate the club again.
            if result.evenings:
                self._ratings()
            return Imported(result.evenings, result.players, tuple(result.trashed))

    def problems(self) -> list[Path]:
        """The store files found damaged since the data folder was opened."""
        return list(dict.fromkeys(p.path for p in self.repo.problems if p.path is not None))

    def evening_entry(self, evening_id: str) -> EveningEntry:
        """What the index knows of an evening (date, title, players) without reading its
        file."""
        with self._lock:
            entry = self.repo.get_entry(evening_id)
            return evening_entry(entry, self._parse(entry))

    def stored_files(self) -> list[StoredFile]:
        """Every store file with backups, and every damaged file with or without."""
        repo = self.repo
        damaged = set(self.problems())
        # A damaged evening another process found (its index entry says so) is one too,
        # though this process never read its file.
        damaged.update(
            repo.evening_path(e.id) for e in repo.list_index() if e.error == CorruptFileError.code
        )
        paths: dict[Path, tuple[FileKind, str | None]] = {}
        for path in [*repo.layout.index_shards().values(), *damaged]:
            if path.parent == repo.index_dir:
                paths[path] = ("index", None)
        paths[repo.players_path] = ("players", None)
        ids: set[str] = set()
        for folder in (repo.evenings_dir, repo.backups_dir / repo.evenings_dir.name):
            if folder.is_dir():
                # an id has no dot: a file's or a backup's name starts with its evening's id
                ids.update(f.name.split(".", 1)[0] for f in folder.glob("*.json"))
        for path in damaged:
            if path.parent == repo.evenings_dir:
                ids.add(path.stem)
        for each in sorted(ids):
            paths[repo.evenings_dir / f"{each}.json"] = ("evening", each)
        found = []
        for path, (kind, evening_id) in paths.items():
            folder = repo.backups_dir / path.parent.relative_to(repo.data_dir)
            backups = tuple(list_backups(folder, path.stem))
            if not backups and path not in damaged:
                continue
            moments = [m for m in map(backup_moment, backups) if m is not None]
            found.append(
                StoredFile(
                    path, kind, evening_id, backups, max(moments, default=None), path in damaged
                )
            )
        return found

    def latest_backup(self, evening_id: str) -> GoodBackup | None:
        """The newest backup of an evening's file that reads back, and when it was taken;
        None when there is none."""
        with self._lock:
            path = self.repo.latest_good_backup(self.repo.evening_path(evening_id))
            return None if path is None else GoodBackup(path, backup_moment(path))

    def restore_evening(self, evening_id: str) -> Path:
        """Put the newest backup of an evening's file that reads back in its place (the
        damaged file is moved to ``corrupt/``); returns the backup used, or raises
        ``NoBackupError``."""
        return self.restore_backup(self.repo.evening_path(evening_id))

    def restore_backup(self, path: str | os.PathLike[str]) -> Path:
        """Put the newest backup of the store file ``path`` that reads back in its place
        (the damaged file is moved to ``corrupt/``); returns the backup used, or raises
        ``NoBackupError``."""
        with self._lock:
            used = self.repo.restore_backup(path)
            self._cache.clear()
            return used
