"""Atomic, durable JSON files and the TinyDB storage built on them.

TinyDB's own ``JSONStorage`` creates (``touch``) the file when it is opened and
rewrites it *in place* (seek, write, truncate): a crash or a full disk in the
middle leaves a half-written file, and opening a damaged file may truncate it.
:class:`AtomicJSONStorage` never does either:

* opening does not touch the disk at all; a missing file reads as ``None``;
* :meth:`AtomicJSONStorage.write` serialises to a temporary file in the same
  directory, ``fsync``\\ s it, ``os.replace``\\ s it over the old file, then
  ``fsync``\\ s the directory, so when it returns the new content is on disk and
  at every instant the path holds either the complete old or the complete new
  content;
* reading a file that is empty, not UTF-8 JSON, or not shaped like a TinyDB
  document (``{table: {doc_id: {...}}}``) raises :class:`CorruptFileError`
  naming the file and the problem, and leaves the file as it is.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from companion.words import Message

from .errors import CorruptFileError, ReadOnlyError, UnreadableFileError, map_os_error
from .runtime import note_write

__all__ = [
    "TMP_SUFFIX",
    "AtomicJSONStorage",
    "atomic_write_bytes",
    "dumps_document",
    "fsync_dir",
    "move_file",
    "open_tinydb",
    "parse_document",
    "parse_json_text",
    "read_document",
]

TMP_SUFFIX = ".tmp"
_BINARY = getattr(os, "O_BINARY", 0)


def fsync_dir(directory: str | os.PathLike[str]) -> None:
    """Flush a directory entry change (create, rename) to disk (no-op on Windows)."""
    note_write()  # in a browser, memory: the runtime copies it to IndexedDB before "saved"
    if os.name == "nt":  # directories cannot be opened/fsynced there; NTFS journals renames
        return
    fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as exc:  # some filesystems refuse fsync on directories
        if exc.errno not in (22, 95, 9):  # EINVAL, EOPNOTSUPP, EBADF
            raise
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write_bytes(
    path: str | os.PathLike[str], data: bytes, *, create_dirs: bool = False, mode: int = 0o666
) -> None:
    """Replace ``path`` with ``data`` atomically and durably. ``mode`` (less the umask) is
    the file's from its creation: ``0o600`` keeps a secret from other users at every
    instant, the temporary file included.

    Raises :class:`ReadOnlyError`, :class:`DiskFullError` or
    :class:`StoreWriteError` (mapped from ``OSError``); in every failure case the
    previous content of ``path`` is intact and the temporary file is removed.
    """
    path = Path(path)
    directory = path.parent
    tmp = directory / f".{path.name}.{os.urandom(6).hex()}{TMP_SUFFIX}"
    created = False
    try:
        if create_dirs:
            directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _BINARY, mode)
        created = True
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        created = False
        fsync_dir(directory)
    except OSError as exc:
        if created:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise map_os_error(exc, path) from exc
    except BaseException:
        if created:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def move_file(src: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
    """Move ``src`` to ``dest`` (same filesystem) durably, creating ``dest``'s folder."""
    src, dest = Path(src), Path(dest)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dest)
        fsync_dir(dest.parent)
        if dest.parent != src.parent:
            fsync_dir(src.parent)
    except OSError as exc:
        raise map_os_error(exc, src, "move") from exc


def dumps_document(data: Any, *, indent: int | None = None) -> bytes:
    """Serialise a document to UTF-8 JSON bytes (strict: no NaN/Infinity)."""
    separators = (",", ":") if indent is None else (",", ": ")
    text = json.dumps(
        data, ensure_ascii=False, indent=indent, separators=separators, allow_nan=False
    )
    return text.encode("utf-8")


_JSON_TYPES = ("object", "list", "string", "null", "boolean", "number")


def _json_type(value: Any) -> Message:
    """How to name a JSON value's type (« une liste », "a list", »eine Liste«)."""
    if isinstance(value, dict):
        kind = "object"
    elif isinstance(value, list):
        kind = "list"
    elif isinstance(value, str):
        kind = "string"
    elif value is None:
        kind = "null"
    elif isinstance(value, bool):
        kind = "boolean"
    else:
        kind = "number"
    return Message.of(f"store.json.{kind}")


def _is_doc_id(key: str) -> bool:
    return key.isascii() and key.isdigit()


def check_tinydb_shape(doc: Any, path: str | os.PathLike[str]) -> dict[str, dict[str, Any]]:
    """Raise :class:`CorruptFileError` unless ``doc`` is ``{table: {doc_id: {...}}}``."""
    if not isinstance(doc, dict):
        raise CorruptFileError(path, Message.of("store.reason.tinydb_root", found=_json_type(doc)))
    for table_name, table in doc.items():
        if not isinstance(table, dict):
            raise CorruptFileError(
                path,
                Message.of(
                    "store.reason.tinydb_table", table=repr(table_name), found=_json_type(table)
                ),
            )
        for doc_id, record in table.items():
            if not _is_doc_id(doc_id):
                raise CorruptFileError(
                    path,
                    Message.of(
                        "store.reason.tinydb_doc_id", table=repr(table_name), doc_id=repr(doc_id)
                    ),
                )
            if not isinstance(record, dict):
                raise CorruptFileError(
                    path,
                    Message.of(
                        "store.reason.tinydb_record",
                        doc_id=doc_id,
                        table=repr(table_name),
                        found=_json_type(record),
                    ),
                )
    return doc


def not_utf8(exc: UnicodeDecodeError) -> Message:
    """Why bytes are not text: the offset of the first bad byte."""
    return Message.of("store.reason.not_utf8", offset=exc.start)


def json_problem(exc: json.JSONDecodeError | RecursionError) -> Message:
    """Why a text is not JSON: where the parser stopped (its words), or too deep a nesting."""
    if isinstance(exc, RecursionError):
        return Message.of("store.reason.too_deep")
    return Message.of("store.reason.bad_json", line=exc.lineno, column=exc.colno, msg=exc.msg)


def parse_json_text(data: bytes) -> tuple[Any, Message | None]:
    """Decode UTF-8 JSON: ``(value, None)``, or ``(None, why not)``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, not_utf8(exc)
    try:
        return json.loads(text), None
    except (json.JSONDecodeError, RecursionError) as exc:
        return None, json_problem(exc)


def parse_document(data: bytes, path: str | os.PathLike[str]) -> dict[str, dict[str, Any]]:
    """Parse the bytes of a store file, raising :class:`CorruptFileError` with details."""
    if not data.strip():
        raise CorruptFileError(path, Message.of("store.reason.empty"))
    doc, problem = parse_json_text(data)
    if problem is not None:
        raise CorruptFileError(path, problem)
    return check_tinydb_shape(doc, path)


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes | None:
    """Read a whole file (at most ``limit`` bytes when given); ``None`` if it does not
    exist; never creates anything."""
    try:
        with open(path, "rb") as handle:
            return handle.read(-1 if limit is None else limit)
    except FileNotFoundError:
        return None
    except IsADirectoryError as exc:
        raise CorruptFileError(path, Message.of("store.reason.folder")) from exc
    except OSError as exc:
        raise UnreadableFileError(path, exc.strerror or str(exc)) from exc


def read_document(path: str | os.PathLike[str]) -> dict[str, dict[str, Any]] | None:
    """Read and check a TinyDB JSON file; ``None`` if it does not exist."""
    data = read_bytes(path)
    if data is None:
        return None
    return parse_document(data, path)


class AtomicJSONStorage(Storage):
    """TinyDB storage writing JSON files atomically and durably (see module doc).

    Usable directly with TinyDB: ``TinyDB(path, storage=AtomicJSONStorage)``.
    ``access_mode="r"`` makes every write raise :class:`ReadOnlyError`.
    Not safe for several processes writing the same file.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        create_dirs: bool = False,
        encoding: str | None = None,
        access_mode: str = "r+",
        *,
        indent: int | None = None,
    ) -> None:
        super().__init__()
        if encoding not in (None, "utf-8", "utf8", "UTF-8"):
            raise ValueError("AtomicJSONStorage always uses UTF-8")
        self.path = Path(path)
        self._create_dirs = create_dirs
        self._read_only = access_mode in ("r", "rb")
        self._indent = indent
        # Deliberately no touch(): opening never writes, so a damaged file is never
        # truncated and a missing one is only created by the first write.

    def read(self) -> dict[str, dict[str, Any]] | None:
        return read_document(self.path)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        if self._read_only:
            raise ReadOnlyError.opened_read_only(self.path)
        atomic_write_bytes(
            self.path, dumps_document(data, indent=self._indent), create_dirs=self._create_dirs
        )

    def close(self) -> None:
        pass


def open_tinydb(path: str | os.PathLike[str], *, read_only: bool = False) -> TinyDB:
    """Open a store file as a TinyDB database (for ad-hoc queries and tools).

    Each TinyDB operation is one atomic write.  Going behind a
    :class:`~companion.store.repository.Repository`'s back this way is fine for
    reading; writes are picked up by the repository at its next open.
    """
    return TinyDB(path, storage=AtomicJSONStorage, access_mode="r" if read_only else "r+")
