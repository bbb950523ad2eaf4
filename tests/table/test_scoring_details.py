"""Scoring rules that scoring.py's mutation run showed untested: one rule per test.

Together they kill the mutants of `companion/table/scoring.py` that survived
`python scripts/mutation.py --module companion/table/scoring.py` (docs/reliability.md,
"Mutation testing").
"""

from companion.table import scoring


def test_a_hand_count_does_not_end_a_target_evening() -> None:
    """Under the "target" end rule, a number of hands left in the settings is ignored."""
    assert not scoring.end_reached("target", 11, 5, {"a": 3, "b": 0}, 9)


def test_a_target_does_not_end_a_fixed_number_of_hands() -> None:
    """Under the "hands" end rule, a target left in the settings is ignored."""
    assert not scoring.end_reached("hands", 11, 10, {"a": 30, "b": 0}, 4)


def test_an_open_evening_never_ends_on_target_or_hands() -> None:
    """Under the "open" end rule neither a target nor a hand count ends the evening."""
    assert not scoring.end_reached("open", 11, 5, {"a": 30}, 9)


def test_a_player_without_a_card_count_scores_no_penalty() -> None:
    """card_penalty: a player whose cards left were not counted (out first) scores 0."""
    points = scoring.hand_points("card_penalty", ["a", "b"], cards_left={"b": 4})
    assert points == {"a": 0, "b": 4}


def test_a_player_without_points_yet_counts_as_zero_in_the_standings() -> None:
    """A player missing from the totals (no hand scored yet) ranks as 0 points, below 1."""
    assert scoring.standings({"a": 1}, ["b", "a"], "top_two") == ["a", "b"]


def test_top_two_gives_nothing_to_the_last_even_when_second() -> None:
    """top_two: the last player scores 0, even at two players where he is also second."""
    assert scoring.place_points("top_two", 2) == [2, 0]
    assert scoring.place_points("top_two", 3) == [2, 1, 0]


def test_a_putsch_changes_no_card_penalty_total() -> None:
    """The putsch bonus applies to schemes that count places, never to card_penalty."""
    assert scoring.putsch_adjustment("card_penalty", ("a", True)) == 0
    assert scoring.putsch_adjustment("card_penalty", ("a", False)) == 0
