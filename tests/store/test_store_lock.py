"""The data folder's lock: held for a whole ``locked()`` block, re-entrant, and what another
process wrote meanwhile is read back when the lock is taken."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from storetest_models import make_evening, make_players, open_repo

from companion.store import FolderBusyError
from companion.store import lock as lock_module
from companion.store.lock import LOCK_FILE, FolderLock

fcntl = pytest.importorskip("fcntl")

_PROBE = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("free")
except BlockingIOError:
    print("busy")
"""


def _probe(path: Path) -> str:
    """What another process finds when it tries the lock file without waiting."""
    done = subprocess.run([sys.executable, "-c", _PROBE, str(path)], capture_output=True)
    return done.stdout.decode().strip()


def test_lock_is_held_for_the_whole_block_and_released_after(tmp_path: Path) -> None:
    """Another process finds the folder locked inside ``locked()`` (nested too), free after."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    lock = tmp_path / LOCK_FILE
    with repo.locked():
        assert _probe(lock) == "busy"
        with repo.locked():  # re-entrant: no deadlock in the same thread
            repo.save(make_evening("ev1", hands=3))
        assert _probe(lock) == "busy"  # the inner block did not release it
    assert _probe(lock) == "free"


def test_other_threads_wait_for_the_block(tmp_path: Path) -> None:
    """A thread's write waits until the holder's block ends (threads share one lock)."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    order: list[str] = []
    with repo.locked():
        writer = threading.Thread(
            target=lambda: (repo.save(make_evening("ev1", hands=5)), order.append("writer"))
        )
        writer.start()
        writer.join(0.3)
        order.append("holder")
    writer.join()
    assert order == ["holder", "writer"]


def test_a_change_by_another_repository_is_seen_at_the_next_lock(tmp_path: Path) -> None:
    """Two repositories on one folder (two processes): each sees the other's evenings and
    players at its next call, and its own next write keeps them."""
    first, second = open_repo(tmp_path), open_repo(tmp_path)
    first.save(make_evening("a"))
    second.save(make_evening("b"))
    second.save_players(make_players())
    assert first.ids() == ["a", "b"] and first.get_players() == make_players()
    first.save(make_evening("c"))
    assert open_repo(tmp_path).ids() == ["a", "b", "c"]


_HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.readline()  # until the test says so: a process stuck with the folder
"""


def test_a_process_stuck_with_the_folder_gives_a_clear_error_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    """A change waits for another process's lock only so long: past the limit it fails with
    a message naming the folder in both languages, and once the folder is free the same
    change goes through, the earlier evening intact."""
    repo = open_repo(tmp_path)
    repo.save(make_evening("ev1"))
    repo._folder_lock.wait_limit = 0.3
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(tmp_path / LOCK_FILE)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(FolderBusyError) as caught:
            repo.save(make_evening("ev2"))
        assert caught.value.code == "folder-busy"
        assert str(tmp_path) in caught.value.message("fr")
        assert "occupé par un autre programme" in caught.value.message("fr")
        assert "held by another program" in caught.value.message("en")
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=10)
    repo.save(make_evening("ev2"))
    assert {e.id for e in repo.list_index()} == {"ev1", "ev2"}


def test_a_thread_stuck_with_the_folder_gives_the_same_error(tmp_path: Path) -> None:
    """Inside one process, a thread waits for another thread's block only so long too."""
    repo = open_repo(tmp_path)
    repo._folder_lock.wait_limit = 0.3
    inside, leave = threading.Event(), threading.Event()

    def stuck() -> None:
        with repo.locked():
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=stuck)
    thread.start()
    try:
        assert inside.wait(10)
        with pytest.raises(FolderBusyError):
            repo.save(make_evening("ev1"))
    finally:
        leave.set()
        thread.join(10)
    repo.save(make_evening("ev1"))
    assert [e.id for e in repo.list_index()] == ["ev1"]


def _free(path: Path) -> bool:
    """Whether another open file of ``path`` can take the lock right now (then let go)."""
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    finally:
        os.close(fd)
    return True


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[int]:
    """Another open file of the lock file, holding the lock until the test lets go."""
    fd = os.open(tmp_path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
    fcntl.flock(fd, fcntl.LOCK_EX)
    yield fd
    os.close(fd)


def _let_go_soon(fd: int, seconds: float = 0.1) -> threading.Timer:
    timer = threading.Timer(seconds, fcntl.flock, (fd, fcntl.LOCK_UN))
    timer.start()
    return timer


def test_hold_yields_true_only_for_the_outermost_hold(tmp_path: Path) -> None:
    """Nested holds are re-entrant; only the outer one takes the file lock."""
    lock = FolderLock(tmp_path)
    with lock.hold() as outer:
        assert not _free(tmp_path / LOCK_FILE)
        with lock.hold() as inner:
            assert (outer, inner) == (True, False)
        assert not _free(tmp_path / LOCK_FILE)
    assert _free(tmp_path / LOCK_FILE)


def test_the_counter_is_kept_in_the_lock_file(tmp_path: Path) -> None:
    """The first 8 bytes count the changes, little-endian, for every process to read."""
    lock = FolderLock(tmp_path)
    with lock.hold():
        assert lock.count() == 0
        assert [lock.bump(), lock.bump(), lock.bump()] == [1, 2, 3]
        assert lock.count() == 3
    assert (tmp_path / LOCK_FILE).read_bytes() == (3).to_bytes(8, "little")
    other = FolderLock(tmp_path)
    with other.hold():
        assert other.count() == 3


def test_a_short_lock_file_counts_zero(tmp_path: Path) -> None:
    """A lock file shorter than the counter (made by hand, or cut) counts 0."""
    (tmp_path / LOCK_FILE).write_bytes(b"\x05\x00")
    lock = FolderLock(tmp_path)
    with lock.hold():
        assert lock.count() == 0
        assert lock.bump() == 1
    assert (tmp_path / LOCK_FILE).read_bytes() == (1).to_bytes(8, "little")


def test_without_a_folder_changes_are_counted_in_memory(tmp_path: Path) -> None:
    """No data folder yet: no lock file is made, and the count starts at 0 in memory."""
    lock = FolderLock(tmp_path / "missing")
    with lock.hold() as outer:
        assert outer
        assert lock.count() == 0
        assert [lock.bump(), lock.bump()] == [1, 2]
        assert lock.count() == 2
    assert not (tmp_path / "missing").exists()


def test_the_lock_file_is_readable_and_writable_by_all_not_executable(tmp_path: Path) -> None:
    """Made with mode 0o666 (less the umask): several users' processes may share a folder."""
    umask = os.umask(0)
    os.umask(umask)
    with FolderLock(tmp_path).hold():
        pass
    assert stat.S_IMODE((tmp_path / LOCK_FILE).stat().st_mode) == 0o666 & ~umask


def _read_only_medium(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the lock file for writing fails as on a read-only medium."""
    real_open = os.open

    def ro_open(path: Any, flags: int, *args: Any) -> int:
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", ro_open)


def test_a_read_only_medium_with_a_lock_file_is_locked_through_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The existing lock file is opened read-only and locked; its counter is read but not
    written (a change there is counted in memory)."""
    (tmp_path / LOCK_FILE).write_bytes((7).to_bytes(8, "little"))
    _read_only_medium(monkeypatch)
    lock = FolderLock(tmp_path)
    with lock.hold():
        monkeypatch.undo()
        assert not _free(tmp_path / LOCK_FILE)
        assert lock.count() == 7
        assert lock.bump() == 8
    assert (tmp_path / LOCK_FILE).read_bytes() == (7).to_bytes(8, "little")


def test_a_read_only_medium_without_a_lock_file_is_not_locked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing can be written there anyway: the hold goes ahead without a lock file."""
    _read_only_medium(monkeypatch)
    lock = FolderLock(tmp_path)
    with lock.hold() as outer:
        assert outer and lock.count() == 0
        assert lock.bump() == 1
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_hold_waits_for_the_other_holder(tmp_path: Path, holder: int) -> None:
    """Another open file holds the lock: the hold waits until it lets go, then has it."""
    lock = FolderLock(tmp_path, wait_limit=10)
    timer = _let_go_soon(holder)
    with lock.hold():
        assert not _free(tmp_path / LOCK_FILE)
    timer.join()
    assert _free(tmp_path / LOCK_FILE)


def test_a_hold_gives_up_at_its_limit_naming_the_folder(tmp_path: Path, holder: int) -> None:
    """Past the limit: FolderBusyError with the folder and the limit in whole seconds; the
    helper left waiting is a daemon thread that lets go of the lock once it gets it."""
    lock = FolderLock(tmp_path, wait_limit=0.6)
    with pytest.raises(FolderBusyError) as info, lock.hold():
        pass
    assert info.value.path == tmp_path and info.value.params["waited"] == 1
    helpers = [t for t in threading.enumerate() if t.name == "companion-folder-lock"]
    assert helpers and all(t.daemon for t in helpers)
    fcntl.flock(holder, fcntl.LOCK_UN)
    for helper in helpers:
        helper.join(10)
    assert _free(tmp_path / LOCK_FILE)


class _NoWaitFcntl:
    """An fcntl whose blocking flock fails (as when the system has no locks left)."""

    LOCK_EX, LOCK_NB, LOCK_UN = fcntl.LOCK_EX, fcntl.LOCK_NB, fcntl.LOCK_UN

    def flock(self, fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")


def test_a_wait_that_fails_gives_up_and_closes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the wait itself fails, the folder is reported busy and the file is closed."""
    fd = os.open(tmp_path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
    monkeypatch.setattr(lock_module, "fcntl", _NoWaitFcntl())
    with pytest.raises(FolderBusyError) as info:
        lock_module._wait_in_a_thread(fd, 5.0, tmp_path, 5.0)
    assert info.value.path == tmp_path
    with pytest.raises(OSError):
        os.fstat(fd)


def test_a_failing_lock_call_closes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error other than "busy" from the lock call is raised, and the file is not left
    open."""
    opened: list[int] = []
    real_open = os.open

    def recording_open(*args: Any) -> int:
        fd = real_open(*args)
        opened.append(fd)
        return fd

    def broken(fd: int) -> bool:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(os, "open", recording_open)
    monkeypatch.setattr(lock_module, "_try_lock", broken)
    with pytest.raises(OSError) as info, FolderLock(tmp_path).hold():
        pass
    assert info.value.errno == errno.ENOLCK
    with pytest.raises(OSError):
        os.fstat(opened[0])


class _Msvcrt:
    """msvcrt.locking's contract played on flock: it locks ``nbytes`` from the file's
    current position, and a taken lock fails with EACCES at once under LK_NBLCK."""

    LK_UNLCK, LK_NBLCK = 0, 2

    def __init__(self) -> None:
        self.calls: list[int] = []

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        if nbytes != 1 or os.lseek(fd, 0, os.SEEK_CUR) != lock_module._MSVCRT_OFFSET:
            raise OSError(errno.EINVAL, "not the lock byte")
        self.calls.append(mode)
        if mode == self.LK_NBLCK:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise OSError(errno.EACCES, "Permission denied") from None
        elif mode == self.LK_UNLCK:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:
            raise OSError(errno.EINVAL, f"mode {mode}")


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> _Msvcrt:
    """The lock module as on Windows: no fcntl, msvcrt instead."""
    fake = _Msvcrt()
    monkeypatch.setattr(lock_module, "fcntl", None)
    monkeypatch.setattr(lock_module, "msvcrt", fake, raising=False)
    return fake


def test_on_windows_the_lock_byte_is_locked_and_unlocked(tmp_path: Path, windows: _Msvcrt) -> None:
    """msvcrt locks one byte far from the counter, and unlocks it after; the counter still
    counts."""
    lock = FolderLock(tmp_path)
    with lock.hold():
        assert not _free(tmp_path / LOCK_FILE)
        assert lock.bump() == 1
    assert windows.calls == [_Msvcrt.LK_NBLCK, _Msvcrt.LK_UNLCK]
    assert _free(tmp_path / LOCK_FILE)
    assert (tmp_path / LOCK_FILE).read_bytes()[:8] == (1).to_bytes(8, "little")


def test_on_windows_a_hold_polls_until_the_holder_lets_go(
    tmp_path: Path, windows: _Msvcrt, holder: int
) -> None:
    """Without a blocking wait, the hold tries again until the lock is free."""
    lock = FolderLock(tmp_path, wait_limit=10)
    timer = _let_go_soon(holder)
    with lock.hold():
        assert not _free(tmp_path / LOCK_FILE)
    timer.join()
    assert windows.calls.count(_Msvcrt.LK_NBLCK) >= 2


def test_on_windows_a_hold_gives_up_at_its_limit(
    tmp_path: Path, windows: _Msvcrt, holder: int
) -> None:
    """Polling stops at the limit with FolderBusyError naming the folder and the limit."""
    lock = FolderLock(tmp_path, wait_limit=0.6)
    with pytest.raises(FolderBusyError) as info, lock.hold():
        pass
    assert info.value.path == tmp_path and info.value.params["waited"] == 1


def test_polling_closes_the_file_when_it_gives_up(
    tmp_path: Path, windows: _Msvcrt, holder: int
) -> None:
    """The file polled is closed when the wait gives up, and returned when it succeeds."""
    fd = os.open(tmp_path / LOCK_FILE, os.O_RDWR)
    with pytest.raises(FolderBusyError) as info:
        lock_module._wait_by_polling(fd, 0.1, tmp_path, 3.0)
    assert (info.value.path, info.value.params["waited"]) == (tmp_path, 3)
    with pytest.raises(OSError):
        os.fstat(fd)
    fd = os.open(tmp_path / LOCK_FILE, os.O_RDWR)
    timer = _let_go_soon(holder, 0.05)
    assert lock_module._wait_by_polling(fd, 10.0, tmp_path, 10.0) == fd
    timer.join()
    assert not _free(tmp_path / LOCK_FILE)
    os.close(fd)
