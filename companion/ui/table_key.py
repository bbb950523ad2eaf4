"""The table's key, kept with the data folder: a restart of ``companion serve`` lets every
phone that had it back in, without scanning again (issue 21 §1).

The key lives in ``<data folder>/table-key``, written atomically and readable by this user
alone (``0o600`` from the file's creation). ``--new-key`` makes another one, which sends
every phone back to the QR code: the way to shut out a phone that should no longer record.
A file that does not hold a key (damaged, edited by hand) is replaced by a new key, and the
terminal says why the phones must scan again.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from companion.errors import CompanionError
from companion.ui.access import new_key
from companion.ui.evenings import service_for

FILE_NAME = "table-key"
# new_key's 22 URL-safe characters; longer keys (a future format) are taken as they are.
_KEY = re.compile(r"[A-Za-z0-9_\-]{22,128}")

Origin = Literal["kept", "first", "rotated", "damaged", "unkept"]


@dataclass(frozen=True)
class TableKey:
    """The key this run uses, and where it comes from: ``kept`` (the folder's, as the last
    run had it), ``first`` (none yet), ``rotated`` (``--new-key``), ``damaged`` (the file
    held no key), ``unkept`` (it could not be written: this run's alone, ``problem`` says
    why)."""

    key: str
    origin: Origin
    problem: CompanionError | None = None

    @property
    def phones_rescan(self) -> bool:
        """Whether phones that had a key must scan the QR code again."""
        return self.origin in ("rotated", "damaged", "unkept")


def key_path(data_dir: Path) -> Path:
    return Path(data_dir) / FILE_NAME


def read_key(data_dir: Path) -> str | None:
    """The kept key, or None when there is none or the file does not hold one."""
    try:
        text = key_path(data_dir).read_text("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if _KEY.fullmatch(text) else None


def table_key(data_dir: Path, *, rotate: bool = False) -> TableKey:
    """The key for this run of the server: the folder's, or a new one written there.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = table_key(folder)
    >>> first.origin, table_key(folder) == TableKey(first.key, "kept")
    ('first', True)
    >>> table_key(folder, rotate=True).key != first.key
    True
    """
    path = key_path(data_dir)
    kept = None if rotate else read_key(data_dir)
    if kept is not None:
        _make_private(path)
        return TableKey(kept, "kept")
    origin: Origin = "rotated" if rotate else "damaged" if path.exists() else "first"
    key = new_key()
    try:
        service_for(Path(data_dir)).write_data_file(
            FILE_NAME, (key + "\n").encode("ascii"), private=True
        )
    except CompanionError as err:
        return TableKey(key, "unkept", err)
    return TableKey(key, origin)


def _make_private(path: Path) -> None:
    """A key file others may read (copied, restored from a backup) is made this user's
    alone again: the key is what lets a phone record."""
    if os.name != "posix":
        return
    try:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(0o600)
    except OSError:
        pass  # not ours to change (another owner): the key still works
