"""The evening summary the table layer keeps in the store's index (``evening_summary``): the
JSON it writes, summaries already on disk read back, and what it says of each player."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

from companion.table.evening import Evening, HandStep, JoinStep, PlayerProfile, derive
from companion.table.evening_summary import SCORE_FIELDS, EveningSummary, parse, summarize

IDS = ["p0", "p1", "p2", "p3"]

# An evening's summary as the index stored it before the summary was a model (written by
# ``stats.evening_summary`` of commit aa55535 for ``evening()`` below), byte for byte.
STORED = (
    '{"v": 1, "scheme": "n_minus_rank", "hands": 2, "ended": false, "ids": ["p2", "p0", "p1", '
    '"p3"], "leader": "p3", "winner": null, "points": [2, 2, 2, 3], "played": [2, 2, 2, 1], '
    '"pos": [1.0, 1.166667, 1.333333, 0.0], "first": [1, 0, 0, 1], "last": [1, 0, 1, 0], '
    '"streak": [1, 0, 0, 1], "ahead": [[0, 1, 1, 0], [1, 0, 1, 0], [1, 1, 0, 0], [1, 1, 1, 0]], '
    '"start": "2026-11-20T20:15:00+00:00", "preset": "trou-du-cul", "rankings": [[0, 1, 2], '
    '[3, 2, 1, 0]], "place_sum": [5, 5, 5, 1], "size_sum": [7, 7, 7, 4]}'
)


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


def test_the_stored_json_is_the_same_as_before_the_model() -> None:
    """What the store keeps of an evening is, key for key and byte for byte, what the index
    held before the summary became a model: older apps keep reading it."""
    assert json.dumps(summarize(evening()).stored()) == STORED


def test_a_summary_already_on_disk_parses() -> None:
    """A summary read from an existing index parses into the model, and says the same."""
    parsed = parse(json.loads(STORED))
    assert parsed == summarize(evening())
    assert parsed is not None and parsed.complete and parsed.top == "p3"


def test_a_summary_from_before_the_score_fields_parses_as_incomplete() -> None:
    """A summary written before the score fields still parses; lacking any of them, it is
    not complete (the service computes it again from the evening)."""
    for key in SCORE_FIELDS:
        old = {k: v for k, v in json.loads(STORED).items() if k != key}
        parsed = parse(old)
        assert parsed is not None and not parsed.complete


def test_what_this_version_does_not_read_is_none() -> None:
    """Another version, no summary, or per-player lists not aligned on the players: None."""
    doc = json.loads(STORED)
    assert parse({**doc, "v": 2}) is None
    assert parse(None) is None and parse([]) is None
    assert parse({**doc, "points": [1, 2]}) is None
    assert parse({**doc, "rankings": [[0, 9]]}) is None


def test_keys_a_newer_app_added_are_ignored() -> None:
    """A key this version does not know (a newer app wrote it) does not stop the reading."""
    assert parse({**json.loads(STORED), "later": [1]}) == summarize(evening())


def test_score_fields_sum_places_and_table_sizes_per_player() -> None:
    """Each hand's places as indexes into ``ids``; per player the sum of his 1-based places
    and of the sizes of the tables he played at; the start and the rules."""
    s = summarize(evening())
    # The finishing orders as entered: p2 p0 p1, then p3 p1 p0 p2 (ids by first appearance).
    assert s.ids == ("p2", "p0", "p1", "p3")
    assert s.ranking_ids() == (("p2", "p0", "p1"), ("p3", "p1", "p0", "p2"))
    assert s.place_sum == (1 + 4, 2 + 3, 3 + 2, 1)
    assert s.size_sum == (3 + 4, 3 + 4, 3 + 4, 4)
    assert (s.start, s.preset) == ("2026-11-20T20:15:00+00:00", "trou-du-cul")


def test_a_players_night_gives_his_means() -> None:
    """A player's evening: his mean place, table size and normalised position (and how high
    he finished, 1 always first), computed once here for every screen."""
    night = summarize(evening()).night("p0")
    assert night is not None
    assert (night.hands, night.place, night.table) == (2, 2.5, 3.5)
    assert night.position is not None and abs(night.position - (0.5 + 2 / 3) / 2) < 1e-6
    assert night.height == round(1 - night.position, 4)
    assert summarize(evening()).night("nobody") is None


def test_a_summary_of_merged_players_only_counts_them_as_their_targets() -> None:
    """Every player merged: all are counted as their targets, and so are the evening's
    leader and winner; the summary itself is not changed."""
    s = summarize(evening())
    out = s.aliased({"p3": "ana", "p0": "bob"})
    assert out.ids == ("p2", "bob", "p1", "ana")
    assert (out.leader, out.winner) == ("ana", None)
    assert out.points == s.points and s.ids[3] == "p3"


def test_the_nights_of_a_merged_summary_are_of_the_targets() -> None:
    """Everyone's evening asked of the summary first, then of its merged copy: the copy's
    are under the targets' ids (not those the summary kept)."""
    s = summarize(evening())
    assert [n.player_id for n in s.nights()] == ["p2", "p0", "p1", "p3"]
    out = s.aliased({"p3": "ana"})
    assert [n.player_id for n in out.nights()] == ["p2", "p0", "p1", "ana"]
    assert out.night("ana") is not None and out.night("p3") is None


def test_a_summary_without_merged_players_is_left_as_it_is() -> None:
    """Nobody of the evening merged: the same summary, not a copy."""
    s = summarize(evening())
    assert s.aliased({"cleo": "ana"}) is s


def test_the_model_is_the_one_a_store_summary_becomes() -> None:
    """``parse`` of a model is the model (the service may hold either)."""
    s = summarize(evening())
    assert parse(s) is s and isinstance(s, EveningSummary)


def test_a_negative_index_in_a_ranking_is_refused() -> None:
    """A ranking's index below 0 names nobody (Python would read it from the end)."""
    assert parse({**json.loads(STORED), "rankings": [[0, -1]]}) is None


def test_a_table_of_hands_ahead_that_is_not_square_is_refused() -> None:
    """``ahead`` has a row per player and a column per player: a short row, or a row too
    many, is a damaged summary (None: computed again from the evening)."""
    doc = json.loads(STORED)
    short = [row[:3] for row in doc["ahead"]]
    assert parse({**doc, "ahead": short}) is None
    assert parse({**doc, "ahead": [*doc["ahead"], [0, 0, 0, 0]]}) is None
    assert parse({**doc, "ahead": [*doc["ahead"][:3], [0, 0, 0, 0, 0]]}) is None


def test_place_and_size_sums_not_aligned_on_the_players_are_refused() -> None:
    """The optional per-player sums, when present, have one number per player too."""
    doc = json.loads(STORED)
    assert parse({**doc, "place_sum": [5, 5, 5]}) is None
    assert parse({**doc, "size_sum": [7, 7, 7, 4, 4]}) is None
    assert parse({**doc, "streak": []}) is None


def test_a_ranking_index_equal_to_the_player_count_is_refused() -> None:
    """Indexes run from 0 to one less than the players: the count itself names nobody,
    in any hand (not only the first)."""
    doc = json.loads(STORED)
    assert parse({**doc, "rankings": [[0, 1, 2], [3, 2, 1, 4]]}) is None
    assert parse({**doc, "rankings": [[0, 1, 2], [3, 2, 1, 3]]}) is not None


def test_rankings_without_any_index_read_as_they_did() -> None:
    """No hand, or hands whose rankings are empty, name no player wrongly: they parse, as
    they did before the check was made cheaper."""
    doc = json.loads(STORED)
    for rankings in ([], [[]], [[], []]):
        parsed = parse({**doc, "rankings": rankings})
        assert parsed is not None and parsed.rankings == tuple(tuple(r) for r in rankings)
