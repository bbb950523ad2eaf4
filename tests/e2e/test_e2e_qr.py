"""The QR codes a phone scans hold the table's address with its key: the one ``companion
serve`` prints in the terminal and the one on the "invite a phone" screen, decoded as a
phone's camera app would (zxing-cpp, the decoder behind many Android scanners), from the
terminal's characters and from a screenshot of the screen in Chromium."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
import zxingcpp
from PIL import Image

from companion.ui.access import lan_ipv4
from tests.support.browser import Server, by_id, expect_text, open_app, running_server, tap

pytestmark = pytest.mark.e2e

# Half blocks: what each character says of the module above and the module below it.
_HALVES = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
SCALE = 6


def _terminal_image(text: str) -> object:
    """The terminal's QR code as a picture: each character is two modules stacked."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        top = [_HALVES[ch][0] for ch in line]
        bottom = [_HALVES[ch][1] for ch in line]
        rows += [top, bottom]
    width = max(len(r) for r in rows)
    # A set module is drawn light on a dark terminal: light = 255.
    pixels = bytes(
        255 if x < len(r) and r[x] else 0
        for r in rows
        for _ in range(SCALE)
        for x in range(width)
        for _ in range(SCALE)
    )
    return Image.frombytes("L", (width * SCALE, len(rows) * SCALE), pixels)


def _qr_block(output: str) -> str:
    """The lines of the QR code in what the server printed."""
    lines = [
        line for line in output.splitlines() if line and set(line) <= set(_HALVES) and "█" in line
    ]
    assert len(lines) > 10, output[:2000]
    return "\n".join(lines)


def _decode_on_screen(page, ident: str, expected: str, timeout_ms: int = 15_000) -> str | None:
    """What a camera reads off the control tagged ``ident``, once it reads ``expected`` or
    the time is up (the picture arrives after the screen, and changes with the mode)."""
    text = None
    for _ in range(timeout_ms // 250):
        found = zxingcpp.read_barcode(Image.open(io.BytesIO(by_id(page, ident).screenshot())))
        text = found.text if found is not None else None
        if text == expected:
            break
        page.wait_for_timeout(250)
    return text


def test_the_terminal_qr_code_opens_the_printed_address(server: Server) -> None:
    """``companion serve`` prints the address with the key and a QR code of exactly it."""
    found = zxingcpp.read_barcode(_terminal_image(_qr_block(server.output.read_text("utf-8"))))
    assert found is not None and found.valid
    assert found.text == server.url and f"key={server.key}" in found.text


@pytest.fixture(scope="module")
def lan_server() -> Iterator[Server]:
    """``companion serve --host 0.0.0.0``, as the README says to invite phones: it prints
    this machine's network address first."""
    with running_server("--host", "0.0.0.0") as srv:
        yield srv


def test_a_server_only_this_computer_reaches_shows_no_code(server: Server, context) -> None:
    """Rule (issue 21, bug 7): on a server listening on 127.0.0.1 (``companion`` alone, or
    ``--host 127.0.0.1``), the invite screen says what to run for phones and shows no QR
    code, which would open nothing on a phone."""
    page = open_app(context, server.url)
    tap(page, "home-invite")
    expect_text(page, "invite-local-only", "companion serve --host 0.0.0.0")
    by_id(page, "invite-url").wait_for(state="attached")
    assert by_id(page, "invite-qr").count() == 0
    # Nothing asks to scan a code that is not there, nor offers a choice of code.
    expect_text(page, "invite-explain", "ne s'ouvre que sur cet ordinateur")
    assert "Scannez" not in page.locator("flt-semantics-host").inner_text()
    assert by_id(page, "invite-mode-watch").count() == 0


def test_the_invite_screen_qr_code_opens_the_address_with_the_key(
    lan_server: Server, context
) -> None:
    """The invite screen, as an editor sees it, shows a QR code that a camera decodes to the
    address with the key; "watch only" gives the address without it. (A machine with no
    network but loopback has nothing a phone could open: it shows no code, as above.)"""
    server = lan_server
    page = open_app(context, server.url)
    if not lan_ipv4():
        tap(page, "home-invite")
        by_id(page, "invite-local-only").wait_for(state="attached")
        assert by_id(page, "invite-qr").count() == 0
        return
    tap(page, "home-invite")
    by_id(page, "invite-qr").wait_for(state="visible")
    assert _decode_on_screen(page, "invite-qr", server.url) == server.url
    assert server.key and f"key={server.key}" in server.url

    tap(page, "invite-mode-watch")
    bare = server.url.split("?")[0]  # the printed address, without the key
    assert _decode_on_screen(page, "invite-qr", bare) == bare
