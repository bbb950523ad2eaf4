"""One ruling asked twice: of the engine (typed option values, ``HandState`` and ``judge``) and
of the command line (``companion judge --set NAME=VALUE``, in-process), which must agree.

The seed tests (``test_seed_*.py``) call ``check``: each names a preset, the options the seed
sentence needs, a history and the play in question, and the ruling the sentence implies.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from typing import Any

from companion.rules.cards import Play, parse_cards
from companion.rules.codes import RuleCode
from companion.rules.notation import Action
from companion.rules.opening import required_opening
from companion.rules.presets import get_preset
from companion.rules.referee import apply, judge
from companion.rules.ruleset import with_brought
from companion.rules.state import HandState

DOCUMENTED = {c.value for c in RuleCode}
ANY: Any = object()


def setting(name: str, value: object) -> str:
    """The ``--set`` text for a typed option value."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, frozenset | set | tuple | list):
        text = ",".join(sorted(str(v) for v in value)) or "none"
    elif value is None:
        text = "none"
    else:
        text = str(value)
    return f"{name}={text}"


@dataclass
class Answer:
    code: str
    next: str | None
    to_beat: str | None
    message_fr: str
    message_en: str
    option: str | None = None  # the option the ruling cites


def cli(*argv: str) -> tuple[int, str, str]:
    """``companion …`` in-process: (exit code, stdout, stderr)."""
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            rc = main(list(argv))
        except SystemExit as exc:  # argparse usage errors
            rc = int(exc.code or 0)
    return rc, out.getvalue(), err.getvalue()


def engine(
    preset: str,
    options: Mapping[str, object],
    history: Sequence[str],
    play: str,
    *,
    players: str = "A B C D",
    hands: Mapping[str, str] | None = None,
    revolution: bool = False,
    ranks: str | None = None,
    first_hand: bool = False,
) -> Answer:
    rules = get_preset(preset).rules
    if options:  # what the table said, with what its values bring (as ``--set`` does)
        rules = rules.with_options(**with_brought(dict(options)))
    actions = [Action.parse(h) for h in history]
    proposed = Action.parse(play)
    held = {}
    for name, cards in (hands or {}).items():
        played = [c for a in actions if a.player == name for c in a.play.cards]
        held[name] = (*parse_cards(cards), *played)
    state = HandState.start(
        rules,
        players.split(),
        leader=(actions[0] if actions else proposed).player,
        ranks=ranks.split() if ranks else None,
        hands=held,
        revolution=revolution,
        preset=preset,
        opening=required_opening(rules, first_hand),
    )
    for a in actions:
        state = apply(state, a)
    ruling = judge(state, proposed)
    return Answer(
        ruling.code,
        ruling.next_player,
        None if ruling.to_beat is None else str(ruling.to_beat),
        ruling.fr,
        ruling.en,
        ruling.option,
    )


def command_line(
    preset: str,
    settings: Sequence[str],
    history: Sequence[str],
    play: str,
    *,
    players: str = "A B C D",
    hands: Mapping[str, str] | None = None,
    revolution: bool = False,
    ranks: str | None = None,
    first_hand: bool = False,
) -> Answer:
    argv = ["judge", "--rules", preset, "--players", ",".join(players.split())]
    for s in settings:
        argv += ["--set", s]
    if ranks:
        argv += ["--ranks", ",".join(ranks.split())]
    for h in history:
        argv += ["--history", h]
    for name, cards in (hands or {}).items():
        argv += ["--hand", f"{name}: {cards}"]
    if revolution:
        argv.append("--revolution")
    if first_hand:
        argv.append("--first-hand")
    answers = []
    for lang in ("fr", "en"):
        rc, out, err = cli(*argv, "--lang", lang, "--play", play)
        assert rc in (0, 1), f"exit {rc}: {err}"
        answers.append(json.loads(out))
    fr, en = answers
    assert (fr["legal"], rc) in ((True, 0), (False, 1)) or fr["legal"] == (fr["code"] == "ok")
    return Answer(fr["code"], fr["next"], fr["to_beat"], fr["message"], en["message"], fr["option"])


def check(
    preset: str,
    options: Mapping[str, object] | None,
    history: Sequence[str],
    play: str,
    code: str = "ok",
    *,
    next: Any = ANY,
    to_beat: Any = ANY,
    option: Any = ANY,
    extra: Sequence[str] = (),
    **kwargs: Any,
) -> Answer:
    """Judge ``play`` after ``history`` under ``preset`` with ``options`` changed, in the engine
    and on the command line (``extra``: more ``--set`` items, table options for instance);
    both must give ``code`` (and ``next``/``to_beat``/the cited ``option`` when given)."""
    options = dict(options or {})
    by_engine = engine(preset, options, history, play, **kwargs)
    settings = [setting(k, v) for k, v in options.items()] + list(extra)
    by_cli = command_line(preset, settings, history, play, **kwargs)
    for answer, where in ((by_engine, "engine"), (by_cli, "command line")):
        assert answer.code in DOCUMENTED, answer.code
        assert answer.code == code, f"{where}: {answer.code} — {answer.message_en}"
        if next is not ANY:
            assert answer.next == next, f"{where}: next {answer.next} — {answer.message_en}"
        if to_beat is not ANY:
            expected = None if to_beat is None else str(Play.parse(to_beat))
            assert answer.to_beat == expected, f"{where}: to_beat {answer.to_beat}"
        if option is not ANY:
            assert answer.option == option, f"{where}: option {answer.option}"
        assert answer.message_fr and answer.message_en
        assert answer.message_fr != answer.message_en
    assert (by_engine.next, by_engine.to_beat) == (by_cli.next, by_cli.to_beat)
    return by_cli
