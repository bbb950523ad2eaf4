"""Child process of the service crash test (not a test module).

Usage: python crash_service_writer.py DATA_DIR SEED

Opens a ``TableService`` on DATA_DIR and prints ``open``; then continues the evening
stored there (or creates it: five players, trou-du-cul, open-ended) and prints
``evening ID HANDS VERSION``; then forever records a hand with a random valid finishing
order (the players present, shuffled with SEED) and a unique idempotency key, naming the
version it saw (``expected_version``).  After each ``record_hand`` returns it prints
``hand NUMBER KEY ID,ID,...`` and flushes stdout: that hand is acknowledged.  The test
kills it with SIGKILL.
"""

from __future__ import annotations

import random
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.table.service import TableService

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def main() -> None:
    data_dir, seed = sys.argv[1], int(sys.argv[2])
    rng = random.Random(seed)
    service = TableService(data_dir)
    print("open", flush=True)
    entries = service.evenings()
    if len(entries) > 1:
        sys.exit(f"expected at most one evening, found {len(entries)}")
    if entries:
        evening = service.evening(entries[0].id)
    else:
        evening = service.create_evening(
            PLAYERS,
            "trou-du-cul",
            day=date(2024, 5, 17),
            title="Crash test",
            settings=["target=none"],
        )
    print(f"evening {evening.id} {len(evening.hands)} {evening.version}", flush=True)
    while True:
        order = list(evening.present)
        rng.shuffle(order)
        number = len(evening.hands) + 1
        key = f"{seed:08x}-{number}"
        evening = service.record_hand(evening.id, order, expected_version=evening.version, key=key)
        print(f"hand {number} {key} {','.join(order)}", flush=True)


if __name__ == "__main__":
    main()
