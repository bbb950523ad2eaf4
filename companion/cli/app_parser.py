"""The app's options and ``companion serve``'s arguments, without importing the app: the
commands that only judge, deal or read the history must start without Flet. The handlers
import ``companion.cli.app`` when they run."""

from __future__ import annotations

import argparse
from typing import Any

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
    serve_parser = subparsers.add_parser(
        "serve", help="serve the app to the phones on the local network"
    )
    serve_parser.add_argument(
        "--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0: every network)"
    )
    serve_parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})"
    )
    rights = serve_parser.add_mutually_exclusive_group()
    rights.add_argument(
        "--open", action="store_true", help="no table key: every phone may record (a trusted room)"
    )
    rights.add_argument(
        "--new-key",
        action="store_true",
        help="replace the table key kept in the data folder: every phone must scan again",
    )
    serve_parser.add_argument(
        "--data-dir", help="data folder (default: the platform's data folder)"
    )
    serve_parser.set_defaults(handler=serve)


def add_app_arguments(parser: argparse.ArgumentParser) -> None:
    """The top-level options ``companion`` alone reads."""
    parser.add_argument(
        "--web", action="store_true", help="open in the browser even when a desktop client exists"
    )
    parser.add_argument("--data-dir", help="data folder (default: the platform's data folder)")
