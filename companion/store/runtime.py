"""Where the app runs, and the little that differs with it: a CPython process serving the
table (``companion serve``), or one browser tab running Python itself (the phone build,
Pyodide).

What differs, and nothing else:

- **a blocking call**: the server runs store calls in a worker thread, so that one phone's
  save never stalls the others; the browser has one thread and runs them in place;
- **durability**: on a disk, a write is safe once the store's atomic write returns (it
  fsyncs); in the browser, files live in memory and are safe only once copied into
  IndexedDB, which :meth:`Runtime.persist` does and the caller awaits before telling the
  user anything was saved;
- **the lock**: on a disk, ``flock`` keeps processes apart (:mod:`.lock`); in a browser
  the tabs of one phone share the same IndexedDB, so one tab owns the data at a time
  (:meth:`BrowserRuntime.start`) and a second one waits, saying so;
- **where the data lives**, and whether background threads (the folder watch) exist.

Screens never ask which runtime they run on: they call :func:`current`'s methods. The one
exception is a feature that needs a server (inviting other phones), which asks
:attr:`Runtime.has_server`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from companion.words import Message

from .errors import StoreError

if TYPE_CHECKING:
    import asyncio  # imported where used: the command line never needs it

__all__ = [
    "BROWSER_DATA_DIR",
    "BrowserDisk",
    "BrowserRuntime",
    "NotPersistedError",
    "Runtime",
    "ServerRuntime",
    "current",
    "in_browser",
    "note_write",
    "use",
]

T = TypeVar("T")
# The folder the browser's data is mounted at (an IndexedDB-backed file system).
BROWSER_DATA_DIR = Path("/companion-data")


def in_browser() -> bool:
    """Whether this Python runs inside a browser (Pyodide)."""
    return sys.platform == "emscripten"


class NotPersistedError(StoreError):
    """The browser did not keep a change: nothing may be shown as saved."""

    code = "not-persisted"

    def __init__(self, reason: str) -> None:
        super().__init__(Message.of("store.not_persisted", reason=reason), reason=reason)


class Runtime(Protocol):
    """What the store and the screens need to know of where they run."""

    name: str  # "server" or "browser"
    has_server: bool  # other phones can join (invite, QR code)
    threads: bool  # background threads may be started (the folder watch)

    async def run_blocking(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` without stalling the event loop, and durable when it returns."""
        ...

    def wrote(self) -> None:
        """The store changed a file (called by the store, synchronously)."""
        ...

    async def persist(self) -> None:
        """Make every change so far durable (raises :class:`NotPersistedError`)."""
        ...

    def storage_kept(self) -> bool | None:
        """Whether the platform promised to keep our data (None: nothing to ask)."""
        ...


class ServerRuntime:
    """CPython: worker threads, and a disk where the store's own writes are durable."""

    name = "server"
    has_server = True
    threads = True

    async def run_blocking(self, fn: Callable[..., T], *args: Any) -> T:
        import asyncio

        return await asyncio.to_thread(fn, *args)

    def wrote(self) -> None:
        return None  # atomic writes fsync: durable as they return

    async def persist(self) -> None:
        return None

    def storage_kept(self) -> bool | None:
        return None


class BrowserDisk(Protocol):
    """The browser's side of the data folder (``browser_disk.PyodideDisk`` in a page; a
    fake in the tests)."""

    async def load(self) -> None:
        """Fill the in-memory folder from IndexedDB (once, before the first read)."""
        ...

    async def save(self) -> None:
        """Copy every changed file into IndexedDB, in one transaction."""
        ...

    async def keep(self) -> bool:
        """Whether the browser promised to keep our storage (never to evict it); the page
        asks it at load (only a page may), the tab reads the answer."""
        ...

    async def own(self, waiting: Callable[[], None]) -> None:
        """Become the one tab that uses the data: at once if no other tab has it, else
        call ``waiting()`` and return once the other tab has closed."""
        ...


class BrowserRuntime:
    """One tab, one thread: calls run in place, and a change counts as saved only once
    ``disk.save()`` has come back."""

    name = "browser"
    has_server = False
    threads = False

    def __init__(self, disk: BrowserDisk) -> None:
        self.disk = disk
        self._dirty = False
        self._saving: asyncio.Lock | None = None  # made on the running loop, at first use
        self._kept: bool | None = None
        self.started = False

    async def start(self, waiting: Callable[[], None]) -> None:
        """Own the data (waiting for another tab if needed), load it, ask to keep it."""
        await self.disk.own(waiting)
        await self.disk.load()
        try:
            self._kept = await self.disk.keep()
        except Exception:  # an old browser without the Storage API: we could not ask
            self._kept = False
        self.started = True

    async def run_blocking(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            result = fn(*args)
        finally:
            # Whatever fn changed before it returned or failed must reach IndexedDB too.
            await self.persist()
        return result

    def wrote(self) -> None:
        self._dirty = True

    async def persist(self) -> None:
        if self._saving is None:
            import asyncio

            self._saving = asyncio.Lock()
        async with self._saving:  # one save at a time; a change made during one is next
            if not self._dirty:
                return
            self._dirty = False
            try:
                await self.disk.save()
            except Exception as err:
                self._dirty = True  # still to save: the next change tries again
                raise NotPersistedError(str(err) or type(err).__name__) from err

    def storage_kept(self) -> bool | None:
        return self._kept


_current: Runtime = ServerRuntime()


def current() -> Runtime:
    """The runtime this process runs in (the server's unless :func:`use` said otherwise)."""
    return _current


def use(runtime: Runtime) -> Runtime:
    """Make ``runtime`` the current one; returns the one it replaces."""
    global _current
    previous, _current = _current, runtime
    return previous


def note_write() -> None:
    """Called by the store after each change to a file."""
    _current.wrote()
