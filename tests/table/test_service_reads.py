"""What ``TableService`` reads over the evenings (companion/table/service_reads.py), one rule
per test: the history list, and the head-to-head, average places and leaderboard over a
period."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from companion.table.evening import UnknownPlayerError
from companion.table.service import TableService
from tests.support.evenings import FOUR, ids, played


def test_history_list_newest_first_with_unreadable_evenings(tmp_path: Path) -> None:
    """The history list shows every evening of the period, newest first, an unreadable one
    too (marked so), and leaves out those outside the period, readable or not."""
    data = tmp_path / "data"
    service = TableService(data)
    old = played(service, date(2023, 6, 1), ["Ann Bob Cat Dan"])
    mid = played(service, date(2024, 1, 5), ["Ann Bob Cat Dan", "Bob Ann Cat Dan"])
    new = played(service, date(2024, 3, 1), ["Cat Ann Bob Dan"])
    late = played(service, date(2025, 1, 1), [])
    for ev in (mid, late):
        (data / "evenings" / f"{ev.id}.json").write_text("{broken", "utf-8")
    service = TableService(data)
    items = service.evening_items()
    assert [i.evening_id for i in items] == [late.id, new.id, mid.id, old.id]
    assert [i.unreadable for i in items] == [True, False, True, False]
    period = service.evening_items(date(2024, 1, 1), date(2024, 12, 31))
    assert [i.evening_id for i in period] == [new.id, mid.id]
    assert [i.date for i in period] == [date(2024, 3, 1), date(2024, 1, 5)]
    assert [i.evening_id for i in service.evening_items(start=date(2024, 2, 1))] == [
        late.id,
        new.id,
    ]
    assert [i.evening_id for i in service.evening_items(end=date(2024, 1, 31))] == [
        mid.id,
        old.id,
    ]


def test_history_list_item_says_hands_players_and_leader(service: TableService) -> None:
    """An item names its rules, counts its hands and shows its players and leader."""
    ev = played(service, date(2024, 1, 5), ["Bob Ann Cat Dan", "Bob Cat Ann Dan"])
    (item,) = service.evening_items()
    who = ids(service)
    assert (item.evening_id, item.preset, item.hands) == (ev.id, "pagat", 2)
    assert item.players == tuple(who[n] for n in FOUR)
    assert item.winner == who["Bob"] and not item.unreadable and not item.ended


def test_history_list_counts_a_merged_player_as_the_one_he_became(
    service: TableService,
) -> None:
    """After a merge, the list shows the merged player as the profile he now counts as."""
    played(service, date(2024, 1, 5), ["Bob Ann Cat Dan"])
    service.add_player("Robert")
    service.merge_players("Bob", "Robert")
    (item,) = service.evening_items()
    who = ids(service)
    assert item.players == (who["Ann"], who["Robert"], who["Cat"], who["Dan"])
    assert item.winner == who["Robert"]


def test_head_to_head_over_a_closed_period(service: TableService) -> None:
    """Both ends of a period count: only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    h = service.head_to_head("Ann", "Bob", date(2024, 1, 5), date(2024, 2, 5))
    assert (h.hands, h.a_ahead, h.b_ahead) == (2, 1, 1)


def test_average_places_over_a_closed_period(service: TableService) -> None:
    """Average places count only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    who = ids(service)
    both = service.average_places(date(2024, 1, 5), date(2024, 2, 5))
    assert both[who["Ann"]].hands == 2
    assert both[who["Ann"]].position == pytest.approx((0 + 1 / 3) / 2, abs=1e-4)
    first = service.average_places(date(2024, 1, 1), date(2024, 1, 31))
    assert first[who["Ann"]].hands == 1 and first[who["Ann"]].position == 0


def test_leaderboard_over_a_closed_period(service: TableService) -> None:
    """The leaderboard counts only the evenings from start to end (inclusive)."""
    played(service, date(2024, 1, 5), ["Ann Bob Cat Dan"])
    played(service, date(2024, 2, 5), ["Bob Ann Cat Dan"])
    played(service, date(2024, 3, 5), ["Bob Ann Cat Dan"])
    rows = {r.name: r for r in service.leaderboard(date(2024, 1, 5), date(2024, 2, 5))}
    assert rows["Ann"].evenings == 2 and rows["Ann"].president == 1
    assert rows["Bob"].president == 1


def test_the_charts_evenings_over_a_closed_period(service: TableService) -> None:
    """The evenings the charts draw are those from start to end (inclusive), oldest first."""
    for day in (date(2024, 1, 5), date(2024, 2, 5), date(2024, 3, 5)):
        played(service, day, ["Ann Bob Cat Dan"])
    nights = service.evening_nights(date(2024, 2, 5), date(2024, 3, 5))
    assert [n.date for n in nights] == [date(2024, 2, 5), date(2024, 3, 5)]
    assert len(service.evening_nights()) == 3


def test_an_unknown_player_is_refused_in_both_languages(service: TableService) -> None:
    """A head-to-head with someone who has no profile is refused, naming him."""
    played(service, date(2024, 1, 5), [])
    with pytest.raises(UnknownPlayerError) as info:
        service.head_to_head("Ann", " Zed ")
    assert info.value.message("fr") == "Joueur inconnu : « Zed »."
    assert info.value.message("en") == "Unknown player: 'Zed'."
