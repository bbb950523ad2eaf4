"""``companion judge`` and ``companion deal`` with random and malformed arguments (issue 5,
section 1).

Whatever the arguments, the process exits 0, 1 (``judge`` only: the play is illegal) or 2;
on 0/1 stdout is one JSON object and stderr is empty; on 2 stderr is exactly one clear line
and stdout is empty; never a traceback. The properties call ``companion.cli.main`` in
process (fast); a few subprocess runs check the real entry point.

Default run: a derandomized sample. ``python -m pytest -m slow tests/stress`` runs each
property its share of ``COMPANION_STRESS_CASES`` (see ``_common.py``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys

import pytest
from _common import ODD, PRESET_IDS, TEXT, count, fast, one_clear_line, set_pairs, slow
from hypothesis import example, given
from hypothesis import strategies as st

from companion.cli import main

JUDGE_KEYS = {"legal", "code", "message", "next", "to_beat", "reason", "source", "option"}
DEAL_KEYS = {
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
}

NAMES = st.sampled_from(
    [
        "Ann",
        "Bob",
        "Cat",
        "Dan",
        "Léa",
        "Éric",
        "ann",
        " Ann ",
        "Zoë",
        "名",
        "😀",
        "A,B",
        "x:y",
        "Bob Bob",
    ]
)
CARD = st.sampled_from(
    [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "T",
        "J",
        "Q",
        "K",
        "A",
        "V",
        "D",
        "R",
        "JK",
        "JKR",
        "JKB",
        "10♥",
        "Qs",
        "4♣",
        "A♠",
        "2h",
        "3d",
        "11",
        "1",
        "0",
        "Z",
        "♥",
        "10♥♥",
        "jk",
        "t",
        "q♦",
    ]
)
PLAY = st.one_of(
    st.lists(CARD, min_size=1, max_size=5).map(" ".join),
    st.sampled_from(
        [
            "pass",
            "passe",
            "PASS",
            "",
            " ",
            "give 5♥ to Ann",
            "donne 5♥ à Bob",
            "discard 8♣",
            "défausse",
            "give",
            "give to",
            "give 5♥ to Nobody",
            "discard 8♣ 9♣",
        ]
    ),
    TEXT,
)


@st.composite
def player_list(draw) -> str:
    names = draw(st.lists(st.one_of(NAMES, NAMES, ODD, TEXT), min_size=0, max_size=8))
    sep = draw(st.sampled_from([",", ",", ", ", " , ", ",,", ";"]))
    text = sep.join(names)
    if draw(st.booleans()):
        text = draw(st.sampled_from(["", ",", " ", ","])) + text
    return text


@st.composite
def named(draw, items) -> str:
    """``NAME: X`` with a usual name, sometimes a broken separator or an unknown name."""
    name = draw(st.one_of(NAMES, NAMES, NAMES, TEXT))
    sep = draw(st.sampled_from([": ", ": ", ":", " : ", " ", "", "::", ": :"]))
    return f"{name}{sep}{draw(items)}"


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:  # argparse refusals
            rc = exc.code if isinstance(exc.code, int) else 2
    return rc, out.getvalue(), err.getvalue()


def _check(argv: list[str], command: str) -> tuple[int, dict | None]:
    rc, out, err = _run(argv)
    allowed = (0, 1, 2) if command == "judge" else (0, 2)
    assert rc in allowed, (argv, rc, out, err)
    if rc == 2:
        one_clear_line(err)
        assert out == "", (argv, out)
        count(f"cli: {command} exit 2")
        return rc, None
    assert err == "", (argv, err)
    lines = out.splitlines()
    assert len(lines) == 1, (argv, out)
    doc = json.loads(lines[0])
    keys = JUDGE_KEYS if command == "judge" else DEAL_KEYS
    assert isinstance(doc, dict) and keys <= set(doc), (argv, doc)
    if command == "judge":
        assert doc["legal"] is (rc == 0), (argv, doc)
        assert isinstance(doc["message"], str) and doc["message"], (argv, doc)
    count(f"cli: {command} exit {rc}")
    return rc, doc


PRESET = st.one_of(
    st.sampled_from(PRESET_IDS),
    st.sampled_from(PRESET_IDS),
    TEXT,
    st.sampled_from(["", "CLASSIQUE", " classique", "président", "tdc"]),
)
LANG = st.one_of(st.just(None), st.sampled_from(["fr", "en", "de", "", "EN"]))


@st.composite
def judge_argv(draw) -> list[str]:
    argv = ["judge"]
    if draw(st.integers(0, 19)):
        argv += ["--rules", draw(PRESET)]
    for s in draw(st.lists(set_pairs(), max_size=3)):
        argv += ["--set", s]
    if draw(st.integers(0, 19)):
        argv += ["--players", draw(player_list())]
    if draw(st.integers(0, 3)) == 0:
        argv += ["--ranks", draw(player_list())]
    for h in draw(st.lists(named(PLAY), max_size=6)):
        argv += ["--history", h]
    for h in draw(
        st.lists(named(st.one_of(st.lists(CARD, max_size=8).map(" ".join), TEXT)), max_size=3)
    ):
        argv += ["--hand", h]
    if draw(st.integers(0, 4)) == 0:
        argv.append("--revolution")
    lang = draw(LANG)
    if lang is not None:
        argv += ["--lang", lang]
    if draw(st.integers(0, 19)):
        argv += ["--play", draw(named(PLAY))]
    if draw(st.integers(0, 29)) == 0:
        argv.insert(draw(st.integers(1, len(argv))), draw(TEXT))
    return argv


@st.composite
def deal_argv(draw) -> list[str]:
    argv = ["deal"]
    if draw(st.integers(0, 19)):
        argv += ["--rules", draw(PRESET)]
    for s in draw(st.lists(set_pairs(), max_size=3)):
        argv += ["--set", s]
    if draw(st.integers(0, 19)):
        argv += ["--players", draw(player_list())]
    if draw(st.booleans()):
        argv.append("--first")
    if draw(st.integers(0, 4)) == 0:
        argv += ["--seats", draw(player_list())]
    lang = draw(LANG)
    if lang is not None:
        argv += ["--lang", lang]
    if draw(st.integers(0, 29)) == 0:
        argv.insert(draw(st.integers(1, len(argv))), draw(TEXT))
    return argv


# A plausible judge case, so the legal/illegal paths are exercised and not only refusals.
@st.composite
def plausible_judge(draw) -> list[str]:
    pid = draw(st.sampled_from(PRESET_IDS))
    players = ["Ann", "Bob", "Cat", "Dan"]
    argv = ["judge", "--rules", pid, "--players", ",".join(players)]
    turn = 0
    for _ in range(draw(st.integers(0, 4))):
        play = draw(
            st.one_of(st.lists(CARD, min_size=1, max_size=2).map(" ".join), st.just("pass"))
        )
        argv += ["--history", f"{players[turn % 4]}: {play}"]
        turn += 1
    who = players[turn % 4] if draw(st.integers(0, 3)) else draw(st.sampled_from(players))
    argv += ["--play", f"{who}: {draw(st.lists(CARD, min_size=1, max_size=3).map(' '.join))}"]
    if draw(st.booleans()):
        argv += ["--lang", "en"]
    return argv


@st.composite
def plausible_deal(draw) -> list[str]:
    pool = ["Tom", "Léa", "Ana", "Max", "Zoë", "名", "Éric", "Bob"]
    names = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=8, unique=True))
    argv = ["deal", "--rules", draw(st.sampled_from(PRESET_IDS)), "--players", ",".join(names)]
    if draw(st.integers(0, 3)) == 0:
        argv += ["--set", draw(set_pairs())]
    if draw(st.booleans()):
        argv.append("--first")
    if draw(st.booleans()):
        argv += ["--lang", "en"]
    return argv


@fast(100)
@given(judge_argv())
@example(["judge", "--rules", "classique", "--players", "S,L,TC,P", "--play", "S: 4"])
@example(["judge", "--rules", "classique", "--players", "S,S", "--play", "S: 4"])
@example(["judge", "--rules", "classique", "--players", "S,\x00", "--play", "\x00: 4"])
def test_judge_bad_arguments(argv):
    """Whatever the arguments, ``companion judge`` exits 0 or 1 with one JSON ruling on stdout
    (``legal`` true exactly on 0) and nothing on stderr, or 2 with one clear line on stderr and
    nothing on stdout; never a traceback."""
    _check(argv, "judge")


@fast(60)
@given(plausible_judge())
def test_judge_plausible(argv):
    """On plausible cases too (a real preset, four players, a short history), ``companion judge``
    exits 0 or 1 with one JSON ruling or 2 with one clear line: legal and illegal rulings are
    checked, not only refusals."""
    _check(argv, "judge")


@fast(80)
@given(plausible_deal())
def test_deal_plausible(argv):
    """On plausible cases too (a real preset, distinct names), ``companion deal`` exits 0 with the
    plan as one JSON object, or 2 with one clear line."""
    _check(argv, "deal")


@fast(100)
@given(deal_argv())
@example(["deal", "--rules", "classique", "--players", "Tom,Léa,Ana,Max"])
@example(["deal", "--rules", "classique", "--players", "Tom,,Léa,Ana"])
@example(["deal", "--rules", "classique", "--players", "Tom,Tom,Léa,Ana"])
def test_deal_bad_arguments(argv):
    """Whatever the arguments, ``companion deal`` exits 0 with the plan as one JSON object on stdout
    and nothing on stderr, or 2 with one clear line on stderr and nothing on stdout; never a
    traceback."""
    _check(argv, "deal")


@pytest.mark.slow
@slow("judge")
@given(st.one_of(judge_argv(), plausible_judge()))
def test_judge_bad_arguments_long(argv):
    """``companion judge`` exits 0 or 1 with one JSON ruling, or 2 with one clear line on stderr,
    never a traceback, on many more random and plausible cases."""
    _check(argv, "judge")


@pytest.mark.slow
@slow("deal")
@given(st.one_of(deal_argv(), plausible_deal()))
def test_deal_bad_arguments_long(argv):
    """``companion deal`` exits 0 with the plan as one JSON object, or 2 with one clear line on
    stderr, never a traceback, on many more random and plausible cases."""
    _check(argv, "deal")


# (arguments, allowed exit codes, output encoding): a few, each run costs a fresh interpreter.
SUBPROCESS_CASES = [
    (["judge", "--rules", "nope", "--players", "A,B", "--play", "A: 4"], {2}, "utf-8"),
    (
        ["judge", "--rules", "classique", "--players", "Léa,Zoë,名", "--play", "名: 4 5"],
        {0, 1},
        "utf-8",
    ),
    (
        ["judge", "--rules", "classique", "--players", "Léa,Zoë,名", "--play", "名: 4 5"],
        {0, 1},
        "ascii",
    ),
    (
        ["deal", "--rules", "classique", "--players", "Tom,,Léa,\x1e😀", "--lang", "en"],
        {0, 2},
        "ascii",
    ),
    # Not UTF-8 (a Latin-1 « é »): read as U+FFFD, never a traceback.
    (
        ["judge", "--rules", "classique", "--players", b"L\xe9a,Bob", "--play", b"L\xe9a: 4"],
        {0, 1},
        "ascii",
    ),
    (["deal", "--rules", "classique", "--players", b"L\xe9a,Bob,Ann,Max"], {0}, "utf-8"),
]


def test_real_entry_point():
    """The real entry point, in fresh interpreters (run side by side), under the C locale
    (arguments that are not ASCII arrive as lone surrogates) with UTF-8 or ASCII-only output:
    both used to end in a UnicodeEncodeError traceback."""
    procs = []
    for argv, codes, encoding in SUBPROCESS_CASES:
        env = {**os.environ, "PYTHONIOENCODING": encoding, "LC_ALL": "C", "PYTHONUTF8": "0"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        procs.append((argv, codes, encoding, proc))
    for argv, codes, encoding, proc in procs:
        out, err_bytes = proc.communicate(timeout=120)
        err = err_bytes.decode("utf-8", "replace")
        assert proc.returncode in codes, (argv, encoding, proc.returncode, err)
        if proc.returncode == 2:
            one_clear_line(err)
        else:
            assert err == "", (argv, encoding, err)
            json.loads(out.decode("utf-8"))


@pytest.mark.parametrize("bad", ["\n", "\r", "\x1e", "\x85", "\u2028", "\x0b"])
def test_echoed_input_stays_on_one_line(bad):
    """Regression: an error message that echoes a line break the user typed (an unknown
    preset, a bad name) used to span several lines of stderr."""
    for argv in (
        ["judge", "--rules", f"x{bad}y", "--players", "A,B", "--play", "A: 4"],
        ["judge", "--rules", "classique", "--players", f"A,B{bad}C", "--play", "Z: 4"],
        ["deal", "--rules", f"x{bad}y", "--players", "A,B,C,D"],
    ):
        rc, out, err = _run(argv)
        assert rc == 2 and out == ""
        one_clear_line(err)
