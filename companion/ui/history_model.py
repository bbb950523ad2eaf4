"""What the history screens show, as plain data read from the evening service."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from companion.table import stats
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
class Series:
    """One line of a chart: a player's (x, y) points."""

    name: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Chart:
    """A line chart as plain data: ``x_labels`` are (x, text) under the axis."""

    series: tuple[Series, ...]
    min_x: float
    max_x: float
    min_y: float
    max_y: float
    x_labels: tuple[tuple[float, str], ...] = ()
    y_labels: tuple[tuple[float, str], ...] = ()  # none: the chart numbers the axis
    kind: str = "points"  # "points", "places" (evening without points), "position"

    @property
    def empty(self) -> bool:
        return not any(len(s.points) > 1 for s in self.series)


@dataclass(frozen=True)
class EveningDetail:
    evening_id: str
    day: str
    title: str | None
    preset: str
    ended: bool
    standings: tuple[StandingLine, ...]
    hands: tuple[HandLine, ...]
    points_chart: Chart | None = field(default=None, compare=False)
    scored: bool = True  # False when the rules keep no points: places and titles only


def evening_rows(service: TableService) -> list[EveningRow]:
    """Every evening, newest first."""
    names = {p.id: p.name for p in service.players()}
    rows = []
    for entry in service.evenings():
        summary = entry.summary if isinstance(entry.summary, dict) else {}
        leader_id = summary.get("winner") or summary.get("leader")
        rows.append(
            EveningRow(
                evening_id=entry.id,
                day=entry.date or "",
                title=entry.title,
                players=tuple(names.get(pid, "?") for pid in entry.player_ids),
                hands=entry.hand_count,
                leader=names.get(leader_id) if leader_id else None,
                ended=bool(summary.get("ended")),
                unreadable=entry.error is not None,
            )
        )
    return sorted(rows, key=lambda r: r.day, reverse=True)


def evening_detail(service: TableService, evening_id: str) -> EveningDetail:
    """One evening: its final (or current) ranking and each hand's titles."""
    history = service.history(evening_id)
    names = history.names
    hands = tuple(
        HandLine(
            row.number, tuple((names.get(pid, "?"), row.titles.get(pid, "")) for pid in row.ranking)
        )
        for row in history.hands
    )
    standings = tuple(StandingLine(s.place, s.name, s.total, s.title) for s in history.standings)
    chart = points_chart(history)
    return EveningDetail(
        history.evening_id,
        history.date.isoformat(),
        history.title,
        history.preset,
        history.ended,
        standings,
        hands,
        chart,
        scored=history.scoring != "none",
    )


def _labels(xs: list[float], texts: list[str], most: int = 5) -> tuple[tuple[float, str], ...]:
    """At most ``most`` labels, evenly spread, always the first and the last."""
    if not xs:
        return ()
    step = max(1, -(-(len(xs) - 1) // (most - 1))) if len(xs) > most else 1
    keep = list(range(0, len(xs), step))
    if keep[-1] != len(xs) - 1:
        keep[-1] = len(xs) - 1
    return tuple((xs[i], texts[i]) for i in keep)


def points_chart(history: stats.EveningHistory) -> Chart:
    """The evening at a glance, a line per player (in the order of the standings): the
    running points from 0 (before the first hand, or the one before they joined); or, for
    an evening without points, each hand's place (drawn with the first place on top)."""
    n = len(history.hands)
    xs = [float(i) for i in range(n + 1)]
    x_labels = _labels(xs, [str(i) for i in range(n + 1)])
    if any(v for row in history.hands for v in row.totals.values()):
        lines: list[Series] = []
        for standing in history.standings:
            pid = standing.player_id
            points: list[tuple[float, float]] = []
            for row in history.hands:
                if pid not in row.totals:
                    continue
                if not points:
                    points.append((row.number - 1, 0))
                points.append((row.number, row.totals[pid]))
            lines.append(Series(standing.name, tuple(points)))
        ys = [y for s in lines for _, y in s.points] or [0]
        return Chart(tuple(lines), 0, max(n, 1), min(0, min(ys)), max(1, max(ys)), x_labels)
    most = max((len(row.ranking) for row in history.hands), default=1)
    series = tuple(
        Series(
            standing.name,
            tuple(
                (float(row.number), float(most + 1 - (row.ranking.index(standing.player_id) + 1)))
                for row in history.hands
                if standing.player_id in row.ranking
            ),
        )
        for standing in history.standings
    )
    y_labels = tuple((float(most + 1 - place), str(place)) for place in range(1, most + 1))
    # Half a place of room above and below: the first and last places' labels and dots
    # stay inside the chart.
    return Chart(
        series,
        1 if n > 1 else 0,
        max(n, 1),
        0.5,
        max(most, 2) + 0.5,
        tuple(label for label in x_labels if label[0] >= 1),
        y_labels,
        "places",
    )


# ------------------------------------------------------------------ leaderboard

PERIODS = ("all", "year", "month")  # all time, this calendar year, the last 30 days
MAX_LINES = 8  # players drawn on the position chart (the best of the period)


def period_bounds(period: str, today: date) -> tuple[date | None, date | None]:
    if period == "year":
        return date(today.year, 1, 1), today
    if period == "month":
        return today - timedelta(days=30), today
    if period == "all":
        return None, None
    raise ValueError(f"unknown period: {period!r}")


@dataclass(frozen=True)
class LeaderLine:
    rank: int
    player_id: str
    name: str
    points: int
    penalty: int
    hands: int
    evenings: int
    wins: int
    president: int
    trou_du_cul: int
    place_pct: int | None  # how high on average, 100 = always Président, 0 = always last


@dataclass(frozen=True)
class LeaderboardView:
    period: str
    lines: tuple[LeaderLine, ...]
    position_chart: Chart


def _dated_summaries(
    service: TableService, start: date | None, end: date | None
) -> list[tuple[date, str, dict[str, Any]]]:
    """(day, evening id, summary) of the readable evenings in the period, oldest first.
    Entries written before summaries existed are left out of the chart (the leaderboard
    itself, from the service, counts them)."""
    out = []
    for entry in service.evenings(start, end):
        if entry.error is not None or not stats.summary_ok(entry.summary) or not entry.date:
            continue
        try:
            day = date.fromisoformat(entry.date[:10])
        except ValueError:
            continue
        out.append((day, entry.id, entry.summary))
    return sorted(out, key=lambda item: (item[0], item[1]))


def position_chart(
    service: TableService, start: date | None, end: date | None, players: list[tuple[str, str]]
) -> Chart:
    """Finishing position over time: per evening (x, oldest first) each player's average
    place that evening, 1 = always Président, 0 = always Trou du cul."""
    evenings = [(day, s) for day, _, s in _dated_summaries(service, start, end) if s.get("hands")]
    series = []
    for pid, name in players:
        points = []
        for x, (_, s) in enumerate(evenings):
            if pid not in s["ids"]:
                continue
            i = s["ids"].index(pid)
            if s["played"][i]:
                points.append((float(x), round(1 - s["pos"][i] / s["played"][i], 4)))
        series.append(Series(name, tuple(points)))
    xs = [float(x) for x in range(len(evenings))]
    texts = [day.strftime("%d/%m") for day, _ in evenings]
    return Chart(
        tuple(series),
        0,
        max(len(evenings) - 1, 1),
        -0.1,
        1.1,
        _labels(xs, texts, 4),
        kind="position",
    )


def leaderboard_view(service: TableService, period: str, today: date) -> LeaderboardView:
    start, end = period_bounds(period, today)
    rows = service.leaderboard(start, end)
    lines = tuple(
        LeaderLine(
            r.rank,
            r.player_id,
            r.name,
            r.points,
            r.penalty,
            r.hands,
            r.evenings,
            r.wins,
            r.president,
            r.trou_du_cul,
            None if r.avg_position is None else round(100 * (1 - r.avg_position)),
        )
        for r in rows
    )
    chart = position_chart(service, start, end, [(r.player_id, r.name) for r in rows[:MAX_LINES]])
    return LeaderboardView(period, lines, chart)


@dataclass(frozen=True)
class HeadToHeadView:
    a_name: str
    b_name: str
    hands: int
    a_ahead: int
    b_ahead: int
    evenings: int


def head_to_head_view(
    service: TableService, a: str, b: str, period: str, today: date
) -> HeadToHeadView:
    start, end = period_bounds(period, today)
    h = service.head_to_head(a, b, start, end)
    return HeadToHeadView(h.a_name, h.b_name, h.hands, h.a_ahead, h.b_ahead, h.evenings)
