"""The ratings ``TableService`` keeps (companion/table/service_ratings.py) follow the profiles:
a merge recomputes them."""

from __future__ import annotations

from datetime import date

from companion.table.service import TableService
from tests.support.evenings import ids, played


def test_ratings_follow_a_merge(service: TableService) -> None:
    """Ratings already computed are recomputed when two profiles become one."""
    played(service, date(2024, 1, 5), ["Bob Ann Cat Dan", "Bob Cat Ann Dan"])
    service.add_player("Robert")
    who = ids(service)
    assert who["Bob"] in {r.player_id for r in service.ratings()}
    service.merge_players("Bob", "Robert")
    rated = {r.player_id for r in service.ratings()}
    assert who["Bob"] not in rated and who["Robert"] in rated
