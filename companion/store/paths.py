"""Where the store lives on disk, and which names are safe there."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.words import Message

from .errors import DataFolderLinkError, InvalidIdError, StoreError
from .names import is_valid_id

__all__ = [
    "APP_NAME",
    "DATA_DIR_ENV",
    "Layout",
    "check_data_folder",
    "dangling_link",
    "resolve_data_dir",
    "validate_id",
]

APP_NAME = "companion"
DATA_DIR_ENV = "FLET_APP_STORAGE_DATA"

_SHARD = re.compile(r"[0-9a-f]{2}\.json")


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data directory of the store.

    Precedence: ``explicit`` (when given and non-empty), then the
    ``FLET_APP_STORAGE_DATA`` environment variable (set by Flet on mobile and
    desktop builds), then ``platformdirs.user_data_dir("companion")``.
    The directory is *not* created here: opening a store never writes.
    """
    if explicit is not None and os.fspath(explicit) != "":
        return Path(explicit).expanduser()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs  # only here: most callers name their folder

    return Path(platformdirs.user_data_dir(APP_NAME))


def dangling_link(path: Path) -> tuple[Path, Path] | None:
    """The symbolic link on the way to ``path`` (``path`` itself or a folder above) that
    leads nowhere, and where it leads; None when there is none."""
    for candidate in (path, *path.parents):
        if candidate.is_symlink():
            if candidate.exists():
                return None  # it leads somewhere: so does every folder above it
            target = Path(os.readlink(candidate))
            return candidate, target if target.is_absolute() else candidate.parent / target
        if candidate.exists():
            return None
    return None


def check_data_folder(path: Path) -> None:
    """Raise :class:`DataFolderLinkError` when ``path`` is, or lies in, a link to nowhere;
    a folder that does not exist yet is fine (it is made by the first write)."""
    found = dangling_link(path)
    if found is not None:
        raise DataFolderLinkError(path, *found)


def validate_id(value: Any, what: str = "evening") -> str:
    """Return ``value`` if it is a usable stable id (it becomes a file name)."""
    if not is_valid_id(value):
        raise InvalidIdError.bad(value, what)
    assert isinstance(value, str)
    return value


@dataclass(frozen=True)
class Layout:
    """Where each file of a data folder lives::

    index/<xx>.json         the index: one small entry per evening, spread over up to
                            256 files by a hash of the evening id (see index.py)
    players.json            player profiles
    evenings/<id>.json      one file per evening
    backups/...             rolling and pre-migration backups (see backups.py)
    corrupt/...             damaged files moved aside by a restore (never deleted)
    trash/...               deleted evenings and evenings replaced by an import
    companion.lock          the inter-process lock (see lock.py)
    """

    data_dir: Path

    @property
    def index_dir(self) -> Path:
        return self.data_dir / "index"

    def index_shard_path(self, shard: str) -> Path:
        """The file of one shard of the index (``shard``: two hex digits)."""
        return self.index_dir / f"{shard}.json"

    def index_shards(self) -> dict[str, Path]:
        """``{shard: path}`` of the index files on disk."""
        found = {}
        try:
            items = list(os.scandir(self.index_dir))
        except OSError:
            items = []
        for item in items:
            if _SHARD.fullmatch(item.name):
                found[item.name[:-5]] = Path(item.path)
        return found

    @property
    def legacy_index_path(self) -> Path:
        """Where the whole index was one file, before it was split (read once, then
        removed)."""
        return self.data_dir / "index.json"

    @property
    def players_path(self) -> Path:
        return self.data_dir / "players.json"

    @property
    def evenings_dir(self) -> Path:
        return self.data_dir / "evenings"

    @property
    def backups_dir(self) -> Path:
        return self.data_dir / "backups"

    @property
    def corrupt_dir(self) -> Path:
        return self.data_dir / "corrupt"

    @property
    def trash_dir(self) -> Path:
        return self.data_dir / "trash"

    def evening_path(self, evening_id: str) -> Path:
        return self.evenings_dir / f"{validate_id(evening_id)}.json"

    def classify(self, path: str | os.PathLike[str]) -> tuple[str, str | None, Path]:
        """``(kind, evening id or None, path)`` of a file of this folder, else StoreError."""
        given = Path(path)
        if not given.is_absolute():
            given = self.data_dir / given
        rel = Path(os.path.relpath(given.resolve(), self.data_dir.resolve()))
        if rel == Path("index.json"):
            return "index", None, self.legacy_index_path
        if rel.parent == Path("index") and _SHARD.fullmatch(rel.name):
            return "index", None, self.index_dir / rel.name
        if rel == Path("players.json"):
            return "players", None, self.players_path
        if rel.parent == Path("evenings") and rel.suffix == ".json" and is_valid_id(rel.stem):
            return "evening", rel.stem, self.evenings_dir / rel.name
        raise StoreError(
            Message.of("store.not_store_file", path=os.fspath(path), data_dir=str(self.data_dir)),
            path=path,
            data_dir=str(self.data_dir),
        )

    def beside(self, root: Path, path: Path) -> tuple[Path, str]:
        """The folder under ``root`` (backups/, corrupt/, trash/) mirroring ``path``'s, and
        ``path``'s stem: ``evenings/x.json`` -> ``(root/evenings, "x")``."""
        rel = path.relative_to(self.data_dir)
        return root / rel.parent, path.stem
