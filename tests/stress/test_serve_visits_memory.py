"""Memory of ``companion serve`` while phones come and go (issue 21 §12): 2,000 short keyless
visits, each as a phone's browser makes it (the page, Flet's websocket with its register
message, the home screen, gone), leave the server within 30 MB of its memory before the
first. Flet kept every departed phone's session an hour: 2,000 visits grew it by 300 MB.

``python -m pytest -m slow tests/stress/test_serve_visits_memory.py`` (about a minute);
``benchmarks/bench_server_visits.py`` prints the same figures as it goes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.support.browser import Server, running_server
from tests.support.visits import rss_mb, visit

VISITS = 2000
LIMIT_MB = 30.0


async def _visits(server: Server) -> None:
    for n in range(VISITS):
        await visit(server, at_once=n % 2 == 1)


@pytest.mark.slow
def test_two_thousand_short_visits_leave_the_memory_within_30_mb(tmp_path: Path) -> None:
    """Rule: after 2,000 short keyless visits the server's resident memory is within
    30 MB of what it was before the first."""
    with running_server(data_dir=tmp_path / "data") as server:
        start = rss_mb(server.pid)
        asyncio.run(_visits(server))
        end = rss_mb(server.pid)
    print(f"server memory: {start:.1f} MB before, {end:.1f} MB after {VISITS} visits")
    assert end - start <= LIMIT_MB, f"{start:.1f} → {end:.1f} MB"
