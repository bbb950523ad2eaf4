"""History and rankings: per evening hand by hand, the leaderboard and head-to-head over all
evenings or a period (the commands are in tests/cli/test_history_cli.py)."""

from datetime import date

import pytest

from companion.table import stats
from companion.table.evening_summary import SUMMARY_VERSION, EveningSummary, parse, summarize
from companion.table.service import TableService

FOUR = ["Ann", "Bob", "Cat", "Dan"]


def evening(service, players, preset, orders, day, settings=(), **kw):
    ev = service.create_evening(players, preset, day=day, settings=settings, **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def rows(service, start=None, end=None):
    return {r.name: r for r in service.leaderboard(start, end)}


def test_evening_history_hand_by_hand(service):
    """An evening's history lists every hand with the points it gave, the running totals and the
    titles it made, then the standings by total, with the evening's place and scoring scheme."""
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
    """A player who left stays in the evening's standings with the points he earned, marked away and
    without a title; the places still run from 1 over everyone."""
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
    """A player's longest run as Président is counted within one evening, not across evenings; his
    times Président add up over all evenings."""
    evening(
        service,
        FOUR,
        "pagat",
        [
            "Ann Bob Cat Dan",
            "Ann Cat Bob Dan",
            "Bob Ann Dan Cat",
            "Ann Bob Cat Dan",
            "Ann Bob Cat Dan",
        ],
        date(2024, 1, 5),
        settings=["target=none"],
    )
    # Ann ends the first evening and starts the second as Président: 4 across the two.
    evening(service, FOUR, "pagat", ["Ann Bob Cat Dan", "Ann Bob Cat Dan"], date(2024, 1, 12))
    r = rows(service)
    assert r["Ann"].longest_streak == 2 and r["Bob"].longest_streak == 1
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
    """Head to head counts the hands two players both played, how often each finished ahead of the
    other, and the evenings they shared; names match in any case, a period limits the hands, and
    players who never met share no hands."""
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
    """An evening's index entry holds its date, title, place, hand count and player ids, and stays
    small (under 1500 characters of JSON)."""
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
    """The leaderboard follows corrections: editing a hand's order changes the points counted, and
    undoing the edit restores them."""
    ev = evening(service, FOUR, "pagat", ["Ann Bob Cat Dan"], date(2024, 1, 5))
    assert rows(service)["Ann"].points == 2
    ev = service.edit_hand(
        ev.id, 1, order=["Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    assert rows(service)["Ann"].points == 0 and rows(service)["Dan"].points == 2
    service.undo(ev.id, expected_version=ev.version)
    assert rows(service)["Ann"].points == 2


def played_evening(service, players, orders, day, preset="trou-du-cul", settings=()):
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
    old = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = played_evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead) == (2, 1, 1)


def test_head_to_head_keeps_to_the_start_of_the_period(service):
    """Evenings before ``start`` are left out of the head-to-head."""
    old = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = played_evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, start=date(2024, 1, 1)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 0, 1, 1)


def test_head_to_head_keeps_to_the_end_of_the_period(service):
    """Evenings after ``end`` are left out of the head-to-head."""
    old = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    new = played_evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(new)
    h = stats.head_to_head(
        stats.summaries_of([old, new]), who["Ann"], who["Bob"], {}, end=date(2023, 12, 31)
    )
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (1, 1, 0, 1)


def test_an_evening_of_even_duels_counts_as_met(service):
    """An evening where each placed above the other as often counts as an evening met."""
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    h = stats.head_to_head(stats.summaries_of([ev]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (2, 1, 1, 1)


def test_head_to_head_adds_up_over_evenings(service):
    """Hands won by each side add up over every evening both played."""
    one = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    two = played_evening(service, FOUR, ["Ann Bob Cat Dan", "Ann Cat Bob Dan"], date(2024, 1, 12))
    who = ids(two)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Ann"], who["Bob"], {})
    assert (h.hands, h.a_ahead, h.b_ahead, h.evenings) == (3, 3, 0, 2)
    h = stats.head_to_head(stats.summaries_of([one, two]), who["Bob"], who["Ann"], {})
    assert (h.a_ahead, h.b_ahead) == (0, 3)


def test_head_to_head_shows_names_and_falls_back_on_ids(service):
    """Both players are shown by their names; an id without a name is shown as it is."""
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
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
    doc = summarize(played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))).stored()
    assert parse({**doc, "v": SUMMARY_VERSION + 1}) is None
    assert parse(None) is None
    assert parse(doc) is not None


def rows_of(summaries, names=None, start=None, end=None):
    return {r.player_id: r for r in stats.leaderboard(summaries, names or {}, start, end)}


def test_leaderboard_keeps_to_the_period(service):
    """The leaderboard adds up only the evenings of the period, wherever they come in the
    list."""
    a = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2023, 1, 5))
    b = played_evening(service, FOUR, ["Bob Ann Cat Dan"], date(2024, 1, 5))
    c = played_evening(service, FOUR, ["Cat Ann Bob Dan"], date(2025, 1, 5))
    who = ids(b)
    summaries = stats.summaries_of([a, b, c])
    only_b = rows_of(summaries, start=date(2024, 1, 1), end=date(2024, 12, 31))
    assert only_b[who["Bob"]].president == 1 and only_b[who["Ann"]].president == 0
    assert rows_of(summaries, start=date(2024, 1, 1))[who["Ann"]].president == 0
    assert rows_of(summaries, end=date(2024, 12, 31))[who["Cat"]].president == 0


def test_wins_add_up_over_ended_evenings(service):
    """Each ended evening a player finished on top of counts as one win."""
    evs = [
        played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, d), settings=["hands=1"])
        for d in (5, 6)
    ]
    who = ids(evs[0])
    rows = rows_of(stats.summaries_of(evs))
    assert rows[who["Ann"]].wins == 2 and rows[who["Bob"]].wins == 0


def test_average_position_is_rounded_to_four_places(service):
    """The average position is shown with four decimals."""
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
    who = ids(ev)
    rows = rows_of(stats.summaries_of([ev]))
    assert rows[who["Bob"]].avg_position == 0.3333


def test_never_president_has_no_streak(service):
    """A player never Président has a longest streak of 0."""
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5))
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
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan", "Bob Ann Cat Dan"], date(2024, 1, 5))
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
    ev = played_evening(service, FOUR, ["Ann Bob Cat Dan"], date(2024, 1, 5), preset="pagat")
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
