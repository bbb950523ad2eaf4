"""Errors raised by the storage layer.

Every store error is a :class:`~companion.rules.errors.CompanionError` (hence a
``ValueError``): it carries a stable ``code`` (class attribute, never
translated), words from the catalogue's ``store`` domain (``message(lang)``;
``str(error)`` is the English) saying what is wrong, which file, and what the user can do,
plus ``params`` (a dict of plain values such as the file path, the same dict as
``details``) and ``path``.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.words import Fixed, Message, Renders
from companion.words.formats import date_short, time_short

from .names import backup_time

__all__ = [
    "CorruptFileError",
    "DataFolderLinkError",
    "DiskFullError",
    "FolderBusyError",
    "ImportFileError",
    "InvalidIdError",
    "MigrationError",
    "NewerSchemaError",
    "NoBackupError",
    "NotFoundError",
    "ReadOnlyError",
    "StoreError",
    "StoreWriteError",
    "UnreadableFileError",
    "backup_moment",
    "map_os_error",
]


class StoreError(CompanionError):
    """Base class of every error raised by :mod:`companion.store`."""

    code = "store-error"

    def __init__(
        self,
        words: Renders,
        *,
        path: str | os.PathLike[str] | None = None,
        **params: Any,
    ) -> None:
        super().__init__(words, path=os.fspath(path) if path is not None else None, **params)
        self.path: Path | None = Path(path) if path is not None else None
        self.params: dict[str, Any] = self.details


def backup_moment(backup: str | os.PathLike[str]) -> datetime | None:
    """When a backup was taken (UTC): from its name, else its modification time."""
    moment = backup_time(Path(backup).name)
    if moment is not None:
        return moment
    try:
        return datetime.fromtimestamp(os.stat(backup).st_mtime, UTC)
    except OSError:
        return None


@dataclass(frozen=True)
class LocalMoment:
    """A moment on the user's clock, as ``lang`` writes its day or its time (Babel)."""

    moment: datetime
    part: Callable[[str, datetime], str]

    def render(self, lang: str) -> str:
        return self.part(lang, self.moment.astimezone())


def local_day(moment: datetime) -> LocalMoment:
    return LocalMoment(moment, date_short)


def local_time(moment: datetime) -> LocalMoment:
    return LocalMoment(moment, time_short)


class CorruptFileError(StoreError):
    """A store file is not valid JSON, not a TinyDB document, or does not validate.

    ``reason_words`` says what is wrong (``reason``: in English, ``reason_fr``: in French);
    ``backup`` is the newest backup of that file that parses and validates (or ``None``),
    so the UI can offer to restore it; ``backup_date`` (``params``) is when it was taken.
    The corrupt file itself is never overwritten or truncated.
    """

    code = "corrupt-file"

    def __init__(
        self,
        path: str | os.PathLike[str],
        reason: Renders,
        *,
        backup: str | os.PathLike[str] | None = None,
    ) -> None:
        backup = Path(backup) if backup is not None else None
        moment = backup_moment(backup) if backup is not None else None
        advice: Message
        if backup is None:
            advice = Message.of("store.corrupt.no_backup")
        elif moment is None:
            advice = Message.of("store.corrupt.backup", backup=os.fspath(backup))
        else:
            advice = Message.of(
                "store.corrupt.backup_dated",
                backup=os.fspath(backup),
                day=local_day(moment),
                time=local_time(moment),
            )
        super().__init__(
            Message.of("store.corrupt", path=os.fspath(path), reason=reason, advice=advice),
            path=path,
            reason=reason.render("en"),
            reason_fr=reason.render("fr"),
            backup=os.fspath(backup) if backup is not None else None,
            backup_date=moment.isoformat() if moment is not None else None,
        )
        self.reason_words = reason
        # rendered once, for the details above
        self.reason: str = self.params["reason"]
        self.reason_fr: str = self.params["reason_fr"]
        self.backup = backup
        self.backup_date = moment

    def with_backup(self, backup: Path | None) -> CorruptFileError:
        """Return a copy of this error that offers ``backup``."""
        err = CorruptFileError(self.path or "", self.reason_words, backup=backup)
        err.__cause__ = self.__cause__
        return err


class NewerSchemaError(StoreError):
    """A file was written by a newer version of the app; it is left untouched."""

    code = "newer-schema"

    def __init__(self, path: str | os.PathLike[str], found: int, supported: int) -> None:
        super().__init__(
            Message.of("store.newer", path=os.fspath(path), found=found, supported=supported),
            path=path,
            found=found,
            supported=supported,
        )
        self.found = found
        self.supported = supported


class ImportFileError(StoreError):
    """An import file is unreadable, not an export, or does not validate.

    Nothing in the store has been changed when this is raised. ``reason_words`` says why
    (``reason``: in English, ``reason_fr``: in French).
    """

    code = "import-invalid"

    def __init__(
        self,
        path: str | os.PathLike[str],
        reason: Renders,
    ) -> None:
        super().__init__(
            Message.of("store.import_refused", path=os.fspath(path), reason=reason),
            path=path,
            reason=reason.render("en"),
            reason_fr=reason.render("fr"),
        )
        self.reason_words = reason
        # rendered once, for the details above
        self.reason: str = self.params["reason"]
        self.reason_fr: str = self.params["reason_fr"]


class NotFoundError(StoreError):
    """No evening with that id is stored (or a file to read does not exist)."""

    code = "not-found"

    @classmethod
    def evening(cls, evening_id: str, path: str | os.PathLike[str] | None = None) -> NotFoundError:
        """No evening ``evening_id`` (stored as ``path``) exists."""
        where = "" if path is None else Message.of("store.evening_missing.where", path=path)
        return cls(
            Message.of("store.evening_missing", id=evening_id, where=where),
            path=path,
            id=evening_id,
        )

    @classmethod
    def file(cls, path: str | os.PathLike[str]) -> NotFoundError:
        """The file ``path`` does not exist."""
        return cls(Message.of("store.file_missing", path=os.fspath(path)), path=path)


def what_words(what: str) -> Renders:
    """What an id names (« de soirée », "evening", »Abend«); another word as it is."""
    return Message.of(f"store.what.{what}") if what in ("evening", "player") else Fixed(what)


class InvalidIdError(StoreError):
    """An id cannot be used as a file name (empty, too long, or odd characters), or is
    given twice."""

    code = "invalid-id"

    @classmethod
    def bad(cls, value: Any, what: str = "evening") -> InvalidIdError:
        """``value`` is not a usable ``what`` id."""
        return cls(
            Message.of("store.id_invalid", what=what_words(what), id=repr(value)),
            id=repr(value),
            what=what,
        )

    @classmethod
    def duplicate(cls, value: str | None, what: str = "evening") -> InvalidIdError:
        """Several items given at once share the id ``value``; nothing was saved."""
        shown = "" if value is None else f" {value!r}"
        return cls(
            Message.of("store.id_twice", what=what_words(what), id=shown),
            id=value,
            what=what,
        )


def _action(action: str) -> Message:
    """The doing of ``action`` as the OS-error messages say it; another action by name."""
    if action in ("write", "move", "read"):
        return Message.of(f"store.action.{action}")
    return Message.of("store.action.other", action=action)


class ReadOnlyError(StoreError):
    """The data directory cannot be written (read-only medium or no permission)."""

    code = "read-only"

    @classmethod
    def opened_read_only(cls, path: str | os.PathLike[str]) -> ReadOnlyError:
        """``path`` was opened read-only on purpose."""
        return cls(Message.of("store.opened_read_only", path=os.fspath(path)), path=path)


class DiskFullError(StoreError):
    """The disk (or quota) is full; the previous file content is intact."""

    code = "disk-full"


class FolderBusyError(StoreError):
    """Another process held the data folder for longer than a change can take."""

    code = "folder-busy"

    def __init__(self, folder: str | os.PathLike[str], waited: float) -> None:
        seconds = round(waited)
        super().__init__(
            Message.of("store.folder_busy", folder=os.fspath(folder), seconds=seconds),
            path=folder,
            waited=seconds,
        )


class DataFolderLinkError(StoreError):
    """The data folder is, or lies inside, a symbolic link to a place that does not exist
    (a drive not connected, a folder moved): there is nothing to read there, and writing
    would fail with the system's bare "File exists"."""

    code = "data-folder-link"

    def __init__(
        self,
        folder: str | os.PathLike[str],
        link: str | os.PathLike[str],
        target: str | os.PathLike[str],
    ) -> None:
        names = {"folder": os.fspath(folder), "target": os.fspath(target)}
        if Path(link) == Path(folder):
            what = Message.of("store.link.is", **names)
        else:
            what = Message.of("store.link.inside", link=os.fspath(link), **names)
        super().__init__(
            Message.of("store.link_broken", what=what, target=os.fspath(target)),
            path=folder,
            link=os.fspath(link),
            target=os.fspath(target),
        )


class StoreWriteError(StoreError):
    """Writing failed for another OS reason; the previous file content is intact."""

    code = "write-failed"


class UnreadableFileError(StoreError):
    """A store file exists but cannot be read (permissions, I/O error)."""

    code = "unreadable"

    def __init__(self, path: str | os.PathLike[str], detail: str) -> None:
        super().__init__(
            Message.of("store.unreadable", path=os.fspath(path), detail=detail),
            path=path,
            detail=detail,
        )


class NoBackupError(StoreError):
    """A restore was requested but no backup parses and validates."""

    code = "no-backup"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(Message.of("store.no_backup", path=os.fspath(path)), path=path)


class MigrationError(StoreError):
    """A migration is missing or did not produce the next schema version (a bug)."""

    code = "migration-failed"

    def __init__(
        self, path: str | os.PathLike[str], version: int, produced: int | None = None
    ) -> None:
        if produced is None:
            step = Message.of("store.migration.missing", version=version, next=version + 1)
        else:
            step = Message.of(
                "store.migration.wrong", version=version, produced=produced, next=version + 1
            )
        super().__init__(
            Message.of("store.migration", path=os.fspath(path), step=step),
            path=path,
            version=version,
            produced=produced,
        )


_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}
_FULL_ERRNOS = {errno.ENOSPC} | ({errno.EDQUOT} if hasattr(errno, "EDQUOT") else set())


def map_os_error(exc: OSError, path: str | os.PathLike[str], action: str = "write") -> StoreError:
    """Translate an ``OSError`` raised while writing ``path`` into a :class:`StoreError`."""
    detail = exc.strerror or str(exc)
    fields = {"act": _action(action), "path": os.fspath(path), "detail": detail}
    if isinstance(exc, PermissionError) or exc.errno in _READ_ONLY_ERRNOS:
        return ReadOnlyError(Message.of("store.os.read_only", **fields), path=path, detail=detail)
    if exc.errno in _FULL_ERRNOS:
        return DiskFullError(Message.of("store.os.disk_full", **fields), path=path, detail=detail)
    return StoreWriteError(Message.of("store.os.other", **fields), path=path, detail=detail)
