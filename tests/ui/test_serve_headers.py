"""The security headers of ``companion serve`` (issue 21 §12), on a real server: the page,
its files, and what it does not have."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message

import pytest

from companion.ui.web_app import CONTENT_SECURITY_POLICY
from tests.support.browser import Server, running_server

EXPECTED = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(data_dir=tmp_path_factory.mktemp("data")) as srv:
        yield srv


def _get(url: str) -> tuple[int, Message]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as err:
        return err.code, err.headers


def _security(headers: Message) -> dict[str, str | None]:
    return {name: headers.get(name) for name in EXPECTED}


def test_the_page_with_the_key_carries_the_security_headers(server: Server) -> None:
    """Rule: the page opened with the table's key in its address is sent with the four
    headers (policy, nosniff, no framing, no referrer)."""
    status, headers = _get(server.url)
    assert "key=" in server.url
    assert status == 200
    assert _security(headers) == EXPECTED


def test_a_route_of_the_app_carries_the_security_headers(server: Server) -> None:
    """Rule: a route opened directly (Flet answers it with the page) carries them too."""
    status, headers = _get(server.base + "/history")
    assert status == 200
    assert _security(headers) == EXPECTED


@pytest.mark.parametrize(
    "path", ["/favicon.png", "/flutter_bootstrap.js", "/canvaskit/skwasm.wasm"]
)
def test_static_files_carry_the_security_headers(server: Server, path: str) -> None:
    """Rule: the web client's own files (images, scripts, WebAssembly) carry the headers."""
    status, headers = _get(server.base + path)
    assert status == 200
    assert _security(headers) == EXPECTED


def test_a_missing_file_is_404_with_the_security_headers(server: Server) -> None:
    """Rule: a file the server does not have is a 404, and the 404 carries the headers."""
    status, headers = _get(server.base + "/no-such-file.js")
    assert status == 404
    assert _security(headers) == EXPECTED
