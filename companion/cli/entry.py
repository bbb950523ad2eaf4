"""The ``companion`` command line. Every sub-command is a thin layer over a Python API and
prints one JSON object (or a readable table) on stdout; bad input exits 2 with one clear line
on stderr, never a traceback. Only the app's own commands import the app, when they run."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from companion.cli import judge
from companion.errors import one_line


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

    def error(self, message: str) -> NoReturn:
        prefix = "companion : erreur d'usage" if self.lang == "fr" else "companion: usage error"
        sys.stderr.write(f"{prefix}: {one_line(message)}\n")
        raise SystemExit(2)


def build_parser(lang: str = "fr", *, judge_only: bool = False) -> argparse.ArgumentParser:
    """The whole parser; with ``judge_only``, one that knows only ``judge`` (what ``companion
    judge …`` needs: a ruling should not wait for the storage and table modules to load)."""
    _Parser.lang = lang
    parser = _Parser(
        prog="companion",
        description="Referee and scorekeeper for Président. Without a command, opens the app.",
    )
    if judge_only:
        judge.register(parser.add_subparsers(dest="command", parser_class=_Parser))
        return parser
    from companion.cli import app_parser, deal, evening, history, publish

    app_parser.add_app_arguments(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    judge.register(sub)
    deal.register(sub)
    history.register(sub)
    evening.register(sub)
    app_parser.register(sub)
    publish.register(sub)
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
    parser = build_parser(_lang(args_list), judge_only=args_list[:1] == ["judge"])
    args = parser.parse_args(args_list)
    handler = getattr(args, "handler", None)
    if handler is None:
        from companion.cli import app_parser

        return app_parser.run_app(args)
    return int(handler(args))
