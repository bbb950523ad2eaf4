"""``companion judge``: rule on a disputed play; one JSON ruling, exit 0 if legal, 1 if not."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.output import fail, print_json
from companion.cli.words import help_text
from companion.errors import CompanionError
from companion.rules.dispute import Dispute
from companion.table.table_presets import game_settings
from companion.words import DEFAULT_LANG, LANGS


def register(subparsers: Any) -> None:
    judge = subparsers.add_parser("judge", help=help_text("judge"))
    judge.add_argument("--rules", required=True, help=help_text("rules"))
    judge.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    judge.add_argument("--players", required=True, help=help_text("judge_players"))
    judge.add_argument("--ranks", help=help_text("ranks"))
    judge.add_argument("--history", action="append", default=[], metavar="NAME: PLAY")
    judge.add_argument("--hand", action="append", default=[], metavar="NAME: CARDS")
    judge.add_argument("--revolution", action="store_true")
    judge.add_argument("--first-hand", action="store_true", help=help_text("first_hand"))
    judge.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help=help_text("lang"))
    judge.add_argument("--play", required=True, metavar="NAME: PLAY")
    judge.set_defaults(handler=judge_command)


def judge_command(args: argparse.Namespace) -> int:
    try:
        # Every option an evening accepts is accepted here; the game options are judged.
        ruling = Dispute.parse(
            args.rules,
            args.players,
            args.play,
            settings=game_settings(args.rules, args.set),
            history=args.history,
            ranks=args.ranks,
            hands=args.hand,
            revolution=args.revolution,
            first_hand=args.first_hand,
        ).ruling()
    except CompanionError as err:
        return fail(err, args.lang)
    print_json(ruling.as_dict(args.lang))
    return 0 if ruling.legal else 1
