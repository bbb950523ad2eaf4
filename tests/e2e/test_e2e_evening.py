"""A whole evening in a real browser: a new evening of four on ``classique`` with drawn cards,
the plan matching ``companion deal``, three hands recorded with an undo, a second phone
following live, a change from elsewhere answered with the new state, and a phone without the
key that only reads."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest

from companion.table.plan import plan_for_preset
from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    reach,
    running_server,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
# Léa K, Tom K, Sam 5, Zoé A; then Léa and Tom draw again: Léa 2, Tom Q.
DRAWN = ["K", "K", "5", "A", "2", "Q"]
FRENCH = {"J": "V", "Q": "D", "K": "R"}  # the cards' faces in French
RANKING = ["Zoé", "Tom", "Léa", "Sam"]


@pytest.fixture(scope="module")
def fresh_server() -> Iterator[Server]:
    """Its own data folder: the evening made here is the only one."""
    with running_server() as srv:
        yield srv


def _type_into(page, ident: str, text: str) -> None:
    tap(page, ident)
    # Flutter makes the field's <input> when it gets the focus: type only then.
    page.wait_for_function("() => document.activeElement?.tagName === 'INPUT'")
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def _record(page, taps: list[int], hand: int) -> None:
    expect_text(page, "evening-hand", f"Donne {hand}")
    tap(page, "evening-tab-entry")
    for n, i in enumerate(taps):
        tap(page, f"out-{i}")
        expect_text(page, f"out-{i}", f"{n + 1}.")  # answered before the next tap
    tap(page, "evening-record")
    expect_text(page, "evening-result", f"Résultat de la donne {hand}")


def test_a_whole_evening_with_a_second_phone(fresh_server: Server, browser) -> None:
    """A whole evening from a phone with the key: names, options and the draw for seats make an
    evening whose first plan is that of ``companion deal``; each record and undo reaches a second
    phone live, and a hand recorded elsewhere meanwhile is shown with this phone's taps kept. A
    phone without the key sees the evening read-only."""
    from playwright.sync_api import expect

    srv = fresh_server
    first = browser.new_context(viewport=PHONE)
    second = browser.new_context(viewport=PHONE)
    reader = browser.new_context(viewport=PHONE)
    for ctx in (first, second, reader):
        ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(first, srv.url)
        tap(page, "home-new")
        by_id(page, "screen-new-evening").wait_for(state="attached")
        for name in PLAYERS:
            _type_into(page, "new-name", name)
            tap(page, "new-add")
            i = PLAYERS.index(name)
            expect_text(page, f"player-{i}", f"{i + 1}. {name}")
        _type_into(page, "new-name", "tom")  # a name used twice: a message, nothing lost
        tap(page, "new-add")
        expect_text(page, "new-notice", "déjà à la table")
        expect_text(page, "new-count", "4 joueurs")
        expect_text(page, "new-source", "de 3 à 6 joueurs")
        tap(page, "new-options")  # each option in words; changed with a tap
        tap(page, "option-deck")
        expect_text(page, "option-deck", "Combien de cartes compte un jeu.")
        tap(page, "choice-32")
        expect_text(page, "new-options", "1 changée")
        tap(page, "choice-52")
        expect_text(page, "new-options", "0 changée")
        tap(page, "new-options")
        by_id(page, "option-deck").wait_for(state="detached")  # folded again
        # The card keys are below the fold: scroll there first, so that no tap lands while
        # Flutter is still scrolling to its target.
        page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        page.mouse.wheel(0, 3000)
        by_id(page, "draw-for").wait_for(state="attached")
        page.wait_for_timeout(300)

        for i, card in enumerate(DRAWN[:4]):  # each tap answered before the next
            tap(page, f"draw-{card}")
            expect_text(page, f"drawn-{i}", f"{PLAYERS[i]} : {FRENCH.get(card, card)}")
        expect_text(page, "new-notice", "Égalité : Léa, Tom")
        for i, card in enumerate(DRAWN[4:]):
            tap(page, f"draw-{card}")
            shown = [FRENCH.get(c, c) for c in (DRAWN[i], card)]
            expect_text(page, f"drawn-{i}", " → ".join(shown))
        expect_text(page, "draw-done", ", ".join(RANKING))
        tap(page, "new-create")

        # The plan is that of `companion deal --rules classique`: the seats at a glance,
        # the exchanges as short lines, the dealer's sentences behind "Détails".
        plan = plan_for_preset("classique", RANKING)
        expect_text(page, "evening-hand", "Donne 1")
        expect(by_id(page, "seat-0")).to_have_attribute(
            "aria-label", re.compile("^Zoé"), timeout=PHONE_WAIT
        )
        expect_text(page, "seat-3-deals", "donne")  # Sam, the Trou-du-cul, deals
        expect_text(page, "check-0", "Sam → Zoé : ses 2 meilleures cartes")
        tap(page, "check-0")  # ticked off
        reach(page, "plan-details")
        for i, line in enumerate(plan.instructions("fr")):
            expect_text(page, f"detail-{i}", line)
        page.mouse.wheel(0, -5000)
        evening_path = urlparse(page.url).path
        evening_id = evening_path.rsplit("/", 1)[-1]

        other = open_app(second, page.url)  # a second phone with the key
        expect_text(other, "evening-hand", "Donne 1")

        _record(page, [1, 0, 3], 1)  # Tom, Zoé, Sam; Léa placed last automatically
        expect_text(page, "result-0", "Tom")
        expect_text(page, "result-3", "Léa")
        expect_text(other, "evening-hand", "Donne 2")  # live, no reload
        tap(page, "evening-next")

        _record(page, [0, 1, 2], 2)
        expect_text(other, "evening-hand", "Donne 3")
        tap(page, "evening-undo")  # the second hand is taken back, on both phones
        expect_text(page, "evening-hand", "Donne 2")
        expect_text(other, "evening-hand", "Donne 2")

        # A change made elsewhere (another process on the same data) while this phone holds
        # taps: it reaches the phone live (the folder watch), and nothing is doubled.
        tap(page, "evening-tab-entry")
        for n, i in enumerate((0, 1, 2)):
            tap(page, f"out-{i}")
            expect_text(page, f"out-{i}", f"{n + 1}.")
        service = TableService(srv.data_dir)
        ev = service.evening(evening_id)
        service.record_hand(
            evening_id,
            list(reversed([ev.name(p) for p in ev.present])),
            expected_version=ev.version,
        )
        page.mouse.wheel(0, -5000)  # back to the top: the new state is shown
        expect_text(page, "evening-hand", "Donne 3")
        # The taps are kept and shown back; this phone clears them.
        expect_text(page, "stale-notice", "Un autre téléphone a enregistré la donne 2")
        tap(page, "stale-clear")
        by_id(page, "stale-notice").wait_for(state="detached")

        _record(page, [2, 1, 0], 3)
        tap(page, "evening-next")
        expect_text(other, "evening-hand", "Donne 4")
        assert len(TableService(srv.data_dir).evening(evening_id).hands) == 3
        assert evening_path == f"/evening/{evening_id}"

        watcher = open_app(reader, srv.base + "/")  # no key: tonight's evening, read only
        tap(watcher, "home-scoreboard")
        by_id(watcher, "read-only-banner").wait_for(state="attached")
        expect_text(watcher, "result-0", "Président")
        expect_text(watcher, "evening-hand", "Donne 4")
        for ident in ("evening-record", "evening-undo", "out-0"):
            assert by_id(watcher, ident).count() == 0
    finally:
        for ctx in (first, second, reader):
            ctx.close()
