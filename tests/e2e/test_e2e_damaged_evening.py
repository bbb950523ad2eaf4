"""A damaged evening file, opened on the evening screen: the table is told what happened in
its own words and restores the last good backup from there (issue 21, screenshot review)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import expect_text, open_phone, running_server, tap, text_of

pytestmark = pytest.mark.e2e

PLAYERS = ["Léa", "Tom", "Sam", "Zoé"]


def test_a_damaged_evening_says_so_in_words_and_restores_here(browser: Any, tmp_path: Path) -> None:
    """Rule: the screen names no path and no JSON column, says nothing was lost and when the
    last good backup was taken; « Restaurer » brings the evening back on the same screen."""
    folder = tmp_path / "data"
    service = TableService(folder)
    ev = service.create_evening(PLAYERS, "classique", title="Chez Sam")
    ev = service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    service.record_hand(ev.id, PLAYERS, expected_version=ev.version)
    service.repo.evening_path(ev.id).write_text('{"evening": "cut sh', "utf-8")  # a bad disk
    with running_server(data_dir=folder) as srv:
        ctx, page = open_phone(browser, srv.base + route_with_key(f"/evening/{ev.id}", srv.key))
        try:
            expect_text(page, "evening-error", "Le fichier de cette soirée est abîmé")
            shown = text_of(page, "evening-error")
            assert "rien n'a été écrit par-dessus" in shown
            assert "dernière bonne sauvegarde date du" in shown
            assert str(folder) not in shown and "evenings/" not in shown
            assert "JSON" not in shown and "colonne" not in shown
            tap(page, "evening-restore")
            expect_text(page, "evening-message", "Restauré")
            expect_text(page, "evening-hand", "Donne")
        finally:
            ctx.close()
    assert list((folder / "corrupt").rglob("*.json"))  # the damaged file is kept
