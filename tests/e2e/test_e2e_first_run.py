"""First run, as a newcomer does it: ``companion`` alone on a computer where no browser
opens by itself. It prints an address that opens an app that can record (this computer
only, no key), says what to run to invite phones, and the home screen leads with "Nouvelle
soirée" until an evening is under way."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.table.service import TableService
from tests.support.browser import PHONE, PHONE_WAIT, by_id, expect_text, open_app, tap, text_of

pytestmark = pytest.mark.e2e

_URL = re.compile(r"(http://127\.0\.0\.1:\d+/?)")


@contextmanager
def companion_alone(data_dir: Path) -> Iterator[tuple[str, str]]:
    """``companion --web`` on ``data_dir``; BROWSER=true: no browser opens (as on a machine
    without one), so the printed address is all a person has. Yields it and the output."""
    with tempfile.TemporaryDirectory(prefix="companion-first-") as tmp:
        output = Path(tmp) / "out.log"
        script = Path(sys.executable).with_name("companion")
        cmd = [str(script)] if script.is_file() else [sys.executable, "-m", "companion.cli"]
        with output.open("w", encoding="utf-8") as log:
            proc = subprocess.Popen(
                [*cmd, "--web", "--data-dir", str(data_dir)],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "PYTHONUTF8": "1", "PYTHONUNBUFFERED": "1", "BROWSER": "true"},
            )
        try:
            url = _wait_for_address(proc, output)
            yield url, output.read_text("utf-8")
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A fresh install: an empty data folder."""
    with companion_alone(tmp_path_factory.mktemp("fresh") / "data") as found:
        yield found


def _wait_for_address(proc: subprocess.Popen, output: Path, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("companion exited:\n" + output.read_text("utf-8"))
        found = _URL.search(output.read_text("utf-8"))
        if found:
            try:
                with urllib.request.urlopen(found.group(1), timeout=2) as response:
                    if response.status == 200:
                        return found.group(1)
            except OSError:
                pass
        time.sleep(0.2)
    raise TimeoutError("companion printed no address that answers")


def test_companion_alone_prints_an_address_that_can_record(first_run, browser) -> None:
    """``companion`` alone prints an address without a key and the command to invite phones; the
    address opens an app that may record, whose home screen leads with "Nouvelle soirée" and whose
    invite screen gives that command."""
    url, printed = first_run
    assert "key=" not in printed  # nothing to copy but the address
    assert "companion serve --host 0.0.0.0" in printed
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        page = open_app(ctx, url)
        expect_text(page, "home-new", "Nouvelle soirée")
        assert by_id(page, "read-only-banner").count() == 0
        assert by_id(page, "home-continue").count() == 0  # no evening yet: nothing to resume
        # "Nouvelle soirée" is the first button under the title: the main action.
        new_top = by_id(page, "home-new").bounding_box()["y"]
        for other in ("home-dispute", "home-history", "home-invite", "home-settings"):
            assert by_id(page, other).bounding_box()["y"] > new_top

        tap(page, "home-invite")  # the invite screen says what to run for phones
        expect_text(page, "invite-local-only", "companion serve --host 0.0.0.0")
        assert "lancez « companion serve »" not in text_of(page, "invite-local-only")
        tap(page, "back")

        tap(page, "home-new")  # and this computer may create an evening
        by_id(page, "screen-new-evening").wait_for(state="attached")
        assert by_id(page, "editor-only").count() == 0
    finally:
        ctx.close()


def test_continue_appears_while_an_evening_is_under_way(tmp_path: Path, browser) -> None:
    """With an evening under way (started earlier, here from the command line), the home
    screen leads with "Reprendre la soirée", above "Nouvelle soirée"."""
    TableService(tmp_path).create_evening(["Léa", "Tom", "Sam", "Zoé"], "classique")
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(PHONE_WAIT)
    try:
        with companion_alone(tmp_path) as (url, _):
            page = open_app(ctx, url)
            expect_text(page, "home-continue", "Reprendre la soirée")
            assert (
                by_id(page, "home-continue").bounding_box()["y"]
                < by_id(page, "home-new").bounding_box()["y"]
            )
            tap(page, "home-continue")
            expect_text(page, "evening-hand", "Donne 1")
    finally:
        ctx.close()
