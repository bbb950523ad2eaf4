"""A process killed while it keeps the ratings (run by test_ratings_crash.py, not a test).

    python ratings_crash_child.py FOLDER MODE

Records a hand in the folder's latest evening, then reads the ratings, which brings the kept
book up to date and writes ``ratings.json``. MODE says where the process kills itself
(SIGKILL: no cleanup, no ``finally``):

* ``before-write``: the hand is on disk, the ratings were updated in memory only;
* ``mid-write``: half of the new ``ratings.json`` is in its temporary file;
* ``before-rename``: the whole new file is written and synced, not yet renamed.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.store import atomic
from companion.table import service as service_module
from companion.table import service_ratings
from companion.table.service import RATINGS_FILE, TableService


def die() -> None:
    sys.stdout.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    folder, mode = Path(sys.argv[1]), sys.argv[2]
    service = TableService(folder)
    service.ratings()  # the book as kept, before the crash
    ev = service.evenings()[0]
    evening = service.evening(ev.id)
    order = [p.id for p in evening.players][::-1]
    service.record_hand(ev.id, order, expected_version=evening.version)
    print("recorded", flush=True)

    service_ratings.KEEP_AFTER_HANDS = 0  # keep the book after this one hand
    if mode == "before-write":
        service_module.TableService._keep_book = lambda self: die()  # type: ignore[method-assign]
    elif mode == "mid-write":
        real_write_all = atomic._write_all

        def half(fd: int, data: bytes) -> None:
            real_write_all(fd, data[: len(data) // 2])
            die()

        atomic._write_all = half  # type: ignore[assignment]
    elif mode == "before-rename":
        real_replace = os.replace

        def replace(src: str, dest: str) -> None:
            if Path(dest).name == RATINGS_FILE:
                die()
            real_replace(src, dest)

        os.replace = replace  # type: ignore[assignment]
    service.ratings()
    print("not killed", flush=True)


if __name__ == "__main__":
    main()
