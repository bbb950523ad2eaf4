"""``companion deal``: the table plan for a hand as one JSON object.

    companion deal --rules PRESET [--set NAME=VALUE]... --players NAME,NAME,... [--first]
                   [--lang fr|en|de] [--seats NAME,NAME,...]

Exit 0 with the plan on stdout; exit 2 with one line on stderr (in --lang) for an unknown
preset, a bad player count, duplicate names or bad options. ``--seats`` (not part of the
contract, optional) gives the clockwise seats when the rules keep seats fixed.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.cli.output import fail, print_json, write
from companion.cli.words import help_text
from companion.errors import CompanionError, one_line
from companion.table.plan import plan_for_preset
from companion.words import DEFAULT_LANG, LANGS


def _names(text: str | None) -> list[str] | None:
    return None if text is None else text.split(",")


def deal_command(args: argparse.Namespace) -> int:
    """Handler of ``companion deal``: prints the plan, returns the exit code."""
    lang = getattr(args, "lang", DEFAULT_LANG) or DEFAULT_LANG
    try:
        plan = plan_for_preset(
            args.rules,
            _names(args.players) or [],
            args.set or [],
            first=bool(args.first),
            seats=_names(args.seats),
        )
    except CompanionError as err:
        return fail(err, lang, "companion deal: ")
    except ValueError as err:  # anything else the input caused: still one line, no traceback
        write(sys.stderr, f"companion deal: {one_line(str(err))}\n")
        return 2
    print_json(plan.as_json(lang))
    return 0


def register(subparsers: Any) -> None:
    """Add the ``deal`` sub-command to an argparse sub-parsers object."""
    deal = subparsers.add_parser(
        "deal",
        help=help_text("deal"),
        description=help_text("deal_description"),
    )
    deal.add_argument("--rules", required=True, help=help_text("rules"))
    deal.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=help_text("set"),
    )
    deal.add_argument(
        "--players",
        required=True,
        metavar="NAME,NAME,...",
        help=help_text("deal_players"),
    )
    deal.add_argument("--first", action="store_true", help=help_text("first"))
    deal.add_argument("--seats", metavar="NAME,NAME,...", help=help_text("seats"))
    deal.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help=help_text("lang"))
    deal.set_defaults(handler=deal_command)
