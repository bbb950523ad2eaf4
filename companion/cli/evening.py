"""``companion evening``: run an evening from the command line, over the same TableService the
app uses.

    companion evening new --rules PRESET --players A,B,C,D [--set NAME=VALUE]... [--ranking ...]
                          [--title TEXT] [--place TEXT] [--notes TEXT]
    companion evening record EVENING --order A,B,C,D [--event KIND:PLAYER]...
                             [--cards-left NAME=N,...] [--none-played NAME,...]
                             [--request-id ID]
    companion evening edit EVENING HAND [--order ...] [--event KIND:PLAYER]...
                             [--cards-left NAME=N,...] [--none-played NAME,...]
    companion evening delete EVENING HAND
    companion evening undo EVENING
    companion evening redo EVENING
    companion evening join|leave EVENING NAME
    companion evening plan EVENING
    companion evening share EVENING (--png FILE | --text) [--json]

``EVENING`` is an id, a unique prefix, or ``last``; ``HAND`` a 1-based number. Every change is
made from the version just read, so it is refused (not lost) if another phone changed the
evening meanwhile. Output: one JSON object (``id``, ``version``, ``hands``, ``totals``,
``ranking``, ``next_plan`` with its instructions in ``--lang``, ``undo`` / ``redo``: what
each would touch next, or null; ``undo`` and ``redo`` also print ``undone`` / ``redone``: what
they did); bad input exits 2 with one line on stderr, in ``--lang``. ``record --request-id
ID``: a retry with the same id (after a crash or a timeout, not knowing whether the hand was
stored) records nothing twice: it prints the evening with ``already_recorded``, the number of
the hand that id recorded, and exits 0. A title or place over 80 characters, or notes over
500, are refused (``table.text_limits``) and nothing is written.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from companion.cli import scores
from companion.cli.output import fail, print_json
from companion.cli.words import help_text
from companion.errors import CompanionError
from companion.rules.errors import NotationError
from companion.table.evening_models import Evening
from companion.table.service import DuplicateHandError, TableService
from companion.table.text_limits import NOTE_MAX, PLACE_MAX, TITLE_MAX
from companion.table.undo_log import Change, next_redo, next_undo
from companion.words import DEFAULT_LANG, LANGS, Message

Run = Callable[[TableService, argparse.Namespace], Evening]


def register(subparsers: Any) -> None:
    evening = subparsers.add_parser("evening", help=help_text("evening"))
    sub = evening.add_subparsers(dest="evening_command", required=True)

    def common(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--data-dir", help=help_text("data_dir"))
        p.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help=help_text("lang"))
        return p

    new = common(sub.add_parser("new", help=help_text("new")))
    new.add_argument("--rules", required=True, help=help_text("rules"))
    new.add_argument("--players", required=True, help=help_text("seating"))
    new.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help=help_text("set")
    )
    new.add_argument("--ranking", help=help_text("ranking"))
    new.add_argument("--title", help=help_text("title", max=TITLE_MAX))
    new.add_argument("--place", help=help_text("place", max=PLACE_MAX))
    new.add_argument("--notes", help=help_text("notes", max=NOTE_MAX))
    new.set_defaults(handler=_guard(_new))

    for name in ("record", "edit"):
        p = common(sub.add_parser(name, help=help_text(name)))
        p.add_argument("evening", help=help_text("evening_ref"))
        if name == "edit":
            p.add_argument("hand", type=int)
        p.add_argument("--order", help=help_text("order"))
        p.add_argument("--cards-left", metavar="NAME=N,...", help=help_text("cards_left"))
        p.add_argument("--none-played", metavar="NAME,...", help=help_text("none_played"))
        p.add_argument(
            "--event", action="append", default=[], metavar="KIND:PLAYER", help=help_text("event")
        )
        if name == "record":
            p.add_argument("--request-id", metavar="ID", help=help_text("request_id"))
        p.set_defaults(handler=_guard(_record if name == "record" else _edit))

    runs: tuple[tuple[str, Run], ...] = (
        ("delete", _delete),
        ("undo", _undo),
        ("redo", _redo),
        ("plan", _plan),
    )
    for name, run in runs:
        p = common(sub.add_parser(name, help=help_text(name)))
        p.add_argument("evening", help=help_text("evening_ref"))
        if name == "delete":
            p.add_argument("hand", type=int)
        p.set_defaults(handler=_guard(run))

    for name in ("join", "leave"):
        p = common(sub.add_parser(name, help=help_text(name)))
        p.add_argument("evening", help=help_text("evening_ref"))
        p.add_argument("player")
        p.set_defaults(handler=_guard(_join if name == "join" else _leave))

    scores.register_share(sub, common)


def _guard(run: Run) -> Callable[[argparse.Namespace], int]:
    def handler(args: argparse.Namespace) -> int:
        already: int | None = None
        try:
            evening = run(TableService(args.data_dir), args)
        except DuplicateHandError as err:  # a retry of a request already carried out
            evening, already = err.current, err.number
        except CompanionError as err:
            return fail(err, args.lang)
        data = summary(evening, args.lang)
        if already is not None:
            data["already_recorded"] = already
        # Right after an undo, what redo would make again is what was undone (and the
        # reverse after a redo).
        if args.evening_command == "undo":
            data["undone"] = _described(next_redo(evening), args.lang)
        elif args.evening_command == "redo":
            data["redone"] = _described(next_undo(evening), args.lang)
        print_json(data)
        return 0

    return handler


def summary(ev: Evening, lang: str) -> dict[str, Any]:
    """The JSON every ``evening`` command prints (a contract: add keys, never drop one)."""
    names = ev.names()
    return {
        "id": ev.id,
        "version": ev.version,
        "hands": len(ev.hands),
        "totals": {names.get(k, k): v for k, v in ev.totals.items()},
        "ranking": [names.get(p, p) for p in ev.present] if ev.ranked else None,
        "next_plan": ev.next_plan.as_json(lang) if ev.next_plan is not None else None,
        "reversed_order": ev.reversed_order,
        "undo": _described(next_undo(ev), lang),
        "redo": _described(next_redo(ev), lang),
    }


def _described(change: Change | None, lang: str) -> dict[str, Any] | None:
    return change.as_json(lang) if change is not None else None


def _events(items: list[str]) -> list[dict[str, Any]]:
    events = []
    for item in items:
        kind, sep, rest = item.partition(":")
        if not sep or not rest.strip():
            raise NotationError(Message.of("cli.event.expected", item=item))
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
        title=args.title,
        place=args.place,
        notes=args.notes,
        ranking=_names(args.ranking) if args.ranking else None,
    )


def _current(service: TableService, ref: str) -> Evening:
    return service.evening(service.find_evening(ref))


def _cards_left(text: str | None) -> dict[str, int] | None:
    """``Léa=0,Tom=5`` as {name: count}; NotationError naming the bad item."""
    if text is None:
        return None
    counts: dict[str, int] = {}
    for item in (i for i in text.split(",") if i.strip()):
        name, sep, value = item.partition("=")
        value = value.strip()
        if not sep or not name.strip() or not re.fullmatch(r"[0-9]{1,3}", value):
            raise NotationError(Message.of("cli.cards_left.expected", item=item), token=item)
        counts[name.strip()] = int(value)
    return counts


def _card_inputs(ev: Evening, args: argparse.Namespace, recording: bool) -> dict[str, Any]:
    """The cards left and who played none, for card-penalty scoring (S10 card_penalty)."""
    left = _cards_left(args.cards_left)
    none = _names(args.none_played) if args.none_played else []
    penalty = ev.rules()[1].scoring == "card_penalty"
    if penalty and left is None and recording:
        # WIKI: « Les autres joueurs comptent alors leurs cartes » — the count is the result.
        raise NotationError(Message.of("cli.cards_left.count"), code="bad-cards-left")
    if not penalty and (left is not None or none):
        raise NotationError(Message.of("cli.cards_left.only_penalty"), code="bad-cards-left")
    inputs: dict[str, Any] = {}
    if left is not None:
        inputs["cards_left"] = left
    if args.none_played is not None:
        inputs["none_played"] = none
    return inputs


def _record(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    cards = _card_inputs(ev, args, recording=True)
    if args.order is None and "cards_left" not in cards:
        raise NotationError(Message.of("cli.record.order"))
    return service.record_hand(
        ev.id,
        _names(args.order) if args.order else [],
        events=_events(args.event),
        expected_version=ev.version,
        key=_request_id(args.request_id),
        **cards,
    )


_REQUEST_ID = re.compile(r"[A-Za-z0-9_.:\-]{1,64}")


def _request_id(given: str | None) -> str | None:
    """The request id as the hand keeps it (``cli:`` before it: never one of the app's
    keys), or None."""
    if given is None:
        return None
    if not _REQUEST_ID.fullmatch(given):
        raise NotationError(Message.of("cli.request_id.refused", given=given))
    return f"cli:{given}"


def _edit(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.edit_hand(
        ev.id,
        args.hand,
        order=_names(args.order) if args.order else None,
        events=_events(args.event),
        expected_version=ev.version,
        **_card_inputs(ev, args, recording=False),
    )


def _delete(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.delete_hand(ev.id, args.hand, expected_version=ev.version)


def _undo(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.undo(ev.id, expected_version=ev.version)


def _redo(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.redo(ev.id, expected_version=ev.version)


def _plan(service: TableService, args: argparse.Namespace) -> Evening:
    return _current(service, args.evening)


def _join(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.join(ev.id, args.player, expected_version=ev.version)


def _leave(service: TableService, args: argparse.Namespace) -> Evening:
    ev = _current(service, args.evening)
    return service.leave(ev.id, args.player, expected_version=ev.version)
