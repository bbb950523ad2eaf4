"""Two bugs reported at the table and never reproduced since, kept under test as a person
meets them: a blank page after ending the evening and going back twice, from an evening
opened by its own link; and result lines of the Président and the Trou du cul read out
empty by a screen reader from the second hand on (checked in the accessibility tree that
Chromium gives a screen reader, not in the page's text)."""

from __future__ import annotations

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    by_id,
    expect_text,
    open_app,
    reach,
    running_server,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e

FOUR = ["Léa", "Tom", "Sam", "Zoé"]


def _phone(browser):
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    return ctx


def test_back_twice_after_ending_an_evening_opened_by_its_link(browser) -> None:
    """/evening/<id> → Donnes et joueurs → Joueurs → Terminer → Oui → Back → Back: the
    ended evening with its results, then the home screen; never an empty screen."""
    with running_server() as srv:
        service = TableService(srv.data_dir)
        ev = service.create_evening(FOUR, "trou-du-cul")
        service.record_hand(ev.id, FOUR, expected_version=ev.version)
        ctx = _phone(browser)
        try:
            page = open_app(ctx, f"{srv.base}/evening/{ev.id}?key={srv.key}")
            reach(page, "evening-hands")
            tap(page, "tab-players")
            reach(page, "evening-end")
            reach(page, "evening-end-confirm")
            # The phone that ended it lands on the evening's podium.
            expect_text(page, "evening-ended", "La soirée est terminée")
            expect_text(page, "result-0", "Président : Léa")
            tap(page, "back")
            expect_text(page, "home-new", "Nouvelle soirée")
            by_id(page, "screen-home").wait_for(state="attached")
        finally:
            ctx.close()


def test_result_lines_are_read_out_from_the_second_hand_on(browser) -> None:
    """After hands 1, 2 and 3, the accessibility tree reads each result line with its
    title and name, the Président's and the Trou du cul's included; so does each hand of
    the hands list."""
    with running_server() as srv:
        service = TableService(srv.data_dir)
        ev = service.create_evening(FOUR, "trou-du-cul")
        ctx = _phone(browser)
        try:
            page = open_app(ctx, f"{srv.base}/evening/{ev.id}?key={srv.key}")
            for hand, taps in ((1, [0, 1, 2]), (2, [3, 2, 1]), (3, [1, 3, 0])):
                expect_text(page, "evening-hand", f"Donne {hand}")
                tap(page, "evening-tab-entry")
                for slot in taps:
                    tap(page, f"out-{slot}")
                tap(page, "evening-record")
                expect_text(page, "evening-result", f"Résultat de la donne {hand}")
                settle(page)
                stored = TableService(srv.data_dir).evening(ev.id)
                result = stored.hands[-1].result
                assert result is not None
                read = page.locator("body").aria_snapshot()
                for pid in (result.ranking[0], result.ranking[-1]):
                    assert f"{result.titles[pid]} : {stored.name(pid)}" in read, read
                tap(page, "evening-next")

            tap(page, "evening-hands")
            expect_text(page, "hand-3", "Donne 3")
            settle(page)
            read = page.locator("body").aria_snapshot()
            stored = TableService(srv.data_dir).evening(ev.id)
            for step in stored.hands:
                assert step.result is not None
                for pid in (step.result.ranking[0], step.result.ranking[-1]):
                    assert f"{step.result.titles[pid]} : {stored.name(pid)}" in read, read
        finally:
            ctx.close()
