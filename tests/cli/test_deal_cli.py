"""``companion deal``: the command-line contract.

    companion deal --rules PRESET [--set NAME=VALUE]... --players NAME,NAME,... [--first]
                   [--lang fr|en]

One JSON object on stdout and exit 0; exit 2 with one clear line on stderr otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.deal import register
from companion.rules.presets import PRESETS

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Bob", "Cléo", "Dan", "Eve", "Fred", "Gus", "Hugo", "Ida", "Jo"]
KEYS = [
    "titles",
    "seating",
    "dealer",
    "deck",
    "cards",
    "set_aside",
    "exchanges",
    "discards",
    "first_lead",
    "instructions",
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code = args.handler(args)
    out, err = capsys.readouterr()
    return code, out, err


def check_shape(data: dict, players: list[str], first: bool) -> None:
    assert list(data) == KEYS
    assert sorted(data["seating"]) == sorted(players)
    assert data["dealer"] in players
    assert set(data["cards"]) == set(players)
    assert all(isinstance(v, int) and v > 0 for v in data["cards"].values())
    assert sum(data["cards"].values()) + data["set_aside"] == data["deck"]["cards"]
    assert set(data["deck"]) == {"cards", "decks", "jokers"}
    for e in data["exchanges"]:
        assert set(e) == {"from", "to", "count", "kind"}
        assert e["kind"] in ("best", "lowest", "chosen")
        assert e["from"] in players and e["to"] in players and e["count"] > 0
    for d in data["discards"]:
        assert set(d) == {"player", "count", "shown", "to"}
    assert data["first_lead"] is None or data["first_lead"] in players
    assert data["instructions"] and all(isinstance(s, str) for s in data["instructions"])
    if first:
        assert data["titles"] == {} and data["exchanges"] == [] and data["discards"] == []
    else:
        assert list(data["titles"]) == players


@pytest.mark.parametrize("pid", sorted(PRESETS))
def test_every_preset_every_count(pid: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every preset, every player count it allows, with or without ``--first``, in French and
    English: exit 0 and one line of JSON with the plan's keys in order, every player seated and
    dealt cards, the whole pack accounted for, and titles and exchanges only after a first hand."""
    low, high = PRESETS[pid].players
    for n in range(low, high + 1):
        players = NAMES[:n]
        for first in (False, True):
            for lang in ("fr", "en"):
                argv = ["deal", "--rules", pid, "--players", ",".join(players), "--lang", lang]
                code, out, err = run([*argv, "--first"] if first else argv, capsys)
                assert (code, err) == (0, ""), (pid, n, first, err)
                assert out.count("\n") == 1
                check_shape(json.loads(out), players, first)


def test_tdc_four_players_output(capsys: pytest.CaptureFixture[str]) -> None:
    """TDC: "2 cartes au Trou-du-cul, puis 1 par 1"; "Le Trou-du-cul donne au Président ses 2
    meilleures cartes. Celui-ci lui en rend 2 au choix. Le Larbin donne au Secrétaire sa
    meilleure carte. Celui-ci lui en rend 1 au choix."""
    code, out, _ = run(["deal", "--rules", "classique", "--players", "Léa,Tom,Max,Sarah"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["titles"] == {
        "Léa": "Président",
        "Tom": "Secrétaire",
        "Max": "Larbin",
        "Sarah": "Trou-du-cul",
    }
    assert data["dealer"] == "Sarah"
    assert data["deck"] == {"cards": 54, "decks": 1, "jokers": 2}
    assert data["cards"] == {"Léa": 13, "Tom": 13, "Max": 13, "Sarah": 15}
    assert data["set_aside"] == 0
    assert data["exchanges"] == [
        {"from": "Sarah", "to": "Léa", "count": 2, "kind": "best"},
        {"from": "Léa", "to": "Sarah", "count": 2, "kind": "chosen"},
        {"from": "Max", "to": "Tom", "count": 1, "kind": "best"},
        {"from": "Tom", "to": "Max", "count": 1, "kind": "chosen"},
    ]
    assert data["discards"] == []
    assert data["first_lead"] == "Léa"
    assert "Léa" in out  # ensure_ascii=False: names as typed


def test_set_options_of_both_kinds(capsys: pytest.CaptureFixture[str]) -> None:
    """``--set`` takes game options and table options alike: ``jokers=0`` leaves a pack of 52,
    ``exchange=1`` leaves one pair exchanging one card each way, and ``putsch=true`` adds the putsch
    to the instructions."""
    code, out, _ = run(
        [
            "deal",
            "--rules",
            "trou-du-cul",
            "--players",
            "A,B,C,D,E",
            "--set",
            "jokers=0",
            "--set",
            "exchange=1",
            "--set",
            "putsch=true",
        ],
        capsys,
    )
    assert code == 0
    data = json.loads(out)
    assert data["deck"]["cards"] == 52
    assert len(data["exchanges"]) == 2
    assert any("putsch" in s for s in data["instructions"])


@pytest.mark.parametrize(
    ("argv", "fr", "en"),
    [
        (["--rules", "belote", "--players", "A,B,C,D"], "Règles inconnues", "Unknown rules"),
        (["--rules", "president", "--players", "A,B,C"], "Trop peu de joueurs", "Too few players"),
        (["--rules", "president", "--players", "A,B,C,D,E"], "Trop de joueurs", "Too many players"),
        (
            ["--rules", "classique", "--players", "A,B,C,D,E,F,G"],
            "Trop de joueurs",
            "Too many players",
        ),
        (["--rules", "pagat", "--players", "A,B,A,D"], "Nom en double", "Duplicate name"),
        (["--rules", "pagat", "--players", "A,B,,D"], "Nom de joueur vide", "Empty player name"),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--set", "nosuch=1"],
            "Option inconnue",
            "Unknown option",
        ),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--set", "jokers=5"],
            "Règles invalides",
            "Invalid rules",
        ),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--set", "scoring=bogus"],
            "Règles de table invalides",
            "Invalid table rules",
        ),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--set", "exchange"],
            "NOM=VALEUR",
            "NAME=VALUE",
        ),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--set", "target=²"],
            "attendu un nombre",
            "expected a number",
        ),
        (
            ["--rules", "pagat", "--players", "A,B,C,D", "--seats", "A,B,C,D"],
            "seating=fixed",
            "seating=fixed",
        ),
    ],
)
def test_errors_exit_2_with_one_line(
    argv: list[str], fr: str, en: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad input (unknown rules, a player count out of range, a duplicate or empty name, an unknown,
    invalid or unreadable option, ``--seats`` under rules without fixed seats) exits 2 with nothing
    on stdout and one line on stderr saying what is wrong, in ``--lang`` (French by default)."""
    for lang, needle in (("fr", fr), ("en", en)):
        code, out, err = run(["deal", *argv, "--lang", lang], capsys)
        assert code == 2
        assert out == ""
        assert err.count("\n") == 1 and needle in err
        assert "Traceback" not in err
    code, _, err = run(["deal", *argv], capsys)  # French by default
    assert code == 2 and fr in err


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra)
    return env


def test_end_to_end_subprocess() -> None:
    """The handler through a real process: JSON on stdout, exit 0; exit 2 and one line."""
    code = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"
    ok = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "deal",
            "--rules",
            "president",
            "--players",
            "Zoé,Élise,Noé,Léo",
            "--lang",
            "en",
        ],
        capture_output=True,
        env=_env(),
        cwd=ROOT,
        timeout=60,
    )
    assert ok.returncode == 0, ok.stderr
    data = json.loads(ok.stdout.decode("utf-8"))
    assert data["cards"]["Zoé"] == 14 and data["first_lead"] == "Léo"
    bad = subprocess.run(
        [sys.executable, "-c", code, "deal", "--rules", "president", "--players", "A,B"],
        capture_output=True,
        env=_env(),
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == b""
    assert bad.stderr.decode("utf-8").count("\n") == 1


def test_c_locale_still_prints_utf8() -> None:
    """Under the C locale with an ASCII output encoding, ``companion deal`` still exits 0 and writes
    its JSON in UTF-8, accented names and titles intact."""
    code = "import sys; from companion.cli import main; sys.exit(main(sys.argv[1:]))"
    env = _env(LC_ALL="C", LANG="C", PYTHONIOENCODING="ascii")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "deal",
            "--rules",
            "classique",
            "--players",
            "Léa,Tom,Max,Sarah",
        ],
        capture_output=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.decode("utf-8"))["titles"]["Léa"] == "Président"


def test_through_companion_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """``deal`` is reached through the ``companion`` command's own entry points
    (``companion.cli.main`` and ``python -m companion.cli``), with the same JSON and exit codes."""
    from companion.cli import main

    assert main(["deal", "--rules", "concierge", "--players", "A,B,C,D,E,F"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deck"] == {"cards": 106, "decks": 2, "jokers": 2}
    assert main(["deal", "--rules", "concierge", "--players", "A,B", "--lang", "en"]) == 2
    assert "Too few players" in capsys.readouterr().err
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "deal",
            "--rules",
            "pagat",
            "--players",
            "A,B,C,D",
            "--first",
        ],
        capture_output=True,
        env=_env(),
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["titles"] == {}
