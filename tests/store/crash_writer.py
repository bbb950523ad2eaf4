"""Child process of the crash test (not a test module).

Usage: python crash_writer.py DATA_DIR

Opens the store, then forever appends the next integer to the ``Log`` model
with id ``crash`` and saves it; after each save returns it prints the number
of items now durably stored and flushes stdout.  The test kills it with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from storetest_models import Log, Player  # noqa: E402

from companion.store import BackupPolicy, NotFoundError, Repository  # noqa: E402


def main() -> None:
    repo = Repository(Log, Player, sys.argv[1], backup_policy=BackupPolicy(keep=3, every_writes=7))
    try:
        log = repo.get("crash")
    except NotFoundError:
        log = Log(id="crash", padding="x" * 4000)
    print(f"start {len(log.items)}", flush=True)
    while True:
        log.items.append(len(log.items))
        repo.save(log)
        if len(log.items) % 11 == 0:  # exercise the players file too
            repo.save_players([Player(id=f"p{len(log.items)}", name="P")])
        print(len(log.items), flush=True)


if __name__ == "__main__":
    main()
