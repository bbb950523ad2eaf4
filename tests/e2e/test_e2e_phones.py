"""Phones at the table in a real browser: the join field keeps the focus for the next name;
what another process does to the data folder (the command line, a second server) reaches
the phones following an evening: a hand it records, an evening it starts; an undo made on
one phone is told on the others; the app opened without the key (as the installed app opens
its start_url) stays editable on a phone that opened it with the key once."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    goto,
    open_app,
    running_server,
    settle,
    tap,
    type_names_in_a_row,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"  # screenshots to look at


@pytest.fixture(scope="module")
def table() -> Iterator[tuple[Server, str]]:
    """An evening of four under trou-du-cul (players may join and leave)."""
    with running_server() as srv:
        ev = TableService(srv.data_dir).create_evening(PLAYERS, "trou-du-cul")
        yield srv, ev.id


def test_enter_in_the_join_field_adds_the_player_and_keeps_the_focus(table, browser) -> None:
    """In the players tab, Enter in the join field adds the player to the evening and keeps the
    focus, so that names are typed one after the other without a tap."""
    srv, evening_id = table
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, f"{srv.base}/evening/{evening_id}/hands?key={srv.key}")
        tap(page, "tab-players")
        type_names_in_a_row(
            page, "hands-name", [("Max", "player-4", "Max"), ("Ana", "player-5", "Ana")]
        )
        players = TableService(srv.data_dir).evening(evening_id).players
        assert [p.name for p in players][-2:] == ["Max", "Ana"]
    finally:
        ctx.close()


def _cli(data_dir: Path, *args: str) -> dict:
    """``companion evening …`` run as another process on the same data folder."""
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "evening", *args, "--data-dir", str(data_dir)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def test_a_phone_follows_what_the_command_line_does(browser) -> None:
    """A hand recorded from the command line shows on the phone following the evening, and
    an evening started from the command line moves the phone to it."""
    with running_server() as srv:
        old = TableService(srv.data_dir).create_evening(PLAYERS, "trou-du-cul")
        ctx = browser.new_context(viewport=PHONE)
        ctx.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(ctx, f"{srv.base}/evening/{old.id}?key={srv.key}")
            expect_text(page, "evening-hand", "Donne 1")

            _cli(srv.data_dir, "record", old.id, "--order", ",".join(PLAYERS))
            expect_text(page, "evening-hand", "Donne 2")  # no reload, no tap
            _cli(srv.data_dir, "undo", old.id)
            expect_text(page, "evening-snackbar", "Annulé ailleurs : enregistrement de la donne 1")
            expect_text(page, "evening-hand", "Donne 1")
            _cli(srv.data_dir, "redo", old.id)
            expect_text(page, "evening-snackbar", "Rétabli ailleurs : enregistrement de la donne 1")
            expect_text(page, "evening-hand", "Donne 2")

            made = _cli(
                srv.data_dir, "new", "--rules", "trou-du-cul", "--players", "Ana,Bob,Cal,Dee"
            )
            page.wait_for_function(
                "id => location.pathname.endsWith('/evening/' + id)", arg=made["id"]
            )
            expect_text(page, "evening-hand", "Donne 1")
            tap(page, "evening-tab-entry")
            expect_text(page, "out-0", "Ana")  # the new evening's players, not the old ones
            assert urlparse(page.url).query == f"key={srv.key}"  # still editable there
            assert by_id(page, "read-only-banner").count() == 0
        finally:
            ctx.close()


def test_an_undo_on_one_phone_is_told_on_the_others(browser) -> None:
    """Phone A undoes hand 2: phone B, following the same evening, says what was undone
    and where, with no "Rétablir" of its own in the snackbar (its redo button says what it
    would make again); A's redo is told on B too."""
    with running_server() as srv:
        service = TableService(srv.data_dir)
        ev = service.create_evening(PLAYERS, "trou-du-cul")
        ev = service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
        ev = service.record_hand(ev.id, PLAYERS[::-1], expected_version=ev.version)
        first = browser.new_context(viewport=PHONE)
        second = browser.new_context(viewport=PHONE)
        for ctx in (first, second):
            ctx.set_default_timeout(PHONE_WAIT)
        try:
            a = open_app(first, f"{srv.base}/evening/{ev.id}?key={srv.key}")
            b = open_app(second, f"{srv.base}/evening/{ev.id}?key={srv.key}")
            expect_text(b, "evening-undo", "Annuler : enregistrement de la donne 2")
            tap(a, "evening-undo")
            expect_text(a, "evening-snackbar", "Annulé : enregistrement de la donne 2")
            expect_text(
                b,
                "evening-snackbar",
                "Annulé sur un autre téléphone : enregistrement de la donne 2",
            )
            expect_text(b, "evening-hand", "Donne 2")  # hand 2 is to play again
            expect_text(b, "evening-redo", "Rétablir : enregistrement de la donne 2")
            settle(b)
            assert b.get_by_role("button", name="Rétablir", exact=True).count() == 0

            settle(a)
            a.get_by_role("button", name="Rétablir", exact=True).click()
            expect_text(a, "evening-snackbar", "Rétabli : enregistrement de la donne 2")
            expect_text(
                b,
                "evening-snackbar",
                "Rétabli sur un autre téléphone : enregistrement de la donne 2",
            )
            expect_text(b, "evening-hand", "Donne 3")
            by_id(b, "evening-redo").wait_for(state="detached")
            SHOTS.mkdir(parents=True, exist_ok=True)
            b.screenshot(path=str(SHOTS / "undo-told-other-phone.png"))
        finally:
            first.close()
            second.close()


def test_the_installed_app_opens_editable_once_the_key_was_used(browser) -> None:
    """A phone that opened the app with the key opens the bare address (the installed
    app's start_url) editable, in a new window as in the same tab, on the same server; a
    phone that never had the key still reads only; the key never reaches the server's log."""
    with running_server(env={"FLET_LOG_LEVEL": "debug"}) as srv:
        phone = browser.new_context(viewport=PHONE)
        stranger = browser.new_context(viewport=PHONE)
        for ctx in (phone, stranger):
            ctx.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(phone, srv.url)  # the QR code's address, with the key
            by_id(page, "home-new").wait_for(state="attached")
            page.wait_for_function(  # remembered in the phone's own storage
                "key => Object.values(localStorage).some(v => v.includes(key))", arg=srv.key
            )

            installed = open_app(phone, srv.base + "/")  # the installed app: no key
            by_id(installed, "home-new").wait_for(state="attached")
            assert by_id(installed, "read-only-banner").count() == 0
            installed.wait_for_function("() => location.search.includes('key=')")
            tap(installed, "home-new")  # and it may start an evening
            by_id(installed, "new-name").wait_for(state="attached")
            assert by_id(installed, "editor-only").count() == 0

            goto(page, srv.base + "/settings")  # the same tab, the key taken out
            expect_text(page, "settings-scope", "toute la table")

            other = open_app(stranger, srv.base + "/")
            by_id(other, "read-only-banner").wait_for(state="attached")
            assert by_id(other, "home-new").count() == 0
        finally:
            phone.close()
            stranger.close()
        log = srv.output.read_text("utf-8")
        assert srv.key and log.count(srv.key) == 1  # only the address `serve` printed
