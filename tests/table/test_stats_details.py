"""Details of history and head-to-head (companion/table/stats.py), one rule per test."""

from datetime import date

import pytest

from companion.table import stats
from companion.table.evening_summary import SUMMARY_VERSION, EveningSummary, parse, summarize
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def service(tmp_path):
    return TableService(tmp_path / "data")


def evening(service, players, orders, day, preset="trou-du-cul", settings=()):
    ev = service.create_evening(players, preset, day=day, settings=settings)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def ids(ev):
    return {name: pid for pid, name in ev.names().items()}


def test_history_rows_say_when_a_hand_started_reversed(service):
    """Under revolution=quad_persistent, a hand played after a revolution started with the
    order reversed, and the history row says so."""
    ev = service.create_evening(
        FOUR, "trou-du-cul", day=date(2024, 1, 5), settings=["revolution=quad_persistent"]
    )
    ev = service.record_hand(ev.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=ev.version)
    ev = service.record_hand(
        ev.id,
        ["Dan", "Cat", "Bob", "Ann"],
        expected_version=ev.version,
        events=[{"kind": "revolution", "player": "Dan"}],
    )
    ev = service.record_hand(ev.id, ["Ann", "Bob", "Cat", "Dan"], expected_version=ev.version)
    rows = stats.evening_history(ev).hands
    assert [r.reversed_order for r in rows] == [h.result.reversed_order for h in ev.hands]
    assert [r.reversed_order for r in rows] == [False, False, True]


def test_head_to_head_skips_an_evening_outside_the_period_and_reads_on(service):
    """An evening outside the period is left out; the evenings after it still count."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead) == (2, 1, 1)


def test_head_to_head_keeps_to_the_start_of_the_period(service):
    """Evenings before ``start`` are left out of the head-to-head."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 0, 1, 1)


def test_head_to_head_keeps_to_the_end_of_the_period(service):
    """Evenings after ``end`` are left out of the head-to-head."""
    old = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, end=date(2023, 12, 31)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 1, 0, 1)


def test_an_evening_of_even_duels_counts_as_met(service):
    """An evening where each placed above the other as often counts as an evening met."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    h = stats.head_to_head(stats.summaries_of([ev]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (2, 1, 1, 1)


def test_head_to_head_adds_up_over_evenings(service):
    """Hands won by each side add up over every evening both played."""
    one = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    two = evening(service, FOUR, ["Ann Bob Cat Dan", "Ann Cat Bob Dan"], date(2024, 1, 12))
    who = ids(two)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (3, 3, 0, 2)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Bob"], who["Ann"], {})
    assert (h.a_ahead, h.b_ahead) == (0, 3)


def test_head_to_head_shows_names_and_falls_back_on_ids(service):
    """Both players are shown by their names; an id without a name is shown as it is."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    summaries = stats.summaries_of([ev])
    names = {who["Ann"]: "Ann", who["Bob"]: "Bob"}
    h = stats.head_to_head(summaries, who["Ann"], who["Bob"], names)
    assert (h.a_name, h.b_name) == ("Ann", "Bob")
    h = stats.head_to_head(summaries, who["Ann"], who["Bob"], {})
    assert (h.a_name, h.b_name) == (who["Ann"], who["Bob"])


def test_a_period_includes_its_last_day():
    """The end of a period is inclusive; an undated evening is only in the unbounded one."""
    day = date(2024, 1, 5)
    assert stats.in_period(day, date(2024, 1, 1), day)
    assert stats.in_period(day, day, day)
    assert not stats.in_period(None, date(2024, 1, 1), None)
    assert not stats.in_period(None, None, date(2024, 1, 1))
    assert stats.in_period(None, None, None)


def test_a_summary_of_another_version_is_not_trusted(service):
    """Only a summary of this version is used as it is; anything else is recomputed."""
    doc = summarize(evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))).stored()
    assert parse({**doc, "v": SUMMARY_VERSION + 1}) is None
    assert parse(None) is None
    assert parse(doc) is not None


def rows_of(summaries, names=None, start=None, end=None):
    return {r.player_id: r for r in stats.leaderboard(summaries, names or {}, start, end)}


def test_leaderboard_keeps_to_the_period(service):
    """The leaderboard adds up only the evenings of the period, wherever they come in the
    list."""
    a = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    b = evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    c = evening(service, FOUR, ["Cat Ann Bob Dan"], date(2025, 1, 5))
    who = ids(b)
    summaries = stats.summaries_of([a, b, c])
    only_b = rows_of(summaries, start=date(2024, 1, 1), end=date(2024, 12, 31))
    assert only_b[who["Bob"]].president == 1 and only_b[who["Ann"]].president == 0
    assert rows_of(summaries, start=date(2024, 1, 1))[who["Ann"]].president == 0
    assert rows_of(summaries, end=date(2024, 12, 31))[who["Cat"]].president == 0


def test_wins_add_up_over_ended_evenings(service):
    """Each ended evening a player finished on top of counts as one win."""
    evs = [
        evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, d), settings=["hands=1"])
        for d in (5, 6)
    ]
    who = ids(evs[0])
    rows = rows_of(stats.summaries_of(evs))
    assert rows[who["Ann"]].wins == 2 and rows[who["Bob"]].wins == 0


def test_average_position_is_rounded_to_four_places(service):
    """The average position is shown with four decimals."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    rows = rows_of(stats.summaries_of([ev]))
    assert rows[who["Bob"]].avg_position == 0.3333


def test_never_president_has_no_streak(service):
    """A player never Président has a longest streak of 0."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    rows = rows_of(stats.summaries_of([ev]))
    assert rows[who["Bob"]].longest_streak == 0 and rows[who["Ann"]].longest_streak == 1


def summary(ids_, played, pos, points=None):
    """A hand-made index summary: one evening, the fields the leaderboard reads."""
    n = len(ids_)
    return (
        date(2024, 1, 5),
        made(
            scheme="three_two_one",
            ids=ids_,
            points=points or [0] * n,
            played=played,
            pos=pos,
            first=[0] * n,
            last=[0] * n,
            streak=[0] * n,
            winner=None,
        ),
    )


def made(**fields):
    """A summary with these fields (the head-to-head counts zero, nothing else kept)."""
    n = len(fields["ids"])
    return EveningSummary(hands=0, ended=False, ahead=[[0] * n] * n, **fields)


def test_leaderboard_ties_on_points_go_to_the_better_average_position():
    """Equal points: the lower average position (its sum over hands played) ranks first,
    before more hands, first places or evenings."""
    names = {"a": "Ann", "b": "Bob"}

    def order(*summaries):
        return [r.player_id for r in stats.leaderboard(summaries, names)]

    assert order(summary(["a", "b"], [4, 2], [1.0, 1.0])) == ["a", "b"]  # 0.25 before 0.5
    assert order(summary(["b", "a"], [4, 2], [2.0, 0.2])) == ["a", "b"]  # 0.1, fewer hands
    # 0.1 over 10 hands in one evening, before 0.2 over 4 hands in two evenings
    assert order(summary(["a", "b"], [10, 2], [1.0, 0.4]), summary(["b"], [2], [0.4])) == ["a", "b"]


def test_leaderboard_ties_on_points_and_position_go_to_more_hands():
    """Equal points and average position: more hands ranks first (hands, not evenings)."""
    names = {"a": "Ann", "b": "Bob"}
    rows = stats.leaderboard(
        [summary(["a", "b"], [4, 2], [2.0, 1.0]), summary(["b"], [1], [0.5])], names
    )
    assert [(r.player_id, r.hands, r.evenings) for r in rows] == [("a", 4, 1), ("b", 3, 2)]
    rows = stats.leaderboard([summary(["a", "b"], [2, 4], [1.0, 2.0])], names)
    assert [r.player_id for r in rows] == ["b", "a"]


def test_leaderboard_full_ties_go_by_name():
    """Equal in everything, players are listed by name, ignoring case (not by id)."""
    rows = stats.leaderboard([summary(["b", "a"], [1, 1], [0.5, 0.5])], {"a": "zoé", "b": "Anna"})
    assert [r.name for r in rows] == ["Anna", "zoé"]


def test_standings_show_the_titles_of_the_last_hand(service):
    """The standings show each present player's title from the last hand."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    table = stats.standings(ev)
    titles = ev.hands[-1].result.titles
    assert {s.player_id: s.title for s in table} == {p: titles[p] for p in titles}
    assert all(s.title for s in table)


def test_players_who_left_rank_by_score_lowest_first_under_card_penalty(service):
    """Under card_penalty, players who left are ranked below those present, lowest penalty
    first."""
    ev = service.create_evening(
        [*FOUR, "Eve"],
        "trou-du-cul",
        day=date(2024, 7, 1),
        settings=["scoring=card_penalty", "join_leave=true"],
    )
    ev = service.record_hand(
        ev.id,
        [],
        expected_version=ev.version,
        cards_left={"Ann": 0, "Bob": 2, "Cat": 12, "Dan": 1, "Eve": 3},
    )
    for name in ("Cat", "Bob"):
        ev = service.leave(ev.id, name, expected_version=ev.version)
    table = stats.standings(ev)
    assert [s.name for s in table[-2:]] == ["Bob", "Cat"]
    assert [s.total for s in table[-2:]] == [2, 24] and not table[-1].present


def test_a_newcomer_stands_at_zero(service):
    """A player who joined and has played no hand yet stands at 0 points."""
    ev = evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5), preset="pagat")
    ev = service.join(ev.id, "Eve", expected_version=ev.version)
    eve = next(s for s in stats.standings(ev) if s.name == "Eve")
    assert eve.total == 0 and eve.present


def test_a_player_s_scored_evenings_count_only_rules_that_keep_points() -> None:
    """Rule: ``LeaderRow.scored`` counts the evenings a player played under rules that keep
    points; under rules without points (or card penalties) it stays 0."""
    from companion.table.stats import leaderboard

    base = {"ids": ["a"], "points": [0], "played": [1], "winner": "a", "pos": [0.0]}
    base |= {"first": [1], "last": [0], "streak": [1]}
    rows = leaderboard(
        [
            (None, made(**base, scheme="none")),
            (None, made(**base, scheme="card_penalty")),
        ],
        {"a": "Ann"},
    )
    assert rows[0].scored == 0
    rows = leaderboard([(None, made(**base, scheme="top_two"))], {"a": "Ann"})
    assert rows[0].scored == 1


def test_a_leader_row_says_how_high_he_finishes_in_percent():
    """``LeaderRow.height_percent``: 100 always first, 0 always last, from the average
    normalised position; None without a hand (and not a key of the CLI's JSON)."""
    rows = {
        r.player_id: r for r in stats.leaderboard([summary(["a", "b"], [4, 4], [1.0, 3.0])], {})
    }
    assert (rows["a"].height_percent, rows["b"].height_percent) == (75, 25)
    idle = rows["a"].model_copy(update={"avg_position": None})
    assert idle.height_percent is None and "height_percent" not in idle.model_dump()
