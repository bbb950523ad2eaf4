"""The phone build for the browser tests: the site ``companion publish`` writes, served by a
plain static file server (``python -m http.server``) on loopback, which a test can stop
and start again on the same port (the phone going offline and back)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.browser import free_port


class StaticServer:
    """``python -m http.server`` over ``folder`` on 127.0.0.1 (a secure context: the
    service worker registers there)."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return self.base + "/"

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url, timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise TimeoutError(f"the static server did not answer on {self.url}")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            self._proc.wait(10)
            self._proc = None
        # Nothing answers on the port any more: the browser is offline as far as the site goes.
        with socket.socket() as sock:
            assert sock.connect_ex(("127.0.0.1", self.port)) != 0


@contextmanager
def serving(folder: Path) -> Iterator[StaticServer]:
    server = StaticServer(folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def build_site(folder: Path) -> Path:
    """``companion publish folder`` as a user runs it (the wheels come from PyPI, cached)."""
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "publish", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder
