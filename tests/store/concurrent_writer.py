"""Child process of the many-processes test (not a test module).

Usage: python concurrent_writer.py DATA_DIR EVENING_ID NAME COUNT

Opens a ``TableService`` on DATA_DIR, waits for a line on stdin (so that every writer
starts at once), then records COUNT hands into EVENING_ID as a real client would: read the
evening, record with the version just read (``expected_version``) and an idempotency key
``NAME-N``, and on a version conflict read again and retry.  After each ``record_hand``
returns it prints ``ack KEY`` and flushes: that hand is acknowledged.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.table.service import TableService, VersionConflictError


def main() -> None:
    data_dir, evening_id, name, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    service = TableService(data_dir)
    print("ready", flush=True)
    sys.stdin.readline()
    conflicts = 0
    for n in range(count):
        key = f"{name}-{n}"
        while True:
            evening = service.evening(evening_id)
            order = list(evening.present)
            shift = n % len(order)
            order = order[shift:] + order[:shift]
            try:
                service.record_hand(evening_id, order, expected_version=evening.version, key=key)
            except VersionConflictError:
                conflicts += 1
                continue
            break
        print(f"ack {key}", flush=True)
    print(f"done {conflicts}", flush=True)


if __name__ == "__main__":
    main()
