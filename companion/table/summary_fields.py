"""What the score features add to each evening's index summary (``stats.evening_summary``):
keys only ever added, so an older app reading a newer index ignores them, and a summary
written before them is recognised by their absence (``has_score_fields``).

* ``start``: when the evening was created (ISO, UTC): orders two evenings of the same day.
* ``preset``: the rules it was played with, for the history list.
* ``rankings``: each hand's places, best first, as indexes into ``ids``: what the skill
  rating replays (a whole finishing order per hand).
* ``place_sum`` / ``size_sum``: per player, the sum of his 1-based places and of the table
  sizes he played at, so the leaderboard shows an average place ("2.1st of 5").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.table.evening import Evening

FIELDS = ("start", "preset", "rankings", "place_sum", "size_sum")


def score_fields(evening: Evening, ids: Sequence[str]) -> dict[str, Any]:
    at = {p: i for i, p in enumerate(ids)}
    rankings: list[list[int]] = []
    place_sum = [0] * len(ids)
    size_sum = [0] * len(ids)
    for step in evening.hands:
        r = step.result
        assert r is not None  # derived evenings only
        rankings.append([at[p] for p in r.ranking])
        for place, p in enumerate(r.ranking, 1):
            place_sum[at[p]] += place
            size_sum[at[p]] += len(r.ranking)
    return {
        "start": evening.created_at.isoformat(),
        "preset": evening.preset,
        "rankings": rankings,
        "place_sum": place_sum,
        "size_sum": size_sum,
    }


def has_score_fields(summary: Mapping[str, Any]) -> bool:
    return all(key in summary for key in FIELDS)
