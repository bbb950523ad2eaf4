"""``python -m companion.ui [serve …]``: the app's commands on their own, the same as
``companion [serve …]``."""

from __future__ import annotations

import argparse
import sys

from companion.ui.commands import add_app_arguments, register, run_app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.ui")
    add_app_arguments(parser)
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    return int(handler(args) if handler else run_app(args))


if __name__ == "__main__":
    sys.exit(main())
