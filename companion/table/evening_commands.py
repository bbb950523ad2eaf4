"""``companion evening``: run an evening from the command line, over the same TableService the
app uses.

    companion evening new --rules PRESET --players A,B,C,D [--set NAME=VALUE]... [--ranking ...]
    companion evening record EVENING --order A,B,C,D [--event KIND:PLAYER]...
    companion evening edit EVENING HAND --order ... [--event KIND:PLAYER]...
    companion evening delete EVENING HAND
    companion evening undo EVENING
    companion evening join|leave EVENING NAME
    companion evening plan EVENING

``EVENING`` is an id, a unique prefix, or ``last``; ``HAND`` a 1-based number. Every change is
made from the version just read, so it is refused (not lost) if another phone changed the
evening meanwhile. Output: one JSON object (``id``, ``version``, ``hands``, ``standings``,
``next_plan``); bad input exits 2 with one line on stderr, in ``--lang``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.errors import CompanionError, one_line
from companion.rules.errors import NotationError
from companion.table.commands import _write
from companion.table.evening import Evening
from companion.table.history_commands import _find
from companion.table.service import TableService


def register(subparsers: Any) -> None:
    evening = subparsers.add_parser("evening", help="start, record and correct an evening")
    sub = evening.add_subparsers(dest="evening_command", required=True)

    def common(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument(
            "--data-dir",
            help="data directory (default: FLET_APP_STORAGE_DATA, else the user data directory)",
        )
        p.add_argument("--lang", choices=("fr", "en"), default="fr")
        return p

    new = common(sub.add_parser("new", help="start an evening"))
    new.add_argument("--rules", required=True)
    new.add_argument("--players", required=True, help="names in seating order, clockwise")
    new.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    new.add_argument("--ranking", help="roles already known (e.g. drawn cards), best first")
    new.add_argument("--place")
    new.set_defaults(handler=_guard(_new))

    for name, doc in (
        ("record", "record a hand's finishing order"),
        ("edit", "correct a past hand (later hands are recomputed)"),
    ):
        p = common(sub.add_parser(name, help=doc))
        p.add_argument("evening")
        if name == "edit":
            p.add_argument("hand", type=int)
        p.add_argument("--order", required=True, help="first out first, comma-separated")
        p.add_argument(
            "--event",
            action="append",
            default=[],
            metavar="KIND:PLAYER",
            help="e.g. revolution:Léa, putsch:Tom=failed, forbidden_finish:Ana",
        )
        p.set_defaults(handler=_guard(_record if name == "record" else _edit))

    for name, doc, run in (
        ("delete", "delete a past hand (undo restores it)", _delete),
        ("undo", "undo the last change", _undo),
        ("plan", "the next hand's plan", _plan),
    ):
        p = common(sub.add_parser(name, help=doc))
        p.add_argument("evening")
        if name == "delete":
            p.add_argument("hand", type=int)
        p.set_defaults(handler=_guard(run))

    for name in ("join", "leave"):
        p = common(sub.add_parser(name, help=f"a player {name}s between hands"))
        p.add_argument("evening")
        p.add_argument("player")
        p.set_defaults(handler=_guard(_join if name == "join" else _leave))


def _guard(run: Any) -> Any:
    def handler(args: argparse.Namespace) -> int:
        try:
            evening = run(TableService(args.data_dir), args)
        except CompanionError as err:
            _write(sys.stderr, one_line(err.message(args.lang)) + "\n")
            return 2
        _write(sys.stdout, json.dumps(_summary(evening), ensure_ascii=False) + "\n")
        return 0

    return handler


def _summary(ev: Evening) -> dict[str, Any]:
    hands = sum(1 for s in ev.steps if type(s).__name__ == "HandStep")
    names = {p.id: p.name for p in ev.players}
    return {
        "id": ev.id,
        "version": ev.version,
        "hands": hands,
        "totals": {names.get(k, k): v for k, v in ev.totals.items()},
        "ranking": [names.get(p, p) for p in ev.present] if ev.ranked else None,
        "next_plan": ev.next_plan,
    }


def _events(items: list[str]) -> list[dict[str, Any]]:
    events = []
    for item in items:
        kind, sep, rest = item.partition(":")
        if not sep or not rest.strip():
            raise NotationError(
                f"« {item} » : attendu TYPE:JOUEUR (ex. putsch:Tom=failed)",
                f"'{item}': expected KIND:PLAYER (e.g. putsch:Tom=failed)",
            )
        player, _, value = rest.partition("=")
        event: dict[str, Any] = {"kind": kind.strip(), "player": player.strip()}
        if value:
            event["outcome" if kind.strip() == "putsch" else "victim"] = value.strip()
        events.append(event)
    return events


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


def _new(service: TableService, args: argparse.Namespace) -> Evening:
    return service.create_evening(
        _names(args.players),
        args.rules,
        settings=args.set,
        place=args.place,
        ranking=_names(args.ranking) if args.ranking else None,
        lang=args.lang,
    )


def _current(service: TableService, ref: str) -> Evening:
    return service.evening(_find(service, ref))


def _record(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.record_hand(
        ev.id, _names(args.order), events=_events(args.event), expected_version=ev.version
    )


def _edit(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.edit_hand(
        ev.id,
        args.hand,
        order=_names(args.order),
        events=_events(args.event),
        expected_version=ev.version,
    )


def _delete(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.delete_hand(ev.id, args.hand, expected_version=ev.version)


def _undo(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.undo(ev.id, expected_version=ev.version)


def _plan(service: TableService, args: argparse.Namespace) -> Evening:
    return _current(service, args.evening)


def _join(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.join(ev.id, args.player, expected_version=ev.version)


def _leave(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.leave(ev.id, args.player, expected_version=ev.version)
