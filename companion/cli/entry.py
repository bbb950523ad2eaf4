"""The ``companion`` command line. Every sub-command is a thin layer over a Python API and
prints one JSON object (or a readable table) on stdout; bad input exits 2 with one clear line
on stderr, never a traceback. A sub-command imports only its own module (``COMMANDS``), and
only the app's own commands import the app, when they run."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from companion.cli.words import help_text, set_usage_lang, usage_lang
from companion.errors import one_line
from companion.words import DEFAULT_LANG, lang_of, t


def _lang(argv: Sequence[str]) -> str:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return lang_of(argv[i + 1])
        if arg.startswith("--lang="):
            return lang_of(arg.split("=", 1)[1])
    return DEFAULT_LANG


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with one line in the user's language."""

    def error(self, message: str) -> NoReturn:
        line = t(usage_lang(), "cli.usage_error", message=one_line(message))
        sys.stderr.write(line + "\n")
        raise SystemExit(2)


# Each sub-command's module: ``companion history …`` imports the history's and nothing of
# the others (no rules engine for an export, no table for a ruling).
COMMANDS = {
    "judge": "judge",
    "deal": "deal",
    "history": "history",
    "leaderboard": "history",
    "evening": "evening",
    "export": "transfer",
    "import": "transfer",
    "serve": "app_parser",
    "publish": "publish",
}
_ORDER = ["judge", "deal", "history", "evening", "transfer", "app_parser", "publish"]


def build_parser(
    lang: str = DEFAULT_LANG, *, command: str | None = None
) -> argparse.ArgumentParser:
    """The whole parser; with ``command`` (one of ``COMMANDS``), one that knows only that
    sub-command, so that running it imports only its own module."""
    set_usage_lang(lang)
    parser = _Parser(
        prog="companion",
        description=help_text("description"),
    )
    chosen = COMMANDS.get(command or "")
    modules = [chosen] if chosen else _ORDER
    if chosen is None:
        from companion.cli import app_parser

        app_parser.add_app_arguments(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for name in modules:
        importlib.import_module(f"companion.cli.{name}").register(sub)
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
    # No command uses a pydantic plugin: skip their discovery, a scan of every installed
    # package's metadata at the first model (about 40 ms of CPU per command).
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    args_list = [_clean(a) for a in (sys.argv[1:] if argv is None else argv)]
    command = args_list[0] if args_list else None
    try:
        parser = build_parser(_lang(args_list), command=command)
        args = parser.parse_args(args_list)
    finally:
        set_usage_lang(DEFAULT_LANG)  # the next command in this process asks for its own
    handler = getattr(args, "handler", None)
    if handler is None:
        from companion.cli import app_parser

        return app_parser.run_app(args)
    return int(handler(args))
