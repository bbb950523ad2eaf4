"""Who is who and what is shared, in a real browser: each seat of the plan in its player's
own colour (the same as on the score sheet), the podium's "Copier le texte" putting the
summary on the clipboard, and the players screen's buttons on one line at phone width."""

from __future__ import annotations

import io
import os
import re
import time
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    into_view,
    open_app,
    poll,
    running_server,
    settle,
    tap,
)
from tests.support.colours import close, fill_of

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé", "Ana"]
# Where the screenshots go (to look at them): COMPANION_SHOTS, else pytest's temp folder.
SHOTS = os.environ.get("COMPANION_SHOTS")


@pytest.fixture(scope="module")
def share_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """An evening under way (one hand of three played) and one that ended, Tom first."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("share-data")
    service = TableService(folder)
    done = service.create_evening(PLAYERS, "pagat", day=date(2026, 1, 9), settings=("hands=1",))
    service.record_hand(done.id, ["Tom", "Léa", "Sam", "Zoé", "Ana"], expected_version=done.version)
    ev = service.create_evening(PLAYERS, "pagat", title="Chez Léa", settings=("hands=3",))
    service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


def _shot(page: Any, name: str, tmp_path: Path) -> Path:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path))
    return path


def _evening_ids(srv: Server) -> tuple[str, str]:
    """(the ended evening, the one under way)."""
    from companion.table.service import TableService

    entries = TableService(srv.data_dir).evenings()
    ended = next(e.id for e in entries if e.ended)
    open_ = next(e.id for e in entries if not e.ended)
    return ended, open_


def test_plan_seats_wear_the_players_colours(share_server: Server, browser, tmp_path) -> None:
    """Each seat drawn on the plan shows its player's avatar in his own colour, the colour
    his column has on the score sheet."""
    from playwright.sync_api import expect

    from companion.table.service import TableService

    srv = share_server
    _, evening_id = _evening_ids(srv)
    service = TableService(srv.data_dir)
    ids = {p.name: p.id for p in service.players()}
    colours = service.player_colours()
    plan = service.next_plan(evening_id)
    assert plan is not None
    seating = plan.seating
    columns = [c.name for c in service.score_sheet(evening_id).columns]
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, srv.base + route_with_key(f"/evening/{evening_id}", srv.key))
        tap(page, "evening-tab-plan")
        by_id(page, "table-drawing").wait_for(state="attached")
        seen = {}
        for i, name in enumerate(seating):
            # The seat's label (its avatar, a tagged control, holds the initials apart).
            expect(by_id(page, f"seat-{i}")).to_have_attribute(
                "aria-label", re.compile("^" + re.escape(name)), timeout=PHONE_WAIT
            )
            seen[name] = fill_of(page, f"seat-{i}-avatar")
            assert close(seen[name], colours[ids[name]].fill), (name, seen[name])
        assert len({seen[n] for n in seating}) == len(seating)  # five players, five colours
        _shot(page, "plan-seats.png", tmp_path)

        tap(page, "evening-tab-scores")
        for name in ("Tom", "Ana"):
            column = columns.index(name)
            into_view(page, f"sheet-avatar-{column}")
            assert close(fill_of(page, f"sheet-avatar-{column}"), seen[name])
    finally:
        ctx.close()


def test_copy_the_text_puts_the_podium_on_the_clipboard(
    share_server: Server, browser, tmp_path
) -> None:
    """ "Copier le texte" on the podium hands the chat text to the clipboard: pasted, it
    holds the heading and the podium's lines, medals first."""
    from playwright.sync_api import expect

    srv = share_server
    evening_id, _ = _evening_ids(srv)
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=srv.base)
    try:
        page = open_app(ctx, srv.base + route_with_key(f"/evening/{evening_id}", srv.key))
        expect(by_id(page, "podium-1")).to_have_attribute(
            "aria-label", re.compile("Tom"), timeout=PHONE_WAIT
        )
        into_view(page, "podium-copy")
        tap(page, "podium-copy")
        expect_text(page, "podium-message", "copié")
        into_view(page, "podium-message")
        _shot(page, "podium-copied.png", tmp_path)
        # What a paste would give: read back from the browser's clipboard (polled, with a
        # timeout, until the app's write has landed).
        pasted = poll(
            page,
            """async () => {
                const text = await navigator.clipboard.readText();
                return text.includes("🥇") ? text : false;
            }""",
        )
        lines = pasted.splitlines()
        assert lines[0].startswith("🃏 ")
        assert lines.index(next(x for x in lines if x.startswith("🥇 Tom — "))) < lines.index(
            next(x for x in lines if x.startswith("🥈 Léa — "))
        )
        assert any(x.startswith("🥉 Sam — ") for x in lines)
        assert any(x.startswith("5. Ana — ") for x in lines)
    finally:
        ctx.close()


def _text_rows(png: bytes) -> list[int]:
    """The pixel rows of a button's screenshot that hold its label's ink (right of the icon)."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    pixels = image.load()
    assert pixels is not None
    background = pixels[width - 3, height // 2]
    rows = []
    # Inside the outline and its rounded ends, right of the icon.
    for y in range(6, height - 6):
        if any(abs(pixels[x, y] - background) > 60 for x in range(width // 3, width * 6 // 7)):
            rows.append(y)
    return rows


def _label_rows(page: Any, box: dict[str, float]) -> list[int]:
    """``_text_rows`` of the button once two readings with ink agree (under load, Flet's
    "Working..." curtain can cover the screen for a while: CI once read a blank button for
    15 s). The screen is let settle first; a blank reading is never taken as the answer
    before the wait runs out."""
    settle(page)
    deadline = time.monotonic() + 45
    last: list[int] | None = None
    while True:
        rows = _text_rows(page.screenshot(clip=box))
        if (rows and rows == last) or time.monotonic() > deadline:
            return rows
        last = rows
        page.wait_for_timeout(300)


@pytest.mark.parametrize("width", [PHONE["width"], 360])
def test_players_buttons_fit_on_one_line_at_phone_width(
    share_server: Server, browser, tmp_path, width: int
) -> None:
    """On a phone (the e2e tests' 412 px, and the narrowest, 360 px), "Renommer" and
    "Fusionner…" each keep their label on one line."""
    srv = share_server
    ctx = browser.new_context(viewport={"width": width, "height": PHONE["height"]})
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, srv.base + route_with_key("/players", srv.key))
        expect_text(page, "merge-0", "Fusionner…")
        page.wait_for_timeout(800)  # the screen slides in
        for ident in ("rename-0", "merge-0"):
            box = by_id(page, ident).bounding_box()
            assert box is not None and box["x"] + box["width"] <= width
            rows = _label_rows(page, box)
            assert rows, ident
            # One line of 18 px text: about 14 px of ink; a wrapped label is twice that.
            assert rows[-1] - rows[0] < 24, (ident, rows[0], rows[-1])
        _shot(page, f"players-{width}.png", tmp_path)
    finally:
        ctx.close()
