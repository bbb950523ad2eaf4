"""The history list: one line per evening, telling apart two evenings of the same day by
their name or place and start time, with the rules, the hands played and the winner (or the
leader of an evening still going). Built from the index alone. Also the evenings whose file
does not read (damaged, or written by a newer version), which the leaderboard leaves out and
says so (``left_out``), and ``EveningEntry``: what the index knows of an evening, as the
service hands it out (never the store's own entry)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.store import IndexEntry
from companion.table.evening_summary import EveningSummary
from companion.table.stats import in_period
from companion.table.text_limits import cut

_FROZEN = ConfigDict(frozen=True)


class EveningEntry(BaseModel):
    """What the index knows of an evening, without reading its file."""

    model_config = _FROZEN
    id: str
    date: str | None  # ISO, as the index records it
    title: str | None
    place: str | None
    player_ids: tuple[str, ...]  # as seated (merged profiles under their own id)
    hand_count: int
    updated_at: datetime
    ended: bool
    #: why its file does not read: the store's code (``corrupt-file``, ``newer-schema``...)
    error: str | None = None


def evening_entry(entry: IndexEntry, summary: EveningSummary | None) -> EveningEntry:
    return EveningEntry(
        id=entry.id,
        date=entry.date,
        title=entry.title,
        place=entry.place,
        player_ids=tuple(entry.player_ids),
        hand_count=entry.hand_count,
        updated_at=entry.updated_at,
        ended=summary is not None and summary.ended,
        error=entry.error,
    )


class EveningItem(BaseModel):
    model_config = _FROZEN
    evening_id: str
    date: date | None
    started_at: datetime | None  # UTC; shown in the viewer's local time
    title: str | None
    place: str | None
    preset: str | None
    hands: int
    players: tuple[str, ...]  # profile ids (merged ones as their target)
    ended: bool
    winner: str | None  # profile id: the winner once ended, else the current leader
    unreadable: bool
    #: why it does not read: the store's code (``corrupt-file``, ``newer-schema``...), or None
    problem: str | None = None

    @property
    def sort_key(self) -> tuple[str, str, str]:
        day = self.date.isoformat() if self.date else ""
        start = self.started_at.isoformat() if self.started_at else ""
        return (day, start, self.evening_id)

    def label(self, names: Mapping[str, str] | None = None) -> str:
        """Its name, else its place, else its players (the date and time go beside it)."""
        if self.title:
            return self.title
        if self.place:
            return self.place
        return ", ".join((names or {}).get(p, p) for p in self.players)


def _parse_day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def evening_item(
    entry: IndexEntry,
    summary: EveningSummary | None,
    names: Mapping[str, str],
    aliases: Mapping[str, str],
) -> EveningItem:
    """One line of the history list; ``summary``: the evening's, or for an evening whose
    file does not read, what the index last knew of it (None: nothing)."""
    winner = summary.top if summary is not None else None
    return EveningItem(
        evening_id=entry.id,
        date=_parse_day(entry.date),
        started_at=_parse_time(summary.start if summary is not None else None),
        title=cut(entry.title, "title"),  # an index of an older version may hold more
        place=cut(entry.place, "place"),
        preset=summary.preset if summary is not None else None,
        hands=entry.hand_count,
        players=tuple(aliases.get(p, p) for p in entry.player_ids),
        ended=summary is not None and summary.ended,
        winner=aliases.get(winner, winner) if winner is not None else None,
        unreadable=entry.error is not None,
        problem=entry.error,
    )


class LeftOut(BaseModel):
    """An evening the leaderboard, the ratings and the average places leave out: its file
    does not read."""

    model_config = _FROZEN
    evening_id: str
    reason: str  # the store's code: "corrupt-file", "newer-schema", ...
    date: date | None  # as the index last knew it (None: never read)
    title: str | None


def left_out(
    entries: Iterable[IndexEntry], start: date | None = None, end: date | None = None
) -> list[LeftOut]:
    """The unreadable evenings among ``entries`` that may belong to the period from ``start``
    to ``end`` (inclusive): those dated in it, and those whose date nobody could read."""
    out = []
    for entry in entries:
        if entry.error is None:
            continue
        day = _parse_day(entry.date[:10] if entry.date else None)
        if day is not None and not in_period(day, start, end):
            continue
        out.append(
            LeftOut(
                evening_id=entry.id, reason=entry.error, date=day, title=cut(entry.title, "title")
            )
        )
    return out
