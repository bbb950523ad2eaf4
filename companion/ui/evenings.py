"""The evening model's service, one per data folder, called through the runtime.

``TableService`` reads and writes files: on a server, a call made on Flet's event loop would
stall every phone at the table, so screens go through ``call`` (a worker thread there; in a
browser tab, in place, and not back before the change is kept in IndexedDB)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

from companion.table import runtime
from companion.table.service import TableService

T = TypeVar("T")
_services: dict[Path, TableService] = {}
_lock = threading.Lock()
# Tonight's evening id as last found in each folder (by ``current_evening_id``, which the
# folder watch runs at start and after every change): a screen's first render can show it
# without waiting for the folder, then checks it in a worker thread as usual.
_tonight: dict[Path, str | None] = {}
# What every phone sees alike, by folder and view: (the folder's change count, the value).
_shared: dict[tuple[Path, Hashable], tuple[int, Any]] = {}
_shared_lock = threading.Lock()


def service_for(data_dir: Path) -> TableService:
    """The service of ``data_dir``: one per process (it serialises its own calls)."""
    key = Path(data_dir).resolve()
    with _lock:
        if key not in _services:
            _services[key] = TableService(key)
        return _services[key]


def shared(service: TableService, key: Hashable, compute: Callable[[], T]) -> T:
    """What every phone sees alike (History's rows, a period's leaderboard): computed once
    per change of the folder, and the same object for every session, so that a second
    phone neither computes it again nor keeps its own copy while its tab is remembered
    (Flet keeps a closed tab's session for an hour, for a phone that comes back)."""
    folder = Path(service.data_dir).resolve()
    with _shared_lock:
        count = service.change_count()
        known = _shared.get((folder, key))
        if known is not None and known[0] == count:
            value: T = known[1]
            return value
        value = compute()
        count = service.change_count()  # computing may have kept summaries in the index
        for other in [k for k, (c, _) in _shared.items() if k[0] == folder and c != count]:
            del _shared[other]  # views of an older folder are of no use to anyone
        _shared[(folder, key)] = (count, value)
        return value


async def call(data_dir: Path, fn: Callable[..., T], *args: Any) -> T:
    """``fn(service, *args)`` off the event loop; what it changed is durable when it
    returns (the runtime's promise: see ``companion.store.runtime``)."""
    return await runtime.current().run_blocking(fn, service_for(data_dir), *args)


def current_evening_id(service: TableService) -> str | None:
    """Tonight's evening: of the open ones, the latest day's, the one changed last. A
    damaged one counts (its entry keeps its date): the screen then says it is damaged and
    offers its backup, rather than "no evening under way"."""
    open_ = [e for e in service.evenings() if not e.ended]
    found = max(open_, key=lambda e: (e.date or "", e.updated_at)).id if open_ else None
    _tonight[Path(service.data_dir).resolve()] = found
    return found


def tonight_as_last_seen(data_dir: Path) -> str | None:
    """What ``current_evening_id`` last found in ``data_dir`` (None before any look): no
    file is read, so a render may call it."""
    return _tonight.get(Path(data_dir).resolve())
