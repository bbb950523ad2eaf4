"""A simulated phone: Flet 1.0's websocket protocol spoken directly, with no browser.

Protocol (``flet_web``; Flet's Dart client ``flet_backend.dart``, ``control.dart``): socket
``ws://HOST:PORT/ws``; each binary frame is ``0x00`` + msgpack ``[action, body]``. The phone
registers (1: ``{session_id, page_name, page: {route, width, height, platform, web, …}}``) and
gets the page as one dict; controls are dicts (``_c`` type, ``_i`` id, props). The server then
patches (2: ``{id, patch}``): ``patch[0]`` is a path table ``[n, {key: [m, {…}]}]`` numbering
objects under control ``id``; the other items, applied in order on the tree as it stands, are
``[0 Replace, n, key, value]``, ``[1 Add, n, key, value]`` (list insert), ``[2 Remove, n, key]``,
``[3 Move, n, key, m, key2]``. The phone sends events (3: ``{target, name, data}``), property
changes (4: ``{id, props}``) and answers method calls (5; ``page.navigate`` is one, push_route).
A route change is both: page ``route``, then its ``route_change`` event. Components (``_c``
"C") stand for their ``_b``; a dialog is on screen only while ``open``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import msgpack
import websockets
from websockets.asyncio.client import ClientConnection

REGISTER, PATCH, EVENT, UPDATE, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3
# Flet's DialogControl types: on screen only while ``open`` (False, the default, is not sent).
DIALOGS = frozenset(
    {
        "AlertDialog",
        "CupertinoAlertDialog",
        "BottomSheet",
        "CupertinoBottomSheet",
        "SnackBar",
        "Banner",
        "DatePicker",
        "DateRangePicker",
        "TimePicker",
    }
)


class WireError(RuntimeError):
    """The server did not answer as a phone expects (timeout, closed socket, crash)."""


def _ext(code: int, data: bytes) -> object:
    # Dates and durations arrive as msgpack extensions; a phone only needs their text.
    return data.decode("utf-8", "replace") if code in (1, 2, 4) else data


def encode(action: int, body: object) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def decode(frame: bytes) -> list[Any] | None:
    if not frame or frame[0] != 0x00:
        return None  # 0x01 data-channel frames: no control of this app uses them
    return msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)


def apply_patch(root: dict, patch: list) -> None:
    """Apply one patch to ``root`` (a control dict) as Flet's Dart client does."""
    paths: dict[int, list] = {}

    def index(node: list, path: list) -> None:
        paths[node[0]] = path
        if len(node) > 1 and isinstance(node[1], dict):
            for key, child in node[1].items():
                index(child, [*path, key])

    def target(n: int) -> Any:
        obj: Any = root
        for key in paths[n]:
            obj = obj[key]
        return obj

    index(patch[0], [])
    for op in patch[1:]:
        if op[0] == REPLACE:
            target(op[1])[op[2]] = op[3]
        elif op[0] == ADD:
            _put(target(op[1]), op[2], op[3])
        elif op[0] == REMOVE:
            target(op[1]).pop(op[2])
        elif op[0] == MOVE:
            _put(target(op[3]), op[4], target(op[1]).pop(op[2]))
        else:
            raise WireError(f"unknown patch operation {op!r}")


def _put(container: list | dict, key: Any, value: Any) -> None:
    if isinstance(container, list):
        container.insert(key, value)
    else:
        container[key] = value


def _walk(value: Any, visible_only: bool = True) -> Iterator[tuple[dict, bool]]:
    """Every control dict in ``value``, depth first, skipping hidden subtrees, each with
    whether it or a control above it (in ``value``) is disabled."""
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        item, disabled = stack.pop()
        if isinstance(item, dict):
            if "_c" in item:
                if visible_only and (
                    item.get("visible") is False
                    # a fuzzed props update can make ``_c`` a dict: only names are dialogs
                    or (
                        isinstance(item["_c"], str)
                        and item["_c"] in DIALOGS
                        and item.get("open") is not True
                    )
                ):
                    continue
                disabled = disabled or item.get("disabled") is True
                yield item, disabled
            stack.extend((v, disabled) for v in reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend((v, disabled) for v in reversed(item))


def walk(value: Any, *, visible_only: bool = True) -> Iterator[dict]:
    """Every control dict in ``value``, depth first, skipping hidden subtrees."""
    return (control for control, _ in _walk(value, visible_only))


class WireClient:
    """One phone on one websocket. Its tree is the page dict, patched as messages arrive.
    As with a real phone, a tap sent to a control that a re-render has just replaced (another
    phone's change, say) is dropped by the server: ``last_tapped`` tells which control got it."""

    def __init__(self, socket: ClientConnection, route: str) -> None:
        self._socket = socket
        self.route = route
        self.page: dict = {}
        self.session_id: str | None = None
        self.closed = False
        self.patches = 0
        self.crash: str | None = None  # a SESSION_CRASHED message, if one came
        self.last_tapped: int | None = None  # the control id the last tap went to
        self._index: dict[int, dict] | None = None
        self._waiters: list[tuple[Callable[[WireClient], bool], asyncio.Future, str]] = []
        self._registered = asyncio.Event()
        self._reader: asyncio.Task | None = None

    @classmethod
    async def connect(
        cls,
        base: str,
        route: str = "/",
        *,
        width: int = 412,
        height: int = 915,
        timeout: float = 30.0,
    ) -> WireClient:
        """Open the socket and register as a phone-sized web client showing ``route``."""
        url = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/ws"
        socket = await asyncio.wait_for(
            websockets.connect(
                url, max_size=None, open_timeout=timeout, user_agent_header="companion-wire"
            ),
            timeout,
        )
        client = cls(socket, route)
        client._reader = asyncio.create_task(client._read())
        page = {
            "route": route,
            "web": True,
            "platform": "linux",
            "width": float(width),
            "height": float(height),
            "platform_brightness": "light",
            "pwa": False,
            "debug": False,
            "wasm": False,
            "test": False,
            "multi_view": False,
            "pyodide": False,
            "window": {"_c": "Window", "_i": 2},
            "media": {
                "padding": {},
                "view_padding": {},
                "view_insets": {},
                "device_pixel_ratio": 2.625,
                "orientation": "portrait",
            },
        }
        await client._send(REGISTER, {"session_id": None, "page_name": "", "page": page})
        try:
            await asyncio.wait_for(client._registered.wait(), timeout)
        except TimeoutError:
            await client.close()
            raise WireError(f"no registration answer from {url} within {timeout} s") from None
        if client.crash:
            raise WireError(f"the server refused the session: {client.crash}")
        return client

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(Exception):
            await self._socket.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader

    # -- receiving ---------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for frame in self._socket:
                message = decode(frame) if isinstance(frame, bytes) else None
                if message is not None:
                    await self._handle(message[0], message[1])
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._registered.set()
            self._notify()

    async def _handle(self, action: int, body: Any) -> None:
        if action == REGISTER:
            self.session_id = body.get("session_id")
            if body.get("error"):
                self.crash = str(body["error"])
            self.page = body.get("page_patch") or {}
            self._index = None
            self._registered.set()
        elif action == PATCH:
            control = self._control(body["id"])
            if control is not None:
                apply_patch(control, body["patch"])
                self._index = None
            self.patches += 1
        elif action == INVOKE:
            # ``page.navigate`` asks the phone to push the route: Flutter's router then
            # reports it back as any route change. Other methods are refused, with an answer
            # so that nothing waits for one.
            name, args = body.get("name"), body.get("args") or {}
            known = name in ("push_route", "set_allowed_device_orientations")
            with contextlib.suppress(WireError):
                await self._send(
                    INVOKE,
                    {
                        "control_id": body.get("control_id"),
                        "call_id": body.get("call_id"),
                        "result": None,
                        "error": None if known else f"{name} is not supported",
                    },
                )
                if name == "push_route" and isinstance(args.get("route"), str):
                    await self.navigate(args["route"])
        elif action == CRASHED:
            self.crash = str(body.get("message", body))
        self._notify()

    def _notify(self) -> None:
        """Test every waiter's predicate after each message, so that no state is missed
        (a button disabled for one patch while the server works, say)."""
        for predicate, future, what in self._waiters:
            if future.done():
                continue
            try:
                if predicate(self):
                    future.set_result(None)
                elif self.closed or self.crash:
                    why = f"the session crashed: {self.crash}" if self.crash else "it closed"
                    future.set_exception(WireError(f"{why} while waiting for {what}"))
            except Exception as err:  # a predicate's own error goes to its waiter
                future.set_exception(err)

    def _control(self, control_id: int) -> dict | None:
        if self._index is None:
            self._index = {c["_i"]: c for c in walk(self.page, visible_only=False) if "_i" in c}
        return self._index.get(control_id)

    # -- reading the tree --------------------------------------------------------------

    def _screen(self) -> list[Any]:
        """What the phone shows: the top view (Flutter keeps the views below offstage,
        out of the semantics tree) and the page's own overlays and dialogs."""
        views = _unwrap(self.page.get("views"))
        if isinstance(views, dict):
            views = [views]
        top = _unwrap(views[-1]) if isinstance(views, list) and views else None
        rest = [v for k, v in self.page.items() if k not in ("views", "window")]
        return [top, rest]

    def controls(self) -> Iterator[dict]:
        return walk(self._screen())

    def control_ids(self) -> set[int]:
        return {c["_i"] for c in self.controls() if "_i" in c}

    def identifiers(self) -> set[str]:
        return {
            c["identifier"]
            for c in self.controls()
            if c.get("_c") == "Semantics" and c.get("identifier")
        }

    def node(self, ident: str) -> dict | None:
        return next(
            (
                c
                for c in self.controls()
                if c.get("_c") == "Semantics" and c.get("identifier") == ident
            ),
            None,
        )

    def has(self, ident: str) -> bool:
        return self.node(ident) is not None

    def text(self, ident: str) -> str:
        node = self.node(ident)
        return "" if node is None else texts_of(node)

    # -- acting ------------------------------------------------------------------------

    async def _send(self, action: int, body: object) -> None:
        await self.send_frame(encode(action, body))

    async def send_frame(self, payload: bytes) -> None:
        """Any bytes, as one binary frame (for fuzzing the server)."""
        if self.closed:
            raise WireError("the socket is closed")
        try:
            await self._socket.send(payload)
        except websockets.ConnectionClosed as err:
            self.closed = True
            raise WireError("the socket is closed") from err

    async def send_event(self, control_id: int, name: str, data: object = None) -> None:
        await self._send(EVENT, {"target": control_id, "name": name, "data": data})

    async def update_props(self, control_id: int, props: dict[str, Any]) -> None:
        await self._send(UPDATE, {"id": control_id, "props": props})

    async def _find(
        self, ident: str, pick: Callable[[dict], dict | None], timeout: float, what: str
    ) -> dict:
        """Wait until ``pick`` finds a control under the node ``ident`` (as Playwright waits
        for an element), and return it."""
        found: list[dict] = []

        def ready(client: WireClient) -> bool:
            node = client.node(ident)
            found[:] = [c for c in [pick(node) if node is not None else None] if c is not None]
            return bool(found)

        await self.wait_until(ready, timeout, what=f"{what} at {ident!r}")
        return found[0]

    async def tap(self, ident: str, timeout: float = 20.0) -> None:
        """Click the first control with ``on_click`` at or under ``ident`` once enabled."""
        button = await self._find(ident, _clickable, timeout, "an enabled button")
        self.last_tapped = button["_i"]
        await self.send_event(button["_i"], "click")

    async def type_into(
        self, ident: str, value: str, timeout: float = 20.0, settle: float = 1.0
    ) -> None:
        """Give the TextField at or under ``ident`` a new value, as typing does. Flet runs
        each event as its own task: a tap sent at once could run first, with the handler of
        the render before the change (a human is slower), so this waits ``settle`` seconds
        or until the next patch."""
        field = await self._find(
            ident,
            lambda node: next(
                (c for c in walk(node) if c.get("_c") in ("TextField", "CupertinoTextField")), None
            ),
            timeout,
            "a text field",
        )
        before = self.patches
        field["value"] = value  # the Dart client changes its copy too
        await self.update_props(field["_i"], {"value": value})
        await self.send_event(field["_i"], "change", value)
        with contextlib.suppress(WireError):
            await self.wait_until(lambda c: c.patches > before, settle, what="a re-render")

    async def navigate(self, route: str) -> None:
        page_id = self.page.get("_i", 1)
        self.page["route"] = route
        self.route = route
        await self.update_props(page_id, {"route": route})
        await self.send_event(page_id, "route_change", {"route": route})

    def first_text(self, ident: str) -> str:
        """The first text under ``ident``: a player key's name without the line below it."""
        node = self.node(ident)
        if node is None:
            return ""
        return next(
            (
                c["value"]
                for c in walk(node)
                if c.get("_c") == "Text" and isinstance(c.get("value"), str) and c["value"]
            ),
            "",
        )

    async def show_entry(self, timeout: float = 20.0) -> None:
        """The evening's finishing-order keys on screen: tap the Donne tab when the plan or
        the scores are showing (the keys are on that tab only)."""
        if not self.has("out-0"):
            await self.tap("evening-tab-entry", timeout)
            await self.wait_until(lambda c: c.has("out-0"), timeout, what="the order keys")

    async def wait_until(
        self,
        predicate: Callable[[WireClient], bool],
        timeout: float = 20.0,
        *,
        what: str = "the condition",
    ) -> None:
        """Return once ``predicate(self)`` holds; it is tested now and after every message."""
        if predicate(self):
            return
        if self.closed or self.crash:
            raise WireError(f"the socket is closed (waiting for {what})")
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        waiter = (predicate, future, what)
        self._waiters.append(waiter)
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise WireError(f"timed out after {timeout} s waiting for {what}") from None
        finally:
            self._waiters.remove(waiter)

    async def wait_for(self, ident: str, text: str | None = None, timeout: float = 20.0) -> None:
        """Wait until ``ident`` is shown (and its text contains ``text``)."""
        what = f"{ident!r}" + (f" showing {text!r}" if text is not None else "")
        await self.wait_until(
            lambda c: c.has(ident) and (text is None or text in c.text(ident)), timeout, what=what
        )


def _unwrap(value: Any) -> Any:
    """A component (``_c`` "C") stands for what it renders, its ``_b``."""
    while isinstance(value, dict) and value.get("_c") == "C":
        value = value.get("_b")
    return value


def texts_of(node: dict) -> str:
    parts = []
    for c in walk(node):
        kind = c.get("_c")
        if kind in ("Text", "TextField", "Markdown") and isinstance(c.get("value"), str):
            parts.append(c["value"])
        elif kind == "TextSpan" and isinstance(c.get("text"), str):
            parts.append(c["text"])
    return " ".join(p for p in parts if p)


def _clickable(node: dict) -> dict | None:
    """The first control with a click handler at or under ``node``; None when there is none
    or it is disabled (a disabled button ignores taps)."""
    first = next(((c, off) for c, off in _walk(node) if c.get("on_click") is True), None)
    return first[0] if first is not None and not first[1] else None
