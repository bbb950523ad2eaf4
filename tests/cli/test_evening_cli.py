"""``companion evening``: an evening recorded, corrected and reviewed from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "evening", *args, "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture()
def evening(tmp_path: Path) -> Path:
    out = run(
        tmp_path,
        "new",
        "--rules",
        "classique",
        "--players",
        "Léa,Tom,Ana,Max",
        "--ranking",
        "Tom,Léa,Ana,Max",
    )
    assert out.returncode == 0, out.stderr
    return tmp_path


def test_recording_a_hand_makes_the_first_out_president(evening: Path) -> None:
    """TDC: « A la fin de chaque session, le joueur qui finit en 1^{er} devient Président pour
    la session suivante, le 2^e est Secrétaire, etc... »"""
    out = run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["hands"] == 1
    assert summary["ranking"] == ["Ana", "Tom", "Léa", "Max"]
    assert summary["next_plan"]["titles"]["Ana"] == "Président"
    assert summary["next_plan"]["dealer"] == "Max"


def test_an_incomplete_order_is_refused_and_changes_nothing(evening: Path) -> None:
    """A finishing order missing a player gets a clear message and loses nothing."""
    before = {p: p.read_bytes() for p in (evening / "evenings").iterdir()}
    out = run(evening, "record", "last", "--order", "Ana,Tom,Léa", "--lang", "en")
    assert out.returncode == 2
    assert "Max" in out.stderr and "Traceback" not in out.stderr
    assert {p: p.read_bytes() for p in (evening / "evenings").iterdir()} == before


def test_undo_edit_and_delete_recompute_the_evening(evening: Path) -> None:
    """Undo removes the last hand; editing hand 1 recomputes the ranking after it; deleting
    it leaves no hand, and undo brings it back."""
    run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max")
    run(evening, "record", "last", "--order", "Max,Ana,Tom,Léa")
    undone = json.loads(run(evening, "undo", "last").stdout)
    assert undone["hands"] == 1 and undone["ranking"] == ["Ana", "Tom", "Léa", "Max"]
    edited = json.loads(run(evening, "edit", "last", "1", "--order", "Léa,Tom,Ana,Max").stdout)
    assert edited["ranking"] == ["Léa", "Tom", "Ana", "Max"]
    deleted = json.loads(run(evening, "delete", "last", "1").stdout)
    assert deleted["hands"] == 0
    restored = json.loads(run(evening, "undo", "last").stdout)
    assert restored["hands"] == 1 and restored["ranking"] == ["Léa", "Tom", "Ana", "Max"]
    history = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "history",
            "last",
            "--json",
            "--data-dir",
            str(evening),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert history.returncode == 0, history.stderr
    assert "Léa" in history.stdout


def test_commands_survive_an_ascii_only_locale(evening: Path) -> None:
    """Under a C locale with ASCII-only output, names with accents are printed as UTF-8
    (valid JSON), never a traceback."""
    import os

    assert run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max").returncode == 0
    env = {**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"}
    for args in (["evening", "plan", "last"], ["history"], ["history", "last"], ["leaderboard"]):
        out = subprocess.run(
            [sys.executable, "-m", "companion.cli", *args, "--data-dir", str(evening)],
            capture_output=True,
            env=env,
            timeout=60,
        )
        assert out.returncode == 0, out.stderr
        assert b"Traceback" not in out.stderr
        assert "Léa".encode() in out.stdout
    plan = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "evening",
            "plan",
            "last",
            "--data-dir",
            str(evening),
        ],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert json.loads(plan.stdout.decode("utf-8"))["totals"]["Léa"] == 0


def test_redo_makes_again_what_undo_took_back(evening: Path) -> None:
    """``evening redo`` puts back the hand undo removed, and says what it did; the JSON
    keeps every key of the other commands."""
    recorded = json.loads(run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max").stdout)
    undone = json.loads(run(evening, "undo", "last", "--lang", "en").stdout)
    assert undone["hands"] == 0
    assert undone["undone"] == {
        "action": "record",
        "hand": 1,
        "player": None,
        "text": "recording of hand 1",
    }
    assert undone["redo"] == undone["undone"] and undone["undo"] is None
    out = run(evening, "redo", "last")
    assert out.returncode == 0, out.stderr
    redone = json.loads(out.stdout)
    assert redone["hands"] == 1 and redone["ranking"] == recorded["ranking"]
    assert redone["totals"] == recorded["totals"]
    assert redone["redone"]["text"] == "enregistrement de la donne 1"
    assert redone["redo"] is None and redone["undo"]["action"] == "record"
    assert set(recorded) <= set(redone)


def test_the_undo_key_names_a_correction(evening: Path) -> None:
    """After correcting hand 1, every command's JSON says undo would take back that
    correction, in the language asked for."""
    run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max")
    run(evening, "record", "last", "--order", "Max,Ana,Tom,Léa")
    edited = json.loads(
        run(evening, "edit", "last", "1", "--order", "Léa,Tom,Ana,Max", "--lang", "fr").stdout
    )
    assert edited["undo"]["text"] == "correction de la donne 1"
    plan = json.loads(run(evening, "plan", "last", "--lang", "en").stdout)
    assert plan["undo"]["text"] == "correction of hand 1"


def test_redo_with_nothing_undone_is_refused_in_words(evening: Path) -> None:
    """Nothing to redo: exit 2, one line in the language asked for, nothing changed."""
    run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max")
    before = {p: p.read_bytes() for p in (evening / "evenings").iterdir()}
    out = run(evening, "redo", "last", "--lang", "en")
    assert out.returncode == 2
    assert out.stderr.strip() == "Nothing to redo."
    assert {p: p.read_bytes() for p in (evening / "evenings").iterdir()} == before


def test_a_retried_request_records_the_hand_once(evening: Path) -> None:
    """Rule (issue 21 §13): ``record --request-id``, run again with the same id (a retry
    after a crash, not knowing whether the hand was stored), records nothing twice: exit 0,
    the evening as it is, and which hand that id recorded."""
    first = run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max", "--request-id", "r-1")
    assert first.returncode == 0, first.stderr
    assert "already_recorded" not in json.loads(first.stdout)
    again = run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max", "--request-id", "r-1")
    assert again.returncode == 0, again.stderr
    data = json.loads(again.stdout)
    assert data["already_recorded"] == 1 and data["hands"] == 1
    other = run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max", "--request-id", "r-2")
    assert json.loads(other.stdout)["hands"] == 2


def test_a_request_id_that_is_not_one_is_refused_in_words(evening: Path) -> None:
    """Rule: a request id with spaces (or too long) is refused, exit 2, one line, nothing
    recorded."""
    out = run(evening, "record", "last", "--order", "Ana,Tom,Léa,Max", "--request-id", "a b")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "a b" in out.stderr
    assert run(evening, "plan", "last").returncode == 0
    assert json.loads(run(evening, "plan", "last").stdout)["hands"] == 0
