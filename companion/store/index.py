"""The index: one small entry per evening, so lists and leaderboards read no evening file.

The index is derived data.  Each entry remembers the size and mtime of its evening file
(:func:`scan_evening_files` gives them), so the repository re-reads only the evening files
that changed behind its back and the index heals itself.

The entries are spread over up to 256 files, ``index/00.json`` to ``index/ff.json``, by a
hash of the evening id (:func:`shard_of`), so that recording a hand rewrites one of them:
about 1/256 of the index, some 10 kB for 2,080 evenings, instead of the whole index.
:class:`EveningIndex` keeps the entries in memory with their serialised JSON and the shards
changed since the last write, so that a write re-serialises only the entries that changed
and rewrites only their shards.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .atomic import dumps_document
from .migrations import META_TABLE, make_meta
from .names import is_valid_id

__all__ = [
    "INDEX_TABLE",
    "EveningIndex",
    "EveningInfo",
    "IndexEntry",
    "default_describe",
    "scan_evening_files",
    "shard_of",
]

#: the data table of an index file
INDEX_TABLE = "evenings"


def shard_of(evening_id: str) -> str:
    """The index file of an evening: two hex digits of a hash of its id (ids are uuids,
    but imported or hand-made ids need not be spread evenly).

    >>> shard_of("e1"), shard_of("e1") == shard_of("e2")
    ('5b', False)
    """
    return hashlib.blake2b(evening_id.encode(), digest_size=1).hexdigest()


class EveningInfo(BaseModel):
    """What the index shows about an evening, extracted by a ``describe`` hook."""

    date: str | None = None
    title: str | None = None
    place: str | None = None
    player_ids: list[str] = Field(default_factory=list)
    hand_count: int = 0


class IndexEntry(BaseModel):
    """One evening in ``index.json`` (no hands: small and quick to load)."""

    model_config = ConfigDict(frozen=True)

    id: str
    date: str | None = None
    title: str | None = None
    place: str | None = None
    player_ids: list[str] = Field(default_factory=list)
    hand_count: int = 0
    updated_at: datetime
    schema_version: int
    #: compact JSON summary from the repository's ``summarize`` hook (e.g. points per player)
    summary: Any = None
    #: error code when the evening file cannot be read (``corrupt-file``, ``newer-schema``...)
    error: str | None = None
    #: size and mtime of the evening file when this entry was made (self-healing index)
    file_size: int | None = None
    file_mtime_ns: int | None = None


def _iso(value: Any) -> str | None:
    """A date as text: a string as is, a date/datetime in ISO format, anything else None."""
    if isinstance(value, str):
        return value
    if isinstance(value, date):  # datetime is a date too
        return value.isoformat()
    return None


def _text(value: Any) -> str | None:
    """A string as is; anything else (a method, a model, a number...) None."""
    return value if isinstance(value, str) else None


def _pid(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return None


def default_describe(model: BaseModel) -> EveningInfo:
    """Describe an evening by duck typing.

    Uses ``date`` (or ``started_at``), ``title`` (or ``name``), ``place``,
    ``player_ids`` (or ``players``: ids or objects with ``.id``) and ``len(hands)``.
    Only plain values are taken: a title, name or place that is not a ``str`` (e.g. a
    method called ``name``, whose ``str()`` would drag the whole evening's repr into the
    index), a date that is neither text nor a date, or an id that is neither text nor an
    integer is ignored, so the index entry stays small.
    """
    date_value = _iso(getattr(model, "date", None)) or _iso(getattr(model, "started_at", None))
    title = _text(getattr(model, "title", None)) or _text(getattr(model, "name", None))
    players = getattr(model, "player_ids", None) or getattr(model, "players", None)
    if not isinstance(players, (list, tuple)):
        players = []
    player_ids = []
    for player in players:
        pid = _pid(player) if isinstance(player, (str, int)) else _pid(getattr(player, "id", None))
        if pid is not None:
            player_ids.append(pid)
    hands = getattr(model, "hands", None)
    return EveningInfo(
        date=date_value,
        title=title,
        place=_text(getattr(model, "place", None)),
        player_ids=player_ids,
        hand_count=len(hands) if isinstance(hands, (list, tuple, dict)) else 0,
    )


def scan_evening_files(evenings_dir: Path) -> dict[str, tuple[int, int]]:
    """``{evening id: (size, mtime_ns)}`` of the evening files on disk."""
    on_disk: dict[str, tuple[int, int]] = {}
    try:
        scan = list(os.scandir(evenings_dir))
    except (FileNotFoundError, NotADirectoryError):
        scan = []
    for item in scan:
        name = item.name
        if not name.endswith(".json") or name.startswith("."):
            continue
        evening_id = name[:-5]
        if not is_valid_id(evening_id):
            continue
        with contextlib.suppress(OSError):
            st = item.stat()
            on_disk[evening_id] = (st.st_size, st.st_mtime_ns)
    return on_disk


class EveningIndex:
    """The entries in memory, each with its JSON as last written or read, and the shards
    that changed since they were last written."""

    def __init__(self) -> None:
        self._entries: dict[str, IndexEntry] = {}
        self._json: dict[str, bytes] = {}  # serialised entries: a save re-serialises one
        self._raw: dict[str, dict[str, Any]] = {}  # records as read from the index files
        self._shards: dict[str, set[str]] = {}  # shard -> ids of its entries
        self._dirty: set[str] = set()  # shards whose file must be rewritten

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def get(self, evening_id: str) -> IndexEntry | None:
        return self._entries.get(evening_id)

    def entries(self) -> list[IndexEntry]:
        return list(self._entries.values())

    def ids(self) -> list[str]:
        return sorted(self._entries)

    def clear(self) -> None:
        self._entries.clear()
        self._json.clear()
        self._raw.clear()
        self._shards.clear()
        self._dirty.clear()

    def set(self, entry: IndexEntry, raw: dict[str, Any] | None = None) -> None:
        """Put ``entry`` in (``raw``: its record as read, reused when writing) and mark its
        shard to be written."""
        self.load(entry, raw)
        self._dirty.add(shard_of(entry.id))

    def load(self, entry: IndexEntry, raw: dict[str, Any] | None = None) -> None:
        """Put ``entry`` in as read from its shard's file (nothing to write)."""
        self._entries[entry.id] = entry
        self._shards.setdefault(shard_of(entry.id), set()).add(entry.id)
        self._json.pop(entry.id, None)
        if raw is None:
            self._raw.pop(entry.id, None)
        else:
            self._raw[entry.id] = raw

    def mark(self, shard: str) -> None:
        """Have ``shard``'s file rewritten at the next write (e.g. it was damaged)."""
        self._dirty.add(shard)

    def dirty(self) -> list[str]:
        """The shards to write, in order."""
        return sorted(self._dirty)

    def written(self, shard: str) -> None:
        """``shard``'s file now holds its entries."""
        self._dirty.discard(shard)

    def set_summary(self, evening_id: str, summary: Any) -> None:
        """Replace one entry's summary, keeping the rest of its record as read (keys a
        newer app wrote included)."""
        entry = self._entries[evening_id]
        raw = self._raw.get(evening_id)
        self.set(
            entry.model_copy(update={"summary": summary}),
            None if raw is None else {**raw, "summary": summary},
        )

    def drop(self, evening_id: str) -> None:
        if self._entries.pop(evening_id, None) is None:
            return
        self._json.pop(evening_id, None)
        self._raw.pop(evening_id, None)
        shard = shard_of(evening_id)
        self._shards.get(shard, set()).discard(evening_id)
        self._dirty.add(shard)

    def shard_ids(self, shard: str) -> list[str]:
        """The ids of the evenings whose entries ``shard``'s file holds, sorted."""
        return sorted(self._shards.get(shard, ()))

    def records(self, shard: str) -> Iterator[tuple[str, bytes]]:
        """``(doc id, entry JSON)`` of one shard in file order (by evening id), serialising
        only the entries that changed since they were last written."""
        for n, evening_id in enumerate(self.shard_ids(shard), 1):
            blob = self._json.get(evening_id)
            if blob is None:
                raw = self._raw.pop(evening_id, None)
                if raw is None:
                    raw = self._entries[evening_id].model_dump(mode="json")
                blob = self._json[evening_id] = dumps_document(raw)
            yield str(n), blob

    def document_bytes(self, shard: str, schema_version: int) -> bytes:
        """The content of ``shard``'s file: the same bytes as ``dumps_document`` of the
        document."""
        parts = [b'"%s":%s' % (doc_id.encode(), blob) for doc_id, blob in self.records(shard)]
        meta = dumps_document(make_meta("index", schema_version))
        return b'{"%s":%s,"%s":{%s}}' % (
            META_TABLE.encode(),
            meta,
            INDEX_TABLE.encode(),
            b",".join(parts),
        )
