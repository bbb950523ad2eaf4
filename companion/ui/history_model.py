"""What the history screens show, as plain data read from the evening service."""

from __future__ import annotations

from dataclasses import dataclass

from companion.table.service import TableService


@dataclass(frozen=True)
class EveningRow:
    evening_id: str
    day: str  # ISO date, "" when unknown
    title: str | None
    players: tuple[str, ...]
    hands: int
    leader: str | None  # the winner of an ended evening, else who leads now
    ended: bool
    unreadable: bool  # the file could not be read (the store says why)


@dataclass(frozen=True)
class StandingLine:
    place: int
    name: str
    total: int
    title: str | None


@dataclass(frozen=True)
class HandLine:
    number: int
    places: tuple[tuple[str, str], ...]  # (name, title), best first


@dataclass(frozen=True)
class EveningDetail:
    evening_id: str
    day: str
    title: str | None
    preset: str
    ended: bool
    standings: tuple[StandingLine, ...]
    hands: tuple[HandLine, ...]


def evening_rows(service: TableService) -> list[EveningRow]:
    """Every evening, newest first."""
    names = {p.id: p.name for p in service.players()}
    rows = []
    for entry in service.evenings():
        summary = entry.summary if isinstance(entry.summary, dict) else {}
        leader_id = summary.get("winner") or summary.get("leader")
        rows.append(EveningRow(
            evening_id=entry.id, day=entry.date or "", title=entry.title,
            players=tuple(names.get(pid, "?") for pid in entry.player_ids),
            hands=entry.hand_count, leader=names.get(leader_id) if leader_id else None,
            ended=bool(summary.get("ended")), unreadable=entry.error is not None))
    return sorted(rows, key=lambda r: r.day, reverse=True)


def evening_detail(service: TableService, evening_id: str) -> EveningDetail:
    """One evening: its final (or current) ranking and each hand's titles."""
    history = service.history(evening_id)
    names = history.names
    hands = tuple(
        HandLine(row.number, tuple((names.get(pid, "?"), row.titles.get(pid, ""))
                                   for pid in row.ranking))
        for row in history.hands)
    standings = tuple(StandingLine(s.place, s.name, s.total, s.title)
                      for s in history.standings)
    return EveningDetail(history.evening_id, history.date.isoformat(), history.title,
                         history.preset, history.ended, standings, hands)
