"""Crash test of the service (issue 3 §6): SIGKILL a process recording hands through
``TableService`` at random moments, many times; after each kill the evening opens cleanly,
validates, and holds every acknowledged hand exactly once, in order.

``SERVICE_CRASH_KILLS`` (default 32) sets the number of kills and ``SERVICE_CRASH_SEED``
(default 20240517) the seed, e.g. ``SERVICE_CRASH_KILLS=500 pytest tests/table -k crash``.
The child is ``crash_service_writer.py``, beside this file.
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

from companion.table.evening import Evening, derive
from companion.table.service import TableService

WRITER = Path(__file__).with_name("crash_service_writer.py")
KILLS = int(os.environ.get("SERVICE_CRASH_KILLS", "32"))
SEED = int(os.environ.get("SERVICE_CRASH_SEED", "20240517"))


class _Child:
    """The writer and a thread reading its stdout; ``acked``: the (number, key, order) of
    each hand acknowledged by a complete line."""

    def __init__(self, data_dir: Path, seed: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(WRITER), str(data_dir), str(seed)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.opened = threading.Event()  # the service is open
        self.loaded = threading.Event()  # the evening is loaded or created
        self.acked: list[tuple[int, str, tuple[str, ...]]] = []
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            if not raw.endswith(b"\n"):
                break  # a torn last line acknowledges nothing
            line = raw.decode().strip()
            self.lines.append(line)
            word, *rest = line.split()
            if word == "open":
                self.opened.set()
            elif word == "evening":
                self.loaded.set()
            elif word == "hand":
                number, key, order = rest
                self.acked.append((int(number), key, tuple(order.split(","))))

    def wait_acked(self, count: int, timeout: float) -> bool:
        """Wait until ``count`` hands are acknowledged (a busy machine may take seconds)."""
        deadline = time.monotonic() + timeout
        while len(self.acked) < count and time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            time.sleep(0.002)
        return len(self.acked) >= count

    def kill(self) -> str:
        """SIGKILL the child (it must still be running); return its stderr."""
        assert self.proc.poll() is None, f"the writer died by itself: {self.stderr()}"
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.thread.join(10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        return self.stderr()

    def stderr(self) -> str:
        assert self.proc.stderr is not None
        if self.proc.poll() is None:
            return "(still running)"
        text = self.proc.stderr.read().decode(errors="replace")
        self.proc.stderr.close()
        return text


def _check(
    data_dir: Path, expected: list[tuple[str, tuple[str, ...]]], kill: str
) -> list[tuple[str, tuple[str, ...]]]:
    """Open the data afresh and check it holds every ``expected`` hand (key, order) once, in
    order, plus at most the one in flight; return every stored hand as (key, order)."""
    service = TableService(data_dir)
    assert service.repo.problems == [], f"{kill}: {service.repo.problems}"
    entries = service.repo.list_index()  # the store's own entries: their file size
    assert len(entries) <= 1, f"{kill}: {len(entries)} evenings"
    if not entries:
        assert not expected, f"{kill}: the evening holding {len(expected)} hands is gone"
        return []
    [entry] = entries
    assert entry.error is None, f"{kill}: {entry.error}"
    stored = service.repo.get(entry.id)
    # the file validates against the model, holds only inputs, and they replay (no
    # half-applied change)
    assert Evening.model_validate_json(stored.model_dump_json()) == stored
    assert stored.next_plan is None and all(h.result is None for h in stored.hands)
    replayed = derive(stored)  # raises when a step does not replay
    assert len(replayed.hands) == len(stored.hands), f"{kill}: the stored evening does not replay"
    assert all(h.result is not None for h in replayed.hands), f"{kill}: a hand is not derived"
    evening = service.evening(entry.id)
    hands = evening.hands
    got = [(h.key or "", h.order) for h in hands]
    for n, (want, have) in enumerate(zip(expected, got, strict=False), 1):
        assert want == have, f"{kill}: hand {n} should be {want}, found {have}"
    assert len(got) >= len(expected), (
        f"{kill}: only {len(got)} hands stored, {len(expected)} acknowledged"
    )
    assert len(got) - len(expected) <= 1, (
        f"{kill}: {len(got) - len(expected)} unacknowledged hands (at most 1 in flight)"
    )
    assert len({key for key, _ in got}) == len(got), f"{kill}: a hand is stored twice"
    assert [h.result.number for h in hands if h.result] == list(range(1, len(hands) + 1))
    # one version per change, each logged once: nothing half-written, nothing replayed
    assert evening.version == 1 + len(evening.log) == 1 + len(hands)
    assert [e.step_id for e in evening.log] == [h.id for h in hands]
    assert (entry.hand_count, entry.file_size) == (
        len(hands),
        service.repo.evening_path(entry.id).stat().st_size,
    )  # index up to date
    return got


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_while_recording_hands_never_loses_an_acknowledged_hand(tmp_path: Path) -> None:
    """Kill the writer at seeded random moments (sometimes while it starts, opens or creates
    the evening, usually while it records hands); restart it on the same data each time; every
    acknowledged hand stays, exactly once and in order, and the evening file stays readable."""
    rng = random.Random(SEED)
    data_dir = tmp_path / "data"
    known: list[tuple[str, tuple[str, ...]]] = []  # every hand seen stored so far
    mid_loop = 0
    for kill in range(KILLS):
        child = _Child(data_dir, rng.randrange(2**32))
        moment = rng.random()
        if moment < 0.1:  # while it starts: imports, opening the store (and healing it)
            time.sleep(rng.uniform(0.0, 0.6))
        else:
            # 15%: while it loads or creates the evening and records its first hand;
            # otherwise while it records hands
            ready = child.opened if moment < 0.25 else child.loaded
            if not ready.wait(60):
                pytest.fail(f"kill {kill}: the writer is stuck: {child.kill()}")
            # From 40%: once two hands are acknowledged, however slow the machine, so that
            # most kills land mid-loop (a fixed delay lands before the first on a busy one).
            if moment >= 0.4 and not child.wait_acked(2, 60):
                pytest.fail(f"kill {kill}: the writer acknowledged no hand: {child.kill()}")
            time.sleep(rng.uniform(0.0, 0.05 if moment < 0.25 else 0.15))
        stderr = child.kill()
        mid_loop += bool(child.acked)
        # the child continued the same evening: its hands follow every hand stored before
        numbers = [number for number, _, _ in child.acked]
        assert numbers == list(range(len(known) + 1, len(known) + 1 + len(numbers))), (
            f"kill {kill}: acknowledged {numbers} after {len(known)} stored hands"
        )
        expected = known + [(key, order) for _, key, order in child.acked]
        known = _check(data_dir, expected, f"kill {kill} (writer's stderr: {stderr!r})")
    assert mid_loop >= KILLS // 3, f"only {mid_loop} kills came after an acknowledged hand"
    assert len(known) >= KILLS, f"only {len(known)} hands recorded: the test proves little"
