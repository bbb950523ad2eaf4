"""Settings › Data in a real browser, given a hostile backup (issue 21 §9): the refusal is
said on the screen, in words, and the data folder is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import PHONE_WAIT, expect_text, open_app, running_server, tap

pytestmark = pytest.mark.e2e


def _listing(folder: Path) -> list[Path]:
    return sorted(p.relative_to(folder) for p in folder.rglob("*"))


def test_a_long_list_of_junk_is_refused_on_the_data_screen(tmp_path: Path, browser) -> None:
    """A backup whose evenings are 100,000 empty objects: the Data screen says the import
    is refused, names the phone's file, counts the problems it does not name, and the data
    folder gains no file (no safety copy, no scratch copy)."""
    from companion.table.service import TableService
    from tests.support.browser import PHONE

    folder = tmp_path / "data"
    service = TableService(folder)
    service.create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique", title="Chez Léa")
    junk = tmp_path / "sauvegarde.json"
    junk.write_bytes(
        b'{"format": "companion-store-export", "schema_version": 2, "index": [], '
        b'"players": [], "evenings": [' + b",".join([b"{}"] * 100_000) + b"]}"
    )
    with running_server(data_dir=folder) as srv:
        context = browser.new_context(viewport=PHONE)
        context.set_default_timeout(PHONE_WAIT)
        try:
            page = open_app(context, srv.url)
            tap(page, "home-settings")
            before = _listing(folder)
            with page.expect_file_chooser() as chooser:
                tap(page, "import-json")
            chooser.value.set_files(str(junk))
            expect_text(page, "data-message", "Import refusé, rien n'a changé. sauvegarde.json")
            expect_text(page, "data-message", "et 99\u00a0995 autres problèmes")
            assert _listing(folder) == before
        finally:
            context.close()
