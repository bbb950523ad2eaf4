"""The JSON ``companion judge`` prints is a contract: keys are only ever added. On plays legal
and illegal across the presets, in both languages, every key and value recorded in
``judge_contract.json`` (written before the ruling carried its parts as data) is still printed
the same."""

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli.judge import register

RECORDED = Path(__file__).with_name("judge_contract.json")

# (arguments after ``judge``); each is run in French and in English.
CASES: list[list[str]] = [
    ["--rules", "pagat", "--players", "A,B,C,D", "--play", "A: 4 4"],
    ["--rules", "pagat", "--players", "A,B,C,D", "--history", "A: 7", "--play", "B: 9"],
    ["--rules", "pagat", "--players", "A,B,C,D", "--history", "A: 7", "--play", "C: 9"],
    ["--rules", "pagat", "--players", "A,B,C,D", "--history", "A: 7 7", "--play", "B: 2"],
    ["--rules", "pagat", "--players", "A,B,C,D", "--history", "A: 9", "--play", "B: 5"],
    ["--rules", "pagat", "--players", "A,B,C,D", "--history", "A: 9", "--play", "B: pass"],
    [
        "--rules", "pagat", "--players", "A,B,C,D", "--set", "speed_play=true",
        "--set", "equal_play=allowed",
        "--history", "A: 7", "--play", "C: 7",
    ],
    [
        "--rules", "classique", "--players", "L,T,Z,M",
        "--history", "L: 7", "--history", "T: pass", "--history", "Z: 8",
        "--history", "M: pass", "--play", "T: 9",
    ],
    [
        "--rules", "pagat", "--players", "A,B,C,D",
        "--history", "A: 7", "--history", "B: pass", "--history", "C: 8",
        "--play", "B: 9",
    ],
    ["--rules", "classique", "--players", "L,T,Z,M", "--history", "L: JK", "--play", "T: 5 5 5 5"],
    ["--rules", "classique", "--players", "L,T,Z,M", "--history", "L: JK", "--play", "T: A A A"],
    ["--rules", "classique", "--players", "L,T,Z,M", "--history", "L: 10", "--play", "T: 10"],
    ["--rules", "concierge", "--players", "A,B,C,D", "--history", "A: 4 4 4", "--play", "B: 2"],
    [
        "--rules", "armix", "--players", "S,L,T,P", "--history", "S: 8",
        "--hand", "L: 3♣ 9♥", "--play", "L: pass",
    ],
    [
        "--rules", "trou-du-cul", "--players", "A,B,C", "--history", "A: 5♠",
        "--set", "suits=follow_suit", "--play", "B: 6♥",
    ],
    ["--rules", "strutz", "--players", "A,B,C,D", "--history", "A: 6", "--play", "A: give to D"],
    ["--rules", "strutz", "--players", "A,B,C,D", "--history", "A: 8", "--play", "B: 9"],
    ["--rules", "angevin", "--players", "A,B,C,D", "--history", "A: 7", "--play", "B: 5"],
    ["--rules", "wizz", "--players", "A,B,C,D", "--history", "A: K", "--play", "C: K"],
    [
        "--rules", "klootzakken", "--players", "A,B,C,D",
        "--history", "A: 9 9 9 9", "--play", "B: 6",
    ],
    [
        "--rules", "klootzakken", "--players", "A,B,C,D",
        "--set", "revolution=quad_and_direction", "--set", "transparent=none",
        "--history", "A: 9", "--play", "B: 3",
    ],
    ["--rules", "hubere", "--players", "A,B,C,D", "--history", "A: 9", "--play", "B: 9 9"],
    ["--rules", "butthead", "--players", "A,B,C,D", "--history", "A: 2", "--play", "B: A"],
    ["--rules", "president", "--players", "A,B,C,D", "--play", "A: pass"],
    ["--rules", "president", "--players", "A,B,C,D", "--play", "A: 5 6"],
    [
        "--rules", "pagat", "--players", "A,B,C,D", "--set", "pass_is_final=false",
        "--history", "A: 7", "--history", "B: pass", "--history", "C: 8",
        "--history", "D: pass", "--play", "B: 9",
    ],
]  # fmt: skip


def judged(capsys: pytest.CaptureFixture[str], argv: list[str], lang: str) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(["judge", *argv, "--lang", lang])
    rc = args.handler(args)
    out = json.loads(capsys.readouterr().out)
    assert rc == (0 if out["legal"] else 1)
    return dict(out)


def key(argv: list[str], lang: str) -> str:
    return f"{lang} " + " ".join(argv)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("argv", CASES, ids=[" ".join(c[1:]) for c in CASES])
def test_judge_json_keeps_every_recorded_key_and_value(
    capsys: pytest.CaptureFixture[str], argv: list[str], lang: str
) -> None:
    """Every key and value printed before is printed again (new keys may join)."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))[key(argv, lang)]
    out = judged(capsys, argv, lang)
    assert {k: out.get(k) for k in recorded} == recorded


def test_the_recorded_plays_are_legal_and_illegal_across_presets() -> None:
    """The record holds legal and illegal plays, under several presets."""
    recorded = json.loads(RECORDED.read_text(encoding="utf-8"))
    assert len(recorded) == 2 * len(CASES)
    assert {r["legal"] for r in recorded.values()} == {True, False}
    assert len({c[1] for c in CASES}) >= 8


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_message_is_the_source_then_the_reason(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """``message`` is ``source``, the language's colon, then ``reason``: a script reads the
    parts without splitting the sentence."""
    sep = " : " if lang == "fr" else ": "
    for argv in CASES:
        out = judged(capsys, argv, lang)
        assert out["message"] == out["source"] + sep + out["reason"], argv
