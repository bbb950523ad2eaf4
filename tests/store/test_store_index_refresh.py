"""The index follows an evening file that changed behind its back, even at the same size."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

from storetest_models import index_records

from companion.table.service import TableService


def _swap_players_in_results(path: Path, a: str, b: str) -> None:
    """Rewrite an evening file as an edit swapping ``a`` and ``b`` in every finishing order
    would: same players and seating, every hand and derived field with the two ids swapped.
    The ids have the same length, so the file keeps its size."""
    doc = json.loads(path.read_bytes())
    record = doc["evening"]["1"]
    kept = {key: record.pop(key) for key in ("players", "seating")}
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    text = text.replace(a, "\0").replace(b, a).replace("\0", b)
    doc["evening"]["1"] = {**json.loads(text), **kept}
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
    before = path.stat()
    assert len(data) == before.st_size
    path.write_bytes(data)
    # A later write has a later mtime; set it, as two writes may share a clock tick here.
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))


def test_same_size_edit_behind_the_index_reaches_the_leaderboard(tmp_path: Path) -> None:
    """A crash between the evening write and the index write of an edit that swaps two
    players leaves a same-size evening file and a stale index: on the next open the
    leaderboard follows the file, not the index (the file's mtime changed, not its size)."""
    service = TableService(tmp_path)
    evening = service.create_evening(
        ["Ann", "Bob", "Cat", "Dan"], "trou-du-cul", day=date(2024, 5, 17), settings=["target=none"]
    )
    for _ in range(3):
        evening = service.record_hand(
            evening.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=evening.version
        )
    ann, bob = (p.id for p in evening.players[:2])
    before = {row.name: row.president for row in service.leaderboard()}
    assert (before["Ann"], before["Bob"]) == (3, 0)
    index = index_records(tmp_path)

    _swap_players_in_results(tmp_path / "evenings" / f"{evening.id}.json", ann, bob)
    assert index_records(tmp_path) == index  # stale: the crash came first

    after = {row.name: row.president for row in TableService(tmp_path).leaderboard()}
    assert (after["Ann"], after["Bob"]) == (0, 3)


def test_the_first_evening_of_a_new_folder_reaches_a_process_that_saw_it_empty(
    tmp_path: Path,
) -> None:
    """Rule: a change that creates the data folder is counted in its lock file, so a
    process that read the folder before it existed (a server started on a fresh machine)
    sees the evening another process (the command line) then starts in it."""
    folder = tmp_path / "data"
    server = TableService(folder)
    assert server.evenings() == [] and not folder.exists()
    code = (
        "import sys; from companion.table.service import TableService;"
        "TableService(sys.argv[1]).create_evening(['Ann', 'Bob', 'Cat'], 'trou-du-cul')"
    )
    subprocess.run([sys.executable, "-c", code, str(folder)], check=True)
    (entry,) = server.evenings()
    assert server.evening(entry.id).hands == [] and len(entry.player_ids) == 3
