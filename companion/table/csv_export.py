"""CSV of the evenings for spreadsheets: the final rankings, and every hand.

Two files, UTF-8 with a byte-order mark (so that spreadsheets read the accents) and one
header line, comma-separated:

* ``rankings``: one line per evening and player — date, evening, title, preset, place,
  player, points, title held at the end, whether the evening has ended;
* ``hands``: one line per hand and player — date, evening, hand number, place the hand
  produced, player, title, points of the hand, running total.

The header names are fixed ids (formulas and scripts read them in every language); the
titles are written in the language of whoever exports (President, Président, Präsident),
dates as ISO dates, which every spreadsheet reads.

Evenings whose file cannot be read are left out (the caller gets their ids).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError
from companion.store import atomic_write_bytes
from companion.table.stats import EveningHistory
from companion.words import DEFAULT_LANG

RANKING_HEADER = (
    "date",
    "evening_id",
    "evening_title",
    "preset",
    "place",
    "player",
    "points",
    "title",
    "ended",
)
HAND_HEADER = ("date", "evening_id", "hand", "place", "player", "title", "points", "total")


def ranking_rows(
    histories: Iterable[EveningHistory], lang: str = DEFAULT_LANG
) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for h in histories:
        for s in h.standings:
            rows.append(
                (
                    h.date.isoformat(),
                    h.evening_id,
                    h.title or "",
                    h.preset,
                    s.place,
                    s.name,
                    s.total,
                    h.title_in(lang, s.title) or "",
                    "yes" if h.ended else "no",
                )
            )
    return rows


def hand_rows(
    histories: Iterable[EveningHistory], lang: str = DEFAULT_LANG
) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for h in histories:
        for hand in h.hands:
            for place, pid in enumerate(hand.ranking, 1):
                rows.append(
                    (
                        h.date.isoformat(),
                        h.evening_id,
                        hand.number,
                        place,
                        h.names.get(pid, pid),
                        h.title_in(lang, hand.titles.get(pid)) or "",
                        hand.points.get(pid, 0),
                        hand.totals.get(pid, 0),
                    )
                )
    return rows


def to_csv(header: tuple[str, ...], rows: Iterable[tuple[object, ...]]) -> bytes:
    """The CSV text, UTF-8 with a byte-order mark, ``\\r\\n`` line ends (RFC 4180)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().encode("utf-8-sig")


@dataclass(frozen=True)
class CsvExport:
    rankings: Path
    hands: Path
    evenings: int
    skipped: list[str] = field(default_factory=list)  # ids of unreadable evenings


def export_csv(service: object, folder: Path, stem: str, lang: str = DEFAULT_LANG) -> CsvExport:
    """Write ``<stem>-rankings.csv`` and ``<stem>-hands.csv`` into ``folder`` (created if
    missing), oldest evening first, titles in ``lang``. ``service`` is a ``TableService``.
    File I/O: call it off the event loop."""
    histories: list[EveningHistory] = []
    skipped: list[str] = []
    for entry in service.evenings():  # type: ignore[attr-defined]
        try:
            histories.append(service.history(entry.id))  # type: ignore[attr-defined]
        except CompanionError:
            skipped.append(entry.id)
    histories.sort(key=lambda h: (h.date, h.evening_id))
    folder = Path(folder)
    rankings = folder / f"{stem}-rankings.csv"
    hands = folder / f"{stem}-hands.csv"
    atomic_write_bytes(
        rankings, to_csv(RANKING_HEADER, ranking_rows(histories, lang)), create_dirs=True
    )
    atomic_write_bytes(hands, to_csv(HAND_HEADER, hand_rows(histories, lang)), create_dirs=True)
    return CsvExport(rankings, hands, len(histories), skipped)
