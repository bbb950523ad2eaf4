"""The table plan in the app's language, in a real browser: an evening written by an older app
(its next plan stored as French sentences) is opened by an app set to English, and the deal and
the checklist read in English; switched to French, the same plan reads in French."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import (
    PHONE,
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    reach,
    running_server,
)

pytestmark = pytest.mark.e2e

OLD = Path(__file__).parents[1] / "table" / "data" / "evening_v1.json"
EVENING = "0454a3cee31e42c989e62565fb63d084"
SHOTS = Path(__file__).parents[2] / "build" / "e2e"


@pytest.fixture(scope="module")
def english_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Its own data folder: the old evening file, and the app's language set to English."""
    folder: Path = tmp_path_factory.mktemp("plan-language")
    (folder / "evenings").mkdir()
    shutil.copy(OLD, folder / "evenings" / f"{EVENING}.json")
    (folder / "ui-settings.json").write_text(json.dumps({"lang": "en"}), "utf-8")
    with running_server(data_dir=folder) as srv:
        yield srv


def _open(srv: Server, context) -> object:
    return open_app(context, srv.base + route_with_key(f"/evening/{EVENING}", srv.key))


def test_an_english_app_shows_the_table_plan_in_english(english_server: Server, browser) -> None:
    """Rule: every sentence of the plan is written where it is shown, in the viewer's
    language; a plan stored in French by an older app reads in English in an English app."""
    srv = english_server
    plan = TableService(srv.data_dir).evening(EVENING).next_plan
    assert plan is not None
    english, french = plan.instructions("en"), plan.instructions("fr")
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(PHONE_WAIT)
    try:
        page = _open(srv, context)
        expect_text(page, "evening-hand", "Hand 3")
        expect_text(page, "table-deck", "54 cards: 52 + 2 jokers")
        reach(page, "plan-details")
        expect_text(page, "detail-0", "Seats, clockwise: Zoé (President), Tom (Secretary)")
        expect_text(page, "detail-1", "Pack: 54 cards (1 deck of 52 cards + 2 jokers).")
        for i, line in enumerate(english):
            expect_text(page, f"detail-{i}", line)
        shown = " ".join(by_id(page, f"detail-{i}").inner_text() for i in range(len(english)))
        shown += " ".join(by_id(page, f"check-{i}").inner_text() for i in range(2))
        for word in ("Places", "distribue", "donne ses", "entame", "cartes", "Président"):
            assert word not in shown, f"French left in the English plan: {word!r}"
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "plan-english.png"), full_page=True)
    finally:
        context.close()
    assert english != french
