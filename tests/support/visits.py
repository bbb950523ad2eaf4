"""Phones that come and go, as ``companion serve`` sees them: shared by the memory test
(``tests/stress/test_serve_visits_memory.py``) and the benchmark that prints the same
figures (``benchmarks/bench_server_visits.py``)."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

from tests.support.browser import Server
from tests.support.wire import WireClient


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux's ``VmRSS``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


async def visit(server: Server, at_once: bool) -> None:
    """One phone, without the key, as its browser makes the visit: the page (``GET /``),
    then Flet's websocket with its register message, until the home screen has arrived
    (``at_once``: as soon as the session is registered, while the server still sends the
    screen), then the socket dropped."""
    await asyncio.to_thread(lambda: urllib.request.urlopen(server.base + "/", timeout=30).read())
    phone = await WireClient.connect(server.base, "/")
    try:
        if not at_once:
            await phone.wait_until(lambda c: bool(c.identifiers()), 30, what="the home screen")
    finally:
        await phone.close()
