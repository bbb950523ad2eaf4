"""One data folder, many processes: an exclusive lock and a change counter.

Every change to the store (read, check, write) happens while holding
:class:`FolderLock`: an exclusive ``flock`` on ``<data>/companion.lock`` (where
``fcntl`` is missing, ``msvcrt.locking`` on the same file), taken after an
in-process re-entrant lock so that threads queue first.  The operating system
releases the lock when a process dies, so a crash never leaves the folder locked; a
process that is alive but stuck holding it makes the others give up after
``WAIT_LIMIT`` seconds with :class:`FolderBusyError` instead of freezing with it.

The first 8 bytes of the lock file count the changes made by every process.  A
process that finds the count moved since it last looked knows another one wrote,
and re-reads what it keeps in memory: file sizes and mtimes alone cannot tell
(two writes in one clock tick can leave both equal).

Opening a store never writes: while the data folder does not exist there is
nothing to protect and no lock file is made; a folder on a read-only medium is
locked through a read-only handle when the file is there, else not at all
(nothing can be written there anyway).
"""

from __future__ import annotations

import contextlib
import errno
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from .errors import FolderBusyError
from .runtime import note_write

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

__all__ = ["LOCK_FILE", "WAIT_LIMIT", "FolderLock"]

LOCK_FILE = "companion.lock"
_COUNTER_SIZE = 8
_MSVCRT_OFFSET = 1 << 20  # the byte msvcrt locks, away from the counter it would hide
# A change holds the folder for milliseconds (an import of a large file: a few seconds).
WAIT_LIMIT = 60.0
_POLL_FIRST, _POLL_MOST = 0.001, 0.01  # seconds between tries: short, as changes are


class FolderLock:
    """Re-entrant, thread-safe, inter-process lock of one data folder."""

    def __init__(self, folder: Path, wait_limit: float = WAIT_LIMIT) -> None:
        self.path = folder / LOCK_FILE
        self.wait_limit = wait_limit
        self._folder = folder
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None
        self._writable = False
        self._local_count = 0  # when there is no lock file to count in

    @contextlib.contextmanager
    def hold(self) -> Iterator[bool]:
        """Hold the lock; yields True for the outermost hold of this process."""
        start = time.monotonic()
        if not self._thread_lock.acquire(timeout=self.wait_limit):
            raise FolderBusyError(self._folder, time.monotonic() - start)
        try:
            outermost = self._depth == 0
            if outermost:
                self._acquire(self.wait_limit - (time.monotonic() - start))
            self._depth += 1
            try:
                yield outermost
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._release()
        finally:
            self._thread_lock.release()

    def count(self) -> int:
        """How many changes the lock file has counted (call while holding the lock)."""
        if self._fd is None:
            return self._local_count
        os.lseek(self._fd, 0, os.SEEK_SET)
        data = os.read(self._fd, _COUNTER_SIZE)
        return int.from_bytes(data, "little") if len(data) == _COUNTER_SIZE else 0

    def bump(self) -> int:
        """Count one change (call while holding the lock); return the new count."""
        if self._fd is None and self._depth > 0:
            # The folder did not exist when the hold began: this change made it. Lock its
            # file now and count there, or another process that read the empty folder
            # would never see the change (its count and the file's would both stay 0).
            self._acquire(self.wait_limit)
        value = self.count() + 1
        note_write()  # every change is counted: in a browser, it must reach IndexedDB
        if self._fd is not None and self._writable:
            os.lseek(self._fd, 0, os.SEEK_SET)
            os.write(self._fd, value.to_bytes(_COUNTER_SIZE, "little"))
        else:
            self._local_count = value
        return value

    def _open(self) -> None:
        if not self._folder.is_dir():
            return
        flags = getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            self._fd = os.open(self.path, os.O_RDWR | os.O_CREAT | flags, 0o666)
            self._writable = True
        except OSError:  # read-only medium or folder: lock through the existing file if any
            with contextlib.suppress(OSError):
                self._fd = os.open(self.path, os.O_RDONLY | flags)
            self._writable = False

    def _acquire(self, limit: float) -> None:
        self._open()
        if self._fd is None:
            return
        fd, self._fd = self._fd, None  # ours again once locked; the waits close it else
        try:
            free = _try_lock(fd)
        except BaseException:
            os.close(fd)
            raise
        if free:
            self._fd = fd
        elif fcntl is not None:
            self._fd = _wait_in_a_thread(fd, limit, self._folder, self.wait_limit)
        else:
            self._fd = _wait_by_polling(fd, limit, self._folder, self.wait_limit)

    def _release(self) -> None:
        if self._fd is None:
            return
        try:
            if fcntl is not None:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            else:
                os.lseek(self._fd, _MSVCRT_OFFSET, os.SEEK_SET)
                msvcrt.locking(self._fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(self._fd)  # closing releases the lock in any case
            self._fd = None


def _try_lock(fd: int) -> bool:
    """Take the lock if it is free; False if another holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, _MSVCRT_OFFSET, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:  # BlockingIOError; msvcrt says so with EACCES
        if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, errno.EDEADLK):
            return False
        raise
    return True


def _wait_in_a_thread(fd: int, limit: float, folder: Path, wait_limit: float) -> int:
    """Wait for ``flock`` in a thread for at most ``limit`` seconds, and return ``fd`` held.

    A blocking ``flock`` is woken by the kernel as soon as the holder lets go (polling would
    let a busy holder take it again first), but cannot be given a time limit: a helper
    thread waits instead. The lock belongs to the open file, not the thread. Past the limit
    the helper keeps the file, and unlocks and closes it whenever its wait ends."""
    state = {"abandoned": False, "taken": False}
    guard = threading.Lock()
    done = threading.Event()

    def wait() -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            taken = True
        except OSError:
            taken = False
        with guard:
            state["taken"] = taken
            if state["abandoned"]:
                os.close(fd)  # closing releases a lock taken too late
            done.set()

    threading.Thread(target=wait, name="companion-folder-lock", daemon=True).start()
    done.wait(limit)
    with guard:
        if not done.is_set():
            state["abandoned"] = True
            raise FolderBusyError(folder, wait_limit)
    if not state["taken"]:
        os.close(fd)
        raise FolderBusyError(folder, wait_limit)
    return fd


def _wait_by_polling(fd: int, limit: float, folder: Path, wait_limit: float) -> int:
    """Try again and again for ``limit`` seconds (``msvcrt`` has no wait without a limit of
    its own), and return ``fd`` held."""
    start = time.monotonic()
    pause = _POLL_FIRST
    while not _try_lock(fd):
        waited = time.monotonic() - start
        if waited >= limit:
            os.close(fd)
            raise FolderBusyError(folder, wait_limit)
        time.sleep(min(pause, limit - waited))
        pause = min(pause * 2, _POLL_MOST)
    return fd
