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
from datetime import date
from typing import Any

from companion.cli import scores
from companion.cli.output import fail, print_json, say
from companion.errors import CompanionError
from companion.table.history_list import LeftOut
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
    history.add_argument(
        "--restore",
        action="store_true",
        help="put the evening's latest good backup back in place of its damaged file (kept "
        "in corrupt/)",
    )
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


# What the history and the leaderboard say of an evening whose file does not read, by the
# store's code ("other": any other code), in each language.
DAMAGE = {
    "fr": {
        "corrupt-file": "⚠ fichier abîmé",
        "newer-schema": "⚠ version plus récente",
        "other": "⚠ illisible",
        "restore": "⚠ {id} : fichier abîmé, gardé tel quel. Restaurez sa dernière bonne "
        "sauvegarde ({when}) : {command}",
        "no-backup": "⚠ {id} : fichier abîmé, gardé tel quel, sans sauvegarde valide : "
        "importez un export JSON si vous en avez un (companion import FICHIER).",
        "update": "⚠ {id} : écrite par une version plus récente de companion : mettez "
        "companion à jour pour la lire (le fichier n'a pas été modifié).",
        "unreadable": "⚠ {id} : fichier illisible ({code}) : {command} dit pourquoi.",
        "left-out": "{n} (fichier illisible) : {items}. « companion history » dit quoi faire.",
        "one": "1 soirée laissée de côté",
        "many": "{n} soirées laissées de côté",
        "restored": "Restauré depuis {backup} ; le fichier abîmé est gardé dans corrupt/.",
    },
    "en": {
        "corrupt-file": "⚠ damaged file",
        "newer-schema": "⚠ newer version",
        "other": "⚠ unreadable",
        "restore": "⚠ {id}: damaged file, kept as it is. Restore its latest good backup "
        "({when}): {command}",
        "no-backup": "⚠ {id}: damaged file, kept as it is, with no good backup: import a JSON "
        "export if you have one (companion import FILE).",
        "update": "⚠ {id}: written by a newer version of companion: update companion to read "
        "it (the file was not changed).",
        "unreadable": "⚠ {id}: unreadable file ({code}): {command} says why.",
        "left-out": "{n} (file unreadable): {items}. 'companion history' says what to do.",
        "one": "1 evening left out",
        "many": "{n} evenings left out",
        "restored": "Restored from {backup}; the damaged file is kept in corrupt/.",
    },
}


def _damage(code: str, lang: str) -> str:
    words = DAMAGE[lang]
    return words[code] if code in ("corrupt-file", "newer-schema") else words["other"]


def _command(args: argparse.Namespace, *words: str) -> str:
    """A ``companion`` command line for the same data folder and language."""
    line = ["companion", *words]
    if args.data_dir:
        line += ["--data-dir", args.data_dir]
    if args.lang != "fr":
        line += ["--lang", args.lang]
    return shlex.join(line)


def _advice(service: TableService, args: argparse.Namespace, evening_id: str, code: str) -> str:
    """What to do about an evening whose file does not read."""
    words, short = DAMAGE[args.lang], evening_id[:8]
    if code == "newer-schema":
        return words["update"].format(id=short)
    if code != "corrupt-file":
        command = _command(args, "history", short)
        return words["unreadable"].format(id=short, code=code, command=command)
    backup = service.latest_backup(evening_id)
    if backup is None:
        return words["no-backup"].format(id=short)
    moment = backup.taken
    when = "?" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")
    command = _command(args, "history", short, "--restore")
    return words["restore"].format(id=short, when=when, command=command)


def _restore(service: TableService, args: argparse.Namespace) -> int:
    if not args.evening:
        raise CompanionError(
            "--restore : dites quelle soirée (son identifiant, un début de celui-ci, ou last).",
            "--restore: say which evening (its id, the start of it, or last).",
        )
    evening_id = service.find_evening(args.evening)
    error = service.evening_entry(evening_id).error
    if error == "newer-schema":
        raise CompanionError(
            "Cette soirée a été écrite par une version plus récente de companion : mettez "
            "companion à jour pour la lire. Une sauvegarde remise à sa place cacherait ce "
            "qu'elle a écrit ; rien n'a été changé.",
            "This evening was written by a newer version of companion: update companion to "
            "read it. A backup put in its place would hide what it wrote; nothing was changed.",
        )
    if error is None:
        raise CompanionError(
            "Cette soirée se lit bien : rien à restaurer, rien n'a été changé.",
            "This evening reads fine: nothing to restore, nothing was changed.",
        )
    used = service.restore_evening(evening_id)
    if args.json:
        print_json({"restored": evening_id, "backup": str(used)})
    else:
        say(DAMAGE[args.lang]["restored"].format(backup=used))
    return 0


@_guarded
def run_history(args: argparse.Namespace) -> int:
    service = TableService(args.data_dir)
    fr = args.lang == "fr"
    if args.restore:
        return _restore(service, args)
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
    headers = (
        ["Soirée", "Date", "Lieu", "Mains", "En tête", "Joueurs"]
        if fr
        else ["Evening", "Date", "Place", "Hands", "Leading", "Players"]
    )
    table = _table(
        headers,
        [
            [
                r["id"][:8],
                r["date"] or "",
                r["place"] or r["title"] or "",
                r["hands"],
                _damage(r["error"], args.lang)
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
    words = DAMAGE[lang]
    n = words["one"] if len(left) == 1 else words["many"].format(n=len(left))
    items = ", ".join(
        f"{e.evening_id[:8]}{f' ({e.date})' if e.date else ''} {_damage(e.reason, lang)}"
        for e in left
    )
    return "\n\n" + words["left-out"].format(n=n, items=items)


def _left_out_json(left: Sequence[LeftOut]) -> list[dict[str, Any]]:
    return [
        {"id": e.evening_id, "reason": e.reason, "date": e.date, "title": e.title} for e in left
    ]


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
        left = service.left_out(args.start, args.end)
        if args.json:
            print_json(h2h.model_dump(mode="json") | {"left_out": _left_out_json(left)})
        else:
            say(_versus_text(h2h, fr) + _left_out_text(left, args.lang))
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
                scores.ratings_text(ratings, names, places, _table, fr)
                + _left_out_text(left, args.lang)
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
    say(_leaders_text(rows, fr, places) + _left_out_text(left, args.lang))
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
