"""The skill rating (openskill Plackett–Luce over each hand's finishing order), kept up to
date incrementally, and the same after any edit as a rating computed from scratch."""

import random
from datetime import date, timedelta

import pytest

from companion.table.evening_summary import EveningSummary
from companion.table.ratings import START, NightInput, RatingBook, night_input, rate_hand
from companion.table.service import TableService

FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def play(service, orders, day, players=FIVE, preset="pagat", **kw):
    ev = service.create_evening(players, preset, day=day, settings=("target=none",), **kw)
    for order in orders:
        ev = service.record_hand(ev.id, order.split(), expected_version=ev.version)
    return ev


def by_name(service):
    names = {p.id: p.name for p in service.players()}
    return {names[r.player_id]: r for r in service.ratings()}


def fresh(service):
    """The same ratings computed by a new service, from nothing (not from the kept book)."""
    other = TableService(repository=service.repo)
    names = {p.id: p.name for p in other.players()}
    return {names[r.player_id]: (r.mu, r.sigma) for r in other.ratings_from_scratch()}


def test_winning_every_hand_rates_highest():
    """The whole finishing order counts: first above second above … last."""
    values = {}
    for _ in range(5):
        values.update(rate_hand(values, ["a", "b", "c", "d", "e"]))
    mus = [values[p][0] for p in "abcde"]
    assert mus == sorted(mus, reverse=True) and mus[0] > START[0] > mus[-1]


def test_uncertainty_shrinks_with_hands():
    """A player's rating uncertainty shrinks as he plays more hands."""
    values = rate_hand({}, ["a", "b", "c"])
    once = values["a"][1]
    for _ in range(10):
        values.update(rate_hand(values, ["b", "a", "c"]))
    assert START[1] > once > values["a"][1]


def test_second_place_is_worth_more_than_last():
    """Plackett–Luce uses every place, not just the winner's: 2nd of 5 gains over 5th."""
    after = rate_hand({}, ["a", "b", "c", "d", "e"])
    assert after["b"][0] > after["e"][0]


def test_ratings_rank_by_conservative_estimate(service):
    """A newcomer with one lucky hand stays below a player with a long record of wins."""
    play(service, ["Ann Bob Cat Dan Eve"] * 12, date(2026, 11, 1))
    play(service, ["Zed Bob Cat Dan Eve"], date(2026, 11, 8), players=["Zed", *FIVE[1:]])
    rows = by_name(service)
    assert rows["Ann"].rank == 1
    assert rows["Zed"].mu - 3 * rows["Zed"].sigma == pytest.approx(rows["Zed"].ordinal, abs=1e-2)
    assert rows["Zed"].sigma > rows["Ann"].sigma
    assert (rows["Ann"].hands, rows["Ann"].evenings) == (12, 1)


def test_rating_moves_over_time(service):
    """One point per evening played, oldest first."""
    play(service, ["Bob Ann Cat Dan Eve"] * 3, date(2026, 11, 1))
    play(service, ["Ann Bob Cat Dan Eve"] * 3, date(2026, 11, 8))
    history = service.rating_history("Ann")
    assert [p.date for p in history] == [date(2026, 11, 1), date(2026, 11, 8)]
    assert history[1].mu > history[0].mu


def test_recording_a_hand_replays_only_that_hand(service):
    """With the book in use, a new hand of tonight's evening rates one hand, not the past."""
    play(service, ["Bob Ann Cat Dan Eve"] * 10, date(2026, 11, 1))
    ev = play(service, ["Ann Bob Cat Dan Eve"] * 4, date(2026, 11, 8))
    service.ratings()
    service.record_hand(ev.id, ["Cat", "Ann", "Bob", "Dan", "Eve"], expected_version=ev.version)
    assert service._book.replayed_hands == 1
    assert {k: (r.mu, r.sigma) for k, r in by_name(service).items()} == fresh(service)


def test_edit_in_the_middle_of_an_evening_recomputes_what_follows(service):
    """Editing hand 2 of 4 replays hands 2 to 4 and every later evening; the result is the
    same as computing from scratch, and different from before the edit."""
    first = play(service, ["Bob Ann Cat Dan Eve"] * 4, date(2026, 11, 1))
    play(service, ["Ann Bob Cat Dan Eve"] * 3, date(2026, 11, 8))
    before = {k: (r.mu, r.sigma) for k, r in by_name(service).items()}
    ev = service.evening(first.id)
    service.edit_hand(
        ev.id, 2, order=["Eve", "Dan", "Cat", "Bob", "Ann"], expected_version=ev.version
    )
    assert service._book.replayed_hands == 3 + 3
    after = {k: (r.mu, r.sigma) for k, r in by_name(service).items()}
    assert after == fresh(service)
    assert after["Eve"][0] > before["Eve"][0]


def test_deleting_a_hand_and_undoing_it_restores_the_ratings(service):
    """Deleting a hand gives the ratings computed without it, and undoing the deletion restores
    them."""
    ev = play(
        service,
        ["Bob Ann Cat Dan Eve", "Ann Bob Cat Dan Eve", "Eve Bob Cat Dan Ann"],
        date(2026, 11, 1),
    )
    before = {k: (r.mu, r.sigma) for k, r in by_name(service).items()}
    ev = service.delete_hand(ev.id, 2, expected_version=ev.version)
    assert by_name(service)["Ann"].hands == 2
    assert {k: (r.mu, r.sigma) for k, r in by_name(service).items()} == fresh(service)
    service.undo(ev.id, expected_version=ev.version)
    assert {k: (r.mu, r.sigma) for k, r in by_name(service).items()} == before


def test_backdated_evening_is_rated_in_date_order(service):
    """An evening entered later but dated earlier is rated before the ones after it."""
    play(service, ["Ann Bob Cat Dan Eve"] * 3, date(2026, 11, 8))
    service.ratings()
    play(service, ["Eve Dan Cat Bob Ann"] * 3, date(2026, 11, 1))
    assert by_name(service) and {k: (r.mu, r.sigma) for k, r in by_name(service).items()} == fresh(
        service
    )
    assert [p.date for p in service.rating_history("Ann")] == [date(2026, 11, 1), date(2026, 11, 8)]


def test_book_matches_a_full_replay_after_random_changes():
    """Seeded random edits, inserts and deletions anywhere: the incremental book always
    equals a book computed from nothing."""
    rng = random.Random(11)
    players = [f"p{i}" for i in range(7)]
    nights = []
    for n in range(12):
        hands = tuple(tuple(rng.sample(players, 5)) for _ in range(rng.randint(1, 6)))
        nights.append(NightInput(f"e{n}", date(2026, 1, 1) + timedelta(days=7 * n), "", hands))
    book = RatingBook()
    book.update(nights)
    for _ in range(30):
        i = rng.randrange(len(nights))
        action = rng.choice(["edit", "add-hand", "drop-hand", "drop-evening", "new-evening"])
        n = nights[i]
        if action == "edit" and n.rankings:
            k = rng.randrange(len(n.rankings))
            hands = list(n.rankings)
            hands[k] = tuple(rng.sample(players, 5))
            nights[i] = NightInput(n.evening_id, n.day, n.start, tuple(hands))
        elif action == "add-hand":
            nights[i] = NightInput(
                n.evening_id, n.day, n.start, (*n.rankings, tuple(rng.sample(players, 4)))
            )
        elif action == "drop-hand" and n.rankings:
            nights[i] = NightInput(n.evening_id, n.day, n.start, n.rankings[:-1])
        elif action == "drop-evening" and len(nights) > 2:
            del nights[i]
        else:
            day = date(2026, 1, 1) + timedelta(days=rng.randrange(100))
            nights.append(NightInput(f"x{_}", day, "", (tuple(rng.sample(players, 5)),)))
        book.update(nights)
        scratch = RatingBook()
        scratch.update(nights)
        assert book.ratings() == scratch.ratings()


def test_recording_with_ratings_in_use_reads_no_other_summary(service, monkeypatch):
    """While nothing else changed the folder, a hand recorded by this service is rated from
    its own evening's new summary: the index is not scanned again."""
    day = date(2026, 1, 1)
    for n in range(3):
        play(service, ["Ann Bob Cat Dan Eve"], day + timedelta(days=7 * n))
    ev = play(service, ["Eve Dan Cat Bob Ann"], day + timedelta(days=21))
    service.ratings()
    scans: list[object] = []
    real = service._indexed

    def counting(*args):
        scans.append(args)
        return real(*args)

    monkeypatch.setattr(service, "_indexed", counting)
    ev = service.record_hand(
        ev.id, ["Bob", "Ann", "Cat", "Dan", "Eve"], expected_version=ev.version
    )
    assert service._book.replayed_hands == 1
    rated = {r.player_id: (r.mu, r.sigma) for r in service.ratings()}
    assert scans == []
    names = {p.id: p.name for p in service.players()}
    assert {names[p]: v for p, v in rated.items()} == fresh(service)


def test_a_change_from_another_process_is_rated_too(service, tmp_path):
    """An evening another process recorded meanwhile is in the ratings this one updates
    when it records a hand of its own."""
    day = date(2026, 1, 1)
    ev = play(service, ["Ann Bob Cat Dan Eve"], day)
    service.ratings()
    other = TableService(tmp_path / "data")  # same folder, another service (process)
    play(other, ["Eve Dan Cat Bob Ann"] * 3, day - timedelta(days=7))
    service.record_hand(ev.id, ["Eve", "Ann", "Cat", "Bob", "Dan"], expected_version=ev.version)
    assert by_name(service)["Eve"].hands == 5
    assert {n: (r.mu, r.sigma) for n, r in by_name(service).items()} == fresh(service)


def test_a_newcomer_s_short_streak_ranks_below_a_steady_regular(tmp_path) -> None:
    """Rule (ratings.py): the ranking is by the conservative rating, mu − 3 sigma, not by
    mu. A newcomer who won his four hands has the higher mu, but the regular who won half
    of forty hands is the surer player, and ranks first."""
    import random
    from datetime import date, timedelta

    from companion.table.service import TableService

    service = TableService(tmp_path)
    rng = random.Random(1)
    regulars = ["Ann", "Bob", "Cat", "Dan"]
    for week in range(4):
        ev = service.create_evening(
            regulars, "classique", day=date(2026, 1, 1) + timedelta(weeks=week)
        )
        for hand in range(10):
            order = (
                ["Ann", *rng.sample(regulars[1:], 3)] if hand % 2 == 0 else rng.sample(regulars, 4)
            )
            ev = service.record_hand(ev.id, order, expected_version=ev.version)
    ev = service.create_evening(["Neo", "Bob", "Cat", "Dan"], "classique", day=date(2026, 2, 1))
    for _ in range(4):
        ev = service.record_hand(
            ev.id, ["Neo", *rng.sample(["Bob", "Cat", "Dan"], 3)], expected_version=ev.version
        )
    names = {p.id: p.name for p in service.repo.get_players()}
    by_name = {names[r.player_id]: r for r in service.ratings()}
    ann, neo = by_name["Ann"], by_name["Neo"]
    assert neo.mu > ann.mu  # ranked by mu alone, the newcomer would lead
    assert neo.ordinal < ann.ordinal
    assert (ann.rank, neo.rank) == (1, 2)


def night(evening_id, day, *rankings, start="2024-01-01T20:00:00"):
    return NightInput(evening_id, day, start, tuple(tuple(r.split()) for r in rankings))


def from_scratch(nights):
    book = RatingBook()
    book.update(nights)
    return book


def test_a_summary_gives_its_start_time_to_the_ratings():
    """An evening's start time comes from its summary (it orders evenings of one day); a
    summary without one gives an empty start."""
    summary = two(rankings=[[1, 0]], start="2024-01-05T20:15:00+00:00")
    n = night_input("ev1", date(2024, 1, 5), summary, {})
    assert n.start == "2024-01-05T20:15:00+00:00"
    assert n.rankings == (("b", "a"),)
    bare = night_input("ev2", date(2024, 1, 5), two(rankings=[]), {})
    assert bare.start == ""


def two(**fields):
    """A summary of players a and b with these fields (nothing else counted)."""
    zeros = [0, 0]
    lists = {k: zeros for k in ("points", "played", "pos", "first", "last", "streak")}
    return EveningSummary(
        scheme="top_two",
        hands=0,
        ended=False,
        ids=["a", "b"],
        ahead=[zeros, zeros],
        **lists,
        **fields,
    )


def test_an_undated_evening_comes_first():
    """An evening without a date sorts before every dated one (its day is empty)."""
    undated = night("ev1", None, "a b")
    assert undated.key == ("", undated.start, "ev1")
    dated = night("ev0", date(2024, 1, 5), "b a")
    assert sorted([dated, undated], key=lambda n: n.key) == [undated, dated]


def test_a_hand_of_two_is_rated():
    """Two players are enough for a hand to move ratings; one is not."""
    after = rate_hand({}, ["a", "b"])
    assert set(after) == {"a", "b"} and after["a"][0] > after["b"][0]
    assert rate_hand({}, ["a", "a"]) == {}


def test_a_new_book_has_rated_nobody():
    """A book that has seen no evening rates nobody, replayed nothing, and gives the
    starting value to anyone."""
    book = RatingBook()
    assert book.ratings() == [] and book.replayed_hands == 0
    assert book.value("anyone") == START


def test_value_is_the_current_rating():
    """A rated player's value is his rating now; anyone else starts at the start."""
    book = from_scratch([night("ev1", date(2024, 1, 5), "a b c")])
    (top,) = book.ratings(["a"])
    assert book.value("a") != START
    assert (round(book.value("a")[0], 3), round(book.value("a")[1], 3)) == (top.mu, top.sigma)
    assert book.value("z") == START


def test_ratings_are_rounded_to_three_decimals():
    """Shown ratings are rounded to three decimals: mu, sigma and mu − 3 sigma."""
    book = from_scratch([night("ev1", date(2024, 1, 5), "a b c", "b a c")])
    for r in book.ratings():
        mu, sigma = book.value(r.player_id)
        assert (r.mu, r.sigma, r.ordinal) == (
            round(mu, 3),
            round(sigma, 3),
            round(mu - 3 * sigma, 3),
        )


def test_history_is_rounded_to_three_decimals():
    """A player's history points are rounded to three decimals too."""
    book = from_scratch([night("ev1", date(2024, 1, 5), "a b c", "b a c")])
    (point,) = book.history("a")
    mu, sigma = book.value("a")
    assert (point.mu, point.sigma) == (round(mu, 3), round(sigma, 3))
    assert isinstance(point.mu, float) and point.mu != round(mu)


def test_history_skips_the_evenings_a_player_missed():
    """A player's history has a point only for the evenings he played."""
    book = from_scratch(
        [
            night("ev1", date(2024, 1, 5), "b c"),
            night("ev2", date(2024, 1, 6), "a b c"),
            night("ev3", date(2024, 1, 7), "b c"),
        ]
    )
    assert [p.evening_id for p in book.history("a")] == ["ev2"]
    assert [p.evening_id for p in book.history("b")] == ["ev1", "ev2", "ev3"]


def test_evenings_count_each_evening_once():
    """A player's evenings count every evening he played, once each."""
    book = from_scratch(
        [
            night("ev1", date(2024, 1, 5), "a b", "b a"),
            night("ev2", date(2024, 1, 6), "a b c"),
        ]
    )
    counts = {r.player_id: (r.hands, r.evenings) for r in book.ratings()}
    assert counts == {"a": (3, 2), "b": (3, 2), "c": (1, 1)}


def test_ratings_of_some_players_only():
    """Asked for some players, the book rates only those it knows among them."""
    book = from_scratch([night("ev1", date(2024, 1, 5), "a b c")])
    assert [r.player_id for r in book.ratings(["c", "a", "ghost"])] == ["a", "c"]
    assert [r.rank for r in book.ratings(["c", "a"])] == [1, 2]


def test_removing_the_last_evening_takes_its_ratings_back():
    """When the newest evening goes, the ratings are those before it."""
    one = night("ev1", date(2024, 1, 5), "a b c")
    two = night("ev2", date(2024, 1, 6), "c b a")
    book = from_scratch([one, two])
    book.update([one])
    assert book.ratings() == from_scratch([one]).ratings()


def test_the_same_evenings_again_replay_nothing():
    """Evenings equal to those rated (even as new objects) replay no hand."""
    book = from_scratch([night("ev1", date(2024, 1, 5), "a b c", "b a c")])
    book.update([night("ev1", date(2024, 1, 5), "a b c", "b a c")])
    assert book.replayed_hands == 0
