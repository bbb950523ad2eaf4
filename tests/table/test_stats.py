"""History and rankings: per evening hand by hand, the leaderboard and head-to-head over all
evenings or a period (the commands are in tests/cli/test_history_cli.py)."""

from datetime import date

import pytest

from companion.table import stats
from companion.table.evening_summary import summarize
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def evening(service, players, preset, orders, day, settings=(), **kw):
    ev = service.create_evening(players, preset, day=day, settings=settings, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def rows(service, start=None, end=None):
    return {r.name: r for r in service.leaderboard(start, end)}


def test_evening_history_hand_by_hand(service):
    ev = evening(
        service,
        FOUR,
        "president",
        ["Bob Dan Ann Cat", "Bob Ann Cat Dan"],
        date(2024, 1, 5),
        ranking=["Dan", "Cat", "Bob", "Ann"],
        place="Chez Cat",
    )
    h = service.history(ev.id)
    assert [r.number for r in h.hands] == [1, 2] and h.place == "Chez Cat"
    by = h.names
    first, second = h.hands
    assert {by[p]: v for p, v in first.points.items()} == {"Bob": 3, "Dan": 2, "Ann": 1, "Cat": 0}
    assert {by[p]: v for p, v in second.totals.items()} == {"Bob": 6, "Dan": 2, "Ann": 3, "Cat": 1}
    assert {by[p]: t for p, t in second.titles.items()}["Dan"] == "Balayeur"
    assert [(s.place, s.name, s.total) for s in h.standings] == [
        (1, "Bob", 6),
        (2, "Ann", 3),
        (3, "Dan", 2),
        (4, "Cat", 1),
    ]
    assert h.scoring == "three_two_one" and not h.ended


def test_standings_keep_players_who_left(service):
    ev = evening(service, [*FOUR, "Eve"], "pagat", ["Eve Ann Bob Cat Dan"], date(2024, 1, 5))
    ev = service.leave(ev.id, "Eve", expected_version=ev.version)
    table = service.standings(ev.id)
    eve = next(s for s in table if s.name == "Eve")
    assert eve.total == 2 and not eve.present and eve.title is None
    assert [s.place for s in table] == [1, 2, 3, 4, 5]


def test_normalised_position_compares_table_sizes(service):
    """Placed 2nd of 5 is 0.25, 2nd of 3 is 0.5: (place − 1) / (players − 1)."""
    evening(
        service,
        ["Ann", "Bob", "Cat", "Dan", "Eve"],
        "trou-du-cul",
        ["Bob Ann Cat Dan Eve"],
        date(2024, 1, 5),
    )
    evening(service, ["Ann", "Bob", "Cat"], "trou-du-cul", ["Bob Ann Cat"], date(2024, 1, 12))
    r = rows(service)
    assert r["Ann"].avg_position == pytest.approx((0.25 + 0.5) / 2)
    assert r["Bob"].avg_position == 0 and r["Cat"].avg_position == pytest.approx(0.75)
    assert r["Ann"].hands == 2 and r["Ann"].evenings == 2
    assert r["Cat"].trou_du_cul == 1 and r["Eve"].trou_du_cul == 1 and r["Bob"].president == 2


def test_longest_streak_stays_within_an_evening(service):
    evening(
        service,
        FOUR,
        "pagat",
        [
            "Ann Bob Cat Dan",
            "Ann Cat Bob Dan",
            "Ann Bob Dan Cat",
            "Bob Ann Cat Dan",
            "Ann Bob Cat Dan",
        ],
        date(2024, 1, 5),
        settings=["target=none"],
    )
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan", "Ann Bob Cat Dan"], date(2024, 1, 12))
    r = rows(service)
    assert r["Ann"].longest_streak == 3 and r["Bob"].longest_streak == 1
    assert r["Ann"].president == 6


def test_points_penalties_wins_and_periods(service):
    """Points of schemes that count places add up; card_penalty evenings go to penalty."""
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"] * 6, date(2023, 6, 1))  # to 11
    evening(service, FOUR, "trou-du-cul", ["Dan Cat Bob Ann"], date(2024, 6, 1))
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 7, 1), settings=["scoring=card_penalty"]
    )
    service.record_hand(
        ev.id, [], expected_version=ev.version, cards_left={"Ann": 0, "Bob": 4, "Cat": 12, "Dan": 1}
    )
    r = rows(service)
    assert r["Ann"].points == 12 and r["Ann"].wins == 1 and r["Ann"].penalty == 0
    assert r["Dan"].points == 3 and r["Cat"].penalty == 24 and r["Bob"].penalty == 4
    assert [x.name for x in service.leaderboard()][:2] == ["Ann", "Bob"]
    recent = rows(service, start=date(2024, 1, 1))
    assert recent["Ann"].points == 0 and recent["Dan"].points == 3
    assert recent["Ann"].evenings == 2
    old = rows(service, end=date(2023, 12, 31))
    assert old["Ann"].points == 12 and old["Ann"].evenings == 1
    assert rows(service, date(2025, 1, 1), date(2025, 12, 31)) == {}
    assert [r.rank for r in service.leaderboard()] == [1, 2, 3, 4]


def test_head_to_head(service):
    evening(
        service,
        FOUR,
        "trou-du-cul",
        ["Ann Bob Cat Dan", "Bob Ann Cat Dan", "Ann Cat Dan Bob"],
        date(2024, 1, 5),
    )
    evening(
        service, ["Ann", "Cat", "Dan", "Eve"], "trou-du-cul", ["Cat Ann Dan Eve"], date(2024, 2, 5)
    )
    h = service.head_to_head("ann", "Bob")
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (3, 2, 1, 1)
    h = service.head_to_head("Ann", "Cat")
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (4, 3, 1, 2)
    h = service.head_to_head("Ann", "Cat", start=date(2024, 2, 1))
    assert (h.hands, h.a_ahead, h.b_ahead) == (1, 0, 1)
    assert service.head_to_head("Bob", "Eve").hands == 0


def test_leaderboard_reads_only_the_index(service, tmp_path, monkeypatch):
    """The leaderboard adds up the summaries the store keeps in its index: it never opens an
    evening file."""
    evs = [
        evening(service, FOUR, "pagat", ["Ann Bob Cat Dan", "Cat Ann Bob Dan"], date(2024, 1, d))
        for d in (5, 12)
    ]
    expected = service.leaderboard()
    fresh = TableService(tmp_path / "data")

    def refuse(evening_id):
        raise AssertionError(f"opened {evening_id}")

    monkeypatch.setattr(fresh.repo, "get", refuse)
    assert fresh.leaderboard() == expected
    for ev in evs:
        assert fresh.repo.get_entry(ev.id).summary == summarize(ev).stored()
    assert (
        stats.leaderboard(stats.summaries_of(evs), {p.id: p.name for p in evs[0].players})
        == expected
    )


def test_index_entry_describes_the_evening(service):
    ev = evening(
        service,
        FOUR,
        "pagat",
        ["Ann Bob Cat Dan"],
        date(2024, 1, 5),
        title="Vendredi",
        place="Chez Ann",
    )
    entry = service.repo.get_entry(ev.id)
    assert (entry.date, entry.title, entry.place, entry.hand_count) == (
        "2024-01-05",
        "Vendredi",
        "Chez Ann",
        1,
    )
    assert entry.player_ids == [p.id for p in ev.players]
    assert len(entry.model_dump_json()) < 1500  # small: the index holds ten years of these


def test_summaries_follow_corrections(service):
    ev = evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"], date(2024, 1, 5))
    assert rows(service)["Ann"].points == 2
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    assert rows(service)["Ann"].points == 0 and rows(service)["Dan"].points == 2
    service.undo(ev.id, expected_version=ev.version)
    assert rows(service)["Ann"].points == 2
