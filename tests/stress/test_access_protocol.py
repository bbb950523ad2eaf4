"""A phone without the table's key cannot change anything, whatever it sends (issue 5, §4).

A keyless ``WireClient`` (``tests.support.wire``: Flet's websocket protocol, no browser) visits
every route of a ``companion serve`` with a key over a data folder holding evenings, profiles,
settings and backups, and sends event names (every ``on_*`` Flet declares) to the controls it
sees (each declared handler at least once) and to ids it does not know (0, the page, random
and huge numbers), route changes with forged keys, property updates, second registrations,
malformed frames, and a few plain HTTP requests. Afterwards every file of the data folder is
unchanged byte for byte (no file is excluded: serving only reads), the keyless phone never
saw an editor's control nor the key, and the server still serves an editor who records a
hand. (A planted hole, the settings saved without the key check, fails this test.)

``COMPANION_ACCESS_CASES`` sets how many frames the slow fuzz sends (default 100,000:
``python -m pytest -m slow tests/stress/test_access_protocol.py``); the default run sends a
fixed, seeded sample (``DEFAULT_FRAMES``). ``COMPANION_ACCESS_SEED`` replays a slow run. The
count of frames sent is printed at the end of the run (``access: …`` lines).

The key itself: ≥ 128 random bits, printed once (the address) and in no log even at DEBUG;
``companion serve`` says where it listens, and a busy port or a bad address is one line and
exit code 2.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import random
import re
import socket
import stat
import string
import subprocess
import time
import typing
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
import pytest
import websockets
from _common import COUNTS, snapshot

from companion.table.service import RATINGS_FILE, TableService
from companion.ui.access import lan_ipv4, new_key
from companion.ui.settings import SettingsStore, UiSettings
from companion.ui.table_key import FILE_NAME as KEY_FILE
from companion.ui.table_key import read_key
from tests.support.browser import Server, free_port, running_server, serve_command
from tests.support.wire import EVENT, INVOKE, REGISTER, UPDATE, WireClient, WireError, encode

ACCESS_CASES = int(os.environ.get("COMPANION_ACCESS_CASES", "100000"))
DEFAULT_FRAMES = 2500
PAGE_ID = 1  # the page's control id in every Flet session
EXHAUSTIVE_FROM = 20_000  # frames from which the first round sends every event name too
PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
RANKING = ["Zoé", "Tom", "Léa", "Sam"]

# What only a phone with the key may see: the controls that write, the data folder's path,
# the invite screen's "with the key" choice.
EDITOR_IDENTS = frozenset(
    {
        "home-continue",
        "home-new",
        "evening-record",
        "evening-undo",
        "evening-next",
        "order-clear",
        "new-create",
        "new-add",
        "new-name",
        "data-dir",
        "export-json",
        "export-csv",
        "import-json",
        "invite-mode-edit",
        "invite-mode-watch",
        "hand-save",
        "hand-delete",
        "hand-delete-confirm",
        "hands-join",
        "hands-name",
        "evening-end",
        "evening-end-confirm",
        "no-join-leave",
    }
)
EDITOR_PREFIXES = (
    "out-",
    "restore-",
    "download-",
    "event-",
    "seat-up-",
    "seat-remove-",
    "edit-",
    "leave-",
    "join-profile-",
)


def _flet_event_names() -> list[str]:
    """Every ``on_<name>`` any class Flet exports declares (and a few it does not)."""
    classes = [c for c in (getattr(ft, n, None) for n in dir(ft)) if isinstance(c, type)]
    names = {attr[3:] for cls in classes for attr in dir(cls) if attr.startswith("on_")}
    for cls in classes:
        with contextlib.suppress(Exception):  # hints Flet itself cannot resolve
            names |= {n[3:] for n in typing.get_type_hints(cls) if n.startswith("on_")}
    assert {
        "click",
        "change",
        "submit",
        "route_change",
        "view_pop",
        "keyboard_event",
        "long_press",
        "dismiss",
        "result",
        "tap",
    } <= names
    return [*sorted(names), "", "on_click", "__init__", "x" * 300, "clíck", "_trigger_event"]


EVENTS = _flet_event_names()
PROPS = [
    "value",
    "route",
    "disabled",
    "visible",
    "selected",
    "text",
    "data",
    "key",
    "identifier",
    "on_click",
    "content",
    "controls",
    "views",
    "width",
    "height",
    "theme_mode",
    "title",
    "locale_configuration",
    "client_ip",
    "_c",
    "_i",
    "expand",
    "__class__",
    "__dict__",
    "_frozen",
    "_parent",
]
ODD_TEXT = [
    "",
    " ",
    "é",
    "Léa",
    "\u200b",
    "\x00",
    "😀",
    "١",
    "ß",
    "\ud7ff",
    "\t\n",
    "' OR 1=1 --",
    "../../../../etc/passwd",
    "%00",
    "%",
    "&",
    "?",
    "#",
    "=",
    "${key}",
    "{key}",
    "<script>",
    "x" * 5000,
]


class Phone(WireClient):
    """A ``WireClient`` that follows the app's own navigation as a browser does: the app's
    ``push_route`` call answered, then the new address reported (route change). Without it
    every tap that navigates would crash the keyless session, and the fuzz would see less."""

    async def _handle(self, action: int, body: Any) -> None:
        if (
            action == INVOKE
            and isinstance(body, dict)
            and body.get("name") == "push_route"
            and isinstance(body.get("args"), dict)
        ):
            route = str(body["args"].get("route") or "/")
            with contextlib.suppress(WireError, websockets.ConnectionClosed):
                await self._send(
                    INVOKE,
                    {
                        "control_id": body.get("control_id"),
                        "call_id": body.get("call_id"),
                        "result": None,
                        "error": None,
                    },
                )
                await self.navigate(route)
            return
        await super()._handle(action, body)


# ------------------------------------------------------------------------- the data folder


def seed_data(folder: Path) -> dict[str, str]:
    """Two evenings (one open with hands, one ended), their profiles, settings saved on
    the server, and the store's backups."""
    service = TableService(folder)
    tonight = service.create_evening(PLAYERS, "classique", ranking=RANKING)
    for order in (["Tom", "Zoé", "Sam", "Léa"], ["Léa", "Tom", "Sam", "Zoé"]):
        version = service.evening(tonight.id).version
        service.record_hand(tonight.id, order, expected_version=version)
    past = service.create_evening(["Ana", "Bob", "Cid", "Dan"], "pagat", title="Hier")
    service.record_hand(
        past.id, ["Bob", "Ana", "Dan", "Cid"], expected_version=service.evening(past.id).version
    )
    service.close(past.id, expected_version=service.evening(past.id).version)
    SettingsStore(folder).save(UiSettings(lang="fr", theme="dark"))
    return {"tonight": tonight.id, "past": past.id}


@pytest.fixture(scope="module")
def seeded(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    folder = tmp_path_factory.mktemp("access") / "data"
    ids = seed_data(folder)
    for part in ("evenings", "backups"):
        assert any(p.is_file() for p in (folder / part).rglob("*")), part
    assert (folder / "players.json").is_file() and (folder / "ui-settings.json").is_file()
    return folder, ids


# ----------------------------------------------------------------------------- the fuzzer

# The phone's own session echoes what it set (an ``_i`` or ``identifier`` made a dict by a
# props update comes back in the next patch): the fuzz reads the tree defensively.


def control_ids(client: WireClient) -> set[int]:
    return {c["_i"] for c in client.controls() if isinstance(c.get("_i"), int)}


def identifiers(client: WireClient) -> set[str]:
    return {
        c["identifier"]
        for c in client.controls()
        if c.get("_c") == "Semantics" and isinstance(c.get("identifier"), str)
    }


class Fuzzer:
    """Draws frames for one keyless phone; ``sent`` counts what went on the socket."""

    def __init__(self, rng: random.Random, server: Server, ids: dict[str, str]) -> None:
        self.rng = rng
        self.server = server
        key = server.key
        assert key
        self.key = key
        self.routes = [
            "/",
            "/evening",
            f"/evening/{ids['tonight']}",
            f"/evening/{ids['past']}",
            "/evening/nope",
            f"/evening/{ids['tonight']}/hands",
            f"/evening/{ids['past']}/hands",
            "/evening/nope/hands",
            f"/dispute?evening={ids['tonight']}",
            "/new-evening",
            "/history",
            f"/history/{ids['tonight']}",
            f"/history/{ids['past']}",
            "/history/nope",
            "/dispute",
            "/settings",
            "/invite",
            "/nowhere",
            "",
            "//",
            "/settings/",
            "/evening/../settings",
        ]
        self.screens = {
            "/": "screen-home",
            "/evening": "screen-evening",
            f"/evening/{ids['tonight']}": "screen-evening",
            f"/evening/{ids['tonight']}/hands": "screen-hands",
            "/new-evening": "screen-new-evening",
            "/history": "screen-history",
            f"/history/{ids['past']}": "screen-history-evening",
            "/dispute": "screen-dispute",
            "/settings": "screen-settings",
            "/invite": "screen-invite",
        }
        self.forged = self._forged_keys()
        # Forgeries that hold the key (key + "x"…) go only where the phone's own address
        # goes, so that the key in what the server sends back can only be a leak.
        self.forged_apart = [f for f in self.forged if self.key not in f]
        self.sent = 0
        self.reconnects = 0
        self.crashes: dict[str, int] = {}  # a session's crash message: how often
        self.seen: set[str] = set()  # identifiers seen on the keyless phone
        self.handled = 0  # events sent to a control that declares a handler

    def _forged_keys(self) -> list[str]:
        key = self.key
        flip = [
            key[:i] + ("A" if key[i] != "A" else "B") + key[i + 1 :]
            for i in (0, len(key) // 2, len(key) - 1)
        ]
        forged = [
            "",
            "wrong",
            key[:-1],
            key + "x",
            key.upper(),
            key.lower(),
            " " + key,
            key[::-1],
            "k" * 100_000,
            "é" * 22,
            "ключ",
            "😀" * 11,
            "\x00" * 22,
            key.replace("-", "+").replace("_", "/"),
            *flip,
        ]
        forged = [f for f in forged if f != key]
        assert len(forged) >= 15
        return forged

    # -- random pieces ------------------------------------------------------------------

    def text(self) -> str:
        rng = self.rng
        kind = rng.randrange(4)
        if kind == 0:
            return rng.choice(ODD_TEXT)
        if kind == 1:
            return "".join(rng.choice(string.printable) for _ in range(rng.randrange(30)))
        if kind == 2:
            return "".join(
                chr(rng.choice([rng.randrange(32, 0xD7FF), rng.randrange(0xE000, 0x10FFFF)]))
                for _ in range(rng.randrange(12))
            )
        return self.forged_route(apart=True)

    def forged_route(self, *, apart: bool = False) -> str:
        rng = self.rng
        path = rng.choice(self.routes)
        keys = self.forged_apart if apart else self.forged
        forged = rng.choice(keys)
        shape = rng.randrange(7)
        if shape == 0:
            return f"{path}?key={forged}"
        if shape == 1:
            return f"{path}?key={forged}&key={rng.choice(keys)}"
        if shape == 2:
            return f"{path}?KEY={forged}"
        if shape == 3:
            return f"{path}#key={forged}"
        if shape == 4:
            return f"{path}?key={urllib.request.quote(forged)}"
        if shape == 5:
            return f"{path}?x=1;key={forged}"
        return path

    def data(self, depth: int = 0) -> object:
        rng = self.rng
        kind = rng.randrange(12 if depth < 2 else 8)
        if kind == 0:
            return None
        if kind == 1:
            return self.text()
        if kind == 2:
            return rng.choice(
                [0, 1, -1, 2**31, 2**63 - 1, -(2**63), 2**64 - 1, rng.randrange(-(10**6), 10**6)]
            )
        if kind == 3:
            return rng.choice([0.0, -0.0, 1.5, 1e308, float("inf"), float("nan")])
        if kind == 4:
            return rng.choice([True, False])
        if kind == 5:
            return {"route": self.forged_route(apart=True)}
        if kind == 6:
            return rng.randbytes(rng.randrange(64))
        if kind == 7:
            return {
                "key": rng.choice(["Enter", "Escape", "A", "Backspace"]),
                "shift": rng.random() < 0.5,
                "ctrl": rng.random() < 0.5,
                "alt": False,
                "meta": False,
            }
        if kind == 8:
            return {
                "files": [
                    {"name": "backup.json", "path": None, "size": 3, "bytes": b"{}", "id": 1}
                ],
                "path": "/tmp/x",
            }
        if kind == 9:
            return [self.data(depth + 1) for _ in range(rng.randrange(4))]
        return {self.text(): self.data(depth + 1) for _ in range(rng.randrange(4))}

    def target(self, client: WireClient) -> object:
        rng = self.rng
        known = sorted(control_ids(client) | {PAGE_ID})
        if rng.random() < 0.8 and known:
            return rng.choice(known)
        return rng.choice(
            [
                0,
                1,
                2,
                -1,
                10**6,
                2**31,
                2**63 - 1,
                2**64 - 1,
                -(2**63),
                rng.randrange(3, 5000),
                "1",
                None,
                1.5,
                [1],
                {"a": 1},
            ]
        )

    def handlers(self, client: WireClient) -> list[tuple[int, str]]:
        """(control id, event name) for every handler the phone's tree declares."""
        return [
            (c["_i"], name[3:])
            for c in client.controls()
            if isinstance(c.get("_i"), int)
            for name, value in c.items()
            if isinstance(name, str) and name.startswith("on_") and value is True
        ]

    # -- frames -------------------------------------------------------------------------

    async def frame(self, client: WireClient) -> None:
        """One frame of a kind drawn at random."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.25:  # the handlers this phone has: what a curious user would tap
            pairs = self.handlers(client)
            if pairs:
                cid, name = rng.choice(pairs)
                self.handled += 1
                await client.send_event(cid, name, self.data())
            else:
                await client.send_event(PAGE_ID, "route_change", {"route": rng.choice(self.routes)})
        elif roll < 0.55:
            await self._raw(
                client,
                EVENT,
                {"target": self.target(client), "name": rng.choice(EVENTS), "data": self.data()},
            )
        elif roll < 0.67:  # where the browser goes: its own routes, or forged keys
            route = self.forged_route() if rng.random() < 0.7 else rng.choice(self.routes)
            if rng.random() < 0.5:
                await client.navigate(route)
                self.sent += 1  # navigate is two frames
            else:
                await client.send_event(PAGE_ID, "route_change", {"route": route})
        elif roll < 0.72:
            page_id = PAGE_ID
            await client.send_event(
                page_id,
                rng.choice(["view_pop", "keyboard_event"]),
                rng.choice([{"route": self.forged_route()}, self.data()]),
            )
        elif roll < 0.86:
            prop = rng.choice(PROPS) if rng.random() < 0.8 else self.text()
            await self._raw(
                client, UPDATE, {"id": self.target(client), "props": {prop: self.data()}}
            )
        elif roll < 0.89:  # a second registration: a forged session id, a forged route
            await self._raw(
                client,
                REGISTER,
                {
                    "session_id": rng.choice([None, "", self.text(), "x" * 16, client.session_id]),
                    "page_name": rng.choice(["", self.text()]),
                    "page": {"route": self.forged_route(), "width": 412.0, "height": 915.0},
                },
            )
        else:
            await self.malformed(client)
        self.sent += 1

    async def _raw(self, client: WireClient, action: int, body: object) -> None:
        await client.send_frame(encode(action, body))

    async def malformed(self, client: WireClient) -> None:
        rng = self.rng
        kind = rng.randrange(10)
        if kind == 0:
            payload = rng.randbytes(rng.randrange(1, 200))
        elif kind == 1:
            payload = b"\x00" + rng.randbytes(rng.randrange(200))
        elif kind == 2:
            payload = b"\x00" + msgpack.packb([rng.choice([0, 7, 99, -1, 2, 6]), self.data()])
        elif kind == 3:
            payload = b"\x00" + msgpack.packb(self.data())
        elif kind == 4:
            payload = b"\x00" + msgpack.packb([EVENT, {"target": 1}])  # missing fields
        elif kind == 5:
            payload = b"\x00" + msgpack.packb(
                [EVENT, {"target": 1, "name": "click", "data": None, "extra": 1}]
            )
        elif kind == 6:
            payload = b"\x01" + rng.randbytes(rng.randrange(10))  # a data-channel frame
        elif kind == 7:
            payload = bytes([rng.randrange(2, 256)]) + rng.randbytes(8)
        elif kind == 8:
            payload = b"\x00" + msgpack.packb([UPDATE, {"id": 1, "props": self.data()}])
        else:
            payload = b"\x00" + b"\x91" * 2000 + b"\xc0"  # deeply nested arrays
        await client.send_frame(payload)

    # -- the run ------------------------------------------------------------------------

    async def run(self, frames: int) -> WireClient:
        client = await self._connect()
        visits = 0
        while self.sent < frames:
            route = self.routes[visits % len(self.routes)]
            visits += 1
            client = await self._live(client)
            try:
                await client.navigate(route)
            except (WireError, websockets.ConnectionClosed):
                client.closed = True
                continue
            self.sent += 2
            await self.loaded(client, route)  # the screen's controls, before aiming at them
            if visits <= len(self.routes):  # first round: every handler of the screen, once
                await self.sweep(client, exhaustive=frames >= EXHAUSTIVE_FROM)
            batch = min(self.rng.randrange(20, 80), frames - self.sent)
            for n in range(batch):
                client = await self._live(client)
                try:
                    await self.frame(client)
                except (WireError, websockets.ConnectionClosed):
                    client.closed = True  # the server closed this socket: reconnect, go on
                    continue
                if n % 10 == 9:
                    await asyncio.sleep(0.02)  # let answers (patches) arrive
                    self.check(client)
            self.check(client)
        return client

    async def sweep(self, client: WireClient, *, exhaustive: bool) -> None:
        """Each handler the screen declares, once; ``exhaustive``: every event name to
        every control that declares a handler (the long run)."""
        pairs = self.handlers(client)
        if exhaustive:
            pairs += [(cid, name) for cid in sorted({cid for cid, _ in pairs}) for name in EVENTS]
        for n, (cid, name) in enumerate(pairs):
            with contextlib.suppress(WireError, websockets.ConnectionClosed):
                await client.send_event(cid, name)
                self.sent += 1
                self.handled += 1
            if n % 5 == 4:
                await asyncio.sleep(0.02)
        self.check(client)

    async def loaded(self, client: WireClient, route: str) -> None:
        """Wait (a little) until the screen of ``route`` is shown, or a screen's error."""
        screen = self.screens.get(route)
        if screen is None:
            await asyncio.sleep(0.15)
        else:
            with contextlib.suppress(WireError):
                await client.wait_until(
                    lambda c: bool(identifiers(c) & {screen, "screen-error", "not-found"}),
                    timeout=5,
                )
        self.check(client)

    async def settle(self, client: WireClient) -> WireClient:
        """Every frame is read in order: once a route change sent after them is answered,
        the server has taken them all; then a moment more for the handlers they started.
        (A malformed frame still in flight may close the socket: then on a fresh one.)"""
        for _ in range(5):
            client = await self._live(client)
            try:
                await client.navigate("/settings")
                await client.wait_for("screen-settings", timeout=60)
            except (WireError, websockets.ConnectionClosed):
                client.closed = True
                continue
            await asyncio.sleep(1.0)
            return client
        raise AssertionError("the server no longer answers a phone without the key")

    async def _connect(self) -> WireClient:
        route = self.rng.choice(self.routes + [self.forged_route() for _ in range(3)])
        return await Phone.connect(self.server.base, route or "/")

    async def _live(self, client: WireClient) -> WireClient:
        """The phone, reconnected when the server closed its socket or its session."""
        if not client.closed and client.crash is None:
            return client
        self.check(client)
        if client.crash is not None:  # kept for the figures: what garbage breaks a session
            last = client.crash.strip().splitlines()[-1:] or [""]
            self.crashes[last[0][:120]] = self.crashes.get(last[0][:120], 0) + 1
        await client.close()
        self.reconnects += 1
        return await self._connect()

    def check(self, client: WireClient) -> None:
        """The keyless phone never shows an editor's control, nor receives the key."""
        shown = identifiers(client)
        self.seen |= shown
        leaked = {i for i in shown if i in EDITOR_IDENTS or i.startswith(EDITOR_PREFIXES)}
        assert not leaked, f"a phone without the key sees {sorted(leaked)}"
        sent_back = {k: v for k, v in client.page.items() if k != "route"}  # its own
        assert self.key not in repr(sent_back), "the key reached a phone without it"


async def record_a_hand(base: str, key: str, evening_id: str) -> None:
    editor = await Phone.connect(base, f"/evening/{evening_id}?key={key}")
    try:
        await editor.wait_for("evening-hand", "3")
        await editor.show_entry()
        for n, i in enumerate((1, 0, 3)):
            await editor.tap(f"out-{i}")
            await editor.wait_for(f"out-{i}", f"{n + 1}.")
        await editor.tap("evening-record")
        await editor.wait_for("evening-result", "3")
    finally:
        await editor.close()


def http_probes(server: Server, fuzzer: Fuzzer) -> int:
    """Plain HTTP from a phone without the key: uploads (Flet has no upload endpoint unless
    given a folder), other methods, paths out of the web root. Returns the count sent."""
    paths = [
        "/",
        "/upload",
        "/upload?f=x.json&expires=9999999999&signature=x",
        "/ws",
        "/api",
        "/../data/players.json",
        "/%2e%2e/%2e%2e/players.json",
        "/assets/../../players.json",
        "/evening?key=" + fuzzer.forged[2],
        "/index.html",
    ]
    sent = 0
    for path in paths:
        for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
            request = urllib.request.Request(
                server.base + path,
                method=method,
                data=b'{"evenings": []}' if method != "GET" else None,
            )
            with contextlib.suppress(OSError):  # refusals (4xx, 405) are HTTPErrors
                urllib.request.urlopen(request, timeout=30).close()
            sent += 1
    return sent


def fuzz(
    seeded: tuple[Path, dict[str, str]], frames: int, seed: int, env: dict[str, str] | None = None
) -> None:
    folder, ids = seeded
    before = snapshot(folder)
    hands = len(TableService(folder).evening(ids["tonight"]).hands)
    with running_server(data_dir=folder, env=env) as server:
        fuzzer = Fuzzer(random.Random(seed), server, ids)
        requests = http_probes(server, fuzzer)
        COUNTS["access: keyless HTTP requests"] = (
            COUNTS.get("access: keyless HTTP requests", 0) + requests
        )

        async def scenario() -> None:
            started = time.monotonic()
            client = await fuzzer.settle(await fuzzer.run(frames))
            fuzzer.check(client)
            await client.close()
            elapsed = time.monotonic() - started
            COUNTS["access: keyless frames sent"] = (
                COUNTS.get("access: keyless frames sent", 0) + fuzzer.sent
            )
            print(
                f"\naccess fuzz: seed {seed}, {fuzzer.sent} frames "
                f"({fuzzer.handled} to a control with a handler), "
                f"{fuzzer.reconnects} reconnects, "
                f"{len(fuzzer.seen)} identifiers seen, {elapsed:.1f} s"
            )
            for message, n in sorted(fuzzer.crashes.items(), key=lambda kv: -kv[1]):
                print(f"  session crashed {n}×: {message}")
            after = snapshot(folder)
            # The kept ratings are a cache of the evenings, which any reader of the
            # leaderboard brings up to date: a keyless phone may cause that write, and what
            # it holds must then be the ratings of the untouched evenings.
            for kept in (before, after):
                kept.pop(RATINGS_FILE, None)
                # The server keeps its key in the folder when it starts: not the phone's doing.
                kept.pop(KEY_FILE, None)
            assert read_key(folder) == server.key
            if (folder / RATINGS_FILE).exists():
                assert TableService(folder).check_ratings()[0]
            assert after.keys() == before.keys(), (
                sorted(after.keys() - before.keys()),
                sorted(before.keys() - after.keys()),
            )
            changed = [name for name in before if before[name] != after[name]]
            assert not changed, f"a phone without the key changed {changed}"
            # The fuzz reached the screens that matter, and their buttons.
            assert {
                "screen-evening",
                "screen-hands",
                "screen-settings",
                "screen-history",
                "lang-en",
                "theme-light",
                "read-only-banner",
            } <= fuzzer.seen, sorted(fuzzer.seen)
            assert fuzzer.handled > 0
            # The server still serves a phone with the key, which records a hand.
            await record_a_hand(server.base, fuzzer.key, ids["tonight"])

        asyncio.run(scenario())
    assert len(TableService(folder).evening(ids["tonight"]).hands) == hands + 1


def test_a_phone_without_the_key_changes_nothing_whatever_it_sends(seeded) -> None:
    """Rule: no frame a keyless phone sends changes a byte of the data folder, shows it an
    editor's control or the key, or stops the server serving an editor (seeded sample)."""
    fuzz(seeded, DEFAULT_FRAMES, seed=20261122)


@pytest.mark.slow
def test_a_long_keyless_fuzz_changes_nothing(tmp_path: Path) -> None:
    """Rule: the same over ``COMPANION_ACCESS_CASES`` frames (default 100,000)."""
    folder = tmp_path / "data"
    ids = seed_data(folder)
    seed = int(os.environ.get("COMPANION_ACCESS_SEED", str(random.randrange(2**32))))
    fuzz((folder, ids), ACCESS_CASES, seed)


# ---------------------------------------------------------------------- the key's strength


def test_the_key_has_at_least_128_random_bits() -> None:
    """Rule: every key is 16 random bytes in URL-safe base64 (22 characters): all distinct
    over many draws, and every one of the 128 bits takes both values."""
    keys = [new_key() for _ in range(5000)]
    assert len(set(keys)) == len(keys)
    alphabet = set(string.ascii_letters + string.digits + "-_")
    ones = [0] * 128
    for key in keys:
        assert len(key) == 22 and set(key) <= alphabet, key
        raw = base64.urlsafe_b64decode(key + "==")
        assert len(raw) == 16
        bits = int.from_bytes(raw, "big")
        for i in range(128):
            ones[i] += bits >> i & 1
    # Each bit set in about half the keys (binomial(5000, ½): 2,500 ± 35; ± 500 is 14 σ).
    assert all(2000 < n < 3000 for n in ones), ones


# ---------------------------------------------------------------------- the key's secrecy


def _seen_requests(server: Server, key: str) -> None:
    """What a browser with the key does first: the page, then the app's files."""
    for path in (f"/?key={key}", f"/evening?key={key}", "/?key=WRONG-KEY-0000000000"):
        with urllib.request.urlopen(server.base + path, timeout=30) as response:
            assert response.status == 200


async def _editor_and_intruder(server: Server, key: str) -> None:
    editor = await Phone.connect(server.base, f"/?key={key}")
    try:
        await editor.wait_for("home-new")
        for ident, screen in (
            ("home-history", "screen-history"),
            ("home-settings", "screen-settings"),
            ("home-invite", "screen-invite"),
            ("home-continue", "evening-hand"),
        ):
            await editor.tap(ident)  # the app sends the phone to an address with the key
            await editor.wait_for(screen)
            assert key in editor.route
            await editor.tap("back")
            await editor.wait_for("home-new")
        await editor.navigate(f"/invite?key={key}")
        await editor.wait_for("invite-url", key)  # an editor's invite carries the key
    finally:
        await editor.close()
    intruder = await Phone.connect(server.base, "/?key=WRONG-KEY-0000000000")
    try:
        await intruder.wait_for("home-scoreboard")
        await intruder.navigate(f"/settings?key={key[:-1]}")
        await intruder.wait_for("screen-settings")
    finally:
        await intruder.close()


def test_the_key_is_printed_once_and_logged_nowhere_even_at_debug(tmp_path: Path) -> None:
    """Rule: with Flet's and uvicorn's logging at DEBUG, while an editor opens and navigates
    with the key and a wrong-key phone connects, the key appears exactly once in the
    server's whole output (the printed address) and in no file it writes but its own
    private file (the key kept for a restart)."""
    folder = tmp_path / "data"
    seed_data(folder)
    with running_server(data_dir=folder, env={"FLET_LOG_LEVEL": "debug"}) as server:
        key = server.key
        assert key
        _seen_requests(server, key)
        asyncio.run(_editor_and_intruder(server, key))
        time.sleep(1.0)  # the sessions' last log lines (each record is flushed as written)
        output_path = server.output
        output = output_path.read_text("utf-8")
        written = [
            p
            for p in [*folder.rglob("*"), *output_path.parent.rglob("*")]
            if p.is_file() and p != output_path
        ]
        contents = {p: p.read_bytes() for p in written}  # read while the server's temp exists
    assert "DEBUG" in output and "route_change" in output  # the debug logs did run
    assert '"GET /?key=… HTTP/1.1" 200' in output  # uvicorn's access log, masked
    assert "name='push_route', args={'route': '/history?key=…'}" in output  # Flet's
    assert output.count(key) == 1, [line[:200] for line in output.splitlines() if key in line]
    assert re.search(rf"http://127\.0\.0\.1:\d+/\?key={re.escape(key)}", output)
    # Flet writes no log file; nothing the server wrote (data folder, its temp) holds it,
    # but the key's own file, readable by its owner alone.
    assert contents
    for path, data in contents.items():
        if path == folder / KEY_FILE:
            assert data.decode().strip() == key
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
            continue
        assert key.encode() not in data, path


# ------------------------------------------------------------------- where serve listens


def _serve(*args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*serve_command(), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "PYTHONUTF8": "1"},
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture()
def serving(tmp_path: Path) -> Iterator[Callable[..., tuple[subprocess.Popen, Path]]]:
    """Starts ``companion serve`` with arguments (the process and its output file), and
    stops it after the test."""
    procs: list[subprocess.Popen] = []

    def start(*args: str) -> tuple[subprocess.Popen, Path]:
        out = tmp_path / f"serve-{len(procs)}.log"
        with out.open("w", encoding="utf-8") as log:
            proc = subprocess.Popen(
                [*serve_command(), *args, "--data-dir", str(tmp_path / "data")],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUTF8": "1"},
            )
        procs.append(proc)
        return proc, out

    yield start
    for proc in procs:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_answering(base: str, proc: subprocess.Popen, out: Path) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, out.read_text("utf-8")
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200 and "Ctrl+C" in out.read_text("utf-8"):
                    return out.read_text("utf-8")
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(out.read_text("utf-8"))


def _printed_addresses(output: str) -> list[str]:
    return re.findall(r"^  (http://\S+)$", output, flags=re.MULTILINE)


def test_serve_on_localhost_prints_the_exact_address_it_listens_on(serving) -> None:
    """Rule: ``--host 127.0.0.1 --port P`` prints ``http://127.0.0.1:P/?key=…``, the server
    answers there, and the output says phones cannot reach it."""
    port = free_port()
    proc, out = serving("--host", "127.0.0.1", "--port", str(port))
    output = _wait_answering(f"http://127.0.0.1:{port}", proc, out)
    printed = _printed_addresses(output)
    assert len(printed) == 1 and re.fullmatch(
        rf"http://127\.0\.0\.1:{port}/\?key=[A-Za-z0-9_\-]{{22}}", printed[0]
    ), output
    assert "--host 0.0.0.0" in output  # the way to reach phones


def test_serve_on_every_network_lists_the_lan_addresses_and_says_so(serving) -> None:
    """Rule: ``--host 0.0.0.0`` lists each LAN address of this computer (then its own),
    each answering, and says it listens on every address."""
    port = free_port()
    proc, out = serving("--host", "0.0.0.0", "--port", str(port))
    output = _wait_answering(f"http://127.0.0.1:{port}", proc, out)
    printed = [a.split("/?")[0] for a in _printed_addresses(output)]
    lan = [f"http://{ip}:{port}" for ip in lan_ipv4()]
    assert printed == [*lan, f"http://127.0.0.1:{port}"], output
    assert f"0.0.0.0, port {port}" in output  # "À l'écoute sur 0.0.0.0, port P : …"
    for base in printed:
        with urllib.request.urlopen(base + "/", timeout=10) as response:
            assert response.status == 200


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_a_busy_port_is_one_clear_line_and_exit_code_2(tmp_path: Path, host: str) -> None:
    """Rule: a port already in use gives one line naming it on stderr, exit code 2, no
    traceback, and prints no address."""
    with socket.socket() as busy:
        busy.bind((host, 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = _serve("--host", host, "--port", str(port), "--data-dir", str(tmp_path))
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert str(port) in done.stderr and "--port" in done.stderr
    assert "key=" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--port", "99999"),
        ("--port", "-1"),
        ("--host", "no-such-host.invalid"),
        ("--host", "198.51.100.254"),
    ],
)
def test_a_port_or_host_it_cannot_use_is_one_clear_line_and_exit_code_2(
    tmp_path: Path, option: str, value: str
) -> None:
    """Rule: a port out of range or an address that is not this computer's gives one line
    on stderr naming it, exit code 2, no traceback."""
    args = {"--host": "127.0.0.1", "--port": str(free_port()), option: value}
    done = _serve(*[x for pair in args.items() for x in pair], "--data-dir", str(tmp_path))
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert value in done.stderr


def test_port_zero_prints_the_port_actually_used(serving) -> None:
    """Rule: ``--port 0`` (any free port) prints the port the server really listens on."""
    proc, out = serving("--host", "127.0.0.1", "--port", "0")
    deadline = time.monotonic() + 60
    while "Ctrl+C" not in out.read_text("utf-8"):
        assert proc.poll() is None and time.monotonic() < deadline, out.read_text("utf-8")
        time.sleep(0.2)
    printed = _printed_addresses(out.read_text("utf-8"))
    port = int(re.search(r":(\d+)/", printed[0]).group(1))
    assert port != 0
    _wait_answering(f"http://127.0.0.1:{port}", proc, out)
