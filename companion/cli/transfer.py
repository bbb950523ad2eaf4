"""``companion export`` and ``companion import``: the full backup (players, evenings, index)
as one JSON file, the same file Settings › Data exports and imports.

    companion export FILE [--data-dir DIR] [--json] [--lang fr|en|de]
    companion import FILE [--data-dir DIR] [--json] [--lang fr|en|de]

``import`` checks the whole file before writing anything, holding no lock (a file over
64 MB is refused unread; a refusal names five problems and counts the others), then adds
its evenings (replacing those with the same id, keeping the others), first exporting the
data as it was to ``<data>/exports/before-import-….json``. Output: a line, or with
``--json`` one object (``export``: ``file``, ``evenings``, ``players``; ``import``:
``file``, ``evenings``, ``players``, ``safety_copy``). A wrong file or an unwritable path
exits 2 with one line on stderr, in ``--lang``, and changes nothing (no file is left).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from companion.cli.output import fail, print_json, say, write
from companion.cli.words import help_text
from companion.words import DEFAULT_LANG, LANGS, t


def register(subparsers: Any) -> None:
    for name, run in (("export", run_export), ("import", run_import)):
        parser = subparsers.add_parser(name, help=help_text(name))
        parser.add_argument("file", type=Path)
        parser.add_argument("--data-dir", help=help_text("data_dir"))
        parser.add_argument("--json", action="store_true", help=help_text("json"))
        parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help=help_text("lang"))
        parser.set_defaults(handler=run)


def run_export(args: argparse.Namespace) -> int:
    from companion.errors import CompanionError
    from companion.table.service import TableService

    lang = args.lang
    if args.file.is_dir():
        folder = t(lang, "cli.transfer.folder")
        return _refuse(t(lang, "cli.transfer.unwritable", file=args.file, reason=folder))
    try:
        service = TableService(args.data_dir)
        path = service.export_backup(args.file)
        counts = {"evenings": len(service.evenings()), "players": len(service.players())}
    except CompanionError as err:
        return fail(err, args.lang)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        return _refuse(t(lang, "cli.transfer.unwritable", file=args.file, reason=reason))
    done = {"file": str(path), **counts}
    if args.json:
        print_json(done)
    else:
        say(t(lang, "cli.transfer.exported", **done))
    return 0


def run_import(args: argparse.Namespace) -> int:
    from companion.errors import CompanionError
    from companion.table import transfer
    from companion.table.service import TableService

    try:
        summary = transfer.import_backup(TableService(args.data_dir), args.file)
    except CompanionError as err:
        return fail(err, args.lang)
    done = {
        "file": str(args.file),
        "evenings": summary.evenings,
        "players": summary.players,
        "safety_copy": str(summary.safety_copy),
    }
    if args.json:
        print_json(done)
    else:
        say(t(args.lang, "cli.transfer.imported", **done))
    return 0


def _refuse(line: str) -> int:
    write(sys.stderr, line + "\n")
    return 2
