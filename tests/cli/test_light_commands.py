"""``companion judge``, ``deal``, ``history``, ``leaderboard`` and ``evening …`` start without
the app: no Flet and no ``companion.ui`` module is imported; only the app's own commands
(``serve``, ``companion`` alone) import them, when they run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Runs the command line in-process, then reports on stderr which app modules got imported.
WRAPPER = (
    "import sys\n"
    "from companion.cli import main\n"
    "try:\n"
    "    code = main(sys.argv[1:])\n"
    "except SystemExit as exit:\n"
    "    code = exit.code\n"
    "app = sorted(m for m in sys.modules if m.split('.')[0] == 'flet' or m == 'companion.ui'\n"
    "             or m.startswith('companion.ui.'))\n"
    "sys.stderr.write('APP MODULES ' + ','.join(app) + '\\n')\n"
    "sys.exit(code)\n"
)


def _run(*argv: str) -> tuple[int, list[str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("APP MODULES"))
    loaded = line.removeprefix("APP MODULES ").split(",")
    return done.returncode, [m for m in loaded if m]


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = str(tmp_path_factory.mktemp("light-data"))
    code, loaded = _run(
        "evening", "new", "--rules", "pagat", "--players", "Ann,Bob,Cat,Dan", "--data-dir", folder
    )
    assert code == 0 and loaded == []
    return folder


@pytest.mark.parametrize(
    "argv",
    [
        ["judge", "--rules", "classique", "--players", "A,B", "--play", "A: 3♣"],
        ["deal", "--rules", "classique", "--players", "A,B,C,D", "--lang", "en"],
        ["history"],
        ["history", "last", "--json"],
        ["leaderboard", "--json"],
        ["evening", "record", "last", "--order", "Ann,Bob,Cat,Dan"],
        ["evening", "plan", "last", "--lang", "en"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_a_command_that_needs_no_app_imports_none(argv: list[str], data: str) -> None:
    """Rule: these commands import neither Flet nor the screens (they start fast)."""
    needs_data = argv[0] in ("history", "leaderboard", "evening")
    code, loaded = _run(*argv, *(["--data-dir", data] if needs_data else []))
    assert code == 0
    assert loaded == [], f"companion {' '.join(argv)} imported {loaded}"


def test_the_app_commands_do_import_the_app(tmp_path: Path) -> None:
    """The check above can fail: ``serve`` imports the app when it runs (here it then
    refuses a port out of range)."""
    code, loaded = _run(
        "serve", "--port", "70000", "--host", "127.0.0.1", "--data-dir", str(tmp_path)
    )
    assert code == 2
    assert "flet" in loaded and "companion.ui.server" in loaded
