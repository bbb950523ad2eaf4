"""The command line on a data folder that is a link to nowhere (issue 21 §13): every
command, and ``companion serve`` before it starts, says what the folder is, in words."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from companion.cli import app as commands
from companion.cli import app_parser, main


@pytest.fixture
def link(tmp_path: Path) -> Path:
    """A data folder that is a link to a drive not connected."""
    made = tmp_path / "data"
    made.symlink_to(tmp_path / "usb" / "companion")
    return made


@pytest.mark.parametrize(
    "argv",
    [["history"], ["evening", "new", "--rules", "pagat", "--players", "Ann,Bob,Cat,Dan"]],
)
def test_a_command_on_a_link_to_nowhere_says_so_in_its_language(
    link: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Rule: reading or writing, a command exits 2 with one line saying the data folder is
    a link to a place that does not exist, in ``--lang``, and makes nothing there."""
    target = tmp_path / "usb" / "companion"
    assert main([*argv, "--data-dir", str(link), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"The data folder {link} is a link to {target}, which does not exist")
    assert main([*argv, "--data-dir", str(link)]) == 2
    assert f"est un lien vers {target}, qui n'existe pas" in capsys.readouterr().err
    assert not (tmp_path / "usb").exists()


def test_serve_on_a_link_to_nowhere_says_so_and_does_not_start(
    link: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rule: ``companion serve`` on such a folder exits 2 with the same words before it
    listens or keeps a key (a key written there would make the link's target on this
    computer's own disk)."""
    started: list[object] = []
    monkeypatch.setattr(commands, "run_web", lambda *a: started.append(a) or 0)
    top = argparse.ArgumentParser(prog="companion")
    app_parser.register(top.add_subparsers(dest="command"))
    args = top.parse_args(["serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(link)])
    assert commands.serve_command(args) == 2
    captured = capsys.readouterr()
    assert f"Le dossier de données {link} est un lien vers {tmp_path / 'usb' / 'companion'}" in (
        captured.err
    )
    assert captured.out == "" and started == []
    assert not (tmp_path / "usb").exists()
