"""What the leaderboard needs from one evening, compact for the store's index: the evening
summary, a model owned by the table layer. The store keeps it as opaque JSON (the
``summarize`` hook hands it ``EveningSummary.stored()``); ``parse`` reads it back, and every
statistic the screens and the command line show of it is computed here (``PlayerNight``).

Per player, aligned on ``ids``: points, hands played, sum of normalised positions (0 first,
1 last: ``stats``), times first and last, longest streak first; ``ahead[i][j]``: hands where
``i`` placed above ``j``.

The score features added keys later (only ever added, so an older app reading a newer
index ignores them; a summary written before them lacks them: ``complete``):

* ``start``: when the evening was created (ISO, UTC): orders two evenings of the same day.
* ``preset``: the rules it was played with, for the history list.
* ``rankings``: each hand's places, best first, as indexes into ``ids``: what the skill
  rating replays (a whole finishing order per hand).
* ``place_sum`` / ``size_sum``: per player, the sum of his 1-based places and of the table
  sizes he played at, so the leaderboard shows an average place ("2.1st of 5").
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from functools import cached_property, lru_cache
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from companion.table import scoring
from companion.table.evening import Evening, EveningError, derive

SUMMARY_VERSION = 1
PER_PLAYER = ("points", "played", "pos", "first", "last", "streak")
SCORE_FIELDS = ("start", "preset", "rankings", "place_sum", "size_sum")


@lru_cache(maxsize=32)
def _indexes(k: int) -> frozenset[int]:
    """The valid indexes into ``k`` players (a summary's rankings name them)."""
    return frozenset(range(k))


@dataclass(frozen=True, slots=True)
class PlayerNight:
    """One player's evening, as the summary tells it (a dataclass: the charts make one per
    player of every evening)."""

    player_id: str
    points: int
    hands: int
    president: int
    trou_du_cul: int
    longest_streak: int
    position: float | None  # mean normalised position: 0 always first … 1 always last
    place: float | None  # mean 1-based place (None: a summary without place sums)
    table: float | None  # mean table size he played at

    @property
    def height(self) -> float | None:
        """How high he finished on average: 1 always first, 0 always last."""
        return None if self.position is None else round(1 - self.position, 4)


@dataclass(frozen=True, slots=True)
class EveningNights:
    """One evening and every player's evening in it (for the charts over evenings)."""

    evening_id: str
    date: date
    start: str  # when it was created (ISO, UTC), "" when not known
    hands: int
    nights: tuple[PlayerNight, ...]

    def night(self, player_id: str) -> PlayerNight | None:
        return next((n for n in self.nights if n.player_id == player_id), None)


class EveningSummary(BaseModel):
    """The stored summary (see the module docstring); keys it does not know are ignored."""

    model_config = ConfigDict(frozen=True, extra="ignore")
    v: int = SUMMARY_VERSION
    scheme: str
    hands: int
    ended: bool
    ids: tuple[str, ...]
    leader: str | None = None
    winner: str | None = None
    points: tuple[int, ...]
    played: tuple[int, ...]
    pos: tuple[float, ...]
    first: tuple[int, ...]
    last: tuple[int, ...]
    streak: tuple[int, ...]
    ahead: tuple[tuple[int, ...], ...]
    start: str | None = None
    preset: str | None = None
    rankings: tuple[tuple[int, ...], ...] | None = None
    place_sum: tuple[int, ...] | None = None
    size_sum: tuple[int, ...] | None = None

    @model_validator(mode="after")
    def _aligned(self) -> Self:
        # Every summary of the index is checked when a process first reads it (520 at once
        # for ten years of evenings): C loops over sets, no Python loop per number.
        k = len(self.ids)
        lists = [getattr(self, name) for name in PER_PLAYER]
        lists += [x for x in (self.place_sum, self.size_sum) if x is not None]
        if set(map(len, lists)) != {k} or len(self.ahead) != k:
            raise ValueError("per-player lists not aligned on ids")
        if not set(map(len, self.ahead)) <= {k}:
            raise ValueError("ahead is not square")
        # The ints named (a few distinct ones) all index ``ids``: 0 <= i < k.
        if self.rankings and not set().union(*self.rankings) <= _indexes(k):
            raise ValueError("a ranking names no player")
        return self

    @property
    def complete(self) -> bool:
        """It has the score features' keys (written by this version or a later one)."""
        return all(getattr(self, key) is not None for key in SCORE_FIELDS)

    @property
    def top(self) -> str | None:
        """The winner once ended, else the leader of the evening so far."""
        return self.winner or self.leader

    def stored(self) -> dict[str, Any]:
        """The JSON the store keeps (the same keys and values as ever)."""
        return self.model_dump(mode="json")

    def aliased(self, alias: Mapping[str, str]) -> EveningSummary:
        """Merged profiles counted as their target (itself when nobody in it was merged)."""
        if not any(p in alias for p in self.ids):
            return self

        def of(p: str | None) -> str | None:
            return alias.get(p, p) if p is not None else None

        out = self.model_copy(
            update={
                "ids": tuple(alias.get(p, p) for p in self.ids),
                "leader": of(self.leader),
                "winner": of(self.winner),
            }
        )
        out.__dict__.pop("_nights", None)  # a copy keeps the cache: of the ids before
        return out

    def night(self, player_id: str) -> PlayerNight | None:
        """His evening (the first under his id: merged profiles may repeat it), or None
        when he did not sit at it."""
        if player_id not in self.ids:
            return None
        return self.nights()[self.ids.index(player_id)]

    def nights(self) -> tuple[PlayerNight, ...]:
        """Everyone's evening, in ``ids`` order (made once per summary: the charts ask
        for every evening's at each change of the folder)."""
        return self._nights

    @cached_property
    def _nights(self) -> tuple[PlayerNight, ...]:
        return tuple(self._night(i) for i in range(len(self.ids)))

    def _night(self, i: int) -> PlayerNight:
        hands = self.played[i]

        def mean(values: tuple[int, ...] | tuple[float, ...] | None) -> float | None:
            return None if values is None or not hands else values[i] / hands

        return PlayerNight(
            player_id=self.ids[i],
            points=self.points[i],
            hands=hands,
            president=self.first[i],
            trou_du_cul=self.last[i],
            longest_streak=self.streak[i],
            position=mean(self.pos),
            place=mean(self.place_sum),
            table=mean(self.size_sum),
        )

    def of_evening(self, evening_id: str, day: date) -> EveningNights:
        return EveningNights(
            evening_id=evening_id,
            date=day,
            start=self.start or "",
            hands=self.hands,
            nights=self.nights(),
        )

    def ranking_ids(self) -> tuple[tuple[str, ...], ...]:
        """Each hand's places as player ids, best first (empty without ``rankings``)."""
        return tuple(tuple(self.ids[i] for i in hand) for hand in self.rankings or ())


def parse(raw: Any) -> EveningSummary | None:
    """A stored summary read back; None when it is not one this version reads (none yet,
    another version, or damaged): the caller computes it again from the evening."""
    if isinstance(raw, EveningSummary):
        return raw
    if not isinstance(raw, dict) or raw.get("v") != SUMMARY_VERSION:
        return None
    try:
        return EveningSummary.model_validate(raw)
    except ValidationError:
        return None


def summarize(evening: Evening) -> EveningSummary:
    """The summary of an evening. One as stored (inputs only) is replayed first; one that
    no longer replays counts no hand."""
    if any(h.result is None for h in evening.hands):
        with contextlib.suppress(EveningError):
            evening = derive(evening)
    _, table = evening.rules()
    results = [step.result for step in evening.hands if step.result is not None]
    rankings = [r.ranking for r in results]
    places = scoring.places_of(rankings)
    ids = list(places)  # in order of first appearance
    at = {p: i for i, p in enumerate(ids)}
    points = dict.fromkeys(ids, 0)
    pos = dict.fromkeys(ids, 0.0)
    sizes = dict.fromkeys(ids, 0)
    last = dict.fromkeys(ids, 0)
    run = dict.fromkeys(ids, 0)
    streak = dict.fromkeys(ids, 0)
    k = len(ids)
    ahead = [[0] * k for _ in range(k)]
    for r in results:
        n = len(r.ranking)
        for place, p in enumerate(r.ranking):
            points[p] += r.points.get(p, 0)
            pos[p] += place / (n - 1) if n > 1 else 0.0
            sizes[p] += n
            last[p] += place == n - 1
        for p in ids:
            run[p] = run[p] + 1 if p == r.ranking[0] else 0
            streak[p] = max(streak[p], run[p])
        index = [at[p] for p in r.ranking]
        for hi, a in enumerate(index):
            for b in index[hi + 1 :]:
                ahead[a][b] += 1
    return EveningSummary(
        scheme=table.scoring,
        hands=len(evening.hands),
        ended=evening.ended,
        ids=tuple(ids),
        leader=evening.standings[0] if evening.standings and evening.hands else None,
        winner=evening.standings[0] if evening.ended and evening.standings else None,
        points=tuple(points[p] for p in ids),
        played=tuple(len(places[p]) for p in ids),
        pos=tuple(round(pos[p], 6) for p in ids),
        first=tuple(places[p].count(1) for p in ids),
        last=tuple(last[p] for p in ids),
        streak=tuple(streak[p] for p in ids),
        ahead=tuple(tuple(row) for row in ahead),
        start=evening.created_at.isoformat(),
        preset=evening.preset,
        rankings=tuple(tuple(at[p] for p in ranking) for ranking in rankings),
        place_sum=tuple(sum(places[p]) for p in ids),
        size_sum=tuple(sizes[p] for p in ids),
    )
