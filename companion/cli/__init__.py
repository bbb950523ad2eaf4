"""The ``companion`` command line: one module per command group (``judge``, ``deal``,
``evening``, ``history`` with ``leaderboard``, and the app's ``serve``), ``output`` for what
they print, ``entry`` for the parser and ``main``."""

from companion.cli.entry import build_parser, main

__all__ = ["build_parser", "main"]
