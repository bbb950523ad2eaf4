"""``companion evening new``: a title, place or notes over its limit is refused in the user's
language, with the message every screen shows (``table.text_limits``), and nothing is
written."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli.entry import main
from companion.table.service import TableService
from companion.table.text_limits import TITLE_MAX, text_problem

NEW = ["evening", "new", "--rules", "pagat", "--players", "Ann,Bob,Cat,Dan"]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A data folder with one evening in it already."""
    service = TableService(tmp_path / "data")
    service.create_evening(["Ann", "Bob", "Cat", "Dan"], "pagat", title="Chez Ann")
    return tmp_path / "data"


def test_a_90_mb_title_is_refused_and_nothing_is_written(folder: Path, capsys) -> None:
    """A 90 MB title (through main's argument list: a real command line would hit the
    system's limit first) exits 2 with one line, the shared message, without the title
    itself; every file of the data folder is byte for byte as it was."""
    huge = "x" * 90_000_000
    before = snapshot(folder)
    assert main([*NEW, "--title", huge, "--data-dir", str(folder), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    problem = text_problem("title", huge)
    assert problem is not None
    assert captured.err == problem.message("en") + "\n"
    assert captured.err.startswith("Title too long: 90,000,000 characters, at most 80.")
    assert captured.out == ""
    assert snapshot(folder) == before


@pytest.mark.parametrize(
    ("option", "size", "fr"),
    [("--place", 81, "Lieu trop long : 81 caractères"), ("--notes", 501, "Note trop longue")],
)
def test_a_long_place_or_notes_is_refused_in_french(folder, capsys, option, size, fr) -> None:
    """The place (80) and the notes (500) have their limits too; French by default."""
    before = snapshot(folder)
    assert main([*NEW, option, "y" * size, "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().err.startswith(fr)
    assert snapshot(folder) == before


def test_a_title_at_the_limit_is_kept_whole(folder, capsys) -> None:
    """80 characters are accepted and stored as typed."""
    title = "é" * TITLE_MAX
    assert main([*NEW, "--title", title, "--place", "Lyon", "--data-dir", str(folder)]) == 0
    capsys.readouterr()
    titles = {e.title for e in TableService(folder).evenings()}
    assert titles == {"Chez Ann", title}
