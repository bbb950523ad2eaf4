"""``companion history`` and ``companion leaderboard``: the evenings' results on the command
line, as a readable table or ``--json``.

    companion history [EVENING] [--from DATE] [--to DATE] [--json] [--data-dir DIR]
    companion leaderboard [--from DATE] [--to DATE] [--versus NAME,NAME] [--rating] [--json]
                          [--check-ratings] [--data-dir DIR]

``EVENING`` is an evening id, a unique prefix of one, or ``last``; without it ``history``
lists the evenings. ``--check-ratings`` compares the ratings kept in the data folder with a
computation from nothing: exit 0 when they are the same, 1 when they differed (they are then
replaced). Bad input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import Any

from companion.cli import scores
from companion.cli.output import fail, print_json, say
from companion.errors import CompanionError
from companion.table.places import AveragePlace, place_words
from companion.table.service import TableService
from companion.table.stats import EveningHistory, HeadToHead, LeaderRow


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"date attendue AAAA-MM-JJ / expected YYYY-MM-DD: {text!r}"
        ) from None


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data-dir",
        help="data directory (default: FLET_APP_STORAGE_DATA, else the user data directory)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--from", dest="start", type=_date, metavar="YYYY-MM-DD")
    parser.add_argument("--to", dest="end", type=_date, metavar="YYYY-MM-DD")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")


def register(subparsers: Any) -> None:
    """Add ``history`` and ``leaderboard`` to the ``companion`` sub-commands."""
    history = subparsers.add_parser("history", help="evenings, or one evening hand by hand")
    history.add_argument("evening", nargs="?", help="evening id, unique prefix, or 'last'")
    _common(history)
    history.set_defaults(handler=run_history)
    board = subparsers.add_parser("leaderboard", help="rankings over all evenings or a period")
    board.add_argument("--versus", metavar="NAME,NAME", help="head-to-head of two players")
    board.add_argument(
        "--rating", action="store_true", help="skill ratings (openskill) with their uncertainty"
    )
    board.add_argument(
        "--check-ratings",
        action="store_true",
        help="compare the kept ratings with a computation from nothing (exit 1, and repaired, "
        "if they differ)",
    )
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


@_guarded
def run_history(args: argparse.Namespace) -> int:
    service = TableService(args.data_dir)
    fr = args.lang == "fr"
    if args.evening:
        evening_id = service.find_evening(args.evening)
        history = service.history(evening_id)
        sheet = service.score_sheet(evening_id)
        if args.json:
            print_json(history.model_dump(mode="json") | {"sheet": scores.sheet_json(sheet)})
        else:
            say(f"{_evening_text(history, fr)}\n\n{scores.sheet_text(sheet, _table, fr)}")
        return 0
    names = {p.id: p.name for p in service.players()}
    entries = service.evenings(args.start, args.end)
    rows: list[dict[str, Any]] = []
    for e in entries:
        summary = e.summary if isinstance(e.summary, dict) else {}
        leader = summary.get("winner") or summary.get("leader")
        rows.append(
            {
                "id": e.id,
                "date": e.date,
                "title": e.title,
                "place": e.place,
                "players": [names.get(p, p) for p in e.player_ids],
                "hands": e.hand_count,
                "ended": bool(summary.get("ended")),
                "leader": names.get(leader, leader) if leader else None,
                "error": e.error,
                "start": summary.get("start"),  # when it was started (UTC, ISO)
                "preset": summary.get("preset"),
            }
        )
    if args.json:
        print_json({"evenings": rows})
        return 0
    headers = (
        ["Soirée", "Date", "Lieu", "Mains", "En tête", "Joueurs"]
        if fr
        else ["Evening", "Date", "Place", "Hands", "Leading", "Players"]
    )
    say(
        _table(
            headers,
            [
                [
                    r["id"][:8],
                    r["date"] or "",
                    r["place"] or r["title"] or "",
                    r["hands"],
                    (r["leader"] or "") + (" ✓" if r["ended"] else ""),
                    ", ".join(r["players"]),
                ]
                for r in rows
            ],
        )
    )
    return 0


def _evening_text(h: EveningHistory, fr: bool) -> str:
    ids = [s.player_id for s in h.standings]
    head = f"{h.date}  {h.place or h.title or ''}  ({h.preset}, {h.scoring})".rstrip()
    rows = []
    for row in h.hands:
        cells: list[Any] = [row.number]
        for p in ids:
            if p in row.points:
                cells.append(f"{row.titles[p]} {row.points[p]:+d} = {row.totals[p]}")
            else:
                cells.append("—")
        rows.append(cells)
    hands = _table(["#", *[h.names[p] for p in ids]], rows)
    ranking = _table(
        ["Place", "Joueur" if fr else "Player", "Points", "Titre" if fr else "Title"],
        [[s.place, s.name, s.total, s.title or ""] for s in h.standings],
    )
    ended = (" — terminée" if fr else " — ended") if h.ended else ""
    return f"{head}{ended}\n\n{hands}\n\n{ranking}"


# What ``--check-ratings`` says, in each language.
RATINGS_CHECK = {
    "fr": {
        "same": "Cotes vérifiées : identiques à un recalcul complet ({players} joueurs).",
        "repaired": "Cotes différentes d'un recalcul complet : remplacées ({players} joueurs).",
    },
    "en": {
        "same": "Ratings checked: the same as a full recomputation ({players} players).",
        "repaired": "Ratings differed from a full recomputation: replaced ({players} players).",
    },
}


@_guarded
def run_leaderboard(args: argparse.Namespace) -> int:
    service = TableService(args.data_dir)
    fr = args.lang == "fr"
    if args.versus:
        a, sep, b = args.versus.partition(",")
        if not sep:
            raise CompanionError(
                "--versus attend deux noms : A,B.", "--versus expects two names: A,B."
            )
        h2h = service.head_to_head(a, b, args.start, args.end)
        if args.json:
            print_json(h2h.model_dump(mode="json"))
        else:
            say(_versus_text(h2h, fr))
        return 0
    if args.check_ratings:
        same, players = service.check_ratings()
        if args.json:
            print_json({"consistent": same, "players": players, "repaired": not same})
        elif same:
            say(RATINGS_CHECK[args.lang]["same"].format(players=players))
        else:
            say(RATINGS_CHECK[args.lang]["repaired"].format(players=players))
        return 0 if same else 1
    if args.rating:
        names = {p.id: p.name for p in service.players()}
        places = service.average_places(args.start, args.end)
        ratings = service.ratings()
        if args.json:
            print_json({"ratings": scores.ratings_json(ratings, names, places)})
        else:
            say(scores.ratings_text(ratings, names, places, _table, fr))
        return 0
    rows = service.leaderboard(args.start, args.end)
    places = service.average_places(args.start, args.end)
    if args.json:
        print_json(
            {
                "from": args.start,
                "to": args.end,
                "players": [
                    r.model_dump(mode="json") | scores.place_json(places.get(r.player_id))
                    for r in rows
                ],
            }
        )
        return 0
    say(_leaders_text(rows, fr, places))
    return 0


def _leaders_text(rows: Sequence[LeaderRow], fr: bool, places: Mapping[str, AveragePlace]) -> str:
    headers = (
        [
            "#",
            "Joueur",
            "Points",
            "Mains",
            "Soirées",
            "Place moy.",
            "Président",
            "Trou du cul",
            "Série",
        ]
        if fr
        else [
            "#",
            "Player",
            "Points",
            "Hands",
            "Evenings",
            "Avg place",
            "Président",
            "Trou du cul",
            "Streak",
        ]
    )
    penalty = any(r.penalty for r in rows)
    if penalty:
        headers.append("Pénalité" if fr else "Penalty")
    body = []
    for r in rows:
        place = places.get(r.player_id)
        avg = "" if place is None else place_words(place, "fr" if fr else "en")
        cells = [
            r.rank,
            r.name,
            r.points,
            r.hands,
            r.evenings,
            avg,
            r.president,
            r.trou_du_cul,
            r.longest_streak,
        ]
        body.append([*cells, r.penalty] if penalty else cells)
    note = (
        "Place moy. : la place moyenne sur la taille moyenne des tables jouées."
        if fr
        else "Avg place: the mean place, of the mean size of the tables played."
    )
    return f"{_table(headers, body)}\n\n{note}"


def _versus_text(h: HeadToHead, fr: bool) -> str:
    if fr:
        return (
            f"{h.a_name} contre {h.b_name} : {h.hands} mains jouées ensemble "
            f"({h.evenings} soirées). {h.a_name} devant {h.a_ahead} fois, "
            f"{h.b_name} devant {h.b_ahead} fois."
        )
    return (
        f"{h.a_name} vs {h.b_name}: {h.hands} hands played together ({h.evenings} "
        f"evenings). {h.a_name} ahead {h.a_ahead} times, {h.b_name} ahead "
        f"{h.b_ahead} times."
    )
