"""One player's page, as the table layer hands it to the screens: his all-time leaderboard
line, rating, average place, his evenings one by one (for the places chart) and those he
played against, with how often each placed above the other."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from companion.table.evening_summary import EveningNights, PlayerNight
from companion.table.places import AveragePlace
from companion.table.ratings import PlayerRating
from companion.table.stats import Dated, LeaderRow, head_to_head


@dataclass(frozen=True)
class Rival:
    """Someone he played against, over the hands both played."""

    player_id: str
    name: str
    hands: int  # hands both played
    ahead: int  # hands he placed above the rival
    behind: int


@dataclass(frozen=True)
class PlayerEvening:
    """One evening he played, oldest first in ``PlayerRecord.evenings``."""

    evening_id: str
    date: date
    start: str  # ISO, "" when not known: orders and labels two evenings of one day
    night: PlayerNight


@dataclass(frozen=True)
class PlayerRecord:
    player_id: str
    name: str
    row: LeaderRow | None  # the all-time leaderboard line
    rating: PlayerRating | None
    place: AveragePlace | None
    evenings: tuple[PlayerEvening, ...]
    rivals: tuple[Rival, ...]  # most hands together first


def player_evenings(player_id: str, evenings: Iterable[EveningNights]) -> tuple[PlayerEvening, ...]:
    """The evenings (oldest first, as given) where he played a hand."""
    out = []
    for evening in evenings:
        night = evening.night(player_id)
        if night is not None and night.hands:
            out.append(
                PlayerEvening(
                    evening_id=evening.evening_id,
                    date=evening.date,
                    start=evening.start,
                    night=night,
                )
            )
    return tuple(out)


def rivals(
    player_id: str, board: Sequence[LeaderRow], summaries: Sequence[Dated], names: Mapping[str, str]
) -> tuple[Rival, ...]:
    """Everyone on the leaderboard he shared a hand with, most hands together first."""
    found = []
    for other in board:
        if other.player_id == player_id:
            continue
        h = head_to_head(summaries, player_id, other.player_id, names)
        if h.hands:
            found.append(
                Rival(
                    player_id=other.player_id,
                    name=other.name,
                    hands=h.hands,
                    ahead=h.a_ahead,
                    behind=h.b_ahead,
                )
            )
    return tuple(sorted(found, key=lambda r: -r.hands))
