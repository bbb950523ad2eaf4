"""Driving the app in a real browser, for the end-to-end tests and the screenshot script.

The server runs as ``companion serve`` in a subprocess; the browser is Debian's Chromium
driven by Playwright (its own browser download cannot work offline). Playwright is a test
dependency: it is imported only by the functions that need it.
"""

from __future__ import annotations

import itertools
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# How long a test waits for a screen, a control or a text, as a person waits for a slow phone:
# the suite runs beside other work (CI, two CPU-bound loops in issue 21's proof), where a new
# screen's first render was seen to take more than 20 s. pytest-timeout bounds each test.
PHONE_WAIT = 45_000  # ms

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 412, "height": 915}
_URL = re.compile(r"(http://\S+)")


@dataclass(frozen=True)
class Server:
    base: str  # http://127.0.0.1:PORT
    url: str  # the address ``serve`` printed, with the key unless --open
    data_dir: Path
    output: Path  # the server's stdout and stderr
    pid: int = 0  # the server process (benchmarks read its memory)

    @property
    def key(self) -> str | None:
        match = re.search(r"key=([A-Za-z0-9_\-]+)", self.url)
        return match.group(1) if match else None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve_command() -> list[str]:
    """``companion serve`` as a person types it: the installed command (the project is
    installed, ``pip install -e .``), run by this interpreter unbuffered; else the app's
    commands on their own (``python -m companion.cli serve``)."""
    script = Path(sys.executable).with_name("companion")
    if script.is_file():
        return [sys.executable, "-u", str(script), "serve"]
    return [sys.executable, "-u", "-m", "companion.cli", "serve"]


@contextmanager
def running_server(
    *extra: str,
    data_dir: Path | None = None,
    timeout: float = 60.0,
    env: dict[str, str] | None = None,
    port: int | None = None,
) -> Iterator[Server]:
    """Start ``companion serve`` on a free localhost port (or ``port``: a restart) with its
    own data folder, wait until it answers, stop it afterwards."""
    with tempfile.TemporaryDirectory(prefix="companion-e2e-") as tmp:
        folder = data_dir or Path(tmp) / "data"
        output = Path(tmp) / "server.log"
        port = port or free_port()
        cmd = [
            *serve_command(),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            str(folder),
            *extra,
        ]
        with output.open("w", encoding="utf-8") as log:
            proc = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUTF8": "1", **(env or {})},
            )
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_until_up(base, proc, output, timeout)
            printed = _URL.search(output.read_text("utf-8"))
            url = printed.group(1) if printed else base + "/"
            yield Server(base, url, folder, output, proc.pid)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            _report_server_errors(output)


def _report_server_errors(output: Path) -> None:
    """The server's tracebacks, on stderr: pytest shows them under a failed test (a screen
    that never updated may come from an error in a task of the server, which the page cannot
    see)."""
    try:
        text = output.read_text("utf-8", errors="replace")
    except OSError:
        return
    if "Traceback" in text:
        start = text.index("Traceback")
        sys.stderr.write(
            f"--- companion serve's log from its first traceback ---\n{text[start:][-6000:]}\n"
        )


def _wait_until_up(base: str, proc: subprocess.Popen, output: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(
                f"companion serve exited {proc.returncode}:\n" + output.read_text("utf-8")
            )
        try:
            with urllib.request.urlopen(base + "/", timeout=2) as response:
                if response.status == 200 and _URL.search(output.read_text("utf-8")):
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"companion serve did not answer on {base} within {timeout:.0f} s")


# The tables of the tests play in French, their phones' browsers too: the app speaks the
# browser's language until the table picks one (a test of another language says its own).
PHONE_LOCALE = "fr-FR"


class Phones:
    """Chromium whose new profiles are phones set to ``PHONE_LOCALE`` unless told otherwise."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("locale", PHONE_LOCALE)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def launch(playwright: Any) -> Any:
    return Phones(playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS))


def open_app(context: Any, url: str, timeout: float = 60_000) -> Any:
    """Open the app and turn on Flutter's semantics tree, so that roles, labels and
    ``ft.Semantics(identifier=…)`` become DOM attributes Playwright can find."""
    page = context.new_page()
    goto(page, url, timeout)
    return page


def open_phone(browser: Any, url: str, timeout: float = PHONE_WAIT) -> tuple[Any, Any]:
    """A phone of its own (a browser context at phone size, ``timeout`` ms for each wait)
    with the app opened at ``url``: ``(context, page)``; close the context after."""
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(timeout)
    return ctx, open_app(ctx, url)


def open_tonight(browser: Any, url: str) -> tuple[Any, Any]:
    """``open_phone``, then "Reprendre la soirée": a phone on tonight's evening."""
    ctx, page = open_phone(browser, url)
    tap(page, "home-continue")
    return ctx, page


def goto(page: Any, url: str, timeout: float = 60_000) -> None:
    """Load ``url`` (a fresh start of the app) and turn semantics on again."""
    track_answers(page)
    page.goto(url)
    enable_semantics(page, timeout)


# Messages each page has received from and sent to the server on Flet's websocket (every
# socket the page opened: a reload opens another), counted so that a tap can wait for the
# answer, and tell a tap Flutter dropped (it sent nothing) from one still being answered.
_received: dict[Any, list[int]] = {}

# The phone build has no server: Flutter talks to the app's Python in a web worker
# (flet-web's python.js: ``postMessage`` both ways). The same three counts, kept in the page
# (``window.__workerCounts``: received, workers started, sent) by wrapping ``Worker`` before
# the page's own scripts run.
_WORKER_COUNTS_JS = """(() => {
  const Native = window.Worker;
  if (!Native || window.__workerCounts) return;
  const counts = window.__workerCounts = [0, 0, 0];
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      if (!String(url).includes("python-worker")) return;
      counts[1] += 1;
      this.addEventListener("message", () => { counts[0] += 1; });
      const send = this.postMessage.bind(this);
      this.postMessage = (...args) => { counts[2] += 1; return send(...args); };
    }
  };
})();"""
ANSWER_WAIT = 8_000  # ms a tap waits for the server's answer before the next action
SENT_WAIT = 5_000  # ms after which a button tap that sent nothing counts as dropped


def track_answers(page: Any) -> None:
    """Count the server's messages to ``page`` (once per page, before it loads the app)."""
    if page in _received:
        return
    count = _received[page] = [0, 0, 0]  # messages received, sockets opened, messages sent
    page.add_init_script(_WORKER_COUNTS_JS)

    def opened(socket: Any) -> None:
        count[1] += 1
        socket.on("framereceived", lambda _frame: count.__setitem__(0, count[0] + 1))
        socket.on("framesent", lambda _frame: count.__setitem__(2, count[2] + 1))

    page.on("websocket", opened)
    page.on("close", lambda _page: _received.pop(page, None))


def _counts(page: Any) -> list[int] | None:
    """``page``'s counts of messages (received, channels opened, sent): on its websockets to
    the server, else with the phone build's Python worker; None when it has neither yet."""
    count = _received.get(page)
    if count is None:
        return None
    if count[1]:
        return count
    try:
        worker = ask(page, "() => window.__workerCounts || null")
    except Exception:  # the page is navigating or not answering: nothing to read this moment
        return None
    return list(worker) if worker and worker[1] else None


def _moved(page: Any, slot: int, since: int | None, limit: float) -> bool | None:
    """Wait up to ``limit`` ms until count ``slot`` of ``page``'s messages (0: received,
    2: sent) has moved from ``since``; whether it did, or None with nothing to watch."""
    count = _counts(page)
    if count is None or since is None:
        return None
    deadline = time.monotonic() + limit / 1000
    while count[slot] == since and time.monotonic() < deadline:
        page.wait_for_timeout(25)
        count = _counts(page)
        if count is None:  # the page went away meanwhile: it cannot say
            return None
    return count[slot] != since


def _await_answer(page: Any, before: int | None, limit: float = ANSWER_WAIT) -> None:
    """Wait until the server has answered since ``before`` (its count of messages when the
    tap was made): on a busy machine the answer to a tap (a re-render that moves the
    layout) may come after the next tap was aimed, and a tap the layout moves under is
    lost, as a person's would be. A tap the app does not answer costs ``limit``."""
    _moved(page, 0, before, limit)


def _dropped(page: Any, sent: int | None) -> bool:
    """Whether a tap made when the page had sent ``sent`` messages reached no handler: Flutter
    drops a tap on a semantics node it is rebuilding (a busy machine), and then the page sends
    nothing. A tap it took is sent within moments, so tapping again cannot count twice."""
    return _moved(page, 2, sent, SENT_WAIT) is False


_CLICK_PLACEHOLDER_JS = """() => {
    document.querySelector('flt-semantics-placeholder')?.click();
    return true;
}"""


def ask(page: Any, function: str, arg: Any = None, timeout: float = PHONE_WAIT) -> Any:
    """``function`` (JavaScript, not async) called with ``arg`` in ``page``: its value, as
    ``page.evaluate`` gives it, or Playwright's TimeoutError after ``timeout`` ms. A bare
    ``evaluate`` has no timeout: a page that stopped answering was seen holding a test until
    pytest's 300 s limit. ``wait_for_function``'s timeout holds even then."""
    wrapped = f"arg => ({{value: ({function})(arg)}})"  # always truthy: the first poll answers
    handle = page.wait_for_function(wrapped, arg=arg, timeout=timeout)
    try:
        return handle.json_value()["value"]
    finally:
        handle.dispose()


def enable_semantics(page: Any, timeout: float = 60_000) -> None:
    page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout)
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline:
        try:
            # The placeholder is hidden and off screen: a DOM click is what turns semantics on.
            ask(page, _CLICK_PLACEHOLDER_JS, timeout=PHONE_WAIT)
            page.wait_for_selector("[flt-semantics-identifier]", state="attached", timeout=2_000)
            return
        except Exception:  # Playwright's TimeoutError: Flutter was not ready, try again
            continue
    raise TimeoutError("Flutter's semantics tree did not appear")


def by_id(page: Any, ident: str) -> Any:
    """The control tagged ``ident``."""
    return page.locator(f'[flt-semantics-identifier="{ident}"]')


# True once the page has not changed for ``quiet`` ms since this wait began (or ``limit`` ms
# have passed). Polled by ``wait_for_function``, whose timeout Playwright's driver enforces
# even when the page is stuck: an ``evaluate`` awaiting a promise has none and can hang a run.
#
# Quiet is counted in time and in frames: on a busy machine Flutter may paint one frame
# every few hundred ms, and 120 ms without a change then says nothing (the next frame, with
# the layout moved, is still to come). Three frames painted since the last change mean the
# semantics nodes, where a click is aimed, sit where the screen draws them.
_SETTLED_JS = """([quiet, limit, token]) => {
  const w = window;
  if (!w.__settle) {
    w.__settle = {token: null, start: 0, last: 0, frame: 0, lastFrame: 0};
    new MutationObserver(() => {
      w.__settle.last = performance.now();
      w.__settle.lastFrame = w.__settle.frame;
    }).observe(document.body, {subtree: true, childList: true, attributes: true});
    const tick = () => { w.__settle.frame += 1; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  }
  const s = w.__settle, now = performance.now();
  if (s.token !== token) { s.token = token; s.start = now; s.last = now; s.lastFrame = s.frame; }
  const still = now - s.last >= quiet && s.frame - s.lastFrame >= 3;
  return still || now - s.start >= limit;
}"""
_settle_calls = itertools.count()


def settle(page: Any, quiet: int = 120, limit: int = 3_000) -> None:
    """Wait for the screen to stop moving: a click is aimed at a position, and the answer
    to the previous tap may still be shifting the layout (a person would wait too)."""
    page.wait_for_function(
        _SETTLED_JS,
        arg=[quiet, limit, next(_settle_calls)],
        polling=20,
        timeout=limit + 20_000,
    )


def poll(page: Any, expression: str, timeout: float = PHONE_WAIT, every: float = 500) -> Any:
    """The first truthy value of ``expression`` (a function, async or not), evaluated every
    ``every`` ms until ``timeout`` ms. Playwright's ``wait_for_function`` does not await a
    promise: an async predicate "succeeds" at once, whatever it resolves to."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still {value!r} after {timeout / 1000:.0f} s: {expression}")
        page.wait_for_timeout(every)


def into_view(page: Any, ident: str, top: float = 120) -> None:
    """Flutter's page scrolls inside its canvas, out of Playwright's reach (and Flutter
    labels only what is on screen): wheel until the control tagged ``ident`` is on screen
    between ``top`` and the bottom, and let the scroll settle."""
    node = by_id(page, ident)
    node.wait_for(state="attached")
    page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    for _ in range(40):
        box = node.bounding_box()
        if box is None:
            break
        middle = box["y"] + box["height"] / 2
        if top <= middle <= PHONE["height"] - 80:
            break
        page.mouse.wheel(0, max(-600, min(600, middle - (top + PHONE["height"]) / 2)))
        page.wait_for_timeout(250)
    page.wait_for_timeout(250)


def reach(page: Any, ident: str) -> None:
    """Bring the control tagged ``ident`` on screen, then tap it."""
    into_view(page, ident)
    tap(page, ident)


# Where a click at the middle of ``el`` lands: on ``el`` (or inside it), or not. Off screen
# there is nothing to ask: Playwright brings it on screen and checks the hit itself.
_HITS_JS = """el => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
}"""


_CLICK_TIMEOUT = 60_000  # ms
_BUTTON = '[role="button"], [flt-tappable]'
# Whether the control holds a button (then the tap is aimed at it), and whether what the tap
# is aimed at is a button.
_TARGET_JS = f"""el => {{
  const inner = el.querySelector({_BUTTON!r});
  return [!!inner, (inner || el).matches({_BUTTON!r})];
}}"""


def _ask_about(page: Any, function: str, found: Any) -> Any:
    """``ask`` with the element ``found`` (a locator) as the argument."""
    element = found.element_handle(timeout=_CLICK_TIMEOUT)
    try:
        return ask(page, function, element)
    finally:
        element.dispose()


def tap(page: Any, ident: str, tries: int = 5) -> None:
    """Tap the control tagged ``ident`` (its button, when the tag wraps one), once the
    screen has settled and the control is where the tap will land: a tap aimed while the
    screen still moves lands on whatever moved under it (a "8" key instead of a player)."""
    node = by_id(page, ident)
    # As long as a click may take: on a busy machine a new screen's controls may come late
    # (seen: a new evening's first player not there after 20 s, three phones open beside two
    # CPU-bound processes); a control that never comes still fails.
    node.wait_for(state="attached", timeout=_CLICK_TIMEOUT)
    dropped = False
    for _ in range(tries):
        settle(page)
        inner, button = _ask_about(page, _TARGET_JS, node)
        target = node.locator(_BUTTON).first if inner else node
        box = target.bounding_box()
        page.wait_for_timeout(50)
        if box is not None and box == target.bounding_box() and _ask_about(page, _HITS_JS, target):
            count = _counts(page)
            before, sent = (count[0], count[2]) if count is not None else (None, None)
            # A busy machine may keep the page from taking the click for a long while (seen:
            # 20 s on the first tap after the page opened, beside two CPU-bound processes);
            # a person would wait for a slow phone too.
            target.click(timeout=_CLICK_TIMEOUT)
            # Only a button's tap must send: a text field's takes the focus in the page.
            dropped = button and _dropped(page, sent)
            if dropped:
                continue
            _await_answer(page, before)
            return
    if dropped:
        raise AssertionError(f"{ident!r} tapped {tries} times: the app took none of the taps")
    raise AssertionError(f"{ident!r} never held still where a tap would land")


def tap_found(page: Any, found: Any) -> None:
    """Tap the control ``found`` (a locator, e.g. a history row picked by its text) as
    ``tap`` does: on a settled screen, again if Flutter dropped the tap."""
    found.wait_for(state="attached")
    tap(page, found.get_attribute("flt-semantics-identifier"))


def expect_text(page: Any, ident: str, text: str, timeout: float = PHONE_WAIT) -> None:
    """Wait until the control tagged ``ident`` shows ``text`` (the app answers each tap
    with a re-render a moment later)."""
    from playwright.sync_api import expect

    expect(by_id(page, ident)).to_contain_text(text, timeout=timeout)


def text_of(page: Any, ident: str) -> str:
    node = by_id(page, ident)
    node.wait_for(state="attached")
    return node.inner_text()


_FOCUSED_INPUT = "() => document.activeElement?.tagName === 'INPUT'"


def wait_for_typing(page: Any) -> None:
    """Wait until a text field has the keyboard focus."""
    page.wait_for_function(_FOCUSED_INPUT)


def type_names_in_a_row(page: Any, field: str, names: list[tuple[str, str, str]]) -> None:
    """Tap the text field tagged ``field`` once, then type each name and press Enter, as a
    person at the table would: no tap between names, so the field must keep the focus.
    ``names``: (name typed, control tagged to show it, text it shows)."""
    tap(page, field)
    for typed, shown_in, text in names:
        settle(page)
        wait_for_typing(page)  # still in the field: no tap needed
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
        expect_text(page, shown_in, text)
