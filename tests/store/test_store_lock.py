"""The data folder's lock: held for a whole ``locked()`` block, re-entrant, and what another
process wrote meanwhile is read back when the lock is taken."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from storetest_models import make_evening, make_players, open_repo

from companion.store import FolderBusyError
from companion.store.lock import LOCK_FILE

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
