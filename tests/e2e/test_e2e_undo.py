"""Undo and redo in a real browser, on the reported trap: hand 2 is corrected after hand 4
was recorded. The undo button says it will take back the correction, the snackbar says it
did and offers to make it again, and the next undo says it will take back hand 4: nothing
goes silently."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    settle,
    tap,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]
ORDERS = [
    ["Léa", "Tom", "Sam", "Zoé"],
    ["Tom", "Léa", "Zoé", "Sam"],
    ["Sam", "Zoé", "Léa", "Tom"],
    ["Zoé", "Sam", "Tom", "Léa"],
]
CORRECTED = ["Zoé", "Léa", "Tom", "Sam"]
SHOTS = Path(__file__).parents[2] / "build" / "e2e"  # screenshots to look at
# The control's top and bottom inside the window (its semantics node is where Flutter drew it).
_ON_SCREEN = """(ident) => {
  const node = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
  if (!node) return false;
  const r = node.getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.top < window.innerHeight;
}"""


@pytest.fixture(scope="module")
def corrected() -> Iterator[tuple[Server, str]]:
    """Four hands recorded, then hand 2 corrected (as from the hands screen)."""
    with running_server() as srv:
        service = TableService(srv.data_dir)
        ev = service.create_evening(PLAYERS, "classique", ranking=PLAYERS)
        for order in ORDERS:
            ev = service.record_hand(ev.id, order, expected_version=ev.version)
        service.edit_hand(ev.id, 2, order=CORRECTED, expected_version=ev.version)
        yield srv, ev.id


def _order_of_hand(srv: Server, evening_id: str, number: int) -> list[str]:
    ev = TableService(srv.data_dir).evening(evening_id)
    return [ev.name(p) for p in ev.hands[number - 1].order]


def test_undo_says_what_it_takes_back_and_redo_puts_it_back(
    corrected: tuple[Server, str], browser
) -> None:
    """After hand 2 was corrected following hand 4, Undo names what it will take back (the
    correction, then hand 4), the snackbar says what it undid and its "Rétablir" makes it again, and
    Redo brings them back, the last undone first; with hand 4 undone, its plan opens at the top."""
    srv, evening_id = corrected
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, f"{srv.base}/evening/{evening_id}?key={srv.key}")
        expect_text(page, "evening-undo", "Annuler : correction de la donne 2")
        assert by_id(page, "evening-redo").count() == 0  # nothing undone yet

        tap(page, "evening-undo")
        expect_text(page, "evening-snackbar", "Annulé : correction de la donne 2")
        expect_text(page, "evening-undo", "Annuler : enregistrement de la donne 4")
        expect_text(page, "evening-redo", "Rétablir : correction de la donne 2")
        assert _order_of_hand(srv, evening_id, 2) == ORDERS[1]

        # The snackbar's own "Rétablir" makes the correction again.
        settle(page)
        page.get_by_role("button", name="Rétablir", exact=True).click()
        expect_text(page, "evening-snackbar", "Rétabli : correction de la donne 2")
        expect_text(page, "evening-undo", "Annuler : correction de la donne 2")
        by_id(page, "evening-redo").wait_for(state="detached")
        assert _order_of_hand(srv, evening_id, 2) == CORRECTED

        # Two undos: the correction, then hand 4, each named before the tap.
        tap(page, "evening-undo")
        expect_text(page, "evening-undo", "Annuler : enregistrement de la donne 4")
        tap(page, "evening-undo")
        expect_text(page, "evening-snackbar", "Annulé : enregistrement de la donne 4")
        expect_text(page, "evening-hand", "Donne 4")  # hand 4 is to play again
        # The plan of hand 4 opens from its top: its heading and the table on screen
        # (issue 21, bug 6), though the undo button was tapped at the bottom.
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "plan-after-undo.png"))
        # Flutter moves the semantics nodes with a scroll made by the app only at the next
        # scroll event: a one-pixel wheel (where a person's screen shows it already).
        page.mouse.move(200, 600)
        page.mouse.wheel(0, 1)
        for ident in ("evening-hand", "table-drawing"):
            page.wait_for_function(_ON_SCREEN, arg=ident, timeout=10_000)
        expect_text(page, "evening-redo", "Rétablir : enregistrement de la donne 4")
        assert len(TableService(srv.data_dir).evening(evening_id).hands) == 3

        # The redo button (the snackbar may be gone) brings hand 4 back, then the correction.
        tap(page, "evening-redo")
        expect_text(page, "evening-redo", "Rétablir : correction de la donne 2")
        tap(page, "evening-redo")
        expect_text(page, "evening-undo", "Annuler : correction de la donne 2")
        by_id(page, "evening-redo").wait_for(state="detached")
        ev = TableService(srv.data_dir).evening(evening_id)
        assert len(ev.hands) == 4 and _order_of_hand(srv, evening_id, 2) == CORRECTED
    finally:
        ctx.close()
