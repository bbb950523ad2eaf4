"""Details of the score fields an evening adds to its index summary."""

from __future__ import annotations

from datetime import UTC, date, datetime

from companion.table.evening import Evening, HandStep, JoinStep, PlayerProfile, derive
from companion.table.summary_fields import FIELDS, has_score_fields, score_fields

IDS = ["p0", "p1", "p2", "p3"]


def evening() -> Evening:
    """Three players, then a fourth joins: hands at a table of 3 and of 4."""
    players = tuple(PlayerProfile(id=p, name=p.upper()) for p in IDS)
    return derive(
        Evening(
            date=date(2026, 11, 20),
            created_at=datetime(2026, 11, 20, 20, 15, tzinfo=UTC),
            preset="trou-du-cul",
            settings=("join_leave=true",),
            players=players,
            seating=("p0", "p1", "p2"),
            steps=(
                HandStep(order=("p2", "p0", "p1")),
                JoinStep(player="p3"),
                HandStep(order=("p3", "p1", "p0", "p2")),
            ),
        )
    )


def test_score_fields_sum_places_and_table_sizes_per_player() -> None:
    """Each hand's places as indexes into ``ids``; per player the sum of his 1-based
    places and of the sizes of the tables he played at; the start and the rules."""
    ev = evening()
    rankings = [list(step.result.ranking) for step in ev.hands if step.result]
    fields = score_fields(ev, IDS)
    assert fields["rankings"] == [[IDS.index(p) for p in r] for r in rankings]
    places = {p: sum(r.index(p) + 1 for r in rankings if p in r) for p in IDS}
    sizes = {p: sum(len(r) for r in rankings if p in r) for p in IDS}
    assert fields["place_sum"] == [places[p] for p in IDS]
    assert fields["size_sum"] == [sizes[p] for p in IDS]
    # The finishing orders as entered: p2 p0 p1, then p3 p1 p0 p2.
    assert fields["rankings"] == [[2, 0, 1], [3, 1, 0, 2]]
    assert fields["place_sum"] == [2 + 3, 3 + 2, 1 + 4, 1]
    assert fields["size_sum"] == [3 + 4, 3 + 4, 3 + 4, 4]
    assert fields["start"] == "2026-11-20T20:15:00+00:00"
    assert fields["preset"] == "trou-du-cul"
    assert set(fields) == set(FIELDS)


def test_a_summary_has_score_fields_only_with_all_of_them() -> None:
    """A summary written before the score fields lacks them; one missing any is old."""
    full = score_fields(evening(), IDS)
    assert has_score_fields({"ids": IDS, **full})
    for key in FIELDS:
        assert not has_score_fields({k: v for k, v in full.items() if k != key})
