"""Emoji in names on screen (issue 21 §7): drawn with the app's own emoji font, offline (the
table's server answers it; Flutter's fallback fonts come from the internet), so two names
that differ by their emoji look different, not the same empty box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.table.service import TableService
from companion.ui.access import route_with_key
from tests.support.browser import by_id, goto, open_phone, running_server, settle

pytestmark = pytest.mark.e2e

SHOTS = Path(__file__).parents[2] / "build" / "e2e"


def _players_row(browser: Any, tmp_path: Path, animal: str) -> tuple[bytes, list[str]]:
    """The Players screen's first row, as a picture, for a table whose first player is
    ``animal`` (the other players the same), and the fonts the page asked for."""
    data = tmp_path / animal.encode("unicode_escape").decode()
    TableService(data).create_evening([f"Ana {animal}", "Tom", "Sam"], "classique")
    fonts: list[str] = []
    with running_server(data_dir=data) as srv:
        ctx, page = open_phone(browser, srv.url)
        page.on(
            "response", lambda r: fonts.append(f"{r.status} {r.url}") if "fonts/" in r.url else None
        )
        try:
            goto(page, srv.base + route_with_key("/players", srv.key))
            by_id(page, "player-0").wait_for(state="attached")
            assert "Ana" in (by_id(page, "player-0").get_attribute("aria-label") or "")
            page.wait_for_timeout(500)  # the font is in: one more frame
            settle(page)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"emoji-{data.name}.png"))
            return by_id(page, "player-0").screenshot(), fonts
        finally:
            ctx.close()


def test_two_emoji_names_look_different(browser: Any, tmp_path: Path) -> None:
    """Rule: "Ana 🦊" and "Ana 🐱" are drawn differently (without an emoji font both show
    the same empty box), from the emoji font the table's server sends."""
    fox, fonts = _players_row(browser, tmp_path, "🦊")
    cat, _ = _players_row(browser, tmp_path, "🐱")
    assert fox != cat
    assert any(f.startswith("200 ") and f.endswith("/fonts/CompanionEmoji.ttf") for f in fonts)
