"""Child process of the read-only data folder test (not a test module).

Usage: python readonly_child.py DATA_DIR [UID GID]

With UID and GID (the test runs as root), it first drops to that user and group, after
importing everything and warming the store up in a scratch folder (the interpreter may live
where that user cannot read).  Then it opens the store in DATA_DIR, tries every kind of
write, and prints one JSON object: for each write ``null`` (it worked) or the error's
``code``, ``type``, ``path`` and messages; ``read_ok`` (true when the stored evening reads back);
``euid``.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from storetest_models import make_evening, make_players, open_repo  # noqa: E402

from companion.store import StoreError  # noqa: E402


def _warm_up() -> None:
    """Run every code path once, so nothing is imported lazily after dropping privileges."""
    scratch = Path(tempfile.mkdtemp())
    try:
        repo = open_repo(scratch)
        for hands in (1, 2):
            repo.save(make_evening("w", hands=hands))
        repo.save_players(make_players())
        repo.get("w")
        repo.delete("w")
        try:
            open_repo(scratch).get("w")
        except StoreError as exc:
            exc.message("fr")
    finally:
        shutil.rmtree(scratch)


def _attempt(action: Callable[[], Any]) -> dict[str, Any] | None:
    try:
        action()
    except StoreError as exc:
        return {
            "code": exc.code,
            "type": type(exc).__name__,
            "path": exc.params["path"],
            "fr": exc.message("fr"),
            "en": exc.message("en"),
            "str": str(exc),
        }
    return None


def main() -> None:
    data_dir = Path(sys.argv[1])
    _warm_up()
    if len(sys.argv) > 2:
        uid, gid = int(sys.argv[2]), int(sys.argv[3])
        os.setgroups([])
        os.setgid(gid)
        os.setuid(uid)
    repo = open_repo(data_dir)
    result: dict[str, Any] = {
        "euid": os.geteuid(),
        "problems": [p.code for p in repo.problems],
        "save": _attempt(lambda: repo.save(make_evening("ev1", hands=3))),
        "save_new": _attempt(lambda: repo.save(make_evening("new"))),
        "save_players": _attempt(lambda: repo.save_players(make_players()[:1])),
        "delete": _attempt(lambda: repo.delete("ev1")),
    }
    try:
        result["read_ok"] = open_repo(data_dir).get("ev1") == make_evening("ev1", hands=2)
    except StoreError as exc:
        result["read_ok"] = str(exc)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
