"""``companion.ui.web_app`` on its own: the ASGI ``Guard`` (headers, phones that leave) and
the cap on the sessions of departed phones, against stand-ins for uvicorn and Flet."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from companion.ui import web_app
from companion.ui.web_app import SECURITY_HEADERS, Guard, keep_few_departed


class Manager:
    """Flet's session manager, as far as ``keep_few_departed`` uses it."""

    def __init__(self) -> None:
        self.sessions: set[str] = set()
        self.calls: list[tuple[str, str]] = []

    async def disconnect_session(self, session_id: str, session_timeout_seconds: int) -> None:
        self.calls.append(("disconnect", session_id))

    async def reconnect_session(self, session_id: str, conn: Any) -> None:
        self.calls.append(("reconnect", session_id))

    async def delete_session(self, session_id: str) -> None:
        self.calls.append(("delete", session_id))
        self.sessions.discard(session_id)


def _deleted(manager: Manager) -> list[str]:
    return [sid for what, sid in manager.calls if what == "delete"]


def test_sessions_of_departed_phones_beyond_the_kept_few_are_dropped_oldest_first() -> None:
    """Rule: once more than ``keep`` phones have left, the session of the one that left
    first is deleted, at once (not after Flet's timeout)."""
    manager = Manager()
    keep_few_departed(manager, keep=2)

    async def run() -> None:
        for sid in ["a", "b", "c", "d"]:
            await manager.disconnect_session(sid, 120)

    asyncio.run(run())
    assert _deleted(manager) == ["a", "b"]


def test_a_phone_that_came_back_does_not_count_among_the_departed() -> None:
    """Rule: a session whose phone reconnected is not dropped for the cap while connected;
    it counts again only once it leaves again (as the latest)."""
    manager = Manager()
    keep_few_departed(manager, keep=2)

    async def run() -> None:
        await manager.disconnect_session("a", 120)
        await manager.disconnect_session("b", 120)
        await manager.reconnect_session("a", object())
        await manager.disconnect_session("c", 120)  # departed: b, c
        await manager.disconnect_session("a", 120)  # departed: b, c, a -> b goes

    asyncio.run(run())
    assert _deleted(manager) == ["b"]
    assert ("reconnect", "a") in manager.calls


def test_a_session_flet_expired_itself_leaves_the_departed() -> None:
    """Rule: a session Flet's own evictor deleted (its timeout) is forgotten, and is not
    deleted a second time when the cap is reached."""
    manager = Manager()
    keep_few_departed(manager, keep=1)

    async def run() -> None:
        await manager.disconnect_session("a", 120)
        await manager.delete_session("a")  # Flet's evictor, through the wrapped method
        await manager.disconnect_session("b", 120)

    asyncio.run(run())
    assert _deleted(manager) == ["a"]


def test_the_cap_is_installed_once() -> None:
    """Rule: installing twice wraps once (each departure is counted once)."""
    manager = Manager()
    keep_few_departed(manager, keep=1)
    keep_few_departed(manager, keep=1)

    async def run() -> None:
        await manager.disconnect_session("a", 120)
        await manager.disconnect_session("b", 120)

    asyncio.run(run())
    assert _deleted(manager) == ["a"]


async def _http(app: Any, headers: list[tuple[bytes, bytes]]) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    await Guard(app)({"type": "http", "headers": headers}, receive, send)
    return sent


def test_every_http_response_gets_the_security_headers_and_keeps_its_own() -> None:
    """Rule: the response's start carries the four security headers, and the app's own
    headers are still there."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 404, "headers": [(b"x-own", b"1")]})
        await send({"type": "http.response.body", "body": b"missing"})

    sent = asyncio.run(_http(app, []))
    headers = {k.decode().lower(): v.decode() for k, v in sent[0]["headers"]}
    assert headers["x-own"] == "1"
    for name, value in SECURITY_HEADERS.items():
        assert headers[name.lower()] == value
    assert sent[1] == {"type": "http.response.body", "body": b"missing"}


def test_the_policy_forbids_framing_and_foreign_scripts() -> None:
    """Rule: no page may frame the app (its address holds the key) and scripts come from
    this server only: nothing from a CDN."""
    parts = SECURITY_HEADERS["Content-Security-Policy"].split("; ")
    policy = dict(part.split(" ", 1) for part in parts)
    assert policy["frame-ancestors"] == "'none'"
    assert SECURITY_HEADERS["X-Frame-Options"] == "DENY"
    assert "http" not in policy["script-src"] and "*" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"].split()


class Socket:
    """uvicorn's side of one websocket: the phone's messages, then its departure; a send
    after it left raises as uvicorn's ``ClientDisconnected`` does."""

    def __init__(self, frames: int = 1) -> None:
        self.incoming: list[dict] = [{"type": "websocket.connect"}]
        self.incoming += [{"type": "websocket.receive", "bytes": b"x"}] * frames
        self.incoming.append({"type": "websocket.disconnect", "code": 1001})
        self.sent: list[dict] = []
        self.gone = False

    async def receive(self) -> dict:
        message = self.incoming.pop(0)
        if message["type"] == "websocket.disconnect":
            self.gone = True
        return message

    async def send(self, message: dict) -> None:
        if self.gone and message["type"] == "websocket.send":
            raise ConnectionResetError("the phone left")
        self.sent.append(message)


def test_sends_to_a_phone_that_left_are_dropped_not_raised() -> None:
    """Rule: the app's sends after the phone left go nowhere, without an error, and the app
    goes on to its own end (where Flet marks the session disconnected)."""
    socket = Socket()
    ended: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        await receive()
        await receive()  # the departure
        for _ in range(3):
            await send({"type": "websocket.send", "bytes": b"screen"})
        ended.append(True)

    asyncio.run(Guard(app)({"type": "websocket"}, socket.receive, socket.send))
    assert ended == [True]
    assert socket.sent == [{"type": "websocket.accept"}]


def test_a_send_that_finds_the_phone_gone_is_no_error() -> None:
    """Rule: a send that fails because the phone just left (an ``OSError`` from uvicorn) is
    swallowed, and later sends are not attempted."""
    attempts: list[bytes] = []

    async def send(message: dict) -> None:
        if message["type"] == "websocket.send":
            attempts.append(message["bytes"])
            raise ConnectionResetError("gone")

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.send", "bytes": b"1"})
        await send({"type": "websocket.send", "bytes": b"2"})

    asyncio.run(Guard(app)({"type": "websocket"}, receive, send))
    assert attempts == [b"1"]


def test_other_errors_of_the_app_still_reach_the_server() -> None:
    """Rule: an error that is not a departure is raised as before (uvicorn logs it)."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise ValueError("a real bug")

    with pytest.raises(ValueError, match="a real bug"):
        asyncio.run(Guard(app)({"type": "websocket"}, Socket().receive, Socket().send))


def test_a_handler_still_waiting_after_its_phone_left_is_ended(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule: Flet's handler of a phone that left before registering waits forever (its
    send loop is never told to stop): after the grace it is cancelled, quietly."""
    monkeypatch.setattr(web_app, "LEFT_GRACE_SECONDS", 0.01)
    cancelled: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while (await receive())["type"] != "websocket.disconnect":
            pass
        try:
            await asyncio.Event().wait()  # Flet's send loop, never told
        except asyncio.CancelledError:
            cancelled.append(True)
            raise

    socket = Socket(frames=0)
    asyncio.run(Guard(app)({"type": "websocket"}, socket.receive, socket.send))
    assert cancelled == [True]
