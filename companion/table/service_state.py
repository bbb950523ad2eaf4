"""What every part of ``TableService`` stands on: the store it opens (``open_repository``),
the lock that serialises its calls, the caches the parts share, and the data folder itself
(where it is, and its files that are not evenings)."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from datetime import date
from pathlib import Path
from typing import Any

from companion.store import (
    EveningInfo,
    IndexEntry,
    Repository,
    atomic_write_bytes,
    resolve_data_dir,
)
from companion.store.paths import check_data_folder
from companion.table import stats
from companion.table.evening import Evening, PlayerProfile, derive
from companion.table.evening_summary import EveningSummary, summarize
from companion.table.ratings import NightInput, RatingBook


def describe(evening: Evening) -> EveningInfo:
    """The evening's index entry, spelled out rather than duck-typed (``Evening.name`` is a
    method, not a title)."""
    return EveningInfo(
        date=evening.date.isoformat(),
        title=evening.title,
        place=evening.place,
        player_ids=[p.id for p in evening.players],
        hand_count=len(evening.hands),
    )


def open_repository(
    data_dir: str | os.PathLike[str] | None = None, **options: Any
) -> Repository[Evening, PlayerProfile]:
    """The store of evenings and profiles, keeping each evening's leaderboard summary."""
    return Repository(
        Evening,
        PlayerProfile,
        data_dir,
        describe=describe,
        summarize=lambda evening: summarize(evening).stored(),
        # An imported evening must replay: the summary alone would count a broken one as empty.
        check=derive,
        **options,
    )


# a readable evening of the index: its entry, its date, its summary
Indexed = tuple[IndexEntry, date | None, EveningSummary]


def day_of(text: str | None) -> date | None:
    """The day an index entry's date names; None when it names none that reads."""
    if not text:
        return None
    try:
        return date.fromisoformat(text[:10])
    except ValueError:
        return None


class ServiceState:
    """The store, the lock and the caches of a ``TableService``; the data folder."""

    def __init__(
        self,
        data_dir: str | os.PathLike[str] | None = None,
        *,
        repository: Repository[Evening, PlayerProfile] | None = None,
    ) -> None:
        self.repo = repository if repository is not None else open_repository(data_dir)
        self._lock = threading.RLock()
        self._cache: OrderedDict[str, tuple[tuple[int | None, ...], Evening]] = OrderedDict()
        # Summaries computed for index entries written before their score fields existed,
        # by evening id: (file stamp, summary).
        self._computed: dict[str, tuple[tuple[int | None, int | None], EveningSummary]] = {}
        # Stored summaries as parsed, by evening id: (the stored JSON, its model), so an
        # unchanged entry is not validated again at each change of the folder.
        self._parsed: dict[str, tuple[Any, EveningSummary | None]] = {}
        # what the index says, read once per change of the folder (see _indexed)
        self._all_indexed: tuple[int, list[Indexed]] | None = None
        # the all-time summaries with merged profiles, and the ``_all_indexed`` list they
        # were made from (valid while that list is the current one)
        self._all_summaries: tuple[object, list[stats.Dated]] = (None, [])
        self._book: RatingBook | None = None  # built on first use, then kept up to date
        self._book_aliases: dict[str, str] = {}
        # evening id -> (summary, input)
        self._nights: dict[str, tuple[EveningSummary, NightInput]] = {}
        # The folder's change count when the book last matched the whole index: while it
        # has not moved, the book is current, and a change this service saves is rated alone.
        self._book_count: int | None = None
        self._book_written: int | None = None  # the book's version in RATINGS_FILE

    @staticmethod
    def data_folder(data_dir: str | os.PathLike[str] | None = None) -> Path:
        """The data folder ``data_dir`` names, else the one from the environment or the
        platform's default (the same rule the store opens with)."""
        return resolve_data_dir(data_dir)

    @staticmethod
    def check_data_folder(data_dir: str | os.PathLike[str] | None = None) -> Path:
        """``data_folder``, refused (``DataFolderLinkError``) when it is, or lies in, a
        link to a place that does not exist, as opening the store refuses it: a server
        says so before it starts."""
        folder = resolve_data_dir(data_dir)
        check_data_folder(folder)
        return folder

    @property
    def data_dir(self) -> Path:
        return self.repo.data_dir

    # Here rather than in service_folder: the ratings part keeps its book through it.
    def write_data_file(self, name: str, data: bytes, *, private: bool = False) -> Path:
        """Write a file of the data folder that is not an evening (the screens' display
        settings, the table's key) atomically and durably; returns its path. ``private``:
        readable and writable by this user alone (a secret)."""
        path = self.repo.data_dir / name
        atomic_write_bytes(path, data, create_dirs=True, mode=0o600 if private else 0o666)
        return path
