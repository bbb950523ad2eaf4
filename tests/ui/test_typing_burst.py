"""Text typed quickly and a button tapped at once (what a busy server sees from a fast thumb):
the handlers must use every letter. Flet runs each event as its own task and renders later,
so a handler reading the text captured at render time used to add "" or "Lé" for "Léa"."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from companion.table.service import TableService
from tests.support.browser import Server, running_server
from tests.support.wire import WireClient, walk

NAMES = ["Léa", "Tom", "Zoé"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(data_dir=tmp_path_factory.mktemp("data")) as srv:
        yield srv


async def _burst(phone: WireClient, ident: str, text: str) -> None:
    """One change event per letter, none waiting for the screen to follow."""
    for end in range(1, len(text) + 1):
        await phone.type_into(ident, text[:end], settle=0)


def test_names_typed_then_added_at_once_keep_every_letter(server: Server) -> None:
    """New evening: each name typed letter by letter and "Add" tapped right after the last
    letter is added whole, in order."""

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/new-evening?key={server.key}")
        try:
            for i, name in enumerate(NAMES):
                await _burst(phone, "new-name", name)
                await phone.tap("new-add")
                await phone.wait_for(f"player-{i}", f"{i + 1}. {name}")
            assert [phone.text(f"player-{i}") for i in range(3)] == [
                f"{i + 1}. {name}" for i, name in enumerate(NAMES)
            ]
        finally:
            await phone.close()

    asyncio.run(run())


def test_a_player_typed_then_joined_at_once_keeps_every_letter(server: Server) -> None:
    """Hands and players: a name typed letter by letter and "Add" tapped right after joins
    the evening with every letter."""
    ev = TableService(server.data_dir).create_evening(["Ann", "Bob", "Cat"], "trou-du-cul")

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/evening/{ev.id}/hands?key={server.key}")
        try:
            await phone.tap("tab-players")
            await phone.wait_for("hands-name")
            await _burst(phone, "hands-name", "Dominique")
            await phone.tap("hands-join")
            await phone.wait_for("player-3", "Dominique")
        finally:
            await phone.close()

    asyncio.run(run())
    names = TableService(server.data_dir).evening(ev.id).names()
    assert "Dominique" in names.values()


def _field_value(phone: WireClient, ident: str) -> str | None:
    node = phone.node(ident)
    field = (
        next((c for c in walk(node) if c.get("_c") == "TextField"), None)
        if node is not None
        else None
    )
    return None if field is None else str(field.get("value") or "")


def test_letters_being_typed_are_never_written_back_older(server: Server) -> None:
    """Rule: while a name is typed, the server never writes an older text back into the
    field: the phone would lose the letters typed since (« Tom » became « Tm » in the phone
    build on a busy machine). Only a deliberate change, the field cleared after « Ajouter »,
    is sent."""

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/new-evening?key={server.key}")
        typed = {"now": ""}
        written: list[tuple[str, str]] = []  # (the field's text after a patch, typed by then)
        handle = phone._handle

        async def watching(action: int, body: Any) -> None:
            await handle(action, body)
            shown = _field_value(phone, "new-name")
            if typed["now"] and shown is not None:
                written.append((shown, typed["now"]))

        phone._handle = watching  # type: ignore[method-assign]
        try:
            await phone.wait_for("new-name")
            name = "Marie-Dominique"
            for end in range(1, len(name) + 1):
                typed["now"] = name[:end]
                await phone.type_into("new-name", name[:end], settle=0)
            await asyncio.sleep(1.5)  # every render of the burst has come back
            older = [(shown, now) for shown, now in written if shown != now]
            assert older == [], f"the server wrote older text into the field: {older[:5]}"
            await phone.tap("new-add")
            await phone.wait_for("player-0", f"1. {name}")
            await phone.wait_until(lambda c: _field_value(c, "new-name") == "", 10, what="clear")
        finally:
            await phone.close()

    asyncio.run(run())
