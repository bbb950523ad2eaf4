"""The ``companion`` command line. Every sub-command is a thin layer over a Python API and
prints one JSON object (or a readable table) on stdout; bad input exits 2 with one clear line
on stderr, never a traceback."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from companion.errors import CompanionError, one_line
from companion.rules.dispute import Dispute
from companion.rules.errors import IllegalHistoryError
from companion.table.commands import _write
from companion.table.commands import register as register_deal
from companion.table.evening_commands import register as register_evening
from companion.table.history_commands import register as register_history
from companion.ui.commands import add_app_arguments, run_app
from companion.ui.commands import register as register_ui


def _lang(argv: Sequence[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return "fr"


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line in the user's language."""

    lang = "fr"

    def error(self, message: str) -> None:  # type: ignore[override]
        prefix = "companion : erreur d'usage" if self.lang == "fr" else "companion: usage error"
        sys.stderr.write(f"{prefix}: {one_line(message)}\n")
        raise SystemExit(2)


def _judge(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        dispute = Dispute.parse(
            args.rules,
            args.players,
            args.play,
            settings=args.set,
            history=args.history,
            ranks=args.ranks,
            hands=args.hand,
            revolution=args.revolution,
        )
        ruling = dispute.ruling()
    except IllegalHistoryError as err:
        sys.stderr.write(one_line(err.message(lang)) + "\n")
        return 2
    except CompanionError as err:
        sys.stderr.write(one_line(err.message(lang)) + "\n")
        return 2
    _write(sys.stdout, json.dumps(ruling.as_dict(lang), ensure_ascii=False) + "\n")
    return 0 if ruling.legal else 1


def build_parser(lang: str = "fr") -> argparse.ArgumentParser:
    _Parser.lang = lang
    parser = _Parser(
        prog="companion",
        description="Referee and scorekeeper for Président. Without a command, opens the app.",
    )
    add_app_arguments(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    judge = sub.add_parser("judge", help="rule on a disputed play")
    judge.add_argument("--rules", required=True, help="preset id, e.g. classique")
    judge.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    judge.add_argument("--players", required=True, help="names in playing order, comma-separated")
    judge.add_argument("--ranks", help="current ranking, best first (default: --players)")
    judge.add_argument("--history", action="append", default=[], metavar="NAME: PLAY")
    judge.add_argument("--hand", action="append", default=[], metavar="NAME: CARDS")
    judge.add_argument("--revolution", action="store_true")
    judge.add_argument("--lang", choices=("fr", "en"), default="fr")
    judge.add_argument("--play", required=True, metavar="NAME: PLAY")
    judge.set_defaults(handler=_judge)
    register_deal(sub)
    register_history(sub)
    register_evening(sub)
    register_ui(sub)
    return parser


def _clean(arg: str) -> str:
    """An argument as text: under a non-UTF-8 locale Python keeps undecodable bytes as lone
    surrogates, which no output can encode; read them back as UTF-8 (U+FFFD if they are not)."""
    try:
        arg.encode("utf-8")
        return arg
    except UnicodeEncodeError:
        try:
            raw = os.fsencode(arg)
        except UnicodeEncodeError:
            raw = arg.encode("utf-8", "replace")
        return raw.decode("utf-8", "replace")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = [_clean(a) for a in (sys.argv[1:] if argv is None else argv)]
    parser = build_parser(_lang(args_list))
    args = parser.parse_args(args_list)
    handler = getattr(args, "handler", None)
    if handler is None:
        return run_app(args)
    return int(handler(args))


if __name__ == "__main__":
    raise SystemExit(main())
