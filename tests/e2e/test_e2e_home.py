"""The home screen at a table of several phones (issue 21, bug 2): "Reprendre la soirée"
appears on a phone whose home was already open when the evening started, whoever started
it, and stays after a reload of the same tab."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import by_id, expect_text, goto, open_phone, running_server, tap
from tests.support.static_site import new_evening

pytestmark = pytest.mark.e2e


def _phone(browser: Any, url: str) -> tuple[Any, Any]:
    """A phone with the key, on the home screen."""
    ctx, page = open_phone(browser, url)
    by_id(page, "home-new").wait_for(state="attached")
    return ctx, page


def test_an_evening_another_phone_starts_is_offered_on_an_open_home(
    browser: Any, tmp_path: Path
) -> None:
    """Rule: a phone on the home screen offers to continue the evening another phone has
    just started, without a reload, and still after a reload of the same tab; the button
    opens that evening."""
    with running_server(data_dir=tmp_path / "data") as srv:
        ctx_watch, watching = _phone(browser, srv.url)
        ctx_start, starting = _phone(browser, srv.url)
        try:
            assert by_id(watching, "home-continue").count() == 0
            new_evening(starting)
            expect_text(watching, "home-continue", "Reprendre la soirée")
            goto(watching, watching.url)
            expect_text(watching, "home-continue", "Reprendre la soirée")
            tap(watching, "home-continue")
            expect_text(watching, "evening-hand", "Donne 1")
        finally:
            ctx_watch.close()
            ctx_start.close()


def test_an_evening_the_command_line_starts_is_offered_on_an_open_home(
    browser: Any, tmp_path: Path
) -> None:
    """Rule: an evening started by another process (the command line) on a folder the
    server opened empty is offered on the home screen that was open."""
    data = tmp_path / "data"
    with running_server(data_dir=data) as srv:
        ctx, page = _phone(browser, srv.url)
        try:
            command = ["evening", "new", "--rules", "trou-du-cul", "--players", "Léa,Tom,Sam"]
            subprocess.run(
                [sys.executable, "-m", "companion.cli", *command, "--data-dir", str(data)],
                check=True,
                capture_output=True,
            )
            expect_text(page, "home-continue", "Reprendre la soirée")
        finally:
            ctx.close()
