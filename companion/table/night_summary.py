"""The end-of-evening summary: the final ranking (the podium is its first three), most times
Président, the longest run as Président, and the biggest climb in the standings.

The biggest climb: for each player, from the lowest place he held in the evening's standings
after any hand to his final place; the largest rise wins (ties: the better final place).
Under rules without points the standings follow the current ranking, so a climb is the rise
from a bottom role to a top one.
"""

from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict

from companion.table import scoring, stats
from companion.table.evening import Evening
from companion.table.score_sheet import hand_results, tally

_FROZEN = ConfigDict(frozen=True)


class Finisher(BaseModel):
    model_config = _FROZEN
    place: int  # final place, 1-based
    player_id: str
    name: str
    total: int
    hands: int
    president: int
    trou_du_cul: int
    average_place: float | None = None  # over the hands he played


class Record(BaseModel):
    """A distinction: who holds it (ties share it) and the count."""

    model_config = _FROZEN
    player_ids: tuple[str, ...]
    count: int


class Climb(BaseModel):
    model_config = _FROZEN
    player_id: str
    lowest: int  # worst place held in the standings after a hand
    final: int
    after_hand: int  # the hand after which he was lowest (the last such hand)


class NightSummary(BaseModel):
    model_config = _FROZEN
    evening_id: str
    date: date
    started_at: datetime
    title: str | None
    place: str | None
    preset: str
    scheme: str
    counts_points: bool
    rank_rule: str = "points"  # TableRules.evening_rank: what ranks the evening
    hands: int
    ended: bool
    names: dict[str, str]
    ranking: tuple[Finisher, ...]  # everyone who played a hand, best first
    most_president: Record | None
    longest_streak: Record | None
    biggest_climb: Climb | None

    @property
    def podium(self) -> tuple[Finisher, ...]:
        return self.ranking[:3]


def _record(values: dict[str, int], order: list[str]) -> Record | None:
    best = max(values.values(), default=0)
    if best <= 0:
        return None
    return Record(player_ids=tuple(p for p in order if values.get(p) == best), count=best)


def night_summary(evening: Evening) -> NightSummary:
    """The summary of a derived evening (ended or not: the app shows it at the end, the
    command line on request)."""
    _, table = evening.rules()
    scheme = table.scoring
    results = [r for _, r in hand_results(evening)]
    played = [s for s in stats.standings(evening) if any(s.player_id in r.ranking for r in results)]
    final_order = [s.player_id for s in played]
    counts = {t.player_id: t for t in tally(final_order, results)}
    ranking = tuple(
        Finisher(
            place=i,
            player_id=s.player_id,
            name=s.name,
            total=s.total,
            hands=counts[s.player_id].hands,
            president=counts[s.player_id].president,
            trou_du_cul=counts[s.player_id].trou_du_cul,
            average_place=counts[s.player_id].average_place,
        )
        for i, s in enumerate(played, 1)
    )
    final = {p: i for i, p in enumerate(final_order, 1)}
    lowest: dict[str, tuple[int, int]] = {}  # player -> (worst place, after which hand)
    places: scoring.Places = {}
    for r in results:
        scoring.add_places(places, r.ranking)
        after = scoring.evening_order(table.evening_rank, r.totals, r.ranking, scheme, places)
        for i, p in enumerate(after, 1):
            if p in final and i >= lowest.get(p, (0, 0))[0]:
                lowest[p] = (i, r.number)
    climbs = [
        Climb(player_id=p, lowest=low, final=final[p], after_hand=hand)
        for p, (low, hand) in lowest.items()
        if low > final[p] and hand < len(results)
    ]
    climb = min(climbs, key=lambda c: (c.final - c.lowest, c.final), default=None)
    return NightSummary(
        evening_id=evening.id,
        date=evening.date,
        started_at=evening.created_at,
        title=evening.title,
        place=evening.place,
        preset=evening.preset,
        scheme=scheme,
        counts_points=scheme != "none",
        rank_rule=table.evening_rank,
        hands=len(results),
        ended=evening.ended,
        names=evening.names(),
        ranking=ranking,
        most_president=_record({p: t.president for p, t in counts.items()}, final_order),
        longest_streak=_record({p: t.longest_streak for p, t in counts.items()}, final_order),
        biggest_climb=climb,
    )
