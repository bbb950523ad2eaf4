"""The score features on the command line: the score sheet under ``companion history ID``,
the ratings of ``companion leaderboard --rating``, and ``companion evening share``.

    companion evening share EVENING (--png FILE | --text) [--json] [--lang fr|en|de]

``share --png`` writes the end-of-evening summary as a PNG image; ``--text`` prints it for a
chat. With ``--json`` both print one JSON object (``id``, ``png`` and ``bytes``, or ``text``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.cli.output import fail, print_json, say
from companion.cli.words import help_text
from companion.errors import CompanionError
from companion.table.places import AveragePlace, place_words
from companion.table.ratings import PlayerRating
from companion.table.score_sheet import ScoreSheet
from companion.table.service import TableService
from companion.table.share import summary_text
from companion.words import Message, t
from companion.words.formats import decimal, number

Table = Callable[[Sequence[str], Sequence[Sequence[Any]]], str]


def register_share(
    sub: Any, common: Callable[[argparse.ArgumentParser], argparse.ArgumentParser]
) -> None:
    """Add ``share`` to the ``companion evening`` sub-commands."""
    p = common(sub.add_parser("share", help=help_text("share")))
    p.add_argument("evening", help=help_text("evening_ref"))
    out = p.add_mutually_exclusive_group(required=True)
    out.add_argument("--png", type=Path, metavar="FILE", help=help_text("png"))
    out.add_argument("--text", action="store_true", help=help_text("text"))
    p.add_argument("--json", action="store_true", help=help_text("json"))
    p.set_defaults(handler=run_share)


def run_share(args: argparse.Namespace) -> int:
    try:
        service = TableService(args.data_dir)
        evening_id = service.find_evening(args.evening)
        summary = service.night_summary(evening_id)
        if args.text:
            text = summary_text(summary, args.lang)
            if args.json:
                print_json({"id": evening_id, "text": text})
            else:
                say(text.rstrip("\n"))
            return 0
        # Pillow is imported only when an image is asked for (judge and deal start fast).
        from companion.table.share_image import summary_png

        data = summary_png(summary, service.player_colours(), args.lang)
    except CompanionError as err:
        return fail(err, args.lang)
    try:
        args.png.write_bytes(data)
    except OSError as err:
        words = Message.of("cli.share.cannot_write", file=str(args.png), reason=err.strerror)
        return fail(CompanionError(words, code="write-failed"), args.lang)
    if args.json:
        print_json({"id": evening_id, "png": str(args.png), "bytes": len(data)})
    else:
        say(str(args.png))
    return 0


# ---------------------------------------------------------------------- history ID


def sheet_json(sheet: ScoreSheet) -> dict[str, Any]:
    """The grid for ``history ID --json`` (key ``sheet``)."""
    return sheet.model_dump(mode="json")


def sheet_text(sheet: ScoreSheet, table: Table, lang: str) -> str:
    """The totals under the hand-by-hand table, the leader, and (without points) the
    title tally."""
    names = [c.name for c in sheet.columns]
    lead = next((c.name for c in sheet.columns if c.player_id == sheet.leader), None)
    parts = []
    if sheet.counts_points:
        totals = [number(lang, n) for n in sheet.totals]
        parts.append(table(["", *names], [[t(lang, "cli.sheet.total"), *totals]]))
    if lead is not None:
        parts.append(t(lang, "cli.sheet.leading", name=lead))
    if not sheet.counts_points and sheet.rows:
        head = [t(lang, f"cli.head.{n}") for n in ("player", "president", "scum", "streak")]
        parts.append(
            table(
                head,
                [
                    [
                        name,
                        *(number(lang, n) for n in (c.president, c.trou_du_cul, c.current_streak)),
                    ]
                    for name, c in zip(names, sheet.tally, strict=True)
                    if c.hands
                ],
            )
        )
    return "\n\n".join(parts)


# ---------------------------------------------------------------------- leaderboard


def place_json(place: AveragePlace | None) -> dict[str, Any]:
    """Keys added to each ``leaderboard --json`` row: the mean place and table size."""
    return {
        "avg_place": place.place if place else None,
        "avg_table": place.table if place else None,
    }


def ratings_json(
    ratings: Sequence[PlayerRating], names: dict[str, str], places: dict[str, AveragePlace]
) -> list[dict[str, Any]]:
    out = []
    for r in ratings:
        row = r.model_dump(mode="json") | {"name": names.get(r.player_id, r.player_id)}
        out.append(row | place_json(places.get(r.player_id)))
    return out


def ratings_text(
    ratings: Sequence[PlayerRating],
    names: dict[str, str],
    places: dict[str, AveragePlace],
    table: Table,
    lang: str,
) -> str:
    columns = ("player", "rating", "uncertainty", "conservative", "hands", "evenings", "avg_place")
    headers = ["#", *(t(lang, f"cli.head.{c}") for c in columns)]
    rows = [
        [
            number(lang, r.rank),
            names.get(r.player_id, r.player_id),
            decimal(lang, r.mu) + ("*" if r.provisional else ""),
            decimal(lang, r.sigma),
            decimal(lang, r.ordinal),
            number(lang, r.hands),
            number(lang, r.evenings),
            place_words(places[r.player_id], lang) if r.player_id in places else "",
        ]
        for r in ratings
    ]
    return f"{table(headers, rows)}\n\n{t(lang, 'cli.ratings.note')}"
