"""What the history screens show, as plain data read from the evening service."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from companion.table import stats
from companion.table.identity import Colour, colour_of
from companion.table.places import AveragePlace
from companion.table.service import TableService
from companion.table.titles import title_words
from companion.ui.evenings import shared
from companion.ui.when import time_words
from companion.words import t
from companion.words.formats import date_short


@dataclass(frozen=True)
class EveningRow:
    evening_id: str
    day: date | None  # None when unknown
    title: str | None
    players: tuple[str, ...]
    hands: int
    leader: str | None  # the winner of an ended evening, else who leads now
    ended: bool
    unreadable: bool  # the file could not be read (the store says why)
    place: str | None = None
    start: datetime | None = None  # when it started
    preset: str | None = None  # the rules' preset id (named in the viewer's language)
    problem: str | None = None  # why it does not read: the store's code ("corrupt-file"...)


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
class EveningLabel:
    """An evening under a chart's axis: its day, and below it the time it started when the
    same day has several evenings (or its number that day when no start is known)."""

    day: date
    start: datetime | None = None
    nth: int | None = None

    def render(self, lang: str) -> str:
        text = date_short(lang, self.day)
        if self.start is not None:
            return f"{text}\n{time_words(lang, self.start)}"
        return t(lang, "ui.chart.nth_evening", day=text, n=self.nth) if self.nth else text


Label = str | EveningLabel  # a chart's axis label: a number's text, or an evening


@dataclass(frozen=True)
class Series:
    """One line of a chart: a player's (x, y) points."""

    name: str
    points: tuple[tuple[float, float], ...]
    colour: str | None = None  # the player's own colour (#RRGGBB); None: by line order


@dataclass(frozen=True)
class Chart:
    """A line chart as plain data: ``x_labels`` are (x, text) under the axis."""

    series: tuple[Series, ...]
    min_x: float
    max_x: float
    min_y: float
    max_y: float
    x_labels: tuple[tuple[float, Label], ...] = ()
    y_labels: tuple[tuple[float, Label], ...] = ()  # none: the chart numbers the axis
    kind: str = "points"  # "points", "places" (evening without points), "position"

    @property
    def empty(self) -> bool:
        return not any(len(s.points) > 1 for s in self.series)


@dataclass(frozen=True)
class EveningDetail:
    evening_id: str
    day: date
    title: str | None
    preset: str
    ended: bool
    standings: tuple[StandingLine, ...]
    hands: tuple[HandLine, ...]
    points_chart: Chart | None = field(default=None, compare=False)
    scored: bool = True  # False when the rules keep no points: places and titles only
    title_scheme: str | None = None  # whose words the titles are (stored in French)

    def title_in(self, lang: str, title: str | None) -> str:
        """A title of this evening (a standing's, a hand's) in ``lang``; "" for none."""
        return title_words(lang, title, self.title_scheme) if title else ""


def evening_rows(service: TableService) -> tuple[EveningRow, ...]:
    """Every evening, newest first (by date, then start time): one tuple for every phone
    until the folder changes."""
    return shared(service, "evening-rows", lambda: _evening_rows(service))


def _evening_rows(service: TableService) -> tuple[EveningRow, ...]:
    names = {p.id: p.name for p in service.players()}
    return tuple(
        EveningRow(
            evening_id=item.evening_id,
            day=item.date,
            title=item.title,
            players=tuple(names.get(pid, "?") for pid in item.players),
            hands=item.hands,
            leader=names.get(item.winner) if item.winner else None,
            ended=item.ended,
            unreadable=item.unreadable,
            place=item.place,
            start=item.started_at,
            preset=item.preset,
            problem=item.problem,
        )
        for item in service.evening_items()
    )


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
    chart = points_chart(history, service.player_colours())
    return EveningDetail(
        history.evening_id,
        history.date,
        history.title,
        history.preset,
        history.ended,
        standings,
        hands,
        chart,
        scored=history.scoring != "none",
        title_scheme=history.title_scheme,
    )


def _labels(
    xs: list[float], texts: Sequence[Label], most: int = 5
) -> tuple[tuple[float, Label], ...]:
    """At most ``most`` labels, evenly spread, always the first and the last."""
    if not xs:
        return ()
    step = max(1, -(-(len(xs) - 1) // (most - 1))) if len(xs) > most else 1
    keep = list(range(0, len(xs), step))
    if keep[-1] != len(xs) - 1:
        keep[-1] = len(xs) - 1
    return tuple((xs[i], texts[i]) for i in keep)


def _fill(colours: Mapping[str, Colour] | None, player_id: str) -> str | None:
    return colour_of(player_id, colours).fill if colours is not None else None


def points_chart(
    history: stats.EveningHistory, colours: Mapping[str, Colour] | None = None
) -> Chart:
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
            lines.append(Series(standing.name, tuple(points), _fill(colours, pid)))
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
            _fill(colours, standing.player_id),
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
    colour: str | None = None  # the player's own colour
    mu: float | None = None  # skill rating (all time) and its uncertainty
    sigma: float | None = None
    provisional: bool = False  # the rating's uncertainty is still high (few hands)
    place: AveragePlace | None = None  # average place, as a place
    scored: bool = True  # played under rules that keep points (else no points to show)


@dataclass(frozen=True)
class LeaderboardView:
    period: str
    lines: tuple[LeaderLine, ...]
    position_chart: Chart
    rating_chart: Chart | None = None
    colours: Mapping[str, Colour] = field(default_factory=dict)  # every profile's own
    # the evenings of the period left out because their file does not read: (the store's
    # code, how many), most first
    left_out: tuple[tuple[str, int], ...] = ()


def evening_labels(dated: list[tuple[date, str]]) -> list[EveningLabel]:
    """Under a chart, one label per evening: its day, and the start time below it when the
    same day has several evenings (``start``: the table's ISO time, "" when unknown)."""
    per_day = Counter(day for day, _ in dated)
    out = []
    for n, (day, start) in enumerate(dated):
        if per_day[day] == 1:
            out.append(EveningLabel(day))
            continue
        try:
            out.append(EveningLabel(day, start=datetime.fromisoformat(start)))
        except ValueError:  # no start time known: number them
            out.append(EveningLabel(day, nth=sum(1 for d, _ in dated[: n + 1] if d == day)))
    return out


def position_chart(
    service: TableService,
    start: date | None,
    end: date | None,
    players: list[tuple[str, str]],
    colours: Mapping[str, Colour] | None = None,
) -> Chart:
    """Finishing position over time: per evening (x, oldest first) each player's average
    place that evening, 1 = always Président, 0 = always Trou du cul."""
    evenings = [e for e in service.evening_nights(start, end) if e.hands]
    series = []
    for pid, name in players:
        points = []
        for x, evening in enumerate(evenings):
            night = evening.night(pid)
            if night is not None and night.height is not None:
                points.append((float(x), night.height))
        series.append(Series(name, tuple(points), _fill(colours, pid)))
    xs = [float(x) for x in range(len(evenings))]
    texts = evening_labels([(e.date, e.start) for e in evenings])
    return Chart(
        tuple(series),
        0,
        max(len(evenings) - 1, 1),
        -0.1,
        1.1,
        _labels(xs, texts, 4),
        kind="position",
    )


def rating_chart(
    service: TableService,
    players: list[tuple[str, str]],
    colours: Mapping[str, Colour] | None = None,
) -> Chart:
    """Each player's rating after every evening he played (x: the evenings any of them
    played, oldest first)."""
    histories = {pid: service.rating_history(pid) for pid, _ in players}
    keys = sorted(
        {(p.date or date.min, p.start, p.evening_id) for h in histories.values() for p in h}
    )
    x_of = {key: float(x) for x, key in enumerate(keys)}
    series = tuple(
        Series(
            name,
            tuple(
                (x_of[(p.date or date.min, p.start, p.evening_id)], round(p.mu, 2))
                for p in histories[pid]
            ),
            _fill(colours, pid),
        )
        for pid, name in players
    )
    ys = [y for s in series for _, y in s.points] or [25.0]
    low, high = 5 * math.floor(min(ys) / 5), 5 * math.ceil(max(ys) / 5)  # round numbers
    texts = evening_labels([(day, start) for day, start, _ in keys])
    return Chart(
        series,
        0,
        max(len(keys) - 1, 1),
        float(low),
        float(high if high > low else low + 5),
        _labels(list(x_of.values()), texts, 4),
        kind="rating",
    )


def leaderboard_view(service: TableService, period: str, today: date) -> LeaderboardView:
    """The period's leaderboard, ratings and charts: one for every phone until the folder
    changes."""
    return shared(
        service, ("leaderboard", period, today), lambda: _leaderboard_view(service, period, today)
    )


def _leaderboard_view(service: TableService, period: str, today: date) -> LeaderboardView:
    start, end = period_bounds(period, today)
    rows = service.leaderboard(start, end)
    ratings = {r.player_id: r for r in service.ratings()}
    places = service.average_places(start, end)
    colours = service.player_colours()
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
            r.height_percent,
            colour=_fill(colours, r.player_id),
            mu=ratings[r.player_id].mu if r.player_id in ratings else None,
            sigma=ratings[r.player_id].sigma if r.player_id in ratings else None,
            provisional=r.player_id in ratings and ratings[r.player_id].provisional,
            place=places.get(r.player_id),
            scored=r.scored > 0,
        )
        for r in rows
    )
    top = [(r.player_id, r.name) for r in rows[:MAX_LINES]]
    chart = position_chart(service, start, end, top, colours)
    left = Counter(e.reason for e in service.left_out(start, end))
    return LeaderboardView(
        period,
        lines,
        chart,
        rating_chart(service, top, colours),
        colours,
        tuple(sorted(left.items(), key=lambda item: (-item[1], item[0]))),
    )


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
