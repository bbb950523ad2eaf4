"""``companion serve`` and the command line writing into one evening at once: every hand
either process acknowledged is stored, exactly once.

A phone (``tests.support.wire.WireClient``, Flet's protocol, no browser) records hands on
the evening screen of ``companion serve`` while the command line runs ``companion evening
record`` again and again on the same data folder, each a new process. They are two clients
of one evening: each names the version it read, and on a version conflict reads again and
retries (the phone sees the evening's new state on its screen; the command line exits with
code 2 and says the evening changed). At the end the evening holds exactly the hands they
saw acknowledged: the phone's (one idempotency key each) and the command line's (one
version each, read from its JSON answer).

``COMPANION_SHARED_HANDS`` sets how many hands the command line records (default 4 for the
normal run); the phone records at least as many, and goes on until the command line is done.
The long run::

    COMPANION_SHARED_HANDS=150 python -m pytest -m slow \
        tests/stress/test_serve_and_cli_at_once.py -s

prints its figures (hands per side, conflicts each side met and retried, wall time).
The phone's screen follows the command line's hands live (the server's folder watch): taps
made before one arrives are kept and offered to keep or clear, which the phone clears (a
conflict); the command line meets one when the phone writes between its read and its write.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from companion.table.service import TableService
from tests.support.browser import _URL, _wait_until_up, free_port, serve_command
from tests.support.wire import WireClient

HANDS = int(os.environ.get("COMPANION_SHARED_HANDS", "4"))
SLOW_HANDS = int(os.environ.get("COMPANION_SHARED_HANDS", "150"))
SEED = int(os.environ.get("COMPANION_SHARED_SEED", "20261123"))
PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
KEY = re.compile(r"key=([A-Za-z0-9_\-]+)")
HAND = re.compile(r"Donne (\d+)")
RESULT = re.compile(r"Résultat de la donne (\d+)")
CONFLICT = "The evening changed meanwhile"


@dataclass
class Tally:
    phone_acked: int = 0
    phone_conflicts: int = 0
    cli_versions: list[int] = field(default_factory=list)
    cli_conflicts: int = 0
    cli_errors: list[str] = field(default_factory=list)


def _hand_number(client) -> int | None:
    found = (
        HAND.fullmatch(client.text("evening-hand").strip()) if client.has("evening-hand") else None
    )
    return int(found.group(1)) if found else None


async def phone_records(
    client, hands: int, rng: random.Random, tally: Tally, cli_done: threading.Event
) -> None:
    """Record hands on the evening screen, at least ``hands`` and until the command line is
    done; a conflict (the screen jumps to a later hand: someone else recorded) is answered
    as a person would: enter the new hand again."""
    await client.wait_until(lambda c: _hand_number(c) is not None, what="the evening screen")
    while tally.phone_acked < hands or not cli_done.is_set():
        if client.has("stale-clear"):  # the other process recorded over our taps
            tally.phone_conflicts += 1
            await client.tap("stale-clear")
            await client.wait_until(lambda c: not c.has("stale-clear"), what="taps cleared")
        n = _hand_number(client)
        assert n is not None
        await client.show_entry()
        taps = rng.sample(range(len(PLAYERS)), len(PLAYERS))
        for place, i in enumerate(taps[:-1], 1):
            await client.tap(f"out-{i}")
            await client.wait_until(
                lambda c, i=i, place=place: (
                    c.text(f"out-{i}").startswith(f"{place}.") or c.has("stale-clear")
                )
            )
            if client.has("stale-clear"):
                break
        if client.has("stale-clear"):
            continue
        await client.tap("evening-record")

        # The screen follows the command line's hands live, so the hand the taps went to
        # may be later than ``n``: the phone's own record is the one that shows its result
        # (only a record made here turns to the scores); a refusal leaves the taps stale.
        def answered(c) -> bool:
            return bool(RESULT.fullmatch(c.text("evening-result").strip())) or c.has("stale-clear")

        await client.wait_until(answered, timeout=60, what=f"the answer to hand {n} or later")
        recorded = RESULT.fullmatch(client.text("evening-result").strip())
        if recorded:
            tally.phone_acked += 1
            await client.tap("evening-next")
            m = int(recorded.group(1))
            await client.wait_until(lambda c, m=m: (_hand_number(c) or 0) > m)
        else:
            tally.phone_conflicts += 1


def cli_records(
    data_dir: Path, evening_id: str, hands: int, seed: int, tally: Tally, done: threading.Event
) -> None:
    """``companion evening record`` until ``hands`` were acknowledged, retrying conflicts."""
    try:
        _cli_records(data_dir, evening_id, hands, seed, tally)
    finally:
        done.set()


def _cli_records(data_dir: Path, evening_id: str, hands: int, seed: int, tally: Tally) -> None:
    rng = random.Random(seed)
    while len(tally.cli_versions) < hands:
        order = rng.sample(PLAYERS, len(PLAYERS))
        cmd = [sys.executable, "-m", "companion.cli", "evening", "record", evening_id]
        cmd += ["--data-dir", str(data_dir), "--lang", "en", "--order", ",".join(order)]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode == 0:
            tally.cli_versions.append(json.loads(done.stdout)["version"])
        elif CONFLICT in done.stderr:
            tally.cli_conflicts += 1
        else:
            tally.cli_errors.append(f"exit {done.returncode}: {done.stderr.strip()}")
            return


def run(hands: int, tmp_path: Path) -> Tally:
    data_dir = tmp_path / "data"
    evening = TableService(data_dir).create_evening(
        PLAYERS, "classique", ranking=PLAYERS, title="Shared"
    )
    log = tmp_path / "server.log"
    port = free_port()
    cmd = [*serve_command(), "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--data-dir", str(data_dir)]
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
        )
    tally = Tally()
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_until_up(base, server, log, 60)
        printed = _URL.search(log.read_text("utf-8"))
        found = KEY.search(printed.group(1)) if printed else None
        route = f"/evening/{evening.id}" + (f"?key={found.group(1)}" if found else "")

        async def phone() -> None:
            client = await WireClient.connect(base, route)
            try:
                await phone_records(client, hands, random.Random(SEED), tally, cli_done)
            finally:
                with suppress(Exception):
                    await client.close()

        cli_done = threading.Event()
        cli = threading.Thread(
            target=cli_records, args=(data_dir, evening.id, hands, SEED + 1, tally, cli_done)
        )
        cli.start()
        try:
            asyncio.run(phone())
        finally:
            cli.join(600)
    finally:
        server.terminate()
        with suppress(subprocess.TimeoutExpired):
            server.wait(20)
        if server.poll() is None:
            server.kill()
            server.wait(10)
    assert not tally.cli_errors, tally.cli_errors

    stored = TableService(data_dir).evening(evening.id)
    hands_stored = stored.hands
    phone_keys = [h.key for h in hands_stored if h.key is not None]
    assert len(set(phone_keys)) == len(phone_keys), "a phone hand is stored twice"
    assert len(phone_keys) == tally.phone_acked, "a hand the phone saw acknowledged is lost"
    assert len(hands_stored) == tally.phone_acked + len(tally.cli_versions)
    recorded_at = {e.version for e in stored.log if e.action == "record"}
    assert set(tally.cli_versions) <= recorded_at, "a command-line hand is lost"
    assert len(set(tally.cli_versions)) == len(tally.cli_versions)
    return tally


def _figures(tally: Tally, wall: float) -> str:
    return (
        f"phone {tally.phone_acked} hands ({tally.phone_conflicts} conflicts retried), "
        f"command line {len(tally.cli_versions)} hands ({tally.cli_conflicts} conflicts "
        f"retried), {wall:.0f} s"
    )


def test_serve_and_the_command_line_at_once_lose_and_double_nothing(tmp_path: Path) -> None:
    """A phone on ``companion serve`` and ``companion evening record`` in a terminal write
    into one evening at once: every hand either saw acknowledged is stored, once (a sample)."""
    began = time.monotonic()
    tally = run(HANDS, tmp_path)
    print("\n" + _figures(tally, time.monotonic() - began))
    assert tally.phone_acked >= HANDS and len(tally.cli_versions) == HANDS
    assert tally.phone_conflicts > 0, "the two never wrote in between: the test proved nothing"


@pytest.mark.slow
def test_long_run_of_serve_and_the_command_line_at_once(tmp_path: Path) -> None:
    """The long run of the same rule (``COMPANION_SHARED_HANDS`` per side, default 150)."""
    began = time.monotonic()
    tally = run(SLOW_HANDS, tmp_path)
    print("\n" + _figures(tally, time.monotonic() - began))
    assert tally.phone_acked >= SLOW_HANDS and len(tally.cli_versions) == SLOW_HANDS
    assert tally.phone_conflicts > 0
