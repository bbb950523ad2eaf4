"""The data folder's lock: held for a whole ``locked()`` block, re-entrant, and what another
process wrote meanwhile is read back when the lock is taken."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from storetest_models import make_evening, make_players, open_repo

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
