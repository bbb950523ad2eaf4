"""What the players screens show, as plain data read from the evening service: every
profile (with its colour and what it played) and the merges that can be undone; one
player's page (rating, titles, average place, places and rating over time, head-to-head)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date

from companion.table.identity import Colour
from companion.table.places import AveragePlace
from companion.table.player_record import PlayerEvening, Rival
from companion.table.service import TableService
from companion.table.stats import LeaderRow
from companion.ui.history_model import (
    Chart,
    Series,
    _labels,
    evening_labels,
    rating_chart,
)


@dataclass(frozen=True)
class PlayerLine:
    player_id: str
    name: str
    hands: int
    evenings: int


@dataclass(frozen=True)
class MergedLine:
    player_id: str
    name: str
    into: str  # the name of the profile it counts as


@dataclass(frozen=True)
class PlayersView:
    lines: tuple[PlayerLine, ...]
    merged: tuple[MergedLine, ...]
    colours: Mapping[str, Colour] = field(default_factory=dict)


def players_view(service: TableService) -> PlayersView:
    board = {r.player_id: r for r in service.leaderboard()}
    everyone = service.players()
    names = {p.id: p.name for p in everyone}
    lines = tuple(
        PlayerLine(
            p.id,
            p.name,
            board[p.id].hands if p.id in board else 0,
            board[p.id].evenings if p.id in board else 0,
        )
        for p in sorted(service.active_players(), key=lambda p: p.name.casefold())
    )
    merged = tuple(
        MergedLine(p.id, p.name, names.get(p.merged_into, p.merged_into))
        for p in everyone
        if p.merged_into
    )
    return PlayersView(lines, merged, service.player_colours())


@dataclass(frozen=True)
class PlayerPage:
    player_id: str
    name: str
    row: LeaderRow | None  # the all-time leaderboard line
    mu: float | None
    sigma: float | None
    place: AveragePlace | None
    places_chart: Chart
    rating_chart: Chart
    rivals: tuple[Rival, ...]
    colours: Mapping[str, Colour] = field(default_factory=dict)
    provisional: bool = False  # the rating's uncertainty is still high (few hands)


def places_chart(evenings: Sequence[PlayerEvening], name: str, colour: str | None) -> Chart:
    """His average place at each evening he played (1 on top), oldest first."""
    points: list[tuple[float, float]] = []
    labels: list[tuple[date, str]] = []
    most = 2
    for evening in evenings:
        night = evening.night
        if night.place is None or night.table is None:
            continue
        most = max(most, round(night.table))
        labels.append((evening.date, evening.start))
        points.append((float(len(points)), night.place))
    flipped = tuple((x, round(most + 1 - y, 3)) for x, y in points)
    y_labels = tuple((float(most + 1 - p), str(p)) for p in range(1, most + 1))
    xs = [x for x, _ in points]
    return Chart(
        (Series(name, flipped, colour),),
        0,
        max(len(points) - 1, 1),
        0.5,
        most + 0.5,
        _labels(xs, evening_labels(labels), 4),
        y_labels,
        "places",
    )


def player_page(service: TableService, player_id: str) -> PlayerPage:
    record = service.player_record(player_id)
    colours = service.player_colours()
    colour = colours[player_id].fill if player_id in colours else None
    rating = record.rating
    return PlayerPage(
        player_id,
        record.name,
        record.row,
        rating.mu if rating else None,
        rating.sigma if rating else None,
        record.place,
        places_chart(record.evenings, record.name, colour),
        rating_chart(service, [(player_id, record.name)], colours),
        record.rivals,
        colours,
        provisional=rating is not None and rating.provisional,
    )
