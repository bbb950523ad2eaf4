"""A skill rating across evenings: openskill's Plackett–Luce model, fed each hand's whole
finishing order (best first), evening after evening in the order they were played.

Each player has a rating ``mu`` and an uncertainty ``sigma`` (openskill's units: everyone
starts at 25 ± 8.3). The leaderboard ranks by the conservative estimate ``mu − 3·sigma``
(openskill's ``ordinal``), so that three lucky hands do not put a newcomer on top.

The book is kept up to date incrementally. It remembers, for every evening, the ratings
before it and after each of its hands; given the evenings as they are now (from the index
summaries: no evening file is read), it finds the first hand that differs from what it
rated (a new hand, an edited or deleted one, an evening added or removed in the middle)
and replays from there on: recording a hand in tonight's evening replays one hand; an edit
in an old evening replays the rest of that evening and every evening after it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict

_FROZEN = ConfigDict(frozen=True)
_MODEL = PlackettLuce()
START = (_MODEL.mu, _MODEL.sigma)

Value = tuple[float, float]  # (mu, sigma)


@dataclass(frozen=True)
class NightInput:
    """One evening as the ratings see it (from its index summary)."""

    evening_id: str
    day: date | None
    start: str  # creation time, ISO: orders evenings of the same day
    rankings: tuple[tuple[str, ...], ...]  # each hand's places, best first (profile ids)
    key: tuple[str, str, str] = field(init=False, compare=False)  # chronological order

    def __post_init__(self) -> None:
        day = self.day.isoformat() if self.day else ""
        object.__setattr__(self, "key", (day, self.start, self.evening_id))


class RatingPoint(BaseModel):
    """A player's rating after an evening he played."""

    model_config = _FROZEN
    evening_id: str
    date: date | None
    start: str
    mu: float
    sigma: float


class PlayerRating(BaseModel):
    model_config = _FROZEN
    rank: int
    player_id: str
    mu: float
    sigma: float
    ordinal: float  # mu - 3 sigma: what the ranking uses
    hands: int  # rated hands
    evenings: int


@dataclass
class _Rated:
    night: NightInput
    before: dict[str, Value]  # everyone's ratings before this evening
    after_hand: list[dict[str, Value]] = field(default_factory=list)  # the hand's players


def rate_hand(values: Mapping[str, Value], ranking: Sequence[str]) -> dict[str, Value]:
    """New ratings of the players of one hand, from their finishing order (best first)."""
    seen: list[str] = []
    for p in ranking:  # a player twice (two merged profiles at one table): his better place
        if p not in seen:
            seen.append(p)
    if len(seen) < 2:
        return {}
    teams = [[_MODEL.rating(*values.get(p, START))] for p in seen]
    rated = _MODEL.rate(teams)
    return {p: (team[0].mu, team[0].sigma) for p, team in zip(seen, rated, strict=True)}


class RatingBook:
    """The ratings after every evening, replayed only from where the history changed."""

    def __init__(self) -> None:
        self._rated: list[_Rated] = []
        self._current: dict[str, Value] = {}
        self.replayed_hands = 0  # hands rated by the last ``update`` (tests, benchmark)
        self._counts: tuple[dict[str, int], dict[str, int]] | None = None

    def update(self, nights: Iterable[NightInput]) -> None:
        """Bring the book to ``nights`` (any order; sorted here by date and start)."""
        ordered = sorted(nights, key=lambda n: n.key)
        old = self._rated
        i = 0
        while (
            i < len(ordered)
            and i < len(old)
            and (old[i].night is ordered[i] or old[i].night == ordered[i])
        ):
            i += 1
        self.replayed_hands = 0
        if i == len(ordered) == len(old):
            return
        hand = 0
        if i < len(ordered) and i < len(old):
            a, b = old[i].night, ordered[i]
            if a.evening_id == b.evening_id and a.key == b.key:
                while (
                    hand < len(a.rankings)
                    and hand < len(b.rankings)
                    and a.rankings[hand] == b.rankings[hand]
                ):
                    hand += 1
        before = dict(old[i].before) if i < len(old) else dict(self._current)
        kept = old[i].after_hand[:hand] if i < len(old) else []
        values = dict(before)
        for after in kept:
            values.update(after)
        rated = old[:i]
        for j, night in enumerate(ordered[i:]):
            entry = _Rated(night, before if j == 0 else dict(values), list(kept) if j == 0 else [])
            for ranking in night.rankings[len(entry.after_hand) :]:
                after = rate_hand(values, ranking)
                values.update(after)
                entry.after_hand.append(after)
                self.replayed_hands += 1
            rated.append(entry)
        self._rated = rated
        self._current = values
        self._counts = None

    def _hands_and_evenings(self) -> tuple[dict[str, int], dict[str, int]]:
        if self._counts is None:
            hands: dict[str, int] = {}
            evenings: dict[str, int] = {}
            for entry in self._rated:
                met: set[str] = set()
                for after in entry.after_hand:
                    for p in after:
                        hands[p] = hands.get(p, 0) + 1
                        met.add(p)
                for p in met:
                    evenings[p] = evenings.get(p, 0) + 1
            self._counts = hands, evenings
        return self._counts

    def ratings(self, players: Iterable[str] | None = None) -> list[PlayerRating]:
        """Everyone rated (or ``players``), best first by ``mu − 3 sigma``."""
        hands, evenings = self._hands_and_evenings()
        wanted = set(self._current) if players is None else set(players) & set(self._current)

        def ordinal(p: str) -> float:
            mu, sigma = self._current[p]
            return mu - 3 * sigma

        ranked = sorted(wanted, key=lambda p: (-ordinal(p), p))
        return [
            PlayerRating(
                rank=rank,
                player_id=p,
                mu=round(self._current[p][0], 3),
                sigma=round(self._current[p][1], 3),
                ordinal=round(ordinal(p), 3),
                hands=hands.get(p, 0),
                evenings=evenings.get(p, 0),
            )
            for rank, p in enumerate(ranked, 1)
        ]

    def history(self, player_id: str) -> list[RatingPoint]:
        """The player's rating after each evening he played, oldest first."""
        out = []
        values: dict[str, Value] = {}
        for entry in self._rated:
            played = False
            for after in entry.after_hand:
                if player_id in after:
                    values[player_id] = after[player_id]
                    played = True
            if played:
                mu, sigma = values[player_id]
                out.append(
                    RatingPoint(
                        evening_id=entry.night.evening_id,
                        date=entry.night.day,
                        start=entry.night.start,
                        mu=round(mu, 3),
                        sigma=round(sigma, 3),
                    )
                )
        return out

    def value(self, player_id: str) -> Value:
        return self._current.get(player_id, START)


def night_input(
    evening_id: str, day: date | None, summary: Mapping[str, Any], aliases: Mapping[str, str]
) -> NightInput:
    """The ratings' view of an evening summary (with ``summary_fields``), merged profiles
    counted as the profile they were merged into."""
    ids = [aliases.get(p, p) for p in summary["ids"]]
    return NightInput(
        evening_id=evening_id,
        day=day,
        start=str(summary.get("start", "")),
        rankings=tuple(tuple(ids[i] for i in hand) for hand in summary["rankings"]),
    )
