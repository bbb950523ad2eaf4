"""Details of the skill rating book (companion/table/ratings.py), one rule per test."""

from datetime import date

from companion.table.evening_summary import EveningSummary
from companion.table.ratings import START, NightInput, RatingBook, night_input, rate_hand


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
