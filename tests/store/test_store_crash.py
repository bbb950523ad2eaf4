"""Crash test: SIGKILL a writer at random moments, then check nothing acknowledged is lost.

``STORE_CRASH_KILLS`` (default 50) sets the number of kills and ``STORE_CRASH_SEED``
(default 20240517) the seed, e.g. ``STORE_CRASH_KILLS=1000 pytest tests/store -k crash``.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from storetest_models import Log, Player

from companion.store import Repository

WRITER = Path(__file__).with_name("crash_writer.py")
KILLS = int(os.environ.get("STORE_CRASH_KILLS", "50"))
SEED = int(os.environ.get("STORE_CRASH_SEED", "20240517"))


class _Acks:
    """Reads the child's stdout in a thread; remembers the last complete ack."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.last = -1
        self.first = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if not line.endswith(b"\n"):
                break  # torn last line: not an acknowledgement
            text = line.decode().strip()
            self.last = int(text.split()[-1])
            if not text.startswith("start"):
                self.first.set()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_moments_never_loses_acknowledged_items(tmp_path: Path) -> None:
    """After each SIGKILL the store opens cleanly, validates, and holds every acked item."""
    rng = random.Random(SEED)
    acked = 0
    for kill in range(KILLS):
        proc = subprocess.Popen(
            [sys.executable, str(WRITER), str(tmp_path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        acks = _Acks(proc)
        if rng.random() < 0.2:  # sometimes kill during start-up (open, reconcile, first write)
            time.sleep(rng.uniform(0.0, 0.4))
        else:  # usually in the middle of the write loop
            # A busy machine may take seconds to start Python and open the store.
            assert acks.first.wait(60), proc.stderr.read().decode() if proc.poll() else "no ack"
            time.sleep(rng.uniform(0.0, 0.05))
        assert proc.poll() is None, f"writer died by itself: {proc.stderr.read().decode()}"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        acks.thread.join(10)
        assert proc.stderr is not None
        proc.stderr.close()
        proc.stdout.close()
        acked = max(acked, acks.last)

        repo = Repository(Log, Player, tmp_path)
        assert repo.problems == [], f"kill {kill}: {repo.problems}"
        if acked <= 0:
            continue
        log = repo.get("crash")
        assert len(log.items) >= acked, f"kill {kill}: {len(log.items)} stored < {acked} acked"
        assert log.items == list(range(len(log.items))), f"kill {kill}: items out of order"
        entry = repo.get_entry("crash")
        assert entry.error is None
        assert entry.file_size == repo.evening_path("crash").stat().st_size  # index up to date
        acked = len(log.items)
    assert acked > KILLS, "the writer hardly wrote anything: the test proves nothing"
