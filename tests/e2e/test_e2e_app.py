"""The app in a real browser: a dispute settled by tapping cards, and a phone without the
table's key kept away from editing."""

from __future__ import annotations

import time
import urllib.request

import pytest

from tests.support.browser import Server, by_id, expect_text, goto, open_app, tap, tap_found

pytestmark = pytest.mark.e2e


def test_a_four_of_a_kind_on_a_joker_is_legal(server: Server, context) -> None:
    """On the dispute screen under the classique rules, a four of a kind played on a joker is ruled
    legal, with the message, who must beat it next and the rules it comes from; continuing puts the
    play on the table."""
    page = open_app(context, server.url)
    assert by_id(page, "read-only-banner").count() == 0
    tap(page, "home-dispute")
    by_id(page, "screen-dispute").wait_for(state="attached")

    tap(page, "preset")  # the variants unfold
    tap(page, "preset-classique")
    expect_text(page, "preset-source", "de 3 à 6 joueurs, sans points")
    tap(page, "players-4")
    for actor, rank in (("actor-0", "rank-K"), ("actor-1", "rank-JK")):  # Paul: K, Nina: JK
        tap(page, actor)
        tap(page, rank)
        tap(page, "add")
    expect_text(page, "table-1", "Nina : joker")

    tap(page, "actor-2")  # Marc: 5 5 5 5
    tap(page, "rank-5")
    tap(page, "count-4")
    expect_text(page, "tray", "Marc : 5 5 5 5")
    tap(page, "judge")

    expect_text(page, "ruling-verdict", "Coup valable")
    expect_text(page, "ruling-message", "5 5 5 5 bat le joker ; à Sara de battre 5 5 5 5.")
    expect_text(page, "ruling-next", "À Sara de battre 5 5 5 5")
    expect_text(page, "ruling-rule", "Trou-du-cul classique")

    tap(page, "ruling-continue")  # follow the trick: the play joins the table
    expect_text(page, "table-2", "Marc : 5 5 5 5")

    tap(page, "back")  # home again, still with the rights of the key
    by_id(page, "home-new").wait_for(state="attached")


def test_a_phone_without_the_key_cannot_reach_editing_controls(server: Server, context) -> None:
    """A phone without the table's key reads only: no control that edits, not even by typing an
    editing screen's address or a wrong key, an invite address without a key, and settings for this
    phone alone; the address with the key, in the same tab, makes it an editor."""
    page = open_app(context, server.base + "/")
    by_id(page, "read-only-banner").wait_for(state="attached")
    by_id(page, "home-dispute").wait_for(state="attached")
    for ident in ("home-continue", "home-new"):
        assert by_id(page, ident).count() == 0

    goto(page, server.base + "/new-evening")  # typing the address does not help
    by_id(page, "editor-only").wait_for(state="attached")
    assert by_id(page, "pending-body").count() == 0

    goto(page, server.base + "/invite?key=wrong")  # nor does a guessed key
    by_id(page, "invite-explain").wait_for(state="attached")
    # The address a read-only phone shows (its label: the text is a selectable field).
    shown = by_id(page, "invite-url").locator("textarea").get_attribute("aria-label") or ""
    assert shown.startswith(server.base) and "key=" not in shown
    assert by_id(page, "invite-mode-edit").count() == 0

    goto(page, server.base + "/settings")
    expect_text(page, "settings-scope", "ce téléphone")

    goto(page, server.url)  # the key, in the same tab: now it may record
    by_id(page, "home-new").wait_for(state="attached")
    assert by_id(page, "read-only-banner").count() == 0


def test_the_history_lists_the_evening_and_opens_it(server: Server, context) -> None:
    """Without the key, the History lists the evenings and opens one with its standings; Back goes
    up one level at a time, and the app still reads only."""
    page = open_app(context, server.base + "/")  # reading needs no key
    tap(page, "home-history")
    row = page.locator('[flt-semantics-identifier^="evening-"]').first
    row.wait_for(state="attached")
    assert "Chez Léa" in row.inner_text() and "2 donnes" in row.inner_text()
    tap_found(page, row)
    expect_text(page, "standing-1", "1.")
    expect_text(page, "screen-history-evening", "Historique")
    assert "Président" in page.locator("flt-semantics").first.inner_text()
    tap(page, "back")  # one level up: the list
    page.locator('[flt-semantics-identifier^="evening-"]').first.wait_for(state="attached")
    tap(page, "back")
    by_id(page, "screen-home").wait_for(state="attached")
    assert by_id(page, "home-new").count() == 0  # still read-only


def test_the_key_is_printed_once_and_never_logged(server: Server) -> None:
    """The table's key appears once in the server's output, in the address ``serve`` prints; the
    access log masks it."""
    with urllib.request.urlopen(server.url, timeout=30) as answer:  # the address, key and all
        answer.read()
    # The access log ran, with the key masked.
    assert _eventually(lambda: "GET /?key=…" in server.output.read_text("utf-8"))
    log = server.output.read_text("utf-8")
    assert server.key and log.count(server.key) == 1  # the address `serve` printed


def test_the_language_is_saved_on_the_server(server: Server, context) -> None:
    """A language chosen in Settings on a phone with the key applies at once and is saved for the
    whole table, in the data folder's ``ui-settings.json``."""
    page = open_app(context, server.url)
    tap(page, "home-settings")
    tap(page, "lang-en")
    expect_text(page, "screen-settings", "Settings")
    expect_text(page, "settings-scope", "Saved for the whole table")
    saved = server.data_dir / "ui-settings.json"
    assert _eventually(lambda: saved.exists() and '"en"' in saved.read_text("utf-8"))
    tap(page, "lang-fr")  # back to French for whoever runs next
    expect_text(page, "screen-settings", "Réglages")
    assert _eventually(lambda: '"fr"' in saved.read_text("utf-8"))


def _eventually(check, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False
