"""The protocol client (``tests.support.wire``) against a real ``companion serve``: what a phone
sees and what its taps store, with no browser."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from tests.support.browser import Server, running_server
from tests.support.wire import WireClient, apply_patch

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(data_dir=tmp_path_factory.mktemp("data")) as srv:
        yield srv


def _evening(srv: Server) -> str:
    return TableService(srv.data_dir).create_evening(PLAYERS, "classique", title="Wire").id


def _screen(client: WireClient) -> dict[str, str]:
    return {ident: client.text(ident) for ident in client.identifiers()}


def test_patches_apply_in_order_against_the_tree_as_it_stands() -> None:
    """Each operation resolves its path after the ones before it: a Move then a Replace at
    the moved position change the moved item; Add inserts into lists, sets keys in maps."""
    tree = {
        "_c": "Column",
        "_i": 1,
        "controls": [{"_c": "Text", "_i": 2, "value": "a"}, {"_c": "Text", "_i": 3, "value": "b"}],
    }
    patch = [
        [0, {"controls": [1, {0: [2]}]}],
        [3, 1, 1, 1, 0],  # b moves to the front
        [0, 2, "value", "B"],  # controls[0] is b now
        [1, 1, 2, {"_c": "Text", "_i": 4, "value": "c"}],
        [1, 0, "spacing", 4],
        [2, 1, 1],
    ]  # a goes
    apply_patch(tree, patch)
    assert [c["value"] for c in tree["controls"]] == ["B", "c"]
    assert tree["spacing"] == 4


def test_home_screen_shows_its_buttons(server: Server) -> None:
    """An editor's home screen carries the identifiers of ``routes.home_entries(True)``,
    with their French labels."""

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/?key={server.key}")
        try:
            await phone.wait_for("screen-home")
            assert {
                "home-new",
                "home-history",
                "home-dispute",
                "home-invite",
                "home-settings",
            } <= phone.identifiers()
            assert phone.text("home-new") == "Nouvelle soirée"
            # No evening under way in this folder yet: nothing to resume.
            assert "home-continue" not in phone.identifiers()
            assert phone.patches >= 1
        finally:
            await phone.close()

    asyncio.run(run())


def test_a_hand_tapped_in_is_stored(server: Server) -> None:
    """Navigating to an evening, tapping the four players out and recording stores the hand
    with that finishing order, and the screen shows its result."""
    evening_id = _evening(server)

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/?key={server.key}")
        try:
            await phone.wait_for("screen-home")
            await phone.navigate(f"/evening/{evening_id}?key={server.key}")
            await phone.wait_for("evening-hand", "Donne 1")
            await phone.tap("evening-tab-entry")
            for n, i in enumerate([2, 0, 3]):  # the last one out is placed by itself
                await phone.tap(f"out-{i}")
                await phone.wait_for(f"out-{i}", f"{n + 1}.")
            await phone.wait_for("out-1", "4.")
            await phone.tap("evening-record")
            await phone.wait_for("evening-result", "Résultat de la donne 1")
        finally:
            await phone.close()

    asyncio.run(run())
    evening = TableService(server.data_dir).evening(evening_id)
    assert len(evening.hands) == 1
    assert [evening.name(p) for p in evening.hands[0].order] == ["Sam", "Léa", "Zoé", "Tom"]


def test_the_patched_tree_matches_a_fresh_one(server: Server) -> None:
    """After a run of patches (taps, a record, an undo) the phone's tree shows what a phone
    opening the same address now is sent whole: patches were applied as Flet's client does."""
    evening_id = _evening(server)
    route = f"/evening/{evening_id}?key={server.key}"

    async def run() -> None:
        phone = await WireClient.connect(server.base, route)
        try:
            for hand in (1, 2):
                await phone.wait_for("evening-hand", f"Donne {hand}")
                await phone.tap("evening-tab-entry")
                for i in range(3):
                    await phone.tap(f"out-{i}")
                    await phone.wait_for(f"out-{i}", f"{i + 1}.")
                await phone.wait_for("out-3", "4.")
                await phone.tap("evening-record")
                await phone.wait_for("evening-result", f"donne {hand}")
                await phone.tap("evening-next")
                # The plan, with its own undo at the bottom: the scores' undo is gone.
                await phone.wait_for("table-drawing")
            await phone.tap("evening-undo")
            await phone.wait_for("evening-hand", "Donne 2")
            await phone.tap("evening-tab-entry")
            await phone.tap("out-1")
            await phone.wait_for("order", "Tom")
            await phone.navigate(f"/?key={server.key}")  # away and back: a fresh screen
            await phone.wait_for("screen-home")
            await phone.navigate(route)
            await phone.wait_for("evening-tab-entry")
            await phone.tap("evening-tab-entry")
            await phone.wait_until(lambda p: p.has("out-1") and "Tom" not in p.text("order"))
            fresh = await WireClient.connect(server.base, route)
            try:
                await fresh.wait_for("evening-hand", "Donne 2")
                await fresh.tap("evening-tab-entry")
                await fresh.wait_for("out-1")
                assert _screen(phone) == _screen(fresh)
                assert len(_screen(fresh)) > 10  # the Donne tab: keys, record, undo…
            finally:
                await fresh.close()
        finally:
            await phone.close()

    asyncio.run(run())


def test_typing_into_a_field_changes_its_value(server: Server) -> None:
    """``type_into`` sends what typing sends: the new evening screen adds the typed name."""
    _evening(server)  # saved players, so that the screen's last render is known: their keys

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/new-evening?key={server.key}")
        try:
            # A field re-created by a later render drops what was sent to the old one, as
            # a browser would if one typed within milliseconds of the page opening.
            await phone.wait_for("profile-0")
            await phone.type_into("new-name", "Wanda")  # a name no evening here has
            await phone.tap("new-add")
            await phone.wait_for("player-0", "1. Wanda")
        finally:
            await phone.close()

    asyncio.run(run())


def test_a_dialog_shows_only_while_open(server: Server) -> None:
    """The evening's dispute button navigates from the server (``page.navigate``, a method
    call the phone answers by changing its route); the ruling there is an AlertDialog, on
    screen once it opens and gone once it is closed (Flutter shows it only while ``open``)."""
    evening_id = _evening(server)

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/evening/{evening_id}?key={server.key}")
        try:
            await phone.tap("evening-dispute")
            await phone.wait_for("actor-0", "Tom (son tour)")
            assert not phone.has("ruling-verdict")
            await phone.tap("rank-K")
            await phone.wait_for("tray", "R")  # the king, as French cards print it
            await phone.tap("judge")
            await phone.wait_for("ruling-verdict", "Coup")
            await phone.tap("ruling-close")
            await phone.wait_until(lambda p: not p.has("ruling-verdict"))
        finally:
            await phone.close()

    asyncio.run(run())


def test_a_phone_without_the_key_only_reads(server: Server) -> None:
    """Without the key the evening reads as a scoreboard: the read-only banner, the seats,
    and no control that records or undoes."""
    evening_id = _evening(server)

    async def run() -> None:
        phone = await WireClient.connect(server.base, f"/evening/{evening_id}")
        try:
            await phone.wait_for("evening-hand", "Donne 1")
            shown = phone.identifiers()  # the scores first, the plan one tap away
            assert {"read-only-banner", "standing-0", "evening-tab-plan"} <= shown
            assert not shown & {"evening-record", "evening-undo", "out-0", "evening-tab-entry"}
            await phone.tap("evening-tab-plan")
            await phone.wait_for("seat-0")
            assert "check-0" in phone.identifiers() or "no-exchange" in phone.identifiers()
            assert not phone.identifiers() & {"evening-record", "evening-undo", "out-0"}
        finally:
            await phone.close()

    asyncio.run(run())


def test_a_closed_server_is_seen(tmp_path: Path) -> None:
    """When the server goes away the client says so (``closed``) and a tap raises instead of
    hanging."""

    async def run(srv: Server) -> WireClient:
        phone = await WireClient.connect(srv.base, f"/?key={srv.key}")
        await phone.wait_for("screen-home")
        return phone

    with running_server(data_dir=tmp_path / "data") as srv:
        loop = asyncio.new_event_loop()
        phone = loop.run_until_complete(run(srv))
    try:
        loop.run_until_complete(phone.wait_until(lambda p: p.closed, timeout=20))
        assert phone.closed
        with pytest.raises(RuntimeError):
            loop.run_until_complete(phone.tap("home-new", timeout=2))
    finally:
        loop.run_until_complete(phone.close())
        loop.close()
