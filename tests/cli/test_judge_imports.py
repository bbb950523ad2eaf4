"""``companion judge`` loads the rules and nothing it does not need: no storage (TinyDB,
``companion.store``), no evening service, no other command's module. A ruling should not
pay for what only the scorekeeping commands use (its process cost is measured by
``benchmarks/bench_cli.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WRAPPER = (
    "import sys\n"
    "from companion.cli import main\n"
    "try:\n"
    "    code = main(sys.argv[1:])\n"
    "except SystemExit as exit:\n"
    "    code = exit.code\n"
    "sys.stderr.write('MODULES ' + ','.join(sorted(sys.modules)) + '\\n')\n"
    "sys.exit(code)\n"
)


def _modules(*argv: str) -> tuple[int, set[str], str]:
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
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return done.returncode, set(line.removeprefix("MODULES ").split(",")), done.stdout


def test_judge_loads_no_storage_and_no_other_command() -> None:
    """A ruling imports neither the storage nor the other commands' modules."""
    code, loaded, out = _modules(
        "judge", "--rules", "classique", "--players", "A,B", "--history", "A: 5♥", "--play", "B: 7♦"
    )
    assert code == 0 and '"legal": true' in out
    heavy = sorted(
        m
        for m in loaded
        if m.split(".")[0] == "tinydb"
        or m == "companion.store"
        or m.startswith("companion.store.")
        or m in ("companion.cli.deal", "companion.cli.evening", "companion.cli.history")
        or m == "companion.table.service"
    )
    assert heavy == []


def test_the_storage_errors_still_come_from_the_table() -> None:
    """``companion.table`` re-exports the storage errors (loaded on first use)."""
    from companion.store import errors
    from companion.table import CorruptFileError, StoreError

    assert StoreError is errors.StoreError and CorruptFileError is errors.CorruptFileError


# Loaded by pydantic only when it builds a model's validator.
BUILT_A_VALIDATOR = "pydantic.plugin._loader"


def test_judge_on_a_preset_builds_no_validator() -> None:
    """A ruling under a preset as it is reads the preset's rules without validating them
    again, so pydantic never builds the rule set's validator (about 40 ms of the 0.25 s)."""
    code, loaded, out = _modules(
        "judge", "--rules", "classique", "--players", "A,B", "--history", "A: 5♥", "--play", "B: 7♦"
    )
    assert code == 0 and '"legal": true' in out
    assert BUILT_A_VALIDATOR not in loaded


def test_judge_with_a_changed_option_validates_it() -> None:
    """``--set`` is checked: the validator is built, and a bad value is refused."""
    code, loaded, out = _modules(
        "judge", "--rules", "classique", "--set", "jokers=2", "--players", "A,B",
        "--history", "A: 5♥", "--play", "B: 7♦",
    )  # fmt: skip
    assert code == 0 and '"legal": true' in out
    assert BUILT_A_VALIDATOR in loaded
    code, _, _ = _modules(
        "judge", "--rules", "classique", "--set", "jokers=9", "--players", "A,B",
        "--play", "A: 5♥",
    )  # fmt: skip
    assert code == 2
