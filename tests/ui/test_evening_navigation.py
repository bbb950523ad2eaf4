"""The evening screen follows its address: the same screen, moved from one evening's address
to another, shows the new one and nothing left over from the old (through the protocol
client, no browser)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from companion.table.service import TableService
from tests.support.browser import running_server
from tests.support.wire import WireClient


def test_an_error_does_not_follow_the_phone_to_the_next_evening(tmp_path: Path) -> None:
    """An unknown evening's address says so; going on to tonight's evening (/evening) shows
    that evening, without the old error."""
    folder = tmp_path / "data"
    TableService(folder).create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique")
    with running_server(data_dir=folder) as server:

        async def run() -> None:
            phone = await WireClient.connect(
                server.base, f"/evening/no-such-evening?key={server.key}"
            )
            try:
                await phone.wait_for("evening-error")
                await phone.navigate(f"/evening?key={server.key}")
                await phone.wait_for("evening-hand", "Donne 1")
                assert not phone.has("evening-error")
            finally:
                await phone.close()

        asyncio.run(run())
