"""A skill rating across evenings: openskill's Plackett–Luce model, fed each hand's whole
finishing order (best first), evening after evening in the order they were played.

Each player has a rating ``mu`` and an uncertainty ``sigma`` (openskill's units: everyone
starts at 25 ± 8.3). The leaderboard ranks by the conservative estimate ``mu − 3·sigma``
(openskill's ``ordinal``), so that three lucky hands do not put a newcomer on top. A rating
is provisional while its uncertainty is still high (``provisional``).

The book is kept up to date incrementally. It remembers, for every evening, the ratings
before it and after each of its hands; given the evenings as they are now (from the index
summaries: no evening file is read), it finds the first hand that differs from what it
rated (a new hand, an edited or deleted one, an evening added or removed in the middle)
and replays from there on: recording a hand in tonight's evening replays one hand; an edit
in an old evening replays the rest of that evening and every evening after it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from importlib.metadata import version

from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict

from companion.table.evening_summary import EveningSummary

_FROZEN = ConfigDict(frozen=True)
_MODEL = PlackettLuce()
START = (_MODEL.mu, _MODEL.sigma)
FILE_FORMAT = "companion-ratings/1"
# The kept ratings are only as good as the model that computed them: another openskill
# version, or another model, computes them afresh.
MODEL_NAME = f"openskill {version('openskill')} PlackettLuce"

Value = tuple[float, float]  # (mu, sigma)

# A rating is provisional while its sigma is above three quarters of the starting one. Sigma
# shrinks by a few percent a hand: about the first 13 hands at tables of 3, 15 at 4, 19 at 5,
# 22 at 6 (the median over shuffled finishing orders): roughly a player's first evening.
PROVISIONAL_SIGMA = 0.75 * START[1]


def provisional(sigma: float) -> bool:
    """Whether a rating of this uncertainty is still provisional (too few hands to tell)."""
    return sigma > PROVISIONAL_SIGMA


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
    provisional: bool = False  # sigma still high: see ``provisional``


@dataclass
class _Rated:
    """One evening in the book. ``after_hand`` (each hand's new ratings) is known when this
    process rated the evening, None when the evening came from the kept file: a change
    inside it replays its hands from ``before`` then."""

    evening_id: str
    key: tuple[str, str, str]
    hands: tuple[str, ...]  # each hand's digest (``hand_digest``)
    before: dict[str, Value]  # everyone's ratings before this evening
    end: dict[str, Value]  # its players' ratings after it
    played: dict[str, int]  # its rated hands, per player
    night: NightInput | None = None  # what it was rated from (None: from the kept file)
    after_hand: list[dict[str, Value]] | None = None

    def same(self, night: NightInput) -> bool:
        if self.night is night:
            return True
        if self.evening_id != night.evening_id or self.key != night.key:
            return False
        if self.night is not None:
            return self.night == night
        return self.hands == digests(night)


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


def hand_digest(ranking: Sequence[str]) -> str:
    """A hand's finishing order, named by 12 hex digits (what the kept file compares)."""
    return hashlib.blake2b("\x1f".join(ranking).encode(), digest_size=6).hexdigest()


def digests(night: NightInput) -> tuple[str, ...]:
    return tuple(hand_digest(r) for r in night.rankings)


def _rate_hands(
    rankings: Sequence[Sequence[str]], values: dict[str, Value]
) -> list[dict[str, Value]]:
    """Each hand's new ratings, the hands rated one after the other from ``values``, which
    ends holding everyone's ratings after the last."""
    after_hand = []
    for ranking in rankings:
        after = rate_hand(values, ranking)
        values.update(after)
        after_hand.append(after)
    return after_hand


class RatingBook:
    """The ratings after every evening, replayed only from where the history changed, and
    kept in a file between processes (``dump`` / ``load``)."""

    def __init__(self) -> None:
        self._rated: list[_Rated] = []
        self._current: dict[str, Value] = {}
        self.replayed_hands = 0  # hands rated by the last ``update`` (tests, benchmark)
        self.version = 0  # moves with every change of the ratings (what to write, when)
        # the first evening changed since the book was last kept (dumped or loaded)
        self.unkept_from = 0
        self._counts: tuple[dict[str, int], dict[str, int]] | None = None

    def update(self, nights: Iterable[NightInput]) -> None:
        """Bring the book to ``nights`` (any order; sorted here by date and start)."""
        ordered = sorted(nights, key=lambda n: n.key)
        old = self._rated
        i = 0
        while i < len(ordered) and i < len(old) and old[i].same(ordered[i]):
            old[i].night = ordered[i]  # compared by identity from now on
            i += 1
        self.replayed_hands = 0
        if i == len(ordered) == len(old):
            return
        hand = 0
        if i < len(ordered) and i < len(old):
            a, b = old[i], ordered[i]
            if a.evening_id == b.evening_id and a.key == b.key:
                theirs = a.night.rankings if a.night is not None else None
                ours = digests(b)
                while (
                    hand < len(a.hands)
                    and hand < len(b.rankings)
                    and (
                        a.hands[hand] == ours[hand]
                        if theirs is None
                        else theirs[hand] == b.rankings[hand]
                    )
                ):
                    hand += 1
        before = dict(old[i].before) if i < len(old) else dict(self._current)
        values = dict(before)
        kept: list[dict[str, Value]] = []
        if hand:
            known = old[i].after_hand
            if known is not None:
                kept = known[:hand]
                for after in kept:
                    values.update(after)
            else:  # from the kept file: its first hands rated again, from its start
                kept = _rate_hands(ordered[i].rankings[:hand], values)
                self.replayed_hands += hand
        rated = old[:i]
        for j, night in enumerate(ordered[i:]):
            start_values = dict(values)
            after_hand = list(kept) if j == 0 else []
            more = _rate_hands(night.rankings[len(after_hand) :], values)
            after_hand += more
            self.replayed_hands += len(more)
            end: dict[str, Value] = {}
            played: dict[str, int] = {}
            for after in after_hand:
                end.update(after)
                for p in after:
                    played[p] = played.get(p, 0) + 1
            rated.append(
                _Rated(
                    night.evening_id,
                    night.key,
                    digests(night),
                    before if j == 0 else start_values,
                    end,
                    played,
                    night,
                    after_hand,
                )
            )
        self._rated = rated
        self.unkept_from = min(self.unkept_from, i)
        self._current = values
        self._counts = None
        self.version += 1

    def _hands_and_evenings(self) -> tuple[dict[str, int], dict[str, int]]:
        if self._counts is None:
            hands: dict[str, int] = {}
            evenings: dict[str, int] = {}
            for entry in self._rated:
                for p, n in entry.played.items():
                    hands[p] = hands.get(p, 0) + n
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
                provisional=provisional(self._current[p][1]),
            )
            for rank, p in enumerate(ranked, 1)
        ]

    def history(self, player_id: str) -> list[RatingPoint]:
        """The player's rating after each evening he played, oldest first."""
        out = []
        for entry in self._rated:
            if player_id in entry.end:
                mu, sigma = entry.end[player_id]
                day, start, _ = entry.key
                out.append(
                    RatingPoint(
                        evening_id=entry.evening_id,
                        date=date.fromisoformat(day) if day else None,
                        start=start,
                        mu=round(mu, 3),
                        sigma=round(sigma, 3),
                    )
                )
        return out

    def value(self, player_id: str) -> Value:
        return self._current.get(player_id, START)

    # ------------------------------------------------------------- the kept file

    def unkept_hands(self) -> int:
        """The hands a process starting from the kept file would rate again: every hand of
        the evenings from the first one changed since (the file holds no hand's ratings)."""
        return sum(len(e.hands) for e in self._rated[self.unkept_from :])

    def kept(self) -> None:
        """The book was just written: nothing is left to keep."""
        self.unkept_from = len(self._rated)

    def dump(self, aliases: Mapping[str, str]) -> bytes:
        """The book as the file the next process loads (``load``): per evening, its hands'
        digests, its players' ratings after it and their hands, about 0.7 kB an evening."""
        doc = {
            "format": FILE_FORMAT,
            "model": MODEL_NAME,
            "aliases": sorted(aliases.items()),
            "evenings": [
                [
                    e.evening_id,
                    e.key[0],
                    e.key[1],
                    list(e.hands),
                    {p: list(v) for p, v in e.end.items()},
                    e.played,
                ]
                for e in self._rated
            ],
        }
        return json.dumps(doc, separators=(",", ":")).encode()

    @classmethod
    def load(cls, data: bytes, aliases: Mapping[str, str]) -> RatingBook | None:
        """The book a ``dump`` kept, or None when it is of another format, another model,
        other merged profiles, or unreadable: the ratings are then computed afresh."""
        try:
            doc = json.loads(data)
            if (
                doc.get("format") != FILE_FORMAT
                or doc.get("model") != MODEL_NAME
                or [tuple(a) for a in doc.get("aliases", ())] != sorted(aliases.items())
            ):
                return None
            book = cls()
            values: dict[str, Value] = {}
            for evening_id, day, start, hands, end, played in doc["evenings"]:
                if day:
                    date.fromisoformat(day)
                ends = {str(p): (float(v[0]), float(v[1])) for p, v in end.items()}
                entry = _Rated(
                    str(evening_id),
                    (str(day), str(start), str(evening_id)),
                    tuple(str(h) for h in hands),
                    dict(values),
                    ends,
                    {str(p): int(n) for p, n in played.items()},
                )
                values.update(ends)
                book._rated.append(entry)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            return None
        keys = [e.key for e in book._rated]
        if keys != sorted(keys):
            return None
        book._current = values
        book.unkept_from = len(book._rated)
        return book


def night_input(
    evening_id: str, day: date | None, summary: EveningSummary, aliases: Mapping[str, str]
) -> NightInput:
    """The ratings' view of an evening summary (its ``rankings``), merged profiles counted
    as the profile they were merged into."""
    return NightInput(
        evening_id=evening_id,
        day=day,
        start=summary.start or "",
        rankings=summary.aliased(aliases).ranking_ids(),
    )
