"""What the players screens show, as plain data read from the evening service: every
profile (with its colour and what it played) and the merges that can be undone; one
player's page (rating, titles, average place, places and rating over time, head-to-head)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from companion.table.identity import Colour
from companion.table.places import AveragePlace
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
class Rival:
    player_id: str
    name: str
    hands: int  # hands both played
    ahead: int
    behind: int


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


def places_chart(service: TableService, player_id: str, name: str, colour: str | None) -> Chart:
    """His average place at each evening he played (1 on top), oldest first."""
    points: list[tuple[float, float]] = []
    labels: list[tuple[date, str]] = []
    most = 2
    for evening in service.evening_nights():
        night = evening.night(player_id)
        if night is None or night.place is None or night.table is None:
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
    names = {p.id: p.name for p in service.players()}
    name = names.get(player_id, player_id)
    colours = service.player_colours()
    board = service.leaderboard()
    row = next((r for r in board if r.player_id == player_id), None)
    rating = next((r for r in service.ratings() if r.player_id == player_id), None)
    colour = colours[player_id].fill if player_id in colours else None
    rivals = []
    for other in board:
        if other.player_id == player_id:
            continue
        h = service.head_to_head(player_id, other.player_id)
        if h.hands:
            rivals.append(Rival(other.player_id, other.name, h.hands, h.a_ahead, h.b_ahead))
    return PlayerPage(
        player_id,
        name,
        row,
        rating.mu if rating else None,
        rating.sigma if rating else None,
        service.average_places().get(player_id),
        places_chart(service, player_id, name, colour),
        rating_chart(service, [(player_id, name)], colours),
        tuple(sorted(rivals, key=lambda r: -r.hands)),
        colours,
        provisional=rating is not None and rating.provisional,
    )
