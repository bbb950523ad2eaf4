"""The history in a real browser: a seeded evening with its chart, the leaderboard with
finishing position over time and head-to-head; the settings' exports and a refused import."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

from tests.support.browser import (
    PHONE_WAIT,
    Server,
    by_id,
    expect_text,
    open_app,
    running_server,
    tap,
    tap_found,
    text_of,
)

pytestmark = pytest.mark.e2e

# The History screen loads its rows off the event loop; on a starved CPU (CI beside other
# work) it was seen still « Chargement… » after 20 s, twice: wait as long as a person would.
HISTORY_LOAD = 60_000


@pytest.fixture(scope="module")
def history_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose data folder holds two evenings with points, made through the
    evening service before it starts."""
    from companion.table.service import TableService

    folder = tmp_path_factory.mktemp("history-data")
    service = TableService(folder)
    players = ["Léa", "Tom", "Sam", "Zoé"]
    ev = service.create_evening(
        players, "pagat", title="Chez Tom", day=date.today() - timedelta(days=7)
    )
    for order in (players, ["Tom", "Léa", "Zoé", "Sam"], ["Tom", "Sam", "Léa", "Zoé"]):
        ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.create_evening(players, "pagat", title="Chez Zoé")
    ev = service.record_hand(ev.id, ["Zoé", "Sam", "Tom", "Léa"], expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        yield srv


def test_the_history_shows_the_evening_its_chart_and_the_leaderboard(
    history_server: Server, context
) -> None:
    """The History lists an evening with its number of hands and opens it with its standings and a
    chart naming every player; the Leaderboard ranks the players, charts their finishing position
    over time, and counts the hands two players shared, within the last month too."""
    page = open_app(context, history_server.url)
    tap(page, "home-history")
    row = page.locator('[flt-semantics-identifier^="evening-"]').filter(has_text="Chez Tom")
    row.wait_for(state="attached")
    assert "3 donnes" in row.inner_text()
    tap_found(page, row)
    expect_text(page, "standing-1", "1. Tom", timeout=HISTORY_LOAD)
    expect_text(page, "chart-evening", "Léa")  # the legend names every line
    box = by_id(page, "chart-evening").bounding_box()  # the legend and the drawn chart
    assert box is not None and box["height"] > 200
    tap(page, "back")

    tap(page, "tab-leaderboard")
    expect_text(page, "leader-1", "1.")
    expect_text(page, "leader-4", "4.")
    expect_text(page, "chart-position", "Zoé")
    page.mouse.move(200, 450)
    page.mouse.wheel(0, 500)  # below the leaderboard
    page.wait_for_timeout(800)
    box = by_id(page, "chart-position").bounding_box()
    assert box is not None and box["height"] > 200
    expect_text(page, "h2h-result", "donnes ensemble (2 soirées)")
    tap(page, "period-month")  # both evenings are within 30 days
    expect_text(page, "h2h-result", "(2 soirées)")


def test_exports_are_written_and_a_wrong_import_changes_nothing(
    history_server: Server, context, tmp_path: Path
) -> None:
    """The JSON and CSV exports are written in the data folder's ``exports`` and downloaded as the
    same file; a JSON file that is not a backup is refused on import, and no evening changes."""
    page = open_app(context, history_server.url)
    tap(page, "home-settings")
    expect_text(page, "data-dir", str(history_server.data_dir))
    tap(page, "export-json")
    expect_text(page, "data-message", "exports")
    exports = history_server.data_dir / "exports"
    (written,) = exports.glob("companion-*.json")
    with page.expect_download() as download:  # the browser downloads the same file
        tap(page, "download-0")
    assert download.value.suggested_filename == written.name
    assert Path(download.value.path()).read_bytes() == written.read_bytes()
    tap(page, "export-csv")
    by_id(page, "download-1").wait_for(state="attached")
    assert len(list(exports.glob("companion-*.csv"))) == 2

    wrong = tmp_path / "photo.json"
    wrong.write_text('{"hello": "world"}', "utf-8")
    before = sorted(p.name for p in (history_server.data_dir / "evenings").iterdir())
    with page.expect_file_chooser() as chooser:
        tap(page, "import-json")
    chooser.value.set_files(str(wrong))
    expect_text(page, "data-message", "Import refusé, rien n'a changé")
    assert sorted(p.name for p in (history_server.data_dir / "evenings").iterdir()) == before


def test_a_damaged_evening_is_restored_from_its_latest_good_backup(tmp_path: Path, browser) -> None:
    """Settings lists a damaged evening with its latest good backup; restoring it brings the evening
    back, leaves nothing to restore, and keeps the damaged file in ``corrupt``."""
    from companion.table.service import TableService
    from tests.support.browser import PHONE

    folder = tmp_path / "data"
    service = TableService(folder)
    ev = service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Sam")
    service.record_hand(ev.id, ["Léa", "Tom", "Sam", "Zoé"], expected_version=ev.version)
    service.repo.evening_path(ev.id).write_text("{ damaged", "utf-8")  # a bad disk, say
    with running_server(data_dir=folder) as srv:
        context = browser.new_context(viewport=PHONE)
        context.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(context, srv.url)
            tap(page, "home-settings")
            by_id(page, "restore-0").wait_for(state="attached")
            # the list is filled by a worker thread: wait for its label rather than read once
            from playwright.sync_api import expect

            expect(by_id(page, "backup-0")).to_have_attribute(
                "aria-label",
                re.compile(r"Chez Sam.*Fichier abîmé|Fichier abîmé.*Chez Sam", re.S),
                timeout=PHONE_WAIT,
            )
            tap(page, "restore-0")
            expect_text(page, "data-message", "Restauré depuis")
            expect_text(page, "backups-good", "rien à restaurer")
        finally:
            context.close()
    assert TableService(folder).history(ev.id).title == "Chez Sam"
    assert list((folder / "corrupt").rglob("*.json"))  # the damaged file is kept


def test_history_marks_a_damaged_evening_and_the_leaderboard_says_it_left_it_out(
    tmp_path: Path, context
) -> None:
    """A destroyed evening file: its History row says it is damaged and where to restore it,
    and the Leaderboard says one evening was left out and why."""
    from companion.table.service import TableService

    folder = tmp_path / "data"
    service = TableService(folder)
    players = ["Léa", "Tom", "Sam", "Zoé"]
    for title in ("Chez Léa", "Chez Tom"):
        ev = service.create_evening(players, "pagat", title=title)
        ev = service.record_hand(ev.id, players, expected_version=ev.version)
    service.repo.evening_path(ev.id).write_bytes(b"\x00\xffgarbage")  # "Chez Tom" destroyed
    with running_server(data_dir=folder) as srv:
        page = open_app(context, srv.url)
        tap(page, "home-history")
        rows = page.locator('[flt-semantics-identifier^="evening-"]')
        damaged = rows.filter(has_text="Chez Tom")
        damaged.wait_for(state="attached")
        assert "Fichier abîmé" in damaged.inner_text()
        assert "Réglages › Données" in damaged.inner_text()
        assert "Fichier abîmé" not in rows.filter(has_text="Chez Léa").inner_text()
        tap(page, "tab-leaderboard")
        expect_text(page, "board-left-out", "1 soirée laissée de côté : 1 fichier abîmé")
        expect_text(page, "leader-1", "1.")  # the evening that reads is still counted


def test_backups_read_as_evenings_newest_first_with_history_dates(tmp_path: Path, browser) -> None:
    """Rule (issue 21, screenshot review): Settings › Data lists the backed-up evenings newest
    first, and writes its day and the latest backup's moment as History writes an evening's
    start (« 27 nov. 2026 à 20:14 »), not in a second date format."""
    from datetime import date

    from companion.table.service import TableService
    from tests.support.browser import PHONE

    folder = tmp_path / "data"
    service = TableService(folder)
    for day in (date(2026, 11, 13), date(2026, 11, 27), date(2026, 11, 20)):
        ev = service.create_evening(["Léa", "Tom", "Sam"], "classique", day=day)
        service.record_hand(ev.id, ["Léa", "Tom", "Sam"], expected_version=ev.version)
    with running_server(data_dir=folder) as srv:
        context = browser.new_context(viewport=PHONE)
        context.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(context, srv.url)
            tap(page, "home-settings")
            expect_text(page, "backup-0", "27 nov. 2026")
            shown = [" ".join(text_of(page, f"backup-{i}").split()) for i in range(3)]
            assert [line[:12] for line in shown] == ["27 nov. 2026", "20 nov. 2026", "13 nov. 2026"]
            assert re.search(r"la dernière le \d+ \w+\.? \d{4} à \d\d:\d\d", shown[0]), shown
        finally:
            context.close()
