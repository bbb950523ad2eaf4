"""History and rankings: one evening hand by hand, and the leaderboard and head-to-head over
all evenings or a period.

The leaderboard never opens an evening file: each evening leaves a compact summary in the
store's index (``evening_summary.EveningSummary``, through the store's ``summarize`` hook),
and the leaderboard and head-to-head add the summaries up.

Definitions (what the screens and ``companion leaderboard`` show):

* **points**: the evening points of every scheme that counts places; ``card_penalty``
  evenings (lowest wins) add to **penalty** instead, never to points.
* **hands**: hands a player took part in (he is in the ranking the hand produced).
* **average position**, normalised so tables of different sizes compare: a player placed
  ``p`` (1 = Président) among ``n`` scores ``(p − 1) / (n − 1)``: 0 is always first, 1
  always last, 0.5 the middle, whatever the count. The places are those the hand produced
  (after putsch, coup d'État, falls and penalties), the same that give titles and points.
* **Président / Trou du cul**: hands finished first / last.
* **longest streak**: most hands in a row as Président within one evening (a new evening
  starts a new streak: the first hand of an evening has no roles at many tables).
* **wins**: evenings that have ended (target, number of hands, or closed by the table) with
  the player on top of the evening's standings.
* **head-to-head**: over the hands both played, how often each placed above the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from companion.table import scoring
from companion.table.evening import Effect, Evening
from companion.table.evening_summary import EveningSummary, summarize
from companion.table.titles import title_words

_FROZEN = ConfigDict(frozen=True)


# ------------------------------------------------------------------------ per evening


class Standing(BaseModel):
    model_config = _FROZEN
    place: int  # 1-based, by evening score (ties by the current ranking)
    player_id: str
    name: str
    total: int
    title: str | None  # current title (None before the first hand, or after leaving)
    present: bool


class HandRow(BaseModel):
    model_config = _FROZEN
    number: int
    hand_id: str
    order: tuple[str, ...]  # finishing order as entered (ids)
    ranking: tuple[str, ...]  # places the hand produced (ids)
    titles: dict[str, str]
    points: dict[str, int]
    totals: dict[str, int]  # after this hand
    effects: tuple[Effect, ...]
    reversed_order: bool = False  # B9 quad_persistent: the hand started with the order reversed


class EveningHistory(BaseModel):
    """An evening: its players, each hand's titles and points, and the standings."""

    model_config = _FROZEN
    evening_id: str
    date: date
    title: str | None
    place: str | None
    preset: str
    scoring: str
    version: int
    ended: bool
    names: dict[str, str]
    hands: tuple[HandRow, ...]
    standings: tuple[Standing, ...]
    reversed_order: bool = False  # B9 quad_persistent: the next hand starts reversed
    # Whose words the titles are (kept in French, as the seeds write them); not in the JSON.
    title_scheme: str | None = Field(default=None, exclude=True)

    def title_in(self, lang: str, title: str | None) -> str | None:
        """A title of this evening (a hand row's or a standing's) in ``lang``."""
        return None if title is None else title_words(lang, title, self.title_scheme)


def standings(evening: Evening) -> list[Standing]:
    """The evening's ranking by score: everyone who sat, present or not."""
    _, table = evening.rules()
    names = evening.names()
    last = evening.hands[-1].result if evening.hands else None
    titles = last.titles if last is not None else {}
    gone = [p for p in evening.totals if p not in evening.present]
    places = scoring.places_of(step.result.ranking for step in evening.hands if step.result)
    rule = table.evening_rank
    order = [
        *evening.standings,
        *scoring.evening_order(rule, evening.totals, gone, table.scoring, places),
    ]
    return [
        Standing(
            place=i,
            player_id=p,
            name=names[p],
            total=evening.totals.get(p, 0),
            title=titles.get(p) if p in evening.present else None,
            present=p in evening.present,
        )
        for i, p in enumerate(order, 1)
    ]


def evening_history(evening: Evening) -> EveningHistory:
    _, table = evening.rules()
    rows = []
    for step in evening.hands:
        r = step.result
        assert r is not None  # derived evenings only
        rows.append(
            HandRow(
                number=r.number,
                hand_id=step.id,
                order=step.order,
                ranking=r.ranking,
                titles=r.titles,
                points=r.points,
                totals=r.totals,
                effects=r.effects,
                reversed_order=r.reversed_order,
            )
        )
    return EveningHistory(
        evening_id=evening.id,
        date=evening.date,
        title=evening.title,
        place=evening.place,
        preset=evening.preset,
        scoring=table.scoring,
        version=evening.version,
        ended=evening.ended,
        names=evening.names(),
        hands=tuple(rows),
        standings=tuple(standings(evening)),
        reversed_order=evening.reversed_order,
        title_scheme=table.titles,
    )


# ------------------------------------------------------------------------ leaderboard


class LeaderRow(BaseModel):
    model_config = _FROZEN
    rank: int
    player_id: str
    name: str
    points: int
    penalty: int  # card_penalty evenings (lower is better)
    hands: int
    evenings: int
    wins: int  # ended evenings he finished on top of
    avg_position: float | None  # normalised: 0 always first … 1 always last
    president: int
    trou_du_cul: int
    longest_streak: int
    scored: int = 0  # evenings he played under rules that keep points (0: points mean nothing)

    @property
    def height_percent(self) -> int | None:
        """How high he finishes on average: 100 always Président, 0 always last."""
        return None if self.avg_position is None else round(100 * (1 - self.avg_position))


class HeadToHead(BaseModel):
    model_config = _FROZEN
    a: str
    b: str
    a_name: str
    b_name: str
    hands: int  # hands both played
    a_ahead: int
    b_ahead: int
    evenings: int


Dated = tuple[date | None, EveningSummary]  # (evening date, summary)


def in_period(day: date | None, start: date | None, end: date | None) -> bool:
    """``start`` and ``end`` are inclusive; an evening without a date is only in the
    unbounded period."""
    if start is None and end is None:
        return True
    if day is None:
        return False
    return (start is None or day >= start) and (end is None or day <= end)


def leaderboard(
    summaries: Iterable[Dated],
    names: Mapping[str, str],
    start: date | None = None,
    end: date | None = None,
) -> list[LeaderRow]:
    """Add up the evenings' summaries within the period, best first: points, then the
    average position, then hands."""
    acc: dict[str, list[float]] = {}
    for day, s in summaries:
        if not in_period(day, start, end):
            continue
        penalty = scoring.lower_is_better(s.scheme)
        scored = scoring.counts_places(s.scheme)
        # the summary's own lists, not its PlayerNights: thousands of evenings add up here
        for i, p in enumerate(s.ids):
            row = acc.setdefault(p, [0, 0, 0, 0, 0, 0.0, 0, 0, 0, 0])
            row[9] += scored
            row[1 if penalty else 0] += s.points[i]
            row[2] += s.played[i]
            row[3] += 1
            row[4] += s.winner == p
            row[5] += s.pos[i]
            row[6] += s.first[i]
            row[7] += s.last[i]
            row[8] = max(row[8], s.streak[i])

    def key(item: tuple[str, list[float]]) -> tuple[Any, ...]:
        p, r = item
        avg = r[5] / r[2] if r[2] else 1.0
        return (-r[0], avg, -r[2], names.get(p, p).casefold(), p)

    rows = []
    for rank, (p, r) in enumerate(sorted(acc.items(), key=key), 1):
        rows.append(
            LeaderRow(
                rank=rank,
                player_id=p,
                name=names.get(p, p),
                points=int(r[0]),
                penalty=int(r[1]),
                hands=int(r[2]),
                evenings=int(r[3]),
                wins=int(r[4]),
                avg_position=round(r[5] / r[2], 4) if r[2] else None,
                president=int(r[6]),
                trou_du_cul=int(r[7]),
                longest_streak=int(r[8]),
                scored=int(r[9]),
            )
        )
    return rows


def head_to_head(
    summaries: Iterable[Dated],
    a: str,
    b: str,
    names: Mapping[str, str],
    start: date | None = None,
    end: date | None = None,
) -> HeadToHead:
    hands = a_ahead = b_ahead = evenings = 0
    for day, s in summaries:
        if not in_period(day, start, end):
            continue
        ids = s.ids
        if a not in ids or b not in ids:
            continue
        i, j = ids.index(a), ids.index(b)
        won, lost = s.ahead[i][j], s.ahead[j][i]
        if won + lost:
            evenings += 1
        hands += won + lost
        a_ahead += won
        b_ahead += lost
    return HeadToHead(
        a=a,
        b=b,
        a_name=names.get(a, a),
        b_name=names.get(b, b),
        hands=hands,
        a_ahead=a_ahead,
        b_ahead=b_ahead,
        evenings=evenings,
    )


def summaries_of(evenings: Iterable[Evening]) -> list[Dated]:
    """Summaries computed from evenings (tests; index entries without a summary)."""
    return [(e.date, summarize(e)) for e in evenings]
