"""Phones that leave ``companion serve`` (issue 21 §12), on a real server: a departure, however
abrupt, is one line of the server's log at most, never a traceback, and the server goes on."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path
from urllib.parse import urlparse

import websockets

from companion.ui.web_app import LEFT_GRACE_SECONDS
from tests.support.browser import Server, running_server
from tests.support.wire import WireClient

QUICK = 12  # of each kind of departure


async def _leave_at_once(base: str, abrupt: bool) -> None:
    """Register (the server starts sending the home screen) and go at once: with a
    websocket close, or (``abrupt``) with the connection cut, as a phone out of Wi-Fi."""
    phone = await WireClient.connect(base, "/")
    if abrupt:
        phone._socket.transport.abort()  # no close frame: the TCP connection just ends
    await phone.close()


async def _leave_before_registering(base: str) -> None:
    url = base.replace("http://", "ws://", 1) + "/ws"
    async with websockets.connect(url):
        pass


def _drop_a_page_request(base: str) -> None:
    address = urlparse(base)
    with socket.create_connection((address.hostname, address.port), timeout=10) as sock:
        sock.sendall(f"GET / HTTP/1.1\r\nHost: {address.netloc}\r\n\r\n".encode())


async def _departures(base: str) -> int:
    for _ in range(QUICK):
        await _leave_at_once(base, abrupt=False)
        await _leave_at_once(base, abrupt=True)
        await _leave_before_registering(base)
        _drop_a_page_request(base)
    return 4 * QUICK


def _quiet_log(output: Path, since: float) -> str:
    """The server's log once Flet's handlers of the departed phones have all ended (the
    grace for those that never registered, and 2 s without a new line)."""
    text = output.read_text("utf-8")
    changed = time.monotonic()
    while time.monotonic() - changed < 2 or time.monotonic() - since < LEFT_GRACE_SECONDS + 2:
        time.sleep(0.2)
        now = output.read_text("utf-8")
        if now != text:
            text, changed = now, time.monotonic()
    return text


def test_a_departure_is_one_log_line_at_most_and_no_traceback(tmp_path: Path) -> None:
    """Rule: phones that leave at once after registering (cleanly or with the connection
    cut), before registering, or while the page is sent add at most one line each to the
    server's log, and no traceback; a phone that comes next gets its home screen."""
    with running_server(data_dir=tmp_path / "data") as server:
        before = server.output.read_text("utf-8")
        began = time.monotonic()
        count = asyncio.run(_departures(server.base))
        added = _quiet_log(server.output, began)[len(before) :]
        assert len(added.splitlines()) <= count, added[:3000]
        assert "Traceback" not in added
        assert "Exception in ASGI application" not in added
        asyncio.run(_still_serves(server))


async def _still_serves(server: Server) -> None:
    phone = await WireClient.connect(server.base, "/")
    try:
        await phone.wait_until(lambda c: bool(c.identifiers()), 30, what="the home screen")
    finally:
        await phone.close()
