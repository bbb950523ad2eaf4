"""Several processes on one data folder: every acknowledged change is stored, exactly once."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

from companion.table.service import TableService

WRITER = Path(__file__).with_name("concurrent_writer.py")
WRITERS = int(os.environ.get("STORE_PROCESSES_WRITERS", "3"))
HANDS = int(os.environ.get("STORE_PROCESSES_HANDS", "12"))


def test_processes_recording_into_one_evening_lose_and_double_nothing(tmp_path: Path) -> None:
    """Writers recording into one evening at once (each naming the version it just read and
    retrying on a conflict): the evening holds every acknowledged hand, each key once."""
    service = TableService(tmp_path)
    evening = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "trou-du-cul", day=date(2024, 5, 17), settings=["target=none"]
    )
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), str(tmp_path), evening.id, f"w{n}", str(HANDS)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(WRITERS)
    ]
    for proc in writers:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n", proc.stderr
    for proc in writers:  # all of them loaded: now go
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    acked: list[str] = []
    conflicts = 0
    for proc in writers:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        lines = out.split("\n")
        acked += [line.split()[1] for line in lines if line.startswith("ack ")]
        conflicts += sum(int(line.split()[1]) for line in lines if line.startswith("done "))
    assert len(acked) == WRITERS * HANDS

    stored = [hand.key for hand in TableService(tmp_path).evening(evening.id).hands]
    assert sorted(stored) == sorted(acked)  # acknowledged == stored, each key once
    assert len(set(stored)) == len(stored)
    assert conflicts > 0, "the writers never overlapped: the test proved nothing"
