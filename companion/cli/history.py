"""``companion history`` and ``companion leaderboard``: the evenings' results on the command
line, as a readable table or ``--json``.

    companion history [EVENING] [--from DATE] [--to DATE] [--json] [--data-dir DIR]
    companion history EVENING --restore [--json] [--data-dir DIR]
    companion leaderboard [--from DATE] [--to DATE] [--versus NAME,NAME] [--rating] [--json]
                          [--check-ratings] [--data-dir DIR]

``EVENING`` is an evening id, a unique prefix of one, or ``last``; without it ``history``
lists the evenings; an evening whose file does not read is marked on its line and followed by
what to do (``--restore`` puts its latest good backup back, the damaged file kept in
``corrupt/``). The leaderboard ends by saying which evenings it left out and why (``--json``:
``left_out``). ``--check-ratings`` compares the ratings kept in the data folder with a
computation from nothing: exit 0 when they are the same, 1 when they differed (they are then
replaced). Bad input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from companion.cli import scores
from companion.cli.output import fail, print_json, say
from companion.cli.words import help_text, usage_lang
from companion.errors import CompanionError
from companion.table.history_list import LeftOut
from companion.table.places import AveragePlace, place_words
from companion.table.service import TableService
from companion.table.stats import EveningHistory, HeadToHead, LeaderRow
from companion.words import DEFAULT_LANG, LANGS, Message, t
from companion.words.formats import date_medium, date_short, number, signed, time_short


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            t(usage_lang(), "cli.date_expected", text=repr(text))
        ) from None


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", help=help_text("data_dir"))
    parser.add_argument("--json", action="store_true", help=help_text("json"))
    parser.add_argument("--from", dest="start", type=_date, metavar="YYYY-MM-DD")
    parser.add_argument("--to", dest="end", type=_date, metavar="YYYY-MM-DD")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help=help_text("lang"))


def register(subparsers: Any) -> None:
    """Add ``history`` and ``leaderboard`` to the ``companion`` sub-commands."""
    history = subparsers.add_parser("history", help=help_text("history"))
    history.add_argument("evening", nargs="?", help=help_text("evening_ref"))
    history.add_argument("--restore", action="store_true", help=help_text("restore"))
    _common(history)
    history.set_defaults(handler=run_history)
    board = subparsers.add_parser("leaderboard", help=help_text("leaderboard"))
    board.add_argument("--versus", metavar="NAME,NAME", help=help_text("versus"))
    board.add_argument("--rating", action="store_true", help=help_text("rating"))
    board.add_argument("--check-ratings", action="store_true", help=help_text("check_ratings"))
    _common(board)
    board.set_defaults(handler=run_leaderboard)


def _guarded(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    def handler(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except CompanionError as err:  # store errors too (StoreError is a CompanionError)
            return fail(err, args.lang)

    handler.__doc__ = run.__doc__
    return handler


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [[str(h) for h in headers], *[[str(c) for c in r] for r in rows]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def heads(lang: str, *names: str) -> list[str]:
    """Column headings (``cli.head.<name>``; ``#`` as it is)."""
    return [name if name == "#" else t(lang, f"cli.head.{name}") for name in names]


def _damage(code: str, lang: str) -> str:
    """What the history and the leaderboard say of an evening whose file does not read, by
    the store's code (any other code: unreadable)."""
    known = {"corrupt-file": "corrupt_file", "newer-schema": "newer_schema"}
    return t(lang, f"cli.damage.{known.get(code, 'other')}")


def _command(args: argparse.Namespace, *words: str) -> str:
    """A ``companion`` command line for the same data folder and language."""
    line = ["companion", *words]
    if args.data_dir:
        line += ["--data-dir", args.data_dir]
    if args.lang != DEFAULT_LANG:
        line += ["--lang", args.lang]
    return shlex.join(line)


def moment_text(lang: str, moment: datetime) -> str:
    """A moment on the user's clock, as ``lang`` writes a day and a time."""
    local = moment.astimezone()
    return t(lang, "cli.moment", day=date_short(lang, local), time=time_short(lang, local))


def _advice(service: TableService, args: argparse.Namespace, evening_id: str, code: str) -> str:
    """What to do about an evening whose file does not read."""
    lang, short = args.lang, evening_id[:8]
    if code == "newer-schema":
        return t(lang, "cli.damage.update", id=short)
    if code != "corrupt-file":
        command = _command(args, "history", short)
        return t(lang, "cli.damage.unreadable", id=short, code=code, command=command)
    backup = service.latest_backup(evening_id)
    if backup is None:
        return t(lang, "cli.damage.no_backup", id=short)
    moment = backup.taken
    when = "?" if moment is None else moment_text(lang, moment)
    command = _command(args, "history", short, "--restore")
    return t(lang, "cli.damage.restore", id=short, when=when, command=command)


def _restore(service: TableService, args: argparse.Namespace) -> int:
    if not args.evening:
        raise CompanionError(Message.of("cli.restore.which"))
    evening_id = service.find_evening(args.evening)
    error = service.evening_entry(evening_id).error
    if error == "newer-schema":
        raise CompanionError(Message.of("cli.restore.newer"))
    if error is None:
        raise CompanionError(Message.of("cli.restore.fine"))
    used = service.restore_evening(evening_id)
    if args.json:
        print_json({"restored": evening_id, "backup": str(used)})
    else:
        say(t(args.lang, "cli.damage.restored", backup=used))
    return 0


@_guarded
def run_history(args: argparse.Namespace) -> int:
    service = TableService(args.data_dir)
    lang = args.lang
    if args.restore:
        return _restore(service, args)
    if args.evening:
        evening_id = service.find_evening(args.evening)
        history = service.history(evening_id)
        sheet = service.score_sheet(evening_id)
        if args.json:
            print_json(history.model_dump(mode="json") | {"sheet": scores.sheet_json(sheet)})
        else:
            say(f"{_evening_text(history, lang)}\n\n{scores.sheet_text(sheet, _table, lang)}")
        return 0
    names = {p.id: p.name for p in service.players()}
    rows: list[dict[str, Any]] = []
    for item in service.evening_items(args.start, args.end):  # the History screen's lines
        backup = service.latest_backup(item.evening_id) if item.problem == "corrupt-file" else None
        rows.append(
            {
                "id": item.evening_id,
                "date": item.date.isoformat() if item.date else None,
                "title": item.title,
                "place": item.place,
                "players": [names.get(p, p) for p in item.players],
                "hands": item.hands,
                "ended": item.ended,
                "leader": names.get(item.winner, item.winner) if item.winner else None,
                "error": item.problem,
                # when it was started (UTC, ISO)
                "start": item.started_at.isoformat() if item.started_at else None,
                "preset": item.preset,
                # a damaged evening's latest good backup (what --restore puts back)
                "backup": None if backup is None else str(backup.path),
            }
        )
    if args.json:
        print_json({"evenings": rows})
        return 0
    table = _table(
        heads(lang, "evening", "date", "place", "hands", "leading", "players"),
        [
            [
                r["id"][:8],
                date_medium(lang, date.fromisoformat(r["date"])) if r["date"] else "",
                r["place"] or r["title"] or "",
                number(lang, r["hands"]),
                _damage(r["error"], lang)
                if r["error"]
                else (r["leader"] or "") + (" ✓" if r["ended"] else ""),
                ", ".join(r["players"]),
            ]
            for r in rows
        ],
    )
    advice = [_advice(service, args, r["id"], r["error"]) for r in rows if r["error"]]
    say("\n\n".join([table, "\n".join(advice)]) if advice else table)
    return 0


def _left_out_text(left: Sequence[LeftOut], lang: str) -> str:
    """The leaderboard's last line when it left evenings out ("" when none)."""
    if not left:
        return ""
    items = ", ".join(
        f"{e.evening_id[:8]}{f' ({date_medium(lang, e.date)})' if e.date else ''} "
        f"{_damage(e.reason, lang)}"
        for e in left
    )
    return "\n\n" + t(lang, "cli.damage.left_out", count=len(left), items=items)


def _left_out_json(left: Sequence[LeftOut]) -> list[dict[str, Any]]:
    return [
        {"id": e.evening_id, "reason": e.reason, "date": e.date, "title": e.title} for e in left
    ]


def _evening_text(h: EveningHistory, lang: str) -> str:
    ids = [s.player_id for s in h.standings]
    where = h.place or h.title or ""
    head = f"{date_medium(lang, h.date)}  {where}  ({h.preset}, {h.scoring})".rstrip()
    rows = []
    for row in h.hands:
        cells: list[Any] = [number(lang, row.number)]
        for p in ids:
            if p in row.points:
                cells.append(
                    f"{h.title_in(lang, row.titles[p])} {signed(lang, row.points[p])} = "
                    f"{number(lang, row.totals[p])}"
                )
            else:
                cells.append("—")
        rows.append(cells)
    hands = _table(["#", *[h.names[p] for p in ids]], rows)
    ranking = _table(
        heads(lang, "rank", "player", "points", "title"),
        [
            [number(lang, s.place), s.name, number(lang, s.total), h.title_in(lang, s.title) or ""]
            for s in h.standings
        ],
    )
    ended = t(lang, "cli.evening.ended") if h.ended else ""
    return f"{head}{ended}\n\n{hands}\n\n{ranking}"


@_guarded
def run_leaderboard(args: argparse.Namespace) -> int:
    service = TableService(args.data_dir)
    lang = args.lang
    if args.versus:
        a, sep, b = args.versus.partition(",")
        if not sep:
            raise CompanionError(Message.of("cli.versus.two_names"))
        h2h = service.head_to_head(a, b, args.start, args.end)
        left = service.left_out(args.start, args.end)
        if args.json:
            print_json(h2h.model_dump(mode="json") | {"left_out": _left_out_json(left)})
        else:
            say(_versus_text(h2h, lang) + _left_out_text(left, lang))
        return 0
    if args.check_ratings:
        same, players = service.check_ratings()
        if args.json:
            print_json({"consistent": same, "players": players, "repaired": not same})
        else:
            say(t(lang, "cli.ratings.same" if same else "cli.ratings.repaired", players=players))
        return 0 if same else 1
    if args.rating:
        names = {p.id: p.name for p in service.players()}
        places = service.average_places(args.start, args.end)
        ratings = service.ratings()
        left = service.left_out()  # the ratings are of all time
        if args.json:
            print_json(
                {
                    "ratings": scores.ratings_json(ratings, names, places),
                    "left_out": _left_out_json(left),
                }
            )
        else:
            say(
                scores.ratings_text(ratings, names, places, _table, lang)
                + _left_out_text(left, lang)
            )
        return 0
    rows = service.leaderboard(args.start, args.end)
    places = service.average_places(args.start, args.end)
    left = service.left_out(args.start, args.end)
    if args.json:
        print_json(
            {
                "from": args.start,
                "to": args.end,
                "players": [
                    r.model_dump(mode="json") | scores.place_json(places.get(r.player_id))
                    for r in rows
                ],
                "left_out": _left_out_json(left),
            }
        )
        return 0
    say(_leaders_text(rows, lang, places) + _left_out_text(left, lang))
    return 0


def _leaders_text(rows: Sequence[LeaderRow], lang: str, places: Mapping[str, AveragePlace]) -> str:
    headers = heads(
        lang,
        "#",
        "player",
        "points",
        "hands",
        "evenings",
        "avg_place",
        "president",
        "scum",
        "streak",
    )
    penalty = any(r.penalty for r in rows)
    if penalty:
        headers += heads(lang, "penalty")
    body = []
    for r in rows:
        place = places.get(r.player_id)
        avg = "" if place is None else place_words(place, lang)
        counts = [r.points, r.hands, r.evenings]
        titles = [r.president, r.trou_du_cul, r.longest_streak]
        cells = [
            number(lang, r.rank),
            r.name,
            *(number(lang, c) for c in counts),
            avg,
            *(number(lang, c) for c in titles),
        ]
        body.append([*cells, number(lang, r.penalty)] if penalty else cells)
    return f"{_table(headers, body)}\n\n{t(lang, 'cli.board.note')}"


def _versus_text(h: HeadToHead, lang: str) -> str:
    return t(
        lang,
        "cli.versus",
        a=h.a_name,
        b=h.b_name,
        hands=h.hands,
        evenings=h.evenings,
        a_ahead=h.a_ahead,
        b_ahead=h.b_ahead,
    )
