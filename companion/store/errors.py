"""Errors raised by the storage layer.

Every error a user can cause carries a stable ``code`` (class attribute, never
translated) so the UI can pick a translated message, plus ``params`` (a dict of
plain values such as the file path) to fill that message in.  The English
``str(error)`` is meant for logs and for a developer reading a traceback.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any, ClassVar

__all__ = [
    "CorruptFileError",
    "DiskFullError",
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
    "map_os_error",
]


class StoreError(ValueError):
    """Base class of every error raised by :mod:`companion.store`."""

    code: ClassVar[str] = "store-error"

    def __init__(self, message: str, *, path: str | Path | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.path: Path | None = Path(path) if path is not None else None
        self.params: dict[str, Any] = {"path": str(path) if path is not None else None, **params}


class CorruptFileError(StoreError):
    """A store file is not valid JSON, not a TinyDB document, or does not validate.

    ``reason`` says what is wrong; ``backup`` is the newest backup of that file
    that parses and validates (or ``None``), so the UI can offer to restore it.
    The corrupt file itself is never overwritten or truncated.
    """

    code = "corrupt-file"

    def __init__(self, path: str | Path, reason: str, *, backup: Path | None = None) -> None:
        super().__init__(
            f"{path} is corrupt: {reason}", path=path, reason=reason,
            backup=str(backup) if backup else None,
        )
        self.reason = reason
        self.backup = backup

    def with_backup(self, backup: Path | None) -> CorruptFileError:
        """Return a copy of this error that offers ``backup``."""
        err = CorruptFileError(self.path or "", self.reason, backup=backup)
        err.__cause__ = self.__cause__
        return err


class NewerSchemaError(StoreError):
    """A file was written by a newer version of the app; it is left untouched."""

    code = "newer-schema"

    def __init__(self, path: str | Path, found: int, supported: int) -> None:
        super().__init__(
            f"{path} uses schema version {found}, but this version of the app only "
            f"understands up to version {supported}; update the app to open it. "
            "The file was left untouched.",
            path=path, found=found, supported=supported,
        )
        self.found = found
        self.supported = supported


class ImportFileError(StoreError):
    """An import file is unreadable, not an export, or does not validate.

    Nothing in the store has been changed when this is raised.
    """

    code = "import-invalid"


class NotFoundError(StoreError):
    """No evening with that id is stored."""

    code = "not-found"


class InvalidIdError(StoreError):
    """An id cannot be used as a file name (empty, too long, or odd characters)."""

    code = "invalid-id"


class ReadOnlyError(StoreError):
    """The data directory cannot be written (read-only medium or no permission)."""

    code = "read-only"


class DiskFullError(StoreError):
    """The disk (or quota) is full; the previous file content is intact."""

    code = "disk-full"


class StoreWriteError(StoreError):
    """Writing failed for another OS reason; the previous file content is intact."""

    code = "write-failed"


class UnreadableFileError(StoreError):
    """A store file exists but cannot be read (permissions, I/O error)."""

    code = "unreadable"


class NoBackupError(StoreError):
    """A restore was requested but no backup parses and validates."""

    code = "no-backup"


class MigrationError(StoreError):
    """A migration is missing or did not produce the next schema version (a bug)."""

    code = "migration-failed"


_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}
_FULL_ERRNOS = {errno.ENOSPC} | ({errno.EDQUOT} if hasattr(errno, "EDQUOT") else set())


def map_os_error(exc: OSError, path: str | Path, action: str = "write") -> StoreError:
    """Translate an ``OSError`` raised while writing ``path`` into a :class:`StoreError`."""
    detail = exc.strerror or str(exc)
    if isinstance(exc, PermissionError) or exc.errno in _READ_ONLY_ERRNOS:
        return ReadOnlyError(
            f"Cannot {action} {path}: the storage is read-only or not writable ({detail}). "
            "Nothing was changed.",
            path=path, detail=detail,
        )
    if exc.errno in _FULL_ERRNOS:
        return DiskFullError(
            f"Cannot {action} {path}: the disk is full ({detail}). "
            "The previous version of the file is intact.",
            path=path, detail=detail,
        )
    return StoreWriteError(
        f"Cannot {action} {path}: {detail}. The previous version of the file is intact.",
        path=path, detail=detail,
    )
