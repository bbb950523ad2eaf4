"""The evening's score sheet: hands as rows, players as columns, a totals row, the leader,
and (for every scheme, but what matters under rules without points) a tally of titles.

A cell holds what the hand gave the player: his place (1 = first out, the Président), the
title that place carries into the next hand, and the points (``None`` when the scheme counts
no points, or when he did not play that hand: he had not joined yet, or had left).

The leader: the top of the evening's standings, by the table's ranking rule
(``TableRules.evening_rank``; ties broken by the current ranking, as everywhere), as the
history and the leaderboard's evening wins name him.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from companion.table import scoring
from companion.table.evening import Evening, HandResult
from companion.table.titles import title_words

_FROZEN = ConfigDict(frozen=True)


class Column(BaseModel):
    model_config = _FROZEN
    player_id: str
    name: str
    present: bool  # at the table now


class Cell(BaseModel):
    model_config = _FROZEN
    place: int | None = None  # 1-based place this hand produced; None: did not play it
    title: str | None = None
    points: int | None = None  # None: did not play, or the scheme counts no points


class SheetRow(BaseModel):
    model_config = _FROZEN
    number: int
    hand_id: str
    cells: tuple[Cell, ...]  # aligned on ``ScoreSheet.columns``
    totals: tuple[int, ...]  # running totals after this hand, aligned on the columns


class Tally(BaseModel):
    """Titles counted over the evening, for one player."""

    model_config = _FROZEN
    player_id: str
    hands: int
    president: int  # hands finished first
    trou_du_cul: int  # hands finished last
    current_streak: int  # hands in a row as Président, up to the last hand
    longest_streak: int
    place_sum: int = 0  # the places of his hands added up (1 = first)

    @property
    def average_place(self) -> float | None:
        return self.place_sum / self.hands if self.hands else None


class ScoreSheet(BaseModel):
    model_config = _FROZEN
    evening_id: str
    version: int
    scheme: str
    counts_points: bool  # False: the sheet shows places and titles only
    lower_is_better: bool  # card_penalty: the lowest total leads
    columns: tuple[Column, ...]
    rows: tuple[SheetRow, ...]
    totals: tuple[int, ...]  # aligned on the columns
    tally: tuple[Tally, ...]  # aligned on the columns
    leader: str | None  # player id; None before the first hand
    rank_rule: str = "points"  # TableRules.evening_rank: what ranks the evening
    # Whose words the cells' titles are (kept in French, as the seeds write them).
    title_scheme: str | None = Field(default=None, exclude=True)

    def title_in(self, lang: str, title: str | None) -> str | None:
        """A cell's title in ``lang``."""
        return None if title is None else title_words(lang, title, self.title_scheme)

    def column_of(self, player_id: str) -> int:
        return next(i for i, c in enumerate(self.columns) if c.player_id == player_id)


def hand_results(evening: Evening) -> list[tuple[str, HandResult]]:
    """(hand id, result) of every derived hand, in order."""
    out = []
    for step in evening.hands:
        assert step.result is not None  # derived evenings only
        out.append((step.id, step.result))
    return out


def tally(player_ids: Sequence[str], results: Sequence[HandResult]) -> list[Tally]:
    """Times first and last, and Président streaks, per player (aligned on ``player_ids``)."""
    places = scoring.places_of(r.ranking for r in results)
    sizes = {p: [len(r.ranking) for r in results if p in r.ranking] for p in places}
    run = dict.fromkeys(player_ids, 0)
    longest = dict.fromkeys(player_ids, 0)
    for r in results:
        top = r.ranking[0] if r.ranking else None
        for p in run.keys() | places.keys():
            run[p] = run.get(p, 0) + 1 if p == top else 0
            longest[p] = max(longest.get(p, 0), run[p])
    out = []
    for p in player_ids:
        got = places.get(p, [])
        out.append(
            Tally(
                player_id=p,
                hands=len(got),
                president=got.count(1),
                trou_du_cul=sum(
                    1 for i, n in zip(got, sizes.get(p, []), strict=True) if i == n and n > 1
                ),
                current_streak=run.get(p, 0),
                longest_streak=longest.get(p, 0),
                place_sum=sum(got),
            )
        )
    return out


def leader(evening: Evening) -> str | None:
    """The top of the evening's standings, by the table's ``evening_rank`` (points, the
    last hand, average place or times Président; ties by the current ranking); the same
    player the history and the leaderboard's wins name."""
    if not evening.hands or not evening.standings:
        return None
    return evening.standings[0]


def score_sheet(evening: Evening) -> ScoreSheet:
    """The grid of a derived evening (``evening.derive`` has run)."""
    _, table = evening.rules()
    scheme = table.scoring
    counts = scheme != "none"
    columns = tuple(
        Column(player_id=p.id, name=p.name, present=p.id in evening.present)
        for p in evening.players
    )
    ids = [c.player_id for c in columns]
    results = hand_results(evening)
    rows = []
    for hand_id, r in results:
        place = {p: i for i, p in enumerate(r.ranking, 1)}
        cells = tuple(
            Cell(
                place=place[p],
                title=r.titles.get(p),
                points=r.points.get(p, 0) if counts else None,
            )
            if p in place
            else Cell()
            for p in ids
        )
        rows.append(
            SheetRow(
                number=r.number,
                hand_id=hand_id,
                cells=cells,
                totals=tuple(r.totals.get(p, 0) for p in ids),
            )
        )
    tallies = tally(ids, [r for _, r in results])
    return ScoreSheet(
        evening_id=evening.id,
        version=evening.version,
        scheme=scheme,
        counts_points=counts,
        lower_is_better=scoring.lower_is_better(scheme),
        columns=columns,
        rows=tuple(rows),
        totals=tuple(evening.totals.get(p, 0) for p in ids),
        tally=tuple(tallies),
        leader=leader(evening),
        rank_rule=table.evening_rank,
        title_scheme=table.titles,
    )
