"""The app's options and ``companion serve``'s arguments, without importing the app: the
commands that only judge, deal or read the history must start without Flet. The handlers
import ``companion.cli.app`` when they run."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.words import help_text

#: ``companion serve``'s usual port (``companion.ui.server.DEFAULT_PORT``; a test keeps the two
#: equal, the app being too heavy to import here).
DEFAULT_PORT = 8550


def serve(args: argparse.Namespace) -> int:
    """``companion serve``: the app served to the phones."""
    from companion.cli import app

    return app.serve_command(args)


def run_app(args: argparse.Namespace) -> int:
    """``companion`` alone: the app on this computer."""
    from companion.cli import app

    return app.run_app(args)


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``companion`` sub-commands."""
    serve_parser = subparsers.add_parser("serve", help=help_text("serve"))
    serve_parser.add_argument("--host", default="0.0.0.0", help=help_text("host"))
    serve_parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=help_text("port", port=DEFAULT_PORT)
    )
    rights = serve_parser.add_mutually_exclusive_group()
    rights.add_argument("--open", action="store_true", help=help_text("open"))
    rights.add_argument("--new-key", action="store_true", help=help_text("new_key"))
    serve_parser.add_argument("--data-dir", help=help_text("data_folder"))
    serve_parser.set_defaults(handler=serve)


def add_app_arguments(parser: argparse.ArgumentParser) -> None:
    """The top-level options ``companion`` alone reads."""
    parser.add_argument("--web", action="store_true", help=help_text("web"))
    parser.add_argument("--data-dir", help=help_text("data_folder"))
