"""Flet's web app as ``companion serve`` serves it: security headers on every response, and
a phone that leaves costs neither a traceback nor lasting memory.

Built with Flet's documented FastAPI entry point (``flet_web.fastapi.app``, the app that
``ft.run`` itself mounts) and run by uvicorn as ``ft.run`` does, with three changes:

* ``Guard``, an ASGI middleware around it all, adds the headers and quiets departures;
* the session of a phone that left is kept ``SESSION_SECONDS`` (Flet: an hour), in case it
  comes back (``FLET_SESSION_TIMEOUT`` still wins);
* and only the ``DEPARTED_KEPT`` latest of them (``keep_few_departed``): each holds its
  page's controls (about 85 KB for the home screen, MBs with the charts), and memory the
  server once took stays taken (Python's and the C allocator's free lists), so 2,000 quick
  visits kept 2,000 sessions and grew the server by hundreds of MB for good.

A phone whose session is gone gets a new one at the same address (route and key) and its
taps not yet recorded back from its own storage (``taps_memory``); only the screen's
passing state (a scroll, an open dialog) is lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

import flet_web.fastapi as flet_fastapi
import uvicorn
from starlette.datastructures import MutableHeaders
from starlette.responses import FileResponse

from companion.table.emoji_text import emoji_font_file
from companion.ui.theme import EMOJI_FONT_URL

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SESSION_SECONDS = 120  # a phone away longer starts a new session (its screen rebuilt)
DEPARTED_KEPT = 16  # sessions kept for phones that left: a table's phones, and a few more
# After its phone left, how long Flet's handler of a websocket may take to finish. It never
# does by itself when the phone left before registering: its send loop waits forever.
LEFT_GRACE_SECONDS = 10.0

# What Flet's web client needs, and nothing more (checked in Chromium, on both its
# renderers). Its page runs inline scripts (Flet's configuration, the offline notice, the
# preloads: ``assets/index.html``) and Flutter adds <style> elements; CanvasKit/skwasm
# compile WebAssembly (``'wasm-unsafe-eval'``: not ``eval``; Safari before 16, iOS 15,
# knows only ``'unsafe-eval'`` for it and would refuse to start the app) and start workers
# from blob: URLs; decoded images are blob: or data: URLs; the websocket is the same host
# (``'self'`` covers ws: only in recent browsers, hence ws: wss:). Scripts from elsewhere
# are refused: Flet's client asks a CDN for Rive's runtime, which the app never uses.
# Flutter fetches a font for a script the app's fonts lack (Arabic, Chinese… names) from
# Google's font host when the table has internet: allowed (the page sends no referrer).
# Nothing may frame the page: the table's key is in its address.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data: https://fonts.gstatic.com",
        "connect-src 'self' ws: wss: https://fonts.gstatic.com",
        "worker-src 'self' blob:",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # The key travels in the address: no link or request may carry it elsewhere.
    "Referrer-Policy": "no-referrer",
}


class Guard:
    """ASGI middleware: ``SECURITY_HEADERS`` on every HTTP response; on a websocket, a phone
    that left is no error. Flet's handler keeps sending the screen it was drawing; uvicorn
    raises ``ClientDisconnected`` (an ``OSError``) into it, which ended the handler with a
    100-line "Exception in ASGI application" and skipped Flet's own bookkeeping: the
    session never expired. Here those sends go nowhere, the handler drains and ends, and
    Flet marks the session disconnected. Any other error still reaches the log."""

    def __init__(self, app: ASGIApp, files: Mapping[str, Path] | None = None) -> None:
        self.app = app
        self.files = dict(files or {})  # address -> a file served from outside assets/

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = self.files.get(scope.get("path", ""))
            if path is not None and scope.get("method") in ("GET", "HEAD"):
                response = FileResponse(path, headers={"Cache-Control": "max-age=86400"})
                await response(scope, receive, _with_headers(send))
                return
            await self.app(scope, receive, _with_headers(send))
        elif scope["type"] == "websocket":
            await _websocket(self.app, scope, receive, send)
        else:
            await self.app(scope, receive, send)


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = MutableHeaders(scope=message)
            for name, value in SECURITY_HEADERS.items():
                headers[name] = value
        await send(message)

    return sending


async def _websocket(app: ASGIApp, scope: Scope, receive: Receive, send: Send) -> None:
    left = asyncio.Event()

    async def receiving() -> Message:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            left.set()
        return message

    async def sending(message: Message) -> None:
        if left.is_set() and message["type"] == "websocket.send":
            return  # nobody to send it to
        try:
            await send(message)
        except OSError:  # uvicorn's ClientDisconnected: the phone left while we sent
            if message["type"] != "websocket.send":
                raise
            left.set()

    handler = asyncio.ensure_future(app(scope, receiving, sending))
    gone = asyncio.ensure_future(left.wait())
    try:
        await asyncio.wait({handler, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not handler.done():  # the phone left: give Flet time to drop its session
            await asyncio.wait({handler}, timeout=LEFT_GRACE_SECONDS)
        if not handler.done():
            handler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await handler
            return
        await handler  # its own errors, if any, go to uvicorn's log as before
    finally:
        gone.cancel()
        if not handler.done():  # this task itself cancelled (the server stopping)
            handler.cancel()


def keep_few_departed(manager: Any, keep: int = DEPARTED_KEPT) -> None:
    """Make Flet's session manager (``flet_web.fastapi.app_manager``) drop the oldest
    session of a phone that left as soon as more than ``keep`` are waiting. Flet has no
    setting for it: its three methods that a session passes through are wrapped on the
    instance (its own evictor calls ``self.delete_session``, so it goes through too).
    Raises ``AttributeError`` at start if a Flet update renamed them."""
    if getattr(manager, "keeps_few_departed", False):
        return
    disconnect = manager.disconnect_session
    reconnect = manager.reconnect_session
    delete = manager.delete_session
    departed: OrderedDict[str, None] = OrderedDict()  # oldest first

    async def disconnect_session(session_id: str, session_timeout_seconds: int) -> None:
        await disconnect(session_id, session_timeout_seconds)
        departed[session_id] = None
        departed.move_to_end(session_id)
        while len(departed) > keep:
            await delete(departed.popitem(last=False)[0])

    async def reconnect_session(session_id: str, conn: Any) -> None:
        departed.pop(session_id, None)  # back: no longer waiting
        await reconnect(session_id, conn)

    async def delete_session(session_id: str) -> None:
        departed.pop(session_id, None)
        await delete(session_id)

    manager.disconnect_session = disconnect_session
    manager.reconnect_session = reconnect_session
    manager.delete_session = delete_session
    manager.keeps_few_departed = True


def build(main: Callable[[Any], Any], assets_dir: str) -> Guard:
    """The app: Flet's (its own files, ``no_cdn``: the table may have no internet), with
    ``SESSION_SECONDS``, ``keep_few_departed`` and the ``Guard``."""
    keep_few_departed(flet_fastapi.app_manager)
    flet_app = flet_fastapi.app(
        main,
        assets_dir=assets_dir,
        no_cdn=True,
        session_timeout_seconds=SESSION_SECONDS,
    )
    # The emoji font comes from its PyPI package, not from assets/ (table.emoji_text).
    emoji = emoji_font_file()
    return Guard(flet_app, {"/" + EMOJI_FONT_URL: emoji} if emoji is not None else None)


def serve(app: Guard, host: str, port: int) -> None:
    """Serve ``app`` until Ctrl+C or SIGTERM. Logging as ``ft.run`` sets it:
    ``FLET_LOG_LEVEL`` for everything, uvicorn's own at Flet's level (its access log at
    debug and info only)."""
    level = os.getenv("FLET_LOG_LEVEL")
    if level and isinstance(logging.getLevelName(level.strip().upper()), int):
        logging.basicConfig(level=level.strip().upper())
    flet_level = logging.getLogger("flet").getEffectiveLevel()
    if flet_level in (logging.NOTSET, logging.CRITICAL):
        flet_level = logging.FATAL
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=logging.getLevelName(flet_level).lower(),
        ws="websockets-sansio",  # Flet's choice
    )
    if threading.current_thread() is threading.main_thread():
        # SIGTERM ends as Ctrl+C does (uvicorn stops gracefully, then raises the signal again
        # with the handler it found): ``run_web`` returns 0, as under ``ft.run``.
        signal.signal(signal.SIGTERM, signal.default_int_handler)
    uvicorn.Server(config).run()
